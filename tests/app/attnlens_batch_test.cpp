// The command line with NumPy captures (issue 14): a .npz or a folder opens like a scenario file,
// --batch N (from 1, like --head) chooses the example for --evidence, --export and the window,
// and a --batch the capture cannot take is a usage error naming what the capture holds.
#include "../support/headlessrun.h"
#include "commandline.h"
#include "numpyscenario.h"
#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

using BatchRun = attnlens::test::HeadlessRun;

BatchRun run(const QStringList &arguments)
{
    return attnlens::test::runHeadless(arguments);
}

QString capture(const char *name)
{
    return QDir(QStringLiteral(ATTNLENS_TEST_DATA_DIR)).filePath(QStringLiteral("numpy/") + QLatin1String(name));
}

Scenario example(const char *name, Index batch)
{
    return readNumpyScenario(capture(name), NumpyReadOptions{batch}).value().scenario;
}

void expectSameHeads(const Scenario &got, const Scenario &want)
{
    ASSERT_EQ(got.headCount(), want.headCount());
    for (Index h = 0; h < want.headCount(); ++h) {
        EXPECT_TRUE(identicalMatrices(got.headQueries(h), want.headQueries(h))) << "head " << h + 1;
        EXPECT_TRUE(identicalMatrices(got.headKeys(h), want.headKeys(h))) << "head " << h + 1;
        EXPECT_TRUE(identicalMatrices(got.headValues(h), want.headValues(h))) << "head " << h + 1;
    }
    EXPECT_TRUE(identicalMasks(got.allowed, want.allowed));
}

} // namespace

TEST(CommandLineBatch, BatchIsANumberFromOneForANamedCapture)
{
    const auto request = parseCommandLine({QStringLiteral("--batch"), QStringLiteral("2"), capture("batch.npz")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    ASSERT_TRUE(request.batch.has_value());
    EXPECT_EQ(*request.batch, 2);
    EXPECT_TRUE(checkBatchChoice(request).isEmpty());
    for (const char *bad : {"0", "-1", "two", "", "1.5"}) {
        const auto refused = parseCommandLine({QStringLiteral("--batch"), QLatin1String(bad), capture("batch.npz")});
        EXPECT_TRUE(refused.usageError.contains(QStringLiteral("--batch"))) << bad;
    }
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--batch"), QStringLiteral("1")})
                    .usageError.contains(QStringLiteral("name the capture")));
    EXPECT_TRUE(commandLineHelp().contains(QStringLiteral("--batch")));
}

TEST(CommandLineBatch, ABatchTheCaptureCannotTakeIsNamed)
{
    const auto problem = [](const QStringList &arguments) {
        const CommandLineRequest request = parseCommandLine(arguments);
        EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
        return checkBatchChoice(request);
    };
    EXPECT_TRUE(problem({QStringLiteral("--batch"), QStringLiteral("4"), capture("batch.npz")})
                    .contains(QStringLiteral("has 3 examples (choose 1 to 3)")));
    EXPECT_TRUE(problem({QStringLiteral("--batch"), QStringLiteral("3"), capture("batch.npz")}).isEmpty());
    EXPECT_TRUE(problem({QStringLiteral("--batch"), QStringLiteral("1"), capture("fortran_3d.npz")})
                    .contains(QStringLiteral("no batch dimension (q is (3, 4, 2)")));
    EXPECT_TRUE(problem({QStringLiteral("--batch"), QStringLiteral("1"), QStringLiteral("lesson")})
                    .contains(QStringLiteral("not a NumPy capture")));
    EXPECT_TRUE(problem({QStringLiteral("--batch"), QStringLiteral("2"), capture("folder")})
                    .contains(QStringLiteral("no batch dimension")));

    const BatchRun refused = run({QStringLiteral("--evidence"), QStringLiteral("-"), QStringLiteral("--batch"),
                                  QStringLiteral("9"), capture("batch.npz")});
    EXPECT_EQ(refused.exitCode, 64);
    EXPECT_TRUE(refused.err.contains("choose 1 to 3")) << refused.err.toStdString();
}

TEST(CommandLineBatch, EvidenceOfTheChosenExample)
{
    QTemporaryDir dir;
    for (Index batch : {0, 2}) {
        const QString out = dir.filePath(QStringLiteral("evidence-%1.json").arg(batch));
        const BatchRun done = run({QStringLiteral("--evidence"), out, QStringLiteral("--batch"),
                                   QString::number(batch + 1), capture("batch.npz")});
        ASSERT_EQ(done.exitCode, 0) << done.err.toStdString();
        QFile file(out);
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        const Result<Scenario> written = parseScenario(file.readAll(), out);
        ASSERT_TRUE(written.ok()) << written.error().describe().toStdString();
        expectSameHeads(written.value(), example("batch.npz", batch));
    }
    // Without --batch: the first example.
    const QString first = dir.filePath(QStringLiteral("first.json"));
    ASSERT_EQ(run({QStringLiteral("--evidence"), first, capture("batch.npz")}).exitCode, 0);
    QFile file(first);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    expectSameHeads(parseScenario(file.readAll(), first).value(), example("batch.npz", 0));
}

TEST(CommandLineBatch, ACaptureRefusedByTheEngineKeepsItsEvidenceAndExitCode)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("refused.json"));
    const BatchRun refused = run({QStringLiteral("--evidence"), out, capture("mask_row_without_key.npz")});
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains("all_masked_row")) << refused.err.toStdString();
    const BatchRun pickled = run({QStringLiteral("--evidence"), out, capture("refuse_pickle.npz")});
    EXPECT_EQ(pickled.exitCode, 2);
    EXPECT_TRUE(pickled.err.contains("pickle")) << pickled.err.toStdString();
    const BatchRun truncated = run({QStringLiteral("--evidence"), out, capture("refuse_truncated.npz")});
    EXPECT_EQ(truncated.exitCode, 3);
}

TEST(CommandLineBatch, AFigureCarriesTheChosenExample)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("second.png"));
    const BatchRun done = run({QStringLiteral("--export"), QStringLiteral("heatmap=") + png, QStringLiteral("--batch"),
                               QStringLiteral("2"), capture("mask_key_padding.npz")});
    ASSERT_EQ(done.exitCode, 0) << done.err.toStdString();
    QFile file(png);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const Result<Scenario> carried = parsePngScenario(file.readAll(), png);
    ASSERT_TRUE(carried.ok()) << carried.error().describe().toStdString();
    expectSameHeads(carried.value(), example("mask_key_padding.npz", 1));
    EXPECT_FALSE(identicalMasks(carried.value().allowed, example("mask_key_padding.npz", 0).allowed));
}
