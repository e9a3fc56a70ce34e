#include "maskgridpainter.h"

#include "scenario.h"
#include "theme.h"

#include <QFontMetrics>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace attnlens {

MaskGridPainter::MaskGridPainter(const MaskGridGeometry &geometry, const State &state)
    : m_geometry(geometry)
    , m_state(state)
    , m_theme(*state.theme)
{
    Q_ASSERT(state.scenario && state.theme && state.emptyRows);
}

bool MaskGridPainter::isEmptyRow(int queryRow) const
{
    const std::vector<bool> &rows = *m_state.emptyRows;
    return queryRow >= 0 && static_cast<size_t>(queryRow) < rows.size() && rows[static_cast<size_t>(queryRow)];
}

void MaskGridPainter::fillCoarseImage(QImage &image, const MaskGridGeometry &geometry,
                                      const Scenario &scenario, const std::vector<bool> &emptyRows,
                                      const Theme &theme, const QColor &background,
                                      qreal devicePixelRatio)
{
    const QRect grid = geometry.gridRect();
    if (geometry.isEmpty() || grid.isEmpty()) {
        image = QImage();
        return;
    }
    const qreal ratio = devicePixelRatio;
    const int deviceWidth = static_cast<int>(std::ceil(grid.width() * ratio));
    const int deviceHeight = static_cast<int>(std::ceil(grid.height() * ratio));
    if (image.size() != QSize(deviceWidth, deviceHeight) || image.format() != QImage::Format_RGB32)
        image = QImage(deviceWidth, deviceHeight, QImage::Format_RGB32);
    image.setDevicePixelRatio(ratio);

    // Each device pixel takes the cell its centre falls in, as a click there would.
    std::vector<int> columnOfPixel(static_cast<size_t>(deviceWidth));
    for (int x = 0; x < deviceWidth; ++x) {
        const int logical = grid.left() + static_cast<int>(std::floor((x + 0.5) / ratio));
        columnOfPixel[static_cast<size_t>(x)] = geometry.columnAt(logical);
    }
    const Theme::MaskGridColors &colors = theme.maskGrid();
    const QRgb allowed = colors.allowed.rgb();
    const QRgb blocked = colors.blocked.rgb();
    const QRgb emptyRow = colors.undefinedRow.rgb();
    const QRgb outside = background.rgb();
    for (int y = 0; y < deviceHeight; ++y) {
        const int logical = grid.top() + static_cast<int>(std::floor((y + 0.5) / ratio));
        const int row = geometry.rowAt(logical);
        auto *line = reinterpret_cast<QRgb *>(image.scanLine(y));
        for (int x = 0; x < deviceWidth; ++x) {
            const int column = columnOfPixel[static_cast<size_t>(x)];
            if (row < 0 || column < 0)
                line[x] = outside;
            else if (emptyRows[static_cast<size_t>(row)])
                line[x] = emptyRow;
            else
                line[x] = scenario.isAllowed(row, column) ? allowed : blocked;
        }
    }
}

void MaskGridPainter::paint(QPainter &painter) const
{
    const QRect whole(QPoint(0, 0), m_geometry.size());
    painter.fillRect(whole, m_state.background);
    painter.setFont(m_geometry.font());
    if (m_geometry.isEmpty()) {
        const int margin = m_geometry.margin();
        painter.setPen(m_theme.textColor());
        painter.drawText(whole.adjusted(margin, margin, -margin, -margin),
                         Qt::AlignCenter | Qt::TextWordWrap, m_state.emptyMessage);
        paintBanner(painter);
        return;
    }
    paintColumnLabels(painter);
    paintRowLabels(painter);
    if (m_geometry.isDetailed())
        paintCellsDetailed(painter);
    else if (m_state.coarseImage && !m_state.coarseImage->isNull())
        painter.drawImage(m_geometry.gridRect().topLeft(), *m_state.coarseImage);
    paintEmptyRowMarks(painter);
    paintRealKeyRow(painter);
    paintOutlines(painter);
    paintBanner(painter);
}

void MaskGridPainter::paintColumnLabels(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const int hovered = m_state.hoveredKey;
    // The hovered key is named in bold, and written even between thinned names if it has room.
    for (MaskGridGeometry::Label label : g.columnLabels(hovered)) {
        const bool bold = label.index == hovered;
        painter.setPen(bold ? m_theme.textColor() : m_theme.keyColor());
        painter.setFont(bold ? g.boldFont() : g.font());
        // The box fits the name in the regular font: in bold it grows about its centre.
        if (bold && label.rotation == 0.0)
            label.alignment |= Qt::TextDontClip;
        MatrixLabelLayout::draw(painter, label);
    }
    painter.setFont(g.font());
}

