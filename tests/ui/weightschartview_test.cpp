#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "charttestsupport.h"
#include "scenario.h"
#include "tokenpalette.h"
#include "viewstate.h"
#include "weightschartview.h"

#include <QApplication>
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QDockWidget>
#include <QGraphicsScene>
#include <QImage>
#include <QLabel>
#include <QMainWindow>
#include <QScreen>
#include <QSignalSpy>
#include <QStackedBarSeries>
#include <QTest>
#include <QToolTip>
#include <QValueAxis>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;

namespace {

using attnlens::test::countPixels;
using attnlens::test::LayoutRequestCounter;
using attnlens::test::rows;

// The notebook's step 6: three queries against memories A, B, C.
Scenario threeQueries()
{
    Scenario s = attnlens::test::notebookThreeQueries(
        {QStringLiteral("q=[1,0]"), QStringLiteral("q=[0,1]"), QStringLiteral("q=[-1,0]")});
    s.name = QStringLiteral("three queries");
    return s;
}

class WeightsChartViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(threeQueries());
        view = std::make_unique<WeightsChartView>(&model, &viewState);
        view->resize(600, 400);
        view->show();
        settle();
    }

    static void settle() { attnlens::test::settleChart(); }

    // Where the data point (key, weight) lands in the view's pixels.
    QPoint pixelOf(double key, double weight) const
    {
        return attnlens::test::chartPixelOf(view.get(), view->chart(), view->chart()->series().constFirst(),
                                            QPointF(key, weight));
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<WeightsChartView> view;
};

TEST_F(WeightsChartViewTest, BarsAreTheSelectedQuerysWeights)
{
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    ASSERT_EQ(view->weightSet()->count(), 3);
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(view->weightSet()->at(j), result->weights(0, j)) << "key " << j;
    EXPECT_EQ(view->barLabel(0), QStringLiteral("0.4011"));
    EXPECT_EQ(view->barLabel(1), QStringLiteral("0.1978"));
    EXPECT_EQ(view->barLabel(2), QStringLiteral("0.4011"));
    // One colour per key, the one its share has in the context chart.
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(view->barColor(j), keyShareColor(j, 3)) << "key " << j;
    EXPECT_NE(view->barColor(0), view->barColor(1));
    EXPECT_TRUE(view->chart()->title().contains(QStringLiteral("q=[1,0]")));

    auto *axis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
    ASSERT_NE(axis, nullptr);
    EXPECT_EQ(axis->categories(), (QStringList{QStringLiteral("memory A"), QStringLiteral("memory B"),
                                               QStringLiteral("memory C")}));
    EXPECT_EQ(view->keyName(0), QStringLiteral("memory A"));
    EXPECT_EQ(view->chart()->animationOptions(), QChart::NoAnimation);
}

TEST_F(WeightsChartViewTest, SelectionChangeUpdatesTheSameBarSet)
{
    QBarSet *const bars = view->weightSet();
    auto *series = qobject_cast<QStackedBarSeries *>(view->chart()->series().constFirst());
    ASSERT_NE(series, nullptr);
    QSignalSpy added(series, &QAbstractBarSeries::barsetsAdded);
    QSignalSpy removed(series, &QAbstractBarSeries::barsetsRemoved);
    const double before = bars->at(0);
    const QList<QBarSet *> drawn = view->barSets();
    ASSERT_EQ(drawn.size(), 3);

    viewState.setSelectedQuery(1);
    settle();

    const AttentionResult *result = model.result();
    EXPECT_EQ(view->weightSet(), bars);
    EXPECT_EQ(view->barSets(), drawn);
    EXPECT_EQ(series->barSets().constFirst(), drawn.constFirst());
    EXPECT_EQ(added.count(), 0);
    EXPECT_EQ(removed.count(), 0);
    for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(bars->at(j), result->weights(1, j)) << "key " << j;
        // The drawn set of key j holds its weight at j and nothing elsewhere.
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(drawn.at(j)->at(k), k == j ? result->weights(1, j) : 0.0) << j << " " << k;
    }
    EXPECT_NE(bars->at(0), before);
    // The keys keep their colours whichever query is shown.
    EXPECT_EQ(view->barColor(0), keyShareColor(0, 3));
    EXPECT_TRUE(view->chart()->title().contains(QStringLiteral("q=[0,1]")));
}

