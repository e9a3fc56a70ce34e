// Choosing the head every view shows (issue 13): the head selector beside the temperature, the
// [ and ] keys from anywhere in the window but never while a text is being typed, the View menu's
// entries for them, and a document opening on its first head.
#include "../support/uisettle.h"
#include "coretestsupport.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "documentcontroller.h"
#include "headeditor.h"
#include "headselector.h"
#include "heatmapview.h"
#include "jsonfile.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "scenariojson.h"
#include "temperaturepanel.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;
using Part = MatrixTableModel::Part;

namespace {

class HeadSelectorWindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        window.resize(1280, 720);
        window.openScenario(builtinScenario("two-heads-specialise"), QStringLiteral("two-heads-specialise"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        settleEvents();
    }

    HeadSelector *selector() const { return window.temperaturePanel()->headSelector(); }

    /// A key pressed the way a keyboard does it: to the widget with the focus, through Qt's
    /// shortcut handling.
    void press(Qt::Key key)
    {
        QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : &window;
        QTest::keyClick(target, key);
        settleEvents();
    }

    MainWindow window;
};

TEST_F(HeadSelectorWindowTest, ShowsTheSelectedHeadsNameAndItsNumberBesideTheTemperature)
{
    HeadSelector *heads = selector();
    ASSERT_NE(heads, nullptr);
    EXPECT_TRUE(heads->isVisible());
    EXPECT_TRUE(window.temperaturePanel()->isAncestorOf(heads));
    QComboBox *combo = heads->comboBox();
    ASSERT_EQ(combo->count(), 2);
    EXPECT_EQ(combo->itemText(0), QStringLiteral("previous token"));
    EXPECT_EQ(combo->itemText(1), QStringLiteral("subject"));
    EXPECT_EQ(combo->currentIndex(), 0);
    EXPECT_EQ(heads->countText(), QStringLiteral("1 of 2"));
    EXPECT_EQ(heads->findChild<QLabel *>(QStringLiteral("headCountLabel"))->text(), QStringLiteral("1 of 2"));
    EXPECT_FALSE(heads->accessibleName().isEmpty());
    EXPECT_FALSE(combo->accessibleName().isEmpty());
    EXPECT_TRUE(combo->accessibleDescription().contains(QStringLiteral("subject"))
                || combo->accessibleDescription().contains(QStringLiteral("previous token")));
    EXPECT_TRUE(combo->focusPolicy() & Qt::TabFocus) << "reachable with Tab";
    EXPECT_TRUE(window.tabStops().contains(combo));

    // Picking the second head in the combo box selects it in the model.
    combo->setCurrentIndex(1);
    emit combo->activated(1);
    settleEvents();
    EXPECT_EQ(window.model()->selectedHead(), 1);
    EXPECT_EQ(heads->countText(), QStringLiteral("2 of 2"));
    EXPECT_EQ(window.model()->scenario().queries, window.model()->wholeScenario().headQueries(1));

    // And the model's selection is shown there, whoever made it.
    window.model()->selectHead(0);
    settleEvents();
    EXPECT_EQ(combo->currentIndex(), 0);
    EXPECT_EQ(heads->countText(), QStringLiteral("1 of 2"));
}

TEST_F(HeadSelectorWindowTest, IsHiddenForAOneHeadScenarioAndTheKeysDoNothingThere)
{
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    settleEvents();
    EXPECT_FALSE(selector()->isVisible());
    EXPECT_FALSE(selector()->nextHeadAction()->isEnabled());
    EXPECT_FALSE(selector()->previousHeadAction()->isEnabled());
    const Scenario before = window.model()->wholeScenario();
    window.keySpaceView()->setFocus();
    press(Qt::Key_BracketRight);
    EXPECT_EQ(window.model()->selectedHead(), 0);
    EXPECT_EQ(window.model()->wholeScenario(), before);
}

TEST_F(HeadSelectorWindowTest, BracketKeysStepThroughTheHeadsFromAnyView)
{
    window.keySpaceView()->setFocus();
    settleEvents();
    press(Qt::Key_BracketRight);
    EXPECT_EQ(window.model()->selectedHead(), 1);
    EXPECT_EQ(selector()->comboBox()->currentIndex(), 1);
    press(Qt::Key_BracketRight);
    EXPECT_EQ(window.model()->selectedHead(), 0) << "wraps round after the last head";
    press(Qt::Key_BracketLeft);
    EXPECT_EQ(window.model()->selectedHead(), 1) << "wraps round before the first head";
    press(Qt::Key_BracketLeft);
    EXPECT_EQ(window.model()->selectedHead(), 0);

    // From the heatmap too.
    window.heatmapView()->setFocus();
    settleEvents();
    press(Qt::Key_BracketRight);
    EXPECT_EQ(window.model()->selectedHead(), 1);
}

TEST_F(HeadSelectorWindowTest, BracketKeysAreNamedInTheViewMenu)
{
    QMenu *view = nullptr;
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("View"))
            view = action->menu();
    }
    ASSERT_NE(view, nullptr);
    EXPECT_TRUE(view->actions().contains(selector()->previousHeadAction()));
    EXPECT_TRUE(view->actions().contains(selector()->nextHeadAction()));
    EXPECT_EQ(selector()->previousHeadAction()->shortcut(), QKeySequence(Qt::Key_BracketLeft));
    EXPECT_EQ(selector()->nextHeadAction()->shortcut(), QKeySequence(Qt::Key_BracketRight));
}

