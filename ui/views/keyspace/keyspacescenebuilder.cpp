#include "keyspacescenebuilder.h"
#include "keyspacesafety.h"

#include "labelplacer.h"
#include "numberformat.h"
#include "scenario.h"
#include "textfit.h"

#include <QFontInfo>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace attnlens {

namespace {

/// Between the parts of the hint over the plane.
const QString kCaptionSeparator = QStringLiteral(" \u00b7 ");

// Snapping rounds to tenths: round(x * 10) / 10 gives the double nearest to k / 10, so snapped
// coordinates print as 0.3, not 0.30000000000000004.
constexpr double kSnapInverseStep = 10.0;
// Fraction of the largest span added on every side when the view refits.
constexpr double kFitMargin = 0.22;
// Projection lines for every key only while they stay readable; beyond, only for the
// kProjectedTopKeys heaviest keys and the hovered one.
constexpr int kMaxProjectedKeys = 8;
constexpr int kProjectedTopKeys = 3;
// Beyond this many keys (queries) the plane is thinned: only the kDenseLabelledKeys heaviest keys
// (and the hovered one) are labelled, keys with a negligible weight lose their halo, and the
// unselected queries become thin strokes without heads or labels.
constexpr int kDenseCount = 16;
constexpr int kDenseLabelledKeys = 8;
// How many keys are ranked by weight for the selected query (enough for both uses above).
constexpr int kRankedKeys = 8;

/// A vector of numbers in the plane: two decimals each.
QString compactVector(const Eigen::RowVectorXd &row)
{
    QStringList parts;
    for (Index j = 0; j < row.size(); ++j)
        parts << formatCompact(row(j), 2);
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

using keyspace::isAllowedSafely;
using keyspace::isFinitePoint;

/// The data range that keeps the origin and every key and query, as `shown` places them, in
/// view with a margin.
template <typename Shown>
PlotAxes fitShown(const Scenario &scenario, Shown shown)
{
    const bool lineMode = scenario.keyDimension() == 1;
    double minX = 0.0, maxX = 0.0, minY = 0.0, maxY = 0.0;  // the origin is always in view
    auto include = [&](const QPointF &p) {
        if (!isFinitePoint(p))
            return;
        minX = std::min(minX, p.x());
        maxX = std::max(maxX, p.x());
        minY = std::min(minY, p.y());
        maxY = std::max(maxY, p.y());
    };
    for (Index j = 0; j < scenario.keyCount(); ++j)
        include(shown(scenario.keys.row(j)));
    for (Index i = 0; i < scenario.queryCount(); ++i)
        include(shown(scenario.queries.row(i)));
    // Coordinates near the largest double (a typed 1.7e308) would make the span, and then every
    // mapped position, overflow into NaN: the fitted range stops at ±1e306, and points beyond it
    // lie off the plot at finite positions.
    constexpr double kLargestFitted = 1e306;
    minX = std::max(minX, -kLargestFitted);
    minY = std::max(minY, -kLargestFitted);
    maxX = std::min(maxX, kLargestFitted);
    maxY = std::min(maxY, kLargestFitted);
    double span = lineMode ? maxX - minX : std::max(maxX - minX, maxY - minY);
    if (!(span > 1e-9))
        span = 1.0;
    const double margin = kFitMargin * span;
    PlotAxes axes;
    if (lineMode)
        axes.setDataRange(minX - margin, maxX + margin, -1.0, 1.0);
    else
        axes.setDataRange(minX - margin, maxX + margin, minY - margin, maxY + margin);
    return axes;
}

} // namespace

KeySpaceMetrics KeySpaceMetrics::forSize(const QSizeF &size, const QFont &font)
{
    KeySpaceMetrics m;
    const double baseLineHeight = QFontMetricsF(font).height();
    // About 28 lines of text fit the short side at scale 1; a bigger plane gets bigger type.
    const double shortSide = std::min(size.width() / 1.6, size.height());
    m.scale = std::clamp(shortSide / (28.0 * baseLineHeight), 1.0, 2.0);
    m.font = m.scale > 1.0 ? scaledFont(font, m.scale) : font;
    const QFontMetricsF fm(m.font);
    m.lineHeight = fm.height();
    m.pad = std::max(4.0, std::round(0.4 * m.lineHeight));
    m.pointRadius = std::max(4.0, 0.33 * m.lineHeight);
    m.tipRadius = std::max(6.0, 0.48 * m.lineHeight);
    m.hitRadius = std::max(10.0, 0.85 * m.lineHeight);
    m.haloMax = std::max(18.0, 2.2 * m.lineHeight);
    m.arrowWidth = std::max(2.0, 0.15 * m.lineHeight);
    m.arrowHeadLength = std::max(10.0, 0.8 * m.lineHeight);
    m.tickLength = std::max(4.0, 0.3 * m.lineHeight);
    return m;
}

bool KeySpaceFrameInputs::operator==(const KeySpaceFrameInputs &other) const
{
    return bounds == other.bounds && font == other.font && interactive == other.interactive
        && lineMode == other.lineMode && hasResult == other.hasResult && note == other.note
        && caption == other.caption && queryCount == other.queryCount
        && horizontalDimension == other.horizontalDimension
        && verticalDimension == other.verticalDimension && principalPlane == other.principalPlane
        && fit.fittedXMin() == other.fit.fittedXMin()
        && fit.fittedXMax() == other.fit.fittedXMax() && fit.fittedYMin() == other.fit.fittedYMin()
        && fit.fittedYMax() == other.fit.fittedYMax() && smallestLabelPixels == other.smallestLabelPixels;
}

double KeySpaceSceneBuilder::snapped(double value)
{
    const double result = std::round(value * kSnapInverseStep) / kSnapInverseStep;
    // Beyond about 1.8e307 the product overflows; such a number is on the grid already.
    return std::isfinite(result) ? result : value;
}

QPointF KeySpaceSceneBuilder::shownCoordinates(const Eigen::RowVectorXd &row, int horizontal, int vertical)
{
    const double x = horizontal >= 0 && horizontal < row.size() ? row(horizontal) : 0.0;
    const double y = vertical >= 0 && vertical < row.size() ? row(vertical) : 0.0;
    return QPointF(x, y);
}

Eigen::RowVectorXd KeySpaceSceneBuilder::withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data,
                                                              int horizontal, int vertical)
{
    Eigen::RowVectorXd result = row;
    // When the plane spans numbers near the largest double (a typed 1e306), a pixel of a drag can
    // lie beyond it: that coordinate stays where it was, so a drag never writes an infinity.
    if (horizontal >= 0 && horizontal < result.size() && std::isfinite(data.x()))
        result(horizontal) = data.x();
    if (vertical >= 0 && vertical < result.size() && std::isfinite(data.y()))
        result(vertical) = data.y();
    return result;
}

