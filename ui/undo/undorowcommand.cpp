#include "undorowcommand.h"

#include "attentionmodel.h"
#include "scenario.h"

namespace attnlens {

UndoRowCommand::UndoRowCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                               quint64 gesture, Part part, Index row,
                               const Eigen::RowVectorXd &before, const Eigen::RowVectorXd &after)
    : UndoModelCommand(model, recorder, text, gesture)
    , m_part(part)
    , m_row(row)
    , m_before(before)
    , m_after(after)
{
    updateObsolete();
}

bool UndoRowCommand::mergeWith(const QUndoCommand *other)
{
    if (!isSameGesture(other))
        return false;
    const auto *row = static_cast<const UndoRowCommand *>(other);
    if (row->part() != m_part || row->row() != m_row)
        return false;
    m_after = row->after();
    // A drag that ends where it began leaves nothing to undo.
    updateObsolete();
    return true;
}

void UndoRowCommand::updateObsolete()
{
    setObsolete(identicalMatrices(m_before, m_after));
}

void UndoRowCommand::applyBefore()
{
    apply(m_before);
}

void UndoRowCommand::applyAfter()
{
    apply(m_after);
}

void UndoRowCommand::apply(const Eigen::RowVectorXd &row)
{
    switch (m_part) {
    case Part::Query:
        model()->setQueryRow(m_row, row);
        break;
    case Part::Key:
        model()->setKeyRow(m_row, row);
        break;
    case Part::Value:
        model()->setValueRow(m_row, row);
        break;
    }
}

} // namespace attnlens
