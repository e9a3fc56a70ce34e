#include "contextchartview.h"

#include "attentionmodel.h"
#include "chartsupport.h"
#include "offscreendeferral.h"
#include "numberformat.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

constexpr qreal kBarWidth = 0.5;

} // namespace

ContextChartView::ContextChartView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : BarChartView(model, viewState,
                   {QStringLiteral("contextChartView"), tr("Context vector chart"),
                    tr("Stacked bar chart of the selected query's context vector: for each dimension, the "
                       "contribution weight times value of every key, stacked, and the context value marked "
                       "by a diamond with its number."),
                    AccessibleNumbers::Content::Context},
                   kBarWidth, parent)
    , m_legend(m_chart)
{
    m_zeroLine = new QLineSeries;
    m_zeroLine->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5));
    m_chart->addSeries(m_zeroLine);

    // The chart is drawn without antialiasing; the diamonds, its only slanted shapes, come from
    // an antialiased image (updateMarkerImage()).
    m_contextSeries = new QScatterSeries;
    m_contextSeries->setName(tr("context = \u03a3 w\u1d62\u00b7v\u1d62"));
    m_contextSeries->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    m_contextSeries->setColor(QColor(0x11, 0x11, 0x11));
    m_contextSeries->setPen(QPen(Qt::white, 1.5));
    m_chart->addSeries(m_contextSeries);

    m_xAxis->setTitleText(tr("context dimension"));
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    for (QAbstractSeries *series : {static_cast<QAbstractSeries *>(m_zeroLine),
                                    static_cast<QAbstractSeries *>(m_contextSeries)}) {
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    }

    connect(m_chart, &QChart::plotAreaChanged, this, [this](const QRectF &plot) {
        // The headroom and the tick count follow the plot's height.
        if (std::abs(plot.height() - m_rangePlotHeight) >= 1.0 && m_series->isVisible() && !m_context.isEmpty()) {
            m_rangePlotHeight = plot.height();
            updateValueRange();
        }
        layoutLabels();
    });
    connect(m_contextSeries, &QScatterSeries::hovered, this, &ContextChartView::showContextTooltip);

    applyFonts();
    rebuild();
    applyTheme();
}

QSize ContextChartView::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    // The legend wraps under the plot when the chart is narrow, so a narrow dock is fine.
    return QSize(fm.averageCharWidth() * 30, fm.height() * 12);
}

QSize ContextChartView::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 70, fm.height() * 22);
}

QVector<int> ContextChartView::keysOfSet(int set) const
{
    QVector<int> keys;
    if (set < 0 || set >= m_groups.size())
        return keys;
    const KeyGroup &group = m_groups.at(set);
    for (int k = 0; k < group.keyCount; ++k)
        keys.append(group.firstKey + k);
    return keys;
}

QString ContextChartView::contextLabel(int dimension) const
{
    if (dimension < 0 || dimension >= m_labels.size() || !m_labels.at(dimension).box->isVisible())
        return QString();
    return m_labels.at(dimension).text->text();
}

void ContextChartView::layoutForSize()
{
    updateTitle();
    layoutLegend();
}

void ContextChartView::applyFonts()
{
    BarChartView::applyFonts();
    const QFont base = font();
    m_chart->legend()->setFont(base);
    m_titledPlot = QRectF();
    m_legend.setFont(base);
    const QFontMetricsF fm(base);
    m_contextSeries->setMarkerSize(std::round(std::max(8.0, fm.height() * 0.85)));
    updateMarkerImage();
    for (const ValueLabel &label : std::as_const(m_labels))
        label.text->setFont(base);
    measureTexts();
    layoutLegend();
    layoutLabels();
}

void ContextChartView::setMinimumMarkerPixelRatio(qreal ratio)
{
    m_minimumMarkerRatio = ratio;
    updateMarkerImage();
}