void MaskGridPainter::paintRowLabels(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const QRect grid = g.gridRect();
    const int lineHeight = g.lineHeight();
    const int rows = g.queryCount();
    const int selected = m_state.selectedQuery;
    const int hovered = m_state.hoveredQuery;
    const int labelGap = g.labelGap();
    const int swatchWidth = g.swatchWidth();
    const int swatchLeft = grid.left() - labelGap / 2 - swatchWidth;
    const int textRight = swatchLeft - labelGap / 2;
    const bool everyRow = g.rowLabelStep() == 1;

    for (int i = 0; i < rows; ++i) {
        const int y0 = g.rowEdge(i);
        const int y1 = g.rowEdge(i + 1);
        if (y1 <= y0)
            continue;
        if (everyRow) {
            const int h = std::min(y1 - y0 - 2, lineHeight);
            painter.fillRect(QRect(swatchLeft, (y0 + y1 - h) / 2, swatchWidth, h), m_theme.queryColor(i));
        }
        if (i == selected && everyRow) {
            QColor tint = m_theme.queryColor(i);
            tint.setAlpha(32);
            painter.fillRect(QRect(QPoint(g.rowLabelArea().left(), y0), QPoint(textRight, y1 - 1)), tint);
        }
    }

    for (const MaskGridGeometry::Label &label : g.rowLabels()) {
        const int i = label.index;
        const bool emphasise = i == selected || i == hovered;
        painter.setFont(emphasise ? g.boldFont() : g.font());
        painter.setPen(isEmptyRow(i) ? m_theme.maskGrid().refusal : m_theme.textColor());
        MatrixLabelLayout::draw(painter, label);
        if (!everyRow) {
            // A thinned name points at its row with a line in the query's colour.
            const int centre = (g.rowEdge(i) + g.rowEdge(i + 1)) / 2;
            painter.setPen(QPen(m_theme.queryColor(i), 2));
            painter.drawLine(QPoint(swatchLeft, centre), QPoint(grid.left() - 2, centre));
        }
    }
    painter.setFont(g.font());

    // The selected query also gets a pointer when its label is thinned away.
    if (!everyRow && selected >= 0 && selected < rows) {
        const double centre = (g.rowEdge(selected) + g.rowEdge(selected + 1)) / 2.0;
        const double size = lineHeight / 2.5;
        QPainterPath arrow;
        arrow.moveTo(grid.left() - 2, centre);
        arrow.lineTo(grid.left() - 2 - size, centre - size);
        arrow.lineTo(grid.left() - 2 - size, centre + size);
        arrow.closeSubpath();
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.fillPath(arrow, m_theme.queryColor(selected));
        painter.setRenderHint(QPainter::Antialiasing, false);
    }
}

void MaskGridPainter::paintCellsDetailed(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const Scenario &scenario = *m_state.scenario;
    const Theme::MaskGridColors &colors = m_theme.maskGrid();
    const int rows = g.queryCount();
    const int columns = g.keyCount();
    const int gap = g.drawsGaps() ? 1 : 0;
    const QBrush hatch(colors.blockedHatch, Qt::BDiagPattern);
    const double crossWidth = std::clamp(std::min(g.rowEdge(1) - g.rowEdge(0),
                                                  g.columnEdge(1) - g.columnEdge(0)) / 18.0,
                                         1.5, 3.0);
    const QPen crossPen(colors.blockedCross, crossWidth, Qt::SolidLine, Qt::RoundCap);

    for (int i = 0; i < rows; ++i) {
        const bool emptyRow = isEmptyRow(i);
        for (int j = 0; j < columns; ++j) {
            const QRect cell = g.cellRect(i, j).adjusted(0, 0, -gap, -gap);
            if (cell.isEmpty())
                continue;
            if (scenario.isAllowed(i, j)) {
                painter.fillRect(cell, colors.allowed);
                continue;
            }
            painter.fillRect(cell, emptyRow ? colors.undefinedRow : colors.blocked);
            painter.fillRect(cell, hatch);
            if (g.drawsCrosses()) {
                // Two thirds of the cell, but never larger than a glyph or two.
                const int side = std::min(std::min(cell.width(), cell.height()) * 2 / 3,
                                          g.lineHeight() * 3 / 2);
                QRect box(0, 0, side, side);
                box.moveCenter(cell.center());
                painter.setRenderHint(QPainter::Antialiasing, true);
                painter.setPen(crossPen);
                painter.drawLine(box.topLeft(), box.bottomRight());
                painter.drawLine(box.topRight(), box.bottomLeft());
                painter.setRenderHint(QPainter::Antialiasing, false);
            }
        }
    }
}

