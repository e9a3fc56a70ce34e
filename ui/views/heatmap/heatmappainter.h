#pragma once

#include "heatmapimage.h"
#include "heatmaplayout.h"
#include "theme.h"
#include "twogenerationcache.h"

#include <QFont>
#include <QImage>
#include <QPalette>
#include <QStaticText>
#include <QStringList>
#include <QVector>

class QPainter;

namespace attnlens {

/// One picture of the heatmap: a layout, the numbers' image, and what the view says and
/// highlights. The screen and every exported figure paint from one of these.
struct HeatmapFrame {
    const HeatmapLayout *layout = nullptr;
    const HeatmapImage *image = nullptr;
    const Theme *theme = nullptr;
    QPalette palette;
    QVector<HeatmapLayout::Tick> ticks;
    QStringList infoLines;
    QString title;      ///< the whole title
    QString titleName;  ///< the title without its formula, for a narrow view
    QString scale;      ///< the scores' scale beside the title, or empty
    QString refusedHeading;
    QString refusedDetail;
    QString undefinedRowText;
    int outlinedQuery = -1;  ///< the row outlined in its query's colour and labelled in bold
    bool cellsCovered = false;  ///< a "Predict first" card lies over the cells: no row outline
    int hoveredQuery = -1;
    int hoveredKey = -1;
    bool valuesShown = false;  ///< the cells' numbers are written in them
    bool presenting = false;   ///< the hovered cell gets the theme's "laser pointer"
    bool scaleHidden = false;  ///< no colour bar: its range would answer a prediction
    double lineWidthFactor = 1.0;
};

/// Draws a HeatmapFrame into any QPainter: a widget, an image of any size and resolution, an
/// SVG or a PDF. The matrix comes from the one-pixel-per-cell image scaled without smoothing;
/// small matrices are drawn cell by cell as crisp rectangles; labels, hatching, seams, the
/// selected row and the hovered cell are drawn on top.
///
/// It keeps what is expensive to make again between two frames of the same layout (the
/// composed matrix with its hatching, the shaped value texts and their widths); those caches are
/// used only for the layout it is told is the widget's own (`cached`).
class HeatmapPainter {
public:
    /// The title line as it fits `width`: whole, else without its formula, else cut.
    static QString fittedTitle(const HeatmapFrame &frame, const QFontMetricsF &boldFm, double width);

    /// Everything but the matrix itself: title, labels, swatches, colour bar, info lines, refusal.
    void paintBackground(QPainter &painter, const QRectF &rect, const HeatmapFrame &frame) const;
    /// The matrix, its numbers, the undefined rows, the selected row and the hovered cell.
    void paintMatrix(QPainter &painter, const HeatmapFrame &frame, bool cached);
    /// Whether every cell's number fits its cell in `layout`'s value font.
    bool valuesFit(const HeatmapLayout &layout, const HeatmapImage &image);
    /// The rectangles of the texts paintBackground() writes (title, scale, labels, axis titles,
    /// colour-bar values, info lines), to check that none is clipped and none overlaps another.
    static QVector<QRectF> labelRects(const HeatmapFrame &frame);
    /// Forgets the composed matrix (after a theme change: its fills are part of it).
    void dropMatrixLayer() { m_layerGeneration = ~quint64(0); }

private:
    void paintRefused(QPainter &painter, const HeatmapFrame &frame) const;
    void paintLabels(QPainter &painter, const HeatmapFrame &frame) const;
    void paintColorBar(QPainter &painter, const HeatmapFrame &frame) const;
    void paintInfo(QPainter &painter, const HeatmapFrame &frame) const;
    void paintCells(QPainter &painter, const HeatmapFrame &frame, bool cached, qreal dpr);
    void paintValues(QPainter &painter, const HeatmapFrame &frame, bool cached);
    void paintOverlays(QPainter &painter, const HeatmapFrame &frame) const;
    void paintHoveredCell(QPainter &painter, const HeatmapFrame &frame, const QRectF &box) const;
    static QImage composeMatrixLayer(const HeatmapFrame &frame, qreal dpr);

    /// The matrix with its hatching, at device resolution for the widget's own layout.
    QImage m_layer;
    quint64 m_layerGeneration = ~quint64(0);
    QRectF m_layerRect;
    qreal m_layerDpr = 0.0;
    /// The cells' value texts shaped once (most repeat between two drag steps); a generation
    /// holds a few screens' worth.
    static constexpr int kValueTextGeneration = 8192;
    TwoGenerationCache<QString, QStaticText> m_valueTexts{kValueTextGeneration};
    QFont m_valueTextsFont;
    /// The value texts' widths in the value font, measured once per text.
    TwoGenerationCache<QString, double> m_valueWidths{kValueTextGeneration};
    QFont m_valueWidthsFont;
};

} // namespace attnlens
