// Keyboard-only use of the main window: Tab visits the views in reading order, the key space
// moves the chosen query or key, the heatmap moves a cell and selects its query, Space toggles
// the focused mask cell (and is refused on a row's last allowed key), Enter edits a matrix
// number, and PageDown steps the lesson wherever the focus is.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "contextchartview.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lessonpanel.h"
#include "lesson.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "temperaturepanel.h"
#include "undorecorder.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "weightstableview.h"
#include "workednumbersview.h"

#include <QApplication>
#include <QDockWidget>
#include <QLineEdit>
#include <QSlider>
#include <QStatusBar>
#include <QTableView>
#include <QKeyEvent>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;

namespace {

void forbidDialogs(MainWindow &window)
{
    window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        ADD_FAILURE() << "asked about unsaved changes";
        return DocumentController::UnsavedChoice::Cancel;
    };
}

/// A shown window with the lesson scenario, ready for keys.
class KeyboardTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        forbidDialogs(window);
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.activateWindow();
        window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        settleEvents();
    }

    /// Where the keyboard focus is now (the window's, so that it does not depend on the
    /// platform's idea of the active window).
    QWidget *focus() const { return window.focusWidget(); }

    void press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget *target = focus();
        ASSERT_NE(target, nullptr);
        QTest::keyClick(target, Qt::Key(key), modifiers);
        settleEvents();
    }

    MainWindow window;
};

} // namespace

TEST_F(KeyboardTest, TabVisitsTheViewsInReadingOrder)
{
    // A step about the key space: the first step shows the bottleneck lab over the heatmap.
    window.startLesson(attnlens::test::lessonStepIndex("query-and-memory"));
    settleEvents();
    QList<QWidget *> views;
    views << window.keySpaceView() << window.heatmapView() << window.temperaturePanel()
          << window.maskGridView() << window.weightsChartView() << window.contextChartView()
          << window.lessonPanel();
    window.keySpaceView()->setFocus(Qt::OtherFocusReason);
    ASSERT_EQ(focus(), window.keySpaceView());
    QList<int> visits;
    for (int i = 0; i < 60; ++i) {
        press(Qt::Key_Tab);
        int owner = -1;
        for (int v = 0; v < views.size(); ++v) {
            if (focus() == views[v] || views[v]->isAncestorOf(focus()))
                owner = v;
        }
        if (owner == 0)
            break;  // round the window and back at the key space
        if (owner >= 0 && (visits.isEmpty() || visits.last() != owner))
            visits << owner;
    }
    EXPECT_EQ(visits, QList<int>({1, 2, 3, 4, 5, 6})) << "views visited out of order";
    EXPECT_EQ(focus(), window.keySpaceView()) << "Tab comes back round to the key space";

    // Shift+Tab goes backwards: from the heatmap to the key space, and from the key space round
    // to the last stop (a dock's tab bar, which lets the keyboard bring a tabbed view forward).
    window.heatmapView()->setFocus(Qt::TabFocusReason);
    press(Qt::Key_Backtab, Qt::ShiftModifier);
    EXPECT_EQ(focus(), window.keySpaceView());
    press(Qt::Key_Backtab, Qt::ShiftModifier);
    EXPECT_EQ(focus(), window.tabStops().last());
    EXPECT_EQ(window.tabStops().first(), window.keySpaceView());
}

TEST_F(KeyboardTest, TheWeightsTableIsATabStopOnceShown)
{
    EXPECT_FALSE(window.tabStops().contains(window.weightsTableView()->table()));
    window.weightsTableDock()->show();
    window.weightsTableDock()->raise();
    settleEvents();
    const QList<QWidget *> stops = window.tabStops();
    const int table = int(stops.indexOf(window.weightsTableView()->table()));
    ASSERT_GE(table, 0);
    EXPECT_GT(table, int(stops.indexOf(window.contextChartView())));
    window.contextChartView()->setFocus(Qt::TabFocusReason);
    press(Qt::Key_Tab);
    EXPECT_EQ(focus(), window.weightsTableView()->table()) << focus()->metaObject()->className();
    press(Qt::Key_Right);
    EXPECT_EQ(window.weightsTableView()->table()->currentIndex().column(), 1);
}

