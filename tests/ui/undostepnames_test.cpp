// Each gesture a view declares is one undo step, named after what it did, as a student reads it
// in Edit > Undo and in View > Panels > History: driven through the real widgets of the window.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "numberformat.h"
#include "temperaturepanel.h"
#include "undorecorder.h"

#include <QAbstractItemModel>
#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QKeyEvent>
#include <QLineEdit>
#include <QSettings>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>
#include <QUndoView>

#include "../support/widgetgestures.h"

#include <gtest/gtest.h>

#include <functional>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;
using Part = MatrixTableModel::Part;

namespace {

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

QString quotedName(const char *label)
{
    return QStringLiteral("\u201c%1\u201d").arg(QLatin1String(label));
}

class UndoStepNamesTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        window.resize(1280, 720);
        window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        window.historyDock()->show();
        settleEvents();
    }

    QUndoStack *stack() const { return window.undoRecorder()->undoStack(); }
    QAction *undoAction() const { return window.findChild<QAction *>(QStringLiteral("undoAction")); }

    /// The newest line of the History panel.
    QString historyTop() const
    {
        auto *view = qobject_cast<QUndoView *>(window.historyDock()->widget());
        if (!view)
            view = window.historyDock()->findChild<QUndoView *>();
        if (!view)
            return QString();
        const QAbstractItemModel *model = view->model();
        return model->data(model->index(model->rowCount() - 1, 0)).toString();
    }

    /// Runs `gesture` through the widgets and checks that it made exactly one step named `name`,
    /// shown as such in Edit > Undo and History, that undo restores the scenario before it bit
    /// for bit and redo the one after.
    void expectOneStep(const std::function<void()> &gesture, const QString &name)
    {
        const Scenario before = window.model()->scenario();
        const int steps = stack()->index();
        gesture();
        settleEvents();
        const Scenario after = window.model()->scenario();
        ASSERT_NE(after, before) << "the gesture changed nothing";
        ASSERT_EQ(stack()->index(), steps + 1) << "one gesture, one step";
        ASSERT_EQ(stack()->count(), stack()->index()) << "and nothing left to redo";
        EXPECT_EQ(plain(undoAction()->text()), QStringLiteral("Undo ") + name);
        EXPECT_EQ(historyTop(), name);
        undoAction()->trigger();
        settleEvents();
        EXPECT_EQ(window.model()->scenario(), before);
        stack()->redo();
        settleEvents();
        EXPECT_EQ(window.model()->scenario(), after);
    }

    MainWindow window;
};

TEST_F(UndoStepNamesTest, ADragInTheKeySpaceIsOneStepNamedByWhatMoved)
{
    KeySpaceView *keySpace = window.keySpaceView();
    expectOneStep([&] {
        const QPoint from = keySpace->tipPosition(0).toPoint();
        const QPoint to = keySpace->dataToWidget(QPointF(-0.4, 0.8)).toPoint();
        QTest::mousePress(keySpace, Qt::LeftButton, Qt::NoModifier, from);
        for (int i = 1; i <= 6; ++i)
            QTest::mouseMove(keySpace, from + (to - from) * i / 6);
        QTest::mouseRelease(keySpace, Qt::LeftButton, Qt::NoModifier, to);
    }, QStringLiteral("Drag query ") + quotedName("q"));

    expectOneStep([&] {
        const QPoint from = keySpace->keyPosition(1).toPoint();  // memory B
        const QPoint to = keySpace->dataToWidget(QPointF(-0.6, -0.5)).toPoint();
        QTest::mousePress(keySpace, Qt::LeftButton, Qt::ControlModifier, from);
        for (int i = 1; i <= 6; ++i)
            QTest::mouseMove(keySpace, from + (to - from) * i / 6);
        QTest::mouseRelease(keySpace, Qt::LeftButton, Qt::ControlModifier, to);
    }, QStringLiteral("Drag key ") + quotedName("memory B"));
}

