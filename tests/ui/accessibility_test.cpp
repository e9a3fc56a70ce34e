// Accessibility: every view has a name and a description; the painted views describe their
// current numbers in words, and the words change with the numbers.
#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "chartsupport.h"
#include "contextchartview.h"
#include "coretestsupport.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lessonpanel.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "matrixeditorview.h"
#include "numberformat.h"
#include "temperaturepanel.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "weightstableview.h"
#include "workednumbersview.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAccessible>
#include <QComboBox>
#include <QDockWidget>
#include <QLineEdit>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;

namespace {

/// The window on screen at 1280x720 with the notebook lesson, as a student first sees it.
bool showWithLesson(MainWindow &window)
{
    window.resize(1280, 720);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    settleEvents();
    return true;
}

} // namespace

TEST(Accessibility, EveryViewHasANameAndADescription)
{
    MainWindow window;
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    settleEvents();
    QList<QWidget *> views;
    views << window.keySpaceView() << window.heatmapView() << window.temperaturePanel()
          << window.maskGridView() << window.maskGridView()->grid() << window.weightsChartView()
          << window.contextChartView() << window.workedNumbersView() << window.weightsTableView()
          << window.weightsTableView()->table() << window.matrixEditorView() << window.lessonPanel();
    for (QWidget *view : views) {
        ASSERT_NE(view, nullptr);
        EXPECT_FALSE(view->accessibleName().isEmpty()) << view->objectName().toStdString();
        EXPECT_FALSE(view->accessibleDescription().isEmpty()) << view->objectName().toStdString();
        // What an assistive technology is given.
        QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(view);
        ASSERT_NE(accessible, nullptr);
        EXPECT_EQ(accessible->text(QAccessible::Name), view->accessibleName());
    }
}

TEST(Accessibility, EveryFocusableControlHasANameOrAText)
{
    MainWindow window;
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.startLesson(0);
    settleEvents();
    QStringList unnamed;
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        const bool control = qobject_cast<QAbstractSlider *>(widget) || qobject_cast<QAbstractSpinBox *>(widget)
            || qobject_cast<QComboBox *>(widget) || qobject_cast<QLineEdit *>(widget)
            || qobject_cast<QAbstractItemView *>(widget);
        if (!control || !(widget->focusPolicy() & Qt::TabFocus) || widget->focusProxy())
            continue;
        if (qobject_cast<QLineEdit *>(widget) && qobject_cast<QAbstractSpinBox *>(widget->parentWidget()))
            continue;  // a spin box's own line edit: the spin box is named
        if (qobject_cast<QLineEdit *>(widget) && qobject_cast<QComboBox *>(widget->parentWidget()))
            continue;
        if (widget->accessibleName().isEmpty())
            unnamed << widget->metaObject()->className() + QStringLiteral(" ") + widget->objectName();
    }
    EXPECT_TRUE(unnamed.isEmpty()) << unnamed.join(QStringLiteral(", ")).toStdString();
    for (QAbstractButton *button : window.findChildren<QAbstractButton *>()) {
        if (!(button->focusPolicy() & Qt::TabFocus))
            continue;
        EXPECT_FALSE(button->text().isEmpty() && button->accessibleName().isEmpty() && button->toolTip().isEmpty())
            << button->objectName().toStdString();
    }
}

TEST(Accessibility, TheKeySpaceDescribesItsNumbersAndFollowsADrag)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(builtinScenario(kLessonScenarioId));
    KeySpaceView view(&model, &viewState);
    view.resize(800, 600);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    settleEvents();
    const QString before = view.accessibleDescription();
    EXPECT_TRUE(before.contains(QLatin1String("Query q at (1, 0)"))) << before.toStdString();
    EXPECT_TRUE(before.contains(QLatin1String("memory A 0.4011, memory B 0.1978, memory C 0.4011")))
        << before.toStdString();
    EXPECT_TRUE(before.contains(QLatin1String("Context ("))) << before.toStdString();
    EXPECT_EQ(view.numbersDescription().left(18), QStringLiteral("Query q at (1, 0).").left(18));

    // Drag the tip of q: the words change with the weights.
    const QPoint tip = view.tipPosition(0).toPoint();
    QTest::mousePress(&view, Qt::LeftButton, {}, tip);
    QTest::mouseMove(&view, tip + QPoint(-40, -60));
    QTest::mouseRelease(&view, Qt::LeftButton, {}, tip + QPoint(-40, -60));
    settleEvents();
    const QString after = view.accessibleDescription();
    EXPECT_NE(after, before);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_TRUE(after.contains(formatCompact(model.result()->weights(0, 1), 4))) << after.toStdString();
    EXPECT_FALSE(after.contains(QLatin1String("memory B 0.1978")));
    QAccessibleInterface *accessible = QAccessible::queryAccessibleInterface(&view);
    ASSERT_NE(accessible, nullptr);
    EXPECT_EQ(accessible->text(QAccessible::Description), after);

    // Undefined numbers are said to be undefined, never read as 0.
    Mask blocked = Mask::Constant(1, 3, false);
    model.setMask(blocked);
    settleEvents();
    EXPECT_TRUE(view.accessibleDescription().contains(QLatin1String("undefined"), Qt::CaseInsensitive))
        << view.accessibleDescription().toStdString();
}