PlotAxes KeySpaceSceneBuilder::fit(const Scenario &scenario, int horizontal, int vertical)
{
    return fitShown(scenario, [&](const Eigen::RowVectorXd &row) { return shownCoordinates(row, horizontal, vertical); });
}

PlotAxes KeySpaceSceneBuilder::fit(const Scenario &scenario, const PrincipalPlane &plane)
{
    return fitShown(scenario, [&](const Eigen::RowVectorXd &row) {
        if (row.size() != plane.dimension())
            return QPointF(0.0, 0.0);
        const Eigen::Vector2d shown = plane.project(row);
        return QPointF(shown(0), shown(1));
    });
}

KeySpaceFrame KeySpaceSceneBuilder::buildFrame(const KeySpaceFrameInputs &inputs) const
{
    KeySpaceFrame s;
    const QRectF &bounds = inputs.bounds;
    s.metrics = KeySpaceMetrics::forSize(bounds.size(), inputs.font);
    s.metrics.smallestLabelPixels = inputs.smallestLabelPixels;
    const KeySpaceMetrics &m = s.metrics;
    const QFontMetricsF fm(m.font);
    const int queryCount = inputs.queryCount;

    s.bounds = bounds;
    s.lineMode = inputs.lineMode;
    s.interactive = inputs.interactive;
    s.hasResult = inputs.hasResult;
    s.note = inputs.note;
    s.horizontalDimension = inputs.horizontalDimension;
    s.verticalDimension = inputs.verticalDimension;
    s.principalPlane = inputs.principalPlane && !s.lineMode;
    if (s.principalPlane) {
        s.xTitle = tr("principal direction %1").arg(1);
        s.yTitle = tr("principal direction %1").arg(2);
    } else {
        s.xTitle = tr("key dimension %1").arg(s.horizontalDimension + 1);
        s.yTitle = s.lineMode ? QString() : tr("key dimension %1").arg(s.verticalDimension + 1);
    }

    // Frame: a caption strip on top, tick labels and the axis titles outside the plot.
    // The note about an undefined result goes above the plane, never over its points.
    double captionTop = bounds.top();
    if (!s.note.isEmpty()) {
        const double width = std::max(10.0, bounds.width() - 2 * m.pad);
        const QRectF text = fm.boundingRect(QRectF(0, 0, width - 2 * m.pad, 1e6),
                                            Qt::TextWordWrap | Qt::AlignLeft, s.note);
        s.noteRect = QRectF(bounds.left() + m.pad, bounds.top() + 0.5 * m.pad, width, text.height() + m.pad);
        captionTop = s.noteRect.bottom();
    }
    s.captionRect = QRectF(bounds.left(), captionTop, bounds.width(), m.lineHeight + m.pad);
    // A hint of several parts ("drag arrows to move queries · Ctrl+drag moves keys") loses whole
    // parts from its end where the view is narrow, rather than a word cut to "Ctrl…".
    const double captionRoom = std::max(0.0, s.captionRect.width() - 2 * m.pad);
    s.caption = inputs.caption;
    for (qsizetype cut = s.caption.lastIndexOf(kCaptionSeparator);
         cut > 0 && fm.horizontalAdvance(s.caption) > captionRoom; cut = s.caption.lastIndexOf(kCaptionSeparator))
        s.caption.truncate(cut);
    s.caption = fm.elidedText(s.caption, Qt::ElideRight, captionRoom);
    const double top = s.captionRect.bottom() + 0.5 * m.pad;
    const double bottomMargin = m.tickLength + 0.4 * m.pad + m.lineHeight + 0.4 * m.pad + m.lineHeight + m.pad;
    const double rightMargin = m.pad + 0.5 * fm.horizontalAdvance(QStringLiteral("\u22120.00"));
    double labelWidth = fm.horizontalAdvance(QStringLiteral("\u22120.0"));
    for (int pass = 0; pass < 3; ++pass) {
        const double leftMargin = s.lineMode
            ? m.pad + 0.5 * fm.horizontalAdvance(QStringLiteral("\u22120.00"))
            : m.pad + m.lineHeight + 0.5 * m.pad + labelWidth + 0.5 * m.pad + m.tickLength;
        s.plotRect = QRectF(bounds.left() + leftMargin, top,
                            std::max(1.0, bounds.width() - leftMargin - rightMargin),
                            std::max(1.0, bounds.bottom() - bottomMargin - top));
        s.axes = inputs.fit;
        s.axes.layout(s.plotRect, !s.lineMode);

        // One step for both axes keeps the grid cells square, which shows the equal aspect.
        const double widest = fm.horizontalAdvance(QStringLiteral("\u22120.00"));
        const int xIntervals = std::clamp(int(s.plotRect.width() / (widest + 1.5 * m.lineHeight)), 2, 10);
        double step = PlotAxes::niceStep(s.axes.xMax() - s.axes.xMin(), xIntervals);
        if (!s.lineMode) {
            const int yIntervals = std::clamp(int(s.plotRect.height() / (2.2 * m.lineHeight)), 2, 10);
            step = std::max(step, PlotAxes::niceStep(s.axes.yMax() - s.axes.yMin(), yIntervals));
        }
        // Widen the step until the horizontal tick labels cannot touch.
        for (int attempt = 0; attempt < 6; ++attempt) {
            double widestLabel = 0.0;
            for (double tick : PlotAxes::ticks(s.axes.xMin(), s.axes.xMax(), step))
                widestLabel = std::max(widestLabel, fm.horizontalAdvance(PlotAxes::tickLabel(tick, step)));
            if (widestLabel + 0.8 * m.lineHeight <= step * s.axes.xPixelsPerUnit())
                break;
            step = PlotAxes::niceStep(step * 1.5, 1);
        }
        s.step = step;
        s.xTicks = PlotAxes::ticks(s.axes.xMin(), s.axes.xMax(), step);
        s.yTicks = s.lineMode ? QVector<double>() : PlotAxes::ticks(s.axes.yMin(), s.axes.yMax(), step);
        if (s.lineMode)
            break;
        double widestY = fm.horizontalAdvance(QStringLiteral("0"));
        for (double tick : s.yTicks)
            widestY = std::max(widestY, fm.horizontalAdvance(PlotAxes::tickLabel(tick, step)));
        if (std::abs(widestY - labelWidth) < 0.5)
            break;
        labelWidth = widestY;
    }
    for (double tick : s.xTicks)
        s.xTickLabels.append(PlotAxes::tickLabel(tick, s.step));
    for (double tick : s.yTicks)
        s.yTickLabels.append(PlotAxes::tickLabel(tick, s.step));
    // A short plane (a side view on a lecture screen) gets the short title rather than one that
    // runs past the view's edge; the same for a narrow one.
    const auto titleLength = [&](const QString &title) {
        return stacksUpright(title) ? title.size() * m.lineHeight : fm.horizontalAdvance(title);
    };
    if (!s.yTitle.isEmpty() && titleLength(s.yTitle) > s.plotRect.height())
        s.yTitle = s.principalPlane ? tr("direction %1").arg(2) : tr("dim %1").arg(s.verticalDimension + 1);
    if (titleLength(s.xTitle) > s.plotRect.width())
        s.xTitle = s.principalPlane ? tr("direction %1").arg(1) : tr("dim %1").arg(s.horizontalDimension + 1);

    const double rowGap = 1.5 * m.lineHeight;
    if (s.lineMode) {
        // The number line sits low enough that every query's arrow fits above it, one row each,
        // and leaves room for two lines of key labels below.
        const double wanted = s.plotRect.top() + m.pad + (queryCount + 0.5) * rowGap;
        const double lowest = s.plotRect.bottom() - 2.6 * m.lineHeight - m.pad;
        const double lineY = std::clamp(std::max(wanted, s.plotRect.center().y()),
                                        s.plotRect.top() + m.pad, std::max(s.plotRect.top() + m.pad, lowest));
        s.origin = QPointF(s.axes.toPixelX(0.0), lineY);
    } else {
        s.origin = s.axes.toPixel(0.0, 0.0);
    }
    s.lineModeGap = queryCount > 0
        ? std::min(rowGap, std::max(0.5 * m.lineHeight, (s.origin.y() - s.plotRect.top() - m.pad) / queryCount))
        : rowGap;
    return s;
}

