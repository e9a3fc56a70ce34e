#include "tokenpalette.h"

#include <algorithm>
#include <array>

namespace attnlens {

namespace {

struct TokenColors {
    QVector<QColor> queries;
    QColor key;
};

TokenColors &tokenColors()
{
    static TokenColors colors;
    return colors;
}

} // namespace

QColor queryColor(int index)
{
    // Okabe-Ito, without its yellow (too light on white) and black (reserved for keys).
    static constexpr std::array<QRgb, 6> lightColors = {
        0xffd55e00,  // vermilion
        0xff0072b2,  // blue
        0xff009e73,  // bluish green
        0xffcc79a7,  // reddish purple
        0xffe69f00,  // orange
        0xff56b4e9,  // sky blue
    };
    const QVector<QColor> &themed = tokenColors().queries;
    const int count = themed.isEmpty() ? static_cast<int>(lightColors.size()) : static_cast<int>(themed.size());
    const int slot = ((index % count) + count) % count;
    const QColor base = themed.isEmpty() ? QColor::fromRgb(lightColors[static_cast<size_t>(slot)]) : themed.at(slot);
    // Past the first round, shift the lightness so that repeats remain distinguishable (lighter
    // on a dark background, darker on a light one).
    const int round = index / count;
    if (round == 0)
        return base;
    return keyColor().lightnessF() > 0.5 ? base.lighter(100 + 20 * round) : base.darker(100 + 25 * round);
}

QColor keyColor()
{
    const QColor &themed = tokenColors().key;
    return themed.isValid() ? themed : QColor(0x33, 0x33, 0x33);
}

void setTokenColors(const QVector<QColor> &queryColors, const QColor &keyColor)
{
    tokenColors().queries = queryColors;
    tokenColors().key = queryColors.isEmpty() ? QColor() : keyColor;
}

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
