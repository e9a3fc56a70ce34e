#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "chartsupport.h"
#include "charttestsupport.h"
#include "contextchartview.h"
#include "numberformat.h"
#include "scenario.h"
#include "viewstate.h"

#include <QApplication>
#include <QBarSeries>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsSimpleTextItem>
#include <QImage>
#include <QLabel>
#include <QMainWindow>
#include <QScreen>
#include <QScatterSeries>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTest>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <vector>
#include <random>

using namespace attnlens;

namespace {

using attnlens::test::countPixels;
using attnlens::test::LayoutRequestCounter;
using attnlens::test::rows;

/// Counts what a bar set announces to its series through the private relay (each announcement
/// makes the series lay out every bar again).
std::unique_ptr<QSignalSpy> spyOnSeriesAnnouncements(QBarSet *set)
{
    QObject *relay = seriesRelayOf(set);
    if (!relay)
        return nullptr;
    auto spy = std::make_unique<QSignalSpy>(relay, SIGNAL(valueChanged(int)));
    return spy->isValid() ? std::move(spy) : nullptr;
}

// The notebook's step 6: three queries against memories A, B, C.
Scenario threeQueries()
{
    return attnlens::test::notebookThreeQueries({QStringLiteral("q"), QStringLiteral("q2"), QStringLiteral("q3")});
}

class ContextChartViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(threeQueries());
        view = std::make_unique<ContextChartView>(&model, &viewState);
        view->resize(700, 420);
        view->show();
        settle();
    }

    static void settle() { attnlens::test::settleChart(); }

    QPoint pixelOf(double dimension, double value) const
    {
        return attnlens::test::chartPixelOf(view.get(), view->chart(), view->contributionSeries(),
                                            QPointF(dimension, value));
    }

    void expectStacksMatchModel(int query)
    {
        const AttentionResult *result = model.result();
        ASSERT_NE(result, nullptr);
        const Scenario &s = model.scenario();
        const QList<QBarSet *> sets = view->contributionSets();
        for (int d = 0; d < s.valueDimension(); ++d) {
            double sum = 0.0;
            for (int set = 0; set < sets.size(); ++set) {
                double expected = 0.0;
                for (int key : view->keysOfSet(set))
                    expected += result->weights(query, key) * s.values(key, d);
                EXPECT_NEAR(sets.at(set)->at(d), expected, 1e-15) << "set " << set << " dim " << d;
                sum += sets.at(set)->at(d);
            }
            EXPECT_NEAR(sum, result->context(query, d), 1e-12) << "dim " << d;
            EXPECT_EQ(view->contextSeries()->at(d).y(), result->context(query, d)) << "dim " << d;
        }
    }

    /// The value axis holds every stack (its positive and its negative part) and every context
    /// value, and runs close to them: at most twice the extent they need, beyond a nice step.
    void expectAxisHoldsTheStacksClosely()
    {
        auto *yAxis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).constFirst());
        ASSERT_NE(yAxis, nullptr);
        double low = 0.0;
        double high = 0.0;
        const QList<QBarSet *> sets = view->contributionSets();
        for (int d = 0; d < view->contextSeries()->count(); ++d) {
            double positive = 0.0;
            double negative = 0.0;
            for (QBarSet *set : sets) {
                positive += std::max(0.0, set->at(d));
                negative += std::min(0.0, set->at(d));
            }
            low = std::min({low, negative, view->contextSeries()->at(d).y()});
            high = std::max({high, positive, view->contextSeries()->at(d).y()});
        }
        EXPECT_LE(yAxis->min(), low);
        EXPECT_GE(yAxis->max(), high);
        EXPECT_LE(yAxis->max() - yAxis->min(), 2.0 * (high - low));
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<ContextChartView> view;
};

