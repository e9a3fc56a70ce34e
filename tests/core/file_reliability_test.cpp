// Regression tests for the faults of the outside reliability pass (issue 11): saving to a device
// or FIFO, the size limit against the app's own files, FIFOs as input, very long labels, PNGs
// with forged chunk lengths, duplicate keys and -0.0.
#include "../support/filesizelimit.h"
#include "../support/specialfiles.h"
#include "attention.h"
#include "coretestsupport.h"
#include "evidence.h"
#include "jsonfile.h"
#include "numpyscenario.h"
#include "pngtext.h"
#include "scenario.h"
#include "scenariojson.h"
#include "scenariosource.h"
#include "textlength.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <zlib.h>

using namespace attnlens;
using test::matricesIdentical;

using attnlens::test::fileType;
using attnlens::test::makeFifo;

namespace {

QByteArray lessonEvidence()
{
    const Scenario lesson = test::builtinScenario("lesson");
    const Result<AttentionResult> result = computeAttention(lesson);
    EXPECT_TRUE(result.ok());
    return toJsonText(buildEvidence(lesson, &result.value(), nullptr));
}

Scenario smallScenario()
{
    Scenario s;
    s.queries = test::matrixOf({{1.0, -0.0}, {0.1, 1e-310}});
    s.keys = test::matrixOf({{-2.2250738585072014e-308, 1.7976931348623157e308}, {0.0, -1.0 / 3.0}});
    s.values = s.keys;
    s.temperature = 0.7;
    return s;
}

void appendChunk(QByteArray &png, const char *type, const QByteArray &data, quint32 declaredLength)
{
    const auto be32 = [&](quint32 v) {
        png.append(char(v >> 24)).append(char(v >> 16)).append(char(v >> 8)).append(char(v));
    };
    be32(declaredLength);
    const QByteArray typeAndData = QByteArray(type, 4) + data;
    png.append(typeAndData);
    be32(quint32(crc32(0, reinterpret_cast<const Bytef *>(typeAndData.constData()),
                       uInt(typeAndData.size()))));
}

QByteArray pngHeader()
{
    QByteArray png("\x89PNG\r\n\x1a\n", 8);
    const QByteArray ihdr("\0\0\0\1\0\0\0\1\x08\x02\0\0\0", 13);  // 1 x 1, 8-bit RGB
    appendChunk(png, "IHDR", ihdr, quint32(ihdr.size()));
    return png;
}

} // namespace

// --- Fault 1: a device or FIFO is never replaced by a regular file --------------------------

TEST(DeviceAndFifoOutput, AFifoWithAReaderIsWrittenThroughAndStaysAFifo)
{
    QTemporaryDir dir;
    const QString fifo = makeFifo(dir, "out.fifo");
    // The reader is there first (non-blocking, so the test cannot hang opening it).
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    const QByteArray evidence = toJsonText(scenarioToJson(smallScenario()));
    ASSERT_LT(evidence.size(), 4096);  // fits in the pipe's buffer
    const std::optional<Error> error = writeFileAtomically(fifo, evidence);
    EXPECT_FALSE(error.has_value()) << error->message.toStdString();
    EXPECT_EQ(fileType(fifo), mode_t(S_IFIFO));
    QByteArray received(evidence.size() + 16, '\0');
    const ssize_t got = ::read(reader, received.data(), size_t(received.size()));
    ::close(reader);
    ASSERT_EQ(got, evidence.size());
    received.resize(got);
    EXPECT_EQ(received, evidence);
}

TEST(DeviceAndFifoOutput, AFifoThatNobodyReadsIsRefusedAtOnceByName)
{
    QTemporaryDir dir;
    const QString fifo = makeFifo(dir, "nobody.fifo");
    const std::optional<Error> error = writeFileAtomically(fifo, lessonEvidence());
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(QStringLiteral("FIFO"))) << error->message.toStdString();
    EXPECT_TRUE(error->message.contains(QStringLiteral("no program is reading")));
    EXPECT_EQ(fileType(fifo), mode_t(S_IFIFO));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot).size(), 1);
}