TEST_F(WeightsChartViewTest, ModelChangeUpdatesValuesInPlace)
{
    QBarSet *const bars = view->weightSet();
    QSignalSpy replaced(bars, &QBarSet::valueChanged);
    const double before = bars->at(1);

    model.setTemperature(0.25);
    settle();

    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    EXPECT_EQ(view->weightSet(), bars);
    EXPECT_GT(replaced.count(), 0);
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(bars->at(j), result->weights(0, j)) << "key " << j;
    EXPECT_LT(bars->at(1), before);  // a colder softmax takes weight from the worst key
    EXPECT_EQ(view->barLabel(1), QString::number(result->weights(0, 1), 'f', 4));

    // Moving a key is a model change too.
    model.setKeyRow(1, Eigen::RowVector2d(3.0, 0.0));
    settle();
    EXPECT_EQ(view->weightSet(), bars);
    EXPECT_EQ(bars->at(1), model.result()->weights(0, 1));
    EXPECT_GT(bars->at(1), 0.5);
}

TEST_F(WeightsChartViewTest, MaskedKeyIsHatchedAndMarked)
{
    model.setMaskCell(0, 1, false);
    settle();

    EXPECT_EQ(view->weightSet()->at(1), 0.0);
    EXPECT_EQ(view->maskedSet()->at(1), 1.0);
    EXPECT_EQ(view->maskedSet()->at(0), 0.0);
    EXPECT_EQ(view->barLabel(1), QStringLiteral("masked"));
    EXPECT_EQ(view->barLabel(0), QStringLiteral("0.5000"));

    // The masked column shows the grey hatch and none of the query's colour; the others do.
    const QImage image = view->grab().toImage();
    image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-weights-masked.png")));
    const QPoint masked = pixelOf(1, 0.75);
    const QPoint allowed = pixelOf(0, 0.25);
    const QRect maskedArea(masked - QPoint(10, 10), QSize(20, 20));
    const QImage maskedPatch = image.copy(maskedArea);
    EXPECT_EQ(countPixels(maskedPatch, view->barColor(1)), 0);
    int grey = 0;
    for (int y = 0; y < maskedPatch.height(); ++y)
        for (int x = 0; x < maskedPatch.width(); ++x) {
            const QColor c = maskedPatch.pixelColor(x, y);
            grey += c.red() < 200 && std::abs(c.red() - c.blue()) < 10 && std::abs(c.red() - c.green()) < 10;
        }
    EXPECT_GT(grey, 20) << "no hatch lines in the masked bar";
    EXPECT_EQ(QColor(image.pixel(allowed)), view->barColor(0));
}

TEST_F(WeightsChartViewTest, UnmaskingAKeyRemovesItsHatchAndRestoresItsBar)
{
    model.setMaskCell(0, 1, false);
    settle();
    model.setMaskCell(0, 1, true);
    settle();

    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    for (int j = 0; j < 3; ++j) {
        EXPECT_EQ(view->weightSet()->at(j), result->weights(0, j)) << "key " << j;
        EXPECT_EQ(view->maskedSet()->at(j), 0.0) << "key " << j;
    }
    EXPECT_NE(view->barLabel(1), QStringLiteral("masked"));

    // Key 1's column shows its colour again and no grey hatch above the bar.
    const QImage image = view->grab().toImage();
    EXPECT_EQ(QColor(image.pixel(pixelOf(1, result->weights(0, 1) / 2))), view->barColor(1));
    const QPoint above = pixelOf(1, 0.9);
    const QImage abovePatch = image.copy(QRect(above - QPoint(10, 10), QSize(20, 20)));
    int grey = 0;
    for (int y = 0; y < abovePatch.height(); ++y)
        for (int x = 0; x < abovePatch.width(); ++x) {
            const QColor c = abovePatch.pixelColor(x, y);
            grey += c.red() < 200 && std::abs(c.red() - c.blue()) < 10 && std::abs(c.red() - c.green()) < 10;
        }
    EXPECT_LT(grey, 5) << "the hatch of an unmasked key is still drawn";

    // Masking again brings the hatch back.
    model.setMaskCell(0, 1, false);
    settle();
    EXPECT_EQ(view->maskedSet()->at(1), 1.0);
    EXPECT_EQ(view->barLabel(1), QStringLiteral("masked"));
    EXPECT_EQ(countPixels(view->grab().toImage().copy(QRect(above - QPoint(10, 10), QSize(20, 20))),
                          view->barColor(1)), 0);
}

