#include "bottlenecklabpainter.h"

#include "attentionresult.h"
#include "bottleneckcontexts.h"
#include "numberformat.h"
#include "scenario.h"
#include "textfit.h"
#include "theme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr int kMaxTableRows = 8;

bool planesDrawable(const Scenario &s)
{
    return s.keyDimension() == 2 && s.valueDimension() == 2 && s.keyCount() > 0;
}

double roundedUpToHalf(double value)
{
    return std::ceil(value * 2.0) / 2.0;
}

/// A label beside `anchor`, pushed away from `centre` so that it does not sit on the point.
void drawLabelAway(QPainter &painter, const QPointF &anchor, const QPointF &centre, const QString &text,
                   const QColor &color, const Theme &theme, double gap, const QRectF &bounds)
{
    const QFontMetricsF fm(painter.font());
    const QSizeF size(fm.horizontalAdvance(text) + 4, fm.height());
    QPointF direction = anchor - centre;
    const double length = std::hypot(direction.x(), direction.y());
    direction = length > 1e-9 ? direction / length : QPointF(1, -1) / std::sqrt(2.0);
    QPointF topLeft = anchor + direction * gap;
    if (direction.x() < -0.3)
        topLeft.rx() -= size.width();
    else if (std::abs(direction.x()) <= 0.3)
        topLeft.rx() -= size.width() / 2;
    if (direction.y() < -0.3)
        topLeft.ry() -= size.height();
    else if (std::abs(direction.y()) <= 0.3)
        topLeft.ry() -= size.height() / 2;
    QRectF rect(topLeft, size);
    // Kept inside the plane, so that no name is cut at the lab's edge.
    rect.moveLeft(std::clamp(rect.left(), bounds.left(), std::max(bounds.left(), bounds.right() - rect.width())));
    rect.moveTop(std::clamp(rect.top(), bounds.top(), std::max(bounds.top(), bounds.bottom() - rect.height())));
    painter.fillRect(rect, theme.labelBacking());
    painter.setPen(color);
    painter.drawText(rect, Qt::AlignCenter, text);
}

void drawArrow(QPainter &painter, const QPointF &from, const QPointF &to, double headLength)
{
    painter.drawLine(from, to);
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1e-6)
        return;
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(headLength, 0.5 * length);
    QPainterPath path;
    path.moveTo(to);
    path.lineTo(to - u * head + n * head * 0.45);
    path.lineTo(to - u * head - n * head * 0.45);
    path.closeSubpath();
    painter.fillPath(path, painter.pen().color());
}

/// A disc in a query's colour with the query's number (from 1) written inside, in black or
/// white, whichever reads on the colour.
void drawNumberedDisc(QPainter &painter, const QPointF &centre, double radius, const QColor &color, int number,
                      const Theme &theme, double lineWidthFactor)
{
    painter.setPen(QPen(theme.plotBackground(), 1.5 * lineWidthFactor));
    painter.setBrush(color);
    painter.drawEllipse(centre, radius, radius);
    QFont font = painter.font();
    font.setBold(true);
    font.setPixelSize(std::max(6, static_cast<int>(std::lround(1.4 * radius))));
    painter.save();
    painter.setFont(font);
    painter.setPen(qGray(color.rgb()) > 150 ? QColor(Qt::black) : QColor(Qt::white));
    painter.drawText(QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius), Qt::AlignCenter,
                     QString::number(number));
    painter.restore();
}

QPolygonF diamond(const QPointF &centre, double radius)
{
    return QPolygonF({centre + QPointF(0, -radius), centre + QPointF(radius, 0), centre + QPointF(0, radius),
                      centre + QPointF(-radius, 0)});
}

} // namespace

QPointF BottleneckLabPainter::Frame::keyToPoint(double x, double y) const
{
    const double scale = keyPlane.width() / (2.0 * keyRange);
    return keyPlane.center() + QPointF(x * scale, -y * scale);
}

QPointF BottleneckLabPainter::Frame::pointToKey(const QPointF &point) const
{
    const double scale = keyPlane.width() / (2.0 * keyRange);
    const QPointF d = point - keyPlane.center();
    return QPointF(d.x() / scale, -d.y() / scale);
}

QPointF BottleneckLabPainter::Frame::valueToPoint(double x, double y) const
{
    const double scale = valuePlane.width() / (2.0 * valueRange);
    return valuePlane.center() + QPointF(x * scale, -y * scale);
}

