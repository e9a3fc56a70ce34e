// Autosave: unsaved work reaches the disk a moment after each change, once per burst, and the
// copy disappears as soon as it is no longer needed, but never before it has been offered back.
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QFile>
#include <QProcess>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <random>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

/// Processes events until the condition holds, for at most five seconds. (QTRY_* cannot be used
/// under GoogleTest: their failures go to QTest's logger, which is not running, and pass
/// silently.)
template <typename Condition>
bool eventually(Condition condition, int timeoutMs = 5000)
{
    return QTest::qWaitFor(condition, timeoutMs);
}

// Where the real timer writes by itself, it does so soon; no test depends on how soon.
constexpr int kShortInterval = 40;
// An interval no test lives to see: the write happens when the test runs it (runScheduledWrite).
constexpr int kAnHour = 3600 * 1000;

/// A clock that the test steps by hand (milliseconds).
struct ManualClock {
    qint64 now = 0;
    std::function<qint64()> reader()
    {
        return [this] { return now; };
    }
};

class AutoSaverTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        document.dialogs().reportError = [this](const QString &, const QString &text) {
            errors.append(text);
        };
        autosaver.setFilePath(autosavePath);
        autosaver.setInterval(kShortInterval);
        documentPath = dir.filePath(QStringLiteral("lesson.json"));
        document.setDocument(builtinScenario(kLessonScenarioId), QString());
        ASSERT_TRUE(document.saveTo(documentPath));
    }

    /// Makes a change and waits until the autosaver has heard of it (the document checks its
    /// content one event-loop turn after a change).
    template <typename Change>
    void changeAndWaitForCheck(Change change)
    {
        const int before = int(checked.count());
        change();
        ASSERT_TRUE(eventually([&] { return checked.count() > before; }));
    }

    QTemporaryDir dir;
    QString autosavePath = dir.filePath(QStringLiteral("data/autosave.json"));
    QString documentPath;
    QWidget parent;
    AttentionModel model;
    DocumentController document{&model, &parent};
    AutoSaver autosaver{&model, &document};
    QSignalSpy checked{&document, &DocumentController::contentChecked};
    QStringList errors;
};

} // namespace

TEST(AutoSaverPath, LivesInTheAppDataFolder)
{
    EXPECT_EQ(QFileInfo(AutoSaver::defaultFilePath()).fileName(), QStringLiteral("autosave.json"));
    EXPECT_EQ(QFileInfo(AutoSaver::defaultFilePath()).absolutePath(),
              QFileInfo(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).absoluteFilePath());
}

TEST_F(AutoSaverTest, AChangeIsWrittenOneIntervalLaterWithTheDocumentsPathAndName)
{
    EXPECT_EQ(AutoSaver::kDefaultIntervalMs >= 2000 && AutoSaver::kDefaultIntervalMs <= 3000, true);
    autosaver.setInterval(kAnHour);
    QSignalSpy written(&autosaver, &AutoSaver::written);
    changeAndWaitForCheck([&] {
        model.setQueryRow(0, (Eigen::RowVectorXd(2) << 0.123456789012345, -3.3e-7).finished());
    });
    ASSERT_TRUE(autosaver.isPending());
    EXPECT_EQ(autosaver.scheduledDelay(), kAnHour);
    EXPECT_FALSE(QFileInfo::exists(autosavePath));  // not at once: one interval later
    EXPECT_EQ(written.count(), 0);

    autosaver.runScheduledWrite();  // what the timer does when the interval is over
    EXPECT_TRUE(QFileInfo::exists(autosavePath));
    EXPECT_EQ(written.count(), 1);
    EXPECT_FALSE(autosaver.isPending());
    EXPECT_EQ(autosaver.scheduledDelay(), -1);

    const Result<AutoSaver::Recovered> recovered = autosaver.read();
    ASSERT_TRUE(recovered.ok()) << recovered.error().describe().toStdString();
    EXPECT_TRUE(recovered.value().scenario == model.scenario());
    EXPECT_TRUE(identicalDoubles(recovered.value().scenario.queries(0, 1), -3.3e-7));
    EXPECT_EQ(recovered.value().documentPath, QFileInfo(documentPath).absoluteFilePath());
    EXPECT_LE(qAbs(recovered.value().savedAt.secsTo(QDateTime::currentDateTime())), 60);
}

TEST_F(AutoSaverTest, TheTimerWritesByItself)
{
    // The same write without the test's help: the interval's timer runs it.
    QSignalSpy written(&autosaver, &AutoSaver::written);
    model.setTemperature(4.0);
    ASSERT_TRUE(eventually([&] { return written.count() == 1; }));
    EXPECT_TRUE(QFileInfo::exists(autosavePath));
    EXPECT_TRUE(identicalDoubles(autosaver.read().value().scenario.temperature, 4.0));
}

