// Editing and undo in the whole window, as a student meets them: the Edit menu, the Matrices
// and History panels, and the acceptance story of issue 4 (edit K in the table, drag, toggle a
// mask cell, then undo all of it back to the exact starting scenario).
#include "../support/uisettle.h"
#include "coretestsupport.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskeditor.h"
#include "maskgridview.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <QUndoView>

#include "../support/widgetgestures.h"

#include <gtest/gtest.h>

#include <functional>
#include <vector>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;
using Part = MatrixTableModel::Part;

namespace {

QMenu *menuNamed(QMenuBar *bar, const QString &title)
{
    for (QAction *action : bar->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == title)
            return action->menu();
    }
    return nullptr;
}

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

class UndoMainWindowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        window.resize(1280, 720);
        window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        settleEvents();
    }

    QAction *undoAction() const { return window.findChild<QAction *>(QStringLiteral("undoAction")); }
    QAction *redoAction() const { return window.findChild<QAction *>(QStringLiteral("redoAction")); }

    MainWindow window;
};

TEST_F(UndoMainWindowTest, TheEditMenuFollowsFileAndNamesWhatWillBeUndone)
{
    const QList<QAction *> menus = window.menuBar()->actions();
    ASSERT_GE(menus.size(), 3);
    EXPECT_EQ(plain(menus.at(0)->text()), QStringLiteral("File"));
    EXPECT_EQ(plain(menus.at(1)->text()), QStringLiteral("Edit"));
    QMenu *edit = menuNamed(window.menuBar(), QStringLiteral("Edit"));
    ASSERT_NE(edit, nullptr);
    ASSERT_NE(undoAction(), nullptr);
    ASSERT_NE(redoAction(), nullptr);
    EXPECT_TRUE(edit->actions().contains(undoAction()));
    EXPECT_TRUE(edit->actions().contains(window.matrixEditorView()->addKeyAction()));
    EXPECT_EQ(undoAction()->shortcut(), QKeySequence(QKeySequence::Undo));
    EXPECT_EQ(redoAction()->shortcut(), QKeySequence(QKeySequence::Redo));
    EXPECT_FALSE(undoAction()->isEnabled()) << "opening the first scenario is not an edit";

    window.model()->setTemperature(0.5);
    EXPECT_TRUE(undoAction()->isEnabled());
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Temperature 1 \u2192 0.5"));
    undoAction()->trigger();
    EXPECT_TRUE(identicalDoubles(window.model()->scenario().temperature, 1.0));
    EXPECT_EQ(plain(redoAction()->text()), QStringLiteral("Redo Temperature 1 \u2192 0.5"));
}

TEST_F(UndoMainWindowTest, HistoryIsAnOptionalPanelAndMatricesSitsWithTheRightColumn)
{
    QDockWidget *history = window.historyDock();
    QDockWidget *matrices = window.matricesDock();
    ASSERT_NE(history, nullptr);
    ASSERT_NE(matrices, nullptr);
    EXPECT_FALSE(history->isVisible()) << "hidden by default";
    EXPECT_EQ(window.dockWidgetArea(matrices), Qt::RightDockWidgetArea);
    EXPECT_TRUE(window.tabifiedDockWidgets(matrices).contains(window.findChild<QDockWidget *>(
        QStringLiteral("heatmapViewDock"))));

    QMenu *view = menuNamed(window.menuBar(), QStringLiteral("View"));
    ASSERT_NE(view, nullptr);
    QMenu *panels = nullptr;
    for (QAction *action : view->actions())
        if (action->menu() && plain(action->text()) == QStringLiteral("Panels"))
            panels = action->menu();
    ASSERT_NE(panels, nullptr);
    EXPECT_TRUE(panels->actions().contains(history->toggleViewAction()));
    EXPECT_TRUE(panels->actions().contains(matrices->toggleViewAction()));

    window.model()->setTemperature(2.0);
    history->toggleViewAction()->trigger();
    settleEvents();
    EXPECT_TRUE(history->isVisible());
    auto *undoView = qobject_cast<QUndoView *>(history->widget());
    ASSERT_NE(undoView, nullptr);
    EXPECT_EQ(undoView->model()->rowCount(), 2) << "the start and one step";

    // Clicking the start in the history goes back to it.
    undoView->setCurrentIndex(undoView->model()->index(0, 0));
    EXPECT_TRUE(identicalDoubles(window.model()->scenario().temperature, 1.0));
}