TEST_F(ContextChartViewTest, StacksAreWeightedValuesSummingToTheContext)
{
    const AttentionResult *result = model.result();
    ASSERT_EQ(view->contributionSets().size(), 3);
    for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(view->keysOfSet(j), QVector<int>{j});
        EXPECT_EQ(view->contributionSets().at(j)->label(), model.scenario().keyLabel(j));
        for (int d = 0; d < 2; ++d)
            EXPECT_EQ(view->contributionSets().at(j)->at(d), result->weights(0, j) * model.scenario().values(j, d));
    }
    expectStacksMatchModel(0);
    EXPECT_EQ(view->contextLabel(0), QStringLiteral("8.0222"));
    EXPECT_EQ(view->contextLabel(1), QStringLiteral("5.9889"));

    auto *axis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(axis, nullptr);
    EXPECT_EQ(axis->categories(), (QStringList{QStringLiteral("dim 1"), QStringLiteral("dim 2")}));
    EXPECT_EQ(view->chart()->animationOptions(), QChart::NoAnimation);

    // Key colours are distinct from one another.
    EXPECT_NE(view->contributionSets().at(0)->color(), view->contributionSets().at(1)->color());
    EXPECT_NE(view->contributionSets().at(1)->color(), view->contributionSets().at(2)->color());
}

TEST_F(ContextChartViewTest, NegativeContributionsStackBelowZero)
{
    Scenario s = threeQueries();
    s.values = rows({{-6, 4}, {4, -6}, {4, 4}});
    model.setScenario(s);
    settle();
    expectStacksMatchModel(0);
    const QList<QBarSet *> sets = view->contributionSets();
    ASSERT_LT(sets.at(0)->at(0), 0.0);

    expectAxisHoldsTheStacksClosely();

    const QImage image = view->grab().toImage();
    image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-context-negative.png")));
    // Dim 1: A's share (−2.41) hangs below zero; B (0.79) and C (1.60) stack upwards from zero.
    const double a = sets.at(0)->at(0);
    const double b = sets.at(1)->at(0);
    const double c = sets.at(2)->at(0);
    EXPECT_EQ(QColor(image.pixel(pixelOf(0.1, a / 2))), sets.at(0)->color());
    EXPECT_EQ(QColor(image.pixel(pixelOf(0.1, b / 2))), sets.at(1)->color());
    EXPECT_EQ(QColor(image.pixel(pixelOf(0.1, b + c / 2))), sets.at(2)->color());
    // Dim 2: B hangs below zero, A and C above.
    EXPECT_EQ(QColor(image.pixel(pixelOf(1.1, sets.at(1)->at(1) / 2))), sets.at(1)->color());
    EXPECT_EQ(QColor(image.pixel(pixelOf(1.1, sets.at(0)->at(1) / 2))), sets.at(0)->color());
}

TEST_F(ContextChartViewTest, SelectionAndModelChangesUpdateInPlace)
{
    const QList<QBarSet *> sets = view->contributionSets();
    QScatterSeries *markers = view->contextSeries();
    QSignalSpy added(view->contributionSeries(), &QAbstractBarSeries::barsetsAdded);
    QSignalSpy removed(view->contributionSeries(), &QAbstractBarSeries::barsetsRemoved);
    QSignalSpy changed(sets.at(1), &QBarSet::valueChanged);

    viewState.setSelectedQuery(1);
    settle();
    EXPECT_EQ(view->contributionSets(), sets);
    EXPECT_EQ(view->shownQuery(), 1);
    expectStacksMatchModel(1);
    EXPECT_TRUE(view->chart()->title().contains(QStringLiteral("q2")));

    model.setValueRow(1, Eigen::RowVector2d(-20.0, 5.0));
    settle();
    EXPECT_EQ(view->contributionSets(), sets);
    EXPECT_EQ(view->contextSeries(), markers);
    expectStacksMatchModel(1);
    EXPECT_LT(sets.at(1)->at(0), 0.0);
    expectAxisHoldsTheStacksClosely();

    model.setTemperature(3.0);
    settle();
    expectStacksMatchModel(1);
    EXPECT_EQ(added.count(), 0);
    EXPECT_EQ(removed.count(), 0);
    EXPECT_GT(changed.count(), 0);
}

TEST_F(ContextChartViewTest, MaskedKeyContributesNothing)
{
    model.setMaskCell(0, 1, false);
    settle();
    expectStacksMatchModel(0);
    EXPECT_EQ(view->contributionSets().at(1)->at(1), 0.0);
    EXPECT_TRUE(view->contributionSets().at(1)->label().contains(QStringLiteral("masked")));
    EXPECT_EQ(view->contextLabel(0), QStringLiteral("10.0000"));
    EXPECT_EQ(view->contextLabel(1), QStringLiteral("5.0000"));
}

