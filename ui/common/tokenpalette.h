#pragma once

#include <QColor>
#include <QVector>

namespace attnlens {

/// The colour that identifies query row `index` in every view (arrows, chart series, rows).
/// Distinct hues that stay apart for common colour-vision deficiencies (Okabe-Ito order), in the
/// variant of the current theme (see setTokenColors()).
QColor queryColor(int index);

/// The neutral colour of key points and key labels.
QColor keyColor();

/// How many colour groups the keys fall into in the charts: every key has a colour of its own
/// while there are at most kKeyColorGroups keys; past that the first kKeyColorGroups − 1 keep
/// theirs and the rest share one grey "other keys" group.
inline constexpr int kKeyColorGroups = 9;

/// The colour group of key `key` among `keyCount` keys (see kKeyColorGroups).
int keyColorGroup(int key, int keyCount);
/// How many keys colour group `group` holds among `keyCount` keys.
int keyColorGroupSize(int group, int keyCount);
/// The colour of colour group `group` among `keyCount` keys: Paul Tol's "muted" qualitative
/// palette, colour-blind safe and deliberately unlike the Okabe-Ito query colours; the shared
/// "other keys" group is grey.
QColor keyGroupColor(int group, int keyCount);
/// The colour that identifies key `key` (of `keyCount`) in every chart: its weight bar and its
/// share of the context are drawn in it.
QColor keyShareColor(int key, int keyCount);

/// Replaces the query hues and the key colour, for the whole application: the theme in use calls
/// it (ThemeController) so that every view draws tokens in colours that read on its background.
/// An empty `queryColors` restores the Light colours.
void setTokenColors(const QVector<QColor> &queryColors, const QColor &keyColor);

} // namespace attnlens
