// The File side of the main window as a user meets it: the menu, the title's unsaved mark, the
// question before unsaved work is closed away, recent files, dropping files on the window, and
// getting work back after a crash.
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "mainwindow.h"
#include "livereadoutlabel.h"
#include "matrixeditorview.h"
#include "pngscenarioreader.h"
#include "recentfiles.h"
#include "scenariojson.h"
#include "scenariosource.h"
#include "weightschartview.h"

#include <QChart>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonDocument>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProcess>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

#include <gtest/gtest.h>

#include <memory>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

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

Scenario edited(Scenario scenario)
{
    scenario.name = QStringLiteral("Lecture 3");
    scenario.queries(0, 0) = 0.123456789012345;
    scenario.queries(0, 1) = -3.3e-7;
    scenario.temperature = 0.37;
    return scenario;
}

void writeScenario(const QString &path, const Scenario &scenario)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(scenarioToJson(scenario)).toJson());
}

QMenu *fileMenu(MainWindow &window)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
            return action->menu();
    }
    return nullptr;
}

QAction *actionWithShortcut(QMenu *menu, const QKeySequence &shortcut)
{
    for (QAction *action : menu->actions()) {
        if (action->shortcut() == shortcut)
            return action;
    }
    return nullptr;
}

/// A drag that enters the window and drops `mime` on it, as the platform delivers one: Qt only
/// delivers a drop to a widget that accepted the drag's enter event. Returns whether the drop
/// was accepted.
bool dragAndDrop(MainWindow &window, const QMimeData &mime)
{
    const QPoint at(20, 20);
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    if (!enter.isAccepted())
        return false;
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &drop);
    return drop.isAccepted();
}

class MainWindowFilesTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        QFile::remove(AutoSaver::defaultFilePath());
    }
    void TearDown() override { QFile::remove(AutoSaver::defaultFilePath()); }

    /// Every question the window asks is answered here instead of in a modal dialog.
    void answerDialogs(MainWindow &window)
    {
        DocumentController::Dialogs &dialogs = window.documentController()->dialogs();
        dialogs.askUnsavedChanges = [this](const QString &name) {
            unsavedQuestions.append(name);
            return unsavedAnswer;
        };
        dialogs.askSavePath = [this](const QString &, const QString &, const QString &) {
            return savePathAnswer;
        };
        dialogs.askOpenPath = [](const QString &) { return QString(); };
        dialogs.reportError = [this](const QString &, const QString &text) { errors.append(text); };
        dialogs.askRestore = [this](const QString &name, const QDateTime &savedAt) {
            restoreQuestions.append(name);
            restoreTimes.append(savedAt);
            return restoreAnswer;
        };
    }

    QTemporaryDir dir;
    DocumentController::UnsavedChoice unsavedAnswer = DocumentController::UnsavedChoice::Cancel;
    QString savePathAnswer;
    bool restoreAnswer = true;
    QStringList unsavedQuestions;
    QStringList errors;
    QStringList restoreQuestions;
    QList<QDateTime> restoreTimes;
};

} // namespace

TEST_F(MainWindowFilesTest, FileMenuHasTheStandardCommandsAndShortcuts)
{
    MainWindow window;
    QMenu *menu = fileMenu(window);
    ASSERT_NE(menu, nullptr);
    EXPECT_NE(actionWithShortcut(menu, QKeySequence::New), nullptr);
    EXPECT_NE(actionWithShortcut(menu, QKeySequence::Open), nullptr);
    EXPECT_NE(actionWithShortcut(menu, QKeySequence::Save), nullptr);
    EXPECT_NE(actionWithShortcut(menu, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)), nullptr);
    EXPECT_NE(actionWithShortcut(menu, QKeySequence::Quit), nullptr);
    QStringList texts;
    for (QAction *action : menu->actions())
        texts.append(action->text().remove(QLatin1Char('&')));
    EXPECT_TRUE(texts.contains(QStringLiteral("Open Built-in")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Open Recent")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Export Evidence…")));
    EXPECT_TRUE(texts.contains(QStringLiteral("Save As…")));
}