TEST_F(ContextChartViewTest, RefusalGreysTheChartOut)
{
    for (int j = 0; j < 3; ++j)
        model.setMaskCell(0, j, false);
    settle();
    ASSERT_EQ(model.result(), nullptr);
    EXPECT_TRUE(view->errorText().startsWith(QStringLiteral("undefined: no allowed key")));
    EXPECT_TRUE(view->contextLabel(0).isEmpty());
    const QImage image = view->grab().toImage();
    image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-context-error.png")));
    for (QBarSet *set : view->contributionSets())
        EXPECT_EQ(countPixels(image, set->color()), 0) << "stale bars shown as current";

    // Another query's empty row refuses the whole scenario too, and says which query.
    model.setMaskCell(0, 0, true);
    settle();
    EXPECT_TRUE(view->errorText().isEmpty());
    model.setScenario(threeQueries());
    model.setMaskCell(2, 0, false);
    model.setMaskCell(2, 1, false);
    model.setMaskCell(2, 2, false);
    settle();
    EXPECT_TRUE(view->errorText().contains(QStringLiteral("q3")));
}

TEST_F(ContextChartViewTest, ManyKeysShareAnOtherKeysSet)
{
    Scenario many;
    const int n = 20;
    many.queries = Matrix::Random(1, 4);
    many.keys = Matrix::Random(n, 4);
    many.values = Matrix::Random(n, 3) * 10.0;
    model.setScenario(many);
    settle();
    ASSERT_EQ(view->contributionSets().size(), ContextChartView::kMaxKeySets);
    EXPECT_EQ(view->keysOfSet(ContextChartView::kMaxKeySets - 1).size(), n - (ContextChartView::kMaxKeySets - 1));
    EXPECT_TRUE(view->contributionSets().constLast()->label().contains(QStringLiteral("other")));
    expectStacksMatchModel(0);
    view->grab().toImage().save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-context-many.png")));
}

TEST_F(ContextChartViewTest, RendersAtProjectorAndLargeSizes)
{
    for (const QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(600, 400)}) {
        view->resize(size);
        settle();
        const QImage image = view->grab().toImage();
        image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-context-%1x%2.png").arg(size.width()).arg(size.height())));
        ASSERT_EQ(image.size(), size);
        for (QBarSet *set : view->contributionSets())
            EXPECT_GT(countPixels(image, set->color()), size.width() * size.height() / 400) << size.width();
        EXPECT_FALSE(view->contextLabel(0).isEmpty()) << size.width();
    }
}

TEST_F(ContextChartViewTest, ADragDoesNotLayTheChartOutAgain)
{
    LayoutRequestCounter layouts;
    view->chart()->installEventFilter(&layouts);
    const QRectF plot = view->chart()->plotArea();
    for (int step = 1; step <= 20; ++step) {
        Eigen::RowVectorXd q(2);
        q << std::cos(step * 0.2), std::sin(step * 0.2);
        model.setQueryRow(0, q);
        settle();
        expectStacksMatchModel(0);
    }
    EXPECT_EQ(layouts.count, 0) << "axes, title and legend must stay put while the bars move";
    EXPECT_EQ(view->chart()->plotArea(), plot);
    EXPECT_EQ(view->contextLabel(0), formatCompact(model.result()->context(0, 0)));
}

TEST_F(ContextChartViewTest, ADockTabBehindAnotherWaitsUntilBroughtToTheFront)
{
    QMainWindow window;
    auto *tabbed = new ContextChartView(&model, &viewState);
    QDockWidget *back = attnlens::test::dockBehindAnotherTab(window, tabbed, QStringLiteral("Context"),
                                                             Qt::BottomDockWidgetArea, QSize(900, 700));

    const double before = tabbed->contextSeries()->at(0).y();
    model.setTemperature(0.4);
    settle();
    ASSERT_NE(model.result()->context(0, 0), before);
    EXPECT_EQ(tabbed->contextSeries()->at(0).y(), before) << "a chart behind another tab does no work";

    back->raise();
    settle();
    for (int d = 0; d < 2; ++d) {
        EXPECT_EQ(tabbed->contextSeries()->at(d).y(), model.result()->context(0, d)) << d;
        EXPECT_EQ(tabbed->contextLabel(d), view->contextLabel(d)) << d;
    }
    const QList<QBarSet *> sets = tabbed->contributionSets();
    ASSERT_EQ(sets.size(), 3);
    EXPECT_NEAR(sets.at(2)->at(0), model.result()->weights(0, 2) * 10.0, 1e-12);
}

