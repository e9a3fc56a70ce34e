#pragma once

#include <QColor>
#include <QFont>
#include <QList>
#include <QStringList>
#include <QVector>

#include <initializer_list>

class QAbstractAxis;
class QBarSet;
class QChart;
class QWidget;

namespace attnlens {

class Theme;

// Small helpers shared by the Qt Charts views.

/// `base` scaled by `factor`, whether its size was given in points or in pixels.
QFont scaledFont(const QFont &base, double factor);

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
int replaceBarValues(QBarSet *set, const QVector<double> &values);

/// The first of `candidates` (longest first) that fits in `width` pixels in `font`, or the
/// last one elided with "…" when none fits.
QString fittedText(const QStringList &candidates, const QFont &font, double width);

/// The label in curly quotes, as the lesson writes token names: “memory A”.
QString quoted(const QString &label);

/// Turns the axis line, tick and grid pens of one pixel into hairlines (width 0): the same
/// pixels without antialiasing, but a hairline's item knows its bounding box at once, where a
/// one-pixel pen has Qt stroke the line's outline each time the scene looks for what to repaint.
void useHairlinePens(QAbstractAxis *axis);

/// A chart's background, plot area and axes in `theme`'s colours, its axis and grid lines
/// `lineFactor` thick (hairlines at 1).
void applyThemeToChart(QChart *chart, std::initializer_list<QAbstractAxis *> axes, const Theme &theme,
                       double lineFactor);

/// The fill of key `index`'s share in a stacked chart: Paul Tol's "muted" qualitative palette,
/// colour-blind safe and deliberately unlike the Okabe-Ito colours that identify the queries.
QColor contributionColor(int index);
/// How many keys contributionColor() tells apart before it repeats.
int contributionColorCount();

/// True when some of `widget` lies inside its window, so that a change to it can be seen.
/// QMainWindow keeps the docks of a tab group that are not in front visible (isVisible() is
/// true) but moves them out of the window, so isVisible() alone does not tell.
bool isOnScreen(const QWidget *widget);

} // namespace attnlens
