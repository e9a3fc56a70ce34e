#include "weightschartview.h"

#include "attentionmodel.h"
#include "chartsupport.h"
#include "headtitle.h"
#include "offscreendeferral.h"
#include "colormap.h"
#include "numberformat.h"
#include "textfit.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCursor>
#include <QGraphicsRectItem>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QStackedBarSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <limits>

namespace attnlens {

namespace {

constexpr qreal kWeightBarWidth = 0.7;

/// `name` broken at one space into two lines that are each at most `room` wide, or empty.
QStringList twoLines(const QString &name, const QFontMetricsF &fm, double room)
{
    QStringList best;
    double bestWidth = std::numeric_limits<double>::infinity();
    for (qsizetype at = name.indexOf(QLatin1Char(' ')); at > 0; at = name.indexOf(QLatin1Char(' '), at + 1)) {
        const QString first = name.left(at);
        const QString second = name.mid(at + 1);
        const double width = std::max(fm.horizontalAdvance(first), fm.horizontalAdvance(second));
        if (width <= room && width < bestWidth) {
            bestWidth = width;
            best = QStringList{first, second};
        }
    }
    return best;
}

/// Writes `values[s]` into `sets[s]` in place (replaceBarValues()), announcing only the very
/// last changed set to the series.
void replaceInSetsLayingOutOnce(const QList<QBarSet *> &sets, const QVector<QVector<double>> &values)
{
    int lastChanged = -1;
    for (int s = 0; s < sets.size(); ++s) {
        for (int i = 0; i < values.at(s).size(); ++i) {
            if (sets.at(s)->at(i) != values.at(s).at(i)) {
                lastChanged = s;
                break;
            }
        }
    }
    for (int s = 0; s < sets.size(); ++s) {
        // Only the last set that changed tells its series; the others write in silence.
        QObject *relay = s != lastChanged ? seriesRelayOf(sets.at(s)) : nullptr;
        const bool wasBlocked = relay ? relay->blockSignals(true) : false;
        replaceBarValues(sets.at(s), values.at(s));
        if (relay)
            relay->blockSignals(wasBlocked);
    }
}

} // namespace

WeightsChartView::WeightsChartView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : BarChartView(model, viewState,
                   {QStringLiteral("weightsChartView"), tr("Attention weights chart"),
                    tr("Bar chart of the selected query's attention weights over the keys, from 0 "
                       "to 1; masked keys are hatched and marked \"masked\"."),
                    AccessibleNumbers::Content::Weights},
                   kWeightBarWidth, parent)
{
    m_chart->setMargins(QMargins(kChartMargin, kChartMargin, 2 * kChartMargin, kChartMargin));

    m_weightSet = new QBarSet(tr("weight"));
    m_maskedSet = new QBarSet(tr("masked"));
    // The weights set holds the numbers; the bars drawn are one set per key colour (rebuild()).
    m_weightSet->setParent(this);
    m_series->append(m_maskedSet);

    // The key names are written by the chart (layoutKeyNames()): Qt Charts can only cut them.
    m_xAxis->setLabelsVisible(false);
    m_yAxis->setRange(0.0, 1.0);
    m_yAxis->setTickCount(6);
    m_yAxis->setLabelFormat(QStringLiteral("%.1f"));
    // Every drag step moves every bar: a BSP index would re-sort hundreds of items per frame,
    // while a linear walk over them to paint is cheap.
    m_chartView->scene()->setItemIndexMethod(QGraphicsScene::NoIndex);

    connect(m_chart, &QChart::plotAreaChanged, this, &WeightsChartView::layoutLabels);
    connect(m_maskedSet, &QBarSet::hovered, this,
            [this](bool status, int key) { showTooltip(status, key, true); });

    applyFonts();
    applyTheme();
    rebuild();
}

QSize WeightsChartView::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 26, fm.height() * 11);
}

QSize WeightsChartView::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 60, fm.height() * 22);
}

QString WeightsChartView::barLabel(int key) const
{
    if (key < 0 || key >= m_barLabels.size() || !m_barLabels.at(key)->isVisible())
        return QString();
    return m_barLabels.at(key)->text();
}