double BottleneckLabPainter::fittedKeyRange(const Scenario &scenario)
{
    double extent = 1.0;
    if (scenario.keyDimension() == 2) {
        if (scenario.keys.size() > 0 && scenario.keys.allFinite())
            extent = std::max(extent, scenario.keys.cwiseAbs().maxCoeff());
        if (scenario.queries.size() > 0 && scenario.queries.allFinite())
            extent = std::max(extent, scenario.queries.cwiseAbs().maxCoeff());
    }
    return roundedUpToHalf(extent * 1.2);
}

BottleneckLabPainter::Frame BottleneckLabPainter::layout(const QRectF &rect, const QFont &font,
                                                         const Scenario &scenario, double keyRange)
{
    Frame frame;
    const double lh = QFontMetricsF(font).height();
    frame.lineHeight = lh;
    const double margin = 0.5 * lh;
    const QRectF inner = rect.adjusted(margin, margin, -margin, -margin);
    frame.headline = QRectF(inner.left(), inner.top(), inner.width(), 2.6 * lh);
    const int rows = std::min<int>(kMaxTableRows, static_cast<int>(scenario.queryCount())) + 1;
    const double tableHeight = rows * 1.3 * lh;
    frame.table = QRectF(inner.left(), inner.bottom() - tableHeight, inner.width(), tableHeight);
    frame.keyRange = keyRange > 0 ? keyRange : 1.0;
    double valueExtent = 1.0;
    if (scenario.values.size() > 0 && scenario.values.allFinite())
        valueExtent = std::max(valueExtent, scenario.values.cwiseAbs().maxCoeff());
    frame.valueRange = roundedUpToHalf(valueExtent * 1.2);
    if (!planesDrawable(scenario))
        return frame;
    // Between the headline and the table: two squares, each under its title, side by side or,
    // in a tall narrow place (a lab beside the lesson on a 1024-pixel projector), one above the
    // other, whichever gives the value plane, where the point is made, the larger square.
    const double top = frame.headline.bottom() + 1.4 * lh;
    const double bottom = frame.table.top() - 0.6 * lh;
    const double gap = lh;
    const double height = bottom - top;
    const double valueSide = std::min(height, 0.58 * (inner.width() - gap));
    const double keySide = std::min(height, inner.width() - gap - valueSide);
    // Stacked: the key plane a little smaller, its title between the two.
    const double stackedRoom = height - 1.4 * lh - gap;
    const double stackedValue = std::min(inner.width(), 0.55 * stackedRoom);
    const double stackedKey = std::min(inner.width(), stackedRoom - stackedValue);
    if (stackedValue > valueSide && stackedKey >= 4 * lh) {
        frame.keyPlane = QRectF(inner.center().x() - stackedKey / 2.0, top, stackedKey, stackedKey);
        frame.valuePlane = QRectF(inner.center().x() - stackedValue / 2.0, frame.keyPlane.bottom() + gap + 1.4 * lh,
                                  stackedValue, stackedValue);
    } else {
        if (keySide < 4 * lh || valueSide < 4 * lh)
            return frame;
        const double left = inner.center().x() - (keySide + gap + valueSide) / 2.0;
        frame.keyPlane = QRectF(left, top + (valueSide - keySide) / 2.0, keySide, keySide);
        frame.valuePlane = QRectF(left + keySide + gap, top, valueSide, valueSide);
    }
    // The table follows the planes; what is left stays under it.
    frame.table.moveTop(frame.valuePlane.bottom() + 0.6 * lh);
    return frame;
}