KeySpaceScene KeySpaceSceneBuilder::buildScene(const KeySpaceFrame &frame, const Scenario &scenario,
                                               const Matrix *shownWeights, const Selection &selection,
                                               std::shared_ptr<const PrincipalPlane> plane) const
{
    KeySpaceScene s;
    static_cast<KeySpaceFrame &>(s) = frame;
    if (s.principalPlane && plane && plane->dimension() == scenario.keyDimension())
        s.plane = std::move(plane);
    const KeySpaceMetrics &m = s.metrics;
    const int queryCount = int(scenario.queryCount());
    const int keyCount = int(scenario.keyCount());
    // Weights of another shape belong to a result that has not caught up with the scenario.
    const bool shaped = shownWeights && shownWeights->rows() == queryCount && shownWeights->cols() == keyCount;
    const Matrix *weights = s.hasResult && shaped ? shownWeights : nullptr;
    s.hasResult = weights != nullptr;

    s.selectedQuery = queryCount > 0 ? std::clamp(selection.selectedQuery, 0, queryCount - 1) : -1;
    s.hoveredQuery = selection.hoveredQuery;
    s.hoveredKey = selection.hoveredKey;
    s.dotsHidden = selection.dotsHidden;
    s.denseKeys = keyCount > kDenseCount;
    s.denseQueries = queryCount > kDenseCount;
    const auto shown = [&](const Eigen::RowVectorXd &row) { return s.shownCoordinates(row); };

    // Points in pixels.
    s.keyPoints.resize(keyCount);
    s.keyFinite.resize(keyCount);
    for (int j = 0; j < keyCount; ++j) {
        const QPointF data = shown(scenario.keys.row(j));
        s.keyFinite[j] = isFinitePoint(data);
        s.keyPoints[j] = s.lineMode ? QPointF(s.axes.toPixelX(data.x()), s.origin.y()) : s.axes.toPixel(data);
    }
    s.tails.resize(queryCount);
    s.tips.resize(queryCount);
    s.tipFinite.resize(queryCount);
    for (int i = 0; i < queryCount; ++i) {
        const QPointF data = shown(scenario.queries.row(i));
        s.tipFinite[i] = isFinitePoint(data);
        if (s.lineMode) {
            const double y = s.origin.y() - (i + 1) * s.lineModeGap;
            s.tails[i] = QPointF(s.origin.x(), y);
            s.tips[i] = QPointF(s.axes.toPixelX(data.x()), y);
        } else {
            s.tails[i] = s.origin;
            s.tips[i] = s.axes.toPixel(data);
        }
    }

    // What the selected query sees: dot products, weights (as halos), projections.
    s.keyMasked.fill(false, keyCount);
    s.haloRadii.fill(0.0, keyCount);
    s.haloAlphas.fill(0.0, keyCount);
    s.haloDrawn.fill(false, keyCount);
    s.dots.fill(std::numeric_limits<double>::quiet_NaN(), keyCount);
    s.projectionFeet.fill(QPointF(), keyCount);
    s.showProjection.fill(false, keyCount);
    if (s.selectedQuery >= 0) {
        const int q = s.selectedQuery;
        const Eigen::RowVectorXd query = scenario.queries.row(q);
        const QPointF queryShown = shown(query);
        const double queryNormSquared = queryShown.x() * queryShown.x() + queryShown.y() * queryShown.y();
        for (int j = 0; j < keyCount; ++j) {
            s.keyMasked[j] = !isAllowedSafely(scenario, q, j);
            if (query.size() == scenario.keys.cols())
                s.dots[j] = query.dot(scenario.keys.row(j));
            if (weights && !s.keyMasked[j]) {
                const double weight = std::clamp((*weights)(q, j), 0.0, 1.0);
                s.haloRadii[j] = m.pointRadius + weight * m.haloMax;
                s.haloAlphas[j] = weight;
            }
        }

        // The keys that matter most for this query, heaviest first: by weight, or by q.k while
        // the weights are undefined. Only these are labelled and projected in a crowded plane.
        QVector<int> candidates;
        candidates.reserve(keyCount);
        auto rankOf = [&](int j) { return weights ? (*weights)(q, j) : s.dots[j]; };
        for (int j = 0; j < keyCount; ++j) {
            if (s.keyFinite[j] && !s.keyMasked[j] && std::isfinite(rankOf(j)))
                candidates.append(j);
        }
        const int ranked = std::min(int(candidates.size()), kRankedKeys);
        std::partial_sort(candidates.begin(), candidates.begin() + ranked, candidates.end(),
                          [&](int a, int b) { return rankOf(a) > rankOf(b) || (rankOf(a) == rankOf(b) && a < b); });
        candidates.resize(ranked);
        s.rankedKeys = candidates;

        for (int j = 0; j < keyCount; ++j)
            s.haloDrawn[j] = s.keyFinite[j] && s.haloRadii[j] > 0.0
                && (!s.denseKeys || s.haloAlphas[j] * m.haloMax >= 1.0);
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r)
            s.haloDrawn[s.rankedKeys[r]] = s.haloRadii[s.rankedKeys[r]] > 0.0;

        // Only in an honest plane: with d_k > 2 the shown projection would not be q.k.
        const bool canProject = !s.lineMode && scenario.keyDimension() == 2 && queryNormSquared > 1e-18
            && std::isfinite(queryNormSquared);
        if (canProject) {
            const double reach = 4.0 * std::max(s.axes.xMax() - s.axes.xMin(), s.axes.yMax() - s.axes.yMin())
                / std::sqrt(queryNormSquared);
            s.queryDirectionLine = QLineF(s.axes.toPixel(-reach * queryShown), s.axes.toPixel(reach * queryShown));
            auto project = [&](int j) {
                if (j < 0 || j >= keyCount || !s.keyFinite[j] || s.keyMasked[j])
                    return;
                const QPointF key = shown(scenario.keys.row(j));
                const double t = (key.x() * queryShown.x() + key.y() * queryShown.y()) / queryNormSquared;
                s.projectionFeet[j] = s.axes.toPixel(t * queryShown);
                s.showProjection[j] = true;
            };
            // Every key while few enough stay readable; beyond, the heaviest few and the hovered.
            if (keyCount <= kMaxProjectedKeys) {
                for (int j = 0; j < keyCount; ++j)
                    project(j);
            } else {
                for (int r = 0; r < s.rankedKeys.size() && r < kProjectedTopKeys; ++r)
                    project(s.rankedKeys[r]);
                project(s.hoveredKey);
            }
        }
    }

    layoutLabels(s, scenario);
    return s;
}

