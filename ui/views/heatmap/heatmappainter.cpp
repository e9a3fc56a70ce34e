#include "heatmappainter.h"

#include "textfit.h"
#include "tokenpalette.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

using State = HeatmapImage::State;

/// Device rows per band when the one-pixel-per-cell picture is drawn scaled (see paintCells).
constexpr int kScaledBandRows = 64;

/// `rect` filled in bands of kScaledBandRows rows: a tall fill is one span per row, and Qt's
/// raster engine hands any fill of more than about 96 spans to its global thread pool and waits
/// for it, which on two cores costs more than the fill.
void fillInBands(QPainter &painter, const QRectF &rect, const QColor &color)
{
    for (double top = rect.top(); top < rect.bottom(); top += kScaledBandRows)
        painter.fillRect(QRectF(rect.left(), top, rect.width(), std::min<double>(kScaledBandRows, rect.bottom() - top)), color);
}

/// The outline a pen of `width` would stroke along `rect`. On screen it is four fills, the tall
/// sides in bands (see fillInBands()). A vector figure keeps one rectangle.
void strokeRect(QPainter &painter, const QRectF &rect, double width, const QColor &color)
{
    if (!painter.paintEngine() || painter.paintEngine()->type() != QPaintEngine::Raster) {
        painter.setPen(QPen(color, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect);
        return;
    }
    const QRectF outer = rect.adjusted(-width / 2, -width / 2, width / 2, width / 2);
    painter.fillRect(QRectF(outer.left(), outer.top(), outer.width(), width), color);
    painter.fillRect(QRectF(outer.left(), outer.bottom() - width, outer.width(), width), color);
    const double sideHeight = outer.height() - 2 * width;
    fillInBands(painter, QRectF(outer.left(), outer.top() + width, width, sideHeight), color);
    fillInBands(painter, QRectF(outer.right() - width, outer.top() + width, width, sideHeight), color);
}

// QPainter enlarges a one-pixel-per-cell image with a fixed-point step that drifts by many
// pixels when a few cells fill thousands of pixels (a 3 x 3 matrix in a 300 dpi figure), so a
// small matrix is enlarged cell by cell, with the same edges as the seams drawn over it.
int cellEdge(int index, int count, double extent)
{
    return static_cast<int>(std::round(index * extent / count));
}

QImage enlargedCells(const QImage &cells, const QSize &size)
{
    QImage enlarged(size, cells.format() == QImage::Format_Alpha8 ? QImage::Format_Alpha8
                                                                  : QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&enlarged);
    painter.setCompositionMode(QPainter::CompositionMode_Source);
    for (int row = 0; row < cells.height(); ++row) {
        const int top = cellEdge(row, cells.height(), size.height());
        const int bottom = cellEdge(row + 1, cells.height(), size.height());
        for (int column = 0; column < cells.width(); ++column) {
            const int left = cellEdge(column, cells.width(), size.width());
            const int right = cellEdge(column + 1, cells.width(), size.width());
            painter.fillRect(QRect(left, top, right - left, bottom - top), QColor::fromRgba(cells.pixel(column, row)));
        }
    }
    return enlarged;
}

bool isSmall(const HeatmapLayout &layout)
{
    return static_cast<qint64>(layout.rows) * layout.columns <= HeatmapImage::kMaxCellsWithText;
}

/// Between big cells: the plot background, slightly see-through.
QColor seamColor(const Theme &theme)
{
    QColor seam = theme.plotBackground();
    seam.setAlpha(210);
    return seam;
}

bool isRefused(const HeatmapFrame &frame)
{
    return frame.image->state() == State::Refused || !frame.layout->hasGrid;
}

QRectF tickLabelBox(const HeatmapFrame &frame, const HeatmapLayout::Tick &tick)
{
    const HeatmapLayout &layout = *frame.layout;
    const double h = layout.lineHeight;
    const double y = layout.tickY(tick.value, frame.image->scaleLow(), frame.image->scaleHigh());
    return QRectF(layout.barRect.right() + layout.tickLength + 0.25 * h, y - h / 2, 6 * h, h);
}

bool scaleBesideTitle(const HeatmapFrame &frame, const QFontMetricsF &fm, const QFontMetricsF &boldFm)
{
    return !frame.scale.isEmpty()
        && boldFm.horizontalAdvance(frame.title) + 1.5 * frame.layout->lineHeight + fm.horizontalAdvance(frame.scale)
        <= frame.layout->titleRect.width();
}

} // namespace

