#include "allheadslayout.h"

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

// In line heights.
constexpr double kPad = 0.4;
constexpr double kTitle = 1.4;
constexpr double kTileLabel = 1.35;
constexpr double kTileGap = 0.7;
constexpr double kLargestCell = 3.5;
constexpr double kWholePixelCells = 6.0;  // pixels
constexpr double kSmallestNamedCell = 4.0;  // pixels: below, unnamed tiles are tried
constexpr double kCompactGap = 0.25;  // a one-head scenario gets a matrix, not a wall of colour
constexpr double kNarrowestTile = 7.0;  // room for a head's name over a narrow matrix
constexpr double kEntropyTitle = 1.3;
constexpr double kEntropyPlot = 3.0;
constexpr double kShortEntropyPlot = 2.0;
constexpr double kRoomyHeight = 24.0;
constexpr double kEntropyNumbers = 1.2;
constexpr double kWidestBar = 3.0;

} // namespace

AllHeadsLayout AllHeadsLayout::compute(const Input &input)
{
    AllHeadsLayout layout;
    layout.bounds = input.bounds;
    layout.rows = input.rows;
    layout.columns = input.columns;
    const double h = std::max(1.0, input.lineHeight);
    layout.lineHeight = h;
    const double pad = std::round(kPad * h);
    const QRectF inner = input.bounds.adjusted(pad, pad, -pad, -pad);
    if (inner.width() <= 0 || inner.height() <= 0)
        return layout;

    double top = inner.top();
    if (input.title) {
        layout.titleRect = QRectF(inner.left(), top, inner.width(), std::round(kTitle * h));
        top = layout.titleRect.bottom();
    }
    // In a short view (large text, a low dock) the bars give their height to the tiles.
    const double plotLines = inner.height() >= kRoomyHeight * h ? kEntropyPlot : kShortEntropyPlot;
    const double entropyHeight = input.entropy && input.heads > 0
        ? std::round((kEntropyTitle + plotLines + kEntropyNumbers) * h + pad)
        : 0.0;
    const double readoutHeight = input.readoutHeight > 0 ? std::ceil(input.readoutHeight) + pad : 0.0;
    const double gridRoom = inner.bottom() - top - readoutHeight - entropyHeight;

    const int heads = input.heads;
    if (heads > 0 && input.rows > 0 && input.columns > 0 && gridRoom > 0) {
        // The number of grid columns that gives the largest cells; on a tie, fewer empty tiles.
        struct Choice {
            double cell = -1.0;
            int columns = 1;
            int empty = 0;
        };
        auto choose = [&](double label, double gap) {
            Choice best;
            best.empty = heads;
            for (int gridColumns = 1; gridColumns <= heads; ++gridColumns) {
                const int gridRows = (heads + gridColumns - 1) / gridColumns;
                const double tileWidth = (inner.width() - (gridColumns - 1) * gap) / gridColumns;
                const double tileHeight = (gridRoom - (gridRows - 1) * gap) / gridRows - label;
                const double cell = std::min(tileWidth / input.columns, tileHeight / input.rows);
                const int empty = gridColumns * gridRows - heads;
                // A quarter pixel per cell is not worth an empty tile; for the tiny cells of long
                // sequences (a fraction of a pixel) the same holds for 5% of the cell.
                const double tie = std::min(0.25, 0.05 * std::max(best.cell, 0.0));
                if (cell > best.cell + tie || (std::abs(cell - best.cell) <= tie && empty < best.empty))
                    best = Choice{cell, gridColumns, empty};
            }
            return best;
        };
        double gap = std::round(kTileGap * h);
        double label = std::round(kTileLabel * h);
        Choice best = choose(label, gap);
        // Many heads in little room: the names' lines and the wide gaps would take more than the
        // cells, so the tiles go without names (the tooltip and the bars' numbers name them).
        const double compactGap = std::max(3.0, std::round(kCompactGap * h));
        const Choice compact = choose(0.0, compactGap);
        if (best.cell < kSmallestNamedCell && compact.cell > best.cell * 1.25) {
            layout.named = false;
            gap = compactGap;
            label = 0.0;
            best = compact;
        }
        const double bestCell = best.cell;
        const int bestColumns = best.columns;
        double cell = std::min(bestCell, kLargestCell * h);
        // Whole pixels keep every cell the same size and its edges crisp; tiny cells keep their
        // fraction, which would otherwise cost up to a third of the tile.
        if (cell >= kWholePixelCells)
            cell = std::floor(cell);
        if (cell > 0.0) {
            layout.gridColumns = bestColumns;
            layout.gridRows = (heads + bestColumns - 1) / bestColumns;
            layout.cellSize = cell;
            const double matrixWidth = input.columns * cell;
            const double matrixHeight = input.rows * cell;
            const double roomPerTile = (inner.width() - (bestColumns - 1) * gap) / bestColumns;
            // Whole pixels, so that whole-pixel cells start on pixel edges in every tile.
            const double named = layout.named ? kNarrowestTile * h : 0.0;
            const double tileWidth = std::max(matrixWidth, std::floor(std::min(roomPerTile, std::max(matrixWidth, named))));
            const double tileHeight = label + matrixHeight;
            const double gridWidth = bestColumns * tileWidth + (bestColumns - 1) * gap;
            const double gridHeight = layout.gridRows * tileHeight + (layout.gridRows - 1) * gap;
            const double left = std::round(inner.left() + (inner.width() - gridWidth) / 2);
            layout.gridRect = QRectF(left, top, gridWidth, gridHeight);
            for (int head = 0; head < heads; ++head) {
                const int gx = head % bestColumns;
                const int gy = head / bestColumns;
                const QRectF tile(left + gx * (tileWidth + gap), top + gy * (tileHeight + gap), tileWidth,
                                  tileHeight);
                layout.tileRects.append(tile);
                layout.labelRects.append(QRectF(tile.left(), tile.top(), tile.width(), label));
                layout.matrixRects.append(QRectF(tile.left() + std::floor((tile.width() - matrixWidth) / 2),
                                                 tile.top() + label, matrixWidth, matrixHeight));
            }
            top = layout.gridRect.bottom();
        }
    }
    if (readoutHeight > 0) {
        layout.readoutRect = QRectF(inner.left(), top + pad, inner.width(), readoutHeight - pad);
        top = layout.readoutRect.bottom();
    }
    if (entropyHeight > 0) {
        const double bandTop = top + pad;
        layout.entropyTitleRect = QRectF(inner.left(), bandTop, inner.width(), std::round(kEntropyTitle * h));
        const double plotTop = layout.entropyTitleRect.bottom();
        const double plotHeight = std::round(plotLines * h);
        const double slot = std::min(kWidestBar * h, inner.width() / heads);
        const double bandWidth = slot * heads;
        const double left = inner.left() + (inner.width() - bandWidth) / 2;
        layout.entropyPlotRect = QRectF(left, plotTop, bandWidth, plotHeight);
        for (int head = 0; head < heads; ++head) {
            const QRectF column(left + head * slot, plotTop, slot, plotHeight);
            layout.barSlots.append(column);
            layout.barNumberRects.append(QRectF(column.left(), column.bottom(), slot, std::round(kEntropyNumbers * h)));
        }
    }
    return layout;
}

