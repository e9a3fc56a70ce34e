#include "contextchartview.h"

#include "attentionmodel.h"
#include "chartsupport.h"
#include "headtitle.h"
#include "offscreendeferral.h"
#include "numberformat.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QChartView>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

constexpr qreal kContextBarWidth = 0.5;

/// "₁₂" for 12: head numbers as subscripts in "[C₁ … C₂]".
QString subscript(int number)
{
    QString digits = QString::number(number);
    for (QChar &c : digits)
        c = QChar(0x2080 + c.digitValue());
    return digits;
}

} // namespace

ContextChartView::ContextChartView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : BarChartView(model, viewState,
                   {QStringLiteral("contextChartView"), tr("Context vector chart"),
                    tr("Stacked bar chart of the selected query's context vector: for each dimension, the "
                       "contribution weight times value of every key, stacked, and the context value marked "
                       "by a diamond with its number."),
                    AccessibleNumbers::Content::Context},
                   kContextBarWidth, parent)
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

    connect(m_chart, &QChart::plotAreaChanged, this, &ContextChartView::followPlotArea);
    connect(m_contextSeries, &QScatterSeries::hovered, this, &ContextChartView::showContextTooltip);

    // [C_1 … C_H]: offered only while the scenario has several heads (updateConcatenateOffer()).
    // On the title's line, in the corner: the plot keeps its room in a short panel.
    m_concatenate = new QCheckBox(tr("[C\u2081 \u2026 C\u2095]"), this);
    m_concatenate->setObjectName(QStringLiteral("concatenateHeadsCheckBox"));
    m_concatenate->setAccessibleName(tr("concatenate heads"));
    m_concatenate->setAccessibleDescription(
        tr("Shows the context vectors of every head side by side, [C\u2081 \u2026 C\u2095], "
           "as a multi-head layer joins them before its output projection."));
    m_concatenate->setToolTip(
        tr("Show the context of every head side by side, [C\u2081 \u2026 C\u2095] (H \u00b7 d_v "
           "columns, head by head), instead of the shown head's context alone."));
    m_concatenate->hide();
    connect(m_concatenate, &QCheckBox::toggled, this, &ContextChartView::setConcatenatedShown);
    setCornerControl(m_concatenate);

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

bool ContextChartView::showsConcatenated() const
{
    return m_concatenateAsked && m_model->headCount() > 1;
}

void ContextChartView::setConcatenatedShown(bool shown)
{
    if (m_concatenate->isChecked() != shown)
        m_concatenate->setChecked(shown);  // comes back here through toggled()
    if (shown == m_concatenateAsked)
        return;
    m_concatenateAsked = shown;
    rebuild();
}

int ContextChartView::shownColumns() const
{
    const int perHead = static_cast<int>(m_model->scenario().valueDimension());
    return showsConcatenated() ? perHead * static_cast<int>(m_model->headCount()) : perHead;
}

std::pair<int, int> ContextChartView::headAndDimension(int column) const
{
    if (m_shownHeads <= 1 || m_headDimension <= 0)
        return {static_cast<int>(m_model->selectedHead()), column};
    return {column / m_headDimension, column % m_headDimension};
}

QStringList ContextChartView::headGroupTexts() const
{
    QStringList texts;
    for (const HeadMark &mark : m_headMarks) {
        if (mark.name->isVisible())
            texts << mark.name->text();
    }
    return texts;
}

void ContextChartView::setFigureMode(bool figure)
{
    m_figureMode = figure;
    updateConcatenateOffer();
}

void ContextChartView::updateConcatenateOffer()
{
    const bool offered = m_model->headCount() > 1 && !m_figureMode;
    if (m_concatenate->isHidden() == offered) {
        m_concatenate->setVisible(offered);
        placeCornerControl();
    }
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
    followPlotArea();
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
    if (m_shownHeads > 1) {
        m_longNameWidth = fm.horizontalAdvance(tr("h%1 dim %2").arg(m_shownHeads).arg(dimensions));
        m_shortNameWidth = fm.horizontalAdvance(tr("%1\u00b7%2", "head, then dimension").arg(m_shownHeads).arg(dimensions));
    } else {
        m_longNameWidth = fm.horizontalAdvance(tr("dim %1").arg(dimensions));
        m_shortNameWidth = fm.horizontalAdvance(QString::number(dimensions));
    }
    forgetFittedTitle();
}

