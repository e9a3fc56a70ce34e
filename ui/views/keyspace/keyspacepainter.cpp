#include "keyspacepainter.h"

#include "halosprites.h"
#include "textfit.h"

#include <QFontMetricsF>
#include <QPaintEngine>
#include <QPainter>
#include <QPixmap>

#include <algorithm>
#include <cmath>
#include <optional>

namespace attnlens {

namespace {

// Beyond this many points the keys and the unselected arrows are painted once into a picture
// that a drag of the selected query reuses (below, drawing them costs less than blending it).
constexpr int kPointsLayerThreshold = 4;

/// The part of `line` inside `rect` (Liang-Barsky), or nothing when it misses the rectangle.
std::optional<QLineF> clippedToRect(const QLineF &line, const QRectF &rect)
{
    const double dx = line.dx();
    const double dy = line.dy();
    double t0 = 0.0;
    double t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {line.x1() - rect.left(), rect.right() - line.x1(), line.y1() - rect.top(),
                         rect.bottom() - line.y1()};
    for (int k = 0; k < 4; ++k) {
        if (p[k] == 0.0) {
            if (q[k] < 0.0)
                return std::nullopt;
            continue;
        }
        const double t = q[k] / p[k];
        if (p[k] < 0.0)
            t0 = std::max(t0, t);
        else
            t1 = std::min(t1, t);
        if (t0 > t1)
            return std::nullopt;
    }
    return QLineF(line.pointAt(t0), line.pointAt(t1));
}

} // namespace

QColor KeySpacePainter::selectedQueryColor(const KeySpaceScene &s) const
{
    return s.selectedQuery >= 0 ? m_style.theme.queryColor(s.selectedQuery) : m_style.theme.hintColor();
}

bool KeySpacePainter::usesPointsLayer(const KeySpaceScene &scene)
{
    return scene.keyPoints.size() + scene.tips.size() > kPointsLayerThreshold;
}

QRect KeySpacePainter::pointsLayerRect(const KeySpaceScene &s)
{
    // Only as large as what it holds: blending it over the frame costs per pixel.
    const double margin = std::max(s.metrics.tipRadius + 3.0, s.metrics.pointRadius + 6.0);
    QRectF bounds;
    auto include = [&](const QPointF &p) {
        const QRectF box(p.x() - margin, p.y() - margin, 2 * margin, 2 * margin);
        bounds = bounds.isNull() ? box : bounds.united(box);
    };
    for (int j = 0; j < s.keyPoints.size(); ++j) {
        if (s.keyFinite[j])
            include(s.keyPoints[j]);
    }
    include(s.origin);
    for (int i = 0; i < s.tips.size(); ++i) {
        if (i == s.selectedQuery || !s.tipFinite[i])
            continue;
        include(s.tails[i]);
        include(s.tips[i]);
        if (s.lineMode)
            include(QPointF(s.tips[i].x(), s.origin.y()));
    }
    return bounds.intersected(s.plotRect).toAlignedRect();
}

void KeySpacePainter::paintScene(QPainter &painter, const KeySpaceScene &s, bool fillBackground) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(s.metrics.font);
    paintFrame(painter, s, fillBackground);
    painter.save();
    painter.setClipRect(s.plotRect);
    paintData(painter, s, nullptr, QPoint());
    painter.restore();
    paintLabelTexts(painter, s);
    painter.restore();
}

