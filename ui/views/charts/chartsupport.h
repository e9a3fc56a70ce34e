#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>

#include <initializer_list>

#include "textfit.h"

class QAbstractAxis;
class QBarSet;
class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QObject;
class QWidget;

namespace attnlens {

class AttentionModel;
class Theme;

// Small helpers shared by the Qt Charts views (the text helpers every view uses are in textfit.h).

/// QBarCategoryAxis silently drops a repeated category, so a repeated label gets its 1-based
/// position appended: {"a", "b", "a"} becomes {"a", "b", "a (3)"}.
QStringList uniqueCategories(const QStringList &labels);

/// Writes `values` into `set` in place with QBarSet::replace, touching only the entries that
/// differ. Returns how many changed.
///
/// Qt Charts re-lays out the whole series after every single replace(), which makes a frame cost
/// O(N²) for N bars. Only the last changed entry is therefore announced to the chart: the set's
/// internal relay to the series is muted for the others, so the series lays out once, reading
/// every value. The set itself still emits valueChanged(index) for each changed entry.
/// Values are drawn as they are, except those smaller in magnitude than 1e-290 (subnormal ones
/// and normal ones just above 2.2e-308), which are drawn as 0: they are far below a pixel, and an
/// axis sized for one makes Qt Charts 6.4 crash painting the markers.
int replaceBarValues(QBarSet *set, const QVector<double> &values);
/// `value`, or 0 when |value| < 1e-290 (see replaceBarValues).
double drawableChartValue(double value);
/// Qt Charts' private relay from `set` to its series (QBarSetPrivate), through which each change
/// makes the series lay out every bar again; null if a Qt upgrade renamed it (a test then fails).
QObject *seriesRelayOf(QBarSet *set);

/// Writes the first of `candidates` (longest first) that fits `width` as `chart`'s title; when
/// none fits, the last one shortened, with the first in full as the title's tooltip.
/// `fullText`, when given, is the tooltip of a shortened title (the candidates may hold labels
/// already cut by quoted()).
/// The titles with the head shown after each (headtitle.h), the first fitting of which is the
/// chart's title, then the last with the head's name alone, then the last by itself: a narrow
/// chart keeps the head's name longer than the words around the query. Unchanged for a one-head
/// scenario.
QStringList headTaggedTitles(const QStringList &titles, const AttentionModel &model);

void setFittedChartTitle(QChart *chart, const QStringList &candidates, double width,
                         const QString &fullText = QString());
/// Puts the tooltip setFittedChartTitle() chose on the title's item (once Qt Charts has laid
/// the title out).
void applyChartTitleToolTip(QChart *chart);

/// Turns the axis line, tick and grid pens of one pixel into hairlines (width 0): the same
/// pixels without antialiasing, but a hairline's item knows its bounding box at once, where a
/// one-pixel pen has Qt stroke the line's outline each time the scene looks for what to repaint.
void useHairlinePens(QAbstractAxis *axis);

/// A chart's background, plot area and axes in `theme`'s colours, its axis and grid lines
/// `lineFactor` thick (hairlines at 1).
void applyThemeToChart(QChart *chart, std::initializer_list<QAbstractAxis *> axes, const Theme &theme,
                       double lineFactor);

/// Every visible text item of `view`'s chart (titles, axis labels and titles, value labels,
/// legend entries), in the coordinates of `into` (an ancestor of the view).
QVector<DrawnLabel> chartLabels(const QChartView *view, const QWidget *into);

/// Writes `candidates` (longest first) as a vertical axis title into `item`, centred on
/// `centreY` with its left edge at `left`: the first candidate that fits `length` pixels, else
/// the last one elided, its full text as the item's tooltip. Latin text is turned to run upwards;
/// CJK text is stacked upright, one character under another. Returns the text written.
QString layoutVerticalTitle(QGraphicsSimpleTextItem *item, const QStringList &candidates, double left,
                            double centreY, double length);
/// The width a vertical title of `text` in `font` takes across (one line turned, or one
/// character stacked).
double verticalTitleThickness(const QString &text, const QFont &font);

} // namespace attnlens
