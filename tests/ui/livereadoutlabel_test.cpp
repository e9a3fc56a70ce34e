// The live readout under the temperature slider in Chinese (issue 27, zh_TW at the largest text):
// its Chinese words come from a fallback font whose lines are a quarter taller than the Latin
// font's, so the label was too short for them (their lower edge cut off) and the Latin numbers
// beside them stood higher than the Chinese text's baseline.
#include "livereadoutlabel.h"

#include <QApplication>
#include <QFontMetricsF>
#include <QImage>
#include <QTextLayout>

#include <gtest/gtest.h>

#include <vector>

using namespace attnlens;

namespace {

/// Runs of columns with ink, left to right, each with its lowest inked row.
struct Glyph {
    int left = 0;
    int right = 0;
    int bottom = -1;
};

std::vector<Glyph> glyphs(const QImage &image, QRgb background)
{
    std::vector<Glyph> found;
    bool inside = false;
    for (int x = 0; x < image.width(); ++x) {
        int bottom = -1;
        for (int y = 0; y < image.height(); ++y) {
            if (image.pixel(x, y) != background)
                bottom = y;
        }
        if (bottom >= 0) {
            if (!inside)
                found.push_back({x, x, bottom});
            found.back().right = x;
            found.back().bottom = std::max(found.back().bottom, bottom);
            inside = true;
        } else {
            inside = false;
        }
    }
    return found;
}

QImage rendered(LiveReadoutLabel &label)
{
    label.resize(label.sizeHint());
    QImage image(label.size(), QImage::Format_RGB32);
    label.render(&image);
    return image;
}

} // namespace

TEST(LiveReadoutLabel, ChineseWordsGetTheirOwnLineHeightAndNumbersBesideThemShareTheirBaseline)
{
    QFont font = QApplication::font();
    font.setPointSizeF(font.pointSizeF() * 2.5);  // the largest text: a pixel or two shows
    LiveReadoutLabel label;
    label.setFont(font);
    label.setText(QStringLiteral("\u71b5 1 <b>1</b>"));  // "熵 1 " regular, then a bold "1"

    // As tall as the Chinese line the fallback font lays out.
    QTextLayout layout(QStringLiteral("\u71b5"), font);
    layout.beginLayout();
    const QTextLine line = layout.createLine();
    layout.endLayout();
    EXPECT_GE(label.sizeHint().height(), std::floor(line.height()));
    EXPECT_GT(line.height(), QFontMetricsF(font).height()) << "the fallback font's line is taller";

    // The regular "1" in the Chinese piece and the bold "1" after it sit on one baseline.
    const QImage image = rendered(label);
    const QRgb background = image.pixel(0, 0);
    const std::vector<Glyph> found = glyphs(image, background);
    ASSERT_GE(found.size(), 3u) << "熵, 1 and the bold 1";
    const Glyph &regularOne = found[found.size() - 2];
    const Glyph &boldOne = found.back();
    EXPECT_EQ(regularOne.bottom, boldOne.bottom);
    // And nothing is drawn against the label's lower edge (cut off).
    for (const Glyph &glyph : found)
        EXPECT_LT(glyph.bottom, image.height() - 1);
}

TEST(LiveReadoutLabel, ALatinTextKeepsTheFontsLineHeight)
{
    LiveReadoutLabel label;
    label.setText(QStringLiteral("row 1: entropy <b>1.05</b> nats"));
    const QFont bold = [&] {
        QFont font = label.font();
        font.setBold(true);
        return font;
    }();
    const double line = std::ceil(std::max(QFontMetricsF(label.font()).height(), QFontMetricsF(bold).height()));
    const QMargins margins = label.contentsMargins();
    EXPECT_EQ(label.sizeHint().height(), int(line) + margins.top() + margins.bottom());
}
