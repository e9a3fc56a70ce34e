// Presentation mode on every projector a lecture hall has (1024x768, 1280x720, 1280x800,
// 1920x1080, 3840x2160, each a screen of the offscreen platform, screensmain.cpp): at every lesson
// step and at the smallest and the largest text size offered, every visible widget lies inside
// the screen, no text drawn is smaller than the rule (PresentationMode::minimumTextPixels) or cut
// by the edge of its widget, every view has at least its minimum size, and the step's view has
// the largest place. Escape gives the window back at its own size.
#include "contextchartview.h"
#include "coretestsupport.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lesson.h"
#include "lessonpanel.h"
#include "maskgridview.h"
#include "labdocks.h"
#include "languagesettings.h"
#include "mainwindow.h"
#include "predictfirstcover.h"
#include "presentationmode.h"
#include "presentationstage.h"
#include "textprobe.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QDockWidget>
#include <QGuiApplication>
#include <QLabel>
#include <QScreen>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <sstream>

using namespace attnlens;
using attnlens::drawnTexts;
using attnlens::test::settleEvents;

namespace {

/// The class of the widget a text was drawn in, and of its nearest named view, for messages.
std::string drawnIn(QWidget *window, const QRectF &rect)
{
    QWidget *widget = window->childAt(rect.center().toPoint());
    std::string name = widget ? widget->metaObject()->className() : "window";
    for (QWidget *parent = widget; parent && parent != window; parent = parent->parentWidget()) {
        if (QString::fromLatin1(parent->metaObject()->className()).startsWith(QLatin1String("attnlens::"))) {
            name += std::string(" in ") + parent->metaObject()->className();
            break;
        }
    }
    return name;
}

/// The platform's screen of that size (the platform lists its screens in its own order).
QScreen *screenOfSize(const QSize &size)
{
    for (QScreen *screen : QGuiApplication::screens())
        if (screen->size() == size)
            return screen;
    return nullptr;
}

std::string sizeName(const QSize &size)
{
    return std::to_string(size.width()) + "x" + std::to_string(size.height());
}

class PresentationFitTest : public ::testing::Test {
protected:
    void SetUp() override { QSettings().clear(); }
    void TearDown() override { window.reset(); }

    /// A window on `screen` at the lesson's first step, as a lecturer opens it there.
    MainWindow &openOn(QScreen *screen)
    {
        window = std::make_unique<MainWindow>();
        const QRect area = screen->availableGeometry();
        window->setGeometry(QRect(area.topLeft() + QPoint(20, 20),
                                  QSize(std::min(1280, area.width() - 40), std::min(720, area.height() - 40))));
        window->setScreen(screen);
        window->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        window->startLesson(attnlens::test::lessonStepIndex("query-and-memory"));  // a key-space step
        settleEvents();
        return *window;
    }

    /// Everything the test demands of one moment of a presentation; failures name `where`.
    void expectFits(MainWindow &w, QScreen *screen, const std::string &where)
    {
        SCOPED_TRACE(where);
        // What is measured is the screen at rest: a "Predict first" card that the step before
        // uncovered fades out first.
        EXPECT_TRUE(QTest::qWaitFor([&w] {
            for (const PredictFirstCover *card : w.findChildren<PredictFirstCover *>())
                if (card->graphicsEffect())
                    return false;
            return true;
        }));
        const QRect screenRect = screen->geometry();
        EXPECT_EQ(w.geometry(), screenRect);
        PresentationStage *stage = w.presentationMode()->stage();
        ASSERT_NE(stage, nullptr);
        EXPECT_TRUE(stage->fits()) << "a view is smaller than its minimum size";

        // Every visible widget inside the screen.
        int checked = 0;
        for (QWidget *widget : w.findChildren<QWidget *>()) {
            if (!widget->isVisible() || widget->isWindow())
                continue;
            const QRect visible = widget->visibleRegion().boundingRect();
            if (visible.isEmpty())
                continue;
            const QRect global(widget->mapToGlobal(visible.topLeft()), visible.size());
            EXPECT_TRUE(screenRect.contains(global))
                << widget->metaObject()->className() << " '" << widget->objectName().toStdString() << "' at "
                << global.x() << "," << global.y() << " " << sizeName(global.size()) << " leaves the screen";
            ++checked;
        }
        EXPECT_GT(checked, 20);

        // Every text drawn at least as big as the rule, and none cut by its widget's edge.
        const double rule = PresentationMode::minimumTextPixels(screenRect.height());
        const QVector<DrawnText> texts = drawnTexts(&w);
        EXPECT_GT(texts.size(), 30);
        int small = 0;
        int cut = 0;
        std::ostringstream smallTexts;
        std::ostringstream cutTexts;
        for (const DrawnText &text : texts) {
            // Sub- and superscripts (the k of d_k) are set smaller by design: two thirds, as Qt sets them.
            const bool script = text.text.trimmed().size() <= 2;
            if (text.pixelSize < (script ? 2.0 / 3.0 : 1.0) * rule - 0.51) {
                if (++small <= 8)
                    smallTexts << "\n  '" << text.text.left(40).toStdString() << "' (" << text.pixelSize << " px, "
                               << drawnIn(&w, text.rect) << ")";
            }
            if (isCut(text) && !text.text.contains(QChar(0x2026))) {
                if (++cut <= 8)
                    cutTexts << "\n  '" << text.text.left(40).toStdString() << "' (" << drawnIn(&w, text.rect) << ")";
            }
        }
        EXPECT_EQ(small, 0) << "texts under " << rule << " px:" << smallTexts.str();
        EXPECT_EQ(cut, 0) << "texts cut at their widget's edge:" << cutTexts.str();

        // The step's view has the largest place, and the hint line covers no view.
        QWidget *focal = w.presentationMode()->focalView();
        ASSERT_NE(focal, nullptr);
        EXPECT_TRUE(focal->isVisible());
        const int focalArea = focal->width() * focal->height();
        for (QWidget *side : stage->sideViews()) {
            EXPECT_GE(focalArea, side->width() * side->height()) << side->objectName().toStdString();
            EXPECT_FALSE(side->geometry().intersects(focal->geometry()));
            EXPECT_FALSE(side->geometry().intersects(stage->footer()->geometry()));
        }
        EXPECT_FALSE(focal->geometry().intersects(stage->footer()->geometry()));
    }

