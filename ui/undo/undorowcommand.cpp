#include "undorowcommand.h"

#include "attentionmodel.h"
#include "scenario.h"

namespace attnlens {

UndoRowCommand::UndoRowCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                               Part part, Index head, Index row, const Eigen::RowVectorXd &before,
                               const Eigen::RowVectorXd &after, QUndoCommand *parent)
    : UndoModelCommand(model, recorder, text, parent)
    , m_part(part)
    , m_head(head)
    , m_row(row)
    , m_before(before)
    , m_after(after)
{
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
        model()->setHeadQueryRow(m_head, m_row, row);
        break;
    case Part::Key:
        model()->setHeadKeyRow(m_head, m_row, row);
        break;
    case Part::Value:
        model()->setHeadValueRow(m_head, m_row, row);
        break;
    }
}

} // namespace attnlens
