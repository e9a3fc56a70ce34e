// The "why" labs in the window (issue 15): each lab is a dock of its own, hidden until opened;
// Alt+1 … Alt+4 (and View > Labs) open them in the lesson's order, the lab's lesson step brings
// it into sight, presentation mode gives it the large place, Tab reaches it, and Reset Layout
// closes it again.
#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "derivationlabview.h"
#include "documentcontroller.h"
#include "labdocks.h"
#include "labmaterial.h"
#include "labmaterialbar.h"
#include "lesson.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "mainwindow.h"
#include "presentationmode.h"
#include "scalelab.h"
#include "scalelabview.h"
#include "scorelabpicture.h"
#include "scorelabview.h"
#include "scoreweightseditor.h"
#include "undorecorder.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

const LessonView kLabs[] = {LessonView::BottleneckLab, LessonView::ScaleLab, LessonView::ScoreLab,
                            LessonView::DerivationLab};

int stepShowing(LessonView view)
{
    const std::vector<LessonStep> steps = Lesson::steps();
    for (size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].view == view)
            return int(i);
    }
    return -1;
}

void forbidDialogs(MainWindow &window)
{
    window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        ADD_FAILURE() << "asked about unsaved changes";
        return DocumentController::UnsavedChoice::Cancel;
    };
}

} // namespace

TEST(LabDocks, EveryLabHasAHiddenDockAnAltKeyAndALessonStep)
{
    MainWindow window;
    forbidDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    ASSERT_EQ(window.labDocks()->labs().size(), 4);
    int number = 1;
    for (LessonView view : kLabs) {
        SCOPED_TRACE(number);
        QDockWidget *dock = window.labDocks()->dock(view);
        ASSERT_NE(dock, nullptr);
        EXPECT_FALSE(dock->isVisible());  // the default layout opens no lab
        EXPECT_FALSE(window.labDocks()->lab(view)->accessibleName().isEmpty());
        // Alt+N opens lab N and puts it in front of its tab group.
        QTest::keyClick(&window, Qt::Key(Qt::Key_0 + number), Qt::AltModifier);
        settleEvents();
        EXPECT_TRUE(dock->isVisible());
        EXPECT_TRUE(dock->widget()->isVisible());
        EXPECT_FALSE(dock->widget()->visibleRegion().isEmpty());
        // Tab reaches it.
        EXPECT_TRUE(window.tabStops().contains(dock->widget()) || !dock->widget()->focusProxy()
                    || window.tabStops().contains(dock->widget()->focusProxy()));
        ++number;
    }
    // View > Labs lists them in the same order.
    auto *labsMenu = window.menuBar()->findChild<QMenu *>(QStringLiteral("labsMenu"));
    ASSERT_NE(labsMenu, nullptr);
    ASSERT_EQ(labsMenu->actions().size(), 4);
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(labsMenu->actions().at(i), window.labDocks()->showAction(kLabs[i]));
    // Reset Layout closes every lab again.
    QAction *reset = nullptr;
    for (QAction *action : window.findChildren<QAction *>()) {
        if (action->text() == MainWindow::tr("&Reset Layout"))
            reset = action;
    }
    ASSERT_NE(reset, nullptr);
    reset->trigger();
    settleEvents();
    for (LessonView view : kLabs)
        EXPECT_FALSE(window.labDocks()->dock(view)->isVisible());
}

TEST(LabDocks, TheLabsLessonStepBringsItIntoSightAndPresentingGivesItTheLargePlace)
{
    MainWindow window;
    forbidDialogs(window);
    window.presentationMode()->setFullScreenEnabled(false);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    for (LessonView view : kLabs) {
        const int step = stepShowing(view);
        ASSERT_GE(step, 0) << "no lesson step shows lab " << int(view);
        window.startLesson(step);
        settleEvents();
        QDockWidget *dock = window.labDocks()->dock(view);
        EXPECT_TRUE(dock->isVisible()) << step;
        EXPECT_FALSE(dock->widget()->visibleRegion().isEmpty()) << step;
    }
    window.presentationMode()->enter();
    settleEvents();
    for (LessonView view : kLabs) {
        ASSERT_TRUE(window.lessonPanel()->goToStep(stepShowing(view)));
        settleEvents();
        QWidget *lab = window.labDocks()->lab(view);
        EXPECT_EQ(window.presentationMode()->focalView(), lab);
        EXPECT_TRUE(lab->isVisible());
        EXPECT_GT(lab->width(), window.width() / 3);
    }
    window.presentationMode()->leave();
}

