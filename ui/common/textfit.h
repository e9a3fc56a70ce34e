#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include "quotedlabel.h"  // quoted(), quotedInFull(): every view names tokens the same way

class QWidget;

namespace attnlens {

// Text that has to fit: fonts scaled for a view, labels quoted and shortened, vertical titles,
// and the record of a drawn label that tests and accessibility checks read.

/// `base` scaled by `factor`, whether its size was given in points or in pixels.
QFont scaledFont(const QFont &base, double factor);

/// The first of `candidates` (longest first) that fits in `width` pixels in `font`, or the
/// last one elided with "…" when none fits.
QString fittedText(const QStringList &candidates, const QFont &font, double width);

/// A piece of text a view draws, as a test or an accessibility check sees it: where it is (in the
/// view's coordinates), what it reads, and the tooltip that completes it when it is shortened.
struct DrawnLabel {
    QRectF rect;
    QString text;
    QString toolTip;
    /// True when the text was shortened ("mem…"): then the tooltip must hold the full text.
    bool elided() const;
};

/// True for a character of Chinese, Japanese or Korean (Han, kana, Hangul, Bopomofo): it comes
/// from a fallback font whose lines are taller than the Latin font's.
bool isCjkCharacter(QChar c);

/// True when `text` is written in a script that stacks upright in a vertical title (Chinese,
/// Japanese, Korean): such a title reads one character under another, not turned sideways.
bool stacksUpright(const QString &text);
/// `text` as one character per line (spaces dropped), for a title stacked upright.
QString uprightColumn(const QString &text);

/// True when some of `widget` lies inside its window, so that a change to it can be seen.
/// QMainWindow keeps the docks of a tab group that are not in front visible (isVisible() is
/// true) but moves them out of the window, so isVisible() alone does not tell.
bool isOnScreen(const QWidget *widget);

} // namespace attnlens