TEST_F(WeightsChartViewTest, AllMaskedRowIsShownAsUndefined)
{
    model.setMaskCell(0, 0, false);
    model.setMaskCell(0, 1, false);
    model.setMaskCell(0, 2, false);
    settle();
    ASSERT_EQ(model.result(), nullptr);
    EXPECT_TRUE(view->errorText().startsWith(QStringLiteral("undefined: no allowed key")));
    EXPECT_TRUE(view->errorText().contains(QStringLiteral("softmax over no keys is undefined")));
    EXPECT_FALSE(view->isBarLabelVisible(0));

    const QImage image = view->grab().toImage();
    image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-weights-error.png")));
    EXPECT_EQ(countPixels(image, viewState.theme().queryColor(0)), 0) << "stale bars shown as current";

    model.setMaskCell(0, 2, true);
    settle();
    EXPECT_TRUE(view->errorText().isEmpty());
    EXPECT_EQ(view->weightSet()->at(2), 1.0);
    EXPECT_EQ(view->barLabel(2), QStringLiteral("1.0000"));
}

TEST_F(WeightsChartViewTest, HoveringABarSharesTheCellAndShowsTheFullWeight)
{
    auto *chartView = view->findChild<QChartView *>();
    ASSERT_NE(chartView, nullptr);
    QSignalSpy hover(&viewState, &ViewState::hoverChanged);
    const QPoint onB = chartView->mapFrom(view.get(), pixelOf(2, 0.2));
    QTest::mouseMove(chartView->viewport(), onB);
    settle();
    EXPECT_EQ(viewState.hoveredQuery(), 0);
    EXPECT_EQ(viewState.hoveredKey(), 2);
    EXPECT_GE(hover.count(), 1);
    EXPECT_TRUE(QToolTip::text().contains(QString::number(model.result()->weights(0, 2), 'g', 17)))
        << QToolTip::text().toStdString();
}

TEST_F(WeightsChartViewTest, ScenarioResetResizesTheBars)
{
    Scenario five = threeQueries();
    five.keys = rows({{1, 0}, {0, 1}, {1, 1}, {-1, 0}, {0, -1}});
    five.values = rows({{1, 0}, {0, 1}, {1, 1}, {-1, 0}, {0, -1}});
    five.keyLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"), QStringLiteral("d"),
                      QStringLiteral("a")};
    model.setScenario(five);
    settle();

    ASSERT_EQ(view->weightSet()->count(), 5);
    auto *axis = qobject_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).constFirst());
    EXPECT_EQ(axis->count(), 5);  // the repeated label "a" keeps its own category
    for (int j = 0; j < 5; ++j)
        EXPECT_EQ(view->weightSet()->at(j), model.result()->weights(0, j));
}

TEST_F(WeightsChartViewTest, RendersAtProjectorAndLargeSizes)
{
    for (const QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(600, 400)}) {
        view->resize(size);
        settle();
        const QImage image = view->grab().toImage();
        image.save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-weights-%1x%2.png").arg(size.width()).arg(size.height())));
        ASSERT_EQ(image.size(), size);
        // The three bars fill a visible share of the picture, each in its key's colour.
        for (int j = 0; j < 3; ++j)
            EXPECT_GT(countPixels(image, keyShareColor(j, 3)), size.width() * size.height() / 200) << size.width();
        for (int j = 0; j < 3; ++j)
            EXPECT_TRUE(view->isBarLabelVisible(j)) << size.width();
    }
}

TEST_F(WeightsChartViewTest, ManyKeysStayResponsive)
{
    Scenario many;
    const int n = 400;
    many.queries = Matrix::Random(2, 8);
    many.keys = Matrix::Random(n, 8);
    many.values = Matrix::Random(n, 4);
    model.setScenario(many);
    settle();
    ASSERT_EQ(view->weightSet()->count(), n);
    // How fast this goes is measured by bench/uidragbench.cpp, never asserted here.
    for (int step = 0; step < 20; ++step) {
        model.setQueryRow(0, Eigen::RowVectorXd::Random(8));
        settle();
    }
    for (int j = 0; j < n; j += 37)
        EXPECT_EQ(view->weightSet()->at(j), model.result()->weights(0, j));
    view->grab().toImage().save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-weights-many.png")));
    auto *yAxis = qobject_cast<QValueAxis *>(view->chart()->axes(Qt::Vertical).constFirst());
    ASSERT_NE(yAxis, nullptr);
    EXPECT_EQ(yAxis->min(), 0.0);
    EXPECT_EQ(yAxis->max(), 1.0);
}

} // namespace