QString BottleneckLabPainter::vectorText(const Eigen::RowVectorXd &row)
{
    QStringList parts;
    for (Index j = 0; j < row.size(); ++j)
        parts.append(formatCompact(row(j), 2));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QStringList BottleneckLabPainter::fixedTexts(const Scenario &scenario)
{
    const QString last = vectorText(lastStateContext(scenario.values));
    const QString mean = vectorText(meanStateContext(scenario.values));
    return {tr("■ ◆ Fixed context, the same for every query: last state %1, mean %2").arg(last, mean),
            tr("■ ◆ Fixed, for every query: last %1, mean %2").arg(last, mean),
            tr("■ last %1 ◆ mean %2").arg(last, mean),
            QStringLiteral("■ %1 ◆ %2").arg(last, mean)};
}

QStringList BottleneckLabPainter::spreadTexts(const Scenario &scenario, const AttentionResult *result,
                                              bool concealed)
{
    const QString threshold = QString::number(kClearlyDifferentContexts, 'g', 3);
    if (!result)
        return {tr("● Attention: no context while the scenario is refused"), tr("● Refused: no context")};
    if (concealed) {
        return {tr("● Attention: one context per query, hidden until you reveal: predict first"),
                tr("● Attention's contexts: predict first"), tr("● Predict first")};
    }
    const std::optional<ContextSpread> widest = widestContextPair(result->context);
    if (!widest)
        return {tr("● Attention: one context per query")};
    const QString pair = tr("%1 and %2").arg(quoted(scenario.queryLabel(widest->first)),
                                             quoted(scenario.queryLabel(widest->second)));
    const QString gap = formatCompact(widest->distance, 2);
    if (widest->distance >= kClearlyDifferentContexts) {
        return {tr("● Attention: one context per query — %1 lie %2 apart: clearly different (≥ %3) ✓")
                    .arg(pair, gap, threshold),
                tr("● Attention: widest gap %1 ≥ %2 ✓").arg(gap, threshold),
                tr("● widest gap %1 ≥ %2 ✓").arg(gap, threshold)};
    }
    return {tr("● Attention: one context per query — widest pair %1, %2 apart (clearly different: ≥ %3)")
                .arg(pair, gap, threshold),
            tr("● Attention: widest gap %1 (clearly different: ≥ %2)").arg(gap, threshold),
            tr("● widest gap %1 (clear: ≥ %2)").arg(gap, threshold), tr("● widest gap %1").arg(gap)};
}

void BottleneckLabPainter::paint(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                 const AttentionResult *result, const State &state, const Theme &theme,
                                 double lineWidthFactor, const QFont &font)
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const double lh = frame.lineHeight;

    // The headline: the point of the lab in two lines.
    QFont bold = font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(theme.textColor());
    const QRectF first(frame.headline.left(), frame.headline.top(), frame.headline.width(), 1.3 * lh);
    painter.drawText(first, Qt::AlignLeft | Qt::AlignVCenter, fittedText(fixedTexts(scenario), bold, first.width()));
    const QRectF second = first.translated(0, 1.3 * lh);
    painter.drawText(second, Qt::AlignLeft | Qt::AlignVCenter,
                     fittedText(spreadTexts(scenario, result, state.concealContexts), bold, second.width()));
    painter.setFont(font);

    if (frame.hasPlanes()) {
        paintPlaneBackground(painter, frame.keyPlane, frame.keyRange,
                             tr("Keys and queries (drag a query)") + QLatin1Char('\n') + tr("Keys and queries") + QLatin1Char('\n') + tr("Keys, queries", "a narrow plane's title"), theme, lineWidthFactor, font, lh);
        paintPlaneBackground(painter, frame.valuePlane, frame.valueRange, tr("Values and contexts") + QLatin1Char('\n') + tr("Values"),
                             theme, lineWidthFactor, font, lh);
        paintKeyPlane(painter, frame, scenario, state, theme, lineWidthFactor, font);
        paintValuePlane(painter, frame, scenario, result, state, theme, lineWidthFactor, font);
    } else {
        const QRectF note(frame.headline.left(), frame.headline.bottom() + lh, frame.headline.width(),
                          std::max(lh, frame.table.top() - frame.headline.bottom() - 2 * lh));
        painter.setPen(theme.hintColor());
        painter.drawText(note, Qt::AlignCenter | Qt::TextWordWrap,
                         tr("The planes need keys and values of two coordinates (this scenario: "
                            "d_k = %1, d_v = %2); the table still compares the contexts.")
                             .arg(scenario.keyDimension())
                             .arg(scenario.valueDimension()));
    }
    paintTable(painter, frame, scenario, result, state, theme, font);
    painter.restore();
}

