#pragma once

#include "matrixtypes.h"
#include "undomodelcommand.h"

#include <optional>
#include <vector>

namespace attnlens {

/// The mask changed: holds only the cells that changed (and whether a mask was present at all),
/// so that toggling one cell of a 512 x 512 mask stores one cell. When more than a few cells
/// changed (a preset over a 2,048-token mask changes millions) it holds the two masks instead,
/// one byte a cell each, never a 16-byte entry a cell.
class UndoMaskCommand : public UndoModelCommand {
public:
    UndoMaskCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                    const std::optional<Mask> &before, const std::optional<Mask> &after,
                    Index queryCount, Index keyCount, QUndoCommand *parent = nullptr);

    /// How many cells differ between before and after.
    int changedCellCount() const { return m_changedCount; }

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

    std::vector<Cell> m_cells;  ///< sorted by index; empty when the masks are held whole
    std::optional<Mask> m_wholeBefore;
    std::optional<Mask> m_wholeAfter;
    int m_changedCount = 0;
    bool m_beforePresent;
    bool m_afterPresent;
};

} // namespace attnlens
