#include "heatmaplayout.h"

#include "plotaxes.h"
#include "textfit.h"

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace attnlens {

HeatmapLayout HeatmapLayout::compute(const Input &input)
{
    using Form = MatrixLabelLayout::Form;
    HeatmapLayout layout;
    layout.bounds = input.bounds;
    layout.font = input.font;
    layout.boldFont = input.font;
    layout.boldFont.setBold(true);
    layout.valueFont = input.font;

    const QFontMetricsF fm(layout.font);
    const QFontMetricsF boldFm(layout.boldFont);
    const double h = fm.height();
    layout.lineHeight = h;

    const QRectF &bounds = input.bounds;
    const double pad = std::round(0.5 * h);
    const QRectF inner = bounds.adjusted(pad, std::round(0.4 * h), -pad, -std::round(0.4 * h));
    layout.titleRect = QRectF(inner.left(), inner.top(), inner.width(), h);
    layout.infoRect = input.infoLine ? QRectF(inner.left(), inner.bottom() - 2 * h, inner.width(), 2 * h)
                                     : QRectF(inner.left(), inner.bottom(), inner.width(), 0);
    const double gridTop = layout.titleRect.bottom() + 0.7 * h;
    const double gridBottom = input.infoLine ? layout.infoRect.top() - 0.5 * h : inner.bottom();
    layout.gridArea = QRectF(inner.left(), gridTop, inner.width(), gridBottom - gridTop);

    if (!input.rowLabels || !input.columnLabels)
        return layout;
    const MatrixLabelLayout &rowLabels = *input.rowLabels;
    const MatrixLabelLayout &columnLabels = *input.columnLabels;
    layout.rows = rowLabels.count();
    layout.columns = columnLabels.count();
    const QRectF &area = layout.gridArea;
    if (layout.rows <= 0 || layout.columns <= 0 || area.height() < 3 * h || area.width() < 8 * h)
        return layout;

    // Horizontal budget: axis title, row labels, colour swatches | matrix | colour bar, ticks.
    const double rowLabelWidth =
        std::min(rowLabels.widest(), std::max(3 * h, std::min(12 * h, 0.3 * inner.width())));
    const bool swatchRoom = area.height() / layout.rows >= 0.6 * h;
    const double swatchWidth = swatchRoom ? std::round(0.65 * h) : 0.0;
    const double swatchGap = swatchRoom ? std::round(0.3 * h) : 0.0;
    const double labelGap = std::round(0.35 * h);
    const double leftWidth = h + labelGap + rowLabelWidth + labelGap + swatchWidth + swatchGap;

    const double barWidth = std::round(0.9 * h);
    const double barGap = std::round(0.8 * h);
    const double tickLength = std::round(0.3 * h);
    const double tickLabelWidth = fm.horizontalAdvance(QStringLiteral("\u22120.888"));
    const double rightWidth = barGap + barWidth + tickLength + 0.25 * h + tickLabelWidth;

    // Upright key names may take what a row and a half per query leaves of the height, so that a
    // short matrix (one query) still writes them whole.
    const double verticalLabelExtent = std::min(
        columnLabels.widest(),
        std::max(3 * h, std::min(9 * h, std::max(0.3 * area.height(),
                                                  area.height() - 1.15 * h - 0.25 * h - layout.rows * 1.5 * h))));
    const double xTitleHeight = 1.15 * h;
    const double columnLabelGap = 0.25 * h;

    const double availableWidth = area.width() - leftWidth - rightWidth;
    auto cellFor = [&](double columnLabelExtent) {
        const double availableHeight = area.height() - columnLabelGap - columnLabelExtent - xTitleHeight;
        return std::min(availableWidth / layout.columns, availableHeight / layout.rows);
    };
    // Column labels stay horizontal on one line while they fit, then try two lines (split at a
    // space), then read upwards; when none fits every column, the one that thins least wins.
    // A line of key names is as tall as their tallest script (Chinese names a quarter taller).
    const double labelLine = std::max(h, columnLabels.lineHeight());
    QVector<MatrixLabelLayout::Candidate> candidates = {{Form::Across, labelLine, 0.6 * h}};
    if (columnLabels.twoLinesHelp())
        candidates.append({Form::TwoLines, 2.05 * labelLine, 0.6 * h});
    candidates.append({Form::Turned, verticalLabelExtent, 0.15 * h});
    const MatrixLabelLayout::Choice chosen = columnLabels.choose(candidates, cellFor);
    layout.columnForm = chosen.form;
    double cell = chosen.cell;
    if (!(cell > 0.0))
        return layout;
    if (cell >= 4.0)
        cell = std::floor(cell);  // whole pixels keep small matrices crisp
    layout.cellSize = cell;
    layout.columnStep = chosen.step;
    layout.columnLabelExtent = chosen.depth;
    layout.rowStep = MatrixLabelLayout::stepFor(1.15 * h, cell, MatrixLabelLayout::Thinning::AnyStep);

    const double matrixWidth = layout.columns * cell;
    const double matrixHeight = layout.rows * cell;
    const double blockWidth = leftWidth + matrixWidth + rightWidth;
    const double blockHeight = matrixHeight + columnLabelGap + layout.columnLabelExtent + xTitleHeight;
    const double blockLeft = std::round(area.left() + (area.width() - blockWidth) / 2);
    const double blockTop = std::round(area.top() + (area.height() - blockHeight) / 2);
    layout.blockRect = QRectF(blockLeft, blockTop, blockWidth, blockHeight);
    layout.matrixRect = QRectF(blockLeft + std::round(leftWidth), blockTop, matrixWidth, matrixHeight);
    const QRectF &matrix = layout.matrixRect;

    layout.swatchSize = swatchRoom && cell >= 0.6 * h ? std::min(swatchWidth, std::round(0.7 * cell)) : 0.0;
    layout.swatchCentreX = matrix.left() - swatchGap - swatchWidth / 2;
    layout.rowLabelArea = QRectF(matrix.left() - swatchGap - swatchWidth - labelGap - rowLabelWidth,
                                 matrix.top(), rowLabelWidth, matrixHeight);

    MatrixLabelLayout::Placement rows;
    rows.axis = MatrixLabelLayout::Axis::Rows;
    rows.start = matrix.top();
    rows.cell = cell;
    rows.edge = layout.rowLabelArea.right();
    rows.depth = rowLabelWidth;
    rows.step = layout.rowStep;
    layout.rowLabels = rowLabels.place(rows);

    layout.columnLabelTop = matrix.bottom() + columnLabelGap;
    MatrixLabelLayout::Placement columns;
    columns.axis = MatrixLabelLayout::Axis::Columns;
    columns.form = layout.columnForm;
    columns.start = matrix.left();
    columns.cell = cell;
    columns.edge = layout.columnLabelTop;
    columns.depth = layout.columnLabelExtent;
    columns.step = layout.columnStep;
    columns.gap = 0.6 * h;
    // A thinned label near the right end must not run into the colour bar.
    columns.limit = matrix.right() + barGap / 2;
    layout.columnLabels = columnLabels.place(columns);

    layout.xTitle = boldFm.elidedText(input.xTitle, Qt::ElideRight, inner.width());
    const double xTitleWidth = std::min(inner.width(), boldFm.horizontalAdvance(layout.xTitle) + 2);
    const double xTitleLeft = std::clamp(matrix.center().x() - xTitleWidth / 2, inner.left(),
                                         inner.right() - xTitleWidth);
    layout.xTitleRect = QRectF(xTitleLeft, layout.columnLabelTop + layout.columnLabelExtent + 0.1 * h,
                               xTitleWidth, h);

    // "query" alone where the whole title does not fit the matrix's height (a matrix of one row).
    // Chinese stacks upright, one character under another; Latin text is turned to run upwards.
    const auto titleLength = [&](const QString &title) {
        // A stacked column is measured as it is laid out: its Chinese characters come from a
        // fallback font whose lines are taller than the Latin font's line spacing.
        return stacksUpright(title)
            ? boldFm.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, uprightColumn(title)).height()
            : boldFm.horizontalAdvance(title);
    };
    layout.yTitle = titleLength(input.yTitle) <= area.height() ? input.yTitle
        : stacksUpright(input.yTitleShort)                     ? input.yTitleShort
                                   : boldFm.elidedText(input.yTitleShort, Qt::ElideRight, area.height());
    const double yTitleLength = std::min(area.height(), titleLength(layout.yTitle) + 2);
    const double yTitleTop = std::clamp(matrix.center().y() - yTitleLength / 2, area.top(),
                                        area.bottom() - yTitleLength);
    layout.yTitleRect = QRectF(blockLeft, yTitleTop, h, yTitleLength);

    // A short matrix still gets a colour bar tall enough for its two end ticks and a middle one.
    const double barHeight = std::max(matrixHeight, std::min(3.4 * h, area.height()));
    const double barTop = std::clamp(matrix.center().y() - barHeight / 2, area.top(),
                                     area.bottom() - barHeight);
    layout.barRect = QRectF(matrix.right() + barGap, std::round(barTop), barWidth, std::round(barHeight));
    layout.tickLength = tickLength;

    // Big cells on a projector get bigger numbers.
    layout.valueFont = scaledFont(layout.font, std::clamp(cell / (4.5 * h), 1.0, 1.5));
    layout.hasGrid = true;
    return layout;
}

