#pragma once

#include <QString>

namespace attnlens {

// Token names are written in curly quotes wherever the app names them in a sentence: “memory A”.

/// The whole label in curly quotes: for messages and tooltips that exist to show it all.
QString quotedInFull(const QString &label);

/// The label in curly quotes, at most 40 characters of it (the 40th an ellipsis): titles and
/// readouts never lay out a whole 256-character label.
QString quoted(const QString &label);

} // namespace attnlens