TEST_F(KeyboardTest, KeySpaceArrowsMoveTheChosenKeyAsOneUndoStep)
{
    KeySpaceView *keySpace = window.keySpaceView();
    keySpace->setFocus(Qt::TabFocusReason);
    const Eigen::RowVectorXd queryBefore = window.model()->scenario().queries.row(0);
    QUndoStack *stack = window.undoRecorder()->undoStack();
    const int stepsBefore = stack->index();

    press(Qt::Key_K);
    EXPECT_EQ(keySpace->keyboardKey(), 0);
    EXPECT_EQ(window.viewState()->hoveredKey(), 0) << "other views outline the chosen key";
    // Up held down (a press, an auto-repeated press, the release) is one run: one step.
    QTest::keyPress(keySpace, Qt::Key_Up);
    QKeyEvent repeat(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier, QString(), true);
    QCoreApplication::sendEvent(keySpace, &repeat);
    QTest::keyRelease(keySpace, Qt::Key_Up);
    settleEvents();
    EXPECT_EQ(stack->index(), stepsBefore + 1);
    press(Qt::Key_Right);
    press(Qt::Key_Up, Qt::ShiftModifier);
    const Scenario &scenario = window.model()->scenario();
    EXPECT_NEAR(scenario.keys(0, 0), 1.1, 1e-12);
    EXPECT_NEAR(scenario.keys(0, 1), 0.21, 1e-12);
    EXPECT_EQ(scenario.queries.row(0), queryBefore) << "the query stays put while a key moves";
    EXPECT_EQ(scenario.values.row(0), builtinScenario(kLessonScenarioId).values.row(0)) << "value row stays paired";

    // Each further press is a run of its own.
    press(Qt::Key_K, Qt::ShiftModifier);
    EXPECT_EQ(keySpace->keyboardKey(), 2) << "Shift+K from memory A wraps round to the last key";
    EXPECT_EQ(stack->index(), stepsBefore + 3);
    stack->undo();
    stack->undo();
    EXPECT_NEAR(window.model()->scenario().keys(0, 1), 0.2, 1e-12);
    stack->undo();
    settleEvents();
    EXPECT_DOUBLE_EQ(window.model()->scenario().keys(0, 0), 1.0);
    EXPECT_DOUBLE_EQ(window.model()->scenario().keys(0, 1), 0.0);

    // Escape goes back to the query: the arrows move it again.
    press(Qt::Key_Escape);
    EXPECT_EQ(keySpace->keyboardKey(), -1);
    press(Qt::Key_Left);
    EXPECT_NEAR(window.model()->scenario().queries(0, 0), 0.9, 1e-12);
}

TEST_F(KeyboardTest, QChoosesTheNextQueryInTheKeySpace)
{
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    settleEvents();
    window.keySpaceView()->setFocus(Qt::TabFocusReason);
    ASSERT_EQ(window.viewState()->selectedQuery(), 0);
    press(Qt::Key_Q);
    EXPECT_EQ(window.viewState()->selectedQuery(), 1);
    press(Qt::Key_Q, Qt::ShiftModifier);
    EXPECT_EQ(window.viewState()->selectedQuery(), 0);
    press(Qt::Key_Q, Qt::ShiftModifier);
    EXPECT_EQ(window.viewState()->selectedQuery(), 2) << "wraps round";
    const double before = window.model()->scenario().queries(2, 0);
    press(Qt::Key_Right);
    EXPECT_NEAR(window.model()->scenario().queries(2, 0), before + 0.1, 1e-12);
}