QRect HeatmapLayout::cardArea() const
{
    const double m = 0.2 * lineHeight;
    return matrixRect.adjusted(-m, -m, m, 0).toAlignedRect();
}

QVector<HeatmapLayout::Tick> HeatmapLayout::ticks(const HeatmapLayout &layout, double low, double high)
{
    QVector<Tick> ticks;
    if (!layout.hasGrid)
        return ticks;
    // Few ticks, well apart: the scale is read at a glance from the back of the room.
    const int maxIntervals =
        std::clamp(static_cast<int>(layout.barRect.height() / (2.6 * layout.lineHeight)), 1, 5);
    const double step = PlotAxes::niceStep(high - low, maxIntervals);
    for (double value : PlotAxes::ticks(low, high, step))
        ticks.append(Tick{value, PlotAxes::tickLabel(value, step)});
    return ticks;
}

QSize HeatmapLayout::fittedSize(const QSize &bounds, const HeatmapLayout &full, int titleWidth,
                                const std::function<HeatmapLayout(const QSize &)> &layoutAt)
{
    const int slackWidth = static_cast<int>(std::floor(full.gridArea.width() - full.blockRect.width()));
    const int slackHeight = static_cast<int>(std::floor(full.gridArea.height() - full.blockRect.height()));
    const QSize tight(std::max({bounds.width() - std::max(0, slackWidth), titleWidth, 64}),
                      std::max(bounds.height() - std::max(0, slackHeight), 64));
    const QStringList fullLabels = full.labelTexts();
    auto same = [&](const QSize &size) {
        const HeatmapLayout layout = layoutAt(size);
        return layout.hasGrid && std::abs(layout.cellSize - full.cellSize) < 1e-9
            && layout.labelTexts() == fullLabels && layout.xTitle == full.xTitle && layout.yTitle == full.yTitle
            && layout.columnForm == full.columnForm;
    };
    if (same(tight))
        return tight.boundedTo(bounds);
    // Something would change (a label elided in a narrower column): give back room until it
    // does not.
    QSize low = tight;
    QSize high = bounds;
    for (int step = 0; step < 12 && (high - low).width() + (high - low).height() > 2; ++step) {
        const QSize middle((low.width() + high.width()) / 2, (low.height() + high.height()) / 2);
        if (same(middle))
            high = middle;
        else
            low = middle;
    }
    return high;
}