    std::unique_ptr<MainWindow> window;
};

} // namespace

TEST(PresentationTextRule, TheSmallestTextGrowsWithTheScreen)
{
    EXPECT_EQ(PresentationMode::minimumTextPixels(720), 16);
    EXPECT_EQ(PresentationMode::minimumTextPixels(768), 18);
    EXPECT_EQ(PresentationMode::minimumTextPixels(1080), 24);
    EXPECT_EQ(PresentationMode::minimumTextPixels(2160), 48);
}

TEST_F(PresentationFitTest, EveryStepFitsEveryProjectorAtTheSmallestAndTheLargestText)
{
    const QList<QScreen *> screens = QGuiApplication::screens();
    ASSERT_EQ(screens.size(), 5) << "screensmain.cpp gives the platform five screens";
    for (QScreen *screen : screens) {
        MainWindow &w = openOn(screen);
        const QRect before = w.geometry();
        ASSERT_EQ(w.screen(), screen);
        w.presentationMode()->enter();
        settleEvents();
        const int steps = w.lessonPanel()->stepCount();
        ASSERT_GE(steps, 13);
        for (int step = 0; step < steps; ++step) {
            ASSERT_TRUE(w.lessonPanel()->goToStep(step));
            settleEvents();
            // The view the step is about has the large place.
            QWidget *expected = w.keySpaceView();
            switch (Lesson::steps().at(step).view) {
            case LessonView::Heatmap: expected = w.heatmapView(); break;
            case LessonView::WorkedNumbers: expected = w.workedNumbersView(); break;
            case LessonView::Weights: expected = w.weightsChartView(); break;
            case LessonView::Context: expected = w.contextChartView(); break;
            case LessonView::Mask: expected = w.maskGridView(); break;
            case LessonView::BottleneckLab:
            case LessonView::ScaleLab:
            case LessonView::ScoreLab:
            case LessonView::DerivationLab:
                ASSERT_NE(w.labDocks()->dock(Lesson::steps().at(step).view), nullptr) << "step " << step + 1;
                // While presenting, the lab stands on the stage, outside its dock.
                expected = w.labDocks()->lab(Lesson::steps().at(step).view);
                break;
            default: break;
            }
            EXPECT_EQ(w.presentationMode()->focalView(), expected) << "step " << step + 1;
            // The smallest text offered, then the largest that Ctrl+plus reaches here.
            QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
            settleEvents();
            const int smallest = w.viewState()->textScalePercent();
            expectFits(w, screen, screen->name().toStdString() + " " + sizeName(screen->size()) + ", step "
                                      + std::to_string(step + 1) + ", smallest text");
            auto cutInViews = [&] {
                QStringList cut;
                QList<QWidget *> views = w.presentationMode()->stage()->sideViews();
                views.prepend(w.presentationMode()->focalView());
                for (QWidget *view : views)
                    for (const DrawnText &text : drawnTexts(view))
                        if (isCut(text))
                            cut << text.text;
                return cut;
            };
            const QStringList cutAtSmallest = cutInViews();
            for (int i = 0; i < PresentationMode::kMaximumPresentationSteps + 1; ++i)
                QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
            settleEvents();
            const int largest = w.viewState()->textScalePercent();
            // Bigger text never cuts a label that was whole at the smallest size.
            EXPECT_LE(cutInViews().size(), cutAtSmallest.size())
                << "cut at the largest text: " << cutInViews().join(QStringLiteral(" | ")).toStdString();
            EXPECT_GE(largest, smallest);
            if (largest > smallest) {
                expectFits(w, screen, screen->name().toStdString() + " " + sizeName(screen->size()) + ", step "
                                          + std::to_string(step + 1) + ", largest text");
            }
        }
        QTest::keyClick(&w, Qt::Key_Escape);
        settleEvents();
        EXPECT_FALSE(w.presentationMode()->isActive());
        EXPECT_EQ(w.geometry(), before) << screen->name().toStdString();
        window.reset();
    }
}

