#include "undomaskcommand.h"

#include "attentionmodel.h"

#include <QCoreApplication>

#include <algorithm>

namespace attnlens {

namespace {

/// An absent mask allows every key.
Mask effective(const std::optional<Mask> &mask, Index queryCount, Index keyCount)
{
    return mask ? *mask : Mask::Constant(queryCount, keyCount, true);
}

} // namespace

UndoMaskCommand::UndoMaskCommand(AttentionModel *model, UndoRecorder *recorder,
                                 const QString &text, quint64 gesture,
                                 const std::optional<Mask> &before,
                                 const std::optional<Mask> &after, Index queryCount,
                                 Index keyCount)
    : UndoModelCommand(model, recorder, text, gesture)
    , m_beforePresent(before.has_value())
    , m_afterPresent(after.has_value())
{
    const Mask from = effective(before, queryCount, keyCount);
    const Mask to = effective(after, queryCount, keyCount);
    Q_ASSERT(from.rows() == to.rows() && from.cols() == to.cols());
    for (Index i = 0; i < from.size(); ++i) {
        if (from.data()[i] != to.data()[i])
            m_cells.push_back({i, from.data()[i], to.data()[i]});
    }
    updateObsolete();
}

bool UndoMaskCommand::mergeWith(const QUndoCommand *other)
{
    if (!isSameGesture(other))
        return false;
    const auto *later = static_cast<const UndoMaskCommand *>(other);
    std::vector<Cell> merged;
    merged.reserve(m_cells.size() + later->m_cells.size());
    auto mine = m_cells.cbegin();
    auto theirs = later->m_cells.cbegin();
    while (mine != m_cells.cend() || theirs != later->m_cells.cend()) {
        if (theirs == later->m_cells.cend() || (mine != m_cells.cend() && mine->index < theirs->index)) {
            merged.push_back(*mine++);
        } else if (mine == m_cells.cend() || theirs->index < mine->index) {
            merged.push_back(*theirs++);
        } else {
            // Changed twice: from this command's before to the later command's after.
            if (mine->before != theirs->after)
                merged.push_back({mine->index, mine->before, theirs->after});
            ++mine;
            ++theirs;
        }
    }
    m_cells = std::move(merged);
    m_afterPresent = later->m_afterPresent;
    if (m_cells.size() > 1) {
        setText(QCoreApplication::translate("attnlens::UndoMaskCommand", "Paint mask (%1 cells)")
                    .arg(m_cells.size()));
    }
    updateObsolete();
    return true;
}

void UndoMaskCommand::updateObsolete()
{
    setObsolete(m_cells.empty() && m_beforePresent == m_afterPresent);
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
    const Scenario &scenario = model()->scenario();
    Mask mask = effective(scenario.allowed, scenario.queryCount(), scenario.keyCount());
    for (const Cell &cell : m_cells)
        mask.data()[cell.index] = after ? cell.after : cell.before;
    model()->setMask(mask);
}

} // namespace attnlens