void KeySpacePainter::paintFrame(QPainter &painter, const KeySpaceFrame &s, bool fillBackground) const
{
    const KeySpaceMetrics &m = s.metrics;
    const Theme &theme = m_style.theme;
    const double lineFactor = m_style.lineWidthFactor;
    if (fillBackground)
        painter.fillRect(s.bounds, theme.viewBackground());
    painter.fillRect(s.plotRect, s.hasResult ? theme.plotBackground() : theme.undefinedBackground());

    // Grid, zero axes and frame.
    painter.setPen(QPen(theme.gridColor(), std::min(2.0, lineFactor)));
    for (double x : s.xTicks) {
        const double px = s.axes.toPixelX(x);
        painter.drawLine(QPointF(px, s.plotRect.top()), QPointF(px, s.plotRect.bottom()));
    }
    for (double y : s.yTicks) {
        const double py = s.axes.toPixelY(y);
        painter.drawLine(QPointF(s.plotRect.left(), py), QPointF(s.plotRect.right(), py));
    }
    painter.setPen(QPen(theme.zeroAxisColor(), 1.3 * lineFactor));
    if (s.lineMode) {
        painter.drawLine(QPointF(s.plotRect.left(), s.origin.y()), QPointF(s.plotRect.right(), s.origin.y()));
        for (double x : s.xTicks) {
            const double px = s.axes.toPixelX(x);
            painter.drawLine(QPointF(px, s.origin.y() - 0.5 * m.tickLength),
                             QPointF(px, s.origin.y() + 0.5 * m.tickLength));
        }
    } else {
        if (s.origin.x() >= s.plotRect.left() && s.origin.x() <= s.plotRect.right())
            painter.drawLine(QPointF(s.origin.x(), s.plotRect.top()), QPointF(s.origin.x(), s.plotRect.bottom()));
        if (s.origin.y() >= s.plotRect.top() && s.origin.y() <= s.plotRect.bottom())
            painter.drawLine(QPointF(s.plotRect.left(), s.origin.y()), QPointF(s.plotRect.right(), s.origin.y()));
    }
    painter.setPen(QPen(theme.frameColor(), std::min(2.0, lineFactor)));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(s.plotRect);

    // Ticks and their values outside the plot.
    painter.setPen(QPen(theme.textColor(), std::min(2.0, lineFactor)));
    for (int k = 0; k < s.xTicks.size(); ++k) {
        const double px = s.axes.toPixelX(s.xTicks[k]);
        painter.drawLine(QPointF(px, s.plotRect.bottom()), QPointF(px, s.plotRect.bottom() + m.tickLength));
        // Centred in a box as wide as the tick spacing, which buildFrame made wide enough.
        const double width = s.step * s.axes.xPixelsPerUnit();
        painter.drawText(QRectF(px - width / 2, s.plotRect.bottom() + m.tickLength + 0.4 * m.pad,
                                width, m.lineHeight),
                         Qt::AlignCenter, s.xTickLabels[k]);
    }
    for (int k = 0; k < s.yTicks.size(); ++k) {
        const double py = s.axes.toPixelY(s.yTicks[k]);
        painter.drawLine(QPointF(s.plotRect.left() - m.tickLength, py), QPointF(s.plotRect.left(), py));
        painter.drawText(QRectF(s.bounds.left(), py - m.lineHeight / 2,
                                s.plotRect.left() - m.tickLength - 0.5 * m.pad - s.bounds.left(), m.lineHeight),
                         Qt::AlignRight | Qt::AlignVCenter, s.yTickLabels[k]);
    }
    const double xTitleTop = s.plotRect.bottom() + m.tickLength + 0.8 * m.pad + m.lineHeight;
    painter.drawText(QRectF(s.plotRect.left(), xTitleTop, s.plotRect.width(), m.lineHeight),
                     Qt::AlignCenter, s.xTitle);
    if (!s.yTitle.isEmpty() && stacksUpright(s.yTitle)) {
        // Chinese reads down a column with every character upright, not turned on its side.
        painter.drawText(QRectF(s.bounds.left() + m.pad, s.plotRect.top(), m.lineHeight, s.plotRect.height()), Qt::AlignCenter, uprightColumn(s.yTitle));
    } else if (!s.yTitle.isEmpty()) {
        painter.save();
        painter.translate(s.bounds.left() + m.pad + m.lineHeight / 2, s.plotRect.center().y());
        painter.rotate(-90.0);
        painter.drawText(QRectF(-s.plotRect.height() / 2, -m.lineHeight / 2, s.plotRect.height(), m.lineHeight),
                         Qt::AlignCenter, s.yTitle);
        painter.restore();
    }

    // The note about an undefined result.
    if (!s.noteRect.isNull()) {
        painter.setPen(QPen(theme.noteBorder(), 1.2 * lineFactor));
        painter.setBrush(theme.noteBackground());
        painter.drawRoundedRect(s.noteRect, 4, 4);
        painter.setPen(theme.noteText());
        painter.drawText(s.noteRect.adjusted(m.pad, 0.5 * m.pad, -m.pad, 0),
                         Qt::TextWordWrap | Qt::AlignLeft | Qt::AlignTop, s.note);
    }

    // Caption: the interaction hint (or, in an export, which dimensions are shown).
    if (!s.caption.isEmpty()) {
        painter.setPen(theme.hintColor());
        const QRectF captionText = s.captionRect.adjusted(m.pad, 0, -m.pad, 0);
        painter.drawText(captionText, Qt::AlignRight | Qt::AlignVCenter, s.caption);
    }
}