double HeatmapLayout::tickY(double value, double low, double high) const
{
    const double span = high - low;
    if (!(span > 0))
        return barRect.bottom();
    return barRect.bottom() - (value - low) / span * barRect.height();
}

QRectF HeatmapLayout::cellRect(int row, int column) const
{
    return QRectF(matrixRect.left() + column * cellSize, matrixRect.top() + row * cellSize, cellSize, cellSize);
}

QRectF HeatmapLayout::rowRect(int row) const
{
    return QRectF(matrixRect.left(), matrixRect.top() + row * cellSize, matrixRect.width(), cellSize);
}

QPoint HeatmapLayout::cellAt(const QPointF &pos) const
{
    if (!hasGrid || !matrixRect.contains(pos))
        return QPoint(-1, -1);
    const int column = static_cast<int>((pos.x() - matrixRect.left()) / cellSize);
    const int row = static_cast<int>((pos.y() - matrixRect.top()) / cellSize);
    if (row < 0 || column < 0 || row >= rows || column >= columns)
        return QPoint(-1, -1);
    return QPoint(column, row);
}

int HeatmapLayout::rowLabelAt(const QPointF &pos) const
{
    if (!hasGrid || pos.x() < rowLabelArea.left() || pos.x() >= matrixRect.left()
        || pos.y() < matrixRect.top() || pos.y() >= matrixRect.bottom())
        return -1;
    const int row = static_cast<int>((pos.y() - matrixRect.top()) / cellSize);
    return row >= 0 && row < rows ? row : -1;
}

QStringList HeatmapLayout::labelTexts() const
{
    QStringList texts;
    for (const MatrixLabelLayout::Label &label : rowLabels)
        texts << QString::number(label.index) + QLatin1Char(':') + label.text;
    texts << QString();
    for (const MatrixLabelLayout::Label &label : columnLabels)
        texts << QString::number(label.index) + QLatin1Char(':') + label.text;
    return texts;
}

} // namespace attnlens
