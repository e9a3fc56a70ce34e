// `attnlens --npz`: how it parses, combines with --evidence and --export, and exits. What NumPy
// reads from the file is checked by tests/python/check_npz_results.py (ctest
// npz.numpy_reads_what_attnlens_writes); the bytes by tests/core/npzwriter_test.cpp.
#include "../support/headlessrun.h"
#include "commandline.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using attnlens::CommandLineRequest;
using attnlens::parseCommandLine;
using Action = CommandLineRequest::Action;

namespace {

using NpzRun = attnlens::test::HeadlessRun;

NpzRun runAttnlens(const QStringList &arguments)
{
    return attnlens::test::runHeadless(arguments);
}

bool isZip(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(4) == QByteArray("PK\x03\x04", 4);
}

} // namespace

TEST(CommandLineParsing, NpzAloneWritesNumpyResults)
{
    const CommandLineRequest request = parseCommandLine(
        {QStringLiteral("--npz"), QStringLiteral("out.npz"), QStringLiteral("causal-padding")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, Action::WriteNumpy);
    EXPECT_EQ(request.npzPath, QStringLiteral("out.npz"));
    EXPECT_EQ(request.scenario, QStringLiteral("causal-padding"));
}

TEST(CommandLineParsing, NpzGoesBesideEvidenceOrFigures)
{
    const CommandLineRequest evidence = parseCommandLine({QStringLiteral("--evidence"), QStringLiteral("e.json"),
                                                          QStringLiteral("--npz"), QStringLiteral("r.NPZ")});
    EXPECT_TRUE(evidence.usageError.isEmpty()) << evidence.usageError.toStdString();
    EXPECT_EQ(evidence.action, Action::WriteEvidence);
    EXPECT_EQ(evidence.npzPath, QStringLiteral("r.NPZ"));

    const CommandLineRequest figures = parseCommandLine({QStringLiteral("--npz"), QStringLiteral("r.npz"),
                                                         QStringLiteral("--export"), QStringLiteral("heatmap=h.png")});
    EXPECT_TRUE(figures.usageError.isEmpty()) << figures.usageError.toStdString();
    EXPECT_EQ(figures.action, Action::ExportFigures);
    EXPECT_EQ(figures.npzPath, QStringLiteral("r.npz"));
}

TEST(CommandLineParsing, NpzUsageErrorsNameTheProblem)
{
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--npz")}).usageError.contains(QStringLiteral("npz")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--npz"), QStringLiteral("-")})
                    .usageError.contains(QStringLiteral("standard output")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--npz"), QStringLiteral("out.json")})
                    .usageError.contains(QStringLiteral("out.json")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--npz"), QStringLiteral("o.npz"), QStringLiteral("--version")})
                    .usageError.contains(QStringLiteral("--version")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--npz"), QStringLiteral("o.npz"), QStringLiteral("--lesson"),
                                  QStringLiteral("2")})
                    .usageError.contains(QStringLiteral("--npz")));
}

TEST(CommandLineParsing, HelpDescribesNpz)
{
    const QString help = attnlens::commandLineHelp();
    EXPECT_TRUE(help.contains(QStringLiteral("--npz OUT.npz")));
    EXPECT_TRUE(help.contains(QStringLiteral("np.load")));
}

TEST(AttnlensNpz, WritesBesideEvidenceAndFiguresWithoutADisplay)
{
    QTemporaryDir dir;
    const QString npz = dir.filePath(QStringLiteral("r.npz"));
    const QString evidence = dir.filePath(QStringLiteral("e.json"));
    const NpzRun both = runAttnlens({QStringLiteral("--evidence"), evidence, QStringLiteral("--npz"), npz,
                                     QStringLiteral("two-heads-specialise")});
    EXPECT_EQ(both.exitCode, 0) << both.err.constData();
    EXPECT_TRUE(isZip(npz));
    EXPECT_TRUE(QFile::exists(evidence));

    const QString figureNpz = dir.filePath(QStringLiteral("f.npz"));
    const QString png = dir.filePath(QStringLiteral("h.png"));
    const NpzRun figures = runAttnlens({QStringLiteral("--npz"), figureNpz, QStringLiteral("--export"),
                                        QStringLiteral("heatmap=") + png, QStringLiteral("lesson")});
    EXPECT_EQ(figures.exitCode, 0) << figures.err.constData();
    EXPECT_TRUE(isZip(figureNpz));
    EXPECT_TRUE(QFile::exists(png));
}

TEST(AttnlensNpz, ARefusedScenarioExits2WritesEvidenceButNoNpz)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("refused.json"));
    {
        QFile file(scenario);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(R"({"format": "attnlens-scenario", "version": 1, "Q": [[1, 0]], "K": [[1, 0], [0, 1]],
                       "V": [[1], [2]], "allowed": [[false, false]]})");
    }
    const QString npz = dir.filePath(QStringLiteral("r.npz"));
    const QString evidence = dir.filePath(QStringLiteral("e.json"));
    const NpzRun run = runAttnlens({QStringLiteral("--npz"), npz, QStringLiteral("--evidence"), evidence, scenario});
    EXPECT_EQ(run.exitCode, 2) << run.err.constData();
    EXPECT_TRUE(run.err.contains("all_masked_row")) << run.err.constData();
    EXPECT_TRUE(run.err.contains("nothing was written")) << run.err.constData();
    EXPECT_FALSE(QFile::exists(npz));
    QFile written(evidence);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    EXPECT_TRUE(QJsonDocument::fromJson(written.readAll()).object().contains(QStringLiteral("error")));
}

TEST(AttnlensNpz, AnUnwritablePlaceExits3AndAFileErrorBeatsARefusal)
{
    QTemporaryDir dir;
    const NpzRun folder = runAttnlens({QStringLiteral("--npz"), dir.filePath(QStringLiteral("no/such/r.npz"))});
    EXPECT_EQ(folder.exitCode, 3);
    EXPECT_TRUE(folder.err.contains("file_error")) << folder.err.constData();
    EXPECT_TRUE(folder.err.contains("no/such/r.npz")) << folder.err.constData();

    // Evidence is written (exit 0 alone), the .npz cannot be: the run says 3.
    const NpzRun mixed = runAttnlens({QStringLiteral("--evidence"), dir.filePath(QStringLiteral("e.json")),
                                      QStringLiteral("--npz"), dir.filePath(QStringLiteral("no/such/r.npz"))});
    EXPECT_EQ(mixed.exitCode, 3);
}
