#include "readabletext.h"

#include "viewstate.h"

#include <QFontInfo>
#include <QScreen>
#include <QWidget>

namespace attnlens {

double smallestLabelPixels(const QWidget &view, const ViewState &viewState)
{
    const double pixels = QFontInfo(view.font()).pixelSize();
    const double defaultText = pixels * 100.0 / std::max(1, viewState.textScalePercent());
    const double floor = std::min(pixels, defaultText);
    if (viewState.isPresenting() && view.screen())
        return std::min(pixels, std::max<double>(readableTextPixels(view.screen()->geometry().height()), floor));
    return floor;
}

} // namespace attnlens
