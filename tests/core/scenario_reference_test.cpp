// A figure of a large scenario refers to its saved file instead of carrying it: the reference
// chunk written and read, followed by the one loader (readScenarioFile) to the same scenario,
// and refused with a message (never a crash) when the file moved or changed or the chunk is
// forged. Also the capped compression that decides, without compressing the whole text.
#include "coretestsupport.h"
#include "evidence.h"
#include "jsonfile.h"
#include "jsonstreamwriter.h"
#include "pngtext.h"
#include "scenariojson.h"
#include "scenarioreference.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <random>

#include <zlib.h>

namespace attnlens {
namespace {

QByteArray referenceTestChunk(const char *type, const QByteArray &data)
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

/// A PNG's chunks (the image data need not decode: only the chunks are walked).
QByteArray referenceTestPng()
{
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + referenceTestChunk("IHDR", QByteArray(13, '\1'))
        + referenceTestChunk("IDAT", QByteArray(20, '\2')) + referenceTestChunk("IEND", QByteArray());
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

Scenario randomScenario(Index tokens, Index dimension, unsigned seed)
{
    std::mt19937_64 random(seed);
    Scenario scenario;
    scenario.name = QStringLiteral("random %1").arg(tokens);
    scenario.queries = test::randomMatrix(tokens, dimension, random, 1.0);
    scenario.keys = test::randomMatrix(tokens, dimension, random, 1.0);
    scenario.values = test::randomMatrix(tokens, dimension, random, 1.0);
    scenario.allowed = causalMask(tokens, tokens);
    return scenario;
}

/// A scenario file in `dir` and a PNG that refers to it, as the figure exporter writes them.
struct ReferencedFile {
    QString scenarioPath;
    QString pngPath;
    Scenario scenario;
    ScenarioReference reference;
};

ReferencedFile writeReferencedFile(const QTemporaryDir &dir, const Scenario &scenario)
{
    ReferencedFile made;
    made.scenario = scenario;
    made.scenarioPath = dir.filePath(QStringLiteral("lecture.json"));
    writeFile(made.scenarioPath, scenarioJsonText(scenario));
    const std::optional<ScenarioFileStamp> stamp = ScenarioFileStamp::of(made.scenarioPath);
    EXPECT_TRUE(stamp.has_value());
    const std::optional<ScenarioReference> reference = referenceToScenarioFile(*stamp, scenario);
    EXPECT_TRUE(reference.has_value());
    made.reference = *reference;
    made.pngPath = dir.filePath(QStringLiteral("figure.png"));
    writeFile(made.pngPath, withPngText(referenceTestPng(), kPngScenarioReferenceKey,
                                        scenarioReferenceJson(made.reference)));
    return made;
}

} // namespace

TEST(ScenarioReference, ItsJsonReadsBackAsTheSameReference)
{
    QTemporaryDir dir;
    const ReferencedFile made = writeReferencedFile(dir, test::builtinScenario("three-queries"));
    EXPECT_EQ(made.reference.path, QFileInfo(made.scenarioPath).absoluteFilePath());
    EXPECT_EQ(made.reference.size, QFileInfo(made.scenarioPath).size());
    QFile file(made.scenarioPath);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(made.reference.blake2b,
              QCryptographicHash::hash(file.readAll(), QCryptographicHash::Blake2b_512));
    EXPECT_EQ(made.reference.blake2b.size(), 64);
    EXPECT_EQ(made.reference.shape.queries, 3);
    EXPECT_EQ(made.reference.shape.heads, 1);

    const Result<ScenarioReference> read =
        parseScenarioReference(scenarioReferenceJson(made.reference), QStringLiteral("f.png"));
    ASSERT_TRUE(read.ok()) << read.error().message.toStdString();
    EXPECT_EQ(read.value().path, made.reference.path);
    EXPECT_EQ(read.value().size, made.reference.size);
    EXPECT_EQ(read.value().blake2b, made.reference.blake2b);
    EXPECT_TRUE(read.value().shape == made.reference.shape);
}

TEST(ScenarioReference, TheLoaderFollowsItToTheSameScenarioBitForBit)
{
    QTemporaryDir dir;
    const ReferencedFile made = writeReferencedFile(dir, randomScenario(40, 6, 7));
    const Result<Scenario> direct = readScenarioFile(made.scenarioPath);
    ASSERT_TRUE(direct.ok());
    const Result<Scenario> followed = readScenarioFile(made.pngPath);
    ASSERT_TRUE(followed.ok()) << followed.error().message.toStdString();
    EXPECT_TRUE(followed.value() == direct.value());
    EXPECT_TRUE(followed.value() == made.scenario);

    // Bytes alone are never followed to the file system: the message names the file instead.
    QFile png(made.pngPath);
    ASSERT_TRUE(png.open(QIODevice::ReadOnly));
    const Result<Scenario> bytesOnly = parsePngScenario(png.readAll(), QStringLiteral("figure.png"));
    ASSERT_FALSE(bytesOnly.ok());
    EXPECT_TRUE(bytesOnly.error().message.contains(made.reference.path));
}

TEST(ScenarioReference, AMissingFileIsNamedWithTheFigure)
{
    QTemporaryDir dir;
    const ReferencedFile made = writeReferencedFile(dir, randomScenario(12, 3, 1));
    const QString moved = dir.filePath(QStringLiteral("elsewhere.json"));
    ASSERT_TRUE(QFile::rename(made.scenarioPath, moved));
    const Result<Scenario> read = readScenarioFile(made.pngPath);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::FileError);
    const QString message = read.error().message;
    EXPECT_TRUE(message.contains(QStringLiteral("figure.png"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QDir::toNativeSeparators(made.reference.path))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("missing"))) << message.toStdString();
    EXPECT_TRUE(message.contains(QStringLiteral("N_q = 12"))) << message.toStdString();
}

TEST(ScenarioReference, AFileOfAnotherSizeOrOtherBytesIsRefusedSayingWhichChanged)
{
    QTemporaryDir dir;
    const ReferencedFile made = writeReferencedFile(dir, randomScenario(12, 3, 2));
    QFile file(made.scenarioPath);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray original = file.readAll();
    file.close();

    writeFile(made.scenarioPath, original + "\n");
    const Result<Scenario> longer = readScenarioFile(made.pngPath);
    ASSERT_FALSE(longer.ok());
    EXPECT_TRUE(longer.error().message.contains(QStringLiteral("size has changed")))
        << longer.error().message.toStdString();
    EXPECT_TRUE(longer.error().message.contains(QString::number(original.size() + 1)));

    // The same size, one digit changed: still a valid scenario, but not the figure's.
    QByteArray edited = original;
    const qsizetype digit = edited.indexOf("0.");
    ASSERT_GE(digit, 0);
    edited[digit + 2] = edited[digit + 2] == '1' ? '2' : '1';
    writeFile(made.scenarioPath, edited);
    ASSERT_TRUE(readScenarioFile(made.scenarioPath).ok());
    const Result<Scenario> changed = readScenarioFile(made.pngPath);
    ASSERT_FALSE(changed.ok());
    EXPECT_TRUE(changed.error().message.contains(QStringLiteral("contents have changed")))
        << changed.error().message.toStdString();
    EXPECT_TRUE(changed.error().message.contains(QStringLiteral("figure.png")));

    // Put back as it was, the figure opens again.
    writeFile(made.scenarioPath, original);
    EXPECT_TRUE(readScenarioFile(made.pngPath).ok());
}

TEST(ScenarioReference, ForgedReferencesAreRefusedWithAMessage)
{
    const QString hash = QString(128, QLatin1Char('a'));
    const auto reference = [&hash](const QString &path, const QString &size, const QString &shape) {
        return QStringLiteral(R"({"format": "attnlens-scenario-file", "version": 1, "path": %1, )"
                              R"("size": %2, "blake2b_512": "%3", "shape": %4})")
            .arg(path, size, hash, shape)
            .toUtf8();
    };
    const QString shape = QStringLiteral(R"({"queries": 2, "keys": 2, "heads": 1, "d_k": 2, "d_v": 2})");
    ASSERT_TRUE(parseScenarioReference(reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("10"), shape),
                                       QStringLiteral("f.png"))
                    .ok());
    const struct {
        QByteArray json;
        const char *says;
    } cases[] = {
        {"not json", "not JSON"},
        {"[1, 2]", "not a JSON object"},
        {R"({"format": "something-else"})", "format"},
        {reference(QStringLiteral("42"), QStringLiteral("10"), shape), "path"},
        {reference(QStringLiteral("\"relative/a.json\""), QStringLiteral("10"), shape), "absolute"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("\"ten\""), shape), "size"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("1e300"), shape), "size"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("-1"), shape), "size"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("2.5"), shape), "size"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("10"), QStringLiteral("[]")), "shape"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("10"),
                   QStringLiteral(R"({"queries": 1e308, "keys": 2, "heads": 1, "d_k": 2, "d_v": 2})")),
         "queries"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("10"),
                   QStringLiteral(R"({"queries": 2, "keys": 2, "heads": 100000, "d_k": 2, "d_v": 2})")),
         "heads"},
        {reference(QStringLiteral("\"/tmp/a.json\""), QStringLiteral("10"),
                   QStringLiteral(R"({"queries": 2, "keys": 2, "heads": 1, "d_k": "2", "d_v": 2})")),
         "d_k"},
        {QByteArray(R"({"format": "attnlens-scenario-file", "version": 1, "path": "/tmp/a.json", )"
                    R"("size": 10, "blake2b_512": "xyz", "shape": {}})"),
         "blake2b_512"},
        {QByteArray(R"({"format": "attnlens-scenario-file", "version": 99})"), "newer release"},
    };
    for (const auto &c : cases) {
        const Result<ScenarioReference> read = parseScenarioReference(c.json, QStringLiteral("forged.png"));
        ASSERT_FALSE(read.ok()) << c.json.constData();
        EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
        EXPECT_TRUE(read.error().message.startsWith(QStringLiteral("forged.png"))) << c.json.constData();
        EXPECT_TRUE(read.error().message.contains(QLatin1String(c.says)))
            << c.json.constData() << " -> " << read.error().message.toStdString();

        // In a PNG, the loader gives the same refusal.
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("forged.png"));
        writeFile(png, withPngText(referenceTestPng(), kPngScenarioReferenceKey, c.json));
        const Result<Scenario> opened = readScenarioFile(png);
        ASSERT_FALSE(opened.ok());
        EXPECT_TRUE(opened.error().message.contains(QLatin1String(c.says))) << c.json.constData();
    }
}

