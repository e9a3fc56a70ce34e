#pragma once
// What the figure tests measure in an exported figure: colours, sharp edges, the pages of a PDF,
// the texts of an SVG (shared by figureexporter_test.cpp and figurewindowtheme_test.cpp).

#include <QByteArray>
#include <QImage>
#include <QRect>
#include <QString>
#include <QStringList>

namespace attnlens::test {

/// Saves what an export looks like when FIGURE_SCREENSHOT_DIR is set (for a person to look at).
void maybeSave(const QByteArray &bytes, const QString &name);
/// How many different colours the image has.
int distinctColours(const QImage &image);
/// How many opaque pixels have exactly `colour`.
int countExactly(const QImage &image, QRgb colour);
/// Of the horizontally neighbouring pixel pairs that differ at all (more than 24 in some
/// channel), the share that differ a lot (more than 120): high for crisp edges, low for an image
/// that was enlarged with smoothing.
double sharpEdgeShare(const QImage &image, const QRect &rect);
int countPdfPages(const QByteArray &pdf);
/// The texts of an SVG's <text> elements.
QStringList svgTexts(const QByteArray &svg);
/// The largest <image> of an SVG, in square user units.
double largestSvgImageArea(const QByteArray &svg);
bool containsText(const QStringList &texts, const QString &needle);

} // namespace attnlens::test