bool WeightsChartView::isBarLabelVisible(int key) const
{
    return key >= 0 && key < m_barLabels.size() && m_barLabels.at(key)->isVisible();
}

void WeightsChartView::layoutForSize()
{
    // The band under the plot follows the new height at once: with the old one the chart could
    // not shrink to fit.
    m_keyNameSignature = -1;
    layoutKeyNames();
    updateTitle(m_keyNamesHidden);
    placeKeyOverlays();
}

void WeightsChartView::applyFonts()
{
    BarChartView::applyFonts();
    const QFont base = font();
    for (QGraphicsSimpleTextItem *item : std::as_const(m_keyNames))
        item->setFont(base);
    m_keyNameSignature = -1;
    for (QGraphicsSimpleTextItem *item : std::as_const(m_barLabels))
        item->setFont(base);
    measureTexts();
    layoutLabels();
}

void WeightsChartView::measureTexts()
{
    // Measured here, not per frame: shaping text is what a drag cannot afford.
    const QFontMetricsF fm(font());
    m_numberWidth = fm.horizontalAdvance(formatCompact(0.0));
    m_maskedWidth = fm.horizontalAdvance(tr("masked"));
    forgetFittedTitle();
}

void WeightsChartView::rebuild()
{
    m_deferral->markRebuilt();
    const Scenario &scenario = m_model->scenario();
    const int keyCount = static_cast<int>(scenario.keyCount());

    QStringList labels;
    for (int j = 0; j < keyCount; ++j)
        labels.append(scenario.keyLabel(j));
    m_xAxis->setCategories(uniqueCategories(labels));
    measureTexts();

    // The weights and masked sets are kept; only their length follows the new key count.
    if (m_weightSet->count() > 0)
        m_weightSet->remove(0, m_weightSet->count());
    if (m_maskedSet->count() > 0)
        m_maskedSet->remove(0, m_maskedSet->count());
    m_weightSet->append(QList<qreal>(keyCount, 0.0));
    m_maskedSet->append(QList<qreal>(keyCount, 0.0));
    m_masked = QVector<bool>(keyCount, false);

    // One drawn set per key while every key has a colour of its own. Qt Charts makes a bar item
    // for every set and every key, so a long sequence gets one set, in the grey of the "other
    // keys", with the first keys' bars painted over in their colours (m_keyOverlays).
    const bool maskedAttached = m_series->barSets().contains(m_maskedSet);
    if (maskedAttached) {
        m_series->take(m_maskedSet);
        m_maskedSet->setParent(this);
    }
    for (QBarSet *set : std::as_const(m_groupSets))
        m_series->remove(set);
    m_groupSets.clear();
    const bool setPerKey = keyCount <= kKeyColorGroups;
    const int sets = setPerKey ? keyCount : 1;
    for (int g = 0; g < sets; ++g) {
        auto *set = new QBarSet(tr("weight"));
        const QColor color = setPerKey ? keyGroupColor(g, keyCount) : keyGroupColor(kKeyColorGroups - 1, keyCount);
        set->setColor(color);
        set->setBorderColor(color.darker(130));
        set->append(QList<qreal>(keyCount, 0.0));
        connect(set, &QBarSet::hovered, this, [this](bool status, int key) { showTooltip(status, key, false); });
        m_groupSets.append(set);
    }
    m_series->append(m_groupSets);
    qDeleteAll(m_keyOverlays);
    m_keyOverlays.clear();
    for (int g = 0; !setPerKey && g < kKeyColorGroups - 1; ++g) {
        auto *overlay = new QGraphicsRectItem(m_chart);
        const QColor color = keyGroupColor(g, keyCount);
        overlay->setBrush(color);
        overlay->setPen(QPen(color.darker(130), 0));
        overlay->setZValue(500);  // over the bars, under their labels
        overlay->setAcceptHoverEvents(false);
        overlay->hide();
        m_keyOverlays.append(overlay);
    }
    if (maskedAttached)
        m_series->append(m_maskedSet);  // last, so stacked on top

    m_fullKeyNames = labels;
    while (m_keyNames.size() > keyCount)
        delete m_keyNames.takeLast();
    while (m_keyNames.size() < keyCount) {
        auto *item = new QGraphicsSimpleTextItem(m_chart);
        item->setFont(font());
        item->setBrush(m_viewState->theme().textColor());
        item->setAcceptHoverEvents(false);
        item->hide();
        m_keyNames.append(item);
    }
    m_keyNameSignature = -1;

    while (m_barLabels.size() > keyCount)
        delete m_barLabels.takeLast();
    while (m_barLabels.size() < keyCount) {
        auto *item = new QGraphicsSimpleTextItem(m_chart);
        item->setFont(font());
        item->setZValue(1000);  // above the bars and the grid
        item->setAcceptHoverEvents(false);
        m_barLabels.append(item);
    }
    refresh();
}

