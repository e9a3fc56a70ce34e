// The real executable against the faults of the outside reliability pass (issue 11): output to
// devices and FIFOs, a FIFO as the scenario, an Attention Lens PNG as the scenario of --evidence
// and --export, a full device, and a display platform named without a display.
#include "../support/specialfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cerrno>
#include <cstring>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using attnlens::test::fileType;
using attnlens::test::makeFifo;

namespace {

struct ProcessResult {
    int exitCode = -1;
    QByteArray err;
};

ProcessResult runAttnlens(const QStringList &arguments, const QStringList &setEnvironment = {},
                       const QString &workingDirectory = QString())
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(name));
    for (const QString &assignment : setEnvironment)
        environment.insert(assignment.section(QLatin1Char('='), 0, 0), assignment.section(QLatin1Char('='), 1));
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(QStringLiteral(ATTNLENS_EXECUTABLE), arguments);
    // A hang (the old behaviour with a FIFO) fails here instead of blocking the suite.
    const bool finished = process.waitForFinished(30000);
    EXPECT_TRUE(finished) << "attnlens did not finish: " << arguments.join(QLatin1Char(' ')).toStdString();
    if (!finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    ProcessResult run;
    run.exitCode = finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.err = process.readAllStandardError();
    return run;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

} // namespace

TEST(AttnlensReliability, EvidenceToANullDeviceLeavesItADevice)
{
    // As root, a null device of our own: a regression could then only replace that copy.
    QTemporaryDir dir;
    QString device = QStringLiteral("/dev/null");
    if (::geteuid() == 0) {
        device = dir.filePath(QStringLiteral("null"));
        if (::mknod(QFile::encodeName(device).constData(), S_IFCHR | 0666, makedev(1, 3)) != 0)
            GTEST_SKIP() << "mknod is not permitted here";
    }
    const ProcessResult run = runAttnlens({QStringLiteral("--evidence"), device, QStringLiteral("lesson")});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(fileType(device), mode_t(S_IFCHR));
}

TEST(AttnlensReliability, EvidenceOrAFigureToAFifoNobodyReadsExits3AndKeepsTheFifo)
{
    QTemporaryDir dir;
    const QString fifo = makeFifo(dir, "out.png");
    const ProcessResult evidence = runAttnlens({QStringLiteral("--evidence"), fifo, QStringLiteral("lesson")});
    EXPECT_EQ(evidence.exitCode, 3);
    EXPECT_TRUE(evidence.err.contains("FIFO")) << evidence.err.toStdString();
    EXPECT_EQ(fileType(fifo), mode_t(S_IFIFO));

    const ProcessResult figure = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + fifo,
                                 QStringLiteral("lesson")});
    EXPECT_EQ(figure.exitCode, 3);
    EXPECT_TRUE(figure.err.contains("no program is reading")) << figure.err.toStdString();
    EXPECT_EQ(fileType(fifo), mode_t(S_IFIFO));
}

TEST(AttnlensReliability, AFullDeviceSaysNoSpaceLeftOnDevice)
{
    if (fileType(QStringLiteral("/dev/full")) != S_IFCHR)
        GTEST_SKIP() << "no /dev/full";
    const ProcessResult run = runAttnlens({QStringLiteral("--evidence"), QStringLiteral("/dev/full"), QStringLiteral("lesson")});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_TRUE(run.err.contains(std::strerror(ENOSPC))) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains("Unknown error"));
}

TEST(AttnlensReliability, ABrokenLinkAsTheScenarioSaysWhatIsWrongWithIt)
{
    QTemporaryDir dir;
    const QString dangling = dir.filePath(QStringLiteral("dangling.json"));
    const QString loop = dir.filePath(QStringLiteral("loop.json"));
    ASSERT_EQ(::symlink("gone.json", QFile::encodeName(dangling).constData()), 0);
    ASSERT_EQ(::symlink("loop.json", QFile::encodeName(loop).constData()), 0);
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const ProcessResult gone = runAttnlens({QStringLiteral("--evidence"), out, dangling});
    EXPECT_EQ(gone.exitCode, 3);
    EXPECT_TRUE(gone.err.contains("is a symbolic link to \"gone.json\", which does not exist")) << gone.err.toStdString();
    EXPECT_FALSE(gone.err.contains("neither a file nor a built-in scenario")) << gone.err.toStdString();
    const ProcessResult self = runAttnlens({QStringLiteral("--evidence"), out, loop});
    EXPECT_EQ(self.exitCode, 3);
    EXPECT_TRUE(self.err.contains("is a symbolic link that points to itself")) << self.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(out));
}

