#pragma once

#include "matrixlabellayout.h"
#include "textfit.h"

#include <QFont>
#include <QRect>
#include <QSize>
#include <QString>
#include <QStringList>
#include <QVector>

#include <functional>
#include <memory>

namespace attnlens {

/// Where every part of the mask grid goes in a view of a given size, and what a point in it
/// hits: the cells' edges, the query names left of the grid, the key names over it (across, on
/// two lines, or turned upright, written only every few columns when they crowd; laid out by the
/// shared MatrixLabelLayout), the "real key" strip under it and the refusal banner at the bottom.
/// It is measured from a font and the names alone, with no widget, so it can be tested on its own.
///
/// Invariants: cell (i, j) spans [columnEdge(j), columnEdge(j + 1)) × [rowEdge(i), rowEdge(i + 1));
/// the edges are rounded once, so the cells tile the grid without gaps or overlaps, and
/// hitTest() uses the very edges that are painted: clicks stay exact even when 512 columns share
/// 500 pixels. The label areas lie outside the grid.
class MaskGridGeometry {
public:
    using Label = MatrixLabelLayout::Label;

    /// What a point falls on.
    struct Hit {
        enum class Kind { None, Cell, RealKey, RowLabel, ColumnLabel } kind = Kind::None;
        int queryRow = -1;
        int keyRow = -1;
    };

    /// What the layout is measured from.
    struct Input {
        QSize size;
        QFont font;
        QStringList queryLabels;  ///< one per grid row
        QStringList keyLabels;    ///< one per grid column
        QString bannerText;       ///< the refusal banner; empty for none
        QString realKeyText;      ///< the strip's name ("real key")
        QString undefinedText;    ///< written in a row with no allowed key
        /// Where the grid and its labels sit when the view is wider than they need. Right
        /// alignment hugs the right edge while the spare width is small, and centres otherwise.
        Qt::Alignment alignment = Qt::AlignLeft;
    };

    MaskGridGeometry() = default;
    explicit MaskGridGeometry(const Input &input);

    int queryCount() const { return static_cast<int>(m_queryLabels.size()); }
    int keyCount() const { return static_cast<int>(m_keyLabels.size()); }
    /// True when there is no grid to draw (no queries or no keys).
    bool isEmpty() const { return m_rowEdges.isEmpty() || m_columnEdges.isEmpty(); }
    QSize size() const { return m_size; }

    /// The painted rectangle of cell (queryRow, keyRow); empty when out of range.
    QRect cellRect(int queryRow, int keyRow) const;
    /// The whole width of the grid at query row `queryRow` (empty when out of range).
    QRect rowRect(int queryRow) const;
    /// The painted rectangle of key j's "real key" flag under the grid.
    QRect realKeyRect(int keyRow) const;
    /// The rectangle holding query row i's label, left of the grid.
    QRect rowLabelRect(int queryRow) const;
    /// The query row whose cells span y, the key column whose cells span x; -1 outside.
    int rowAt(int y) const;
    int columnAt(int x) const;
    /// What `pos` falls on: a cell, a real-key flag, a query's or a key's name, or nothing.
    Hit hitTest(const QPoint &pos) const;

    QRect gridRect() const { return m_gridRect; }
    QRect rowLabelArea() const { return m_rowLabelArea; }
    QRect columnLabelArea() const { return m_columnLabelArea; }
    QRect realKeyStrip() const { return m_realKeyStrip; }
    QRect realKeyLabelRect() const { return m_realKeyLabelRect; }
    QRect bannerRect() const { return m_bannerRect; }
    /// The y of row i's top edge, i = 0..queryCount() (the last is the grid's bottom + 1).
    int rowEdge(int i) const { return m_rowEdges.value(i); }
    /// The x of column j's left edge, j = 0..keyCount().
    int columnEdge(int j) const { return m_columnEdges.value(j); }

    const QFont &font() const { return m_font; }
    /// The font of the selected or hovered names.
    const QFont &boldFont() const { return m_boldFont; }
    int lineHeight() const { return m_lineHeight; }
    int lineSpacing() const { return m_lineSpacing; }
    int margin() const { return m_margin; }
    /// The space between a name, its query colour swatch and the grid.
    int labelGap() const;
    int swatchWidth() const { return m_swatchWidth; }
    /// The space between neighbouring key names written across.
    int columnLabelGap() const;

    /// How the key names are written: across, over two lines, or turned upright.
    MatrixLabelLayout::Form columnLabelForm() const { return m_columnPlacement.form; }
    /// Whether the key names are written upright (too narrow to write them across).
    bool columnLabelsRotated() const { return columnLabelForm() == MatrixLabelLayout::Form::Turned; }
    /// Every how many rows / columns a name is written (1 = all).
    int rowLabelStep() const { return m_rowPlacement.step; }
    int columnLabelStep() const { return m_columnPlacement.step; }
    /// The query names as written (shortened to fit, measured in bold so that the selected one
    /// fits too).
    const QVector<Label> &rowLabels() const { return m_rowLabels; }
    /// The key names as written; `hoveredKey`, when the names are thinned, is written as well
    /// where it has room between its neighbours.
    QVector<Label> columnLabels(int hoveredKey = -1) const;
    QString realKeyLabel() const { return m_realKeyLabel; }
    QString bannerText() const { return m_bannerText; }
    QString undefinedText() const { return m_undefinedText; }
    int undefinedTextWidth() const { return m_undefinedTextWidth; }

    /// Small cells are drawn from a picture, without gaps, hatching or crosses.
    bool isDetailed() const { return m_detailed; }
    bool drawsGaps() const { return m_drawGaps; }
    bool drawsCrosses() const { return m_drawCrosses; }

    /// The names written, where they are and what they read; `toolTip` completes a shortened one
    /// (it is asked only for those, with the name's hit: ColumnLabel or RowLabel).
    QVector<DrawnLabel> drawnLabels(const std::function<QString(const Hit &)> &toolTip) const;

private:

    QSize m_size;
    QFont m_font;
    QFont m_boldFont;
    QStringList m_queryLabels;
    QStringList m_keyLabels;
    int m_lineHeight = 0;
    int m_lineSpacing = 0;
    int m_margin = 0;
    QRect m_gridRect;
    QRect m_rowLabelArea;
    QRect m_columnLabelArea;
    QRect m_realKeyStrip;
    QRect m_realKeyLabelRect;
    QRect m_bannerRect;
    QVector<int> m_rowEdges;     // N_q + 1 y coordinates
    QVector<int> m_columnEdges;  // N_k + 1 x coordinates
    // The names, measured once per layout; the key names are placed again for a hovered key.
    std::shared_ptr<const MatrixLabelLayout> m_columnLayout;
    MatrixLabelLayout::Placement m_columnPlacement;
    MatrixLabelLayout::Placement m_rowPlacement;
    QVector<Label> m_columnLabels;
    QVector<Label> m_rowLabels;
    int m_swatchWidth = 0;
    bool m_detailed = true;
    bool m_drawCrosses = true;
    bool m_drawGaps = true;
    QString m_bannerText;
    QString m_realKeyLabel;
    QString m_undefinedText;
    int m_undefinedTextWidth = 0;
};

} // namespace attnlens
