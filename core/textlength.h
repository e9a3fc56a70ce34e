#pragma once

#include <QString>

namespace attnlens {

// Labels, names and descriptions are limited in UTF-16 code units (ScenarioLimits), which is how
// QString counts, but a person counts characters as they are shown: an emoji is one character
// and two code units, "é" written as e plus a combining accent one character and two units.

/// The longest start of `text` of at most `maxUnits` UTF-16 code units that ends between two
/// characters as shown (grapheme clusters), so that cutting never leaves half of a surrogate
/// pair (which no file can hold) nor an accent without its letter. A single character longer
/// than the whole limit is cut between its code points instead.
QString cutAtWholeCharacters(const QString &text, qsizetype maxUnits);

/// The number of characters in `text` as a person sees them (grapheme clusters).
qsizetype visibleCharacterCount(const QString &text);

/// Why a text is over a limit of `maxUnits` code units, in words that count what a person sees:
/// "has 300 characters, more than the limit of 256", or, when characters take more than one
/// unit, "has 129 characters, which take 258 UTF-16 code units, more than the limit of 256
/// (an emoji or a character built of several code points takes two or more)".
QString tooLongText(const QString &text, qsizetype maxUnits);

} // namespace attnlens
