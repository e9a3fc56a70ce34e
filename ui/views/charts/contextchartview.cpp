#include "contextchartview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "chartsupport.h"
#include "offscreendeferral.h"
#include "numberformat.h"
#include "refusaloverlay.h"
#include "refusaltext.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsPolygonItem>
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
constexpr int kChartMargin = 4;

} // namespace

ContextChartView::ContextChartView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("contextChartView"));
    setAccessibleName(tr("Context vector chart"));
    setAccessibleDescription(
        tr("Stacked bar chart of the selected query's context vector: for each dimension, the "
           "contribution weight times value of every key, stacked, and the context value marked "
           "by a diamond with its number."));

    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);  // bars follow a live drag exactly
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);
    // Qt Charts' legend cuts entries short ("context = …") where it lacks room: the chart draws
    // its own (layoutLegend()).
    m_chart->legend()->hide();

    m_series = new QStackedBarSeries;
    m_series->setBarWidth(kBarWidth);
    m_chart->addSeries(m_series);

    m_zeroLine = new QLineSeries;
    m_zeroLine->setPen(QPen(QColor(0x40, 0x40, 0x40), 1.5));
    m_chart->addSeries(m_zeroLine);

    m_contextSeries = new QScatterSeries;
    m_contextSeries->setName(tr("context = \u03a3 w\u1d62\u00b7v\u1d62"));
    m_contextSeries->setMarkerShape(QScatterSeries::MarkerShapeRotatedRectangle);
    m_contextSeries->setColor(QColor(0x11, 0x11, 0x11));
    m_contextSeries->setPen(QPen(Qt::white, 1.5));
    m_chart->addSeries(m_contextSeries);

    m_xAxis = new QBarCategoryAxis;
    m_xAxis->setGridLineVisible(false);
    m_xAxis->setTitleText(tr("context dimension"));
    m_yAxis = new QValueAxis;
    // The vertical title is drawn by the chart (m_yTitle): Qt Charts would cut it short, and
    // would turn CJK sideways.
    m_yAxis->setTitleVisible(false);
    m_yAxis->setLabelFormat(QStringLiteral("%g"));
    m_yTitle = new QGraphicsSimpleTextItem(m_chart);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    for (QAbstractSeries *series : {static_cast<QAbstractSeries *>(m_series),
                                    static_cast<QAbstractSeries *>(m_zeroLine),
                                    static_cast<QAbstractSeries *>(m_contextSeries)}) {
        series->attachAxis(m_xAxis);
        series->attachAxis(m_yAxis);
    }

    m_chartView = new QChartView(m_chart, this);
    // Without antialiasing the grid, axes and bars are crisp one-pixel edges and a frame costs
    // half as much to paint; the diamonds, the only slanted shapes, come from an antialiased
    // image (updateMarkerImage()).
    m_chartView->setRenderHint(QPainter::Antialiasing, false);
    // Nothing here is antialiased, so changed items need no extra 2-pixel margin: with it, every
    // bar's change also repainted the key labels under the axis (laid-out rich text, costly).
    m_chartView->setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing, true);
    useHairlinePens(m_xAxis);
    useHairlinePens(m_yAxis);
    m_chartView->setMinimumSize(0, 0);
    m_chartView->setFrameShape(QFrame::NoFrame);
    // A drag changes a few bars and labels per frame; repainting their bounding rectangle keeps
    // the painter's clip a plain rectangle, which the raster engine strokes grid lines through
    // far faster than a many-rectangle region.
    m_chartView->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);

    m_refusal = new RefusalOverlay(this);
    m_refusal->setObjectName(QStringLiteral("contextChartRefusal"));

    m_deferral = new OffscreenDeferral(this, [this] { rebuild(); }, [this] { refresh(); });
    connect(m_model, &AttentionModel::scenarioReset, m_deferral, &OffscreenDeferral::requestRebuild);
    connect(m_model, &AttentionModel::resultChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(m_viewState, &ViewState::selectedQueryChanged, m_deferral,
            &OffscreenDeferral::requestRefresh);
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { applyChartTitleToolTip(m_chart); });
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
    connect(m_viewState, &ViewState::themeChanged, this, &ContextChartView::applyTheme);
    connect(m_viewState, &ViewState::lineScaleChanged, this, &ContextChartView::applyTheme);
    // Keyboard and accessibility: one Tab stop with a focus ring; the description reads the
    // context vector in words.
    new AccessibleNumbers(m_model, m_viewState, this, AccessibleNumbers::Content::Context);
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