TEST_F(MainWindowFilesTest, NewFromTheMenuGivesASmallUntitledScenario)
{
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    actionWithShortcut(fileMenu(window), QKeySequence::New)->trigger();
    EXPECT_EQ(window.model()->scenario().queryCount(), 2);
    EXPECT_EQ(window.model()->scenario().keyCount(), 3);
    EXPECT_TRUE(window.model()->isValid());
    EXPECT_TRUE(window.windowTitle().startsWith(QStringLiteral("Untitled[*]")))
        << window.windowTitle().toStdString();
    EXPECT_TRUE(unsavedQuestions.isEmpty());  // the lesson was untouched
}

TEST_F(MainWindowFilesTest, TheTitleShowsTheNameAndAnUnsavedMarkUntilSaved)
{
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(window.windowTitle().contains(builtinScenario(kLessonScenarioId).name));
    EXPECT_FALSE(window.isWindowModified());

    window.model()->setTemperature(2.5);
    ASSERT_TRUE(eventually([&] { return window.isWindowModified(); }));
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("[*]")));

    // The lesson is built in: Save asks where to write it.
    savePathAnswer = dir.filePath(QStringLiteral("lecture.json"));
    actionWithShortcut(fileMenu(window), QKeySequence::Save)->trigger();
    EXPECT_FALSE(window.isWindowModified());
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("lecture.json")))
        << window.windowTitle().toStdString();
    EXPECT_TRUE(identicalDoubles(readScenarioFile(savePathAnswer).value().temperature, 2.5));

    // Undoing the change by hand after saving makes it unsaved again; redoing it, clean again.
    window.model()->setTemperature(1.0);
    ASSERT_TRUE(eventually([&] { return window.isWindowModified(); }));
    window.model()->setTemperature(2.5);
    ASSERT_TRUE(eventually([&] { return !window.isWindowModified(); }));
}

TEST_F(MainWindowFilesTest, ClosingWithUnsavedChangesAsksCancelKeepsDiscardCloses)
{
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.autoSaver()->setInterval(20);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    EXPECT_TRUE(window.close());  // clean: closes without a question
    EXPECT_TRUE(unsavedQuestions.isEmpty());

    window.show();
    window.model()->setKeyRow(1, Eigen::RowVectorXd::Constant(2, 0.5));
    ASSERT_TRUE(eventually([&] { return QFileInfo::exists(window.autoSaver()->filePath()); }));

    unsavedAnswer = DocumentController::UnsavedChoice::Cancel;
    EXPECT_FALSE(window.close());
    EXPECT_TRUE(window.isVisible());
    EXPECT_EQ(unsavedQuestions.size(), 1);
    EXPECT_TRUE(QFileInfo::exists(window.autoSaver()->filePath()));

    unsavedAnswer = DocumentController::UnsavedChoice::Discard;
    EXPECT_TRUE(window.close());
    EXPECT_FALSE(window.isVisible());
    EXPECT_EQ(unsavedQuestions.size(), 2);
    // A clean close: the crash copy is gone.
    EXPECT_FALSE(QFileInfo::exists(window.autoSaver()->filePath()));
}

TEST_F(MainWindowFilesTest, SaveChosenInTheCloseQuestionThatFailsKeepsTheWindowOpen)
{
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.show();
    window.model()->setTemperature(3.0);
    unsavedAnswer = DocumentController::UnsavedChoice::Save;
    savePathAnswer = dir.filePath(QStringLiteral("no-such-folder/lesson.json"));
    EXPECT_FALSE(window.close());
    EXPECT_TRUE(window.isVisible());
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(QStringLiteral("lesson.json")));
    EXPECT_TRUE(window.documentController()->isModified());
}