TEST(ScenarioReference, AReferenceWhoseShapeIsNotTheFilesIsRefused)
{
    QTemporaryDir dir;
    ReferencedFile made = writeReferencedFile(dir, randomScenario(12, 3, 3));
    made.reference.shape.heads = 2;
    writeFile(made.pngPath, withPngText(referenceTestPng(), kPngScenarioReferenceKey,
                                        scenarioReferenceJson(made.reference)));
    const Result<Scenario> read = readScenarioFile(made.pngPath);
    ASSERT_FALSE(read.ok());
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("H = 2"))) << read.error().message.toStdString();
}

TEST(ScenarioReference, AStampIsRefusedOnceTheFileChanged)
{
    QTemporaryDir dir;
    const Scenario scenario = randomScenario(8, 2, 4);
    const QString path = dir.filePath(QStringLiteral("s.json"));
    writeFile(path, scenarioJsonText(scenario));
    const std::optional<ScenarioFileStamp> stamp = ScenarioFileStamp::of(path);
    ASSERT_TRUE(stamp.has_value());
    EXPECT_TRUE(referenceToScenarioFile(*stamp, scenario).has_value());
    writeFile(path, scenarioJsonText(scenario) + " ");
    EXPECT_FALSE(referenceToScenarioFile(*stamp, scenario).has_value());
    // Neither a folder, a missing file nor a PNG figure is a scenario file to refer to.
    EXPECT_FALSE(ScenarioFileStamp::of(dir.path()).has_value());
    EXPECT_FALSE(ScenarioFileStamp::of(dir.filePath(QStringLiteral("none.json"))).has_value());
    const QString png = dir.filePath(QStringLiteral("f.png"));
    writeFile(png, referenceTestPng());
    EXPECT_FALSE(ScenarioFileStamp::of(png).has_value());
}