TEST_F(WeightsChartViewTest, ADragDoesNotLayTheChartOutAgain)
{
    LayoutRequestCounter layouts;
    view->chart()->installEventFilter(&layouts);
    const QRectF plot = view->chart()->plotArea();
    for (int step = 1; step <= 20; ++step) {
        Eigen::RowVectorXd q(2);
        q << std::cos(step * 0.2), std::sin(step * 0.2);
        model.setQueryRow(0, q);
        settle();
        EXPECT_EQ(view->weightSet()->at(1), model.result()->weights(0, 1));
    }
    EXPECT_EQ(layouts.count, 0) << "axes, title and labels must stay put while the bars move";
    EXPECT_EQ(view->chart()->plotArea(), plot);
}

TEST_F(WeightsChartViewTest, ADockTabBehindAnotherWaitsUntilBroughtToTheFront)
{
    QMainWindow window;
    auto *tabbed = new WeightsChartView(&model, &viewState);
    QDockWidget *back = attnlens::test::dockBehindAnotherTab(window, tabbed, QStringLiteral("Weights"),
                                                             Qt::RightDockWidgetArea, QSize(900, 600));

    const double before = tabbed->weightSet()->at(1);
    model.setTemperature(0.5);
    settle();
    ASSERT_NE(model.result()->weights(0, 1), before);
    EXPECT_EQ(tabbed->weightSet()->at(1), before) << "a chart behind another tab does no work";
    EXPECT_EQ(view->weightSet()->at(1), model.result()->weights(0, 1)) << "a chart in sight keeps up";

    back->raise();
    settle();
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(tabbed->weightSet()->at(j), model.result()->weights(0, j)) << "key " << j;
    EXPECT_EQ(tabbed->barLabel(1), view->barLabel(1));

    // Hidden outright, it catches up when shown again, scenario changes included.
    back->hide();
    settle();
    model.setScenario(threeQueries());
    model.setMaskCell(0, 0, false);
    settle();
    back->show();
    back->raise();
    settle();
    EXPECT_EQ(tabbed->weightSet()->at(0), 0.0);
    EXPECT_EQ(tabbed->barLabel(0), QStringLiteral("masked"));
}

TEST_F(WeightsChartViewTest, WhatADragLeavesOnScreenIsAFullRepaint)
{
    // Frames during a drag repaint only what changed; the pixels left on screen afterwards
    // must be the same as a repaint of the whole chart.
    for (int step = 1; step <= 12; ++step) {
        Eigen::RowVectorXd q(2);
        q << std::cos(step * 0.5), std::sin(step * 0.5);
        model.setQueryRow(0, q);
        settle();
    }
    const std::optional<int> differing = attnlens::test::pixelsDifferingFromAFullRepaint(view.get());
    if (!differing)
        GTEST_SKIP() << "this platform cannot read back the window";
    EXPECT_EQ(*differing, 0);
}

TEST_F(WeightsChartViewTest, KeyNamesAreWrittenInFullWhereTheyFit)
{
    // At the size a 1280x720 window gives the Weights dock, "memory A" fits under its bar and
    // must not be cut to "memory..."; narrower, it breaks into "memory" over "A"; narrower still
    // it turns upright in full. Long names are shortened only when even upright they do not
    // fit, and then their tooltip holds the full name.
    view->resize(360, 240);
    settle();
    EXPECT_EQ(view->keyNameAngle(), 0);
    EXPECT_EQ(view->keyName(0), QStringLiteral("memory A"));

    view->resize(250, 240);
    settle();
    EXPECT_EQ(view->keyNameAngle(), 0);
    EXPECT_EQ(view->keyName(0), QStringLiteral("memory\nA"));

    Scenario longNames = model.scenario();
    longNames.keyLabels = QStringList{QStringLiteral("a rather long memory name"), QStringLiteral("another long memory name"),
                                      QStringLiteral("the third long memory name")};
    model.setScenario(longNames);
    view->resize(300, 640);
    settle();
    EXPECT_EQ(view->keyNameAngle(), -90);
    EXPECT_EQ(view->keyName(2), QStringLiteral("the third long memory name"));

    view->resize(300, 200);
    settle();
    EXPECT_EQ(view->keyNameAngle(), -90);
    bool anyShortened = false;
    for (const DrawnLabel &label : view->drawnLabels()) {
        if (label.elided()) {
            anyShortened = true;
            EXPECT_TRUE(longNames.keyLabels.contains(label.toolTip)) << label.text.toStdString();
        }
    }
    EXPECT_TRUE(anyShortened);
}