void BottleneckLabPainter::paintPlaneBackground(QPainter &painter, const QRectF &plane, double range,
                                                const QString &title, const Theme &theme,
                                                double lineWidthFactor, const QFont &font, double lh)
{
    painter.fillRect(plane, theme.plotBackground());
    const double scale = plane.width() / (2.0 * range);
    painter.setPen(QPen(theme.gridColor(), 1.0));
    // A line every unit, or every 10, 100, ... units for huge values: at most 20 each way.
    double step = 1.0;
    while (std::isfinite(range) && range / step > 20.0)
        step *= 10.0;
    const int lines = std::isfinite(range) && range > 0 ? static_cast<int>(std::floor(range / step)) : 0;
    for (int k = -lines; k <= lines; ++k) {
        const double x = plane.center().x() + k * step * scale;
        const double y = plane.center().y() - k * step * scale;
        painter.drawLine(QPointF(x, plane.top()), QPointF(x, plane.bottom()));
        painter.drawLine(QPointF(plane.left(), y), QPointF(plane.right(), y));
    }
    painter.setPen(QPen(theme.zeroAxisColor(), 1.2 * lineWidthFactor));
    painter.drawLine(QPointF(plane.center().x(), plane.top()), QPointF(plane.center().x(), plane.bottom()));
    painter.drawLine(QPointF(plane.left(), plane.center().y()), QPointF(plane.right(), plane.center().y()));
    painter.setPen(QPen(theme.frameColor(), 1.0));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(plane);
    painter.setPen(theme.textColor());
    const QRectF titleRect(plane.left(), plane.top() - 1.3 * lh, plane.width(), 1.2 * lh);
    painter.drawText(titleRect, Qt::AlignLeft | Qt::AlignBottom, fittedText(title.split(QLatin1Char('\n')), font, titleRect.width()));
}

void BottleneckLabPainter::paintKeyPlane(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                         const State &state, const Theme &theme, double lineWidthFactor,
                                         const QFont &font)
{
    const double lh = frame.lineHeight;
    // Markers grow with the plane (a large figure), never below the text's size.
    const double u = std::max(lh, frame.keyPlane.width() / 24.0);
    const QPointF origin = frame.keyToPoint(0, 0);
    painter.save();
    painter.setClipRect(frame.keyPlane.adjusted(-0.6 * u, -0.6 * u, 0.6 * u, 0.6 * u));
    painter.setFont(font);
    for (Index k = 0; k < scenario.keyCount(); ++k) {
        const QPointF p = frame.keyToPoint(scenario.keys(k, 0), scenario.keys(k, 1));
        painter.setPen(Qt::NoPen);
        painter.setBrush(theme.keyColor());
        painter.drawEllipse(p, 0.28 * u, 0.28 * u);
        drawLabelAway(painter, p, origin, scenario.keyLabel(k), theme.textColor(), theme, 0.35 * u, frame.keyPlane);
    }
    for (Index q = 0; q < scenario.queryCount(); ++q) {
        const bool selected = q == state.selectedQuery;
        const QColor color = theme.queryColor(static_cast<int>(q));
        const QPointF tip = frame.keyToPoint(scenario.queries(q, 0), scenario.queries(q, 1));
        painter.setPen(QPen(color, (selected ? 4.0 : 2.5) * lineWidthFactor, Qt::SolidLine, Qt::RoundCap));
        drawArrow(painter, origin, tip, 0.8 * u);
        drawNumberedDisc(painter, tip, 0.6 * u, color, static_cast<int>(q) + 1, theme, lineWidthFactor);
        if (selected && state.keyboardFocus) {
            painter.setBrush(Qt::NoBrush);
            painter.setPen(QPen(theme.highlightColor(), 2.0 * lineWidthFactor, Qt::DashLine));
            painter.drawEllipse(tip, 0.85 * u, 0.85 * u);
        }
        // Names only where there is room; the numbers in the discs and the table name them too.
        if (frame.keyPlane.width() >= 16 * lh)
            drawLabelAway(painter, tip, origin, scenario.queryLabel(q), theme.readableText(color), theme, 0.65 * u,
                          frame.keyPlane);
    }
    painter.restore();
}