TEST_F(ContextChartViewTest, WhatADragLeavesOnScreenIsAFullRepaint)
{
    // Frames during a drag repaint only what changed; the pixels left on screen afterwards
    // must be the same as a repaint of the whole chart.
    //
    // Each frame also announces each set's new values to its series once, not once per value:
    // replaceBarValues() mutes Qt Charts' private relay (QBarSetPrivate) for all but the last
    // changed value. If a Qt upgrade renames or bypasses that relay, this fails here instead of a
    // drag quietly laying out every bar once per changed value.
    const QList<QBarSet *> sets = view->contributionSets();
    std::vector<std::unique_ptr<QSignalSpy>> announced;
    std::vector<std::unique_ptr<QSignalSpy>> written;
    for (QBarSet *set : sets) {
        announced.push_back(spyOnSeriesAnnouncements(set));
        ASSERT_NE(announced.back(), nullptr)
            << "Qt Charts' QBarSetPrivate relay (or its valueChanged(int) signal) is gone: "
               "replaceBarValues() can no longer mute it; see ui/chartsupport.cpp";
        written.push_back(std::make_unique<QSignalSpy>(set, &QBarSet::valueChanged));
    }
    int setsWithSeveralValuesInOneFrame = 0;
    for (int step = 1; step <= 12; ++step) {
        Eigen::RowVectorXd q(2);
        q << std::cos(step * 0.5), std::sin(step * 0.5);
        model.setQueryRow(0, q);
        settle();
        for (size_t s = 0; s < announced.size(); ++s) {
            EXPECT_EQ(announced[s]->count(), written[s]->count() > 0 ? 1 : 0)
                << "set " << s << ", step " << step << ": " << written[s]->count()
                << " values written, " << announced[s]->count() << " announced to the series";
            setsWithSeveralValuesInOneFrame += written[s]->count() >= 2;
            announced[s]->clear();
            written[s]->clear();
        }
    }
    ASSERT_GT(setsWithSeveralValuesInOneFrame, 0) << "the drag must change two values of a set at once";
    const std::optional<int> differing = attnlens::test::pixelsDifferingFromAFullRepaint(view.get());
    if (!differing)
        GTEST_SKIP() << "this platform cannot read back the window";
    EXPECT_EQ(*differing, 0);
}

// The practice step "one huge value": memory C carries [10000, 10000] and the context is about
// [4015, 4013]. The axis runs to 5,000 (not to 12,000 as one sized for the value entries would),
// the ticks name the dimensions "dim 1", "dim 2", and both context values are written on the chart.
TEST_F(ContextChartViewTest, AHugeValueGetsAnAxisCloseToTheContextAndItsValuesWritten)
{
    Scenario s = threeQueries();
    s.queries = rows({{1, 0}});
    s.queryLabels = {QStringLiteral("q")};
    s.values = rows({{10, 0}, {0, 10}, {10000, 10000}});
    model.setScenario(s);
    viewState.setSelectedQuery(0);
    for (const QSize size : {QSize(420, 260), QSize(700, 420), QSize(1000, 600)}) {
        view->resize(size);
        settle();
        SCOPED_TRACE(std::to_string(size.width()));
        auto *yAxis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).constFirst());
        EXPECT_EQ(yAxis->min(), 0.0);
        // 5,000 where the plot is tall enough; a short one keeps more headroom for the labels.
        EXPECT_GE(yAxis->max(), 4500.0);
        EXPECT_LE(yAxis->max(), size.height() >= 400 ? 5000.0 : 6000.0);
        expectAxisHoldsTheStacksClosely();
        auto *xAxis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
        EXPECT_EQ(xAxis->categories(), (QStringList{QStringLiteral("dim 1"), QStringLiteral("dim 2")}));
        EXPECT_EQ(view->contextLabel(0), formatCompact(model.result()->context(0, 0)));
        EXPECT_EQ(view->contextLabel(1), formatCompact(model.result()->context(0, 1)));
    }
}