TEST(ScenarioReference, TheFileBehindAFigureIsTheFileItRefersTo)
{
    QTemporaryDir dir;
    const ReferencedFile made = writeReferencedFile(dir, randomScenario(8, 2, 5));
    const std::optional<ScenarioFileStamp> behindJson = scenarioFileBehind(made.scenarioPath);
    ASSERT_TRUE(behindJson.has_value());
    EXPECT_TRUE(behindJson->blake2b.isEmpty());
    const std::optional<ScenarioFileStamp> behindPng = scenarioFileBehind(made.pngPath);
    ASSERT_TRUE(behindPng.has_value());
    EXPECT_EQ(behindPng->path, made.reference.path);
    EXPECT_EQ(behindPng->blake2b, made.reference.blake2b);
    // A figure made from the figure refers to the same file, checked by its hash.
    const std::optional<ScenarioReference> again = referenceToScenarioFile(*behindPng, made.scenario);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->blake2b, made.reference.blake2b);

    // A figure that carries its scenario has no other file behind it.
    const QString carrying = dir.filePath(QStringLiteral("carrying.png"));
    writeFile(carrying, withPngText(referenceTestPng(), kPngScenarioKey, scenarioJsonText(made.scenario)));
    EXPECT_FALSE(scenarioFileBehind(carrying).has_value());
    EXPECT_FALSE(scenarioFileBehind(QStringLiteral("lesson")).has_value());
}