TEST_F(KeyboardTest, HeatmapArrowsMoveACellAndEnterSelectsItsQuery)
{
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    settleEvents();
    HeatmapView *heatmap = window.heatmapView();
    heatmap->setFocus(Qt::TabFocusReason);
    settleEvents();
    ViewState *state = window.viewState();
    EXPECT_EQ(state->hoveredQuery(), 0) << "arriving by Tab outlines the selected row's first cell";
    EXPECT_EQ(state->hoveredKey(), 0);
    press(Qt::Key_Down);
    EXPECT_EQ(state->selectedQuery(), 1);
    press(Qt::Key_Right);
    press(Qt::Key_Right);
    EXPECT_EQ(heatmap->keyboardCell().query, 1);
    EXPECT_EQ(heatmap->keyboardCell().key, 2);
    EXPECT_EQ(state->hoveredQuery(), 1) << "the keyboard cell is the shared hover";
    EXPECT_EQ(state->hoveredKey(), 2);
    EXPECT_TRUE(heatmap->infoText().contains(window.model()->scenario().keyLabel(2)));

    state->setSelectedQuery(2);  // somewhere else
    press(Qt::Key_Return);
    EXPECT_EQ(state->selectedQuery(), 1);
    state->setSelectedQuery(0);
    press(Qt::Key_Space);
    EXPECT_EQ(state->selectedQuery(), 1);

    // The focus is shown: a highlight frame at the edge of the view.
    const QImage focused = heatmap->grab().toImage();
    window.keySpaceView()->setFocus(Qt::TabFocusReason);
    settleEvents();
    const QImage unfocused = heatmap->grab().toImage();
    const QColor highlight = heatmap->palette().color(QPalette::Highlight);
    EXPECT_EQ(QColor(focused.pixel(1, focused.height() / 2)), highlight);
    EXPECT_NE(QColor(unfocused.pixel(1, unfocused.height() / 2)), highlight);
    EXPECT_EQ(state->hoveredQuery(), -1) << "leaving the heatmap clears its keyboard outline";
}

TEST_F(KeyboardTest, SpaceTogglesTheFocusedMaskCellAndTheLastAllowedKeyIsRefused)
{
    MaskGridCanvas *grid = window.maskGridView()->grid();
    grid->setFocus(Qt::TabFocusReason);
    const Scenario &scenario = window.model()->scenario();
    ASSERT_EQ(scenario.keyCount(), 3);
    press(Qt::Key_Space);
    EXPECT_FALSE(window.model()->scenario().isAllowed(0, 0));
    press(Qt::Key_Right);
    EXPECT_EQ(window.viewState()->hoveredKey(), 1) << "the other views follow the keyboard's cell";
    press(Qt::Key_Space);
    EXPECT_FALSE(window.model()->scenario().isAllowed(0, 1));
    EXPECT_TRUE(grid->accessibleDescription().contains(QLatin1String("blocked")));
    press(Qt::Key_Right);
    ASSERT_EQ(grid->focusKeyRow(), 2);
    const std::optional<Mask> before = window.model()->scenario().allowed;
    press(Qt::Key_Space);
    EXPECT_TRUE(window.model()->scenario().isAllowed(0, 2)) << "the last allowed key stays allowed";
    EXPECT_EQ(window.model()->scenario().allowed, before);
    EXPECT_TRUE(grid->isFlashing());
    EXPECT_TRUE(window.statusBar()->currentMessage().contains(QLatin1String("at least one allowed key")))
        << window.statusBar()->currentMessage().toStdString();
    EXPECT_NE(window.model()->result(), nullptr);

    // Space again on a blocked cell allows it.
    press(Qt::Key_Left);
    press(Qt::Key_Space);
    EXPECT_TRUE(window.model()->scenario().isAllowed(0, 1));
}

