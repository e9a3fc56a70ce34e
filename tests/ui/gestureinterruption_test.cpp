// Issue 25, item 2: an edit ends when its gesture ends, and at the latest when another command
// runs, the window loses the focus or a dialog opens; the autosave waits for none of them.
// Driven through the window's own widgets, as the steps are.
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "mainwindow.h"
#include "numberformat.h"
#include "temperaturepanel.h"
#include "undorecorder.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDoubleSpinBox>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include "../support/widgetgestures.h"

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;

namespace {

// An interval no test lives to see: the test says when it is over (runScheduledWrite).
constexpr int kAnHour = 3600 * 1000;

template <typename Condition>
bool eventually(Condition condition)
{
    return QTest::qWaitFor(condition, 5000);
}

QString plain(QString text)
{
    return text.remove(QLatin1Char('&'));
}

class GestureInterruptionTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        QSettings().clear();
        window.autoSaver()->setFilePath(dir.filePath(QStringLiteral("autosave.json")));
        window.autoSaver()->setInterval(kAnHour);
        window.resize(1280, 720);
        window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        window.show();
        window.activateWindow();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
        settleEvents();
        spin = window.temperaturePanel()->findChild<QDoubleSpinBox *>(QStringLiteral("temperatureSpinBox"));
        slider = window.temperaturePanel()->findChild<QSlider *>(QStringLiteral("temperatureSlider"));
        undoAction = window.findChild<QAction *>(QStringLiteral("undoAction"));
        ASSERT_NE(spin, nullptr);
        ASSERT_NE(slider, nullptr);
        ASSERT_NE(undoAction, nullptr);
        ASSERT_TRUE(identicalDoubles(temperature(), 1.0));
    }

    QUndoStack *stack() const { return window.undoRecorder()->undoStack(); }
    double temperature() const { return window.model()->scenario().temperature; }
    QPushButton *preset(const char *name) const
    {
        return window.findChild<QPushButton *>(QLatin1String(name));
    }

    /// Replaces the field's text by `text` as typed keys, without Return: the field keeps the
    /// focus and the typed value is not committed yet.
    void typeWithoutReturn(const QString &text)
    {
        spin->setFocus(Qt::TabFocusReason);
        ASSERT_TRUE(eventually([&] { return spin->hasFocus(); }));
        spin->selectAll();
        QTest::keyClicks(spin, text);
    }

    /// Presses the slider's handle and drags it right, without releasing it.
    void strokeWithoutRelease()
    {
        handle = attnlens::test::sliderHandleCentre(slider);
        QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, handle);
        for (int dx = 8; dx <= 48; dx += 8)
            QTest::mouseMove(slider, handle + QPoint(dx, 0));
    }

    QTemporaryDir dir;
    MainWindow window;
    QDoubleSpinBox *spin = nullptr;
    QSlider *slider = nullptr;
    QAction *undoAction = nullptr;
    QPoint handle;
};

TEST_F(GestureInterruptionTest, ATypedValueAndAPresetClickedBeforeReturnAreTwoSteps)
{
    // The steps: 0.5 typed (no Return), the "causal" preset clicked, Return. It was one
    // step, "Set temperature to 0.5", whose undo took back the mask too.
    const Scenario start = window.model()->wholeScenario();
    const int steps = stack()->index();
    typeWithoutReturn(QStringLiteral("0.5"));
    ASSERT_TRUE(identicalDoubles(temperature(), 0.5));
    QPushButton *causal = preset("maskPresetCausal");
    ASSERT_NE(causal, nullptr);
    ASSERT_TRUE(causal->isEnabled());
    QTest::mouseClick(causal, Qt::LeftButton);
    ASSERT_TRUE(spin->hasFocus()) << "the preset leaves the focus in the field, as in the issue";
    ASSERT_TRUE(window.model()->scenario().allowed.has_value());
    QTest::keyClick(spin, Qt::Key_Return);
    settleEvents();

    ASSERT_EQ(stack()->index(), steps + 2) << "the typed value and the preset, one step each";
    EXPECT_EQ(stack()->text(steps), QStringLiteral("Set temperature to 0.5"));
    EXPECT_EQ(stack()->text(steps + 1), QStringLiteral("Causal mask"));
    EXPECT_EQ(plain(undoAction->text()), QStringLiteral("Undo Causal mask"));

    undoAction->trigger();
    settleEvents();
    EXPECT_FALSE(window.model()->scenario().allowed.has_value()) << "undo takes back the preset";
    EXPECT_TRUE(identicalDoubles(temperature(), 0.5)) << "and only the preset";
    undoAction->trigger();
    settleEvents();
    EXPECT_EQ(window.model()->wholeScenario(), start);
}