TEST(DeviceAndFifoOutput, ANullDeviceStaysACharacterDevice)
{
    // As root, a null device of our own in the temporary folder: if the write ever renamed over
    // it again, only that copy would be lost, never the machine's /dev/null. Without root, the
    // real /dev/null is safe to use, since /dev cannot be written.
    QTemporaryDir dir;
    QString device = QStringLiteral("/dev/null");
    if (::geteuid() == 0) {
        device = dir.filePath(QStringLiteral("null"));
        if (::mknod(QFile::encodeName(device).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            GTEST_SKIP() << "mknod is not permitted here";
    }
    const std::optional<Error> error = writeFileAtomically(device, lessonEvidence());
    EXPECT_FALSE(error.has_value()) << error->message.toStdString();
    EXPECT_EQ(fileType(device), mode_t(S_IFCHR));
}

TEST(DeviceAndFifoOutput, AFullDeviceSaysNoSpaceLeft)
{
    if (!QFileInfo::exists(QStringLiteral("/dev/full")))
        GTEST_SKIP() << "no /dev/full";
    const std::optional<Error> error = writeFileAtomically(QStringLiteral("/dev/full"), lessonEvidence());
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->message.contains(QString::fromLocal8Bit(std::strerror(ENOSPC))))
        << error->message.toStdString();
    EXPECT_EQ(fileType(QStringLiteral("/dev/full")), mode_t(S_IFCHR));
}

TEST(DeviceAndFifoOutput, AFolderIsRefusedByName)
{
    QTemporaryDir dir;
    const std::optional<Error> error = writeFileAtomically(dir.path(), lessonEvidence());
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->message.contains(QStringLiteral("a folder"))) << error->message.toStdString();
    EXPECT_TRUE(QFileInfo(dir.path()).isDir());
}

// --- Fault 3: a FIFO as the scenario is refused before it is opened -------------------------

TEST(NonRegularInput, AFifoAsTheScenarioIsRefusedWithoutWaiting)
{
    QTemporaryDir dir;
    const QString fifo = makeFifo(dir, "scenario.json");
    // Opening it would wait for a writer for ever; the loader must not open it.
    const Result<Scenario> read = readScenarioFile(fifo);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::FileError);
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("FIFO"))) << read.error().message.toStdString();
    const Result<Scenario> opened = openScenario(fifo);
    ASSERT_FALSE(opened.ok());
    EXPECT_EQ(opened.error().category, ErrorCategory::FileError);
}

TEST(NonRegularInput, AFolderOrADeviceIsRefusedByName)
{
    QTemporaryDir dir;
    const Result<Scenario> folder = readScenarioFile(dir.path());
    ASSERT_FALSE(folder.ok());
    EXPECT_TRUE(folder.error().message.contains(QStringLiteral("a folder")));
    const Result<Scenario> device = readScenarioFile(QStringLiteral("/dev/zero"));
    ASSERT_FALSE(device.ok());
    EXPECT_EQ(device.error().category, ErrorCategory::FileError);
    EXPECT_TRUE(device.error().message.contains(QStringLiteral("character device")));
}

// --- Fault 2: whatever is accepted saves and reopens bit for bit ----------------------------

TEST(SizeLimit, ALargeScenarioSavesCompactlyAndReopensBitForBit)
{
    // 1024 x 1024 for Q, K and V: the shape that used to save as 73.6 MB of indented JSON and
    // then be refused on opening.
    constexpr Index n = 1024;
    std::mt19937_64 random(11);
    std::uniform_int_distribution<quint64> bits;
    const auto randomMatrix = [&] {
        Matrix m(n, n);
        for (Index i = 0; i < n; ++i) {
            for (Index j = 0; j < n; ++j) {
                double x;
                do {
                    const quint64 b = bits(random);
                    std::memcpy(&x, &b, sizeof x);
                } while (!std::isfinite(x));  // any finite double, subnormals included
                m(i, j) = x;
            }
        }
        return m;
    };
    Scenario big;
    big.queries = randomMatrix();
    big.keys = randomMatrix();
    big.values = randomMatrix();
    big.queries(0, 0) = -0.0;
    big.keys(1, 1) = std::numeric_limits<double>::quiet_NaN();
    big.values(2, 2) = -std::numeric_limits<double>::infinity();
    big.temperature = 1.0 / 3.0;

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json"));
    ASSERT_FALSE(writeFileAtomically(path, toJsonText(scenarioToJson(big))).has_value());
    const qint64 size = QFileInfo(path).size();
    // At most 25 bytes a number plus a few per row: no indentation inside the matrices.
    EXPECT_LE(size, 3 * n * (n * (kMaxJsonDoubleChars + 1) + 16) + 4096);
    EXPECT_LE(size, ScenarioLimits::maxFileBytes);

    const Result<Scenario> reopened = readScenarioFile(path);
    ASSERT_TRUE(reopened.ok()) << reopened.error().describe().toStdString();
    EXPECT_TRUE(matricesIdentical(reopened.value().queries, big.queries));
    EXPECT_TRUE(matricesIdentical(reopened.value().keys, big.keys));
    EXPECT_TRUE(matricesIdentical(reopened.value().values, big.values));
    EXPECT_TRUE(reopened.value() == big);
}

