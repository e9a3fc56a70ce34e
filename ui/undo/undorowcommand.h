#pragma once

#include "matrixtypes.h"
#include "undomodelcommand.h"

#include <Eigen/Core>

namespace attnlens {

/// One row of one head's Q, K or V changed: holds only that row before and after, so that a drag step in a
/// 512-token scenario costs a few numbers, not whole matrices.
class UndoRowCommand : public UndoModelCommand {
public:
    enum class Part { Query, Key, Value };

    UndoRowCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                   Part part, Index head, Index row, const Eigen::RowVectorXd &before,
                   const Eigen::RowVectorXd &after, QUndoCommand *parent = nullptr);

    Part part() const { return m_part; }
    /// The head whose row it is (0-based); undo writes there whichever head is shown.
    Index head() const { return m_head; }
    Index row() const { return m_row; }
    const Eigen::RowVectorXd &before() const { return m_before; }
    const Eigen::RowVectorXd &after() const { return m_after; }

protected:
    void applyBefore() override;
    void applyAfter() override;

private:
    void apply(const Eigen::RowVectorXd &row);

    Part m_part;
    Index m_head;
    Index m_row;
    Eigen::RowVectorXd m_before;
    Eigen::RowVectorXd m_after;
};

} // namespace attnlens