TEST_F(AutoSaverTest, ABurstOfChangesGivesOneWrite)
{
    autosaver.setInterval(kAnHour);
    QSignalSpy written(&autosaver, &AutoSaver::written);
    for (int step = 0; step < 5; ++step) {
        changeAndWaitForCheck([&] { model.setTemperature(1.5 + 0.1 * step); });
        EXPECT_TRUE(autosaver.isPending()) << step;
        EXPECT_EQ(written.count(), 0) << step;
    }
    autosaver.runScheduledWrite();
    EXPECT_EQ(written.count(), 1);
    EXPECT_FALSE(autosaver.isPending()) << "nothing more is scheduled: the burst gave one write";
    EXPECT_TRUE(identicalDoubles(autosaver.read().value().scenario.temperature, 1.5 + 0.1 * 4));
}

TEST_F(AutoSaverTest, AWriteDueInsideAnOpenEditHappensWithoutWaitingForItsEnd)
{
    // Issue 25: a typed value whose field keeps the focus, or a stroke whose release was lost to
    // a dialog, kept its edit open, and the write waited for an end that did not come. A write
    // that comes due while an edit is open writes the scenario as it stands, and leaves the edit
    // open: when the timer fires must never decide where an undo step ends.
    autosaver.setInterval(kAnHour);
    QSignalSpy written(&autosaver, &AutoSaver::written);
    model.beginEdit(QStringLiteral("Drag query q"));
    changeAndWaitForCheck([&] { model.setQueryRow(0, (Eigen::RowVectorXd(2) << 0.5, 0.25).finished()); });
    ASSERT_TRUE(autosaver.isPending());
    autosaver.runScheduledWrite();  // the interval is over, and the drag goes on
    EXPECT_EQ(written.count(), 1);
    EXPECT_TRUE(model.isEditing()) << "the write does not end the edit";
    EXPECT_TRUE(identicalDoubles(autosaver.read().value().scenario.queries(0, 0), 0.5));
    changeAndWaitForCheck([&] { model.setQueryRow(0, (Eigen::RowVectorXd(2) << 0.75, 0.25).finished()); });
    ASSERT_TRUE(autosaver.isPending()) << "the next change inside the edit schedules the next write";
    autosaver.runScheduledWrite();
    EXPECT_EQ(written.count(), 2);
    EXPECT_TRUE(identicalDoubles(autosaver.read().value().scenario.queries(0, 0), 0.75));
    // The edit's end changes nothing in the document: nothing is written for it.
    model.endEdit();
    EXPECT_EQ(written.count(), 2);
}

TEST_F(AutoSaverTest, AnEndlessDragIsStillWrittenWithinFourIntervals)
{
    // Changes outside any gesture, every quarter interval, for ever: each change postpones the
    // write, but never past four intervals after the first change. The clock is the test's.
    ManualClock clock;
    autosaver.setClock(clock.reader());
    autosaver.setInterval(kAnHour);
    QSignalSpy written(&autosaver, &AutoSaver::written);
    const qint64 start = 1000;
    int step = 0;
    while (written.isEmpty() && step < 40) {
        clock.now = start + qint64(step) * kAnHour / 4;
        ++step;
        changeAndWaitForCheck([&] { model.setQueryRow(0, Eigen::RowVectorXd::Constant(2, 0.001 * step)); });
        const qint64 sinceFirstChange = clock.now - start;
        const qint64 expectedDelay = std::clamp<qint64>(4 * qint64(kAnHour) - sinceFirstChange, 0, kAnHour);
        if (expectedDelay > 0) {
            EXPECT_EQ(autosaver.scheduledDelay(), expectedDelay) << "step " << step;
            EXPECT_TRUE(written.isEmpty()) << "step " << step;
        } else {
            // Four intervals are over: the write is due now, on the next turn of the event loop.
            ASSERT_TRUE(eventually([&] { return written.count() == 1; })) << "step " << step;
        }
    }
    EXPECT_EQ(written.count(), 1);
    EXPECT_EQ(step, 17) << "the change four intervals after the first one is written at once";
    EXPECT_TRUE(identicalDoubles(autosaver.read().value().scenario.queries(0, 0), 0.001 * 17));
}