// No text of the chart is cut short, leaves the chart or overlaps another at the sizes the
// docks get (the weights axis title included: "attention we…" was the complaint).
TEST_F(WeightsChartViewTest, NoLabelIsCutOrOverlapsAnother)
{
    for (const QSize size : {QSize(250, 230), QSize(360, 240), QSize(620, 330)}) {
        view->resize(size);
        settle();
        SCOPED_TRACE(std::to_string(size.width()));
        const QVector<DrawnLabel> labels = view->drawnLabels();
        EXPECT_GE(labels.size(), 3 + 3 + 6 + 2);  // names, weights, ticks, title and axis title
        attnlens::test::expectLabelsWholeInsideAndApart(labels, view->rect());
    }
}

// Past nine keys the context chart names the first eight and sums the rest as "other keys" in
// grey: the weights chart colours its bars the same way, and a long sequence still has one bar
// per key (not one per key and colour).
TEST_F(WeightsChartViewTest, ManyKeysShareTheContextChartsColours)
{
    Scenario many;
    const int n = 20;
    many.queries = Matrix::Constant(1, 2, 0.0);
    many.keys = Matrix::Constant(n, 2, 0.0);
    many.values = Matrix::Constant(n, 2, 1.0);
    model.setScenario(many);
    view->resize(900, 400);
    settle();
    ASSERT_EQ(view->barSets().size(), 1);
    const QImage image = view->grab().toImage();
    for (const int key : {0, 3, 7, 8, 15}) {
        const QColor expected = keyShareColor(key, n);
        EXPECT_EQ(view->barColor(key), expected) << key;
        EXPECT_EQ(QColor(image.pixel(pixelOf(key, 0.5 / n))), expected) << key;
    }
    EXPECT_EQ(view->barColor(8), view->barColor(19));
    EXPECT_NE(view->barColor(0), view->barColor(8));
}

// A query name too long for the chart's width is shortened in the title, which then names the
// query in full on hover.
TEST_F(WeightsChartViewTest, AShortenedTitleNamesTheQueryOnHover)
{
    Scenario s = threeQueries();
    s.queryLabels[0] = QStringLiteral("a query with a name far too long for a narrow weights chart");
    model.setScenario(s);
    view->resize(260, 300);
    settle();
    bool found = false;
    for (const DrawnLabel &label : view->drawnLabels()) {
        if (!label.elided())
            continue;
        found = true;
        EXPECT_TRUE(label.toolTip.contains(s.queryLabels.at(0))) << label.text.toStdString();
    }
    EXPECT_TRUE(found);
}

TEST_F(WeightsChartViewTest, AnApplicationFontChangeNeverReachesTheChartsScene)
{
    // QToolTip::setFont (which the theme controller calls on every text-size step) makes
    // QApplication send ApplicationFontChange to every graphics scene; Qt Charts then deleted
    // axis label items while the scene still walked them (a crash the UI monkey found). The chart
    // view keeps that event from its scene, and the chart keeps its labels, sized by the view.
    QGraphicsScene *scene = view->findChild<QChartView *>()->scene();
    ASSERT_NE(scene, nullptr);
    struct Counter : QObject {
        int fontChanges = 0;
        bool eventFilter(QObject *, QEvent *event) override
        {
            if (event->type() == QEvent::ApplicationFontChange)
                ++fontChanges;
            return false;
        }
    } counter;
    // Installed after the view's own filter, so it runs first and sees the event arrive.
    scene->installEventFilter(&counter);
    const QFont before = QToolTip::font();
    for (const qreal size : {14.0, 22.0, 9.0}) {
        QFont font = before;
        font.setPointSizeF(size);
        QToolTip::setFont(font);
        settle();
    }
    QToolTip::setFont(before);
    settle();
    EXPECT_EQ(counter.fontChanges, 4) << "the event did reach the scene's filters";
    // The view's filter stops it there: even a change of the application's own font leaves the
    // scene's font as it was (without the filter the scene resolves it to the new size).
    const QFont application = QApplication::font();
    const qreal sceneSize = scene->font().pointSizeF();
    QFont bigger = application;
    bigger.setPointSizeF(application.pointSizeF() * 2.5);
    QApplication::setFont(bigger);
    settle();
    const qreal sceneSizeAfter = scene->font().pointSizeF();
    QApplication::setFont(application);
    settle();
    EXPECT_EQ(counter.fontChanges, 6);
    EXPECT_EQ(sceneSizeAfter, sceneSize);
    EXPECT_NE(sceneSizeAfter, bigger.pointSizeF());
    EXPECT_GE(view->drawnLabels().size(), 3);
}
