#pragma once

#include "matrixtypes.h"
#include "undomodelcommand.h"

#include <optional>
#include <vector>

namespace attnlens {

/// The mask changed: holds only the cells that changed (and whether a mask was present at all),
/// so that toggling one cell of a 512 x 512 mask stores one cell.
class UndoMaskCommand : public UndoModelCommand {
public:
    UndoMaskCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                    const std::optional<Mask> &before, const std::optional<Mask> &after,
                    Index queryCount, Index keyCount, QUndoCommand *parent = nullptr);

    /// How many cells differ between before and after.
    int changedCellCount() const { return int(m_cells.size()); }

protected:
    void applyBefore() override;
    void applyAfter() override;

private:
    struct Cell {
        Index index;  ///< row * keyCount + column
        bool before;
        bool after;
    };

    void apply(bool present, bool after);

    std::vector<Cell> m_cells;  ///< sorted by index
    bool m_beforePresent;
    bool m_afterPresent;
};

} // namespace attnlens