TEST_F(MainWindowFilesTest, RecentFilesAreNewestFirstCappedAndForgetMissingFiles)
{
    RecentFiles recent;
    for (int i = 0; i < 10; ++i)
        recent.add(dir.filePath(QStringLiteral("f%1.json").arg(i)));
    QStringList files = recent.files();
    ASSERT_EQ(files.size(), RecentFiles::kMaxFiles);
    EXPECT_EQ(RecentFiles::kMaxFiles, 8);
    EXPECT_EQ(QFileInfo(files.first()).fileName(), QStringLiteral("f9.json"));
    EXPECT_EQ(QFileInfo(files.last()).fileName(), QStringLiteral("f2.json"));
    recent.add(dir.filePath(QStringLiteral("f5.json")));
    files = recent.files();
    EXPECT_EQ(files.size(), 8);
    EXPECT_EQ(QFileInfo(files.at(0)).fileName(), QStringLiteral("f5.json"));
    EXPECT_EQ(QFileInfo(files.at(1)).fileName(), QStringLiteral("f9.json"));
    EXPECT_EQ(files.count(QFileInfo(dir.filePath(QStringLiteral("f5.json"))).absoluteFilePath()), 1);
    recent.clear();
    EXPECT_TRUE(recent.files().isEmpty());

    // Through the window: opened files are listed newest first, in settings that survive.
    const QString a = dir.filePath(QStringLiteral("a.json"));
    const QString b = dir.filePath(QStringLiteral("b.json"));
    writeScenario(a, builtinScenario(kLessonScenarioId));
    writeScenario(b, edited(builtinScenario(kLessonScenarioId)));
    MainWindow window;
    answerDialogs(window);
    ASSERT_TRUE(window.documentController()->openFile(a));
    ASSERT_TRUE(window.documentController()->openFile(b));
    auto *menu = window.findChild<QMenu *>(QStringLiteral("recentFilesMenu"));
    ASSERT_NE(menu, nullptr);
    QCoreApplication::processEvents();
    EXPECT_TRUE(menu->actions().at(0)->text().contains(QStringLiteral("b.json")));
    EXPECT_TRUE(menu->actions().at(1)->text().contains(QStringLiteral("a.json")));
    EXPECT_EQ(RecentFiles().files().size(), 2);

    menu->actions().at(1)->trigger();
    EXPECT_TRUE(window.model()->scenario() == builtinScenario(kLessonScenarioId));
    QCoreApplication::processEvents();

    // a.json disappears; choosing it explains and removes it from the list.
    ASSERT_TRUE(QFile::remove(a));
    menu->actions().at(0)->trigger();  // a.json is first again after opening it
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(QStringLiteral("no longer exists")));
    EXPECT_EQ(window.recentFiles()->files(), QStringList{QFileInfo(b).absoluteFilePath()});
    QCoreApplication::processEvents();
    EXPECT_TRUE(menu->actions().at(0)->text().contains(QStringLiteral("b.json")));
    EXPECT_FALSE(menu->actions().at(1)->isSeparator() ? false : menu->actions().at(1)->text().contains(QStringLiteral("a.json")));
}

TEST_F(MainWindowFilesTest, DroppingAScenarioFileOpensItAfterAskingAboutUnsavedWork)
{
    const QString file = dir.filePath(QStringLiteral("dropped.json"));
    writeScenario(file, edited(builtinScenario(kLessonScenarioId)));
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    EXPECT_TRUE(window.acceptDrops());

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(file)});

    window.model()->setTemperature(9.0);  // unsaved work, and the user keeps it
    unsavedAnswer = DocumentController::UnsavedChoice::Cancel;
    EXPECT_TRUE(dragAndDrop(window, mime));
    ASSERT_TRUE(eventually([&] { return unsavedQuestions.size() == 1; }));
    EXPECT_TRUE(identicalDoubles(window.model()->scenario().temperature, 9.0));

    unsavedAnswer = DocumentController::UnsavedChoice::Discard;
    EXPECT_TRUE(dragAndDrop(window, mime));
    ASSERT_TRUE(eventually([&] { return window.model()->scenario() == edited(builtinScenario(kLessonScenarioId)); }));
    EXPECT_EQ(window.documentController()->filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_FALSE(window.documentController()->isModified());
    EXPECT_TRUE(window.windowTitle().contains(QStringLiteral("Lecture 3")));
}

TEST_F(MainWindowFilesTest, OtherFilesAreNotAcceptedForDropping)
{
    const QString text = dir.filePath(QStringLiteral("notes.txt"));
    QFile file(text);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.close();
    MainWindow window;
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(text), QUrl(QStringLiteral("https://example.org/a.json"))});
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &enter);
    EXPECT_FALSE(enter.isAccepted());
}