// Every legend entry is written in full ("context = Σ wᵢ·vᵢ", long key names), beside the plot
// while a column fits there and in rows under it when the chart is narrow; no text of the chart
// is cut short, leaves the chart, or overlaps another.
TEST_F(ContextChartViewTest, LegendEntriesAndTitlesAreNeverCutShort)
{
    Scenario s = threeQueries();
    s.keyLabels = {QStringLiteral("token 1 (memory A)"), QStringLiteral("token 2 (memory B)"),
                   QStringLiteral("token 3 (memory C)")};
    model.setScenario(s);
    for (const QSize size : {QSize(380, 300), QSize(520, 300), QSize(900, 420)}) {
        view->resize(size);
        settle();
        SCOPED_TRACE(std::to_string(size.width()));
        const QStringList legend = view->legendTexts();
        ASSERT_EQ(legend.size(), 4);
        EXPECT_TRUE(legend.at(0).startsWith(QStringLiteral("context = ")));
        EXPECT_TRUE(legend.at(0).endsWith(QStringLiteral("v\u1d62")));
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(legend.at(k + 1), s.keyLabels.at(k));
        if (size.width() >= 900) {
            EXPECT_TRUE(view->legendOnTheRight());
        }
        const QVector<DrawnLabel> labels = view->drawnLabels();
        EXPECT_GE(labels.size(), 10);
        attnlens::test::expectLabelsWholeInsideAndApart(labels, view->rect());
    }
}

TEST(ReplaceBarValues, WritesEveryChangedValueAndOnlyThose)
{
    QBarSeries series;
    auto *set = new QBarSet(QStringLiteral("s"));
    set->append(QList<qreal>{1, 2, 3, 4, 5});
    series.append(set);
    QSignalSpy changed(set, &QBarSet::valueChanged);
    const std::unique_ptr<QSignalSpy> announced = spyOnSeriesAnnouncements(set);
    ASSERT_NE(announced, nullptr)
        << "Qt Charts' QBarSetPrivate relay (or its valueChanged(int) signal) is gone: "
           "replaceBarValues() can no longer mute it; see ui/chartsupport.cpp";

    EXPECT_EQ(replaceBarValues(set, {1, 5, 3, 7, 9}), 3);
    EXPECT_EQ(changed.count(), 3);
    EXPECT_EQ(announced->count(), 1) << "the series hears of the last changed value only";
    EXPECT_EQ(announced->at(0).at(0).toInt(), 4);
    EXPECT_EQ(set->at(1), 5.0);
    EXPECT_EQ(set->at(3), 7.0);
    EXPECT_EQ(set->at(4), 9.0);
    EXPECT_FALSE(seriesRelayOf(set)->signalsBlocked()) << "the relay is unmuted afterwards";

    changed.clear();
    announced->clear();
    EXPECT_EQ(replaceBarValues(set, {1, 5, 3, 7, 9}), 0);
    EXPECT_EQ(changed.count(), 0);
    EXPECT_EQ(announced->count(), 0);
}

} // namespace