void WeightsChartView::refresh()
{
    m_deferral->markRefreshed();
    const Scenario &scenario = m_model->scenario();
    const int keyCount = static_cast<int>(scenario.keyCount());
    if (m_weightSet->count() != keyCount) {
        rebuild();
        return;
    }
    updateShownQuery();
    updateTitle(m_keyNamesHidden);
    const AttentionResult *result = shownResultOrRefusal();
    if (!result)
        return;

    QVector<double> weights(keyCount);
    QVector<double> maskedHeights(keyCount);
    for (int j = 0; j < keyCount; ++j) {
        m_masked[j] = !scenario.isAllowed(shownQuery(), j);
        weights[j] = result->weights(shownQuery(), j);
        maskedHeights[j] = m_masked[j] ? 1.0 : 0.0;
    }
    replaceBarValues(m_weightSet, weights);
    // Every set that changes would have the series lay out all its bars again; all but the last
    // change are written with the sets' relays to the series muted, so it lays out once.
    QList<QBarSet *> drawn = m_groupSets;
    QVector<QVector<double>> values;
    if (m_groupSets.size() == 1 && keyCount > 1) {
        values.append(weights);
    } else {
        for (int g = 0; g < m_groupSets.size(); ++g) {
            QVector<double> groupValues(keyCount, 0.0);
            groupValues[g] = weights.at(g);
            values.append(groupValues);
        }
    }
    if (m_series->barSets().contains(m_maskedSet) || m_maskedSet->count() == keyCount) {
        drawn.append(m_maskedSet);
        values.append(maskedHeights);
    }
    replaceInSetsLayingOutOnce(drawn, values);
    showMaskedBars(std::find(m_masked.cbegin(), m_masked.cend(), true) != m_masked.cend());
    layoutLabels();
}

void WeightsChartView::showMaskedBars(bool show)
{
    // With no key masked the hatched set is all zero-height bars, yet Qt Charts would lay out and
    // paint every one of them on every drag step (half the bars in the chart, all invisible);
    // it joins the series only while it has something to show. Appended last, it stays stacked
    // on top of the weights.
    const bool attached = m_series->barSets().contains(m_maskedSet);
    if (show == attached)
        return;
    if (show) {
        m_series->append(m_maskedSet);
    } else {
        m_series->take(m_maskedSet);
        m_maskedSet->setParent(this);  // kept (and its values kept current) while detached
    }
}

void WeightsChartView::placeKeyOverlays()
{
    // The coloured overlays over the first keys' bars (see the many-keys note), bar by bar.
    for (int g = 0; g < m_keyOverlays.size(); ++g) {
        QGraphicsRectItem *overlay = m_keyOverlays.at(g);
        const double weight = g < m_weightSet->count() ? m_weightSet->at(g) : 0.0;
        if (m_masked.value(g) || weight <= 0.0) {
            overlay->hide();
            continue;
        }
        const QPointF top = m_chart->mapToPosition(QPointF(g - kWeightBarWidth / 2, weight), m_series);
        const QPointF bottom = m_chart->mapToPosition(QPointF(g + kWeightBarWidth / 2, 0.0), m_series);
        overlay->setRect(QRectF(top, bottom).normalized());
        overlay->show();
    }
}

