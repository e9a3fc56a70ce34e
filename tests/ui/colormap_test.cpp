#include "colormap.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace attnlens;

namespace {

// Within `tolerance` 8-bit levels per channel.
::testing::AssertionResult near(QRgb actual, QRgb expected, int tolerance = 1)
{
    if (std::abs(qRed(actual) - qRed(expected)) <= tolerance
        && std::abs(qGreen(actual) - qGreen(expected)) <= tolerance
        && std::abs(qBlue(actual) - qBlue(expected)) <= tolerance)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
        << QColor::fromRgb(actual).name().toStdString() << " is not within " << tolerance
        << " of " << QColor::fromRgb(expected).name().toStdString();
}

} // namespace

TEST(ColorMap, EveryTableHas256OpaqueEntries)
{
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        const ColorMap map(kind);
        ASSERT_EQ(map.table().size(), 256) << ColorMap::id(kind).toStdString();
        for (QRgb rgb : map.table())
            EXPECT_EQ(qAlpha(rgb), 255);
    }
}

TEST(ColorMap, EndpointsMatchMatplotlib)
{
    EXPECT_EQ(ColorMap(ColorMap::Kind::YlGnBu).rgbAt(0.0), qRgb(0xff, 0xff, 0xd9));
    EXPECT_EQ(ColorMap(ColorMap::Kind::YlGnBu).rgbAt(1.0), qRgb(0x08, 0x1d, 0x58));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Viridis).rgbAt(0.0), qRgb(0x44, 0x01, 0x54));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Viridis).rgbAt(1.0), qRgb(0xfd, 0xe7, 0x25));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Cividis).rgbAt(0.0), qRgb(0x00, 0x22, 0x4e));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Cividis).rgbAt(1.0), qRgb(0xfe, 0xe8, 0x38));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Grayscale).rgbAt(0.0), qRgb(255, 255, 255));
    EXPECT_EQ(ColorMap(ColorMap::Kind::Grayscale).rgbAt(1.0), qRgb(0, 0, 0));
}

TEST(ColorMap, InteriorColoursMatchMatplotlibTables)
{
    // matplotlib: cm.viridis(0.25), (0.5), (0.75) are table entries 64, 128 and 192.
    const ColorMap viridis(ColorMap::Kind::Viridis);
    EXPECT_TRUE(near(viridis.rgbAt(0.25), qRgb(0x3b, 0x52, 0x8b)));
    EXPECT_TRUE(near(viridis.rgbAt(0.5), qRgb(0x21, 0x91, 0x8c)));
    EXPECT_TRUE(near(viridis.rgbAt(0.75), qRgb(0x5e, 0xc9, 0x62)));
    // cividis entry 128 is (0.488697, 0.485318, 0.471008).
    EXPECT_TRUE(near(ColorMap(ColorMap::Kind::Cividis).rgbAt(0.5), qRgb(125, 124, 120)));
    // YlGnBu passes through ColorBrewer's classes: entry 32 is 1/8 of the way (class 2),
    // entry 223 is 7/8 (class 8), to within interpolation over 1/255 of the range.
    const ColorMap ylgnbu(ColorMap::Kind::YlGnBu);
    EXPECT_TRUE(near(ylgnbu.table()[32], qRgb(0xed, 0xf8, 0xb1), 2));
    EXPECT_TRUE(near(ylgnbu.table()[128], qRgb(0x41, 0xb6, 0xc4), 2));
    EXPECT_TRUE(near(ylgnbu.table()[223], qRgb(0x25, 0x34, 0x94), 2));
}

TEST(ColorMap, LookupClampsAndFollowsMatplotlibBinning)
{
    const ColorMap map(ColorMap::Kind::Viridis);
    EXPECT_EQ(map.rgbAt(-3.0), map.table().front());
    EXPECT_EQ(map.rgbAt(7.0), map.table().back());
    EXPECT_EQ(map.rgbAt(std::nan("")), map.table().front());
    EXPECT_EQ(map.rgbAt(0.5), map.table()[128]);
    EXPECT_EQ(map.rgbAt(0.4999), map.table()[127]);
    EXPECT_EQ(map.colorAt(1.0), QColor(0xfd, 0xe7, 0x25));
}

TEST(ColorMap, LuminanceIsMonotonic)
{
    // Viridis and cividis rise in perceived lightness by design; rounding to 8 bits per channel
    // leaves neighbouring entries a hair apart (less than one 8-bit step of grey, about 0.0005
    // in luminance), so neighbours get that tolerance and every 8th entry must rise strictly.
    struct Case {
        ColorMap::Kind kind;
        bool rising;
    };
    for (const Case &c : {Case{ColorMap::Kind::Viridis, true}, Case{ColorMap::Kind::Cividis, true},
                          Case{ColorMap::Kind::Grayscale, false}, Case{ColorMap::Kind::YlGnBu, false}}) {
        const ColorMap map(c.kind);  // the table is the map's own: it must outlive the loop
        const QVector<QRgb> &table = map.table();
        const double sign = c.rising ? 1.0 : -1.0;
        auto luminance = [&](int i) { return sign * ColorMap::relativeLuminance(table[i]); };
        for (int i = 1; i < table.size(); ++i)
            EXPECT_GE(luminance(i), luminance(i - 1) - 5e-4) << ColorMap::id(c.kind).toStdString() << " at " << i;
        for (int i = 8; i < table.size(); i += 8)
            EXPECT_GT(luminance(i), luminance(i - 8)) << ColorMap::id(c.kind).toStdString() << " at " << i;
        EXPECT_GT(luminance(255) - luminance(0), 0.5) << ColorMap::id(c.kind).toStdString();
    }
}