TEST_F(HeadSelectorWindowTest, BracketKeysTypeIntoACellEditorInsteadOfSwitchingHeads)
{
    MatrixEditorView *editor = window.matrixEditorView();
    window.matricesDock()->show();
    window.matricesDock()->raise();
    settleEvents();
    QTableView *table = editor->tableView(Part::Queries);
    const QModelIndex label = table->model()->index(0, MatrixTableModel::kLabelColumn);
    table->setCurrentIndex(label);
    table->setFocus();
    table->edit(label);
    settleEvents();
    auto *cellEditor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(cellEditor, nullptr) << "the label cell is edited in a line edit";
    cellEditor->clear();
    press(Qt::Key_BracketRight);
    press(Qt::Key_BracketLeft);
    EXPECT_EQ(window.model()->selectedHead(), 0) << "typing [ or ] in a cell is typing";
    EXPECT_EQ(cellEditor->text(), QStringLiteral("]["));

    // The head's name field keeps them too.
    QLineEdit *headName = editor->headEditor()->nameEdit();
    headName->setFocus();
    settleEvents();
    headName->selectAll();
    press(Qt::Key_BracketRight);
    EXPECT_EQ(window.model()->selectedHead(), 0);
    EXPECT_EQ(headName->text(), QStringLiteral("]"));
}

TEST_F(HeadSelectorWindowTest, OpeningADocumentShowsItsFirstHead)
{
    window.model()->selectHead(1);
    settleEvents();
    ASSERT_EQ(window.model()->selectedHead(), 1);

    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    Scenario other = builtinScenario("two-heads-specialise");
    other.name = QStringLiteral("Saved two heads");
    const QString path = folder.filePath(QStringLiteral("heads.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(toJsonText(scenarioToJson(other)));
    file.close();

    window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        return DocumentController::UnsavedChoice::Discard;
    };
    ASSERT_TRUE(window.documentController()->openFile(path));
    settleEvents();
    EXPECT_EQ(window.model()->wholeScenario().name, QStringLiteral("Saved two heads"));
    EXPECT_EQ(window.model()->selectedHead(), 0);
    EXPECT_EQ(selector()->comboBox()->currentIndex(), 0);
    EXPECT_EQ(selector()->countText(), QStringLiteral("1 of 2"));
}

} // namespace