void WeightsChartView::updateTitle(bool countKeys)
{
    // The title depends on the query, the key count (fixed until rebuild()), the width and the
    // font.
    const int available = titleRoomToFit(countKeys ? 1 : 0);
    if (available < 0)
        return;
    const int keyCount = static_cast<int>(m_model->scenario().keyCount());
    const QString query = shownQueryName();
    const QStringList candidates = headTaggedTitles(
        {
            countKeys ? tr("weights of %1 over %2 keys").arg(query).arg(keyCount)
                      : tr("weights of %1 over the keys").arg(query),
            tr("weights of %1").arg(query),
            query,
        },
        *m_model);
    const QString fullQuery = shownQueryName(true);
    const QString full = countKeys ? tr("weights of %1 over %2 keys").arg(fullQuery).arg(keyCount)
                                   : tr("weights of %1 over the keys").arg(fullQuery);
    setFittedChartTitle(m_chart, candidates, available, withHeadTag(full, *m_model));
}

void WeightsChartView::hideValueItems()
{
    for (QGraphicsSimpleTextItem *item : std::as_const(m_barLabels))
        item->hide();
    for (QGraphicsRectItem *overlay : std::as_const(m_keyOverlays))
        overlay->hide();
}

void WeightsChartView::layoutLabels()
{
    const int keyCount = static_cast<int>(m_barLabels.size());
    if (keyCount == 0 || !m_series->isVisible())
        return;

    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF fm(font());
    const double slot = plot.width() / keyCount;
    const double barWidth = slot * kWeightBarWidth;
    const double textHeight = fm.height();
    const double gap = std::max(2.0, textHeight * 0.2);
    const double numberWidth = m_numberWidth;

    enum class Mode { Horizontal, Vertical, Hidden };
    const Mode mode = barWidth >= numberWidth + 4 ? Mode::Horizontal
        : barWidth >= textHeight                  ? Mode::Vertical
                                                  : Mode::Hidden;

    layoutKeyNames();
    updateTitle(m_keyNamesHidden);
    placeKeyOverlays();

    for (int j = 0; j < keyCount; ++j) {
        QGraphicsSimpleTextItem *item = m_barLabels.at(j);
        if (mode == Mode::Hidden) {
            item->hide();
            continue;
        }
        const double centreX = m_chart->mapToPosition(QPointF(j, 0.0), m_series).x();
        if (m_masked.at(j)) {
            const QString text = tr("masked");
            const double width = m_maskedWidth;
            item->setText(text);
            item->setBrush(m_viewState->theme().hintColor());
            if (barWidth >= width + 4) {
                item->setRotation(0);
                item->setPos(centreX - width / 2, plot.center().y() - textHeight / 2);
            } else if (stacksUpright(text)) {
                // Chinese reads one character under another, not turned on its side.
                item->setText(uprightColumn(text));
                item->setRotation(0);
                const QRectF stacked = item->boundingRect();
                item->setPos(centreX - stacked.width() / 2, plot.center().y() - stacked.height() / 2);
            } else {
                item->setRotation(-90);
                item->setPos(centreX - textHeight / 2, plot.center().y() + width / 2);
            }
            item->show();
            continue;
        }

        const double weight = m_weightSet->at(j);
        const QString text = formatCompact(weight);
        // Weights lie in [0, 1]: always "d.dddd", as wide as m_numberWidth in tabular digits.
        const double width = text.size() == 6 ? numberWidth : fm.horizontalAdvance(text);
        const double top = m_chart->mapToPosition(QPointF(j, weight), m_series).y();
        const QColor onBar = ColorMap::textColorOn(barColor(j).rgb());
        item->setText(text);
        if (mode == Mode::Horizontal) {
            item->setRotation(0);
            const double above = top - gap - textHeight;
            const bool fitsAbove = above >= plot.top();
            item->setBrush(fitsAbove ? m_viewState->theme().textColor() : onBar);
            item->setPos(centreX - width / 2, fitsAbove ? above : top + gap);
        } else {
            // Rotated by -90 degrees the text runs upwards from its position.
            item->setRotation(-90);
            const bool fitsAbove = top - gap - width >= plot.top();
            item->setBrush(fitsAbove ? m_viewState->theme().textColor() : onBar);
            item->setPos(centreX - textHeight / 2, fitsAbove ? top - gap : top + gap + width);
        }
        item->show();
    }
}