TEST(SizeLimit, TheLargestFilesTheAppWritesFitUnderTheLimit)
{
    // The worst case, measured with the app's own writer: every number the longest double
    // there is, every label 256 control characters (each escaped to six bytes), every mask cell
    // false. Q, K, V are 4096 x 1024 and the mask 4096 x 4096; the evidence adds scores and
    // weights (4096 x 4096) and the context (4096 x 1024).
    const double longest = -2.2250738585072014e-308;
    const auto rowBytes = [&](Index columns) {
        QJsonArray row;
        for (Index j = 0; j < columns; ++j)
            row.append(numberToJson(longest));
        QJsonObject object;
        object.insert(QStringLiteral("m"), QJsonArray{row, row});
        const QByteArray one = toJsonText(QJsonObject{{QStringLiteral("m"), QJsonArray{row}}});
        return qint64(toJsonText(object).size() - one.size());  // what one more row adds
    };
    const auto maskRowBytes = [&](Index columns) {
        QJsonArray row;
        for (Index j = 0; j < columns; ++j)
            row.append(false);
        const QByteArray two = toJsonText(QJsonObject{{QStringLiteral("m"), QJsonArray{row, row}}});
        const QByteArray one = toJsonText(QJsonObject{{QStringLiteral("m"), QJsonArray{row}}});
        return qint64(two.size() - one.size());
    };
    const QString label(ScenarioLimits::maxLabelChars, QChar(0x01));
    QStringList labels;
    for (Index i = 0; i < ScenarioLimits::maxRows; ++i)
        labels.append(label);
    const qint64 labelBytes =
        toJsonText(QJsonObject{{QStringLiteral("l"), QJsonArray::fromStringList(labels)}}).size();
    const qint64 rows = ScenarioLimits::maxRows;
    const qint64 wide = rowBytes(ScenarioLimits::maxColumns);
    const qint64 square = rowBytes(ScenarioLimits::maxRows);
    const qint64 scenario = 3 * rows * wide + rows * maskRowBytes(rows) + 2 * labelBytes
        + 6 * (ScenarioLimits::maxLabelChars + ScenarioLimits::maxDescriptionChars) + 4096;
    const qint64 evidence = scenario + 2 * rows * square + rows * wide + 4096;
    EXPECT_EQ(wide, 1024 * 25 + 11) << "a row's bytes changed; recompute the README's figures";
    EXPECT_LE(scenario, ScenarioLimits::maxFileBytes);
    EXPECT_LE(evidence, ScenarioLimits::maxFileBytes);
    // ... and the limit is not far above what it must admit.
    EXPECT_GE(evidence, ScenarioLimits::maxFileBytes * 8 / 10);
}

TEST(SizeLimit, EvidenceOfAnAcceptedScenarioOpensAsThatScenario)
{
    Scenario s = smallScenario();
    s.queryLabels = {QString(ScenarioLimits::maxLabelChars, QLatin1Char('q')), QStringLiteral("b")};
    s.allowed = test::maskOf({{true, false}, {true, true}});
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok());
    const Result<Scenario> back =
        parseScenario(toJsonText(buildEvidence(s, &result.value(), nullptr)), QStringLiteral("e.json"));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == s);
}