// Issue 26 (cold start): a view that starts hidden or behind another tab is not laid out at
// every start; it waits as a hidden child of its dock and becomes the dock's widget the first time
// the dock is shown, by whatever path, also after presentation mode borrowed it meanwhile.
TEST(LabDocks, AHiddenPanelIsDockedWhenFirstShownAndNotBefore)
{
    MainWindow window;
    forbidDialogs(window);
    window.presentationMode()->setFullScreenEnabled(false);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    const QList<QDockWidget *> waiting = {window.labDocks()->dock(LessonView::BottleneckLab),
                                          window.labDocks()->dock(LessonView::ScaleLab),
                                          window.labDocks()->dock(LessonView::ScoreLab),
                                          window.labDocks()->dock(LessonView::DerivationLab),
                                          window.historyDock(), window.weightsTableDock()};
    for (QDockWidget *dock : waiting) {
        SCOPED_TRACE(dock->objectName().toStdString());
        EXPECT_FALSE(dock->isVisible());
        EXPECT_EQ(dock->widget(), nullptr);
        const QList<QWidget *> children = dock->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
        const auto view = std::find_if(children.begin(), children.end(), [dock](QWidget *child) {
            return child->objectName() + QStringLiteral("Dock") == dock->objectName();
        });
        ASSERT_NE(view, children.end()) << "the view waits inside its dock";
        EXPECT_TRUE((*view)->isHidden());
    }

    // Presentation mode borrows a lab that was never docked and gives it back.
    window.presentationMode()->enter();
    settleEvents();
    QTest::keyClick(&window, Qt::Key_3, Qt::AltModifier);
    settleEvents();
    QWidget *scoreLab = window.labDocks()->lab(LessonView::ScoreLab);
    EXPECT_EQ(window.presentationMode()->focalView(), scoreLab);
    EXPECT_TRUE(scoreLab->isVisible());
    window.presentationMode()->leave();
    settleEvents();

    // Every path that shows a dock docks its view: a key, View > Panels, a tab brought forward
    // (they share one tab group: each is checked while it is the front tab).
    const auto docksItsView = [](QDockWidget *dock) {
        SCOPED_TRACE(dock->objectName().toStdString());
        EXPECT_TRUE(dock->isVisible());
        ASSERT_NE(dock->widget(), nullptr);
        EXPECT_TRUE(dock->widget()->isVisible());
        EXPECT_FALSE(dock->widget()->visibleRegion().isEmpty());
    };
    QTest::keyClick(&window, Qt::Key_3, Qt::AltModifier);
    settleEvents();
    docksItsView(window.labDocks()->dock(LessonView::ScoreLab));
    window.historyDock()->toggleViewAction()->trigger();
    settleEvents();
    docksItsView(window.historyDock());
    window.weightsTableDock()->toggleViewAction()->trigger();
    settleEvents();
    docksItsView(window.weightsTableDock());
    window.labDocks()->dock(LessonView::ScaleLab)->show();
    window.historyDock()->raise();
    settleEvents();
    docksItsView(window.historyDock());
    window.labDocks()->dock(LessonView::ScaleLab)->raise();
    settleEvents();
    docksItsView(window.labDocks()->dock(LessonView::ScaleLab));
    EXPECT_EQ(window.labDocks()->dock(LessonView::ScoreLab)->widget(), scoreLab);
}

