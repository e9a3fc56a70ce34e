#include "undomaskcommand.h"

#include "attentionmodel.h"


namespace attnlens {

namespace {

/// An absent mask allows every key.
Mask effective(const std::optional<Mask> &mask, Index queryCount, Index keyCount)
{
    return mask ? *mask : Mask::Constant(queryCount, keyCount, true);
}

} // namespace

UndoMaskCommand::UndoMaskCommand(AttentionModel *model, UndoRecorder *recorder,
                                 const QString &text, const std::optional<Mask> &before,
                                 const std::optional<Mask> &after, Index queryCount,
                                 Index keyCount, QUndoCommand *parent)
    : UndoModelCommand(model, recorder, text, parent)
    , m_beforePresent(before.has_value())
    , m_afterPresent(after.has_value())
{
    const Mask from = effective(before, queryCount, keyCount);
    const Mask to = effective(after, queryCount, keyCount);
    Q_ASSERT(from.rows() == to.rows() && from.cols() == to.cols());
    for (Index i = 0; i < from.size(); ++i)
        m_changedCount += from.data()[i] != to.data()[i];
    // A cell entry is 16 bytes, two whole masks two bytes a cell.
    if (Index(m_changedCount) * Index(sizeof(Cell)) > 2 * from.size()) {
        m_wholeBefore = from;
        m_wholeAfter = to;
        return;
    }
    m_cells.reserve(size_t(m_changedCount));
    for (Index i = 0; i < from.size(); ++i) {
        if (from.data()[i] != to.data()[i])
            m_cells.push_back({i, from.data()[i], to.data()[i]});
    }
}

void UndoMaskCommand::applyBefore()
{
    apply(m_beforePresent, false);
}

void UndoMaskCommand::applyAfter()
{
    apply(m_afterPresent, true);
}

void UndoMaskCommand::apply(bool present, bool after)
{
    if (!present) {
        model()->setMask(std::nullopt);
        return;
    }
    if (m_wholeAfter) {
        model()->setMask(after ? *m_wholeAfter : *m_wholeBefore);
        return;
    }
    const Scenario &scenario = model()->scenario();
    Mask mask = effective(scenario.allowed, scenario.queryCount(), scenario.keyCount());
    for (const Cell &cell : m_cells)
        mask.data()[cell.index] = after ? cell.after : cell.before;
    model()->setMask(mask);
}

} // namespace attnlens