TEST_F(AutoSaverTest, NothingIsWrittenWhileTheDocumentIsClean)
{
    changeAndWaitForCheck([&] {
        model.setTemperature(4.0);
        model.setTemperature(builtinScenario(kLessonScenarioId).temperature);  // back to what the file holds
    });
    EXPECT_FALSE(checked.last().at(0).toBool()) << "the document is clean";
    EXPECT_FALSE(autosaver.isPending()) << "so no write is scheduled";
    EXPECT_FALSE(QFileInfo::exists(autosavePath));
}

TEST_F(AutoSaverTest, SavingOrUndoingBackToTheFileRemovesTheCopy)
{
    model.setTemperature(4.0);
    ASSERT_TRUE(eventually([&] { return QFileInfo::exists(autosavePath); }));
    ASSERT_TRUE(document.save());
    ASSERT_TRUE(eventually([&] { return !QFileInfo::exists(autosavePath); }));

    model.setTemperature(0.5);
    ASSERT_TRUE(eventually([&] { return QFileInfo::exists(autosavePath); }));
    model.setTemperature(4.0);  // what was saved
    ASSERT_TRUE(eventually([&] { return !QFileInfo::exists(autosavePath); }));
}

TEST_F(AutoSaverTest, ACopyLeftByACrashSurvivesUntilItIsOffered)
{
    model.setTemperature(4.0);
    ASSERT_TRUE(eventually([&] { return QFileInfo::exists(autosavePath); }));
    const QByteArray left = [&] {
        QFile file(autosavePath);
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }();

    // The next start: a fresh document that is clean must not delete the crash's copy.
    AttentionModel nextModel;
    DocumentController nextDocument(&nextModel, &parent);
    AutoSaver next(&nextModel, &nextDocument);
    next.setFilePath(autosavePath);
    next.setInterval(kShortInterval);
    QSignalSpy nextChecked(&nextDocument, &DocumentController::contentChecked);
    QSignalSpy nextResult(&nextModel, &AttentionModel::resultChanged);
    nextDocument.setDocument(builtinScenario(kLessonScenarioId), QString(), QStringLiteral("lesson"));
    ASSERT_TRUE(eventually([&] { return nextChecked.count() >= 1 && nextResult.count() >= 1; }));
    EXPECT_FALSE(nextChecked.last().at(0).toBool()) << "the fresh document is clean";
    EXPECT_FALSE(next.isPending()) << "nothing is scheduled that could write over the crash's copy";
    ASSERT_TRUE(next.hasAutosave());
    QFile file(autosavePath);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), left);

    const Result<AutoSaver::Recovered> recovered = next.read();
    ASSERT_TRUE(recovered.ok());
    nextDocument.restoreDocument(recovered.value().scenario, recovered.value().documentPath);
    EXPECT_TRUE(nextModel.scenario() == model.scenario());
    EXPECT_TRUE(nextDocument.isModified());
    EXPECT_EQ(nextDocument.filePath(), QFileInfo(documentPath).absoluteFilePath());

    next.discard();
    EXPECT_FALSE(next.hasAutosave());
}

TEST_F(AutoSaverTest, AForeignFileIsNotRestored)
{
    QDir().mkpath(QFileInfo(autosavePath).absolutePath());
    QFile file(autosavePath);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write("{\"format\": \"something-else\"}");
    file.close();
    const Result<AutoSaver::Recovered> recovered = autosaver.read();
    ASSERT_FALSE(recovered.ok());
    EXPECT_EQ(recovered.error().category, ErrorCategory::InvalidJson);
}

TEST_F(AutoSaverTest, AFailedWriteIsReportedAndDoesNotStopEditing)
{
    QTemporaryDir other;
    const QString blocker = other.filePath(QStringLiteral("file"));
    QFile file(blocker);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    autosaver.setFilePath(blocker + QStringLiteral("/autosave.json"));
    QSignalSpy failed(&autosaver, &AutoSaver::failed);
    model.setTemperature(4.0);
    ASSERT_TRUE(eventually([&] { return failed.count() == 1; }));
    EXPECT_TRUE(failed.first().at(0).toString().contains(QStringLiteral("autosave.json")));
    EXPECT_TRUE(document.isModified());
    EXPECT_TRUE(errors.isEmpty());  // a status message, not a dialog every few seconds
}