// Issue 27, part 3: the √d_k lab and the derivation lab teach nothing on a scenario that is not
// theirs. Opened by their keys, they bring their own material as one undoable edit, say so in a
// bar that names the scenario set aside, and "Back to your scenario" restores that scenario bit
// for bit (as does Undo).
TEST(LabDocks, TheSqrtDkAndDerivationLabsOpenOnTheirOwnMaterialWithAWayBack)
{
    MainWindow window;
    forbidDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const Result<Scenario> bottleneck = loadBuiltinScenario(QStringLiteral("bottleneck"));
    ASSERT_TRUE(bottleneck.ok());
    window.openScenario(bottleneck.value(), QStringLiteral("bottleneck"));
    settleEvents();
    const Scenario users = window.model()->scenario();
    ASSERT_FALSE(users.scaleLab.has_value());
    ASSERT_FALSE(users.derivation.has_value());
    auto *scale = qobject_cast<ScaleLabView *>(window.labDocks()->lab(LessonView::ScaleLab));
    auto *derivation = qobject_cast<DerivationLabView *>(window.labDocks()->lab(LessonView::DerivationLab));
    ASSERT_NE(scale, nullptr);
    ASSERT_NE(derivation, nullptr);
    QUndoStack *undo = window.undoRecorder()->undoStack();

    // Alt+2: the lab's random sample at d_k = 16, as one named edit, and a bar that says so.
    const int edits = undo->count();
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
    settleEvents();
    ASSERT_TRUE(window.model()->scenario().scaleLab.has_value());
    EXPECT_EQ(window.model()->scenario().keyDimension(), scalelab::kDefaultKeyDimension);
    EXPECT_EQ(window.model()->scenario().queryCount(), scalelab::kQueries);
    EXPECT_EQ(undo->count(), edits + 1);
    EXPECT_EQ(undo->undoText(), LabDocks::tr("Open the √d_k lab's sample"));
    EXPECT_TRUE(scale->materialBar()->isVisible());
    EXPECT_TRUE(scale->materialBar()->text().contains(users.name)) << scale->materialBar()->text().toStdString();
    EXPECT_FALSE(scale->materialBar()->accessibleName().isEmpty());
    // The bar's button brings the scenario back as it was, as another edit.
    QTest::mouseClick(scale->materialBar()->backButton(), Qt::LeftButton);
    settleEvents();
    EXPECT_TRUE(window.model()->scenario() == users);
    EXPECT_EQ(undo->undoText(), LabMaterial::tr("Back to your scenario"));
    EXPECT_FALSE(scale->materialBar()->isVisible());
    EXPECT_FALSE(window.labDocks()->material()->userScenario().has_value());

    // Alt+4: the derivation lab's tokens; Undo goes back too, Redo brings the bar again.
    QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier);
    settleEvents();
    ASSERT_TRUE(window.model()->derivation().has_value());
    EXPECT_TRUE(derivation->materialBar()->isVisible());
    EXPECT_FALSE(scale->materialBar()->isVisible());
    undo->undo();
    settleEvents();
    EXPECT_TRUE(window.model()->scenario() == users);
    EXPECT_FALSE(derivation->materialBar()->isVisible());
    undo->redo();
    settleEvents();
    EXPECT_TRUE(window.model()->derivation().has_value());
    EXPECT_TRUE(derivation->materialBar()->isVisible());

    // From one lab's material to the other's, the scenario set aside stays the user's own.
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
    settleEvents();
    EXPECT_TRUE(window.model()->scenario().scaleLab.has_value());
    EXPECT_TRUE(scale->materialBar()->isVisible());
    EXPECT_FALSE(derivation->materialBar()->isVisible());
    QTest::mouseClick(scale->materialBar()->backButton(), Qt::LeftButton);
    settleEvents();
    EXPECT_TRUE(window.model()->scenario() == users);
}

// The bottleneck and score labs teach on any scenario: their keys leave it as it is. A lab's own
// lesson step brings its material through the lesson, with no bar: nothing was set aside.
TEST(LabDocks, TheOtherLabsAndTheLessonStepsLeaveNothingToGoBackTo)
{
    MainWindow window;
    forbidDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    const Scenario before = window.model()->scenario();
    for (const Qt::Key key : {Qt::Key_1, Qt::Key_3}) {
        QTest::keyClick(&window, key, Qt::AltModifier);
        settleEvents();
        EXPECT_TRUE(window.model()->scenario() == before);
    }
    EXPECT_FALSE(window.labDocks()->material()->userScenario().has_value());

    auto *scale = qobject_cast<ScaleLabView *>(window.labDocks()->lab(LessonView::ScaleLab));
    ASSERT_NE(scale, nullptr);
    window.startLesson(stepShowing(LessonView::ScaleLab));
    settleEvents();
    EXPECT_TRUE(window.model()->scenario().scaleLab.has_value());
    EXPECT_TRUE(window.labDocks()->dock(LessonView::ScaleLab)->isVisible());
    EXPECT_FALSE(scale->materialBar()->isVisible());
    // Alt+2 on the lab's own material changes nothing.
    const Scenario sample = window.model()->scenario();
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
    settleEvents();
    EXPECT_TRUE(window.model()->scenario() == sample);
    EXPECT_FALSE(scale->materialBar()->isVisible());

    // Set aside, then another document opened: there is nothing to go back to any more.
    window.openScenario(before, QStringLiteral("lesson"));
    settleEvents();
    QTest::keyClick(&window, Qt::Key_2, Qt::AltModifier);
    settleEvents();
    ASSERT_TRUE(window.labDocks()->material()->userScenario().has_value());
    const Result<Scenario> other = loadBuiltinScenario(QStringLiteral("three-queries"));
    ASSERT_TRUE(other.ok());
    window.openScenario(other.value(), QStringLiteral("three-queries"));
    settleEvents();
    EXPECT_FALSE(window.labDocks()->material()->userScenario().has_value());
    EXPECT_FALSE(scale->materialBar()->isVisible());
}