void KeySpacePainter::paintData(QPainter &painter, const KeySpaceScene &s, const QPixmap *pointsLayer,
                             const QPoint &layerOrigin, HaloSprites *haloSprites) const
{
    auto paintStill = [&] {
        if (pointsLayer)
            painter.drawPixmap(layerOrigin, *pointsLayer);
        else
            paintPoints(painter, s);
    };
    if (s.denseKeys) {
        // In a crowd the few things that carry the lesson go over the cloud of points: the
        // projections, the halos of the heaviest keys (their points drawn again on top) and the
        // labels' backings, so that no dot shows through a label.
        paintStill();
        paintGuides(painter, s);
        paintHalos(painter, s, haloSprites);
        for (int j = 0; j < s.keyPoints.size(); ++j) {
            if (s.haloDrawn[j] || j == s.hoveredKey)
                paintKey(painter, s, j);
        }
        paintLabelBackings(painter, s);
    } else {
        // Label backings go under the halos and points (so neither is ever notched or hidden)
        // but over the grid and the projection lines (so no line cuts through text).
        paintGuides(painter, s);
        paintLabelBackings(painter, s);
        paintHalos(painter, s, haloSprites);
        paintStill();
    }
    if (s.selectedQuery >= 0)
        paintArrow(painter, s, s.selectedQuery);
}

void KeySpacePainter::paintGuides(QPainter &painter, const KeySpaceScene &s) const
{
    const int keyCount = int(s.keyPoints.size());
    const QColor selectedColor = selectedQueryColor(s);

    if (!s.queryDirectionLine.isNull()) {
        // Dashing a line reaching far outside the plot costs a dash per dot: clip it first.
        const std::optional<QLineF> visible = clippedToRect(s.queryDirectionLine, s.plotRect.adjusted(-2, -2, 2, 2));
        if (visible) {
            QColor lineColor = selectedColor;
            lineColor.setAlphaF(0.35);
            painter.setPen(QPen(lineColor, 1.0, Qt::DotLine));
            painter.drawLine(*visible);
        }
    }
    for (int j = 0; j < keyCount; ++j) {
        if (!s.showProjection[j])
            continue;
        QColor lineColor = selectedColor;
        lineColor.setAlphaF(j == s.hoveredKey ? 0.9 : 0.6);
        QPen pen(lineColor, j == s.hoveredKey ? 2.0 : 1.4, Qt::DashLine);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLine(s.keyPoints[j], s.projectionFeet[j]);
        painter.setPen(Qt::NoPen);
        painter.setBrush(lineColor);
        painter.drawEllipse(s.projectionFeet[j], 2.5, 2.5);
    }

    QColor leaderColor = m_style.theme.hintColor();
    leaderColor.setAlpha(170);
    painter.setPen(QPen(leaderColor, m_style.lineWidthFactor));
    for (const QLineF &leader : s.leaders)
        painter.drawLine(leader);
}

void KeySpacePainter::paintLabelBackings(QPainter &painter, const KeySpaceScene &s) const
{
    // Three plain fills per label, its corners cut by a pixel, rather than an antialiased
    // rounded rectangle: that is a fill of more than ~96 spans, which Qt's raster engine splits
    // over its global thread pool and waits for, and on two cores the hand-off cost more than the
    // fill and showed as the slowest drag steps.
    const QColor backing = m_style.theme.labelBacking();
    const bool raster = painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster;
    painter.setPen(Qt::NoPen);
    painter.setBrush(backing);
    auto fillBacking = [&](const QRectF &rect) {
        if (!raster) {
            // A vector figure (SVG, PDF): one shape, so that no viewer shows seams between fills.
            painter.drawRoundedRect(rect, 3, 3);
            return;
        }
        const QRect r = rect.toAlignedRect();
        if (r.width() < 3 || r.height() < 3) {
            painter.fillRect(r, backing);
            return;
        }
        painter.fillRect(QRect(r.left() + 1, r.top(), r.width() - 2, 1), backing);
        painter.fillRect(QRect(r.left(), r.top() + 1, r.width(), r.height() - 2), backing);
        painter.fillRect(QRect(r.left() + 1, r.bottom(), r.width() - 2, 1), backing);
    };
    for (const QRectF &rect : s.queryLabelRects) {
        if (!rect.isNull())
            fillBacking(rect);
    }
    for (const QRectF &rect : s.keyLabelRects) {
        if (!rect.isNull())
            fillBacking(rect);
    }
}

void KeySpacePainter::paintHalos(QPainter &painter, const KeySpaceScene &s, HaloSprites *sprites) const
{
    // Radius and opacity grow with the weight for the selected query.
    const QColor selectedColor = selectedQueryColor(s);
    const qreal dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    for (int j = 0; j < s.keyPoints.size(); ++j) {
        if (!s.haloDrawn[j])
            continue;
        if (sprites)
            sprites->drawHalo(painter, s.keyPoints[j], s.haloRadii[j], selectedColor, s.haloAlphas[j], dpr);
        else
            HaloSprites::paintHalo(painter, s.keyPoints[j], s.haloRadii[j], selectedColor, s.haloAlphas[j]);
    }
}