TEST(SizeLimit, NegativeZeroKeepsItsSign)
{
    const Scenario s = smallScenario();
    const QByteArray text = toJsonText(scenarioToJson(s));
    EXPECT_TRUE(text.contains("\"-0.0\""));
    const Result<Scenario> back = parseScenario(text, QStringLiteral("zero.json"));
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(std::signbit(back.value().queries(0, 1)));
    EXPECT_TRUE(back.value() == s);
}

// --- Fault 4: labels and names have a length limit ------------------------------------------

TEST(LongLabels, AMebibyteLabelIsRefusedNamingTheFieldAndRow)
{
    QJsonObject object = scenarioToJson(smallScenario());
    object.insert(QStringLiteral("query_labels"),
                  QJsonArray{QStringLiteral("a"), QString(1024 * 1024, QLatin1Char('x'))});
    const Result<Scenario> read = parseScenario(toJsonText(object), QStringLiteral("long.json"));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
    EXPECT_TRUE(read.error().message.startsWith(
        QStringLiteral("long.json: field \"query_labels\", row 2: the label has 1048576 characters, "
                       "more than the limit of 256")))
        << read.error().message.toStdString();
}

TEST(LongLabels, ALabelAtTheLimitLoadsAndALongNameIsRefused)
{
    QJsonObject object = scenarioToJson(smallScenario());
    object.insert(QStringLiteral("key_labels"),
                  QJsonArray{QString(256, QLatin1Char('k')), QStringLiteral("b")});
    const Result<Scenario> read = parseScenario(toJsonText(object), QStringLiteral("ok.json"));
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    EXPECT_EQ(read.value().keyLabels.first().size(), 256);

    object.insert(QStringLiteral("name"), QString(257, QLatin1Char('n')));
    const Result<Scenario> named = parseScenario(toJsonText(object), QStringLiteral("n.json"));
    ASSERT_FALSE(named.ok());
    EXPECT_TRUE(named.error().message.contains(QStringLiteral("field \"name\"")));
    EXPECT_TRUE(named.error().message.contains(QStringLiteral("257 characters")));
}

// Issue 25, item 6: the limit is in UTF-16 code units, but a person counts what is shown: 129
// emoji were "258 characters".
TEST(LongLabels, ALongLabelOrNameIsCountedInCharactersAsShown)
{
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
    QString emojis;
    for (int i = 0; i < 129; ++i)
        emojis += emoji;
    QJsonObject object = scenarioToJson(smallScenario());
    object.insert(QStringLiteral("query_labels"), QJsonArray{QStringLiteral("a"), emojis});
    const Result<Scenario> read = parseScenario(toJsonText(object), QStringLiteral("emoji.json"));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().message.toStdString(),
              "emoji.json: field \"query_labels\", row 2: the label has 129 characters, which take "
              "258 UTF-16 code units, more than the limit of 256 (an emoji or a character built of "
              "several code points takes two or more)");

    QJsonObject named = scenarioToJson(smallScenario());
    QString accented(200, QLatin1Char('a'));
    for (int i = 0; i < 60; ++i)
        accented += QStringLiteral("o\u0301");  // one character, two code units
    named.insert(QStringLiteral("name"), accented);
    const Result<Scenario> long_ = parseScenario(toJsonText(named), QStringLiteral("name.json"));
    ASSERT_FALSE(long_.ok());
    EXPECT_TRUE(long_.error().message.contains(QStringLiteral("has 260 characters, which take 320 UTF-16 code units")))
        << long_.error().message.toStdString();

    // Where every character is one code unit the message is as before.
    named.insert(QStringLiteral("name"), QString(257, QLatin1Char('n')));
    const Result<Scenario> plain = parseScenario(toJsonText(named), QStringLiteral("n.json"));
    ASSERT_FALSE(plain.ok());
    EXPECT_EQ(plain.error().message.toStdString(),
              "n.json: field \"name\": has 257 characters, more than the limit of 256");
}