QRectF AllHeadsLayout::cellRect(int head, int query, int key) const
{
    if (head < 0 || head >= matrixRects.size() || query < 0 || key < 0 || query >= rows || key >= columns)
        return QRectF();
    const QRectF &matrix = matrixRects[head];
    return QRectF(matrix.left() + key * cellSize, matrix.top() + query * cellSize, cellSize, cellSize);
}

int AllHeadsLayout::tileAt(const QPointF &pos) const
{
    for (int head = 0; head < tileRects.size(); ++head) {
        if (tileRects[head].contains(pos))
            return head;
    }
    return -1;
}

int AllHeadsLayout::barAt(const QPointF &pos) const
{
    for (int head = 0; head < barSlots.size(); ++head) {
        if (barSlots[head].united(barNumberRects[head]).contains(pos))
            return head;
    }
    return -1;
}

AllHeadsLayout::Hit AllHeadsLayout::cellAt(const QPointF &pos) const
{
    Hit hit;
    if (!hasGrid())
        return hit;
    for (int head = 0; head < matrixRects.size(); ++head) {
        const QRectF &matrix = matrixRects[head];
        if (!matrix.contains(pos))
            continue;
        const int key = std::clamp(static_cast<int>((pos.x() - matrix.left()) / cellSize), 0, columns - 1);
        const int query = std::clamp(static_cast<int>((pos.y() - matrix.top()) / cellSize), 0, rows - 1);
        return Hit{head, query, key};
    }
    return hit;
}

int AllHeadsLayout::neighbour(int head, int dx, int dy) const
{
    const int heads = static_cast<int>(tileRects.size());
    if (head < 0 || head >= heads || gridColumns <= 0)
        return head;
    const int gx = head % gridColumns + dx;
    const int gy = head / gridColumns + dy;
    if (gx < 0 || gx >= gridColumns || gy < 0 || gy >= gridRows)
        return head;
    const int next = gy * gridColumns + gx;
    return next < heads ? next : head;
}

} // namespace attnlens
