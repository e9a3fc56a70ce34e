// An autosave is the user's only copy of unsaved work: every edit the model accepts comes back
// from it bit for bit, and one the app cannot read is never set aside silently or deleted.
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "modeledits.h"
#include "unreadableautosave.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QStatusTipEvent>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

#include <cmath>
#include <optional>

using namespace attnlens;

namespace {

QByteArray contentsOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeFile(const QString &path, const QByteArray &bytes)
{
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

/// Every file in the autosave's folder whose name starts with `prefix`.
QStringList filesStartingWith(const QString &prefix)
{
    return QFileInfo(AutoSaver::defaultFilePath())
        .absoluteDir()
        .entryList({prefix + QLatin1Char('*')}, QDir::Files, QDir::Name);
}

TEST(AutosaveRestore, EveryEditTheModelAcceptsComesBackFromTheAutosaveBitForBit)
{
    QTemporaryDir dir;
    QWidget parent;
    AttentionModel model;
    DocumentController document(&model, &parent);
    AutoSaver autosaver(&model, &document);
    autosaver.setFilePath(dir.filePath(QStringLiteral("autosave.json")));
    document.setDocument(test::unlabelledScenario(), QString());
    for (const test::ModelEdit &edit : test::everyModelEdit()) {
        SCOPED_TRACE(edit.name);
        edit.apply(model);
        ASSERT_FALSE(::testing::Test::HasFatalFailure());
        ASSERT_FALSE(autosaver.writeNow().has_value());

        // The next start: another window's model, restored from the file alone.
        const Result<AutoSaver::Recovered> recovered = autosaver.read();
        ASSERT_TRUE(recovered.ok()) << recovered.error().message.toStdString();
        EXPECT_TRUE(recovered.value().notes.isEmpty()) << recovered.value().notes.join('\n').toStdString();
        AttentionModel nextModel;
        DocumentController nextDocument(&nextModel, &parent);
        nextDocument.restoreDocument(recovered.value().scenario, QString());
        EXPECT_TRUE(nextModel.wholeScenario() == model.wholeScenario());
    }
}

class UnreadableAutosaveTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        QFile::remove(AutoSaver::defaultFilePath());
        for (const QString &name : filesStartingWith(QStringLiteral("unreadable-autosave-")))
            QFile::remove(QFileInfo(AutoSaver::defaultFilePath()).absoluteDir().filePath(name));
    }
    void TearDown() override { SetUp(); }

    void answerDialogs(MainWindow &window)
    {
        DocumentController::Dialogs &dialogs = window.documentController()->dialogs();
        dialogs.askUnreadableAutosave = [this](const QString &keptAt, const QString &reason) {
            asked.append(keptAt);
            reasons.append(reason);
            return choice;
        };
        dialogs.askRestore = [this](const QString &, const QDateTime &) {
            ++restoreQuestions;
            return true;
        };
        dialogs.askSavePath = [this](const QString &, const QString &, const QString &) {
            return copyPath;
        };
        dialogs.showFolder = [this](const QString &folder) { shownFolders.append(folder); };
        dialogs.reportError = [this](const QString &, const QString &text) { errors.append(text); };
    }

    DocumentController::UnreadableAutosaveChoice choice = DocumentController::UnreadableAutosaveChoice::Keep;
    QString copyPath;
    QStringList asked;
    QStringList reasons;
    QStringList shownFolders;
    QStringList errors;
    int restoreQuestions = 0;
};

const QByteArray kDamaged = "{\"format\": \"attnlens-autosave\", \"scenario\": {\"Q\": [[1, 2]";

TEST_F(UnreadableAutosaveTest, TheUserIsToldWhichFileAndWhyAndTheFileIsKept)
{
    writeFile(AutoSaver::defaultFilePath(), kDamaged);
    MainWindow window;
    answerDialogs(window);
    window.openScenario(test::builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    EXPECT_FALSE(window.offerAutosaveRestore());
    ASSERT_EQ(asked.size(), 1);
    EXPECT_EQ(restoreQuestions, 0);
    EXPECT_TRUE(reasons.first().contains(QStringLiteral("not an Attention Lens autosave")))
        << reasons.first().toStdString();
    // Kept, byte for byte, beside the slot (where the next autosave would write over it), under
    // a name no later start takes for its own autosave.
    const QString kept = asked.first();
    EXPECT_EQ(QFileInfo(kept).absolutePath(), QFileInfo(AutoSaver::defaultFilePath()).absolutePath());
    EXPECT_TRUE(QFileInfo(kept).fileName().startsWith(QStringLiteral("unreadable-autosave-")));
    EXPECT_EQ(contentsOf(kept), kDamaged);
    EXPECT_FALSE(QFileInfo::exists(AutoSaver::defaultFilePath()));
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QFileInfo(kept).fileName()))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_TRUE(window.model()->wholeScenario() == test::builtinScenario(kLessonScenarioId));

    MainWindow next;
    answerDialogs(next);
    EXPECT_FALSE(next.offerAutosaveRestore());
    EXPECT_EQ(asked.size(), 1) << "the kept file is not offered as an autosave again";
    EXPECT_EQ(contentsOf(kept), kDamaged);
}

