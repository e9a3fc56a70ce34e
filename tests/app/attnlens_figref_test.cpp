// `attnlens --export` of a large scenario file writes figures that refer to the file instead of
// carrying 4 MB of its text; `--evidence` and `--export` read such a figure back through the
// file, and a moved or forged reference is one line on stderr and an exit code, never a crash.
#include "../support/headlessrun.h"
#include "evidence.h"
#include "pngtext.h"
#include "scenario.h"
#include "scenarioreference.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <random>

using namespace attnlens;

namespace {

QByteArray figrefBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

bool figrefWrite(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

/// Two heads of 1,024 random tokens at d = 32: its JSON compresses to well over a mebibyte.
Scenario figrefLargeScenario()
{
    std::mt19937_64 random(12);
    std::normal_distribution<double> normal;
    const auto matrix = [&] {
        Matrix m(1024, 32);
        for (Index i = 0; i < m.rows(); ++i)
            for (Index j = 0; j < m.cols(); ++j)
                m(i, j) = normal(random);
        return m;
    };
    Scenario scenario;
    scenario.name = QStringLiteral("Two large heads");
    scenario.queries = matrix();
    scenario.keys = matrix();
    scenario.values = matrix();
    AttentionHead second;
    second.queries = matrix();
    second.keys = matrix();
    second.values = matrix();
    scenario.moreHeads.push_back(second);
    return scenario;
}

std::optional<ScenarioReference> figrefReferenceIn(const QString &png)
{
    const auto text = findPngText(figrefBytes(png), kPngScenarioReferenceKey, 1 << 16, png);
    if (!text || !text.value())
        return std::nullopt;
    const Result<ScenarioReference> reference = parseScenarioReference(*text.value(), png);
    return reference ? std::optional<ScenarioReference>(reference.value()) : std::nullopt;
}

} // namespace

TEST(AttnlensFigureReference, ALargeScenarioFileIsReferredToAndReadBackThroughIt)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("big.json"));
    ASSERT_TRUE(figrefWrite(scenario, scenarioJsonText(figrefLargeScenario())));
    const QString png = dir.filePath(QStringLiteral("heatmap.png"));
    const test::HeadlessRun exported = test::runHeadless(
        {QStringLiteral("--export"), QStringLiteral("heatmap=") + png, QStringLiteral("--size"),
         QStringLiteral("400x300"), scenario});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.constData();
    EXPECT_LT(QFileInfo(png).size(), 256 * 1024);
    const std::optional<ScenarioReference> reference = figrefReferenceIn(png);
    ASSERT_TRUE(reference.has_value());
    EXPECT_EQ(reference->path, QFileInfo(scenario).absoluteFilePath());
    EXPECT_EQ(reference->shape.heads, 2);

    // The evidence of the figure is the evidence of the file, byte for byte.
    const QString fromFile = dir.filePath(QStringLiteral("file-evidence.json"));
    const QString fromFigure = dir.filePath(QStringLiteral("figure-evidence.json"));
    const test::HeadlessRun direct = test::runHeadless({QStringLiteral("--evidence"), fromFile, scenario});
    ASSERT_EQ(direct.exitCode, 0) << direct.err.constData();
    const test::HeadlessRun followed = test::runHeadless({QStringLiteral("--evidence"), fromFigure, png});
    ASSERT_EQ(followed.exitCode, 0) << followed.err.constData();
    EXPECT_EQ(figrefBytes(fromFigure), figrefBytes(fromFile));

    // A figure of the figure refers to the same file.
    const QString again = dir.filePath(QStringLiteral("keys.png"));
    const test::HeadlessRun second = test::runHeadless(
        {QStringLiteral("--export"), QStringLiteral("heatmap=") + again, QStringLiteral("--size"),
         QStringLiteral("400x300"), png});
    ASSERT_EQ(second.exitCode, 0) << second.err.constData();
    const std::optional<ScenarioReference> secondReference = figrefReferenceIn(again);
    ASSERT_TRUE(secondReference.has_value());
    EXPECT_EQ(secondReference->path, reference->path);
    EXPECT_EQ(secondReference->blake2b, reference->blake2b);

    // Moved away: one line naming the figure, the file and what is wrong; exit 3.
    ASSERT_TRUE(QFile::rename(scenario, dir.filePath(QStringLiteral("moved.json"))));
    const test::HeadlessRun missing = test::runHeadless(
        {QStringLiteral("--evidence"), dir.filePath(QStringLiteral("e.json")), png});
    EXPECT_EQ(missing.exitCode, 3) << missing.err.constData();
    EXPECT_TRUE(missing.err.contains("heatmap.png")) << missing.err.constData();
    EXPECT_TRUE(missing.err.contains(QDir::toNativeSeparators(reference->path).toUtf8())) << missing.err.constData();
    EXPECT_TRUE(missing.err.contains("missing")) << missing.err.constData();
    const test::HeadlessRun missingExport = test::runHeadless(
        {QStringLiteral("--export"), QStringLiteral("heatmap=") + dir.filePath(QStringLiteral("x.png")), png});
    EXPECT_EQ(missingExport.exitCode, 3) << missingExport.err.constData();
    EXPECT_TRUE(missingExport.err.contains("missing")) << missingExport.err.constData();
}

TEST(AttnlensFigureReference, AForgedReferenceIsRefusedWithAMessage)
{
    QTemporaryDir dir;
    // A real figure of a small scenario, its scenario chunk replaced by a forged reference.
    const QString small = dir.filePath(QStringLiteral("small.png"));
    const test::HeadlessRun exported =
        test::runHeadless({QStringLiteral("--export"), QStringLiteral("heatmap=") + small, QStringLiteral("lesson")});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.constData();
    QByteArray png = figrefBytes(small);
    const qsizetype key = png.indexOf(kPngScenarioKey);
    ASSERT_GT(key, 8);
    png[key] = 'X';  // no longer the scenario's chunk (and its checksum no longer matters)
    const QByteArray forgeries[] = {
        "{\"format\": \"attnlens-scenario-file\", \"version\": 1, \"path\": \"/x\", \"size\": 1e308}",
        "{\"format\": \"attnlens-scenario-file\", \"version\": 1, \"path\": [], \"size\": 3}",
        "\xff\xfe not json at all",
    };
    for (const QByteArray &forged : forgeries) {
        const QString path = dir.filePath(QStringLiteral("forged.png"));
        ASSERT_TRUE(figrefWrite(path, withPngText(png, kPngScenarioReferenceKey, forged)));
        const test::HeadlessRun run =
            test::runHeadless({QStringLiteral("--evidence"), dir.filePath(QStringLiteral("e.json")), path});
        EXPECT_EQ(run.exitCode, 2) << forged.constData() << run.err.constData();
        EXPECT_TRUE(run.err.contains("forged.png")) << run.err.constData();
        EXPECT_TRUE(run.err.contains("not one the app wrote")) << run.err.constData();
    }
}