TEST_F(MainWindowFilesTest, DroppingAnAttentionLensPngRestoresItsScenario)
{
    QImage image(80, 50, QImage::Format_ARGB32);
    image.fill(QColor(200, 120, 40));
    image.setText(QLatin1String(kPngScenarioKey),
                  QString::fromUtf8(QJsonDocument(scenarioToJson(edited(builtinScenario(kLessonScenarioId)))).toJson()));
    image.setText(QLatin1String(kPngVersionKey), QStringLiteral("0.4.0"));
    const QString png = dir.filePath(QStringLiteral("heatmap.png"));
    ASSERT_TRUE(image.save(png));
    QImage plain(80, 50, QImage::Format_ARGB32);
    plain.fill(Qt::black);
    const QString other = dir.filePath(QStringLiteral("photo.png"));
    ASSERT_TRUE(plain.save(other));

    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    QMimeData foreign;
    foreign.setUrls({QUrl::fromLocalFile(other)});
    EXPECT_TRUE(dragAndDrop(window, foreign));  // a PNG may be ours: it is read to find out
    ASSERT_TRUE(eventually([&] { return errors.size() == 1; }));
    EXPECT_TRUE(errors.first().contains(QStringLiteral("not made by Attention Lens")));
    EXPECT_TRUE(window.model()->scenario() == builtinScenario(kLessonScenarioId));

    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(png)});
    EXPECT_TRUE(dragAndDrop(window, mime));
    ASSERT_TRUE(eventually([&] { return window.model()->scenario() == edited(builtinScenario(kLessonScenarioId)); }));
    EXPECT_TRUE(window.documentController()->isUntitled());
}

TEST_F(MainWindowFilesTest, AfterACrashTheAutosaveIsOfferedAndRestoredToTheSameDoubles)
{
    const QString file = dir.filePath(QStringLiteral("lecture.json"));
    Scenario expected;
    {
        auto crashing = std::make_unique<MainWindow>();
        answerDialogs(*crashing);
        crashing->autoSaver()->setInterval(20);
        crashing->openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        ASSERT_TRUE(crashing->documentController()->saveTo(file));
        crashing->model()->setQueryRow(0, (Eigen::RowVectorXd(2) << 0.123456789012345, -3.3e-7).finished());
        crashing->model()->setTemperature(0.37);
        ASSERT_TRUE(eventually([&] { return QFileInfo::exists(AutoSaver::defaultFilePath()); }));
        expected = crashing->model()->scenario();
        // Destroyed without a close event, as a kill would leave things.
    }
    ASSERT_TRUE(QFileInfo::exists(AutoSaver::defaultFilePath()));

    MainWindow next;
    answerDialogs(next);
    next.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));  // what main() opens first
    next.show();
    ASSERT_TRUE(QFileInfo::exists(AutoSaver::defaultFilePath()));
    EXPECT_TRUE(next.offerAutosaveRestore());
    EXPECT_EQ(restoreQuestions, QStringList{builtinScenario(kLessonScenarioId).name});
    ASSERT_EQ(restoreTimes.size(), 1);
    EXPECT_LE(qAbs(restoreTimes.first().secsTo(QDateTime::currentDateTime())), 60);
    EXPECT_TRUE(next.model()->scenario() == expected);
    EXPECT_TRUE(identicalDoubles(next.model()->scenario().queries(0, 1), -3.3e-7));
    EXPECT_EQ(next.documentController()->filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_TRUE(next.documentController()->isModified());
    EXPECT_TRUE(next.isWindowModified());

    // Save goes to the old path and the copy is no longer needed.
    ASSERT_TRUE(next.documentController()->save());
    EXPECT_TRUE(readScenarioFile(file).value() == expected);
    ASSERT_TRUE(eventually([&] { return !QFileInfo::exists(AutoSaver::defaultFilePath()); }));
    EXPECT_FALSE(next.offerAutosaveRestore());
    EXPECT_EQ(restoreQuestions.size(), 1);
}