void BottleneckLabPainter::paintValuePlane(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                           const AttentionResult *result, const State &state,
                                           const Theme &theme, double lineWidthFactor, const QFont &font)
{
    const double lh = frame.lineHeight;
    // Markers grow with the plane (a large figure), never below the text's size.
    const double u = std::max(lh, frame.valuePlane.width() / 24.0);
    const QPointF centre = frame.valueToPoint(0, 0);
    painter.save();
    painter.setClipRect(frame.valuePlane.adjusted(-0.6 * u, -0.6 * u, 0.6 * u, 0.6 * u));
    painter.setFont(font);
    const bool haveContext = !state.concealContexts && result && result->context.rows() == scenario.queryCount()
                          && result->context.cols() == 2 && result->weights.cols() == scenario.keyCount();

    // The selected query's weights: a line from its context to every value, as thick as the weight.
    if (haveContext && state.selectedQuery >= 0 && state.selectedQuery < scenario.queryCount()) {
        const Index q = state.selectedQuery;
        QColor color = theme.queryColor(static_cast<int>(q));
        color.setAlpha(150);
        const QPointF c = frame.valueToPoint(result->context(q, 0), result->context(q, 1));
        for (Index k = 0; k < scenario.keyCount(); ++k) {
            const double w = result->weights(q, k);
            if (!(w > 0.0))
                continue;
            painter.setPen(QPen(color, (0.5 + 10.0 * w) * lineWidthFactor, Qt::SolidLine, Qt::RoundCap));
            painter.drawLine(c, frame.valueToPoint(scenario.values(k, 0), scenario.values(k, 1)));
        }
    }
    for (Index k = 0; k < scenario.keyCount(); ++k) {
        const QPointF p = frame.valueToPoint(scenario.values(k, 0), scenario.values(k, 1));
        painter.setPen(Qt::NoPen);
        painter.setBrush(theme.keyColor());
        painter.drawEllipse(p, 0.28 * u, 0.28 * u);
        // The last state's name clears the square drawn round its value.
        const double gap = k == scenario.keyCount() - 1 ? 0.8 * u : 0.35 * u;
        drawLabelAway(painter, p, centre, scenario.keyLabel(k), theme.textColor(), theme, gap, frame.valuePlane);
    }

    // (The headline and the table say what the square and the diamond are.)

    // Attention's contexts, one per query, numbered like the arrows; the selected one on top.
    if (haveContext) {
        for (Index step = 0; step < scenario.queryCount(); ++step) {
            const Index q = (state.selectedQuery + 1 + step) % scenario.queryCount();
            const QColor color = theme.queryColor(static_cast<int>(q));
            const QPointF c = frame.valueToPoint(result->context(q, 0), result->context(q, 1));
            const double radius = (q == state.selectedQuery ? 0.7 : 0.6) * u;
            drawNumberedDisc(painter, c, radius, color, static_cast<int>(q) + 1, theme, lineWidthFactor);
        }
    }

    paintFixedMarkers(painter, frame, scenario, theme, lineWidthFactor, u);
    painter.restore();
    // While concealed the headline says where the contexts went (predict first).
}

void BottleneckLabPainter::paintFixedMarkers(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                             const Theme &theme, double lineWidthFactor, double u)
{
    // The fixed contexts, once, on top: every query gets them.
    const Eigen::RowVectorXd last = lastStateContext(scenario.values);
    const Eigen::RowVectorXd mean = meanStateContext(scenario.values);
    const QColor ink = theme.textColor();
    painter.setBrush(Qt::NoBrush);
    const QPointF lastPoint = frame.valueToPoint(last(0), last(1));
    const double marker = 0.6 * u;
    const QRectF square(lastPoint - QPointF(marker, marker), QSizeF(2 * marker, 2 * marker));
    painter.setPen(QPen(theme.plotBackground(), 6.0 * lineWidthFactor));
    painter.drawRect(square);
    painter.setPen(QPen(ink, 3.0 * lineWidthFactor));
    painter.drawRect(square);
    // The mean as an outline with a dot, so that the contexts that gather at it still show.
    const QPointF meanPoint = frame.valueToPoint(mean(0), mean(1));
    painter.setPen(QPen(theme.plotBackground(), 6.0 * lineWidthFactor));
    painter.setBrush(Qt::NoBrush);
    painter.drawPolygon(diamond(meanPoint, 0.8 * u));
    painter.setPen(QPen(ink, 3.0 * lineWidthFactor));
    painter.drawPolygon(diamond(meanPoint, 0.8 * u));
    painter.setPen(Qt::NoPen);
    painter.setBrush(ink);
    painter.drawEllipse(meanPoint, 0.18 * u, 0.18 * u);
}