void ContextChartView::rebuild()
{
    m_deferral->markRebuilt();
    const Scenario &scenario = m_model->scenario();
    const int keyCount = static_cast<int>(scenario.keyCount());
    updateConcatenateOffer();
    m_shownHeads = showsConcatenated() ? static_cast<int>(m_model->headCount()) : 1;
    m_headDimension = static_cast<int>(scenario.valueDimension());
    const int dimensions = shownColumns();

    m_xAxis->setTitleText(m_shownHeads > 1 ? tr("head \u00b7 context dimension") : tr("context dimension"));
    m_xAxis->setCategories(categoryNames(dimensions));
    measureTexts();
    while (m_headMarks.size() > m_shownHeads) {
        const HeadMark mark = m_headMarks.takeLast();
        delete mark.separator;
        delete mark.name;
    }
    while (m_headMarks.size() < m_shownHeads) {
        HeadMark mark;
        mark.separator = new QGraphicsLineItem(m_chart);
        mark.separator->setZValue(2.5);  // over the grid, under the bars (Qt Charts' series: 4)
        mark.name = new QGraphicsSimpleTextItem(m_chart);
        mark.name->setZValue(999);
        mark.separator->hide();
        mark.name->hide();
        m_headMarks.append(mark);
    }
    for (int h = 0; h < m_headMarks.size(); ++h) {
        m_headMarks.at(h).name->setFont(font());
        m_headMarks.at(h).name->setBrush(m_viewState->theme().hintColor());
        m_headMarks.at(h).separator->setPen(QPen(m_viewState->theme().hintColor(), 1.0, Qt::DashLine));
        m_headMarks[h].fullName = m_shownHeads > 1 ? m_model->headName(h) : QString();
        m_headMarks.at(h).name->setText(m_headMarks.at(h).fullName);
    }

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
    const int dimensions = shownColumns();
    const int shownHeads = showsConcatenated() ? static_cast<int>(m_model->headCount()) : 1;
    if (m_context.size() != dimensions || m_shownHeads != shownHeads
        || m_sets.size() != std::min<int>(scenario.keyCount(), kMaxKeySets)) {
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

    // Column c shows head h's dimension d: its weights times its values (one head unless
    // concatenated, where every head has its result whenever the selected one has).
    const Scenario &whole = m_model->wholeScenario();
    const Matrix *concatenated = m_shownHeads > 1 ? m_model->concatenatedContext() : nullptr;
    QVector<double> positive(dimensions, 0.0);
    QVector<double> negative(dimensions, 0.0);
    for (int s = 0; s < m_groups.size(); ++s) {
        const KeyGroup &group = m_groups.at(s);
        QBarSet *set = m_sets.at(s);
        QVector<double> contributions(dimensions, 0.0);
        for (int d = 0; d < dimensions; ++d) {
            const auto [head, dimension] = headAndDimension(d);
            const AttentionResult *headResult = m_shownHeads > 1 ? m_model->headResult(head) : result;
            const Matrix &values = m_shownHeads > 1 ? whole.headValues(head) : scenario.values;
            for (int j = group.firstKey; j < group.firstKey + group.keyCount; ++j)
                contributions[d] += headResult->weights(shownQuery(), j) * values(j, dimension);
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
        m_context[d] = concatenated ? (*concatenated)(shownQuery(), d) : result->context(shownQuery(), d);
        m_stackTop[d] = positive[d];
        m_stackBottom[d] = negative[d];
        markers.append(QPointF(d, drawableChartValue(m_context[d])));
    }
    updateValueRange();
    if (m_contextSeries->points() != markers)
        m_contextSeries->replace(markers);
    followPlotArea();
}

QStringList ContextChartView::categoryNames(int dimensions) const
{
    QStringList names;
    for (int d = 0; d < dimensions; ++d) {
        if (m_shownHeads > 1) {
            // Head, then dimension: unique, as the category axis needs.
            const auto [head, dimension] = headAndDimension(d);
            names.append(m_longCategoryNames ? tr("h%1 dim %2").arg(head + 1).arg(dimension + 1)
                                             : tr("%1\u00b7%2", "head, then dimension").arg(head + 1).arg(dimension + 1));
        } else {
            names.append(m_longCategoryNames ? tr("dim %1").arg(d + 1) : QString::number(d + 1));
        }
    }
    return names;
}

void ContextChartView::updateTitle()
{
    const int available = titleRoomToFit();
    if (available < 0)
        return;
    const QString query = shownQueryName();
    if (m_shownHeads > 1) {
        // Every head is shown: no one head's name.
        setFittedChartTitle(m_chart,
                            {tr("context of %1, heads concatenated [C\u2081 \u2026 C%2]")
                                 .arg(query, subscript(m_shownHeads)),
                             tr("concatenated context of %1").arg(query), query},
                            available);
        return;
    }
    const QStringList candidates = headTaggedTitles(
        {
            tr("context of %1 = \u03a3 w\u1d62\u00b7v\u1d62").arg(query),
            tr("context of %1").arg(query),
            query,
        },
        *m_model);
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
    low = drawableChartValue(low);
    high = drawableChartValue(high);
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
    // Room over the highest stack for its value, and for the heads' names when concatenated.
    const double labelRoom = fm.height() * (m_shownHeads > 1 ? 2.3 : 1.15) + m_contextSeries->markerSize() / 2 + 8;
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

void ContextChartView::followPlotArea()
{
    // The value range, the category names and their angle are chosen for the plot, and each
    // choice changes the room the axes take: Qt Charts then lays the chart out at once, inside
    // the setter, and emits plotAreaChanged from there. Each choice is right for the plot it
    // sees, yet together they need not settle (upright "dim 3" makes the plot shorter, fewer
    // ticks make their labels wider, the narrower plot brings back "3", which makes it taller
    // again ...), and answering each of those signals at once called this without end. So while
    // the choices are being made, a moved plot only moves the labels; the choices are then made
    // again for the plot as it is, a bounded number of times, the last time with the names that
    // take the least room.
    if (m_choosingAxes) {
        m_plotMovedWhileChoosing = true;
        layoutLabels();
        return;
    }
    m_choosingAxes = true;
    for (int pass = 1; pass <= kAxisChoicePasses; ++pass) {
        m_plotMovedWhileChoosing = false;
        // The headroom and the tick count follow the plot's height.
        const double plotHeight = m_chart->plotArea().height();
        if (std::abs(plotHeight - m_rangePlotHeight) >= 1.0 && m_series->isVisible() && !m_context.isEmpty()) {
            m_rangePlotHeight = plotHeight;
            updateValueRange();
        }
        chooseCategoryNames(pass == kAxisChoicePasses);
        layoutLabels();
        if (!m_plotMovedWhileChoosing)
            break;
    }
    m_choosingAxes = false;
}

void ContextChartView::chooseCategoryNames(bool leastRoom)
{
    const int dimensions = static_cast<int>(m_labels.size());
    if (dimensions == 0 || !m_series->isVisible())
        return;
    // Qt Charts gives each category label the plot's width over one more than their number
    // (less its padding) and cuts a longer one to "di…".
    const double room = m_chart->plotArea().width() / (dimensions + 1);
    // "dim 1", "dim 2", ... while they fit side by side, else just the numbers (the axis title
    // says what they count), upright when even those do not fit.
    const bool longNames = !leastRoom && m_longNameWidth + 8 <= room;
    const int categoryAngle = m_shortNameWidth + 8 > room ? -90 : 0;
    // Long names only ever stand level: the angle turns level before they come, and they go
    // before it turns upright (upright "dim 3" would take far more height than either).
    if (categoryAngle == 0 && m_xAxis->labelsAngle() != 0)
        m_xAxis->setLabelsAngle(0);
    if (longNames != m_longCategoryNames) {
        m_longCategoryNames = longNames;
        m_xAxis->setCategories(categoryNames(dimensions));
    }
    if (m_xAxis->labelsAngle() != categoryAngle)
        m_xAxis->setLabelsAngle(categoryAngle);
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
    layoutHeadMarks(plot);
    if (dimensions == 0 || !m_series->isVisible())
        return;

    const double slot = plot.width() / dimensions;
    const double barWidth = slot * kContextBarWidth;
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
        // Under the line of the heads' names, when they are written.
        const double top = plot.top() + (m_shownHeads > 1 ? fm.height() + 2 : 0.0);
        topLeft.setY(std::clamp(topLeft.y(), std::min(top, plot.bottom() - box.height()), plot.bottom() - box.height()));
        label.box->setRect(QRectF(QPointF(0, 0), box));
        label.box->setPos(topLeft);
        label.text->setPos(pad, pad / 2);
        label.box->show();
        previousRight = topLeft.x() + box.width();
    }
}

void ContextChartView::layoutHeadMarks(const QRectF &plot)
{
    const bool shown = m_shownHeads > 1 && m_series->isVisible() && m_headDimension > 0;
    const QFontMetricsF fm(font());
    for (int h = 0; h < m_headMarks.size(); ++h) {
        const HeadMark &mark = m_headMarks.at(h);
        if (!shown) {
            mark.separator->hide();
            mark.name->hide();
            continue;
        }
        const double left = m_chart->mapToPosition(QPointF(h * m_headDimension - 0.5, 0.0), m_series).x();
        const double right = m_chart->mapToPosition(QPointF((h + 1) * m_headDimension - 0.5, 0.0), m_series).x();
        mark.separator->setLine(QLineF(left, plot.top(), left, plot.bottom()));
        mark.separator->setVisible(h > 0);
        // The head's name at the top of its group, shortened to the group's width. Named as the
        // chart was built: the plot may move before a deferred rebuild catches up with a model
        // that has fewer heads by then.
        const QString &name = mark.fullName;
        const QString fitted = fm.elidedText(name, Qt::ElideRight, std::max(0.0, right - left - 6));
        if (mark.name->text() != fitted)
            mark.name->setText(fitted);
        mark.name->setPos(left + 3, plot.top() + 1);
        mark.name->setVisible(!fitted.isEmpty());
    }
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
    for (const HeadMark &mark : std::as_const(m_headMarks)) {
        mark.name->setBrush(theme.hintColor());
        mark.separator->setPen(QPen(theme.hintColor(), 1.0, Qt::DashLine));
    }
    m_markerImageRatio = -1.0;  // the marker's outline is the plot background
    updateMarkerImage();
}

} // namespace attnlens