TEST_F(GestureInterruptionTest, ATypedValueIsAutosavedWhileTheFieldKeepsTheFocus)
{
    // The steps: 2 typed, "all allowed" clicked, the interval passes; no autosave was
    // written while the field kept the focus, and a kill then lost the value.
    window.model()->setMask(causalMask(window.model()->scenario().queryCount(),
                                       window.model()->scenario().keyCount()));
    settleEvents();
    window.autoSaver()->runScheduledWrite();
    typeWithoutReturn(QStringLiteral("2"));
    ASSERT_TRUE(identicalDoubles(temperature(), 2.0));
    QTest::mouseClick(preset("maskPresetAllAllowed"), Qt::LeftButton);
    ASSERT_FALSE(window.model()->scenario().allowed.has_value());
    ASSERT_TRUE(spin->hasFocus());
    ASSERT_TRUE(eventually([&] { return window.autoSaver()->isPending(); }));
    window.autoSaver()->runScheduledWrite();  // the interval is over
    ASSERT_TRUE(window.autoSaver()->hasAutosave());
    const Result<AutoSaver::Recovered> saved = window.autoSaver()->read();
    ASSERT_TRUE(saved.ok()) << saved.error().message.toStdString();
    EXPECT_TRUE(identicalDoubles(saved.value().scenario.temperature, 2.0));
    EXPECT_FALSE(saved.value().scenario.allowed.has_value());

    // Typing on, with nothing else in between: the value still reaches the disk when the
    // interval passes, and the field's edit stays the user's until Return.
    typeWithoutReturn(QStringLiteral("3"));
    ASSERT_TRUE(identicalDoubles(temperature(), 3.0));
    ASSERT_TRUE(eventually([&] { return window.autoSaver()->isPending(); }));
    window.autoSaver()->runScheduledWrite();
    EXPECT_TRUE(identicalDoubles(window.autoSaver()->read().value().scenario.temperature, 3.0));
    const int steps = stack()->index();
    QTest::keyClick(spin, Qt::Key_Return);
    settleEvents();
    ASSERT_EQ(stack()->index(), steps + 1);
    EXPECT_EQ(stack()->text(steps), QStringLiteral("Set temperature to 3"));
}

TEST_F(GestureInterruptionTest, ASliderStrokeInterruptedByADialogIsClosedAndAutosaved)
{
    // The steps: a stroke of the slider, and a dialog opening while the button is held
    // (Ctrl+Shift+A). The release goes to no one; the stroke stayed open, Undo disabled and
    // nothing autosaved until the next stroke.
    const int steps = stack()->index();
    strokeWithoutRelease();
    const double slid = temperature();
    ASSERT_GT(slid, 1.0) << "the stroke moved T";
    ASSERT_TRUE(window.model()->isEditing());
    ASSERT_FALSE(undoAction->isEnabled());

    QDialog dialog(&window);
    dialog.setWindowTitle(QStringLiteral("Export Animation"));
    dialog.open();  // modal: the window's widgets get no input until it closes
    ASSERT_TRUE(eventually([&] { return !window.model()->isEditing(); }))
        << "the dialog ends the stroke";
    ASSERT_EQ(stack()->index(), steps + 1);
    EXPECT_EQ(stack()->text(steps), QStringLiteral("Set temperature to %1").arg(formatInput(slid)));
    EXPECT_TRUE(undoAction->isEnabled());
    ASSERT_TRUE(eventually([&] { return window.autoSaver()->isPending(); }));
    window.autoSaver()->runScheduledWrite();
    ASSERT_TRUE(window.autoSaver()->hasAutosave());
    EXPECT_TRUE(identicalDoubles(window.autoSaver()->read().value().scenario.temperature, slid));

    dialog.reject();
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, handle + QPoint(48, 0));
    settleEvents();
    EXPECT_EQ(stack()->index(), steps + 1) << "a late release adds nothing";
    undoAction->trigger();
    settleEvents();
    EXPECT_TRUE(identicalDoubles(temperature(), 1.0));
}

TEST_F(GestureInterruptionTest, AGestureEndsWhenTheWindowLosesTheFocus)
{
    const int steps = stack()->index();
    strokeWithoutRelease();
    const double slid = temperature();
    ASSERT_TRUE(window.model()->isEditing());

    QWidget other;
    other.setWindowTitle(QStringLiteral("another application"));
    other.show();
    other.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowActive(&other));
    ASSERT_TRUE(eventually([&] { return !window.model()->isEditing(); }));
    ASSERT_EQ(stack()->index(), steps + 1);
    EXPECT_EQ(stack()->text(steps), QStringLiteral("Set temperature to %1").arg(formatInput(slid)));
}

TEST_F(GestureInterruptionTest, UndoInTheMiddleOfAStrokeTakesBackTheStroke)
{
    // Ctrl+Z while the handle is held: the stroke so far becomes a step, and that is what Undo
    // takes back (not the step before it, under a stroke that then went on).
    QTest::mouseClick(preset("maskPresetCausal"), Qt::LeftButton);
    settleEvents();
    ASSERT_TRUE(window.model()->scenario().allowed.has_value());
    const int steps = stack()->index();
    strokeWithoutRelease();
    const double slid = temperature();
    ASSERT_GT(slid, 1.0);
    undoAction->trigger();
    settleEvents();
    EXPECT_FALSE(window.model()->isEditing());
    EXPECT_TRUE(identicalDoubles(temperature(), 1.0));
    EXPECT_TRUE(window.model()->scenario().allowed.has_value()) << "the mask step stays";
    ASSERT_EQ(stack()->count(), steps + 1);
    EXPECT_EQ(stack()->index(), steps);
    EXPECT_EQ(stack()->text(steps), QStringLiteral("Set temperature to %1").arg(formatInput(slid)));
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, handle + QPoint(48, 0));
    settleEvents();
}

} // namespace