TEST(LongLabels, CuttingKeepsWholeCharactersAndCountingCountsThem)
{
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
    EXPECT_EQ(visibleCharacterCount(emoji + emoji + QStringLiteral("e\u0301")), 3);
    EXPECT_EQ(visibleCharacterCount(QString()), 0);
    EXPECT_EQ(cutAtWholeCharacters(QStringLiteral("ab") + emoji, 3), QStringLiteral("ab"));
    EXPECT_EQ(cutAtWholeCharacters(QStringLiteral("ab") + emoji, 4), QStringLiteral("ab") + emoji);
    EXPECT_EQ(cutAtWholeCharacters(QStringLiteral("abe\u0301"), 3), QStringLiteral("ab"));
    EXPECT_EQ(cutAtWholeCharacters(QStringLiteral("abc"), 0), QString());
    // One character longer than the whole limit is cut between its code points, never inside one.
    const QString stacked = QStringLiteral("e") + QString(300, QChar(0x0301));
    EXPECT_EQ(cutAtWholeCharacters(stacked, 256), stacked.left(256));
    const QString emojiStack = emoji + QString(300, QChar(0x200D)) + emoji;
    EXPECT_TRUE(cutAtWholeCharacters(QStringLiteral("a") + emoji, 2).isValidUtf16());
    EXPECT_TRUE(cutAtWholeCharacters(emojiStack, 1).isEmpty());
}

// Issue 25, item 8: a broken link given as the scenario said "is neither a file nor a built-in
// scenario" (command line) or "No such file or directory" (File > Open), though the user can see
// the link in the folder.
TEST(BrokenLinks, ALinkThatLeadsNowhereSaysWhy)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const auto link = [&](const char *name, const char *target) {
        const QString path = dir.filePath(QLatin1String(name));
        EXPECT_EQ(::symlink(target, QFile::encodeName(path).constData()), 0);
        return path;
    };
    const QString dangling = link("dangling.json", "missing.json");
    const QString self = link("self.json", "self.json");
    const QString a = link("a.json", "b.json");
    link("b.json", "a.json");
    const QString chain = link("chain.json", "dangling.json");
    const struct {
        QString path;
        QString reason;
    } cases[] = {
        {dangling, QStringLiteral("it is a symbolic link to \"missing.json\", which does not exist")},
        {self, QStringLiteral("it is a symbolic link that points to itself")},
        {a, QStringLiteral("it is a symbolic link in a loop (a.json \u2192 b.json \u2192 a.json)")},
        {chain, QStringLiteral("it is a symbolic link to \"dangling.json\", which leads to \"%1\", which "
                               "does not exist").arg(dir.filePath(QStringLiteral("missing.json")))},
    };
    for (const auto &c : cases) {
        const QString expected = c.path + QStringLiteral(": cannot be read: ") + c.reason;
        const Result<Scenario> opened = openScenario(c.path);  // the command line's SCENARIO
        ASSERT_FALSE(opened.ok());
        EXPECT_EQ(opened.error().category, ErrorCategory::FileError);
        EXPECT_EQ(opened.error().message.toStdString(), expected.toStdString());
        const Result<Scenario> read = readScenarioFile(c.path);  // File > Open, a dropped file
        ASSERT_FALSE(read.ok());
        EXPECT_EQ(read.error().message.toStdString(), expected.toStdString());
    }
    // A NumPy capture opened from the window (File > Open, a dropped file) names its link too.
    const QString capture = link("capture.npz", "gone.npz");
    const Result<NumpyScenario> imported = readNumpyScenario(capture);
    ASSERT_FALSE(imported.ok());
    EXPECT_EQ(imported.error().message.toStdString(),
              "capture.npz: is a symbolic link to \"gone.npz\", which does not exist");
    // A name that is neither a file nor a link keeps its message, and a working link opens.
    const Result<Scenario> none = openScenario(dir.filePath(QStringLiteral("none.json")));
    ASSERT_FALSE(none.ok());
    EXPECT_TRUE(none.error().message.contains(QStringLiteral("is neither a file nor a built-in scenario")));
    const QString real = dir.filePath(QStringLiteral("real.json"));
    ASSERT_FALSE(writeFileAtomically(real, toJsonText(scenarioToJson(smallScenario()))));
    EXPECT_TRUE(openScenario(link("good.json", "real.json")).ok());
}