// A vertical axis title in Chinese reads down a column with every character upright; a Latin one
// is turned to run upwards. Both are centred on the plot and shortened only when even the
// shortest wording does not fit, with the full title as the tooltip.
TEST(VerticalAxisTitle, CjkStacksUprightLatinTurns)
{
    QGraphicsSimpleTextItem item;
    item.setFont(QFont(QStringLiteral("DejaVu Sans"), 10));
    const QString chinese = QStringLiteral("\u8ca2\u737b w\u1d62\u00b7v\u1d62");  // 貢獻 wᵢ·vᵢ
    EXPECT_TRUE(stacksUpright(chinese));
    EXPECT_FALSE(stacksUpright(QStringLiteral("contribution")));

    layoutVerticalTitle(&item, {chinese}, 4.0, 200.0, 300.0);
    EXPECT_EQ(item.rotation(), 0.0);
    EXPECT_EQ(item.text().count(QLatin1Char('\n')), 6);  // seven characters, spaces dropped
    EXPECT_TRUE(item.text().startsWith(QStringLiteral("\u8ca2\n\u737b\n")));
    const QRectF upright = item.sceneBoundingRect();
    EXPECT_GT(upright.height(), 3 * upright.width());
    EXPECT_NEAR(upright.center().y(), 200.0, 1.0);

    layoutVerticalTitle(&item, {QStringLiteral("contribution"), QStringLiteral("w")}, 4.0, 200.0, 300.0);
    EXPECT_EQ(item.rotation(), -90.0);
    EXPECT_EQ(item.text(), QStringLiteral("contribution"));
    const QRectF turned = item.sceneBoundingRect();
    EXPECT_GT(turned.height(), 3 * turned.width());
    EXPECT_NEAR(turned.center().y(), 200.0, 1.0);
    EXPECT_TRUE(item.toolTip().isEmpty());

    // Too short for either wording: the shortest is cut, and the tooltip holds the full title.
    layoutVerticalTitle(&item, {QStringLiteral("contribution of every key"), QStringLiteral("contribution")}, 4.0,
                        200.0, 30.0);
    EXPECT_TRUE(item.text().endsWith(QChar(0x2026)));
    EXPECT_EQ(item.toolTip(), QStringLiteral("contribution of every key"));
}

// Found by the UI monkey (issue 11): a value of 1.7e308 made the axis's outer whole step
// 2e308, an infinity that Qt Charts ignored ("Ignored NaN, Inf, or -Inf value"), keeping the
// axis of the previous scenario; and Qt Charts places tick i at min + i·(max − min)/(n − 1), so
// a range past DBL_MAX/(n − 1) painted its tick labels as "inf". The axis now spans the values
// even near the largest double, with a tick product that stays finite.
TEST_F(ContextChartViewTest, ValuesNearTheLargestDoubleGetAFiniteAxisThatHoldsThem)
{
    for (const double big : {1.7e308, -1.7e308, 9e307, 4e307}) {
        Scenario s = threeQueries();
        s.values = rows({{10, big}, {0, 10}, {10, 10}});
        model.setScenario(s);
        settle();
        auto *yAxis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).constFirst());
        ASSERT_NE(yAxis, nullptr);
        EXPECT_TRUE(std::isfinite(yAxis->min()) && std::isfinite(yAxis->max())) << big;
        // The axis holds every stack of the shown query: its positive and its negative parts.
        const AttentionResult *result = model.result();
        ASSERT_NE(result, nullptr);
        for (Eigen::Index d = 0; d < s.values.cols(); ++d) {
            double top = 0.0;
            double bottom = 0.0;
            for (Eigen::Index k = 0; k < s.values.rows(); ++k) {
                const double part = result->weights(0, k) * s.values(k, d);
                (part > 0 ? top : bottom) += part;
            }
            EXPECT_LE(yAxis->min(), bottom) << big << " dim " << d;
            EXPECT_GE(yAxis->max(), top) << big << " dim " << d;
        }
        EXPECT_TRUE(std::isfinite((yAxis->max() - yAxis->min()) * (yAxis->tickCount() - 1))) << big;
    }
}

// Found by the UI monkey: a value of 5e-324 (a subnormal double, typed into V) made Qt Charts
// 6.4 crash painting the context marker. Such values are far below a pixel: they are drawn at 0.
TEST_F(ContextChartViewTest, SubnormalValuesAreDrawnAtZeroWithoutCrashing)
{
    Scenario s = model.scenario();
    s.values(0, 1) = 5e-324;
    s.values(1, 1) = 1e-310;
    s.values(2, 1) = 0.0;
    model.setScenario(s);
    settle();
    ASSERT_NE(model.result(), nullptr);
    EXPECT_NE(model.result()->context(0, 1), 0.0);  // the engine keeps the exact (tiny) value
    EXPECT_EQ(view->contextSeries()->at(1).y(), 0.0);
    for (QBarSet *set : view->contributionSets())
        EXPECT_EQ(set->at(1), 0.0);
    const QImage image = view->grab().toImage();  // paints the chart: this crashed
    EXPECT_FALSE(image.isNull());
    EXPECT_EQ(view->contextSeries()->at(0).y(), model.result()->context(0, 0));
}