QColor WeightsChartView::barColor(int key) const
{
    const int keyCount = static_cast<int>(m_weightSet->count());
    return key >= 0 && key < keyCount ? keyShareColor(key, keyCount) : QColor();
}

QString WeightsChartView::keyName(int key) const
{
    if (key < 0 || key >= m_keyNames.size() || !m_keyNames.at(key)->isVisible())
        return QString();
    QString name = m_keyNames.at(key)->text();
    for (QGraphicsItem *child : m_keyNames.at(key)->childItems()) {
        if (auto *line = dynamic_cast<QGraphicsSimpleTextItem *>(child); line && line->isVisible())
            name += QLatin1Char('\n') + line->text();
    }
    return name;
}

void WeightsChartView::layoutKeyNames()
{
    const QRectF plot = m_chart->plotArea();
    const QFontMetricsF fm(font());
    const int keyCount = static_cast<int>(m_keyNames.size());
    // Shaping every name is what a drag cannot afford: redone only when the plot or the names
    // changed (m_keyNameSignature is reset then).
    const int signature = static_cast<int>(std::lround(plot.width() * 4 + plot.left() * 7 + plot.bottom() * 13));
    if (signature == m_keyNameSignature)
        return;
    // The vertical title, in the room kept left of the tick labels.
    placeVerticalTitle({tr("attention weight"), tr("weight")}, plot);
    if (keyCount == 0 || plot.width() <= 0)
        return;

    const double slot = plot.width() / keyCount;
    const double room = slot - 8;
    const double lineHeight = fm.height();
    QVector<QStringList> lines(keyCount);
    double widest = 0.0;
    for (int j = 0; j < keyCount; ++j)
        widest = std::max(widest, fm.horizontalAdvance(m_fullKeyNames.value(j)));

    enum class Mode { Across, TwoLines, Upright, Hidden };
    Mode mode = Mode::Hidden;
    if (widest + 1 <= room) {
        mode = Mode::Across;
    } else {
        bool allFit = room > 0;
        for (int j = 0; j < keyCount && allFit; ++j) {
            const QString &name = m_fullKeyNames.at(j);
            if (fm.horizontalAdvance(name) + 1 <= room)
                lines[j] = QStringList{name};
            else
                lines[j] = twoLines(name, fm, room - 1);
            allFit = !lines[j].isEmpty();
        }
        if (allFit)
            mode = Mode::TwoLines;
        else if (slot >= lineHeight)
            mode = Mode::Upright;
    }
    // Upright names take at most 40 % of the chart's height; a longer one is shortened, with the
    // full name as its tooltip.
    const double titleHeight = QFontMetricsF(m_chart->titleFont()).height() + 2 * kChartMargin;
    const double uprightRoom = std::min(std::max(3 * lineHeight, height() * 0.4),
                                        height() - titleHeight - 5 * lineHeight);
    double band = 0.0;
    switch (mode) {
    case Mode::Across:
        band = lineHeight;
        break;
    case Mode::TwoLines:
        band = lineHeight + fm.lineSpacing();
        break;
    case Mode::Upright:
        band = std::max(lineHeight, std::min(widest + 1, uprightRoom));
        break;
    case Mode::Hidden:
        band = 0.0;
        break;
    }
    m_keyNameAngle = mode == Mode::Upright ? -90 : 0;

    const double top = plot.bottom() + std::max(4.0, lineHeight * 0.3);
    for (int j = 0; j < keyCount; ++j) {
        QGraphicsSimpleTextItem *item = m_keyNames.at(j);
        QGraphicsSimpleTextItem *second = nullptr;
        for (QGraphicsItem *child : item->childItems())
            second = dynamic_cast<QGraphicsSimpleTextItem *>(child);
        if (second)
            second->hide();
        if (mode == Mode::Hidden) {
            item->hide();
            continue;
        }
        const QString &name = m_fullKeyNames.at(j);
        const double centreX = plot.left() + (j + 0.5) * slot;
        item->setToolTip(QString());
        if (mode == Mode::Upright) {
            const QString shown = fm.horizontalAdvance(name) + 1 <= band ? name : fm.elidedText(name, Qt::ElideRight, band);
            item->setText(shown);
            item->setToolTip(shown == name ? QString() : name);
            item->setRotation(-90);
            // Turned, the text runs upwards from its position and ends at the axis.
            item->setPos(centreX - lineHeight / 2, top + fm.horizontalAdvance(shown) + 1);
        } else {
            const QStringList parts = mode == Mode::Across ? QStringList{name} : lines.at(j);
            item->setRotation(0);
            item->setText(parts.first());
            item->setPos(centreX - fm.horizontalAdvance(parts.first()) / 2, top);
            if (parts.size() > 1) {
                if (!second) {
                    second = new QGraphicsSimpleTextItem(item);
                    second->setAcceptHoverEvents(false);
                }
                second->setFont(font());
                second->setBrush(item->brush());
                second->setText(parts.at(1));
                // Centred under the first line, in the first line's coordinates.
                second->setPos((fm.horizontalAdvance(parts.first()) - fm.horizontalAdvance(parts.at(1))) / 2,
                               fm.lineSpacing());
                second->show();
            }
        }
        item->show();
    }

    const int bandHeight = static_cast<int>(std::ceil(band));
    QMargins margins = m_chart->margins();
    margins.setLeft(kChartMargin + verticalTitleRoom(tr("attention weight")));
    margins.setBottom(kChartMargin + bandHeight);
    m_keyNameSignature = signature;
    m_keyNamesHidden = mode == Mode::Hidden;
    // Six ticks (0, 0.2, ..., 1) where their labels fit one above the other, else three.
    const int ticks = plot.height() >= 6 * 1.3 * lineHeight ? 6 : 3;
    if (m_yAxis->tickCount() != ticks)
        m_yAxis->setTickCount(ticks);
    if (m_chart->margins() != margins)
        m_chart->setMargins(margins);  // lays out again: this runs once more with the new plot
}

