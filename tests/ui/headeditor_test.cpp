// Adding, removing and renaming heads in the Matrices panel (issue 13): each is one undo step
// whose undo and redo give back exactly the scenario before and after, and the last head cannot
// be removed.
#include "coretestsupport.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "headeditor.h"
#include "mainwindow.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "scenariojson.h"
#include "temperaturepanel.h"
#include "undorecorder.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTableView>
#include <QTest>
#include <QToolButton>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;
using Part = MatrixTableModel::Part;

namespace {

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

class HeadEditorTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        window.resize(1280, 720);
        window.openScenario(builtinScenario("two-heads-specialise"), QStringLiteral("two-heads-specialise"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.matricesDock()->show();
        window.matricesDock()->raise();
        settleEvents();
    }

    HeadEditor *heads() const { return window.matrixEditorView()->headEditor(); }
    AttentionModel *model() const { return window.model(); }
    QUndoStack *stack() const { return window.undoRecorder()->undoStack(); }
    QAction *undoAction() const { return window.findChild<QAction *>(QStringLiteral("undoAction")); }
    QAction *redoAction() const { return window.findChild<QAction *>(QStringLiteral("redoAction")); }

    MainWindow window;
};

TEST_F(HeadEditorTest, ShowsTheSelectedHeadsNameAndIsReachableByKeyboard)
{
    HeadEditor *editor = heads();
    ASSERT_NE(editor, nullptr);
    EXPECT_TRUE(editor->isVisible());
    EXPECT_EQ(editor->nameEdit()->text(), QStringLiteral("previous token"));
    model()->selectHead(1);
    settleEvents();
    EXPECT_EQ(editor->nameEdit()->text(), QStringLiteral("subject"));
    EXPECT_FALSE(editor->nameEdit()->accessibleName().isEmpty());
    for (QToolButton *button : editor->findChildren<QToolButton *>()) {
        EXPECT_TRUE(button->focusPolicy() & Qt::TabFocus) << plain(button->text()).toStdString();
        EXPECT_FALSE(button->toolTip().isEmpty());
    }
    EXPECT_FALSE(editor->addHeadAction()->toolTip().isEmpty());
    // Also in the Edit menu, beside the other structural edits.
    QMenu *editMenu = nullptr;
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && plain(action->text()) == QStringLiteral("Edit"))
            editMenu = action->menu();
    }
    ASSERT_NE(editMenu, nullptr);
    EXPECT_TRUE(editMenu->actions().contains(editor->addHeadAction()));
    EXPECT_TRUE(editMenu->actions().contains(editor->removeHeadAction()));
    EXPECT_FALSE(editor->removeHeadAction()->toolTip().isEmpty());
}

TEST_F(HeadEditorTest, AddHeadCopiesTheSelectedHeadAsOneUndoStep)
{
    model()->selectHead(1);
    settleEvents();
    const Scenario before = model()->wholeScenario();
    const int steps = stack()->count();

    heads()->addHeadAction()->trigger();
    settleEvents();
    const Scenario after = model()->wholeScenario();
    ASSERT_EQ(after.headCount(), 3);
    EXPECT_EQ(after.headLabel(2), QStringLiteral("head 3"));
    EXPECT_EQ(after.headQueries(2), before.headQueries(1)) << "a copy of the selected head";
    EXPECT_EQ(after.headKeys(2), before.headKeys(1));
    EXPECT_EQ(after.headValues(2), before.headValues(1));
    EXPECT_EQ(model()->selectedHead(), 2) << "the new head is shown";
    EXPECT_EQ(heads()->nameEdit()->text(), QStringLiteral("head 3"));
    EXPECT_EQ(stack()->count(), steps + 1) << "one undo step";
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Add head 3"));

    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), before);
    redoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), after);
}

TEST_F(HeadEditorTest, RemoveHeadIsOneUndoStepAndTheLastHeadIsRefused)
{
    const Scenario before = model()->wholeScenario();
    model()->selectHead(1);
    settleEvents();
    heads()->removeHeadAction()->trigger();
    settleEvents();
    const Scenario after = model()->wholeScenario();
    ASSERT_EQ(after.headCount(), 1);
    EXPECT_EQ(after.queries, before.headQueries(0));
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Remove \u201csubject\u201d"));
    EXPECT_TRUE(window.matrixEditorView()->message().isEmpty());

    // The last head stays, and the refusal says why under the tables.
    const int steps = stack()->count();
    const std::optional<Error> refusal = heads()->removeHead();
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(model()->wholeScenario(), after);
    EXPECT_EQ(stack()->count(), steps);
    EXPECT_EQ(window.matrixEditorView()->message(), model()->headRemovalRefusal(0)->message);
    EXPECT_TRUE(window.matrixEditorView()->message().contains(QStringLiteral("only head")));

    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), before);
    redoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), after);
}

TEST_F(HeadEditorTest, RenamingTheHeadIsOneUndoStep)
{
    const Scenario before = model()->wholeScenario();
    QLineEdit *name = heads()->nameEdit();
    name->setFocus();
    name->selectAll();
    QTest::keyClicks(name, QStringLiteral("recent word"));
    QTest::keyClick(name, Qt::Key_Return);
    settleEvents();
    const Scenario after = model()->wholeScenario();
    EXPECT_EQ(after.headLabel(0), QStringLiteral("recent word"));
    EXPECT_EQ(model()->headTitle(), QStringLiteral("recent word"));
    EXPECT_EQ(plain(undoAction()->text()),
              QStringLiteral("Undo Rename \u201cprevious token\u201d to \u201crecent word\u201d"));

    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), before);
    EXPECT_EQ(name->text(), QStringLiteral("previous token"));
    redoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), after);

    // An empty name stands for the number.
    name->setFocus();
    name->clear();
    QTest::keyClick(name, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(model()->wholeScenario().headLabel(0), QStringLiteral("head 1"));
    EXPECT_EQ(name->placeholderText(), QStringLiteral("head 1"));
}

// Issue 25, item 6: the name field stopped at 256 code units, cutting an emoji at the limit in
// half ("?" once saved).
TEST_F(HeadEditorTest, ANameTypedPastTheLimitKeepsWholeCharacters)
{
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
    const QString start(ScenarioLimits::maxLabelChars - 1, QLatin1Char('h'));
    QLineEdit *name = heads()->nameEdit();
    name->setFocus();
    name->setText(start);
    name->end(false);
    name->insert(emoji);  // as typed or pasted
    EXPECT_EQ(name->text(), start);
    EXPECT_TRUE(name->text().isValidUtf16());
    QTest::keyClick(name, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(model()->wholeScenario().head(0).name, start);
}

TEST_F(HeadEditorTest, AOneHeadScenarioGainsASecondHead)
{
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    settleEvents();
    const Scenario before = model()->wholeScenario();
    ASSERT_EQ(before.headCount(), 1);
    EXPECT_TRUE(heads()->isVisible()) << "adding a head starts from one";
    ASSERT_FALSE(heads()->addHead().has_value());
    settleEvents();
    EXPECT_EQ(model()->headCount(), 2);
    EXPECT_EQ(model()->wholeScenario().headLabel(1), QStringLiteral("head 2"));
    EXPECT_TRUE(window.temperaturePanel()->isVisible());
    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(model()->wholeScenario(), before);
}

} // namespace