// --- Fault 5: a forged PNG chunk length costs nothing ----------------------------------------

TEST(PngChunks, AForgedTextChunkLengthIsRefusedBeforeAnyAllocation)
{
    QByteArray png = pngHeader();
    // A tEXt chunk that claims 0x7ffffff0 bytes, followed by 27 KB of filler.
    QByteArray chunk;
    const auto be32 = [&](quint32 v) {
        chunk.append(char(v >> 24)).append(char(v >> 16)).append(char(v >> 8)).append(char(v));
    };
    be32(0x7ffffff0U);
    chunk.append("tEXt");
    chunk.append(QByteArray(kPngScenarioKey) + '\0' + QByteArray(27 * 1024, '{'));
    png.append(chunk);

    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("forged.png"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(png);
    file.close();

    const Result<Scenario> read = readScenarioFile(path);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::FileError);
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("forged.png")));
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("\"tEXt\" declares 2147483632 bytes")))
        << read.error().message.toStdString();
}

TEST(PngChunks, CompressedAndPlainTextChunksAreReadAndAPngWithoutOneSaysSo)
{
    const QByteArray json = toJsonText(scenarioToJson(smallScenario()));
    QByteArray compressed(compressBound(uLong(json.size())), '\0');
    uLongf compressedSize = uLongf(compressed.size());
    ASSERT_EQ(compress(reinterpret_cast<Bytef *>(compressed.data()), &compressedSize,
                       reinterpret_cast<const Bytef *>(json.constData()), uLong(json.size())),
              Z_OK);
    compressed.resize(qsizetype(compressedSize));
    const QByteArray keyword = QByteArray(kPngScenarioKey) + '\0';
    for (const char *type : {"tEXt", "zTXt", "iTXt"}) {
        QByteArray png = pngHeader();
        appendChunk(png, "tEXt", QByteArray("Software\0x", 10), 10);
        QByteArray data = keyword;
        if (QByteArray(type) == "tEXt")
            data += json;
        else if (QByteArray(type) == "zTXt")
            data += QByteArray(1, '\0') + compressed;
        else
            data += QByteArray("\1\0en\0\0", 6) + compressed;
        appendChunk(png, type, data, quint32(data.size()));
        appendChunk(png, "IEND", QByteArray(), 0);
        const Result<Scenario> read = parsePngScenario(png, QStringLiteral("f.png"));
        ASSERT_TRUE(read.ok()) << type << ": " << read.error().describe().toStdString();
        EXPECT_TRUE(read.value() == smallScenario()) << type;
    }

    QByteArray plain = pngHeader();
    appendChunk(plain, "IEND", QByteArray(), 0);
    const Result<Scenario> none = parsePngScenario(plain, QStringLiteral("holiday.png"));
    ASSERT_FALSE(none.ok());
    EXPECT_EQ(none.error().category, ErrorCategory::InvalidScenario);
    EXPECT_TRUE(none.error().message.contains(QStringLiteral("not made by Attention Lens")));
}

TEST(PngChunks, AKeywordWithoutItsEndIsNoScenario)
{
    // "attnlens-scenario" filling the whole chunk, with no NUL after it: no text to read.
    for (const char *type : {"tEXt", "zTXt", "iTXt"}) {
        QByteArray png = pngHeader();
        appendChunk(png, type, QByteArray(kPngScenarioKey), quint32(qstrlen(kPngScenarioKey)));
        appendChunk(png, "IEND", QByteArray(), 0);
        const Result<Scenario> read = parsePngScenario(png, QStringLiteral("short.png"));
        ASSERT_FALSE(read.ok()) << type;
        EXPECT_TRUE(read.error().message.contains(QStringLiteral("not made by Attention Lens"))) << type;
    }
}

