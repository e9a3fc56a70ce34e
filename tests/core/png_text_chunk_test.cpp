// withPngText(): the scenario chunk that exported figures carry, written without QImage::setText().
#include "pngtext.h"

#include <QByteArray>

#include <gtest/gtest.h>

#include <zlib.h>

namespace attnlens {
namespace {

QByteArray chunk(const char *type, const QByteArray &data)
{
    QByteArray out;
    const quint32 length = quint32(data.size());
    for (int i = 0; i < 4; ++i)
        out.append(char((length >> (24 - 8 * i)) & 0xff));
    out.append(type, 4);
    out.append(data);
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, reinterpret_cast<const Bytef *>(out.constData() + 4), uInt(data.size() + 4));
    for (int i = 0; i < 4; ++i)
        out.append(char((quint32(crc) >> (24 - 8 * i)) & 0xff));
    return out;
}

/// A PNG's chunk sequence (the image data need not decode: only the chunks are walked).
QByteArray minimalPng()
{
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", QByteArray(13, '\1'))
        + chunk("tEXt", QByteArray("Software\0x", 10)) + chunk("IDAT", QByteArray(20, '\2'))
        + chunk("IDAT", QByteArray(5, '\3')) + chunk("IEND", QByteArray());
}

TEST(PngTextChunk, TheTextReadsBackWhole)
{
    QByteArray text;
    for (int i = 0; i < 20000; ++i)
        text += i % 3 ? "true," : "false,";
    text += "\xe6\xb3\xa8\xe6\x84\x8f";  // UTF-8 survives as it is
    const QByteArray png = withPngText(minimalPng(), kPngScenarioKey, text);
    ASSERT_FALSE(png.isEmpty());
    EXPECT_LT(png.size(), minimalPng().size() + text.size() / 10);  // compressed
    const auto found = findPngText(png, kPngScenarioKey, 1 << 20, QStringLiteral("t.png"));
    ASSERT_TRUE(found.ok()) << found.error().message.toStdString();
    ASSERT_TRUE(found.value().has_value());
    EXPECT_EQ(*found.value(), text);
}

TEST(PngTextChunk, GoesBeforeTheImageDataAndLeavesTheRestAsItWas)
{
    const QByteArray before = minimalPng();
    const QByteArray added = pngTextChunk(kPngScenarioKey, QByteArray("{}"));
    ASSERT_FALSE(added.isEmpty());
    EXPECT_EQ(added.mid(4, 4), QByteArray("iTXt"));
    const QByteArray after = withPngChunk(before, added);
    const qsizetype idat = before.indexOf("IDAT") - 4;
    EXPECT_EQ(after.left(idat), before.left(idat));
    EXPECT_EQ(after.mid(idat, added.size()), added);
    EXPECT_EQ(after.mid(idat + added.size()), before.mid(idat));
}

TEST(PngTextChunk, NoImageDataOrNoPngGivesNothing)
{
    const QByteArray chunkBytes = pngTextChunk(kPngScenarioKey, QByteArray("{}"));
    EXPECT_TRUE(withPngChunk(QByteArray("not a png"), chunkBytes).isEmpty());
    const QByteArray noData = QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", QByteArray(13, '\1'))
        + chunk("IEND", QByteArray());
    EXPECT_TRUE(withPngChunk(noData, chunkBytes).isEmpty());
    EXPECT_TRUE(withPngChunk(minimalPng(), QByteArray()).isEmpty());
}

} // namespace
} // namespace attnlens