// Found by the UI monkey (seed 304850143, action 412): a key-space drag left the shown query a
// context of (2.6e-308, 5e-322), normal numbers just above the smallest double, so the axis ran
// from 0 to 3e-308. Qt Charts divides the plot height by that span, which overflows to
// infinity: the marker was painted at an infinite position and Qt Charts 6.4 crashed. Every value
// too small to be mapped to a pixel is drawn at 0 (its label still reads the exact number).
TEST_F(ContextChartViewTest, ValuesJustAboveTheSmallestDoubleAreDrawnInsideThePlotWithoutCrashing)
{
    for (double tiny : {std::numeric_limits<double>::min(), 3e-308, -3e-308, 1e-305}) {
        Scenario s = model.scenario();
        s.values.setConstant(tiny);  // every query's context is `tiny`, every stack at most that
        model.setScenario(s);
        settle();
        ASSERT_NE(model.result(), nullptr) << tiny;
        EXPECT_NE(model.result()->context(0, 0), 0.0) << tiny;  // the engine keeps the tiny value
        const QRectF plot = view->chart()->plotArea();
        for (const QPointF &point : view->contextSeries()->points()) {
            const QPointF marker = view->chart()->mapToPosition(point, view->contextSeries());
            EXPECT_TRUE(std::isfinite(marker.x()) && std::isfinite(marker.y())) << tiny;
            EXPECT_TRUE(plot.adjusted(-1, -1, 1, 1).contains(marker))
                << tiny << ": marker at (" << marker.x() << ", " << marker.y() << ")";
        }
        const QImage image = view->grab().toImage();  // paints the chart: this crashed
        EXPECT_FALSE(image.isNull()) << tiny;
        EXPECT_EQ(view->contextLabel(0), formatCompact(model.result()->context(0, 0))) << tiny;
    }
}

// Found by the UI monkey (seed 3, 3,000 actions): the value range, the category names and their
// angle, each chosen for the plot they see, moved the plot so that the next choice undid the
// last, and Qt Charts' synchronous plotAreaChanged made that a recursion without end (a stack
// overflow). Here: a chart of four keys and three dimensions at a large font, made wide and then
// narrow, the sizes around the one that overflowed.
TEST_F(ContextChartViewTest, ChoosingTheAxesForANewPlotSettles)
{
    Scenario s;
    s.name = QStringLiteral("batch");
    s.queries = rows({{40.0}});
    s.keys = rows({{1.0}, {0.0}, {0.0}, {0.0}});
    s.values = rows({{0.656376, 0.5, -0.0218708}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}});
    model.setScenario(s);
    viewState.setSelectedQuery(0);
    QFont large = view->font();
    large.setPointSizeF(16.848);
    view->setFont(large);
    int plotChanges = 0;
    QObject::connect(view->chart(), &QChart::plotAreaChanged, view.get(), [&plotChanges] { ++plotChanges; });
    auto *xAxis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(xAxis, nullptr);
    for (const QSize narrow : {QSize(346, 369), QSize(340, 369), QSize(352, 369), QSize(346, 360), QSize(346, 378)}) {
        SCOPED_TRACE(std::to_string(narrow.width()) + "x" + std::to_string(narrow.height()));
        view->resize(905, 305);
        settle();
        plotChanges = 0;
        view->resize(narrow);
        settle();
        EXPECT_LT(plotChanges, 40);
        EXPECT_TRUE(attnlens::test::waitForStableLayout(view.get()));
        // Settled as a person would choose: "dim 1" level where it fits, else "1", upright
        // only where even that does not fit level.
        const double slot = view->chart()->plotArea().width() / 3;
        if (xAxis->categories().constFirst() == QStringLiteral("dim 1")) {
            EXPECT_EQ(xAxis->labelsAngle(), 0);
        } else {
            EXPECT_EQ(xAxis->categories(), (QStringList{QStringLiteral("1"), QStringLiteral("2"), QStringLiteral("3")}));
        }
        EXPECT_GT(slot, 0.0);
        // No text of the chart is cut short, leaves it or overlaps another.
        attnlens::test::expectLabelsWholeInsideAndApart(view->drawnLabels(), view->rect());
    }
}
