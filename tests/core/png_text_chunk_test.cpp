// withPngText(): the scenario chunk that exported figures carry, written without QImage::setText().
#include "coretestsupport.h"
#include "evidence.h"
#include "jsonfile.h"
#include "pngtext.h"
#include "scenariojson.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <iostream>

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

/// `repeats` copies of `piece` deflated as one zlib stream, built a mebibyte at a time so that
/// the test never holds the inflated text.
QByteArray deflatedRepeats(const QByteArray &prefix, const QByteArray &piece, int repeats)
{
    z_stream stream{};
    EXPECT_EQ(deflateInit(&stream, Z_DEFAULT_COMPRESSION), Z_OK);
    QByteArray out;
    QByteArray buffer(1 << 16, '\0');
    const auto feed = [&](const QByteArray &in, int flush) {
        stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.constData()));
        stream.avail_in = uInt(in.size());
        do {
            stream.next_out = reinterpret_cast<Bytef *>(buffer.data());
            stream.avail_out = uInt(buffer.size());
            deflate(&stream, flush);
            out.append(buffer.constData(), buffer.size() - qsizetype(stream.avail_out));
        } while (stream.avail_out == 0);
    };
    feed(prefix, Z_NO_FLUSH);
    for (int i = 0; i < repeats; ++i)
        feed(piece, Z_NO_FLUSH);
    feed(QByteArray(), Z_FINISH);
    deflateEnd(&stream);
    return out;
}

/// A PNG whose scenario chunk of `type` (zTXt or iTXt) holds `compressed`.
QByteArray pngWithCompressedScenario(const char *type, const QByteArray &compressed)
{
    QByteArray data = QByteArray(kPngScenarioKey) + '\0';
    data += qstrcmp(type, "zTXt") == 0 ? QByteArray(1, '\0') : QByteArray("\1\0en\0\0", 6);
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + chunk("IHDR", QByteArray(13, '\1'))
        + chunk(type, data + compressed) + chunk("IDAT", QByteArray(20, '\2')) + chunk("IEND", QByteArray());
}

TEST(PngScenarioBomb, ZerosAreRefusedAtTheFirstByteNotAfterInflatingThemAll)
{
    // 32 MiB of zeros in a 32 KB chunk (the bomb was 1 GiB in 1 MB): the reader
    // inflated every byte and then called it "not valid JSON". The scenario reader stops at the
    // first piece, under the production bound.
    const QByteArray compressed = deflatedRepeats(QByteArray(), QByteArray(1 << 20, '\0'), 32);
    ASSERT_LT(compressed.size(), 64 * 1024);
    const Result<Scenario> read = parsePngScenario(pngWithCompressedScenario("zTXt", compressed),
                                                   QStringLiteral("bomb.png"));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
    EXPECT_EQ(read.error().message.toStdString(),
              "bomb.png: the scenario text in its zTXt chunk holds the control byte 0x00 at byte 1, "
              "which JSON never holds outside a text and escapes inside one, so it is not a "
              "scenario the app wrote");
}

TEST(PngScenarioBomb, OneRepeatedByteIsRefusedOnceItRunsLongerThanTheWriterEverWrites)
{
    // A JSON-looking start and then 32 MiB of spaces (or of one digit).
    for (const char byte : {' ', '7'}) {
        const QByteArray compressed =
            deflatedRepeats(QByteArray("{\"Q\":"), QByteArray(1 << 20, byte), 32);
        const Result<Scenario> read = parsePngScenario(pngWithCompressedScenario("iTXt", compressed),
                                                       QStringLiteral("spaces.png"));
        ASSERT_FALSE(read.ok());
        EXPECT_EQ(read.error().message.toStdString(),
                  QStringLiteral("spaces.png: the scenario text in its iTXt chunk repeats the byte '%1' "
                                 "more than 65536 times from byte 6, longer than any run the scenario "
                                 "writer makes, so it is not a scenario the app wrote")
                      .arg(QLatin1Char(byte))
                      .toStdString());
    }
}