void KeySpacePainter::paintKey(QPainter &painter, const KeySpaceScene &s, int j) const
{
    if (!s.keyFinite[j])
        return;
    const KeySpaceMetrics &m = s.metrics;
    const QPointF p = s.keyPoints[j];
    const Theme &theme = m_style.theme;
    if (j == s.hoveredKey)
        paintHoverRing(painter, p, m.pointRadius + 4, m, m_style.theme.keyColor());
    // An outlined disc as two filled ones (outline colour, then the inside): the same pixels as
    // a stroked ellipse for a fraction of the work, which counts with hundreds of keys.
    const double outline = (s.keyMasked[j] ? 1.0 : 0.75) * m_style.lineWidthFactor;
    painter.setPen(Qt::NoPen);
    painter.setBrush(s.keyMasked[j] ? theme.maskedColor() : theme.plotBackground());
    painter.drawEllipse(p, m.pointRadius + outline, m.pointRadius + outline);
    painter.setBrush(s.keyMasked[j] ? theme.plotBackground() : m_style.theme.keyColor());
    painter.drawEllipse(p, m.pointRadius - outline, m.pointRadius - outline);
}

void KeySpacePainter::paintPoints(QPainter &painter, const KeySpaceScene &s) const
{
    const int queryCount = int(s.tips.size());
    const int keyCount = int(s.keyPoints.size());

    // Keys: masked ones first, so that an allowed key at the same place stays visibly filled.
    for (int j = 0; j < keyCount; ++j) {
        if (s.keyMasked[j])
            paintKey(painter, s, j);
    }
    for (int j = 0; j < keyCount; ++j) {
        if (!s.keyMasked[j])
            paintKey(painter, s, j);
    }

    // The origin and the query arrows; the selected one goes on top later.
    painter.setPen(Qt::NoPen);
    painter.setBrush(m_style.theme.textColor());
    if (!s.lineMode)
        painter.drawEllipse(s.origin, 2.5, 2.5);
    for (int i = 0; i < queryCount; ++i) {
        if (i != s.selectedQuery)
            paintArrow(painter, s, i);
    }
}

void KeySpacePainter::paintArrow(QPainter &painter, const KeySpaceScene &s, int i) const
{
    if (i < 0 || i >= s.tips.size() || !s.tipFinite[i])
        return;
    const KeySpaceMetrics &m = s.metrics;
    const bool emphasised = i == s.selectedQuery || i == s.hoveredQuery;
    const QColor color = m_style.theme.queryColor(i);
    const QPointF tail = s.tails[i];
    const QPointF tip = s.tips[i];
    if (s.denseQueries && !emphasised) {
        // In a crowd the other queries are thin strokes with a dot at the tip: the selected
        // arrow and its halos stay readable, and every tip can still be grabbed.
        QColor thin = color;
        thin.setAlphaF(0.55);
        painter.setPen(QPen(thin, 1.0));
        painter.drawLine(tail, tip);
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(tip, 2.2, 2.2);
        return;
    }
    // Thicker in the projector theme and in presentation mode, so the arrows read from afar.
    const double lineFactor = m_style.lineWidthFactor;
    const double width = m.arrowWidth * (i == s.selectedQuery ? 1.5 : 1.0) * lineFactor;
    const QLineF shaft(tail, tip);
    const double length = shaft.length();
    if (s.lineMode) {
        // A faint stem from the tip down to the number line shows where the tip reads.
        QColor stem = color;
        stem.setAlphaF(0.5);
        painter.setPen(QPen(stem, 1.0, Qt::DotLine));
        painter.drawLine(tip, QPointF(tip.x(), s.origin.y()));
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawEllipse(tail, 2.0, 2.0);
    }
    if (length > 0.5) {
        const double head = std::min(m.arrowHeadLength * (i == s.selectedQuery ? 1.15 : 1.0)
                                         * std::sqrt(lineFactor),
                                     0.6 * length);
        const QPointF unit = (tip - tail) / length;
        const QPointF normal(-unit.y(), unit.x());
        const QPointF base = tip - unit * head;
        QPen pen(color, width);
        pen.setCapStyle(Qt::FlatCap);
        painter.setPen(pen);
        painter.drawLine(tail, base + unit * 0.5);
        const QPointF headPoints[3] = {tip, base + normal * head * 0.42, base - normal * head * 0.42};
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawPolygon(headPoints, 3);
    }
    // The handle the user grabs.
    painter.setPen(QPen(color, (emphasised ? 2.2 : 1.2) * lineFactor));
    painter.setBrush(Qt::NoBrush);
    const double handle = m.tipRadius + (i == s.hoveredQuery ? 2.0 : 0.0);
    painter.drawEllipse(tip, handle, handle);
    if (i == s.hoveredQuery)
        paintHoverRing(painter, tip, handle + 3.0, m, QColor());
}