QString HeatmapPainter::fittedTitle(const HeatmapFrame &frame, const QFontMetricsF &boldFm, double width)
{
    // The formula goes before any word of the name is cut.
    if (boldFm.horizontalAdvance(frame.title) <= width)
        return frame.title;
    return boldFm.elidedText(frame.titleName, Qt::ElideRight, width);
}

void HeatmapPainter::paintBackground(QPainter &painter, const QRectF &rect, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const bool refused = isRefused(frame);
    painter.fillRect(rect, refused ? frame.theme->undefinedBackground() : frame.palette.color(QPalette::Base));

    // Title, with the colour scale on the right when there is room for both.
    QColor textColor = frame.palette.color(QPalette::WindowText);
    if (frame.image->state() != State::Values)
        textColor = frame.palette.color(QPalette::Disabled, QPalette::WindowText);
    painter.setPen(textColor);
    painter.setFont(layout.boldFont);
    const QFontMetricsF boldFm(layout.boldFont);
    const QFontMetricsF fm(layout.font);
    painter.drawText(layout.titleRect, Qt::AlignLeft | Qt::AlignVCenter, fittedTitle(frame, boldFm, layout.titleRect.width()));
    if (scaleBesideTitle(frame, fm, boldFm)) {
        painter.setFont(layout.font);
        painter.drawText(layout.titleRect, Qt::AlignRight | Qt::AlignVCenter, frame.scale);
    }

    if (refused) {
        paintRefused(painter, frame);
    } else {
        paintLabels(painter, frame);
        if (!frame.scaleHidden)
            paintColorBar(painter, frame);
    }
    paintInfo(painter, frame);
    painter.restore();
}

