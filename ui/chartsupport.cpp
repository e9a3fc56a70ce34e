#include "chartsupport.h"

#include "theme.h"

#include <QAbstractAxis>
#include <QBarSet>
#include <QChart>
#include <QFontMetricsF>
#include <QPen>
#include <QWidget>

#include <array>

namespace attnlens {

QFont scaledFont(const QFont &base, double factor)
{
    QFont font = base;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(qRound(font.pixelSize() * factor));
    return font;
}

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

int replaceBarValues(QBarSet *set, const QVector<double> &values)
{
    Q_ASSERT(set->count() == values.size());
    QVector<int> changed;
    for (int i = 0; i < values.size(); ++i) {
        if (set->at(i) != values.at(i))
            changed.append(i);
    }
    if (changed.isEmpty())
        return 0;

    // QBarSetPrivate forwards each change to the series; it is the set's only QObject child.
    QObject *relay = nullptr;
    for (QObject *child : set->children()) {
        if (qstrcmp(child->metaObject()->className(), "QBarSetPrivate") == 0)
            relay = child;
    }
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

bool isOnScreen(const QWidget *widget)
{
    if (!widget->isVisible())
        return false;
    QRect inParent = widget->rect();
    for (const QWidget *w = widget; !w->isWindow() && w->parentWidget(); w = w->parentWidget()) {
        inParent = inParent.translated(w->pos()) & w->parentWidget()->rect();
        if (inParent.isEmpty())
            return false;
    }
    return true;
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

QString fittedText(const QStringList &candidates, const QFont &font, double width)
{
    const QFontMetricsF fm(font);
    for (const QString &candidate : candidates) {
        if (fm.horizontalAdvance(candidate) <= width)
            return candidate;
    }
    return candidates.isEmpty() ? QString() : fm.elidedText(candidates.constLast(), Qt::ElideRight, width);
}

QString quoted(const QString &label)
{
    // A title never needs more of a label than a line holds; shaping all 256 characters of a
    // long one (or more, from a model filled by code) on every resize would be wasted work.
    constexpr int kShownChars = 40;
    const QString shown = label.size() > kShownChars ? label.left(kShownChars - 1) + QChar(0x2026) : label;
    return QStringLiteral("\u201c") + shown + QStringLiteral("\u201d");
}

namespace {

constexpr std::array<QRgb, 9> kMutedPalette = {
    0xff332288,  // indigo
    0xff88ccee,  // cyan
    0xff44aa99,  // teal
    0xff117733,  // green
    0xff999933,  // olive
    0xffddcc77,  // sand
    0xffcc6677,  // rose
    0xff882255,  // wine
    0xffaa4499,  // purple
};

} // namespace

QColor contributionColor(int index)
{
    const int count = contributionColorCount();
    const QColor base = QColor::fromRgb(kMutedPalette[static_cast<size_t>(((index % count) + count) % count)]);
    const int round = index / count;
    return round == 0 ? base : base.lighter(100 + 30 * round);
}

int contributionColorCount()
{
    return static_cast<int>(kMutedPalette.size());
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