TEST_F(MainWindowFilesTest, ARefusedRestoreDeletesTheCopyAndKeepsTheStartScenario)
{
    {
        MainWindow crashing;
        answerDialogs(crashing);
        crashing.autoSaver()->setInterval(20);
        crashing.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        crashing.model()->setTemperature(7.0);
        ASSERT_TRUE(eventually([&] { return QFileInfo::exists(AutoSaver::defaultFilePath()); }));
    }
    MainWindow next;
    answerDialogs(next);
    next.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    restoreAnswer = false;
    EXPECT_FALSE(next.offerAutosaveRestore());
    EXPECT_EQ(restoreQuestions.size(), 1);
    EXPECT_FALSE(QFileInfo::exists(AutoSaver::defaultFilePath()));
    EXPECT_TRUE(next.model()->scenario() == builtinScenario(kLessonScenarioId));
    EXPECT_FALSE(next.documentController()->isModified());
}

// --- Issue 11: the faults of the outside reliability pass, as the window meets them ---------

TEST_F(MainWindowFilesTest, AFallbackAutosaveLeftByACrashIsOffered)
{
    // A window that could not lock a slot (a full disk at start) autosaves to
    // autosave-p<PID>.json; after it is killed, the next start must still find that work.
    QProcess finished;
    finished.start(QStringLiteral("true"), QStringList());
    ASSERT_TRUE(finished.waitForStarted(5000));
    const qint64 deadPid = finished.processId();
    ASSERT_TRUE(finished.waitForFinished(5000));
    const QString fallback = QFileInfo(AutoSaver::defaultFilePath())
                                 .absoluteDir()
                                 .filePath(QStringLiteral("autosave-p%1.json").arg(deadPid));
    Scenario expected;
    {
        MainWindow crashing;
        answerDialogs(crashing);
        crashing.autoSaver()->setFilePath(fallback);
        crashing.autoSaver()->setInterval(20);
        crashing.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        crashing.model()->setTemperature(0.29);
        ASSERT_TRUE(eventually([&] { return QFileInfo::exists(fallback); }));
        expected = crashing.model()->scenario();
    }
    ASSERT_TRUE(QFileInfo::exists(fallback));
    ASSERT_FALSE(QFileInfo::exists(AutoSaver::defaultFilePath()));

    MainWindow next;
    answerDialogs(next);
    next.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    EXPECT_TRUE(next.offerAutosaveRestore());
    EXPECT_EQ(restoreQuestions.size(), 1);
    EXPECT_TRUE(next.model()->scenario() == expected);
    EXPECT_FALSE(QFileInfo::exists(fallback));  // taken over into the window's own slot
    next.autoSaver()->discard();
}

TEST_F(MainWindowFilesTest, AFifoIsRefusedWhenOpenedAndWrittenThroughWhenSavedTo)
{
    QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.json"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));

    // Opening it would wait for a writer for ever: refused by name, the document unchanged.
    EXPECT_FALSE(window.documentController()->openFile(fifo));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(QStringLiteral("FIFO"))) << errors.first().toStdString();
    EXPECT_TRUE(window.model()->scenario() == builtinScenario(kLessonScenarioId));

    // Evidence to a FIFO nobody reads is refused at once; with a reader it goes through, and
    // the FIFO stays a FIFO.
    EXPECT_FALSE(window.documentController()->exportEvidenceTo(fifo));
    ASSERT_EQ(errors.size(), 2);
    EXPECT_TRUE(errors.last().contains(QStringLiteral("no program is reading")));
    const int reader = ::open(QFile::encodeName(fifo).constData(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0);
    EXPECT_TRUE(window.documentController()->saveTo(fifo));
    QByteArray received(64 * 1024, '\0');
    const ssize_t got = ::read(reader, received.data(), size_t(received.size()));
    ::close(reader);
    ASSERT_GT(got, 0);
    received.resize(got);
    const Result<Scenario> sent = parseScenario(received, QStringLiteral("pipe"));
    ASSERT_TRUE(sent.ok()) << sent.error().describe().toStdString();
    EXPECT_TRUE(sent.value() == builtinScenario(kLessonScenarioId));
    struct stat status {};
    ASSERT_EQ(::stat(QFile::encodeName(fifo).constData(), &status), 0);
    EXPECT_TRUE(S_ISFIFO(status.st_mode));
}