TEST(PngChunks, ACompressedTextExactlyOneBytePastTheLimitIsRefused)
{
    const QByteArray text(1024 * 1024 + 1, '0');
    QByteArray compressed(compressBound(uLong(text.size())), '\0');
    uLongf compressedSize = uLongf(compressed.size());
    ASSERT_EQ(compress(reinterpret_cast<Bytef *>(compressed.data()), &compressedSize,
                       reinterpret_cast<const Bytef *>(text.constData()), uLong(text.size())),
              Z_OK);
    compressed.resize(qsizetype(compressedSize));
    QByteArray png = pngHeader();
    const QByteArray data = QByteArray(kPngScenarioKey) + '\0' + '\0' + compressed;
    appendChunk(png, "zTXt", data, quint32(data.size()));
    appendChunk(png, "IEND", QByteArray(), 0);
    EXPECT_FALSE(findPngText(png, kPngScenarioKey, 1024 * 1024, QStringLiteral("b.png")).ok());
    const auto fits = findPngText(png, kPngScenarioKey, 1024 * 1024 + 1, QStringLiteral("b.png"));
    ASSERT_TRUE(fits.ok());
    EXPECT_EQ(fits.value()->size(), text.size());
}

TEST(PngChunks, ACompressedTextMayNotInflatePastTheLimit)
{
    // 4 MiB of zeros compress to a few KiB; with a 1 MiB limit the reader stops early.
    const QByteArray zeros(4 * 1024 * 1024, '0');
    QByteArray compressed(compressBound(uLong(zeros.size())), '\0');
    uLongf compressedSize = uLongf(compressed.size());
    ASSERT_EQ(compress(reinterpret_cast<Bytef *>(compressed.data()), &compressedSize,
                       reinterpret_cast<const Bytef *>(zeros.constData()), uLong(zeros.size())),
              Z_OK);
    compressed.resize(qsizetype(compressedSize));
    QByteArray png = pngHeader();
    const QByteArray data = QByteArray(kPngScenarioKey) + '\0' + '\0' + compressed;
    appendChunk(png, "zTXt", data, quint32(data.size()));
    appendChunk(png, "IEND", QByteArray(), 0);
    const auto text = findPngText(png, kPngScenarioKey, 1024 * 1024, QStringLiteral("bomb.png"));
    ASSERT_FALSE(text.ok());
    EXPECT_TRUE(text.error().message.contains(QStringLiteral("zTXt chunk inflates to more than 1 MiB")))
        << text.error().message.toStdString();
}

// --- Also noted: duplicate keys are refused by name ------------------------------------------

TEST(DuplicateKeys, ATemperatureGivenTwiceIsRefusedNamingIt)
{
    const QByteArray json = R"({"Q": [[1, 0]], "K": [[1, 0]], "V": [[1, 0]],
                               "temperature": 1, "temperature": 50})";
    const Result<Scenario> read = parseScenario(json, QStringLiteral("twice.json"));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
    EXPECT_EQ(read.error().message.toStdString(),
              "twice.json: field \"temperature\" is given twice; keep only one");

    // The same key in different objects, or inside a text, is no duplicate.
    const QByteArray fine = R"({"Q": [[1, 0]], "K": [[1, 0]], "V": [[1, 0]],
                                "description": "\"temperature\": 2, \"Q\"", "temperature": NaN,
                                "x": {"temperature": 1}})";
    const Result<Scenario> ok = parseScenario(fine, QStringLiteral("fine.json"));
    ASSERT_TRUE(ok.ok()) << ok.error().describe().toStdString();
    EXPECT_TRUE(std::isnan(ok.value().temperature));
}

// --- Also noted: a failed write names the system's reason, never "Unknown error" ------------

TEST(FailedWrites, ALargeWriteStoppedByTheDiskNamesTheReason)
{
    // A file-size limit stops the write half-way as a full disk does (EFBIG instead of ENOSPC;
    // the same Qt path that used to say "Unknown error" for a full disk).
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("big.json"));
    std::optional<Error> error;
    {
        attnlens::test::FileSizeLimit limit(64 * 1024);
        ASSERT_TRUE(limit.isValid());
        error = writeFileAtomically(path, QByteArray(4 * 1024 * 1024, 'z'));
    }
    ASSERT_TRUE(error.has_value());
    EXPECT_FALSE(error->message.contains(QStringLiteral("Unknown error"))) << error->message.toStdString();
    EXPECT_TRUE(error->message.contains(QString::fromLocal8Bit(std::strerror(EFBIG))))
        << error->message.toStdString();
}
