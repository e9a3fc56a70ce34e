#include "tokenpalette.h"

#include <algorithm>
#include <array>

namespace attnlens {

int keyColorGroup(int key, int keyCount)
{
    if (keyCount <= kKeyColorGroups)
        return key;
    return std::min(key, kKeyColorGroups - 1);
}

int keyColorGroupSize(int group, int keyCount)
{
    if (group < 0 || group >= std::min(keyCount, kKeyColorGroups))
        return 0;
    if (keyCount <= kKeyColorGroups || group < kKeyColorGroups - 1)
        return 1;
    return keyCount - (kKeyColorGroups - 1);
}

QColor keyGroupColor(int group, int keyCount)
{
    static constexpr std::array<QRgb, kKeyColorGroups> mutedPalette = {
        0xff332288,  // indigo
        0xff88ccee,  // cyan
        0xff44aa99,  // teal
        0xff117733,  // green
        0xff999933,  // olive
        0xffddcc77,  // sand
        0xffcc6677,  // rose
        0xff882255,  // wine
        0xffaa4499,  // purple
    };
    if (keyColorGroupSize(group, keyCount) > 1)
        return QColor(0xbb, 0xbb, 0xbb);
    return QColor::fromRgb(mutedPalette[static_cast<size_t>(std::clamp(group, 0, kKeyColorGroups - 1))]);
}

QColor keyShareColor(int key, int keyCount)
{
    return keyGroupColor(keyColorGroup(key, keyCount), keyCount);
}

} // namespace attnlens