TEST_F(UndoMainWindowTest, MatricesPanelIsRoomyEnoughAt1280x720)
{
    window.matricesDock()->raise();
    settleEvents();
    MatrixEditorView *editor = window.matrixEditorView();
    ASSERT_TRUE(editor->isVisible());
    EXPECT_GE(editor->width(), editor->minimumSizeHint().width());
    EXPECT_GE(editor->height(), editor->minimumSizeHint().height());
    for (Part part : {Part::Queries, Part::Keys, Part::Values}) {
        editor->tabs()->setCurrentIndex(int(part));
        settleEvents();
        QTableView *table = editor->tableView(part);
        EXPECT_LE(table->horizontalHeader()->length(), table->viewport()->width()) << "no sideways scrolling";
        EXPECT_LE(table->verticalHeader()->length(), table->viewport()->height()) << "every lesson row shows";
    }
    editor->tabs()->setCurrentIndex(1);
    settleEvents();
    EXPECT_TRUE(window.grab().save(attnlens::test::testOutputPath(QStringLiteral("edit-window.png"))));
}

TEST_F(UndoMainWindowTest, AcceptanceEditKDragToggleMaskThenUndoEverything)
{
    const Scenario start = window.model()->scenario();
    ASSERT_EQ(start, builtinScenario(kLessonScenarioId));
    MatrixEditorView *editor = window.matrixEditorView();
    window.matricesDock()->raise();
    editor->tabs()->setCurrentIndex(1);
    settleEvents();

    // 1. Edit K in the table: memory B's first coordinate becomes 0.5, typed into the cell.
    ASSERT_NE(attnlens::test::typeIntoCell(editor->tableView(Part::Keys), 1, 1, QStringLiteral("0.5")), nullptr);
    settleEvents();
    ASSERT_TRUE(identicalDoubles(window.model()->scenario().keys(1, 0), 0.5));
    const Scenario afterTable = window.model()->scenario();

    // 2. Drag the query's tip.
    KeySpaceView *keySpace = window.keySpaceView();
    const QPoint from = keySpace->tipPosition(0).toPoint();
    const QPoint to = keySpace->dataToWidget(QPointF(0.3, 0.9)).toPoint();
    QTest::mousePress(keySpace, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 8; ++i) {
        QTest::mouseMove(keySpace, from + (to - from) * i / 8);
        settleEvents();
        // The table follows live.
        EXPECT_EQ(editor->tableModel(Part::Queries)->data(editor->tableModel(Part::Queries)->index(0, 2)).toString(),
                  QString::number(window.model()->scenario().queries(0, 1), 'f', 4).replace(QLatin1Char('-'), QChar(0x2212)));
    }
    QTest::mouseRelease(keySpace, Qt::LeftButton, Qt::NoModifier, to);
    settleEvents();
    const Scenario afterDrag = window.model()->scenario();
    ASSERT_FALSE(identicalMatrices(afterDrag.queries, start.queries));

    // 3. Toggle a mask cell: q may no longer attend to memory C.
    MaskGridCanvas *grid = window.maskGridView()->grid();
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 2).center());
    settleEvents();
    ASSERT_FALSE(window.model()->scenario().isAllowed(0, 2));
    const Scenario afterMask = window.model()->scenario();

    QUndoStack *stack = window.undoRecorder()->undoStack();
    ASSERT_EQ(stack->count(), 3);
    EXPECT_EQ(stack->text(0), QStringLiteral("Edit key memory B"));
    EXPECT_EQ(stack->text(1), QStringLiteral("Drag query \u201cq\u201d"));
    EXPECT_EQ(stack->text(2), QStringLiteral("Block \u201cq\u201d \u2192 \u201cmemory C\u201d"));

    // Undo everything from the Edit menu, checking each state on the way back.
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Block \u201cq\u201d \u2192 \u201cmemory C\u201d"));
    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->scenario(), afterDrag);
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Drag query \u201cq\u201d"));
    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->scenario(), afterTable);
    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->scenario(), start) << "back to the exact starting scenario";
    EXPECT_TRUE(identicalMatrices(window.model()->scenario().keys, builtinScenario(kLessonScenarioId).keys));
    EXPECT_TRUE(identicalMatrices(window.model()->scenario().queries, builtinScenario(kLessonScenarioId).queries));
    EXPECT_FALSE(window.model()->scenario().allowed.has_value());
    EXPECT_FALSE(undoAction()->isEnabled());
    ASSERT_TRUE(window.model()->isValid());
    EXPECT_NEAR(window.model()->result()->weights(0, 0), 0.4011, 1e-4);
    EXPECT_EQ(editor->tableModel(Part::Keys)->data(editor->tableModel(Part::Keys)->index(1, 1)).toString(), QStringLiteral("0.0000"));

    // And all of it again.
    for (int i = 0; i < 3; ++i)
        redoAction()->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->scenario(), afterMask);
    EXPECT_EQ(stack->count(), 3);
}