void KeySpacePainter::paintLabelTexts(QPainter &painter, const KeySpaceScene &s) const
{
    const int queryCount = int(s.tips.size());
    const int keyCount = int(s.keyPoints.size());
    const QColor selectedColor = selectedQueryColor(s);
    const Theme &theme = m_style.theme;
    // The labels' own size (smaller than the plot's text where that left a label no place).
    const double lineHeight = s.labelLineHeight;
    const double padX = 0.25 * lineHeight;
    const double padY = 0.08 * lineHeight;
    // Labels repeat from frame to frame (names, and most q.k values between two drag steps):
    // their shaped text is kept rather than laid out again on every paint.
    if (m_staticTextsFont != s.labelFont) {
        m_staticTexts.clear();
        m_staticTextsFont = s.labelFont;
    }
    const QFont plotFont = painter.font();
    painter.setFont(s.labelFont);
    const double lineOffset = 0.5 * (lineHeight - QFontMetricsF(s.labelFont).height());
    auto drawLabel = [&](const QRectF &rect, const QStringList &lines, const QColor &first,
                         const QColor &rest) {
        for (int line = 0; line < lines.size(); ++line) {
            const QStaticText &text = m_staticTexts.value(lines[line], [&] {
                QStaticText shaped(lines[line]);
                shaped.setTextFormat(Qt::PlainText);
                shaped.setPerformanceHint(QStaticText::AggressiveCaching);
                return shaped;
            });
            painter.setPen(line == 0 ? first : rest);
            painter.drawStaticText(QPointF(rect.left() + padX,
                                           rect.top() + padY + line * lineHeight + lineOffset),
                                   text);
        }
    };
    for (int i = 0; i < queryCount; ++i) {
        if (!s.queryLabelRects[i].isNull())
            drawLabel(s.queryLabelRects[i], s.queryLabelLines[i], theme.readableText(m_style.theme.queryColor(i)),
                      theme.textColor());
    }
    for (int j = 0; j < keyCount; ++j) {
        if (s.keyLabelRects[j].isNull())
            continue;
        drawLabel(s.keyLabelRects[j], s.keyLabelLines[j], s.keyMasked[j] ? theme.maskedColor() : m_style.theme.keyColor(),
                  s.keyMasked[j] ? theme.maskedColor() : theme.readableText(selectedColor));
    }
    painter.setFont(plotFont);
}

void KeySpacePainter::paintHoverRing(QPainter &painter, const QPointF &centre, double radius,
                                  const KeySpaceMetrics &m, const QColor &normalColor) const
{
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (m_style.presenting) {
        // The "laser pointer": a bold ring in the theme's highlight colour, over a thin rim of
        // the plot background so that it reads on a halo or an arrow too.
        const double width = std::max(3.0, 0.2 * m.lineHeight);
        const double r = radius + 0.25 * m.lineHeight;
        painter.setPen(QPen(m_style.theme.plotBackground(), width + 3.0));
        painter.drawEllipse(centre, r, r);
        painter.setPen(QPen(m_style.theme.highlightColor(), width));
        painter.drawEllipse(centre, r, r);
    } else if (normalColor.isValid()) {
        painter.setPen(QPen(normalColor, 2.0 * m_style.lineWidthFactor));
        painter.drawEllipse(centre, radius, radius);
    }
    painter.restore();
}

void KeySpacePainter::paintKeyboardTarget(QPainter &painter, const KeySpaceScene &s, int keyRow,
                                          const QColor &focusColor) const
{
    if (keyRow < 0 || keyRow >= s.keyPoints.size() || (keyRow < s.keyFinite.size() && !s.keyFinite[keyRow]))
        return;
    const double radius = s.metrics.hitRadius + 3.0;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setBrush(Qt::NoBrush);
    // A rim of the plane's background under the dashes, so that they read on a halo too.
    painter.setPen(QPen(m_style.theme.plotBackground(), 4.0));
    painter.drawEllipse(s.keyPoints[keyRow], radius, radius);
    painter.setPen(QPen(focusColor, 2.0, Qt::DashLine));
    painter.drawEllipse(s.keyPoints[keyRow], radius, radius);
    painter.restore();
}

} // namespace attnlens