void HeatmapPainter::paintRefused(QPainter &painter, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    const QRectF panel = layout.gridArea.adjusted(layout.lineHeight, 0, -layout.lineHeight, 0);
    if (panel.width() <= 0 || panel.height() <= 0)
        return;
    painter.setPen(QPen(frame.theme->zeroAxisColor(), 1, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(panel, 6, 6);
    const QRectF textRect = panel.adjusted(layout.lineHeight, layout.lineHeight / 2,
                                           -layout.lineHeight, -layout.lineHeight / 2);
    painter.setPen(frame.palette.color(QPalette::WindowText));
    painter.setFont(layout.boldFont);
    const QFontMetricsF boldFm(layout.boldFont);
    const QRectF headingBox = boldFm.boundingRect(textRect, Qt::AlignHCenter | Qt::TextWordWrap, frame.refusedHeading);
    const QFontMetricsF fm(layout.font);
    const QRectF detailBox = fm.boundingRect(textRect, Qt::AlignHCenter | Qt::TextWordWrap, frame.refusedDetail);
    const double total = headingBox.height() + 0.5 * layout.lineHeight + detailBox.height();
    const double top = std::max(textRect.top(), textRect.center().y() - total / 2);
    painter.drawText(QRectF(textRect.left(), top, textRect.width(), headingBox.height()),
                     Qt::AlignHCenter | Qt::TextWordWrap, frame.refusedHeading);
    painter.setFont(layout.font);
    const double detailTop = top + headingBox.height() + 0.5 * layout.lineHeight;
    painter.drawText(QRectF(textRect.left(), detailTop, textRect.width(), std::max(0.0, textRect.bottom() - detailTop)),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, frame.refusedDetail);
}

void HeatmapPainter::paintLabels(QPainter &painter, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    const QRectF &matrix = layout.matrixRect;
    const double cell = layout.cellSize;
    const double h = layout.lineHeight;
    const QColor textColor = frame.palette.color(QPalette::WindowText);

    // Row labels (the selected one bold), thinned to one per rowStep rows.
    for (const MatrixLabelLayout::Label &label : layout.rowLabels) {
        const double centre = label.box.center().y();
        painter.setFont(label.index == frame.outlinedQuery ? layout.boldFont : layout.font);
        painter.setPen(frame.image->isUndefinedRow(label.index) ? frame.theme->errorText() : textColor);
        MatrixLabelLayout::draw(painter, label);
        if (layout.rowStep > 1) {
            painter.setPen(QPen(frame.theme->zeroAxisColor(), 1));
            painter.drawLine(QLineF(matrix.left() - layout.tickLength, centre, matrix.left(), centre));
        }
    }

    // Each query's identifying colour, as on its arrow and its chart series.
    if (layout.swatchSize > 0) {
        painter.setPen(Qt::NoPen);
        painter.setRenderHint(QPainter::Antialiasing, true);
        for (int row = 0; row < layout.rows; ++row) {
            QRectF swatch(0, 0, layout.swatchSize, layout.swatchSize);
            swatch.moveCenter(QPointF(layout.swatchCentreX, matrix.top() + (row + 0.5) * cell));
            painter.setBrush(frame.theme->queryColor(row));
            painter.drawRoundedRect(swatch, layout.swatchSize * 0.2, layout.swatchSize * 0.2);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);
    }

    // Column labels, horizontal or reading upwards, thinned to one per columnStep columns.
    painter.setFont(layout.font);
    for (const MatrixLabelLayout::Label &label : layout.columnLabels) {
        painter.setPen(textColor);
        MatrixLabelLayout::draw(painter, label);
        if (layout.columnStep > 1) {
            const double centre = matrix.left() + (label.index + 0.5) * cell;
            painter.setPen(QPen(frame.theme->zeroAxisColor(), 1));
            painter.drawLine(QLineF(centre, matrix.bottom(), centre, matrix.bottom() + 0.2 * h));
        }
    }

    // Axis titles.
    painter.setPen(textColor);
    painter.setFont(layout.boldFont);
    painter.drawText(layout.xTitleRect, Qt::AlignCenter, layout.xTitle);
    if (stacksUpright(layout.yTitle)) {
        painter.drawText(layout.yTitleRect, Qt::AlignCenter, uprightColumn(layout.yTitle));
    } else {
        painter.save();
        painter.translate(layout.yTitleRect.center());
        painter.rotate(-90);
        painter.drawText(QRectF(-layout.yTitleRect.height() / 2, -layout.yTitleRect.width() / 2,
                                layout.yTitleRect.height(), layout.yTitleRect.width()),
                         Qt::AlignCenter, layout.yTitle);
        painter.restore();
    }
}

void HeatmapPainter::paintColorBar(QPainter &painter, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    const QRectF &bar = layout.barRect;
    painter.save();
    if (frame.image->state() != State::Values)
        painter.setOpacity(0.35);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(bar, frame.image->bar());
    painter.setPen(QPen(frame.theme->zeroAxisColor(), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.adjusted(-0.5, -0.5, 0.5, 0.5));
    painter.setFont(layout.font);
    for (const HeatmapLayout::Tick &tick : frame.ticks) {
        const double y = layout.tickY(tick.value, frame.image->scaleLow(), frame.image->scaleHigh());
        painter.setPen(QPen(frame.theme->zeroAxisColor(), 1));
        painter.drawLine(QLineF(bar.right(), y, bar.right() + layout.tickLength, y));
        painter.setPen(frame.palette.color(QPalette::WindowText));
        painter.drawText(tickLabelBox(frame, tick), Qt::AlignLeft | Qt::AlignVCenter, tick.label);
    }
    painter.restore();
}

void HeatmapPainter::paintInfo(QPainter &painter, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    painter.setFont(layout.font);
    painter.setPen(frame.image->state() == State::UndefinedRows ? frame.theme->errorText()
                                                                : frame.palette.color(QPalette::WindowText));
    const double h = layout.lineHeight;
    for (int i = 0; i < frame.infoLines.size() && i < 2; ++i) {
        painter.drawText(QRectF(layout.infoRect.left(), layout.infoRect.top() + i * h, layout.infoRect.width(), h),
                         Qt::AlignLeft | Qt::AlignVCenter, frame.infoLines[i]);
    }
}

QVector<QRectF> HeatmapPainter::labelRects(const HeatmapFrame &frame)
{
    const HeatmapLayout &layout = *frame.layout;
    QVector<QRectF> rects;
    const QFontMetricsF fm(layout.font);
    const QFontMetricsF boldFm(layout.boldFont);
    const double h = layout.lineHeight;
    auto add = [&](const QFontMetricsF &metrics, const QRectF &box, int flags, const QString &text) {
        if (!text.isEmpty())
            rects.append(metrics.boundingRect(box, flags, text));
    };
    // As paintBackground() writes them: the title (and the scale beside it when it fits).
    add(boldFm, layout.titleRect, Qt::AlignLeft | Qt::AlignVCenter, fittedTitle(frame, boldFm, layout.titleRect.width()));
    if (scaleBesideTitle(frame, fm, boldFm))
        add(fm, layout.titleRect, Qt::AlignRight | Qt::AlignVCenter, frame.scale);
    if (!isRefused(frame)) {
        for (const MatrixLabelLayout::Label &label : layout.rowLabels)
            add(label.index == frame.outlinedQuery ? boldFm : fm, label.box, label.alignment, label.text);
        for (const MatrixLabelLayout::Label &label : layout.columnLabels)
            rects.append(label.rect);
        add(boldFm, layout.xTitleRect, Qt::AlignCenter, layout.xTitle);
        if (!layout.yTitle.isEmpty() && stacksUpright(layout.yTitle)) {
            add(boldFm, layout.yTitleRect, Qt::AlignCenter, uprightColumn(layout.yTitle));
        } else if (!layout.yTitle.isEmpty()) {
            const QSizeF upright = boldFm.boundingRect(QRectF(0, 0, layout.yTitleRect.height(), layout.yTitleRect.width()),
                                                       Qt::AlignCenter, layout.yTitle).size();
            QRectF turned(0, 0, upright.height(), upright.width());
            turned.moveCenter(layout.yTitleRect.center());
            rects.append(turned);
        }
        if (!frame.scaleHidden && frame.image->scaleHigh() > frame.image->scaleLow()) {
            for (const HeatmapLayout::Tick &tick : frame.ticks)
                add(fm, tickLabelBox(frame, tick), Qt::AlignLeft | Qt::AlignVCenter, tick.label);
        }
    }
    for (int i = 0; i < frame.infoLines.size() && i < 2; ++i)
        add(fm, QRectF(layout.infoRect.left(), layout.infoRect.top() + i * h, layout.infoRect.width(), h),
            Qt::AlignLeft | Qt::AlignVCenter, frame.infoLines[i]);
    return rects;
}

bool HeatmapPainter::valuesFit(const HeatmapLayout &layout, const HeatmapImage &image)
{
    if (image.state() != State::Values || image.cellTexts().isEmpty() || !layout.hasGrid)
        return false;
    const QFontMetricsF fm(layout.valueFont);
    const double margin = 0.6 * layout.lineHeight;
    if (layout.cellSize < fm.height() + 0.1 * layout.lineHeight
        || layout.cellSize < fm.horizontalAdvance(QStringLiteral("0.0000")) + margin)
        return false;
    // Measured once per text: between two drag steps most numbers repeat.
    if (m_valueWidthsFont != layout.valueFont) {
        m_valueWidths.clear();
        m_valueWidthsFont = layout.valueFont;
    }
    double widest = 0.0;
    for (const QString &text : image.cellTexts())
        widest = std::max(widest, m_valueWidths.value(text, [&] { return fm.horizontalAdvance(text); }));
    return layout.cellSize >= widest + margin;
}

QImage HeatmapPainter::composeMatrixLayer(const HeatmapFrame &frame, qreal dpr)
{
    const HeatmapLayout &layout = *frame.layout;
    const QImage &cells = frame.image->cells();
    const QImage &mask = frame.image->mask();
    const QSize size(std::max(1, qCeil(layout.matrixRect.width() * dpr - 1e-6)),
                     std::max(1, qCeil(layout.matrixRect.height() * dpr - 1e-6)));
    const QRectF target(QPointF(0, 0), QSizeF(size));
    QImage layer(size, QImage::Format_ARGB32_Premultiplied);
    layer.fill(frame.theme->maskedFill());
    const bool small = isSmall(layout);
    QPainter painter(&layer);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    if (small)
        painter.drawImage(QPointF(0, 0), enlargedCells(cells, size));
    else
        painter.drawImage(target, cells);

    if (!mask.isNull()) {
        // Hatch the whole layer, keep the hatching only where the mask image is opaque.
        QImage hatch(size, QImage::Format_ARGB32_Premultiplied);
        hatch.fill(Qt::transparent);
        QPainter hatchPainter(&hatch);
        hatchPainter.setRenderHint(QPainter::Antialiasing, true);
        hatchPainter.setPen(QPen(frame.theme->hatchColor(), 1.3 * dpr));
        const double spacing = std::max(5.0, std::round(0.45 * layout.lineHeight)) * dpr;
        const double w = size.width();
        const double h = size.height();
        for (double x = -h; x < w + spacing; x += spacing)
            hatchPainter.drawLine(QPointF(x, h), QPointF(x + h, 0));
        hatchPainter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        hatchPainter.setCompositionMode(QPainter::CompositionMode_DestinationIn);
        if (small)
            hatchPainter.drawImage(QPointF(0, 0), enlargedCells(mask, size));
        else
            hatchPainter.drawImage(target, mask);
        hatchPainter.end();
        painter.drawImage(QPointF(0, 0), hatch);
    }

    // Thin seams separate cells that are big enough to be read one by one.
    const double cellPixels = layout.cellSize * dpr;
    if (cellPixels >= 14.0) {
        painter.setPen(QPen(seamColor(*frame.theme), std::max(1.0, std::floor(dpr))));
        for (int column = 1; column < layout.columns; ++column) {
            const double x = std::round(column * cellPixels);
            painter.drawLine(QLineF(x, 0, x, size.height()));
        }
        for (int row = 1; row < layout.rows; ++row) {
            const double y = std::round(row * cellPixels);
            painter.drawLine(QLineF(0, y, size.width(), y));
        }
    }
    painter.end();
    layer.setDevicePixelRatio(dpr);
    return layer;
}

void HeatmapPainter::paintMatrix(QPainter &painter, const HeatmapFrame &frame, bool cached)
{
    qreal dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    // A vector figure (SVG, PDF) gets the hatched matrix as an image: enough pixels to print it.
    if (painter.paintEngine() && painter.paintEngine()->type() != QPaintEngine::Raster)
        dpr = std::max<qreal>(dpr, 4.0);
    paintCells(painter, frame, cached, dpr);
    strokeRect(painter, frame.layout->matrixRect.adjusted(-0.5, -0.5, 0.5, 0.5), 1.0, frame.theme->zeroAxisColor());
    if (frame.valuesShown)
        paintValues(painter, frame, cached);
    paintOverlays(painter, frame);
}

void HeatmapPainter::paintCells(QPainter &painter, const HeatmapFrame &frame, bool cached, qreal dpr)
{
    const HeatmapLayout &layout = *frame.layout;
    const QImage &cells = frame.image->cells();
    const QRectF &matrix = layout.matrixRect;
    const double cell = layout.cellSize;
    const bool nothingHatched = frame.image->mask().isNull();
    if (nothingHatched && cell * dpr < 14.0) {
        // Nothing to hatch and no seams: the one-pixel-per-cell image goes straight to the
        // screen, scaled without smoothing, with no intermediate picture to compose per step,
        // in bands of rows that stay on this thread (see fillInBands()).
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        const QRect area = matrix.toAlignedRect();
        const int bandHeight = std::max(1, int(kScaledBandRows / dpr));
        for (int top = area.top(); top <= area.bottom(); top += bandHeight) {
            painter.setClipRect(QRect(area.left(), top, area.width(), std::min(bandHeight, area.bottom() + 1 - top)));
            painter.drawImage(matrix, cells);
        }
        painter.restore();
    } else if (nothingHatched && isSmall(layout)) {
        // A small matrix with nothing to hatch: each cell is one crisp rectangle with the seams
        // over them, drawn in device pixels exactly as composeMatrixLayer() would, but with no
        // picture to compose on every drag step.
        painter.save();
        painter.translate(matrix.topLeft());
        painter.scale(1.0 / dpr, 1.0 / dpr);
        const double cellPixels = cell * dpr;
        const double width = std::max(1, qCeil(matrix.width() * dpr - 1e-6));
        const double height = std::max(1, qCeil(matrix.height() * dpr - 1e-6));
        for (int row = 0; row < layout.rows; ++row) {
            const auto *line = reinterpret_cast<const QRgb *>(cells.constScanLine(row));
            const int top = cellEdge(row, layout.rows, height);
            const int bottom = cellEdge(row + 1, layout.rows, height);
            for (int column = 0; column < layout.columns; ++column) {
                const int left = cellEdge(column, layout.columns, width);
                const int right = cellEdge(column + 1, layout.columns, width);
                fillInBands(painter, QRect(left, top, right - left, bottom - top), QColor::fromRgb(line[column]));
            }
        }
        if (cellPixels >= 14.0) {
            // The seams as fills, not lines: Qt rasterises even a one-pixel line as a fill with
            // many spans, which goes to its thread pool like the tall cells.
            const QColor seam = seamColor(*frame.theme);
            const int seamWidth = int(std::max(1.0, std::floor(dpr)));
            for (int column = 1; column < layout.columns; ++column) {
                const int x = int(std::round(column * cellPixels));
                fillInBands(painter, QRect(x - seamWidth / 2, 0, seamWidth, int(height) + 1), seam);
            }
            for (int row = 1; row < layout.rows; ++row) {
                const int y = int(std::round(row * cellPixels));
                painter.fillRect(QRect(0, y - seamWidth / 2, int(width) + 1, seamWidth), seam);
            }
        }
        painter.restore();
    } else if (cached) {
        if (m_layerGeneration != frame.image->generation() || m_layerRect != matrix || m_layerDpr != dpr) {
            m_layer = composeMatrixLayer(frame, dpr);
            m_layerGeneration = frame.image->generation();
            m_layerRect = matrix;
            m_layerDpr = dpr;
        }
        painter.drawImage(matrix.topLeft(), m_layer);
    } else {
        painter.drawImage(matrix.topLeft(), composeMatrixLayer(frame, dpr));
    }
}

void HeatmapPainter::paintValues(QPainter &painter, const HeatmapFrame &frame, bool cached)
{
    const HeatmapLayout &layout = *frame.layout;
    const HeatmapImage &image = *frame.image;
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(layout.valueFont);
    // On screen the shaped texts are kept: laying out every number again on every drag step
    // costs more than drawing it.
    const bool shaped = cached && painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster
        && painter.worldTransform().type() <= QTransform::TxTranslate;
    if (shaped && m_valueTextsFont != layout.valueFont) {
        m_valueTexts.clear();
        m_valueTextsFont = layout.valueFont;
    }
    const double textHeight = QFontMetricsF(layout.valueFont).height();
    const QVector<QString> &texts = image.cellTexts();
    for (int row = 0; row < layout.rows; ++row) {
        for (int column = 0; column < layout.columns; ++column) {
            const QString &text = texts[row * layout.columns + column];
            if (text.isEmpty())
                continue;
            painter.setPen(QColor::fromRgb(image.cellTextColor(row, column)));
            const QRectF cellRect = layout.cellRect(row, column);
            if (!shaped) {
                painter.drawText(cellRect, Qt::AlignCenter, text);
                continue;
            }
            const QStaticText &staticText = m_valueTexts.value(text, [&] {
                QStaticText made(text);
                made.setTextFormat(Qt::PlainText);
                made.setPerformanceHint(QStaticText::AggressiveCaching);
                made.prepare(QTransform(), layout.valueFont);
                return made;
            });
            painter.drawStaticText(QPointF(cellRect.center().x() - staticText.size().width() / 2.0,
                                           cellRect.center().y() - textHeight / 2.0),
                                   staticText);
        }
    }
    painter.restore();
}

void HeatmapPainter::paintOverlays(QPainter &painter, const HeatmapFrame &frame) const
{
    const HeatmapLayout &layout = *frame.layout;
    const Theme &theme = *frame.theme;
    const double h = layout.lineHeight;
    if (frame.image->state() == State::UndefinedRows) {
        painter.save();
        painter.setRenderHint(QPainter::TextAntialiasing, true);
        painter.setFont(layout.boldFont);
        const QFontMetricsF boldFm(layout.boldFont);
        for (int row = 0; row < layout.rows; ++row) {
            if (!frame.image->isUndefinedRow(row) || layout.cellSize < 0.6 * h)
                continue;
            const QRectF rowRect = layout.rowRect(row);
            const QString text = boldFm.elidedText(frame.undefinedRowText, Qt::ElideRight, rowRect.width() - 0.8 * h);
            if (text.isEmpty())
                continue;
            QRectF box(0, 0, boldFm.horizontalAdvance(text) + 0.8 * h,
                       std::min(std::max(h, rowRect.height() - 4), 1.5 * h));
            box.moveCenter(rowRect.center());
            painter.setPen(QPen(theme.errorText(), 1));
            painter.setBrush(theme.labelBacking());
            painter.drawRoundedRect(box, 4, 4);
            painter.drawText(box, Qt::AlignCenter, text);
        }
        painter.restore();
    }

    // The selected row in its query's colour (as everywhere else), over a light rim so that it
    // reads on dark cells too.
    // (Not under a "Predict first" card, whose edge the outline would stick out of.)
    const int selected = frame.cellsCovered ? -1 : frame.outlinedQuery;
    if (selected >= 0 && selected < layout.rows) {
        const double width = std::max(2.0, std::round(0.16 * h * frame.lineWidthFactor));
        const QRectF rowRect = layout.rowRect(selected);
        strokeRect(painter, rowRect.adjusted(0.5, 0.5, -0.5, -0.5), 1.0, theme.cellRimLight());
        strokeRect(painter, rowRect.adjusted(-width / 2, -width / 2, width / 2, width / 2), width, theme.queryColor(selected));
    }

    if (frame.hoveredQuery >= 0 && frame.hoveredKey >= 0 && frame.hoveredQuery < layout.rows
        && frame.hoveredKey < layout.columns) {
        QRectF box = layout.cellRect(frame.hoveredQuery, frame.hoveredKey);
        const double minimum = 0.5 * h;
        if (box.width() < minimum)
            box = QRectF(box.center() - QPointF(minimum / 2, minimum / 2), QSizeF(minimum, minimum));
        paintHoveredCell(painter, frame, box);
    }
}

void HeatmapPainter::paintHoveredCell(QPainter &painter, const HeatmapFrame &frame, const QRectF &box) const
{
    const Theme &theme = *frame.theme;
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (frame.presenting) {
        // The "laser pointer": a bold frame in the theme's highlight colour just outside the
        // cell, over a rim of the background so that it reads on any cell colour.
        const double width = std::max(3.0, std::round(0.2 * frame.layout->lineHeight));
        const QRectF ring = box.adjusted(-width / 2, -width / 2, width / 2, width / 2);
        painter.setPen(QPen(theme.plotBackground(), width + 3.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(ring);
        painter.setPen(QPen(theme.highlightColor(), width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(ring);
    } else {
        painter.setPen(QPen(theme.cellRimLight(), 1.0));
        painter.drawRect(box.adjusted(1.5, 1.5, -1.5, -1.5));
        painter.setPen(QPen(theme.cellRimDark(), 2.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(box.adjusted(-0.5, -0.5, 0.5, 0.5));
    }
    painter.restore();
}

} // namespace attnlens