TEST(AttnlensReliability, AFifoAsTheScenarioExits3WithoutWaiting)
{
    QTemporaryDir dir;
    const QString fifo = makeFifo(dir, "scenario.json");
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const ProcessResult evidence = runAttnlens({QStringLiteral("--evidence"), out, fifo});
    EXPECT_EQ(evidence.exitCode, 3);
    EXPECT_TRUE(evidence.err.contains("FIFO")) << evidence.err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(out));

    const ProcessResult figure = runAttnlens({QStringLiteral("--export"),
                                 QStringLiteral("heatmap=") + dir.filePath(QStringLiteral("h.png")), fifo});
    EXPECT_EQ(figure.exitCode, 3);
    EXPECT_TRUE(figure.err.contains("FIFO")) << figure.err.toStdString();
}

TEST(AttnlensReliability, EvidenceAndExportReadAnAttentionLensPngAsTheWindowDoes)
{
    QTemporaryDir dir;
    const QString figure = dir.filePath(QStringLiteral("figure.png"));
    const ProcessResult exported = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + figure,
                                   QStringLiteral("three-queries")});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();

    const QString fromPng = dir.filePath(QStringLiteral("from-png.json"));
    const ProcessResult evidence = runAttnlens({QStringLiteral("--evidence"), fromPng, figure});
    EXPECT_EQ(evidence.exitCode, 0) << evidence.err.toStdString();
    const QString fromBuiltin = dir.filePath(QStringLiteral("from-builtin.json"));
    ASSERT_EQ(runAttnlens({QStringLiteral("--evidence"), fromBuiltin, QStringLiteral("three-queries")}).exitCode, 0);
    const QJsonObject a = readJson(fromPng);
    const QJsonObject b = readJson(fromBuiltin);
    ASSERT_FALSE(a.value(QStringLiteral("weights")).toArray().isEmpty());
    EXPECT_EQ(a.value(QStringLiteral("weights")), b.value(QStringLiteral("weights")));
    EXPECT_EQ(a.value(QStringLiteral("Q")), b.value(QStringLiteral("Q")));

    const ProcessResult again = runAttnlens({QStringLiteral("--export"),
                                QStringLiteral("weights=") + dir.filePath(QStringLiteral("w.svg")), figure});
    EXPECT_EQ(again.exitCode, 0) << again.err.toStdString();
    EXPECT_GT(QFileInfo(dir.filePath(QStringLiteral("w.svg"))).size(), 0);
}

TEST(AttnlensReliability, APngWithoutAScenarioSaysSo)
{
    QTemporaryDir dir;
    const QString holiday = dir.filePath(QStringLiteral("holiday.png"));
    QImage image(4, 4, QImage::Format_RGB32);
    image.fill(Qt::blue);
    ASSERT_TRUE(image.save(holiday, "PNG"));
    const QString out = dir.filePath(QStringLiteral("out.json"));
    const ProcessResult run = runAttnlens({QStringLiteral("--evidence"), out, holiday});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("not made by Attention Lens")) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains("invalid_json"));
}

TEST(AttnlensReliability, ExportNeedsNoDisplayWhateverThePlatformVariableSays)
{
    QTemporaryDir dir;
    const QString figure = dir.filePath(QStringLiteral("h.png"));
    const ProcessResult run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + figure,
                              QStringLiteral("lesson")},
                             {QStringLiteral("QT_QPA_PLATFORM=xcb")});
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_GT(QFileInfo(figure).size(), 0);
}

TEST(AttnlensReliability, TheWindowCommandWithAnX11PlatformButNoDisplayFallsBackToEvidence)
{
    // QT_QPA_PLATFORM=xcb without DISPLAY: no window can open, so the lesson's evidence is
    // written instead of Qt aborting.
    QTemporaryDir dir;
    const ProcessResult run = runAttnlens({}, {QStringLiteral("QT_QPA_PLATFORM=xcb")}, dir.path());
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(QFileInfo::exists(dir.filePath(QStringLiteral("artifacts/lesson-evidence.json"))));
}