QString ContextChartView::errorText() const
{
    return m_refusal->refusal();
}

void ContextChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateTitle();
    m_chartView->setGeometry(rect());
    m_refusal->setGeometry(rect());
    layoutLegend();
}

void ContextChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    else if (event->type() == QEvent::PaletteChange)
        m_deferral->requestRefresh();  // the title is written in the palette's text colour
}

void ContextChartView::applyFonts()
{
    const QFont base = font();
    QFont title = scaledFont(base, 1.15);
    title.setBold(true);
    m_chart->setTitleFont(title);
    m_chart->legend()->setFont(base);
    m_xAxis->setLabelsFont(base);
    m_xAxis->setTitleFont(base);
    m_yAxis->setLabelsFont(base);
    m_yAxis->setTitleFont(base);
    m_yTitle->setFont(base);
    m_titledPlot = QRectF();
    for (const LegendEntry &entry : std::as_const(m_legend))
        entry.text->setFont(base);
    m_refusal->setFont(scaledFont(base, 1.1));
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
    m_fittedTitleWidth = -1;
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
    m_shownQuery = std::clamp(m_viewState->selectedQuery(), 0,
                              std::max(0, static_cast<int>(scenario.queryCount()) - 1));
    updateTitle();

    const AttentionResult *result = m_model->result();
    if (!result || m_shownQuery >= result->weights.rows()) {
        showRefusal(m_model->error() ? refusalText(scenario, *m_model->error(), m_shownQuery)
                                     : tr("No query to show"));
        return;
    }
    m_refusal->clearRefusal();
    m_series->setVisible(true);
    m_contextSeries->setVisible(true);
    updateMarkerImage();  // the window may have moved to a screen of another pixel ratio
    setTitleColor(palette().color(QPalette::WindowText));

    const auto weights = result->weights.row(m_shownQuery);
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
            const QString label = scenario.isAllowed(m_shownQuery, group.firstKey)
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
        m_context[d] = result->context(m_shownQuery, d);
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
    // Fitting the title shapes text: redone only when the query, the width or the font changed.
    // Qt Charts centres the title between the chart's margins and cuts it beyond them.
    const QMargins margins = m_chart->margins();
    const int available = width() - margins.left() - margins.right() - 12;
    if (available == m_fittedTitleWidth && m_shownQuery == m_fittedTitleQuery)
        return;
    m_fittedTitleWidth = available;
    m_fittedTitleQuery = m_shownQuery;
    const Scenario &scenario = m_model->scenario();
    const QString query = quoted(scenario.queryCount() > 0 ? scenario.queryLabel(m_shownQuery)
                                                           : tr("the query"));
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

void ContextChartView::setTitleColor(const QColor &color)
{
    // QChart lays the whole chart out again on every setTitleBrush(), even an unchanged one.
    if (m_chart->titleBrush().color() != color)
        m_chart->setTitleBrush(QBrush(color));
}

void ContextChartView::showRefusal(const QString &text)
{
    m_series->setVisible(false);
    m_contextSeries->setVisible(false);
    for (const ValueLabel &label : std::as_const(m_labels))
        label.box->hide();
    setTitleColor(QColor(0x80, 0x80, 0x80));
    m_refusal->showRefusal(text);
}

void ContextChartView::layoutLabels()
{
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF fm(font());
    // The vertical title, in the room layoutLegend() keeps left of the tick labels; fitting it
    // shapes text, so only when the plot moved.
    if (plot != m_titledPlot) {
        m_titledPlot = plot;
        layoutVerticalTitle(m_yTitle, {tr("contribution w\u1d62\u00b7v\u1d62"), tr("w\u1d62\u00b7v\u1d62")},
                            kChartMargin, plot.center().y(), plot.height());
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
    for (const LegendEntry &entry : std::as_const(m_legend))
        delete entry.swatch;  // owns its text
    m_legend.clear();
    auto addEntry = [this](const QString &text, const QColor &color, bool diamond) {
        LegendEntry entry;
        entry.swatch = new QGraphicsPolygonItem(m_chart);
        entry.swatch->setBrush(color);
        entry.swatch->setPen(Qt::NoPen);
        entry.swatch->setData(0, diamond);
        entry.text = new QGraphicsSimpleTextItem(entry.swatch);
        entry.text->setFont(font());
        entry.text->setBrush(m_viewState->theme().textColor());
        entry.fullText = text;
        entry.text->setText(text);
        m_legend.append(entry);
    };
    addEntry(m_contextSeries->name(), m_contextSeries->color(), true);
    for (QBarSet *set : std::as_const(m_sets))
        addEntry(set->label(), set->color(), false);
    layoutLegend();
}

void ContextChartView::setLegendText(int set, const QString &text)
{
    const int entry = set + 1;  // the context marker comes first
    if (entry <= 0 || entry >= m_legend.size())
        return;
    m_legend[entry].fullText = text;
    layoutLegend();
}

QStringList ContextChartView::legendTexts() const
{
    QStringList texts;
    for (const LegendEntry &entry : m_legend)
        texts.append(entry.text->text());
    return texts;
}

void ContextChartView::layoutLegend()
{
    const QFontMetricsF fm(font());
    const double lineHeight = std::ceil(fm.height() * 1.25);
    const double swatch = std::round(fm.height() * 0.6);
    const double swatchGap = std::round(fm.height() * 0.35);
    const double entryGap = std::round(fm.height() * 1.0);
    const double chartWidth = width();
    const double chartHeight = height();
    const double titleHeight = QFontMetricsF(m_chart->titleFont()).height() + 2 * kChartMargin;

    QVector<double> textWidths;
    double widest = 0.0;
    for (const LegendEntry &entry : std::as_const(m_legend)) {
        textWidths.append(std::ceil(fm.horizontalAdvance(entry.fullText)) + 1);
        widest = std::max(widest, swatch + swatchGap + textWidths.constLast());
    }
    // A column on the right while it takes at most a third of the width and fits the height;
    // else rows under the plot, as many as the entries need.
    const double columnHeight = m_legend.size() * lineHeight;
    m_legendRight = widest + entryGap <= chartWidth / 3.0 && columnHeight <= chartHeight - titleHeight;
    const double available = std::max(1.0, chartWidth - 2 * kChartMargin);

    struct Placed { double x; double y; double textWidth; };
    QVector<Placed> placed;
    double legendWidth = 0.0;
    double legendHeight = 0.0;
    if (m_legendRight) {
        for (int e = 0; e < m_legend.size(); ++e)
            placed.append({0.0, e * lineHeight, textWidths.at(e)});
        legendWidth = widest;
        legendHeight = columnHeight;
    } else {
        double x = 0.0;
        double y = 0.0;
        for (int e = 0; e < m_legend.size(); ++e) {
            const double textWidth = std::min(textWidths.at(e), available - swatch - swatchGap);
            const double entryWidth = swatch + swatchGap + textWidth;
            if (x > 0.0 && x + entryWidth > available) {
                x = 0.0;
                y += lineHeight;
            }
            placed.append({x, y, textWidth});
            x += entryWidth + entryGap;
        }
        legendWidth = available;
        legendHeight = m_legend.isEmpty() ? 0.0 : y + lineHeight;
    }

    // Room for the legend and for the vertical title left of the tick labels.
    const int titleRoom = static_cast<int>(std::ceil(
        std::max(verticalTitleThickness(tr("contribution w\u1d62\u00b7v\u1d62"), font()), fm.height())))
        + kChartMargin;
    const QMargins margins(kChartMargin + titleRoom, kChartMargin,
                           kChartMargin + (m_legendRight ? static_cast<int>(std::ceil(widest + entryGap)) : 0),
                           kChartMargin + (m_legendRight ? 0 : static_cast<int>(std::ceil(legendHeight + 2))));
    if (m_chart->margins() != margins) {
        m_chart->setMargins(margins);
        updateTitle();
    }

    const double left = m_legendRight ? chartWidth - kChartMargin - legendWidth : kChartMargin;
    const double top = m_legendRight ? std::max(titleHeight, (chartHeight - legendHeight) / 2)
                                     : chartHeight - kChartMargin - legendHeight;
    for (int e = 0; e < m_legend.size(); ++e) {
        const LegendEntry &entry = m_legend.at(e);
        const Placed &p = placed.at(e);
        const double half = swatch / 2;
        QPolygonF shape;
        if (entry.swatch->data(0).toBool())
            shape << QPointF(half, 0) << QPointF(swatch, half) << QPointF(half, swatch) << QPointF(0, half);
        else
            shape << QPointF(0, 0) << QPointF(swatch, 0) << QPointF(swatch, swatch) << QPointF(0, swatch);
        entry.swatch->setPolygon(shape);
        entry.swatch->setPos(left + p.x, top + p.y + (lineHeight - swatch) / 2);
        const QString shown = fm.horizontalAdvance(entry.fullText) + 1 <= p.textWidth
            ? entry.fullText
            : fm.elidedText(entry.fullText, Qt::ElideRight, p.textWidth);
        entry.text->setText(shown);
        entry.swatch->setToolTip(shown == entry.fullText ? QString() : entry.fullText);
        entry.text->setPos(swatch + swatchGap, half - fm.height() / 2);
    }
}

QVector<DrawnLabel> ContextChartView::drawnLabels() const
{
    return chartLabels(m_chartView, this);
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
        const double weight = result->weights(m_shownQuery, key);
        const double value = scenario.values(key, dimension);
        text = tr("%1, dim %2: w = %3 \u00d7 v = %4 \u2192 %5")
                   .arg(quoted(scenario.keyLabel(key)))
                   .arg(dimension + 1)
                   .arg(formatFull(weight), formatFull(value), formatFull(contribution));
        if (!scenario.isAllowed(m_shownQuery, key))
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
                           .arg(quoted(m_model->scenario().queryLabel(m_shownQuery)))
                           .arg(dimension + 1)
                           .arg(formatFull(m_context.at(dimension))),
                       m_chartView);
}

// Themes (PRESENT): the chart's own colours follow ViewState::theme().

void ContextChartView::applyTheme()
{
    const Theme &theme = m_viewState->theme();
    const double lineFactor = m_viewState->lineWidthFactor();
    applyThemeToChart(m_chart, {m_xAxis, m_yAxis}, theme, lineFactor);
    m_chart->legend()->setLabelColor(theme.textColor());
    m_zeroLine->setPen(QPen(theme.textColor(), 1.5 * lineFactor));
    // The context marker is the darkest (lightest on Dark) thing in the chart.
    m_contextSeries->setColor(theme.isDark() ? QColor(0xf2, 0xf4, 0xf7) : QColor(0x11, 0x11, 0x11));
    for (QBarSet *set : std::as_const(m_sets))
        set->setBorderColor(theme.plotBackground());
    m_yTitle->setBrush(theme.textColor());
    for (int e = 0; e < m_legend.size(); ++e) {
        m_legend.at(e).text->setBrush(theme.textColor());
        if (e == 0)
            m_legend.at(e).swatch->setBrush(m_contextSeries->color());
    }
    for (const ValueLabel &label : std::as_const(m_labels)) {
        label.box->setBrush(theme.labelBacking());
        label.box->setPen(QPen(theme.frameColor(), 1.0));
        label.text->setBrush(theme.textColor());
    }
    m_markerImageRatio = -1.0;  // the marker's outline is the plot background
    updateMarkerImage();
}

} // namespace attnlens