TEST(Accessibility, ChartsHeatmapAndWorkedNumbersReadTheWeightsInWords)
{
    // Each view on screen (a dock tab behind another is brought forward first: without a screen
    // reader, hidden views skip their words until shown, see below).
    MainWindow window;
    ASSERT_TRUE(showWithLesson(window));
    auto bringForward = [&](QWidget *view) {
        if (auto *dock = qobject_cast<QDockWidget *>(view->parentWidget()))
            dock->raise();
        settleEvents();
        EXPECT_TRUE(isOnScreen(view)) << view->objectName().toStdString();
    };
    const AttentionResult *result = window.model()->result();
    ASSERT_NE(result, nullptr);
    const QString weight = QStringLiteral("memory B 0.1978");
    for (QWidget *view : {static_cast<QWidget *>(window.heatmapView()),
                          static_cast<QWidget *>(window.weightsChartView()),
                          static_cast<QWidget *>(window.workedNumbersView())}) {
        bringForward(view);
        EXPECT_TRUE(view->accessibleDescription().contains(weight))
            << view->objectName().toStdString() << ": " << view->accessibleDescription().toStdString();
    }
    bringForward(window.heatmapView());
    bringForward(window.contextChartView());
    const QString context = formatCompact(result->context(0, 0), 4);
    EXPECT_TRUE(window.contextChartView()->accessibleDescription().contains(context))
        << window.contextChartView()->accessibleDescription().toStdString();

    Eigen::RowVectorXd q(2);
    q << 0.0, 1.0;
    window.model()->setQueryRow(0, q);
    settleEvents();
    const QString moved = formatCompact(window.model()->result()->weights(0, 1), 4);
    EXPECT_TRUE(window.weightsChartView()->accessibleDescription().contains(QStringLiteral("memory B ") + moved));
    EXPECT_TRUE(window.heatmapView()->accessibleDescription().contains(QStringLiteral("memory B ") + moved));
}

TEST(Accessibility, AHiddenViewCatchesUpWhenShown)
{
    // Without a screen reader a view behind another tab skips the words during a drag, and has
    // the current ones as soon as it is shown.
    ASSERT_FALSE(QAccessible::isActive());
    MainWindow window;
    ASSERT_TRUE(showWithLesson(window));
    QWidget *worked = window.workedNumbersView();
    auto *heatmapDock = qobject_cast<QDockWidget *>(window.heatmapView()->parentWidget());
    ASSERT_NE(heatmapDock, nullptr);
    heatmapDock->raise();
    settleEvents();
    ASSERT_FALSE(isOnScreen(worked)) << "the worked numbers are a tab behind the heatmap";
    Eigen::RowVectorXd q(2);
    q << 0.0, 1.0;
    window.model()->setQueryRow(0, q);
    settleEvents();
    const QString moved = QStringLiteral("memory B ") + formatCompact(window.model()->result()->weights(0, 1), 4);
    EXPECT_FALSE(worked->accessibleDescription().contains(moved));
    auto *dock = qobject_cast<QDockWidget *>(worked->parentWidget());
    ASSERT_NE(dock, nullptr);
    dock->raise();
    settleEvents();
    ASSERT_TRUE(isOnScreen(worked));
    EXPECT_TRUE(worked->accessibleDescription().contains(moved)) << worked->accessibleDescription().toStdString();
}

TEST(Accessibility, PaintedViewsShowAFocusRing)
{
    MainWindow window;
    ASSERT_TRUE(showWithLesson(window));
    for (QWidget *view : {static_cast<QWidget *>(window.weightsChartView()),
                          static_cast<QWidget *>(window.contextChartView())}) {
        auto *ring = view->findChild<QWidget *>(view->objectName() + QStringLiteral("FocusRing"));
        ASSERT_NE(ring, nullptr) << view->objectName().toStdString();
        EXPECT_FALSE(ring->isVisible());
        view->setFocus(Qt::TabFocusReason);
        settleEvents();
        EXPECT_TRUE(view->hasFocus()) << view->objectName().toStdString();
        EXPECT_TRUE(ring->isVisible()) << view->objectName().toStdString();
        const QImage image = view->grab().toImage();
        EXPECT_EQ(QColor(image.pixel(image.width() / 2, 0)), view->palette().color(QPalette::Highlight));
        window.keySpaceView()->setFocus(Qt::TabFocusReason);
        settleEvents();
        EXPECT_FALSE(ring->isVisible());
    }
    window.keySpaceView()->setFocus(Qt::TabFocusReason);
    settleEvents();
    window.keySpaceView()->grab().save(attnlens::test::testOutputPath(QStringLiteral("access-keyspace-focus.png")));
}
