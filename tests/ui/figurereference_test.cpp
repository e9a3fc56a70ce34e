// What a PNG figure carries to reopen: a small scenario itself, a large one saved in a file a
// reference to that file (the PNG far smaller than with the scenario inside), and a large one
// without such a file (unsaved or changed since) itself, so that the user's work reopens.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "pngtext.h"
#include "scenariojson.h"
#include "scenarioreference.h"
#include "evidence.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <random>

using namespace attnlens;

namespace {

QByteArray figureFileBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFigureTestFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

/// 1,024 random tokens at d = 64 with a causal mask: about 8 MB of JSON that compresses to
/// well over kMaxEmbeddedScenarioBytes, as a GPT-2-sized capture does.
Scenario largeFigureScenario()
{
    std::mt19937_64 random(26);
    Scenario scenario;
    scenario.name = QStringLiteral("Large capture");
    scenario.queries = test::randomMatrix(1024, 64, random, 1.0);
    scenario.keys = test::randomMatrix(1024, 64, random, 1.0);
    scenario.values = test::randomMatrix(1024, 64, random, 1.0);
    scenario.allowed = causalMask(1024, 1024);
    return scenario;
}

class FigureReferenceTest : public ::testing::Test {
protected:
    /// Saves `scenario` as a file, opens it into the model as the window or the command line
    /// would, and returns the file's stamp.
    std::optional<ScenarioFileStamp> openSaved(const Scenario &scenario)
    {
        scenarioPath = dir.filePath(QStringLiteral("lecture.attnlens.json"));
        writeFigureTestFile(scenarioPath, scenarioJsonText(scenario));
        const std::optional<ScenarioFileStamp> stamp = ScenarioFileStamp::of(scenarioPath);
        const Result<Scenario> read = readScenarioFile(scenarioPath);
        EXPECT_TRUE(read.ok());
        model.setScenario(read.value());
        QCoreApplication::processEvents();
        return stamp;
    }

    QByteArray exportHeatmap(const QString &name, const std::optional<ScenarioFileStamp> &file)
    {
        FigureExporter exporter(&model, &viewState);
        exporter.setScenarioFile(file);
        FigureOptions options;
        options.view = FigureView::Heatmap;
        options.format = FigureFormat::Png;
        options.size = QSize(480, 400);
        const QString path = dir.filePath(name);
        const auto error = exporter.exportFigure(options, path);
        EXPECT_FALSE(error.has_value()) << error->toStdString();
        return figureFileBytes(path);
    }

    QTemporaryDir dir;
    QString scenarioPath;
    AttentionModel model;
    ViewState viewState;
};

} // namespace

TEST_F(FigureReferenceTest, ASmallScenarioIsStillCarriedAndReopensBitForBit)
{
    Scenario scenario = test::builtinScenario("three-queries");
    scenario.queries(0, 0) = 0.1 + 0.2;
    scenario.keys(2, 0) = -2.5e-7;
    scenario.temperature = 0.7;
    const std::optional<ScenarioFileStamp> stamp = openSaved(scenario);
    ASSERT_TRUE(stamp.has_value());
    const QByteArray png = exportHeatmap(QStringLiteral("small.png"), stamp);
    ASSERT_FALSE(png.isEmpty());
    const auto reference = findPngText(png, kPngScenarioReferenceKey, 1 << 16, QStringLiteral("small.png"));
    ASSERT_TRUE(reference.ok());
    EXPECT_FALSE(reference.value().has_value());

    // Even with its file gone, the figure reopens: it carries the scenario.
    ASSERT_TRUE(QFile::remove(scenarioPath));
    const Result<Scenario> back = readScenarioFile(dir.filePath(QStringLiteral("small.png")));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == scenario);
    EXPECT_TRUE(identicalDoubles(back.value().queries(0, 0), 0.1 + 0.2));
    EXPECT_EQ(scenarioJsonText(back.value()), scenarioJsonText(scenario));
}

TEST_F(FigureReferenceTest, ALargeSavedScenarioIsReferredToAndThePngIsSmall)
{
    const Scenario scenario = largeFigureScenario();
    const std::optional<ScenarioFileStamp> stamp = openSaved(scenario);
    ASSERT_TRUE(stamp.has_value());

    // As every figure was made before: the scenario inside, over a mebibyte compressed.
    const QByteArray carrying = exportHeatmap(QStringLiteral("carrying.png"), std::nullopt);
    EXPECT_GT(carrying.size(), kMaxEmbeddedScenarioBytes);

    const QByteArray referring = exportHeatmap(QStringLiteral("referring.png"), stamp);
    ASSERT_FALSE(referring.isEmpty());
    EXPECT_LT(referring.size(), 256 * 1024) << referring.size() << " bytes";
    EXPECT_LT(referring.size() * 4, carrying.size());
    const auto embedded = findPngText(referring, kPngScenarioKey, 1 << 16, QStringLiteral("referring.png"));
    ASSERT_TRUE(embedded.ok());
    EXPECT_FALSE(embedded.value().has_value());
    const auto text = findPngText(referring, kPngScenarioReferenceKey, 1 << 16, QStringLiteral("referring.png"));
    ASSERT_TRUE(text.ok());
    ASSERT_TRUE(text.value().has_value());
    const Result<ScenarioReference> reference = parseScenarioReference(*text.value(), QStringLiteral("r"));
    ASSERT_TRUE(reference.ok());
    EXPECT_EQ(reference.value().path, QFileInfo(scenarioPath).absoluteFilePath());
    EXPECT_EQ(reference.value().size, QFileInfo(scenarioPath).size());
    EXPECT_EQ(reference.value().shape.queries, 1024);
    EXPECT_EQ(reference.value().shape.keyDimension, 64);

    // The image is still a PNG that any reader decodes, with its version.
    QImageReader reader(dir.filePath(QStringLiteral("referring.png")));
    EXPECT_FALSE(reader.read().isNull());

    const Result<Scenario> back = readScenarioFile(dir.filePath(QStringLiteral("referring.png")));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == model.wholeScenario());
    EXPECT_TRUE(back.value() == readScenarioFile(scenarioPath).value());
}

TEST_F(FigureReferenceTest, ALargeScenarioWhoseFileChangedIsCarriedWhole)
{
    const Scenario scenario = largeFigureScenario();
    const std::optional<ScenarioFileStamp> stamp = openSaved(scenario);
    ASSERT_TRUE(stamp.has_value());
    // Another program rewrote the file after it was opened: the figure must not point at it.
    Scenario other = scenario;
    other.temperature = 2.0;
    writeFigureTestFile(scenarioPath, scenarioJsonText(other));

    const QByteArray png = exportHeatmap(QStringLiteral("changed.png"), stamp);
    EXPECT_GT(png.size(), kMaxEmbeddedScenarioBytes);
    ASSERT_TRUE(QFile::remove(scenarioPath));
    const Result<Scenario> back = readScenarioFile(dir.filePath(QStringLiteral("changed.png")));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == scenario);
}
