#include "tokenpalette.h"

#include <array>

namespace attnlens {

QColor queryColor(int index)
{
    // Okabe-Ito, without its yellow (too light on white) and black (reserved for keys).
    static constexpr std::array<QRgb, 6> colors = {
        0xffd55e00,  // vermilion
        0xff0072b2,  // blue
        0xff009e73,  // bluish green
        0xffcc79a7,  // reddish purple
        0xffe69f00,  // orange
        0xff56b4e9,  // sky blue
    };
    const QColor base = QColor::fromRgb(colors[static_cast<size_t>(index) % colors.size()]);
    // Past the first round, darken so that repeats remain distinguishable.
    const int round = index / static_cast<int>(colors.size());
    return round == 0 ? base : base.darker(100 + 25 * round);
}

QColor keyColor()
{
    return QColor(0x33, 0x33, 0x33);
}

} // namespace attnlens