// The projectors of lecture halls, in both languages: no word of any step is cut or shortened
// with an ellipsis, in the lesson or in any view on the stage, at the smallest and the largest text.
class PresentationWordsTest : public PresentationFitTest, public ::testing::WithParamInterface<const char *> {
protected:
    void SetUp() override
    {
        PresentationFitTest::SetUp();
        ASSERT_TRUE(LanguageSettings::install(QString::fromLatin1(GetParam())));
    }
    void TearDown() override
    {
        PresentationFitTest::TearDown();
        LanguageSettings::install(QStringLiteral("en"));
    }
};

TEST_P(PresentationWordsTest, NoWordIsCutOnALectureHallProjectorAtAnyStep)
{
  // 1024x768, 1280x720, 1280x800, 1920x1080 and 3840x2160.
  for (QScreen *xga : QGuiApplication::screens()) {
    MainWindow &w = openOn(xga);
    w.presentationMode()->enter();
    settleEvents();
    for (int step = 0; step < w.lessonPanel()->stepCount(); ++step) {
        ASSERT_TRUE(w.lessonPanel()->goToStep(step));
        settleEvents();
        for (const bool largest : {false, true}) {
            QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
            if (largest) {
                for (int i = 0; i < PresentationMode::kMaximumPresentationSteps + 1; ++i)
                    QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
            }
            settleEvents();
            const std::string where = std::string(GetParam()) + " " + sizeName(xga->size()) + ", step " + std::to_string(step + 1) + " ("
                + Lesson::steps().at(step).id.toStdString() + "), " + (largest ? "largest" : "smallest") + " text";
            expectFits(w, xga, where);
            QStringList cut;
            for (const DrawnText &text : drawnTexts(&w)) {
                if (isCut(text))
                    cut << text.text.left(40) + QStringLiteral(" (") + QString::fromStdString(drawnIn(&w, text.rect)) + QLatin1Char(')');
            }
            EXPECT_TRUE(cut.isEmpty()) << where << ":\n  " << cut.join(QStringLiteral("\n  ")).toStdString();
        }
    }
    window.reset();
  }
}

INSTANTIATE_TEST_SUITE_P(Languages, PresentationWordsTest, ::testing::Values("en", "zh_TW"));

// The tour at 1280x720: F5, Ctrl+plus four times, PageDown to the masking steps, Ctrl+0,
// Escape: the window never grows past the screen and comes back at its own size.
TEST_F(PresentationFitTest, BigTextAndLaterStepsNeverPushTheWindowOffTheScreen)
{
    QScreen *hd = screenOfSize(QSize(1280, 720));
    ASSERT_NE(hd, nullptr);
    MainWindow &w = openOn(hd);
    const QRect before = w.geometry();
    QTest::keyClick(&w, Qt::Key_F5);
    settleEvents();
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    for (int step = 1; step < 7; ++step) {
        QWidget *target = QApplication::focusWidget() ? QApplication::focusWidget() : static_cast<QWidget *>(&w);
        QTest::keyClick(target, Qt::Key_PageDown);
        settleEvents();
        EXPECT_LE(w.width(), 1280);
        EXPECT_LE(w.height(), 720);
    }
    expectFits(w, hd, "step 7 after Ctrl+plus x4");
    QTest::keyClick(&w, Qt::Key_0, Qt::ControlModifier);
    settleEvents();
    expectFits(w, hd, "step 7 after Ctrl+0");
    QTest::keyClick(&w, Qt::Key_Escape);
    settleEvents();
    EXPECT_EQ(w.geometry(), before);
    EXPECT_FALSE(w.isFullScreen());
}