void MaskGridPainter::paintEmptyRowMarks(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const QColor refusal = m_theme.maskGrid().refusal;
    const int lineHeight = g.lineHeight();
    painter.setFont(g.boldFont());
    for (int i = 0; i < g.queryCount(); ++i) {
        if (!isEmptyRow(i))
            continue;
        const QRect row = g.rowRect(i);
        painter.setPen(QPen(refusal, 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(row.adjusted(1, 1, -1, -1));
        if (row.height() < lineHeight)
            continue;
        const int textWidth = g.undefinedTextWidth() + lineHeight / 2;
        QRect badge(0, 0, textWidth, lineHeight);
        if (row.width() >= textWidth) {
            badge.moveCenter(row.center());
            painter.fillRect(badge, m_theme.labelBacking());
        } else if (g.size().width() - g.margin() - row.right() >= textWidth + lineHeight / 2) {
            // Too narrow to write inside: written beside the row instead.
            badge.moveCenter(QPoint(row.right() + lineHeight / 2 + textWidth / 2, row.center().y()));
        } else {
            continue;  // the banner below names the row
        }
        painter.setPen(refusal);
        painter.drawText(badge, Qt::AlignCenter, g.undefinedText());
    }
    painter.setFont(g.font());
}

void MaskGridPainter::paintRealKeyRow(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    if (g.realKeyStrip().isEmpty())
        return;
    const Theme::MaskGridColors &colors = m_theme.maskGrid();
    painter.setPen(m_theme.textColor());
    painter.drawText(g.realKeyLabelRect(), Qt::AlignRight | Qt::AlignVCenter, g.realKeyLabel());
    const int columns = g.keyCount();
    for (int j = 0; j < columns; ++j) {
        const QRect cell = g.realKeyRect(j);
        if (cell.width() <= 0)
            continue;
        const bool real = m_state.isRealKey ? m_state.isRealKey(j) : true;
        const int side = std::min(std::min(cell.width(), cell.height()) - 4, g.lineHeight());
        if (side < 8) {
            const int gap = cell.width() >= 4 ? 1 : 0;
            painter.fillRect(cell.adjusted(0, 0, -gap, 0), real ? colors.allowed : colors.blocked);
            continue;
        }
        QRect box(0, 0, side, side);
        box.moveCenter(cell.center());
        painter.setRenderHint(QPainter::Antialiasing, true);
        if (real) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors.allowed);
            painter.drawRoundedRect(box, 2, 2);
            QPainterPath check;
            check.moveTo(box.left() + side * 0.22, box.top() + side * 0.52);
            check.lineTo(box.left() + side * 0.42, box.top() + side * 0.72);
            check.lineTo(box.left() + side * 0.78, box.top() + side * 0.30);
            painter.setPen(QPen(colors.allowedMark, std::max(1.5, side / 8.0), Qt::SolidLine,
                                Qt::RoundCap, Qt::RoundJoin));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(check);
        } else {
            // An empty box, open to the plot's background.
            painter.setPen(QPen(colors.blockedCross, 1.2));
            painter.setBrush(m_theme.plotBackground());
            painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);
    }
    painter.setBrush(Qt::NoBrush);
}

void MaskGridPainter::paintOutlines(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const Theme::MaskGridColors &colors = m_theme.maskGrid();
    const auto visible = [](QRect r) {
        // Tiny cells still get an outline the eye can find.
        const int minimum = 7;
        if (r.width() < minimum || r.height() < minimum) {
            const QPoint centre = r.center();
            r.setSize(QSize(std::max(r.width(), minimum), std::max(r.height(), minimum)));
            r.moveCenter(centre);
        }
        return r;
    };
    painter.setBrush(Qt::NoBrush);

    const QRect hovered = g.cellRect(m_state.hoveredQuery, m_state.hoveredKey);
    if (!hovered.isEmpty()) {
        painter.setPen(QPen(colors.hoverOutline, 2));
        painter.drawRect(visible(hovered).adjusted(1, 1, -1, -1));
    }

    if (m_state.showFocusCell) {
        const QRect focus = m_state.focusQueryRow == g.queryCount()
            ? g.realKeyRect(m_state.focusKeyRow)
            : g.cellRect(m_state.focusQueryRow, m_state.focusKeyRow);
        if (!focus.isEmpty()) {
            const QRect r = visible(focus);
            painter.setPen(QPen(colors.focusHalo, 1));
            painter.drawRect(r.adjusted(2, 2, -3, -3));
            painter.setPen(QPen(m_state.focusColor.darker(130), 2, Qt::DashLine));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        }
    }

    if (m_state.flashQueryRow >= 0 && m_state.flashStrength > 0.0) {
        const QRect target = m_state.flashKeyRow >= 0
            ? g.cellRect(m_state.flashQueryRow, m_state.flashKeyRow)
            : g.rowRect(m_state.flashQueryRow);
        if (!target.isEmpty()) {
            QColor color = colors.refusalFlash;
            color.setAlphaF(m_state.flashStrength);
            painter.setPen(QPen(color, 3));
            painter.drawRect(visible(target).adjusted(1, 1, -2, -2));
        }
    }
}

void MaskGridPainter::paintBanner(QPainter &painter) const
{
    const MaskGridGeometry &g = m_geometry;
    const QRect banner = g.bannerRect();
    if (banner.isEmpty() || g.bannerText().isEmpty())
        return;
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(m_theme.maskGrid().refusal, 1));
    painter.setBrush(m_theme.noteBackground());
    painter.drawRoundedRect(QRectF(banner).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(m_theme.noteText());
    const int pad = g.lineHeight() / 4;
    const int inset = g.lineHeight() / 2;
    painter.drawText(banner.adjusted(inset, pad, -inset, -pad),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, g.bannerText());
}

} // namespace attnlens