void KeySpaceSceneBuilder::layoutLabels(KeySpaceScene &s, const Scenario &scenario) const
{
    const KeySpaceMetrics &m = s.metrics;
    s.labelFont = m.font;
    s.labelLineHeight = m.lineHeight;
    int compromised = placeLabels(s, scenario, m.font, m.lineHeight);
    // A label without a place, or one over a query's arrow (a small plot at the largest text):
    // the labels try smaller type, down to the smallest the room can read, and keep the first
    // size that leaves none so (else the size that leaves fewest, the larger on a tie). Not in a
    // crowd, where most points are unlabelled by design and a drag step must stay cheap.
    const double pixels = QFontInfo(m.font).pixelSize();
    if (compromised == 0 || s.denseKeys || s.denseQueries || m.smallestLabelPixels <= 0.0 || pixels <= 0.0)
        return;
    KeySpaceScene best = s;
    for (const double factor : {0.88, 0.77, 0.68}) {
        const double size = std::floor(pixels * factor);
        if (size < m.smallestLabelPixels)
            break;
        QFont smaller = m.font;
        smaller.setPixelSize(int(size));
        const double lineHeight = m.lineHeight * QFontMetricsF(smaller).height() / QFontMetricsF(m.font).height();
        KeySpaceScene attempt = s;
        const int left = placeLabels(attempt, scenario, smaller, lineHeight);
        if (left < compromised) {
            compromised = left;
            attempt.labelFont = smaller;
            attempt.labelLineHeight = lineHeight;
            best = std::move(attempt);
        }
        if (compromised == 0)
            break;
    }
    s = std::move(best);
}