TEST_F(KeyboardTest, EnterEditsAMatrixNumberAndEscapeCancels)
{
    window.matricesDock()->show();
    window.matricesDock()->raise();
    MatrixEditorView *editor = window.matrixEditorView();
    editor->tabs()->setCurrentIndex(1);
    QTableView *keys = editor->tableView(MatrixTableModel::Part::Keys);
    settleEvents();
    ASSERT_TRUE(keys->isVisible());
    keys->setFocus(Qt::TabFocusReason);
    keys->setCurrentIndex(keys->model()->index(0, 1));  // column 0 is the label
    press(Qt::Key_Return);
    ASSERT_NE(keys->indexWidget(keys->currentIndex()), nullptr) << "an editor is open";
    auto *line = qobject_cast<QLineEdit *>(focus());
    ASSERT_NE(line, nullptr);
    QTest::keyClicks(line, QStringLiteral("2.5"));
    press(Qt::Key_Return);
    EXPECT_DOUBLE_EQ(window.model()->scenario().keys(0, 0), 2.5);

    press(Qt::Key_F2);
    ASSERT_NE(keys->indexWidget(keys->currentIndex()), nullptr) << "an editor is open";
    QTest::keyClicks(focus(), QStringLiteral("9"));
    press(Qt::Key_Escape);
    EXPECT_EQ(keys->indexWidget(keys->currentIndex()), nullptr) << "the editor is closed";
    EXPECT_DOUBLE_EQ(window.model()->scenario().keys(0, 0), 2.5) << "Escape leaves the number";
}

TEST_F(KeyboardTest, PageDownStepsTheLessonWhereverTheFocusIs)
{
    window.startLesson(0);
    settleEvents();
    window.weightsTableDock()->show();
    settleEvents();
    QList<QWidget *> targets;
    targets << window.keySpaceView() << window.heatmapView()
            << window.temperaturePanel()->findChild<QSlider *>() << window.maskGridView()->grid()
            << window.weightsChartView() << window.contextChartView()
            << window.weightsTableView()->table() << window.lessonPanel();
    for (QWidget *target : targets) {
        ASSERT_NE(target, nullptr);
        window.lessonPanel()->goToStep(0);
        window.lessonPanel()->revealAnswers();  // else the first PageDown reveals them
        settleEvents();
        // A step raises the dock it is about; the target's dock comes back to the front.
        for (QWidget *w = target; w; w = w->parentWidget()) {
            if (auto *dock = qobject_cast<QDockWidget *>(w)) {
                dock->show();
                dock->raise();
            }
        }
        settleEvents();
        target->setFocus(Qt::TabFocusReason);
        settleEvents();
        ASSERT_EQ(focus(), target) << target->objectName().toStdString();
        press(Qt::Key_PageDown);
        EXPECT_EQ(window.lessonPanel()->currentStep(), 1) << target->objectName().toStdString();
    }
}

TEST_F(KeyboardTest, KeyboardOnlyRunThroughTheFirstLessonStep)
{
    // Start the lesson from the keyboard (F9): its first step shows the bottleneck lab. Walk to
    // the lab with Tab, choose a query and move it with the arrows, and go on with PageDown.
    press(Qt::Key_F9);
    ASSERT_TRUE(window.lessonDock()->isVisible());
    EXPECT_EQ(window.lessonPanel()->currentStep(), 0);
    QWidget *lab = window.findChild<QWidget *>(QStringLiteral("bottleneckLab"));
    ASSERT_NE(lab, nullptr);
    EXPECT_TRUE(lab->isVisible()) << "going to the step shows its lab";
    int guard = 0;
    while (focus() != lab && guard++ < 60)
        press(Qt::Key_Tab);
    ASSERT_EQ(focus(), lab);
    press(Qt::Key_2);
    const double before = window.model()->scenario().queries(1, 1);
    press(Qt::Key_Up);
    EXPECT_NEAR(window.model()->scenario().queries(1, 1), before + 0.1, 1e-12);
    EXPECT_EQ(window.lessonPanel()->currentStep(), 0) << "arrows stay with the lab";
    press(Qt::Key_PageDown);  // reveals the step's answers
    EXPECT_TRUE(window.lessonPanel()->answersShown());
    press(Qt::Key_PageDown);
    EXPECT_EQ(window.lessonPanel()->currentStep(), 1);
}