TEST_F(PresentationFitTest, TheDefaultTextIsTheReadableMinimumAndCtrlMinusStopsThere)
{
    QScreen *fullHd = screenOfSize(QSize(1920, 1080));
    ASSERT_NE(fullHd, nullptr);
    MainWindow &w = openOn(fullHd);
    ASSERT_EQ(w.screen(), fullHd);
    w.presentationMode()->enter();
    settleEvents();
    ASSERT_EQ(w.screen(), fullHd);
    const int readable = w.presentationMode()->readableTextScale();
    EXPECT_EQ(w.viewState()->textScalePercent(), readable);
    EXPECT_GE(QFontInfo(w.keySpaceView()->font()).pixelSize(), 24);
    QTest::keyClick(&w, Qt::Key_Minus, Qt::ControlModifier);
    settleEvents();
    EXPECT_EQ(w.viewState()->textScalePercent(), readable);
    EXPECT_FALSE(w.presentationMode()->hintLabel()->text().isEmpty());
    QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
    settleEvents();
    EXPECT_GT(w.viewState()->textScalePercent(), readable);
    w.presentationMode()->leave();
}

TEST_F(PresentationFitTest, ASmallHeatmapTakesTheHeightItNeedsAndTheChartGetsTheRest)
{
    QScreen *fullHd = screenOfSize(QSize(1920, 1080));
    ASSERT_NE(fullHd, nullptr);
    MainWindow &w = openOn(fullHd);  // the step "query-and-memory": a 1x3 heatmap
    w.presentationMode()->enter();
    settleEvents();
    PresentationStage *stage = w.presentationMode()->stage();
    ASSERT_NE(stage, nullptr);
    ASSERT_EQ(w.presentationMode()->focalView(), w.keySpaceView());
    const QList<QWidget *> side = stage->sideViews();
    ASSERT_EQ(side.size(), 2);
    EXPECT_EQ(side.at(0), w.heatmapView());
    EXPECT_LE(w.heatmapView()->height(), w.heatmapView()->naturalHeight(w.heatmapView()->width()) + 1);
    EXPECT_GT(side.at(1)->height(), w.heatmapView()->height());
    // The matrix fills the heatmap's width rather than floating in empty space.
    const QRectF first = w.heatmapView()->cellRect(0, 0);
    const QRectF last = w.heatmapView()->cellRect(0, 2);
    ASSERT_FALSE(first.isEmpty());
    EXPECT_GT(last.right() - first.left(), 0.4 * w.heatmapView()->width());
    w.presentationMode()->leave();
}

// In the normal window, Ctrl+plus stops where the window would no longer fit the screen: the
// window is never pushed past the screen on the way, and a refused step leaves it as it was.
TEST_F(PresentationFitTest, CtrlPlusInTheNormalWindowNeverPushesItPastTheScreen)
{
    for (const QSize size : {QSize(1280, 720), QSize(1024, 768)}) {
        SCOPED_TRACE(sizeName(size));
        QScreen *screen = screenOfSize(size);
        ASSERT_NE(screen, nullptr);
        MainWindow &w = openOn(screen);
        ASSERT_TRUE(w.lessonPanel()->goToStep(attnlens::test::lessonStepIndex("query-and-temperature")));
        settleEvents();
        const QRect area = screen->availableGeometry();
        EXPECT_LE(w.width(), area.width()) << "after the step";
        EXPECT_LE(w.height(), area.height()) << "after the step";
        bool refused = false;
        for (int i = 0; i < 16 && !refused; ++i) {
            const QSize windowBefore = w.size();
            const int scaleBefore = w.viewState()->textScalePercent();
            // Every size the window takes while the step is tried, not only where it ends.
            int widest = 0;
            int tallest = 0;
            struct Watch : QObject {
                int *widest;
                int *tallest;
                QWidget *window;
                bool eventFilter(QObject *watched, QEvent *event) override
                {
                    if (watched == window && event->type() == QEvent::Resize) {
                        *widest = std::max(*widest, window->width());
                        *tallest = std::max(*tallest, window->height());
                    }
                    return false;
                }
            } watch;
            watch.widest = &widest;
            watch.tallest = &tallest;
            watch.window = &w;
            w.installEventFilter(&watch);
            QTest::keyClick(&w, Qt::Key_Plus, Qt::ControlModifier);
            settleEvents();
            w.removeEventFilter(&watch);
            EXPECT_LE(std::max(widest, w.width()), area.width()) << "Ctrl+plus " << i + 1;
            EXPECT_LE(std::max(tallest, w.height()), area.height()) << "Ctrl+plus " << i + 1;
            if (w.viewState()->textScalePercent() == scaleBefore) {
                refused = true;
                EXPECT_EQ(w.size(), windowBefore) << "a refused step leaves the window as it was";
            }
        }
        EXPECT_TRUE(refused) << "the text grew to the end of its range";
        window.reset();
    }
}