TEST_F(UnreadableAutosaveTest, ACopyCanBeSavedElsewhereAndTheFolderShown)
{
    QTemporaryDir elsewhere;
    copyPath = elsewhere.filePath(QStringLiteral("rescued.json"));
    writeFile(AutoSaver::defaultFilePath(), kDamaged);
    {
        MainWindow window;
        answerDialogs(window);
        choice = DocumentController::UnreadableAutosaveChoice::SaveCopy;
        EXPECT_FALSE(window.offerAutosaveRestore());
    }
    ASSERT_EQ(asked.size(), 1);
    EXPECT_EQ(contentsOf(copyPath), kDamaged);
    EXPECT_EQ(contentsOf(asked.first()), kDamaged) << "the copy leaves the kept file where it is";
    EXPECT_TRUE(errors.isEmpty());

    writeFile(AutoSaver::defaultFilePath(), "not JSON at all");
    MainWindow window;
    answerDialogs(window);
    choice = DocumentController::UnreadableAutosaveChoice::ShowFolder;
    EXPECT_FALSE(window.offerAutosaveRestore());
    ASSERT_EQ(asked.size(), 2);
    EXPECT_EQ(shownFolders, QStringList{QFileInfo(asked.last()).absolutePath()});
    // A second unreadable autosave never replaces the first one's copy.
    EXPECT_NE(asked.first(), asked.last());
    EXPECT_EQ(contentsOf(asked.first()), kDamaged);
    EXPECT_EQ(contentsOf(asked.last()), QByteArray("not JSON at all"));
}

TEST_F(UnreadableAutosaveTest, AnAutosaveOfARenamedTokenWithoutLabelsIsRestored)
{
    // The path: a scenario without labels, one token renamed, autosaved, killed.
    Scenario expected;
    {
        MainWindow crashing;
        answerDialogs(crashing);
        crashing.openScenario(test::unlabelledScenario(), QString());
        crashing.model()->setQueryLabel(0, QStringLiteral("the cat"));
        crashing.model()->setQueryRow(1, test::rowOf({0.5, -0.0}));
        ASSERT_FALSE(crashing.autoSaver()->writeNow().has_value());
        expected = crashing.model()->wholeScenario();
    }
    MainWindow next;
    answerDialogs(next);
    EXPECT_TRUE(next.offerAutosaveRestore());
    EXPECT_TRUE(asked.isEmpty());
    EXPECT_TRUE(next.model()->wholeScenario() == expected);
    EXPECT_TRUE(std::signbit(next.model()->wholeScenario().queries(1, 1)));
    next.autoSaver()->discard();
}

TEST(OpenWithNotes, AFileWithFewerLabelsThanRowsOpensAndTheStatusBarSaysSo)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("renamed.json"));
    writeFile(path, test::kShortLabelsJson);
    QWidget parent;
    AttentionModel model;
    DocumentController document(&model, &parent);
    QStringList errors;
    document.dialogs().reportError = [&errors](const QString &, const QString &text) { errors.append(text); };
    QSignalSpy status(&document, &DocumentController::statusMessage);
    ASSERT_TRUE(document.openFile(path));
    EXPECT_TRUE(errors.isEmpty());
    EXPECT_EQ(model.wholeScenario().queryLabels, (QStringList{QStringLiteral("the cat"), QString(), QString()}));
    EXPECT_EQ(model.scenario().queryLabel(2), QStringLiteral("query 3"));
    ASSERT_FALSE(status.isEmpty());
    const QString said = status.last().at(0).toString();
    EXPECT_TRUE(said.contains(QStringLiteral("Opened renamed.json.")));
    EXPECT_TRUE(said.contains(QStringLiteral("field \"query_labels\" has 1 label but Q has 3 rows")))
        << said.toStdString();
    EXPECT_FALSE(document.isModified());
}

TEST(OpenWithNotes, AFileGivenAtStartOpensAndTheStatusBarSaysWhatWasFilledIn)
{
    // What main() does with `attnlens FILE` (or a double-click on the file): read it as File >
    // Open does, then show it with the reader's notes. The note used to reach stderr only.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("renamed.json"));
    writeFile(path, test::kShortLabelsJson);
    const Result<Scenario> read = DocumentController::readDocument(path);
    ASSERT_TRUE(read);
    ASSERT_FALSE(read.notes().isEmpty());
    MainWindow window;
    window.openScenario(read.value(), path, read.notes());
    const QString said = window.statusBar()->currentMessage();
    EXPECT_TRUE(said.startsWith(QStringLiteral("Opened "))) << said.toStdString();
    EXPECT_TRUE(said.contains(QStringLiteral("field \"query_labels\" has 1 label but Q has 3 rows")))
        << said.toStdString();
    EXPECT_EQ(window.model()->scenario().queryLabel(0), QStringLiteral("the cat"));
    EXPECT_EQ(window.model()->scenario().queryLabel(2), QStringLiteral("query 3"));
    // At start a view takes the focus right after: its keyboard hint must not cover the note.
    window.show();
    QApplication::setActiveWindow(&window);
    ASSERT_TRUE(QTest::qWaitFor([&window] { return window.isActiveWindow(); }));
    window.keySpaceView()->clearFocus();
    window.keySpaceView()->setFocus(Qt::OtherFocusReason);
    ASSERT_TRUE(window.keySpaceView()->hasFocus());
    EXPECT_EQ(window.statusBar()->currentMessage(), said);
    // Nor does the tip of the view under the mouse (the pointer rests on the window at start).
    QStatusTipEvent hovered(window.keySpaceView()->statusTip());
    QApplication::sendEvent(window.keySpaceView(), &hovered);
    EXPECT_EQ(window.statusBar()->currentMessage(), said);
}

TEST(UnreadableAutosaveName, NeverNamesAFileThatExists)
{
    QTemporaryDir dir;
    const QString first = unreadableAutosaveName(dir.path());
    writeFile(first, "x");
    const QString second = unreadableAutosaveName(dir.path());
    EXPECT_NE(first, second);
    EXPECT_FALSE(QFileInfo::exists(second));
    EXPECT_FALSE(QFileInfo(second).fileName().startsWith(QStringLiteral("autosave")))
        << "a name the autosaver would adopt as an orphan";
}

} // namespace