TEST_F(UndoMainWindowTest, EveryKindOfEditInTheWholeWindowUndoesAndRedoesExactly)
{
    MatrixEditorView *editor = window.matrixEditorView();
    window.matricesDock()->raise();
    editor->setConfirmation([](const QString &, const QString &) { return true; });
    settleEvents();
    std::vector<Scenario> states{window.model()->scenario()};
    const auto step = [&](const std::function<void()> &edit) {
        edit();
        settleEvents();
        states.push_back(window.model()->scenario());
    };
    step([&] { editor->addQuery(); });
    step([&] { window.model()->setQueryRow(1, (Eigen::RowVectorXd(2) << -0.5, 0.75).finished()); });
    step([&] { editor->tableView(Part::Keys)->setCurrentIndex(editor->tableModel(Part::Keys)->index(2, 1)); editor->addKey(); });
    step([&] { window.model()->setKeyLabel(3, QStringLiteral("new key")); });
    step([&] { window.maskGridView()->editor()->applyPreset(MaskEditor::Preset::Causal); });
    step([&] { window.model()->setTemperature(0.25); });
    step([&] { ASSERT_TRUE(editor->requestKeyDimension(3)); });
    step([&] { window.model()->setKeyRow(0, (Eigen::RowVectorXd(3) << 0, 0, 2).finished()); });
    step([&] { ASSERT_TRUE(editor->requestValueDimension(1)); });
    step([&] { ASSERT_TRUE(editor->removeKey(1)); });
    step([&] { ASSERT_TRUE(editor->requestKeyDimension(1)); });
    step([&] { ASSERT_TRUE(editor->removeQuery(0)); });
    step([&] { window.model()->setScenarioName(QStringLiteral("rebuilt")); });
    QUndoStack *stack = window.undoRecorder()->undoStack();
    ASSERT_EQ(stack->count(), int(states.size()) - 1);
    ASSERT_TRUE(window.model()->isValid());

    for (int i = int(states.size()) - 2; i >= 0; --i) {
        SCOPED_TRACE(i);
        stack->undo();
        settleEvents();
        EXPECT_EQ(window.model()->scenario(), states[size_t(i)]);
        EXPECT_TRUE(window.model()->isValid());
    }
    for (size_t i = 1; i < states.size(); ++i) {
        SCOPED_TRACE(int(i));
        stack->redo();
        settleEvents();
        EXPECT_EQ(window.model()->scenario(), states[i]);
    }
    EXPECT_EQ(window.model()->scenario().queryCount(), 1);
    EXPECT_EQ(window.model()->scenario().keyDimension(), 1);
    EXPECT_TRUE(window.grab().save(attnlens::test::testOutputPath(QStringLiteral("edit-window-rebuilt.png"))));
}