TEST(ColorMap, TextColourReadsOnItsFill)
{
    EXPECT_EQ(ColorMap::textColorOn(qRgb(0x08, 0x1d, 0x58)), QColor(Qt::white));  // YlGnBu top
    EXPECT_EQ(ColorMap::textColorOn(qRgb(0x44, 0x01, 0x54)), QColor(Qt::white));  // viridis bottom
    EXPECT_EQ(ColorMap::textColorOn(qRgb(0, 0, 0)), QColor(Qt::white));
    EXPECT_EQ(ColorMap::textColorOn(qRgb(0xff, 0xff, 0xd9)), QColor(Qt::black));  // YlGnBu bottom
    EXPECT_EQ(ColorMap::textColorOn(qRgb(0xfd, 0xe7, 0x25)), QColor(Qt::black));  // viridis top
    EXPECT_EQ(ColorMap::textColorOn(qRgb(255, 255, 255)), QColor(Qt::black));
    // Every colour of every map gets a text colour with a WCAG contrast of at least 4.5:1.
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        const ColorMap map(kind);
        for (QRgb fill : map.table()) {
            const double lf = ColorMap::relativeLuminance(fill);
            const double lt = ColorMap::relativeLuminance(ColorMap::textColorOn(fill).rgb());
            const double contrast = (std::max(lf, lt) + 0.05) / (std::min(lf, lt) + 0.05);
            EXPECT_GE(contrast, 4.5) << QColor::fromRgb(fill).name().toStdString();
        }
    }
}

TEST(ColorMap, IdsRoundTrip)
{
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        EXPECT_EQ(ColorMap::fromId(ColorMap::id(kind)), kind);
        EXPECT_FALSE(ColorMap::displayName(kind).isEmpty());
    }
    EXPECT_EQ(ColorMap::id(ColorMap::Kind::YlGnBu), QStringLiteral("YlGnBu"));
    EXPECT_EQ(ColorMap::fromId(QStringLiteral("VIRIDIS")), ColorMap::Kind::Viridis);
    EXPECT_FALSE(ColorMap::fromId(QStringLiteral("jet")).has_value());
    EXPECT_EQ(ColorMap().kind(), ColorMap::Kind::YlGnBu);
}

TEST(ColorMap, DivergingMapIsNeutralAtZeroAndMirrorsItsHalves)
{
    // The scores' map: t = 0.5 is a score of 0 on a scale symmetric about 0.
    const ColorMap &map = ColorMap::diverging();
    EXPECT_TRUE(map.isDiverging());
    EXPECT_FALSE(ColorMap(ColorMap::Kind::YlGnBu).isDiverging());
    ASSERT_EQ(map.table().size(), 256);
    // 0 is a neutral near-white: no channel apart from the others, light.
    const QRgb zero = map.rgbAt(0.5);
    EXPECT_EQ(zero, qRgb(0xf7, 0xf7, 0xf7));
    EXPECT_EQ(map.table()[127], map.table()[128]);
    // The ends are ColorBrewer RdBu's: dark blue for the most negative, dark red for the most
    // positive.
    EXPECT_EQ(map.rgbAt(0.0), qRgb(0x05, 0x30, 0x61));
    EXPECT_EQ(map.rgbAt(1.0), qRgb(0x67, 0x00, 0x1f));
    for (int i = 0; i < 120; ++i) {
        const QRgb negative = map.table()[i];
        const QRgb positive = map.table()[255 - i];
        // Opposite hues: blue wins below 0, red above.
        EXPECT_GT(qBlue(negative), qRed(negative)) << i;
        EXPECT_GT(qRed(positive), qBlue(positive)) << i;
        // Symmetric: equally far from the neutral middle, in lightness.
        EXPECT_NEAR(ColorMap::relativeLuminance(negative), ColorMap::relativeLuminance(positive), 0.06) << i;
    }
    // Darker (further from neutral) the further from 0, on both sides.
    for (int i = 8; i <= 128; i += 8) {
        EXPECT_GT(ColorMap::relativeLuminance(map.table()[i]), ColorMap::relativeLuminance(map.table()[i - 8])) << i;
        EXPECT_GT(ColorMap::relativeLuminance(map.table()[255 - i]),
                  ColorMap::relativeLuminance(map.table()[255 - i + 8])) << i;
    }
    // Not one of the user's (sequential) choices, and not reachable by --colormap.
    EXPECT_FALSE(ColorMap::allKinds().contains(ColorMap::Kind::BlueRed));
    EXPECT_FALSE(ColorMap::fromId(ColorMap::id(ColorMap::Kind::BlueRed)).has_value());
    // Every colour gets a readable text colour, as the sequential maps' do.
    for (QRgb fill : map.table()) {
        const double lf = ColorMap::relativeLuminance(fill);
        const double lt = ColorMap::relativeLuminance(ColorMap::textColorOn(fill).rgb());
        EXPECT_GE((std::max(lf, lt) + 0.05) / (std::min(lf, lt) + 0.05), 4.5) << QColor::fromRgb(fill).name().toStdString();
    }
}
