#pragma once

#include <algorithm>

class QWidget;

namespace attnlens {

class ViewState;

/// Screen lines per pixel of the smallest text read from the back of a lecture room.
constexpr int kScreenLinesPerTextPixel = 45;

/// The smallest text, in pixels, readable from the back of a room on a screen `screenHeight`
/// pixels high (16 px at 720 lines, 24 at 1080, 48 at 2160): presentation mode's rule.
inline int readableTextPixels(int screenHeight)
{
    return std::max(1, (screenHeight + kScreenLinesPerTextPixel - 1) / kScreenLinesPerTextPixel);
}

/// How small `view` may make a label that its own font leaves no room (a small plot at the
/// largest text): never smaller than the default text (Ctrl+plus made the font larger), nor,
/// on a lecture screen, than readableTextPixels() of its screen; never larger than its font.
double smallestLabelPixels(const QWidget &view, const ViewState &viewState);

} // namespace attnlens