void BottleneckLabPainter::paintTable(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                      const AttentionResult *result, const State &state, const Theme &theme,
                                      const QFont &font)
{
    const double lh = frame.lineHeight;
    const double rowHeight = 1.3 * lh;
    const QRectF table = frame.table;
    QFont bold = font;
    bold.setBold(true);
    // Columns as wide as their longest entries (a query's name beside its disc, a context), what
    // is left shared out; when even that does not fit, in proportion to what each needs.
    const Eigen::RowVectorXd mean = meanStateContext(scenario.values);
    const int rows = std::min<int>(kMaxTableRows, static_cast<int>(scenario.queryCount()));
    const QFontMetricsF boldMetrics(bold);
    const QFontMetricsF metrics(font);
    double needs[3] = {boldMetrics.horizontalAdvance(tr("Query")), 0.0, 0.0};
    for (int q = 0; q < rows; ++q) {
        needs[0] = std::max(needs[0], 1.2 * lh + boldMetrics.horizontalAdvance(scenario.queryLabel(q)));
        if (result && result->context.rows() > q)
            needs[1] = std::max(needs[1], metrics.horizontalAdvance(vectorText(result->context.row(q))));
    }
    needs[1] = std::max(needs[1], boldMetrics.horizontalAdvance(tr("● C", "the attention context, in a narrow table")));
    needs[2] = boldMetrics.horizontalAdvance(tr("◆ Dist.", "distance from the mean, in a narrow table"));
    double columns[4] = {0.0, 0.0, 0.0, 0.0};
    const double pad = 0.6 * lh;
    const double needed = needs[0] + needs[1] + needs[2] + 3 * pad;
    const double spare = table.width() - needed;
    for (int column = 0; column < 3; ++column) {
        const double own = needs[column] + pad;
        const double width = spare >= 0 ? own + spare / 3.0 : own * table.width() / needed;
        columns[column + 1] = columns[column] + width;
    }
    auto cell = [&](int row, int column) {
        const double x0 = table.left() + columns[column];
        const double x1 = table.left() + columns[column + 1];
        return QRectF(x0, table.top() + row * rowHeight, x1 - x0 - 0.3 * lh, rowHeight);
    };
    painter.setFont(bold);
    painter.setPen(theme.hintColor());
    // Each heading with shorter forms for a narrow dock. The fixed contexts are the same for every
    // query: their coordinates stand once, in the headline, and each row says how far its own
    // context lies from the mean.
    const QStringList headings[] = {{tr("Query")},
                                    {tr("● Attention C"), tr("● C", "the attention context, in a narrow table")},
                                    {tr("◆ Distance from the mean"), tr("◆ From mean"),
                                     tr("◆ Dist.", "distance from the mean, in a narrow table")}};
    for (int column = 0; column < 3; ++column) {
        const QRectF r = cell(0, column);
        painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter, fittedText(headings[column], bold, r.width()));
    }
    for (int q = 0; q < rows; ++q) {
        const QColor color = theme.queryColor(q);
        painter.setFont(q == state.selectedQuery ? bold : font);
        QRectF name = cell(q + 1, 0);
        drawNumberedDisc(painter, QPointF(name.left() + 0.5 * lh, name.center().y()), 0.5 * lh, color, q + 1,
                         theme, 1.0);
        name.setLeft(name.left() + 1.2 * lh);
        painter.setPen(theme.readableText(color));
        painter.drawText(name, Qt::AlignLeft | Qt::AlignVCenter,
                         fittedText({scenario.queryLabel(q)}, painter.font(), name.width()));
        painter.setFont(font);
        painter.setPen(theme.textColor());
        const bool known = result && result->context.rows() > q;
        QString texts[2] = {tr("undefined"), tr("undefined")};
        if (state.concealContexts) {
            texts[0] = texts[1] = QStringLiteral("?");
        } else if (known) {
            texts[0] = vectorText(result->context.row(q));
            texts[1] = result->context.cols() == mean.size()
                ? formatCompact((result->context.row(q) - mean).stableNorm(), 2)
                : QString();
        }
        for (int column = 1; column < 3; ++column) {
            const QRectF r = cell(q + 1, column);
            painter.drawText(r, Qt::AlignLeft | Qt::AlignVCenter,
                             fittedText({texts[column - 1]}, painter.font(), r.width()));
        }
    }
}

} // namespace attnlens