TEST_F(MainWindowFilesTest, LabelsAtTheLengthLimitAreShownElided)
{
    Scenario scenario = builtinScenario(kLessonScenarioId);
    const QString longLabel = QString(ScenarioLimits::maxLabelChars - 1, QLatin1Char('w')) + QLatin1Char('Z');
    scenario.queryLabels = QStringList{longLabel};
    for (QString &label : scenario.keyLabels)
        label = longLabel;
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("long.json"));
    writeScenario(path, scenario);

    MainWindow window;
    answerDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(window.documentController()->openFile(path));
    EXPECT_EQ(window.model()->scenario().queryLabels.first(), longLabel);
    QCoreApplication::processEvents();

    // The chart's title quotes the label's start and an ellipsis, never all of it.
    auto *chart = window.findChild<WeightsChartView *>();
    ASSERT_NE(chart, nullptr);
    ASSERT_TRUE(eventually([&] { return chart->chart()->title().contains(QChar(0x2026)); }))
        << chart->chart()->title().toStdString();
    EXPECT_FALSE(chart->chart()->title().contains(QLatin1Char('Z')));
    EXPECT_LT(chart->chart()->title().size(), 100);

    // The entropy readout is one line: it quotes the label's start, not all 256 characters.
    auto *readout = window.findChild<LiveReadoutLabel *>(QStringLiteral("entropyReadout"));
    ASSERT_NE(readout, nullptr);
    ASSERT_TRUE(eventually([&] { return readout->text().contains(QStringLiteral("entropy")); }));
    EXPECT_TRUE(readout->text().contains(QChar(0x2026))) << readout->text().toStdString();
    EXPECT_FALSE(readout->text().contains(QLatin1Char('Z'))) << readout->text().toStdString();

    // The matrix editor's label column keeps its cap of twelve M's.
    auto *editor = window.findChild<MatrixEditorView *>();
    ASSERT_NE(editor, nullptr);
    QTableView *queries = editor->tableView(MatrixEditorView::Part::Queries);
    ASSERT_NE(queries, nullptr);
    EXPECT_LE(queries->columnWidth(0), editor->fontMetrics().horizontalAdvance(QLatin1Char('M')) * 12);
    EXPECT_GT(queries->columnWidth(0), 0);
}

// Issue 25, item 8: File > Open of a broken link said "No such file or directory" of a file the
// user had just chosen in the folder.
TEST_F(MainWindowFilesTest, OpeningABrokenLinkSaysWhatIsWrongWithIt)
{
    const QString dangling = dir.filePath(QStringLiteral("dangling.json"));
    const QString loop = dir.filePath(QStringLiteral("loop.json"));
    ASSERT_EQ(::symlink("gone.json", QFile::encodeName(dangling).constData()), 0);
    ASSERT_EQ(::symlink("loop.json", QFile::encodeName(loop).constData()), 0);
    MainWindow window;
    answerDialogs(window);
    const Scenario before = window.model()->wholeScenario();
    for (const QString &path : {dangling, loop}) {
        window.documentController()->dialogs().askOpenPath = [path](const QString &) { return path; };
        EXPECT_FALSE(window.documentController()->open());  // File > Open
    }
    ASSERT_TRUE(eventually([&] { return errors.size() == 2; }));
    EXPECT_TRUE(errors.at(0).contains(QStringLiteral("it is a symbolic link to \"gone.json\", which does not exist")))
        << errors.at(0).toStdString();
    EXPECT_TRUE(errors.at(1).contains(QStringLiteral("it is a symbolic link that points to itself")))
        << errors.at(1).toStdString();
    EXPECT_TRUE(window.model()->wholeScenario() == before);
}

TEST_F(MainWindowFilesTest, ANumpyCaptureOpensUntitledSoSaveNeverWritesJsonOverIt)
{
    const QString capture = dir.filePath(QStringLiteral("capture.npz"));
    ASSERT_TRUE(QFile::copy(attnlens::test::testDataPath(QStringLiteral("numpy/compressed.npz")), capture));
    const Result<Scenario> read = openScenario(capture);
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();

    MainWindow window;
    answerDialogs(window);
    window.openScenario(read.value(), capture);
    ASSERT_EQ(read.value().headCount(), 2);
    EXPECT_TRUE(window.model()->wholeScenario() == read.value());
    EXPECT_TRUE(window.documentController()->isUntitled());
    EXPECT_TRUE(window.documentController()->filePath().isEmpty());
}
