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

/// Replaces the query hues and the key colour, for the whole application: the theme in use calls
/// it (ThemeController) so that every view draws tokens in colours that read on its background.
/// An empty `queryColors` restores the Light colours.
void setTokenColors(const QVector<QColor> &queryColors, const QColor &keyColor);

} // namespace attnlens