// Issue 10: undo brought the causal mask back but left memory C unticked as padding, so the
// "real key" row contradicted the mask until the next scenario.
TEST_F(UndoMainWindowTest, UndoAndRedoBringTheRealKeyFlagsBackWithTheMask)
{
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    settleEvents();
    MaskGridView *maskView = window.maskGridView();
    MaskEditor *maskEditor = maskView->editor();
    MaskGridCanvas *grid = maskView->grid();
    const std::vector<bool> allReal{true, true, true};
    const std::vector<bool> cIsPadding{true, true, false};
    ASSERT_EQ(maskEditor->realKeys(), allReal);

    auto *causal = maskView->findChild<QPushButton *>(QStringLiteral("maskPresetCausal"));
    ASSERT_NE(causal, nullptr);
    QTest::mouseClick(causal, Qt::LeftButton);
    settleEvents();
    ASSERT_TRUE(identicalMasks(window.model()->scenario().allowed, causalMask(3, 3)));
    // Unticking "real key" under memory C: the padding preset (here equal to causal) follows.
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->realKeyRect(2).center());
    settleEvents();
    ASSERT_EQ(maskEditor->realKeys(), cIsPadding);
    const Mask padded = *window.model()->scenario().allowed;
    ASSERT_FALSE(padded.col(2).any());

    undoAction()->trigger();
    settleEvents();
    EXPECT_TRUE(identicalMasks(window.model()->scenario().allowed, causalMask(3, 3)));
    EXPECT_EQ(maskEditor->realKeys(), allReal) << "the causal mask lets q3 see memory C";
    undoAction()->trigger();
    settleEvents();
    EXPECT_FALSE(window.model()->scenario().allowed.has_value());
    EXPECT_EQ(maskEditor->realKeys(), allReal) << "every cell is allowed again";
    EXPECT_TRUE(maskEditor->isRealKey(2));

    redoAction()->trigger();
    settleEvents();
    EXPECT_EQ(maskEditor->realKeys(), allReal);
    redoAction()->trigger();
    settleEvents();
    EXPECT_TRUE(identicalMasks(window.model()->scenario().allowed, padded));
    EXPECT_EQ(maskEditor->realKeys(), cIsPadding) << "redo brings the padding flag back";
    EXPECT_TRUE(maskEditor->isPaddingPresetActive());

    // The flag row is painted from the editor: memory C's box looks different from A's now.
    const QImage image = grid->grab().toImage();
    EXPECT_NE(image.copy(grid->realKeyRect(2)), image.copy(grid->realKeyRect(0)));
    undoAction()->trigger();
    settleEvents();
    const QImage undone = grid->grab().toImage();
    EXPECT_EQ(undone.copy(grid->realKeyRect(2)), undone.copy(grid->realKeyRect(0)));
}

TEST_F(UndoMainWindowTest, LoadingABuiltinScenarioIsUndoable)
{
    const Scenario start = window.model()->scenario();
    window.openScenario(loadBuiltinScenario(QStringLiteral("causal-self-attention")).value(),
                        QStringLiteral("causal-self-attention"));
    settleEvents();
    ASSERT_NE(window.model()->scenario(), start);
    EXPECT_TRUE(plain(undoAction()->text()).startsWith(QStringLiteral("Undo Load scenario")));
    undoAction()->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->scenario(), start);
    EXPECT_LT(window.viewState()->selectedQuery(), int(start.queryCount()));
}

TEST_F(UndoMainWindowTest, CtrlZUndoesAndRenameFromTheMenuRevealsTheTable)
{
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
    window.keySpaceView()->setFocus();
    QTest::keyClick(window.keySpaceView(), Qt::Key_Right);
    settleEvents();
    ASSERT_FALSE(identicalMatrices(window.model()->scenario().queries, builtinScenario(kLessonScenarioId).queries));
    QTest::keyClick(window.keySpaceView(), Qt::Key_Z, Qt::ControlModifier);
    settleEvents();
    EXPECT_TRUE(identicalMatrices(window.model()->scenario().queries, builtinScenario(kLessonScenarioId).queries));

    // Rename from the Edit menu while the Matrices panel is behind the heatmap.
    window.matrixEditorView()->renameAction()->trigger();
    settleEvents();
    EXPECT_TRUE(window.matrixEditorView()->isVisible());
    auto *lineEdit = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(lineEdit, nullptr);
    EXPECT_EQ(lineEdit->text(), QStringLiteral("q"));
    lineEdit->selectAll();
    QTest::keyClicks(lineEdit, QStringLiteral("the cat"));
    QTest::keyClick(lineEdit, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(window.model()->scenario().queryLabel(0), QStringLiteral("the cat"));
    EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo Rename query q to the cat"));
}

} // namespace
