// The lecture hall's rule for labels that matter (token names, axis titles, legend entries, tick
// values): in the normal window at the sizes lecture rooms have, 1280x720 and 1920x1080, with and
// without the lesson column, in the Light and the Projector theme, and for every built-in
// scenario, every view writes its labels in full (or, where a name is shortened, its tooltip
// holds the full text), inside the view, without overlapping one another; and the worked
// numbers need no sideways scrolling.
#include "builtinscenarios.h"
#include "chartsupport.h"
#include "contextchartview.h"
#include "coretestsupport.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "presentationmode.h"
#include "theme.h"
#include "themecontroller.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QDockWidget>
#include <QScrollBar>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

/// Every label inside `bounds` (a pixel of slack for antialiased edges), none overlapping
/// another, and none shortened unless its tooltip completes it.
::testing::AssertionResult labelsReadInFull(const QVector<DrawnLabel> &labels, const QRectF &bounds)
{
    const QRectF slack = bounds.adjusted(-1.0, -1.0, 1.0, 1.0);
    for (int i = 0; i < labels.size(); ++i) {
        const DrawnLabel &label = labels.at(i);
        if (label.elided() && label.toolTip.isEmpty())
            return ::testing::AssertionFailure() << "\"" << label.text.toStdString() << "\" is cut short";
        if (!slack.contains(label.rect)) {
            return ::testing::AssertionFailure()
                << "\"" << label.text.toStdString() << "\" (" << label.rect.x() << "," << label.rect.y() << " "
                << label.rect.width() << "x" << label.rect.height() << ") leaves the view (" << bounds.width()
                << "x" << bounds.height() << ")";
        }
        for (int j = i + 1; j < labels.size(); ++j) {
            const QRectF overlap = label.rect.intersected(labels.at(j).rect);
            if (overlap.width() > 1.0 && overlap.height() > 1.0) {
                return ::testing::AssertionFailure() << "\"" << label.text.toStdString() << "\" and \""
                                                     << labels.at(j).text.toStdString() << "\" overlap";
            }
        }
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult rectsFit(const QVector<QRectF> &rects, const QRectF &bounds)
{
    QVector<DrawnLabel> labels;
    for (const QRectF &rect : rects)
        labels.append(DrawnLabel{rect, QStringLiteral("label %1").arg(labels.size()), QString()});
    return labelsReadInFull(labels, bounds);
}

QDockWidget *dockOf(QWidget *widget)
{
    for (QWidget *w = widget; w; w = w->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(w))
            return dock;
    }
    return nullptr;
}

class LabelFitTest : public ::testing::TestWithParam<Theme::Kind> {
protected:
    void SetUp() override { QSettings().clear(); }
    void TearDown() override
    {
        window.reset();
        // The token colours are the application's: leave them as Light for the next test.
        ViewState state;
        ThemeController controller(&state, nullptr);
        Q_UNUSED(controller);
    }

    std::unique_ptr<MainWindow> window;
};

} // namespace

TEST_P(LabelFitTest, EveryBuiltinScenarioAtLectureRoomSizes)
{
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            for (const bool lesson : {false, true}) {
                window = std::make_unique<MainWindow>();
                MainWindow &w = *window;
                w.presentationMode()->setFullScreenEnabled(false);
                w.viewState()->setThemeKind(GetParam());
                w.resize(size);
                w.show();
                ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
                if (lesson)
                    w.startLesson(0);
                w.openScenario(loadBuiltinScenario(info.id).value(), info.id);
                settleEvents();
                const std::string where = info.id.toStdString() + (lesson ? " with the lesson" : "") + " at "
                    + std::to_string(size.width()) + "x" + std::to_string(size.height());
                SCOPED_TRACE(where);
                ASSERT_EQ(w.size(), size);

                if (isOnScreen(w.keySpaceView())) {
                    EXPECT_TRUE(rectsFit(w.keySpaceView()->labelRects(), w.keySpaceView()->rect())) << "key space";
                }
                if (isOnScreen(w.weightsChartView())) {
                    const QVector<DrawnLabel> labels = w.weightsChartView()->drawnLabels();
                    EXPECT_GE(labels.size(), 4);
                    EXPECT_TRUE(labelsReadInFull(labels, w.weightsChartView()->rect())) << "weights chart";
                }
                if (isOnScreen(w.contextChartView())) {
                    const QVector<DrawnLabel> labels = w.contextChartView()->drawnLabels();
                    EXPECT_GE(labels.size(), 4);
                    EXPECT_TRUE(labelsReadInFull(labels, w.contextChartView()->rect())) << "context chart";
                    // Every legend entry is written, the context marker's first.
                    const QStringList legend = w.contextChartView()->legendTexts();
                    ASSERT_FALSE(legend.isEmpty());
                    EXPECT_TRUE(legend.constFirst().startsWith(QStringLiteral("context = ")));
                }
                MaskGridCanvas *grid = w.maskGridView()->grid();
                if (isOnScreen(grid)) {
                    EXPECT_TRUE(labelsReadInFull(grid->drawnLabels(), grid->rect())) << "mask grid";
                }

                // The worked numbers, brought to the front of their tab group: every column in
                // sight without a horizontal scroll bar.
                WorkedNumbersView *worked = w.workedNumbersView();
                if (QDockWidget *dock = dockOf(worked); dock && dock->isVisible()) {
                    dock->raise();
                    settleEvents();
                    if (isOnScreen(worked) && !worked->isShowingRefusal()) {
                        EXPECT_LE(worked->contentSize().width(), worked->viewport()->width()) << "worked numbers";
                        EXPECT_EQ(worked->horizontalScrollBar()->maximum(), 0) << "worked numbers";
                    }
                }
                window.reset();
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Themes, LabelFitTest, ::testing::Values(Theme::Kind::Light, Theme::Kind::Projector),
                         [](const ::testing::TestParamInfo<Theme::Kind> &info) {
                             return info.param == Theme::Kind::Light ? std::string("Light") : std::string("Projector");
                         });
