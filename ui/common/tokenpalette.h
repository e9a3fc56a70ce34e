#pragma once

#include <QColor>

// The query and key colours of a theme are Theme::queryColor() and Theme::keyColor(); these are
// the key colour groups of the charts, the same in every theme.

namespace attnlens {

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

} // namespace attnlens