void ContextChartView::updateMarkerImage()
{
    const qreal ratio = std::max(devicePixelRatioF(), m_minimumMarkerRatio);
    const qreal size = m_contextSeries->markerSize();
    const int pixels = static_cast<int>(std::round(size * ratio));
    if (ratio == m_markerImageRatio && m_contextSeries->lightMarker().width() == pixels)
        return;
    m_markerImageRatio = ratio;
    QImage image(pixels, pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(ratio, ratio);
    const qreal inset = 0.75;  // half the white outline, which must stay inside the image
    const QPolygonF diamond{QPointF(size / 2, inset), QPointF(size - inset, size / 2),
                            QPointF(size / 2, size - inset), QPointF(inset, size / 2)};
    painter.setPen(QPen(m_viewState->theme().plotBackground(), 1.5));
    painter.setBrush(m_contextSeries->color());
    painter.drawPolygon(diamond);
    painter.end();
    m_contextSeries->setLightMarker(image);
}

void ContextChartView::measureTexts()
{
    // Measured here, not per frame: shaping text is what a drag cannot afford.
    const QFontMetricsF fm(font());
    const int dimensions = static_cast<int>(m_model->scenario().valueDimension());
    m_longNameWidth = fm.horizontalAdvance(tr("dim %1").arg(dimensions));
    m_shortNameWidth = fm.horizontalAdvance(QString::number(dimensions));
    forgetFittedTitle();
}

void ContextChartView::rebuild()
{
    m_deferral->markRebuilt();
    const Scenario &scenario = m_model->scenario();
    const int keyCount = static_cast<int>(scenario.keyCount());
    const int dimensions = static_cast<int>(scenario.valueDimension());

    m_xAxis->setCategories(categoryNames(dimensions));
    measureTexts();

    // The number of sets follows the number of keys, so a new scenario gets new sets.
    m_groups.clear();
    if (keyCount <= kMaxKeySets) {
        for (int j = 0; j < keyCount; ++j)
            m_groups.append(KeyGroup{j, 1});
    } else {
        for (int j = 0; j < kMaxKeySets - 1; ++j)
            m_groups.append(KeyGroup{j, 1});
        m_groups.append(KeyGroup{kMaxKeySets - 1, keyCount - (kMaxKeySets - 1)});
    }
    m_series->clear();
    m_sets.clear();
    for (int s = 0; s < m_groups.size(); ++s) {
        const KeyGroup &group = m_groups.at(s);
        const QString label = group.keyCount == 1
            ? scenario.keyLabel(group.firstKey)
            : tr("%1 other keys").arg(group.keyCount);
        auto *set = new QBarSet(label);
        const QColor color = keyGroupColor(s, keyCount);
        set->setColor(color);
        set->setBorderColor(m_viewState->theme().plotBackground());
        set->append(QList<qreal>(dimensions, 0.0));
        connect(set, &QBarSet::hovered, this,
                [this, s](bool status, int dimension) { showSetTooltip(status, s, dimension); });
        m_sets.append(set);
    }
    m_series->append(m_sets);
    rebuildLegend();

    QList<QPointF> zero{QPointF(-0.5, 0.0), QPointF(std::max(0, dimensions) - 0.5, 0.0)};
    m_zeroLine->replace(zero);
    QList<QPointF> markers;
    for (int d = 0; d < dimensions; ++d)
        markers.append(QPointF(d, 0.0));
    m_contextSeries->replace(markers);
    m_context = QVector<double>(dimensions, 0.0);
    m_stackTop = QVector<double>(dimensions, 0.0);
    m_stackBottom = QVector<double>(dimensions, 0.0);

    while (m_labels.size() > dimensions)
        delete m_labels.takeLast().box;
    while (m_labels.size() < dimensions) {
        ValueLabel label;
        label.box = new QGraphicsRectItem(m_chart);
        label.box->setBrush(m_viewState->theme().labelBacking());
        label.box->setPen(QPen(m_viewState->theme().frameColor(), 1.0));
        label.box->setZValue(1000);  // above bars, markers and grid
        label.text = new QGraphicsSimpleTextItem(label.box);
        label.text->setFont(font());
        label.text->setBrush(m_viewState->theme().textColor());
        m_labels.append(label);
    }
    m_rangeLow = m_rangeHigh = 0.0;
    refresh();
}

void ContextChartView::refresh()
{
    m_deferral->markRefreshed();
    const Scenario &scenario = m_model->scenario();
    const int dimensions = static_cast<int>(scenario.valueDimension());
    if (m_context.size() != dimensions || m_sets.size() != std::min<int>(scenario.keyCount(), kMaxKeySets)) {
        rebuild();
        return;
    }
    updateShownQuery();
    updateTitle();
    const AttentionResult *result = shownResultOrRefusal();
    if (!result)
        return;
    m_contextSeries->setVisible(true);
    updateMarkerImage();  // the window may have moved to a screen of another pixel ratio

    const auto weights = result->weights.row(shownQuery());
    QVector<double> positive(dimensions, 0.0);
    QVector<double> negative(dimensions, 0.0);
    for (int s = 0; s < m_groups.size(); ++s) {
        const KeyGroup &group = m_groups.at(s);
        QBarSet *set = m_sets.at(s);
        QVector<double> contributions(dimensions, 0.0);
        for (int d = 0; d < dimensions; ++d) {
            for (int j = group.firstKey; j < group.firstKey + group.keyCount; ++j)
                contributions[d] += weights(j) * scenario.values(j, d);
            positive[d] += std::max(0.0, contributions[d]);
            negative[d] += std::min(0.0, contributions[d]);
        }
        replaceBarValues(set, contributions);
        if (group.keyCount == 1) {
            const QString label = scenario.isAllowed(shownQuery(), group.firstKey)
                ? scenario.keyLabel(group.firstKey)
                : tr("%1 (masked)").arg(scenario.keyLabel(group.firstKey));
            if (set->label() != label) {
                set->setLabel(label);
                setLegendText(s, label);
            }
        }
    }

    QList<QPointF> markers;
    markers.reserve(dimensions);
    for (int d = 0; d < dimensions; ++d) {
        m_context[d] = result->context(shownQuery(), d);
        m_stackTop[d] = positive[d];
        m_stackBottom[d] = negative[d];
        markers.append(QPointF(d, m_context[d]));
    }
    updateValueRange();
    if (m_contextSeries->points() != markers)
        m_contextSeries->replace(markers);
    layoutLabels();
}

QStringList ContextChartView::categoryNames(int dimensions) const
{
    QStringList names;
    for (int d = 0; d < dimensions; ++d)
        names.append(m_longCategoryNames ? tr("dim %1").arg(d + 1) : QString::number(d + 1));
    return names;
}

void ContextChartView::updateTitle()
{
    const int available = titleRoomToFit();
    if (available < 0)
        return;
    const QString query = shownQueryName();
    const QStringList candidates = {
        tr("context of %1 = \u03a3 w\u1d62\u00b7v\u1d62").arg(query),
        tr("context of %1").arg(query),
        query,
    };
    setFittedChartTitle(m_chart, candidates, available);
}

void ContextChartView::updateValueRange()
{
    // The axis runs close to the stacks and the context values (a context of 4,015 gets an axis
    // to 5,000, not one sized for the largest value entry), and keeps its range while they stay
    // inside it and still fill 40 % of it: it stays still while the user drags.
    double low = 0.0;
    double high = 0.0;
    for (int d = 0; d < m_context.size(); ++d) {
        low = std::min({low, m_stackBottom.at(d), m_context.at(d)});
        high = std::max({high, m_stackTop.at(d), m_context.at(d)});
    }
    if (!std::isfinite(low) || !std::isfinite(high)) {
        low = 0.0;
        high = 1.0;
    }
    if (high - low <= 0.0)
        high = low + 1.0;
    const double dataLow = low;
    const double dataHigh = high;
    // Room beyond a full stack for its marker and its value label: a share of the span that is
    // as many pixels as they need at the plot's height.
    const QFontMetricsF fm(font());
    const double plotHeight = std::max(1.0, m_chart->plotArea().height());
    const double labelRoom = fm.height() * 1.15 + m_contextSeries->markerSize() / 2 + 8;
    const double share = std::clamp(labelRoom / plotHeight, 0.06, 0.45);
    const double pad = share / (1.0 - share) * (high - low);
    if (high > 0)
        high += pad;
    if (low < 0)
        low -= pad;
    // As many ticks as can be written one above the other.
    const int maxIntervals = std::clamp(static_cast<int>(plotHeight / (fm.height() * 1.6)), 2, 6);
    if (m_rangeHigh > m_rangeLow && low >= m_rangeLow && high <= m_rangeHigh
        && high - low >= 0.4 * (m_rangeHigh - m_rangeLow) && maxIntervals == m_rangeIntervals)
        return;
    const double span = high - low;
    const double rough = span / maxIntervals;
    const double magnitude = std::pow(10.0, std::floor(std::log10(rough)));
    double step = 10.0 * magnitude;
    for (double factor : {1.0, 2.0, 2.5, 5.0}) {
        if (factor * magnitude >= rough) {
            step = factor * magnitude;
            break;
        }
    }
    double niceLow = std::floor(low / step) * step;
    double niceHigh = std::ceil(high / step) * step;
    const double niceSpan = niceHigh - niceLow;
    const bool finiteSteps = std::isfinite(niceLow) && std::isfinite(niceHigh) && std::isfinite(niceSpan);
    const int ticks = finiteSteps ? static_cast<int>(std::lround(niceSpan / step)) + 1 : 2;
    m_rangeIntervals = maxIntervals;
    // Qt Charts puts tick i at min + i·(max − min)/(n − 1). Near the largest double that product
    // overflows and the labels read "inf" (and the outer whole step itself may overflow: 1.7e308
    // rounds up to 2e308). The axis then spans the data themselves with its two end ticks.
    if (!finiteSteps || !std::isfinite(niceSpan * std::max(1, ticks - 1))) {
        niceLow = std::min(0.0, dataLow);
        niceHigh = std::max(0.0, dataHigh);
        if (!std::isfinite(niceHigh - niceLow))  // both signs near the limit: the larger side
            (niceHigh > -niceLow ? niceLow : niceHigh) = 0.0;
        m_rangeLow = niceLow;
        m_rangeHigh = niceHigh;
        m_yAxis->setRange(niceLow, niceHigh);
        m_yAxis->setTickCount(2);
        return;
    }
    m_rangeLow = niceLow;
    m_rangeHigh = niceHigh;
    m_yAxis->setRange(niceLow, niceHigh);
    m_yAxis->setTickCount(ticks);
}

void ContextChartView::hideValueItems()
{
    m_contextSeries->setVisible(false);
    for (const ValueLabel &label : std::as_const(m_labels))
        label.box->hide();
}

void ContextChartView::layoutLabels()
{
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF fm(font());
    // The vertical title, in the room layoutLegend() keeps left of the tick labels; fitting it
    // shapes text, so only when the plot moved.
    if (plot != m_titledPlot) {
        m_titledPlot = plot;
        placeVerticalTitle({tr("contribution w\u1d62\u00b7v\u1d62"), tr("w\u1d62\u00b7v\u1d62")}, plot);
    }

    const int dimensions = static_cast<int>(m_labels.size());
    if (dimensions == 0 || !m_series->isVisible())
        return;

    const double slot = plot.width() / dimensions;
    const double barWidth = slot * kBarWidth;
    const double pad = std::max(2.0, fm.height() * 0.15);
    const double markerRadius = m_contextSeries->markerSize() / 2;

    double previousRight = -std::numeric_limits<double>::infinity();
    for (int d = 0; d < dimensions; ++d) {
        const ValueLabel &label = m_labels.at(d);
        const QString text = formatCompact(m_context.at(d));
        label.text->setText(text);
        const QSizeF box(fm.horizontalAdvance(text) + 2 * pad, fm.height() + pad);
        const QPointF marker = m_chart->mapToPosition(QPointF(d, m_context.at(d)), m_series);
        const double sideRoom = (slot - barWidth) / 2;

        QPointF topLeft;
        if (sideRoom >= box.width() + 4) {
            // In the gap right of the bar, level with the marker.
            topLeft = QPointF(marker.x() + barWidth / 2 + 3, marker.y() - box.height() / 2);
        } else {
            // Centred on the bar, beyond the end of the stack on the marker's side of zero; a
            // number wider than its slot may reach over the neighbours' gaps while it overlaps
            // no other number and stays inside the chart.
            if (m_context.at(d) >= 0) {
                const double top = m_chart->mapToPosition(QPointF(d, m_stackTop.at(d)), m_series).y();
                const double bottom = std::min(top, marker.y() - markerRadius) - 3;
                topLeft = QPointF(marker.x() - box.width() / 2, bottom - box.height());
            } else {
                const double end = m_chart->mapToPosition(QPointF(d, m_stackBottom.at(d)), m_series).y();
                const double top = std::max(end, marker.y() + markerRadius) + 3;
                topLeft = QPointF(marker.x() - box.width() / 2, top);
            }
            topLeft.setX(std::clamp(topLeft.x(), plot.left() + 1, plot.right() - 1 - box.width()));
        }
        if (topLeft.x() < previousRight + 2 || box.width() > plot.width() - 2) {
            label.box->hide();
            continue;
        }
        topLeft.setY(std::clamp(topLeft.y(), plot.top(), plot.bottom() - box.height()));
        label.box->setRect(QRectF(QPointF(0, 0), box));
        label.box->setPos(topLeft);
        label.text->setPos(pad, pad / 2);
        label.box->show();
        previousRight = topLeft.x() + box.width();
    }

    // "dim 1", "dim 2", ... while they fit side by side, else just the numbers (the axis title
    // says what they count), upright when even those do not fit.
    const bool longNames = m_longNameWidth + 8 <= slot;
    if (longNames != m_longCategoryNames) {
        m_longCategoryNames = longNames;
        m_xAxis->setCategories(categoryNames(dimensions));
    }
    const int categoryAngle = m_shortNameWidth + 8 > slot ? -90 : 0;
    if (m_xAxis->labelsAngle() != categoryAngle)
        m_xAxis->setLabelsAngle(categoryAngle);
}

void ContextChartView::rebuildLegend()
{
    m_legend.clear();
    const QColor textColor = m_viewState->theme().textColor();
    m_legend.addEntry(m_contextSeries->name(), m_contextSeries->color(), ChartLegend::Swatch::Diamond, font(),
                      textColor);
    for (QBarSet *set : std::as_const(m_sets))
        m_legend.addEntry(set->label(), set->color(), ChartLegend::Swatch::Square, font(), textColor);
    layoutLegend();
}

void ContextChartView::setLegendText(int set, const QString &text)
{
    m_legend.setEntryText(set + 1, text);  // the context marker comes first
    layoutLegend();
}

QStringList ContextChartView::legendTexts() const
{
    return m_legend.texts();
}

void ContextChartView::layoutLegend()
{
    const double titleHeight = QFontMetricsF(m_chart->titleFont()).height() + 2 * kChartMargin;
    const ChartLegend::Room legend = m_legend.layout(font(), width(), height(), titleHeight, kChartMargin);
    // Room for the legend and for the vertical title left of the tick labels.
    const int titleRoom = verticalTitleRoom(tr("contribution w\u1d62\u00b7v\u1d62"));
    const QMargins margins(kChartMargin + titleRoom, kChartMargin, kChartMargin + legend.width,
                           kChartMargin + legend.height);
    if (m_chart->margins() != margins) {
        m_chart->setMargins(margins);
        updateTitle();
    }
}

void ContextChartView::showSetTooltip(bool status, int set, int dimension)
{
    if (!status) {
        QToolTip::hideText();
        return;
    }
    const AttentionResult *result = m_model->result();
    if (!result || set < 0 || set >= m_groups.size() || dimension < 0
        || dimension >= m_context.size())
        return;
    const Scenario &scenario = m_model->scenario();
    const KeyGroup &group = m_groups.at(set);
    const double contribution = m_sets.at(set)->at(dimension);
    QString text;
    if (group.keyCount == 1) {
        const int key = group.firstKey;
        const double weight = result->weights(shownQuery(), key);
        const double value = scenario.values(key, dimension);
        text = tr("%1, dim %2: w = %3 \u00d7 v = %4 \u2192 %5")
                   .arg(quoted(scenario.keyLabel(key)))
                   .arg(dimension + 1)
                   .arg(formatFull(weight), formatFull(value), formatFull(contribution));
        if (!scenario.isAllowed(shownQuery(), key))
            text += tr(" (masked)");
    } else {
        text = tr("%1 other keys, dim %2: \u03a3 w\u1d62\u00b7v\u1d62 = %3")
                   .arg(group.keyCount)
                   .arg(dimension + 1)
                   .arg(formatFull(contribution));
    }
    QToolTip::showText(QCursor::pos(), text, m_chartView);
}

void ContextChartView::showContextTooltip(const QPointF &point, bool status)
{
    if (!status) {
        QToolTip::hideText();
        return;
    }
    const int dimension = qRound(point.x());
    if (dimension < 0 || dimension >= m_context.size())
        return;
    QToolTip::showText(QCursor::pos(),
                       tr("context of %1, dim %2: %3")
                           .arg(quoted(m_model->scenario().queryLabel(shownQuery())))
                           .arg(dimension + 1)
                           .arg(formatFull(m_context.at(dimension))),
                       m_chartView);
}

// Themes (PRESENT): the chart's own colours follow ViewState::theme().

void ContextChartView::applyTheme()
{
    BarChartView::applyTheme();
    const Theme &theme = m_viewState->theme();
    const double lineFactor = m_viewState->lineWidthFactor();
    m_chart->legend()->setLabelColor(theme.textColor());
    m_zeroLine->setPen(QPen(theme.textColor(), 1.5 * lineFactor));
    // The context marker is the darkest (lightest on Dark) thing in the chart.
    m_contextSeries->setColor(theme.isDark() ? QColor(0xf2, 0xf4, 0xf7) : QColor(0x11, 0x11, 0x11));
    for (QBarSet *set : std::as_const(m_sets))
        set->setBorderColor(theme.plotBackground());
    m_legend.setTextColor(theme.textColor());
    m_legend.setSwatchColor(0, m_contextSeries->color());
    for (const ValueLabel &label : std::as_const(m_labels)) {
        label.box->setBrush(theme.labelBacking());
        label.box->setPen(QPen(theme.frameColor(), 1.0));
        label.text->setBrush(theme.textColor());
    }
    m_markerImageRatio = -1.0;  // the marker's outline is the plot background
    updateMarkerImage();
}

} // namespace attnlens
