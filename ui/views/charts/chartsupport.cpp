#include "chartsupport.h"

#include "attentionmodel.h"
#include "headtitle.h"
#include "quotedlabel.h"
#include "textfit.h"
#include "theme.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QPen>
#include <QTimer>
#include <QWidget>

#include <cmath>
#include <typeinfo>


namespace attnlens {

QStringList uniqueCategories(const QStringList &labels)
{
    QStringList categories;
    for (int j = 0; j < labels.size(); ++j) {
        QString label = labels.at(j);
        if (categories.contains(label))
            label += QStringLiteral(" (%1)").arg(j + 1);
        categories.append(label);
    }
    return categories;
}

QObject *seriesRelayOf(QBarSet *set)
{
    // QBarSetPrivate forwards each change to the series; it is the set's only QObject child.
    // Private Qt Charts API, kept because the public ways are much slower for a chart of many
    // bars (512 tokens: 3.5 ms per drag move with it, 7.5 ms with remove()+append(), 30 ms with
    // replace() alone). tests/ui/contextchartview_test.cpp fails if Qt renames or bypasses it.
    for (QObject *child : set->children()) {
        if (qstrcmp(child->metaObject()->className(), "QBarSetPrivate") == 0)
            return child;
    }
    return nullptr;
}

double drawableChartValue(double value)
{
    // Qt Charts maps a value to a pixel through plot height / (axis max - axis min). An axis that
    // reaches only to a number near the smallest double (3e-308) makes that quotient infinite:
    // markers land at infinite positions and Qt Charts 6.4 crashes painting them. The axes here
    // always span 0 and every drawn value, so drawing nothing smaller than this keeps the
    // quotient finite for any plot up to 1e18 pixels tall. Such values are far below a pixel.
    constexpr double kSmallestDrawnMagnitude = 1e-290;
    return std::abs(value) < kSmallestDrawnMagnitude ? 0.0 : value;
}

int replaceBarValues(QBarSet *set, const QVector<double> &input)
{
    Q_ASSERT(set->count() == input.size());
    QVector<double> values = input;
    for (double &value : values)
        value = drawableChartValue(value);
    QVector<int> changed;
    for (int i = 0; i < values.size(); ++i) {
        if (set->at(i) != values.at(i))
            changed.append(i);
    }
    if (changed.isEmpty())
        return 0;

    QObject *relay = seriesRelayOf(set);
    const int last = changed.takeLast();
    if (relay && !changed.isEmpty()) {
        const bool wasBlocked = relay->blockSignals(true);
        for (int i : std::as_const(changed))
            set->replace(i, values.at(i));
        relay->blockSignals(wasBlocked);
    } else {
        for (int i : std::as_const(changed))
            set->replace(i, values.at(i));
    }
    set->replace(last, values.at(last));  // announced: the series lays out all bars once
    return static_cast<int>(changed.size()) + 1;
}

void useHairlinePens(QAbstractAxis *axis)
{
    auto hairline = [](QPen pen) {
        if (pen.widthF() <= 1.0)
            pen.setWidthF(0.0);
        return pen;
    };
    axis->setLinePen(hairline(axis->linePen()));
    axis->setGridLinePen(hairline(axis->gridLinePen()));
    axis->setMinorGridLinePen(hairline(axis->minorGridLinePen()));
}

QStringList headTaggedTitles(const QStringList &titles, const AttentionModel &model)
{
    if (model.headTitle().isEmpty() || titles.isEmpty())
        return titles;
    QStringList tagged;
    for (const QString &title : titles)
        tagged << withHeadTag(title, model);
    // Narrower: the head by its name alone, then no head.
    tagged << QCoreApplication::translate("attnlens::HeadTitle", "%1 \u2014 %2", "a title, then the head it shows")
                  .arg(titles.constLast(), quoted(model.headTitle()));
    tagged << titles.constLast();
    return tagged;
}

void setFittedChartTitle(QChart *chart, const QStringList &candidates, double width, const QString &fullText)
{
    const QString title = fittedText(candidates, chart->titleFont(), width);
    if (chart->title() != title)
        chart->setTitle(title);
    // Cut here, or a label in it cut by quoted(): the tooltip has the whole text.
    const bool shortened = !candidates.contains(title) || title.contains(QChar(0x2026));
    const QString whole = fullText.isEmpty() ? candidates.constFirst() : fullText;
    chart->setProperty("attnlensTitleToolTip", shortened ? whole : QString());
    applyChartTitleToolTip(chart);
    // Qt Charts writes the title into its item when it lays the chart out, which is later.
    QTimer::singleShot(0, chart, [chart] { applyChartTitleToolTip(chart); });
}

void applyChartTitleToolTip(QChart *chart)
{
    const QString toolTip = chart->property("attnlensTitleToolTip").toString();
    // Qt Charts draws the title as a text item of its own: the tooltip goes on that item.
    QList<QGraphicsItem *> pending = chart->childItems();
    while (!pending.isEmpty()) {
        QGraphicsItem *item = pending.takeLast();
        if (auto *text = dynamic_cast<QGraphicsTextItem *>(item);
            text && QByteArray(typeid(*text).name()).contains("ChartTitle")) {
            if (text->toolTip() != toolTip)
                text->setToolTip(toolTip);
            return;
        }
        pending.append(item->childItems());
    }
}

QVector<DrawnLabel> chartLabels(const QChartView *view, const QWidget *into)
{
    QVector<DrawnLabel> labels;
    if (!view->scene())
        return labels;
    for (const QGraphicsItem *item : view->scene()->items()) {
        if (!item->isVisible() || item->opacity() <= 0.0)
            continue;
        QString text;
        if (const auto *simple = dynamic_cast<const QGraphicsSimpleTextItem *>(item))
            text = simple->text();
        else if (const auto *rich = dynamic_cast<const QGraphicsTextItem *>(item))
            text = rich->toPlainText();
        else
            continue;
        if (text.trimmed().isEmpty())
            continue;
        // Parents hidden by opacity or clipped away do not count as drawn.
        bool shown = true;
        for (const QGraphicsItem *p = item->parentItem(); p && shown; p = p->parentItem())
            shown = p->isVisible();
        if (!shown)
            continue;
        const QRect inView = view->mapFromScene(item->sceneBoundingRect()).boundingRect();
        const QPoint origin = view->mapTo(into, QPoint(0, 0));
        QString toolTip = item->toolTip();
        if (toolTip.isEmpty() && item->parentItem())
            toolTip = item->parentItem()->toolTip();
        labels.append(DrawnLabel{QRectF(inView.translated(origin)), text, toolTip});
    }
    return labels;
}

namespace {


double uprightLength(const QString &text, const QFontMetricsF &fm)
{
    int count = 0;
    for (const QChar c : text)
        count += c.isSpace() ? 0 : 1;
    return count * fm.lineSpacing();
}

} // namespace

double verticalTitleThickness(const QString &text, const QFont &font)
{
    const QFontMetricsF fm(font);
    if (!stacksUpright(text))
        return fm.height();
    double widest = 0.0;
    for (const QChar c : text)
        widest = std::max(widest, fm.horizontalAdvance(c));
    return widest;
}

QString layoutVerticalTitle(QGraphicsSimpleTextItem *item, const QStringList &candidates, double left,
                            double centreY, double length)
{
    const QFontMetricsF fm(item->font());
    QString chosen;
    for (const QString &candidate : candidates) {
        const double needed = stacksUpright(candidate) ? uprightLength(candidate, fm) : fm.horizontalAdvance(candidate);
        if (needed <= length) {
            chosen = candidate;
            break;
        }
    }
    QString toolTip;
    if (chosen.isNull() && !candidates.isEmpty()) {
        const QString &last = candidates.constLast();
        toolTip = candidates.constFirst();
        if (stacksUpright(last)) {
            const int fit = std::max(1, static_cast<int>(length / fm.lineSpacing()) - 1);
            chosen = last.left(fit) + QChar(0x2026);
        } else {
            chosen = fm.elidedText(last, Qt::ElideRight, length);
        }
    }
    item->setToolTip(toolTip);
    if (stacksUpright(chosen)) {
        const QString text = uprightColumn(chosen);
        if (item->text() != text)
            item->setText(text);
        item->setRotation(0);
        const QRectF box = item->boundingRect();
        item->setPos(left + (verticalTitleThickness(chosen, item->font()) - box.width()) / 2,
                     centreY - box.height() / 2);
    } else {
        if (item->text() != chosen)
            item->setText(chosen);
        // Turned by -90 degrees the text runs upwards from its position.
        item->setRotation(-90);
        item->setPos(left, centreY + item->boundingRect().width() / 2);
    }
    return chosen;
}

void applyThemeToChart(QChart *chart, std::initializer_list<QAbstractAxis *> axes, const Theme &theme,
                       double lineFactor)
{
    chart->setBackgroundBrush(theme.viewBackground());
    chart->setBackgroundPen(Qt::NoPen);
    // Light keeps one white sheet (and a transparent figure stays transparent inside the plot).
    chart->setPlotAreaBackgroundBrush(theme.plotBackground());
    chart->setPlotAreaBackgroundVisible(theme.plotBackground() != theme.viewBackground());
    const double lineWidth = lineFactor > 1.0 ? lineFactor : 0.0;
    for (QAbstractAxis *axis : axes) {
        axis->setLabelsBrush(theme.textColor());
        axis->setTitleBrush(theme.textColor());
        axis->setLinePen(QPen(theme.zeroAxisColor(), lineWidth));
        axis->setGridLinePen(QPen(theme.gridColor(), lineWidth));
    }
}

} // namespace attnlens
