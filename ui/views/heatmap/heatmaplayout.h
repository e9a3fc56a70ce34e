#pragma once

#include "matrixlabellayout.h"

#include <QFont>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QString>
#include <QSize>
#include <QVector>

#include <functional>

namespace attnlens {

/// Where everything of the heatmap goes in one target rectangle, with no widget: the title and
/// info lines, the matrix and its square cells, the row and column labels, the axis titles and
/// the colour bar. It depends on the rectangle, the font and the scenario's shape and labels,
/// never on the numbers, so a drag step keeps it.
///
/// The cells tile matrixRect exactly (cellRect()); cells of four pixels or more have whole-pixel
/// sizes so that small matrices stay crisp.
struct HeatmapLayout {
    /// What a layout depends on besides the rectangle.
    struct Input {
        QRectF bounds;
        QFont font;
        /// The query labels measured in the bold font, the key labels in `font`.
        const MatrixLabelLayout *rowLabels = nullptr;
        const MatrixLabelLayout *columnLabels = nullptr;
        /// False for a figure of numbers: no room is kept for an info line under the matrix.
        bool infoLine = true;
        QString xTitle;       ///< "key / source"
        QString yTitle;       ///< "query / destination"
        QString yTitleShort;  ///< "query", where the whole title does not fit the matrix's height
    };
    /// A value on the colour bar and its text.
    struct Tick {
        double value = 0.0;
        QString label;
    };

    static HeatmapLayout compute(const Input &input);
    /// The colour bar's ticks for a scale from `low` to `high`: few, well apart, on round values.
    static QVector<Tick> ticks(const HeatmapLayout &layout, double low, double high);

    /// The size within `bounds` that a layout fills: the blank margins that a matrix of another
    /// shape than `bounds` leaves are cut off (down to `titleWidth`) while the cells, labels and
    /// titles stay as `full` (the layout at `bounds`) has them; `layoutAt` lays out another size.
    static QSize fittedSize(const QSize &bounds, const HeatmapLayout &full, int titleWidth,
                            const std::function<HeatmapLayout(const QSize &)> &layoutAt);

    /// Where `value` of the scale `low`..`high` lies on the colour bar.
    double tickY(double value, double low, double high) const;
    QRectF cellRect(int row, int column) const;
    /// Where a "Predict first" card covers the cells: the matrix with a margin for the selected
    /// row's outline (inside the gap to the colour swatches), none over the column names.
    QRect cardArea() const;
    QRectF rowRect(int row) const;
    /// The cell under `pos` as QPoint(column, row), or (-1, -1).
    QPoint cellAt(const QPointF &pos) const;
    /// The row whose label area (left of the matrix) is under `pos`, or -1.
    int rowLabelAt(const QPointF &pos) const;
    /// The written labels' texts in order, for comparing two layouts.
    QStringList labelTexts() const;

    QRectF bounds;
    QFont font;
    QFont boldFont;
    QFont valueFont;  ///< the cells' numbers: bigger in big cells
    double lineHeight = 0.0;
    QRectF titleRect;
    QRectF infoRect;
    QRectF gridArea;   ///< between the title and the info line
    QRectF blockRect;  ///< what is drawn in gridArea: labels, matrix, titles, colour bar
    bool hasGrid = false;
    int rows = 0;
    int columns = 0;
    double cellSize = 0.0;
    QRectF matrixRect;
    QRectF rowLabelArea;
    double swatchSize = 0.0;  ///< 0 when rows are too thin for a colour swatch
    double swatchCentreX = 0.0;
    int rowStep = 1;
    int columnStep = 1;
    MatrixLabelLayout::Form columnForm = MatrixLabelLayout::Form::Across;
    double columnLabelTop = 0.0;
    double columnLabelExtent = 0.0;
    QVector<MatrixLabelLayout::Label> rowLabels;     ///< the written ones, top to bottom
    QVector<MatrixLabelLayout::Label> columnLabels;  ///< the written ones, left to right
    QRectF xTitleRect;
    QString xTitle;
    QRectF yTitleRect;  ///< the turned title's box, in unturned coordinates
    QString yTitle;
    QRectF barRect;
    double tickLength = 0.0;
};

} // namespace attnlens