int KeySpaceSceneBuilder::placeLabels(KeySpaceScene &s, const Scenario &scenario, const QFont &font,
                                      double lineHeight) const
{
    const KeySpaceMetrics &m = s.metrics;
    const QFontMetricsF fm(font);
    const int queryCount = int(scenario.queryCount());
    const int keyCount = int(scenario.keyCount());
    const double padX = 0.25 * lineHeight;
    const double padY = 0.08 * lineHeight;
    if (m_textWidthsFont != font) {
        m_textWidths.clear();
        m_textWidthsFont = font;
    }
    auto labelSize = [&](const QStringList &lines) {
        double width = 0.0;
        for (const QString &line : lines)
            width = std::max(width, m_textWidths.value(line, [&] { return fm.horizontalAdvance(line); }));
        return QSizeF(width + 2 * padX, lines.size() * lineHeight + 2 * padY);
    };
    s.leaders.clear();
    int compromised = 0;
    // The arrows a label must not lie on (those of the named queries).
    QVector<QLineF> namedArrows;

    // Points must stay visible, so labels may not cover them; in a crowd, though, only the
    // points that are labelled or emphasised are kept clear, and a label may cover a few of the
    // others (it is drawn over them) rather than find no place at all.
    QVector<bool> keptClear(keyCount, !s.denseKeys);
    if (s.denseKeys) {
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r)
            keptClear[s.rankedKeys[r]] = true;
        if (s.hoveredKey >= 0 && s.hoveredKey < keyCount)
            keptClear[s.hoveredKey] = true;
    }
    LabelPlacer placer(s.plotRect.adjusted(2, 2, -2, -2));
    placer.addDiscObstacle(s.origin, 0.5 * m.pointRadius + 2, 40.0);
    for (int j = 0; j < keyCount; ++j) {
        if (!s.keyFinite[j])
            continue;
        if (keptClear[j])
            placer.addBlockedDisc(s.keyPoints[j], m.pointRadius + 2);
        else
            placer.addDiscObstacle(s.keyPoints[j], m.pointRadius + 1, 3.0);
    }
    for (int i = 0; i < queryCount; ++i) {
        if (!s.tipFinite[i])
            continue;
        if (!s.denseQueries || i == s.selectedQuery || i == s.hoveredQuery) {
            placer.addBlockedDisc(s.tips[i], m.tipRadius + 1);
            placer.addSegmentObstacle(QLineF(s.tails[i], s.tips[i]), m.arrowWidth + 1, 20.0);
            namedArrows.append(QLineF(s.tails[i], s.tips[i]));
        }
        // Otherwise a thin stroke and its dot may run under a label, which is drawn over them.
    }
    // A query tip on (or inside the halo of) a key: that halo is kept clear by the query's label
    // and the key's own, which stand beyond it, so that neither the two labels nor the halo and
    // the point under the tip are muddled together. Other halos are soft obstacles.
    // (In a crowded plane only the selected and the hovered query are named: a drag step then
    // tests two tips per halo, not every tip.)
    QVector<int> labelledTips;
    for (int i = 0; i < queryCount; ++i) {
        if (s.tipFinite[i] && (!s.denseQueries || i == s.selectedQuery || i == s.hoveredQuery))
            labelledTips.append(i);
    }
    QVector<bool> tipOnHalo(keyCount, false);
    for (int j = 0; j < keyCount; ++j) {
        if (!s.haloDrawn[j] || s.haloRadii[j] <= m.pointRadius + 2)
            continue;
        for (int i : std::as_const(labelledTips)) {
            if (QLineF(s.tips[i], s.keyPoints[j]).length() < s.haloRadii[j]) {
                tipOnHalo[j] = true;
                break;
            }
        }
        placer.addDiscObstacle(s.keyPoints[j], s.haloRadii[j] + (tipOnHalo[j] ? 1.0 : 0.0),
                               tipOnHalo[j] ? 1000.0 : 5.0);
    }
    // The gap that takes a label anchored at `anchor` beyond every halo its anchor lies in.
    QVector<int> haloUnderTip;
    for (int j = 0; j < keyCount; ++j) {
        if (tipOnHalo[j])
            haloUnderTip.append(j);
    }
    auto gapBeyondHalos = [&](const QPointF &anchor, double gap) {
        for (int j : std::as_const(haloUnderTip)) {
            const double distance = QLineF(anchor, s.keyPoints[j]).length();
            if (distance < s.haloRadii[j])
                gap = std::max(gap, s.haloRadii[j] + distance + 2);
        }
        return gap;
    };
    for (int j = 0; j < keyCount; ++j) {
        if (s.showProjection[j])
            placer.addSegmentObstacle(QLineF(s.keyPoints[j], s.projectionFeet[j]), 1.5, 4.0);
    }

    // A label pushed away from its point gets a leader line, so that it is not read as naming a
    // neighbour.
    auto addLeaderIfFar = [&](const QPointF &anchor, double radius, const QRectF &rect) {
        const QPointF nearest(std::clamp(anchor.x(), rect.left(), rect.right()),
                              std::clamp(anchor.y(), rect.top(), rect.bottom()));
        const QLineF line(anchor, nearest);
        if (line.length() <= radius + 0.6 * m.lineHeight)
            return;
        const QPointF start = anchor + (nearest - anchor) * (radius / line.length());
        s.leaders.append(QLineF(start, nearest));
    };

    auto liesOnAnArrow = [&](const QRectF &rect) {
        const QRectF grown = rect.adjusted(-m.arrowWidth, -m.arrowWidth, m.arrowWidth, m.arrowWidth);
        return std::any_of(namedArrows.begin(), namedArrows.end(),
                           [&](const QLineF &arrow) { return LabelPlacer::segmentTouchesRect(arrow, grown); });
    };

    // Query labels first, the selected one before the rest: they name what the user drags. In a
    // crowded plane only the selected and the hovered query are named.
    s.queryLabelRects.fill(QRectF(), queryCount);
    s.queryLabelLines.fill(QStringList(), queryCount);
    QVector<int> queryOrder;
    if (s.selectedQuery >= 0)
        queryOrder.append(s.selectedQuery);
    if (s.denseQueries) {
        if (s.hoveredQuery >= 0 && s.hoveredQuery < queryCount && s.hoveredQuery != s.selectedQuery)
            queryOrder.append(s.hoveredQuery);
    } else {
        for (int i = 0; i < queryCount; ++i) {
            if (i != s.selectedQuery)
                queryOrder.append(i);
        }
    }
    for (int i : queryOrder) {
        if (!s.tipFinite[i])
            continue;
        QStringList lines{scenario.queryLabel(i)};
        if (i == s.selectedQuery && scenario.keyDimension() <= 3)
            lines << compactVector(scenario.queries.row(i));
        QPointF direction = s.tips[i] - s.tails[i];
        if (std::hypot(direction.x(), direction.y()) < 1.0)
            direction = QPointF(1.0, -1.0);
        const double tipGap = gapBeyondHalos(s.tips[i], m.tipRadius + 2);
        std::optional<QRectF> rect = placer.place(s.tips[i], labelSize(lines), tipGap, direction);
        if (!rect && lines.size() > 1) {
            lines = QStringList{lines.first()};
            rect = placer.place(s.tips[i], labelSize(lines), tipGap, direction);
        }
        if (rect) {
            s.queryLabelRects[i] = *rect;
            s.queryLabelLines[i] = lines;
            addLeaderIfFar(s.tips[i], m.tipRadius + 1, *rect);
        }
        compromised += !rect || liesOnAnArrow(*rect);
    }

    // Key labels: the hovered key first so that it always keeps its label; in a crowded plane
    // only the keys that weigh most for the selected query follow.
    s.keyLabelRects.fill(QRectF(), keyCount);
    s.keyLabelLines.fill(QStringList(), keyCount);
    QVector<int> keyOrder;
    if (s.hoveredKey >= 0 && s.hoveredKey < keyCount)
        keyOrder.append(s.hoveredKey);
    if (s.denseKeys) {
        for (int r = 0; r < s.rankedKeys.size() && r < kDenseLabelledKeys; ++r) {
            if (s.rankedKeys[r] != s.hoveredKey)
                keyOrder.append(s.rankedKeys[r]);
        }
    } else {
        for (int j = 0; j < keyCount; ++j) {
            if (j != s.hoveredKey)
                keyOrder.append(j);
        }
    }
    const QPointF keyDirection = s.lineMode ? QPointF(0.0, 1.0) : QPointF();
    for (int j : keyOrder) {
        if (!s.keyFinite[j])
            continue;
        QStringList lines{scenario.keyLabel(j)};
        if (s.selectedQuery >= 0) {
            if (s.keyMasked[j])
                lines << tr("masked");
            else if (std::isfinite(s.dots[j]))
                lines << QStringLiteral("q\u00b7k = %1").arg(s.dotsHidden ? QStringLiteral("?") : formatCompact(s.dots[j], 2));
        }
        const double gap = gapBeyondHalos(s.keyPoints[j], m.pointRadius + 3);
        std::optional<QRectF> rect = placer.place(s.keyPoints[j], labelSize(lines), gap, keyDirection);
        if (!rect && lines.size() > 1) {
            lines = QStringList{lines.first()};
            rect = placer.place(s.keyPoints[j], labelSize(lines), gap, keyDirection);
        }
        if (rect) {
            s.keyLabelRects[j] = *rect;
            s.keyLabelLines[j] = lines;
            addLeaderIfFar(s.keyPoints[j], m.pointRadius + 1, *rect);
        }
        compromised += !rect || liesOnAnArrow(*rect);
    }
    return compromised;
}

} // namespace attnlens