TEST_F(UndoStepNamesTest, AnArrowKeyHeldDownIsOneNudgeStep)
{
    KeySpaceView *keySpace = window.keySpaceView();
    keySpace->setFocus(Qt::TabFocusReason);
    QTest::keyClick(keySpace, Qt::Key_K);  // memory A
    settleEvents();
    ASSERT_EQ(keySpace->keyboardKey(), 0);
    expectOneStep([&] {
        QTest::keyPress(keySpace, Qt::Key_Right);
        for (int i = 0; i < 4; ++i) {
            // Auto-repeat: a release and a press, both marked as repeated.
            QKeyEvent release(QEvent::KeyRelease, Qt::Key_Right, Qt::NoModifier, QString(), true);
            QCoreApplication::sendEvent(keySpace, &release);
            QKeyEvent press(QEvent::KeyPress, Qt::Key_Right, Qt::NoModifier, QString(), true);
            QCoreApplication::sendEvent(keySpace, &press);
            settleEvents();
        }
        QTest::keyRelease(keySpace, Qt::Key_Right);
        EXPECT_NEAR(window.model()->scenario().keys(0, 0), 1.5, 1e-12) << "five nudges of 0.1";
    }, QStringLiteral("Nudge key ") + quotedName("memory A"));

    // Escape goes back to the query; its nudges are named after it.
    QTest::keyClick(keySpace, Qt::Key_Escape);
    expectOneStep([&] {
        QTest::keyPress(keySpace, Qt::Key_Up);
        QKeyEvent press(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier, QString(), true);
        QCoreApplication::sendEvent(keySpace, &press);
        QTest::keyRelease(keySpace, Qt::Key_Up);
    }, QStringLiteral("Nudge query ") + quotedName("q"));
}

TEST_F(UndoStepNamesTest, ASliderStrokeAndATypedTemperatureAreOneStepEach)
{
    TemperaturePanel *panel = window.temperaturePanel();
    auto *slider = panel->findChild<QSlider *>(QStringLiteral("temperatureSlider"));
    ASSERT_NE(slider, nullptr);
    ASSERT_TRUE(slider->isVisible());
    const QPoint handle = attnlens::test::sliderHandleCentre(slider);
    const int stepsBefore = stack()->index();
    QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, handle);
    for (int dx = 8; dx <= 64; dx += 8)
        QTest::mouseMove(slider, handle + QPoint(dx, 0));
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, handle + QPoint(64, 0));
    settleEvents();
    const double slid = window.model()->scenario().temperature;
    ASSERT_GT(slid, 1.0) << "the stroke moved T";
    ASSERT_EQ(stack()->index(), stepsBefore + 1) << "a stroke is one step";
    EXPECT_EQ(plain(undoAction()->text()),
              QStringLiteral("Undo Set temperature to %1").arg(formatInput(slid)));
    EXPECT_EQ(historyTop(), QStringLiteral("Set temperature to %1").arg(formatInput(slid)));
    undoAction()->trigger();
    settleEvents();
    EXPECT_TRUE(identicalDoubles(window.model()->scenario().temperature, 1.0));

    auto *spin = panel->findChild<QDoubleSpinBox *>(QStringLiteral("temperatureSpinBox"));
    ASSERT_NE(spin, nullptr);
    expectOneStep([&] {
        spin->setFocus(Qt::TabFocusReason);
        spin->selectAll();
        QTest::keyClicks(spin, QStringLiteral("0.25"));
        QTest::keyClick(spin, Qt::Key_Return);
        EXPECT_TRUE(identicalDoubles(window.model()->scenario().temperature, 0.25));
    }, QStringLiteral("Set temperature to 0.25"));
}

TEST_F(UndoStepNamesTest, AMaskStrokeIsOneStepAndAClickNamesItsCell)
{
    window.maskGridView()->raise();
    MaskGridCanvas *grid = window.maskGridView()->grid();
    ASSERT_TRUE(grid->isVisible());
    expectOneStep([&] {
        QTest::mousePress(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 1).center());
        QTest::mouseMove(grid, grid->cellRect(0, 2).center());
        QTest::mouseRelease(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 2).center());
        EXPECT_FALSE(window.model()->scenario().isAllowed(0, 1));
        EXPECT_FALSE(window.model()->scenario().isAllowed(0, 2));
    }, QStringLiteral("Paint mask (2 cells)"));

    expectOneStep([&] {
        QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 1).center());
    }, QStringLiteral("Allow %1 \u2192 %2").arg(quotedName("q"), quotedName("memory B")));
}

TEST_F(UndoStepNamesTest, ATableEditIsOneStep)
{
    MatrixEditorView *editor = window.matrixEditorView();
    window.matricesDock()->raise();
    editor->tabs()->setCurrentIndex(1);
    settleEvents();
    expectOneStep([&] {
        ASSERT_NE(attnlens::test::typeIntoCell(editor->tableView(Part::Keys), 1, 1, QStringLiteral("0.5")), nullptr);
    }, QStringLiteral("Edit key memory B"));
}

} // namespace