TEST(PngTextChunkWithin, BelowTheLimitItIsTheWholeTextCompressed)
{
    const Scenario scenario = randomScenario(30, 4, 6);
    const JsonDraft draft = scenarioDraft(scenario);
    const std::optional<QByteArray> chunk =
        pngTextChunkWithin(kPngScenarioKey, jsonDraftProducer(draft), kMaxEmbeddedScenarioBytes);
    ASSERT_TRUE(chunk.has_value());
    ASSERT_FALSE(chunk->isEmpty());
    const QByteArray png = withPngChunk(referenceTestPng(), *chunk);
    const auto text = findPngText(png, kPngScenarioKey, 1 << 24, QStringLiteral("t.png"));
    ASSERT_TRUE(text.ok());
    ASSERT_TRUE(text.value().has_value());
    EXPECT_EQ(*text.value(), scenarioJsonText(scenario));
    const Result<Scenario> read = parsePngScenario(png, QStringLiteral("t.png"));
    ASSERT_TRUE(read.ok());
    EXPECT_TRUE(read.value() == scenario);
}

TEST(PngTextChunkWithin, AboveTheLimitItStopsWithoutWritingTheRest)
{
    const Scenario scenario = randomScenario(600, 32, 8);
    const QByteArray whole = scenarioJsonText(scenario);
    const qint64 limit = 64 * 1024;
    ASSERT_GT(qint64(pngTextChunk(kPngScenarioKey, whole).size()), 4 * limit);
    const JsonDraft draft = scenarioDraft(scenario);
    const ByteProducer produce = jsonDraftProducer(draft);
    qint64 produced = 0;
    const ByteProducer counting = [&](const ByteSink &sink) {
        return produce([&](const char *data, qint64 size) {
            produced += size;
            return sink(data, size);
        });
    };
    EXPECT_FALSE(pngTextChunkWithin(kPngScenarioKey, counting, limit).has_value());
    // The writer stopped soon after the compressed text passed the limit: a few of its
    // one-mebibyte pieces, not the whole text.
    EXPECT_LT(produced, whole.size() / 2) << produced << " of " << whole.size();
}

} // namespace attnlens