// Labs do not pile up as tabs: a lab the lesson opened for its step closes when the lesson moves
// on to another step; a lab the student opened by its key stays open.
TEST(LabDocks, ALabTheLessonOpenedClosesWhenTheLessonMovesOn)
{
    MainWindow window;
    forbidDialogs(window);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    const int scaleStep = stepShowing(LessonView::ScaleLab);
    ASSERT_GE(scaleStep, 1);
    ASSERT_NE(Lesson::steps().at(size_t(scaleStep + 1)).view, LessonView::ScaleLab);
    window.startLesson(scaleStep);
    settleEvents();
    QDockWidget *scale = window.labDocks()->dock(LessonView::ScaleLab);
    EXPECT_TRUE(scale->isVisible());
    ASSERT_TRUE(window.lessonPanel()->goToStep(scaleStep + 1));
    settleEvents();
    EXPECT_FALSE(scale->isVisible());
    // Going back brings it again.
    ASSERT_TRUE(window.lessonPanel()->goToStep(scaleStep));
    settleEvents();
    EXPECT_TRUE(scale->isVisible());

    // Opened by the student (Alt+1), the bottleneck lab stays through the lesson's steps.
    QDockWidget *bottleneck = window.labDocks()->dock(LessonView::BottleneckLab);
    QTest::keyClick(&window, Qt::Key_1, Qt::AltModifier);
    settleEvents();
    ASSERT_TRUE(bottleneck->isVisible());
    ASSERT_TRUE(window.lessonPanel()->goToStep(scaleStep + 1));
    settleEvents();
    EXPECT_TRUE(bottleneck->isVisible());
    EXPECT_FALSE(scale->isVisible());
}

TEST(LabDocks, TheScoreLabsStepShowsEveryEncoderStateWithoutScrollingOnA720LineScreen)
{
    // The lab's step scores encoder states additively, so the key space has no plane to draw:
    // the lab's column takes the room and puts its picture beside its weights, and every
    // encoder state's row is in sight at once (1280 × 720 and 1024 × 768, English and Chinese
    // widths alike: the words are the lab's own).
    for (const QSize size : {QSize(1280, 720), QSize(1024, 768)}) {
        SCOPED_TRACE(std::to_string(size.width()));
        MainWindow window;
        forbidDialogs(window);
        window.resize(size);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.startLesson(stepShowing(LessonView::ScoreLab));
        settleEvents();
        auto *lab = qobject_cast<ScoreLabView *>(window.labDocks()->lab(LessonView::ScoreLab));
        ASSERT_NE(lab, nullptr);
        ASSERT_TRUE(lab->isVisible());
        auto *scroll = lab->findChild<QScrollArea *>(QStringLiteral("scoreLabScroll"));
        ASSERT_NE(scroll, nullptr);
        EXPECT_EQ(scroll->verticalScrollBar()->maximum(), 0) << "the lab scrolls";
        EXPECT_EQ(scroll->horizontalScrollBar()->maximum(), 0) << "the lab scrolls sideways";
        // On a 720-line screen the picture stands beside the weights, and the wider column
        // does not make the window wider than the screen.
        if (size.height() == 720) {
            EXPECT_GE(lab->picture()->mapTo(lab, QPoint(0, 0)).x(),
                      lab->weightsEditor()->mapTo(lab, QPoint(lab->weightsEditor()->width(), 0)).x());
            EXPECT_LE(window.width(), size.width());
            EXPECT_LE(window.height(), size.height());
        }
    }
}
