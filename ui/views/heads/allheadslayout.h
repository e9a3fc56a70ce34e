#pragma once

#include <QRectF>
#include <QVector>

namespace attnlens {

/// Where the all-heads overview puts its parts, with no widget: an optional title line, a grid
/// of one tile per head (a name line over a small matrix of query rows and key columns), the
/// readout under the grid, and the band of mean-entropy bars, one per head, under that.
///
/// The grid takes the number of columns that gives the largest cells in the room there is, so
/// that 2 heads sit side by side in a wide dock and 12 fill a 4 x 3 grid; cells of 6 pixels or
/// more are whole pixels (crisp edges), none is larger than a few lines of text, and the grid is
/// centred in its room.
struct AllHeadsLayout {
    struct Input {
        QRectF bounds;
        int heads = 0;
        int rows = 0;     ///< queries
        int columns = 0;  ///< keys
        double lineHeight = 16.0;  ///< the font's line height
        bool title = false;        ///< a title line over the grid (figures)
        double readoutHeight = 0.0;  ///< room for the readout under the grid (0: none)
        bool entropy = true;         ///< the band of entropy bars
    };

    /// A cell of one head's tile: query row and key column.
    struct Hit {
        int head = -1;
        int query = -1;
        int key = -1;
    };

    static AllHeadsLayout compute(const Input &input);

    QRectF bounds;
    QRectF titleRect;
    QRectF gridRect;      ///< the room for the tiles
    QRectF readoutRect;
    QRectF entropyTitleRect;
    QRectF entropyPlotRect;  ///< where the bars stand (their baseline is its bottom)
    int gridColumns = 0;
    int gridRows = 0;
    int rows = 0;
    int columns = 0;
    double cellSize = 0.0;
    double lineHeight = 16.0;
    /// False when the tiles go without their name lines (many heads in little room).
    bool named = true;
    QVector<QRectF> tileRects;    ///< each head's whole tile (name and matrix)
    QVector<QRectF> labelRects;   ///< each head's name line
    QVector<QRectF> matrixRects;  ///< each head's cells
    QVector<QRectF> barSlots;     ///< each head's column of the entropy band (bar, value, number)
    QVector<QRectF> barNumberRects;  ///< the head's number under its bar

    bool hasGrid() const { return !matrixRects.isEmpty() && cellSize > 0.0; }
    QRectF cellRect(int head, int query, int key) const;
    /// The head whose tile is under `pos`, or -1.
    int tileAt(const QPointF &pos) const;
    /// The head whose entropy bar is under `pos`, or -1.
    int barAt(const QPointF &pos) const;
    /// The cell under `pos`; head -1 when there is none.
    Hit cellAt(const QPointF &pos) const;
    /// The head `dx` tiles right and `dy` tiles down from `head` in the grid, staying on the grid
    /// (and on a tile that exists); `head` itself when there is none.
    int neighbour(int head, int dx, int dy) const;
};

} // namespace attnlens
