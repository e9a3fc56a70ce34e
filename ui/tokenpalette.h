#pragma once

#include <QColor>

namespace attnlens {

/// The colour that identifies query row `index` in every view (arrows, chart series, rows).
/// Distinct hues that stay apart for common colour-vision deficiencies (Okabe-Ito order).
QColor queryColor(int index);

/// The neutral colour of key points and key labels.
QColor keyColor();

} // namespace attnlens