void WeightsChartView::showTooltip(bool status, int key, bool onMaskedBar)
{
    if (!status) {
        QToolTip::hideText();
        m_viewState->setHover(-1, -1);
        return;
    }
    const AttentionResult *result = m_model->result();
    if (!result || key < 0 || key >= m_masked.size())
        return;
    m_viewState->setHover(shownQuery(), key);
    const Scenario &scenario = m_model->scenario();
    QString text;
    if (onMaskedBar || m_masked.at(key)) {
        text = tr("%1 is masked for %2: weight 0")
                   .arg(quoted(scenario.keyLabel(key)), quoted(scenario.queryLabel(shownQuery())));
    } else {
        text = tr("weight of %1 for %2: %3")
                   .arg(quoted(scenario.keyLabel(key)), quoted(scenario.queryLabel(shownQuery())),
                        formatFull(result->weights(shownQuery(), key)));
    }
    QToolTip::showText(QCursor::pos(), text, m_chartView);
}

// Themes (PRESENT): the chart's own colours follow ViewState::theme().

void WeightsChartView::applyTheme()
{
    BarChartView::applyTheme();
    const Theme &theme = m_viewState->theme();
    const double lineFactor = m_viewState->lineWidthFactor();
    m_maskedSet->setBrush(QBrush(theme.hatchColor(), Qt::BDiagPattern));
    for (QGraphicsSimpleTextItem *item : std::as_const(m_keyNames)) {
        item->setBrush(theme.textColor());
        for (QGraphicsItem *child : item->childItems()) {
            if (auto *line = dynamic_cast<QGraphicsSimpleTextItem *>(child))
                line->setBrush(theme.textColor());
        }
    }
    m_maskedSet->setPen(QPen(theme.maskedColor(), lineFactor, Qt::DashLine));
    layoutLabels();
}

QVector<QRectF> WeightsChartView::labelRects() const
{
    QVector<QRectF> rects;
    for (const QGraphicsSimpleTextItem *item : m_barLabels) {
        if (!item->isVisible() || item->text().isEmpty())
            continue;
        const QRect inView = m_chartView->mapFromScene(item->sceneBoundingRect()).boundingRect();
        rects.append(QRectF(inView.translated(m_chartView->pos())));
    }
    return rects;
}

} // namespace attnlens
