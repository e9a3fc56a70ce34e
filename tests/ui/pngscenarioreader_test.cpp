// Opening a scenario from a PNG figure: the scenario travels in the "attnlens-scenario" text
// chunk; a PNG from elsewhere is refused with a sentence a student understands.
#include "builtinscenarios.h"
#include "documentcontroller.h"
#include "pngscenarioreader.h"
#include "scenariojson.h"

#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

Scenario awkwardScenario()
{
    Scenario scenario = loadBuiltinScenario(QStringLiteral("three-queries")).value();
    scenario.name = QStringLiteral("Figure scenario");
    scenario.queries(0, 0) = 0.1 + 0.2;
    scenario.queries(1, 1) = -1.0 / 3.0;
    scenario.keys(0, 1) = 6.02214076e23;
    scenario.temperature = 0.7071067811865476;
    return scenario;
}

QImage figure()
{
    QImage image(64, 40, QImage::Format_ARGB32);
    image.fill(QColor(30, 90, 160));
    return image;
}

QString writePng(const QTemporaryDir &dir, const QString &name, const QString &scenarioJson)
{
    QImage image = figure();
    if (!scenarioJson.isNull()) {
        image.setText(QLatin1String(kPngScenarioKey), scenarioJson);
        image.setText(QLatin1String(kPngVersionKey), QStringLiteral("test"));
    }
    const QString path = dir.filePath(name);
    EXPECT_TRUE(image.save(path, "PNG"));
    return path;
}

QString jsonOf(const Scenario &scenario)
{
    return QString::fromUtf8(QJsonDocument(scenarioToJson(scenario)).toJson(QJsonDocument::Compact));
}

} // namespace

TEST(PngScenarioReader, ReadsTheScenarioBackToTheSameDoubles)
{
    QTemporaryDir dir;
    const Scenario original = awkwardScenario();
    const QString path = writePng(dir, QStringLiteral("heatmap.png"), jsonOf(original));

    const Result<Scenario> read = readPngScenario(path);
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    EXPECT_TRUE(read.value() == original);
    EXPECT_TRUE(identicalDoubles(read.value().queries(1, 1), -1.0 / 3.0));
    EXPECT_TRUE(looksLikePng(path));
}

TEST(PngScenarioReader, APngWithoutTheChunkIsNotAnAttentionLensFigure)
{
    QTemporaryDir dir;
    const QString path = writePng(dir, QStringLiteral("holiday.png"), QString());

    const Result<Scenario> read = readPngScenario(path);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
    EXPECT_TRUE(read.error().message.contains(
        QStringLiteral("this PNG was not made by Attention Lens (no scenario inside)")))
        << read.error().message.toStdString();
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("holiday.png")));
}

TEST(PngScenarioReader, ABrokenChunkGivesTheParsersCategoryAndField)
{
    QTemporaryDir dir;
    const QString notJson = writePng(dir, QStringLiteral("a.png"), QStringLiteral("{\"Q\": [[1, 0]"));
    const Result<Scenario> a = readPngScenario(notJson);
    ASSERT_FALSE(a.ok());
    EXPECT_EQ(a.error().category, ErrorCategory::InvalidJson);

    QJsonObject withoutKeys = scenarioToJson(awkwardScenario());
    withoutKeys.remove(QStringLiteral("K"));
    const QString noKeys = writePng(
        dir, QStringLiteral("b.png"),
        QString::fromUtf8(QJsonDocument(withoutKeys).toJson(QJsonDocument::Compact)));
    const Result<Scenario> b = readPngScenario(noKeys);
    ASSERT_FALSE(b.ok());
    EXPECT_EQ(b.error().category, ErrorCategory::InvalidScenario);
    EXPECT_TRUE(b.error().message.contains(QStringLiteral("\"K\""))) << b.error().message.toStdString();
}

TEST(PngScenarioReader, AFileThatIsNotAnImageIsAFileError)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fake.png"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("this is text, not a picture\n");
    file.close();

    EXPECT_FALSE(looksLikePng(path));
    const Result<Scenario> read = readPngScenario(path);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::FileError);
}

TEST(PngScenarioReader, DocumentsAreRecognisedByContentNotSuffix)
{
    QTemporaryDir dir;
    const Scenario original = awkwardScenario();
    // A figure renamed to .json still opens as the figure it is.
    const QString png = writePng(dir, QStringLiteral("renamed.json"), jsonOf(original));
    const Result<Scenario> fromPng = DocumentController::readDocument(png);
    ASSERT_TRUE(fromPng.ok()) << fromPng.error().describe().toStdString();
    EXPECT_TRUE(fromPng.value() == original);

    const QString json = dir.filePath(QStringLiteral("plain.json"));
    QFile file(json);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(jsonOf(original).toUtf8());
    file.close();
    const Result<Scenario> fromJson = DocumentController::readDocument(json);
    ASSERT_TRUE(fromJson.ok()) << fromJson.error().describe().toStdString();
    EXPECT_TRUE(fromJson.value() == original);
}

TEST(PngScenarioReader, NonAsciiLabelsAndALargeScenarioComeBackFromAQtWrittenPng)
{
    // The core's own chunk reader against Qt's PNG writer: UTF-8 text (Qt may choose iTXt or
    // zTXt for it) and a chunk large enough to be compressed.
    QTemporaryDir dir;
    Scenario original = awkwardScenario();
    original.queryLabels = QStringList{QStringLiteral("查詢 一"), QStringLiteral("q\u00e9"), QStringLiteral("三")};
    original.name = QStringLiteral("注意力 \u00b7 test");
    const QString small = writePng(dir, QStringLiteral("utf8.png"), jsonOf(original));
    const Result<Scenario> read = readPngScenario(small);
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    EXPECT_TRUE(read.value() == original);

    Scenario big = original;
    big.queries = Matrix::Random(200, 64);
    big.keys = Matrix::Random(300, 64);
    big.values = Matrix::Random(300, 8);
    big.queryLabels.clear();
    big.keyLabels.clear();
    big.allowed.reset();
    const QString large = writePng(dir, QStringLiteral("large.png"), jsonOf(big));
    const Result<Scenario> readLarge = readPngScenario(large);
    ASSERT_TRUE(readLarge.ok()) << readLarge.error().describe().toStdString();
    EXPECT_TRUE(readLarge.value() == big);
}