TEST(PngScenarioBomb, ATextPastTheBoundStopsInflatingThereAndSaysWhatWasWrong)
{
    // A text the writer could have written ("1, 2, ..."), past a bound the test sets low: the
    // reader stops one step past the bound and names the chunk and the bound.
    const QByteArray compressed = deflatedRepeats(QByteArray("{\"Q\": [["), QByteArray("1.5, 2.25, "), 400000);
    for (const char *type : {"zTXt", "iTXt"}) {
        const auto text = findPngText(pngWithCompressedScenario(type, compressed), kPngScenarioKey,
                                      1024 * 1024, QStringLiteral("big.png"), scenarioTextCheck());
        ASSERT_FALSE(text.ok()) << type;
        EXPECT_EQ(text.error().category, ErrorCategory::InvalidScenario);
        EXPECT_EQ(text.error().message.toStdString(),
                  QStringLiteral("big.png: the scenario text in its %1 chunk inflates to more than 1 MiB, "
                                 "more than the largest scenario file the app opens")
                      .arg(QLatin1String(type))
                      .toStdString());
        // Under a bound that admits it, the same text inflates whole: the check let it pass.
        const auto fits = findPngText(pngWithCompressedScenario(type, compressed), kPngScenarioKey,
                                      8 * 1024 * 1024, QStringLiteral("big.png"), scenarioTextCheck());
        ASSERT_TRUE(fits.ok()) << fits.error().message.toStdString();
        EXPECT_EQ(fits.value()->size(), 8 + 400000 * 11);
    }
}

TEST(PngScenarioBomb, EveryScenarioTheWriterMakesPassesTheCheck)
{
    // Control characters in labels (escaped by the writer), the longest description of one
    // character, deep indentation: the figure's scenario reads back as it was.
    Scenario s;
    s.queries = test::matrixOf({{1.0, -0.0}, {2.5e-308, 3.0}});
    s.keys = test::matrixOf({{1.0, 0.0}, {0.0, 1.0}, {0.5, 0.5}});
    s.values = s.keys;
    s.name = QString(ScenarioLimits::maxLabelChars, QLatin1Char('a'));
    s.description = QString(ScenarioLimits::maxDescriptionChars, QLatin1Char(' '));
    s.queryLabels = {QString(ScenarioLimits::maxLabelChars, QChar(0x01)), QStringLiteral("tab\there")};
    const QByteArray png = withPngText(minimalPng(), kPngScenarioKey, scenarioJsonText(s));
    ASSERT_FALSE(png.isEmpty());
    const Result<Scenario> read = parsePngScenario(png, QStringLiteral("figure.png"));
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    EXPECT_TRUE(read.value() == s);
}

TEST(PngScenarioBomb, TheProductionBoundAdmitsTheLargestScenarioTheReaderAccepts)
{
    // The writer's worst case at the reader's limits: every head number the longest double
    // (maxHeadEntries of them), a 4096 x 4096 mask of false, two lists of 4096 labels of 256
    // control characters (six bytes each, escaped). Measured with the writer itself.
    const double longest = -2.2250738585072014e-308;
    const auto addedBy = [](const QJsonArray &row) {
        const QByteArray two = toJsonText(QJsonObject{{QStringLiteral("m"), QJsonArray{row, row}}});
        const QByteArray one = toJsonText(QJsonObject{{QStringLiteral("m"), QJsonArray{row}}});
        return qint64(two.size() - one.size());
    };
    QJsonArray numbers, mask;
    for (Index j = 0; j < ScenarioLimits::maxColumns; ++j)
        numbers.append(numberToJson(longest));
    for (Index j = 0; j < ScenarioLimits::maxRows; ++j)
        mask.append(false);
    QStringList labels;
    for (Index i = 0; i < ScenarioLimits::maxRows; ++i)
        labels.append(QString(ScenarioLimits::maxLabelChars, QChar(0x01)));
    const qint64 numberRows = ScenarioLimits::maxHeadEntries / ScenarioLimits::maxColumns;
    const qint64 worst = numberRows * addedBy(numbers) + ScenarioLimits::maxRows * addedBy(mask)
        + 2 * toJsonText(QJsonObject{{QStringLiteral("l"), QJsonArray::fromStringList(labels)}}).size();
    std::cout << "largest accepted scenario's text: " << worst / (1024 * 1024) << " MiB\n";
    EXPECT_GE(ScenarioLimits::maxPngTextBytes, worst);
    // Nothing larger opens as a file either.
    EXPECT_EQ(ScenarioLimits::maxPngTextBytes, ScenarioLimits::maxFileBytes);
}

} // namespace
} // namespace attnlens