TEST(AutoSaverSlots, TwoWindowsAtOnceWriteTwoFilesAndACrashedWindowsFileIsTakenOver)
{
    // Two windows running at once must not write over each other's autosave; once the first
    // has gone, its file (and the work in it) goes to the next window that starts.
    QWidget parent;
    AttentionModel firstModel;
    DocumentController firstDocument(&firstModel, &parent);
    auto first = std::make_unique<AutoSaver>(&firstModel, &firstDocument);
    AttentionModel secondModel;
    DocumentController secondDocument(&secondModel, &parent);
    AutoSaver second(&secondModel, &secondDocument);
    EXPECT_EQ(first->filePath(), AutoSaver::defaultFilePath());
    EXPECT_EQ(second.filePath(), AutoSaver::slotFilePath(2));
    EXPECT_EQ(QFileInfo(second.filePath()).fileName(), QStringLiteral("autosave-2.json"));

    firstDocument.setDocument(builtinScenario(kLessonScenarioId), QString(), QStringLiteral("lesson"));
    secondDocument.setDocument(builtinScenario(kLessonScenarioId), QString(), QStringLiteral("lesson"));
    firstModel.setTemperature(3.0);
    secondModel.setTemperature(0.5);
    ASSERT_FALSE(first->writeNow().has_value());
    ASSERT_FALSE(second.writeNow().has_value());
    const Result<AutoSaver::Recovered> firstCopy = first->read();
    const Result<AutoSaver::Recovered> secondCopy = second.read();
    ASSERT_TRUE(firstCopy.ok());
    ASSERT_TRUE(secondCopy.ok());
    EXPECT_EQ(firstCopy.value().scenario.temperature, 3.0);
    EXPECT_EQ(secondCopy.value().scenario.temperature, 0.5);

    // The first window dies without discarding: its lock file stays, naming a process that no
    // longer runs (the second window's lock with another process id, so in QLockFile's own
    // format). The next window takes the slot over and finds the work.
    first.reset();
    QProcess finished;
    finished.start(QStringLiteral("true"), QStringList());
    ASSERT_TRUE(finished.waitForStarted(5000));
    const qint64 deadPid = finished.processId();
    ASSERT_TRUE(finished.waitForFinished(5000));
    {
        QFile live(AutoSaver::slotFilePath(2) + QStringLiteral(".lock"));
        ASSERT_TRUE(live.open(QIODevice::ReadOnly));
        QList<QByteArray> lines = live.readAll().split('\n');
        ASSERT_GE(lines.size(), 3);
        ASSERT_EQ(lines[0], QByteArray::number(QCoreApplication::applicationPid()));
        lines[0] = QByteArray::number(deadPid);
        QFile dead(AutoSaver::defaultFilePath() + QStringLiteral(".lock"));
        ASSERT_TRUE(dead.open(QIODevice::WriteOnly));
        dead.write(lines.join('\n'));
    }
    AttentionModel nextModel;
    DocumentController nextDocument(&nextModel, &parent);
    AutoSaver next(&nextModel, &nextDocument);
    EXPECT_EQ(next.filePath().toStdString(), AutoSaver::defaultFilePath().toStdString());
    ASSERT_TRUE(next.hasAutosave());
    const Result<AutoSaver::Recovered> recovered = next.read();
    ASSERT_TRUE(recovered.ok());
    EXPECT_EQ(recovered.value().scenario.temperature, 3.0);
    next.discard();
    second.discard();
    EXPECT_FALSE(QFileInfo::exists(AutoSaver::defaultFilePath()));
    EXPECT_FALSE(QFileInfo::exists(AutoSaver::slotFilePath(2)));
}

TEST_F(AutoSaverTest, ALargeScenarioIsAutosavedAndReadBackBitForBit)
{
    // 1024 x 1024 for Q, K and V of arbitrary doubles: its autosave used to be 86 MB of indented
    // JSON, over the 64 MiB limit, and was set aside as unreadable after a crash.
    constexpr Index n = 1024;
    std::mt19937_64 random(7);
    std::uniform_real_distribution<double> exponent(-300.0, 300.0);
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    const auto randomMatrix = [&] {
        Matrix m(n, n);
        for (Index i = 0; i < n; ++i)
            for (Index j = 0; j < n; ++j)
                m(i, j) = unit(random) * std::pow(10.0, exponent(random));
        return m;
    };
    Scenario big;
    big.queries = randomMatrix();
    big.keys = randomMatrix();
    big.values = randomMatrix();
    big.queries(0, 0) = -0.0;
    document.setDocument(big, QString());
    model.setTemperature(0.5);
    ASSERT_FALSE(autosaver.writeNow().has_value());
    EXPECT_LT(QFileInfo(autosavePath).size(), ScenarioLimits::maxFileBytes);

    const Result<AutoSaver::Recovered> recovered = autosaver.read();
    ASSERT_TRUE(recovered.ok()) << recovered.error().describe().toStdString();
    EXPECT_TRUE(recovered.value().scenario == model.scenario());
    EXPECT_TRUE(std::signbit(recovered.value().scenario.queries(0, 0)));
}
