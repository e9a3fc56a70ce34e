#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "chartsupport.h"
#include "colormap.h"
#include "coretestsupport.h"
#include "heatmapview.h"
#include "languagesettings.h"
#include "numberformat.h"
#include "scenario.h"
#include "scorefunction.h"
#include "textprobe.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <QToolTip>
#include <QHelpEvent>

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <random>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;

namespace {

int channelDistance(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                     std::abs(qBlue(a) - qBlue(b))});
}

bool isGrey(QRgb rgb)
{
    return qRed(rgb) == qGreen(rgb) && qGreen(rgb) == qBlue(rgb);
}

// Pixels of `image` inside `rect` within `tolerance` of `color`.
int countNear(const QImage &image, const QRectF &rect, QRgb color, int tolerance)
{
    int count = 0;
    const QRect r = rect.toAlignedRect().intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            if (channelDistance(image.pixel(x, y), color) <= tolerance)
                ++count;
        }
    }
    return count;
}

// Saves what the view looks like when HEATMAP_SCREENSHOT_DIR is set (for a person to look at).
void maybeSave(const QImage &image, const char *name)
{
    const QByteArray dir = qgetenv("HEATMAP_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        image.save(QString::fromLocal8Bit(dir) + QStringLiteral("/heatmap-%1.png").arg(QLatin1String(name)));
}

class HeatmapViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario("three-queries"));
        view = std::make_unique<HeatmapView>(&model, &viewState);
        view->resize(600, 400);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get()));
        settleEvents();
    }

    static void settleEvents()
    {
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
    }

    QImage grab() const { return view->grab().toImage().convertToFormat(QImage::Format_RGB32); }

    QRgb centreOf(const QImage &image, int query, int key) const
    {
        const QRectF cell = view->cellRect(query, key);
        EXPECT_FALSE(cell.isEmpty());
        return image.pixel(cell.center().toPoint());
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<HeatmapView> view;
};

} // namespace

TEST_F(HeatmapViewTest, CellColoursAreTheColourMapOfTheWeights)
{
    viewState.setShowValues(false);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    EXPECT_FALSE(view->areValuesVisible());
    const Matrix &weights = model.result()->weights;
    const QImage image = grab();
    maybeSave(image, "three-queries-600x400-novalues");
    QSet<QRgb> seen;
    for (int q = 0; q < 3; ++q) {
        for (int k = 0; k < 3; ++k) {
            const QRgb expected = viewState.colorMap().rgbAt(weights(q, k));
            EXPECT_EQ(centreOf(image, q, k), expected) << "cell " << q << "," << k;
            seen.insert(expected);
        }
    }
    EXPECT_GE(seen.size(), 3);  // the weights differ, so must the colours
    EXPECT_DOUBLE_EQ(view->scaleLow(), 0.0);
    EXPECT_DOUBLE_EQ(view->scaleHigh(), 1.0);
}

TEST_F(HeatmapViewTest, ValuesAreWrittenInAColourThatReadsOnTheFill)
{
    ASSERT_TRUE(viewState.showValues());
    EXPECT_TRUE(view->areValuesVisible());
    const Matrix &weights = model.result()->weights;
    const QImage image = grab();
    maybeSave(image, "three-queries-600x400");
    for (int q = 0; q < 3; ++q) {
        for (int k = 0; k < 3; ++k) {
            EXPECT_EQ(view->cellText(q, k), formatCompact(weights(q, k), 4));
            const QRgb fill = viewState.colorMap().rgbAt(weights(q, k));
            const QRgb ink = ColorMap::textColorOn(fill).rgb();
            const QRectF cell = view->cellRect(q, k).adjusted(4, 4, -4, -4);
            EXPECT_GT(countNear(image, cell, ink, 40), 15) << "no readable text in " << q << "," << k;
        }
    }
    // A dock in a crowded 1280x720 window still shows them.
    view->resize(440, 300);
    settleEvents();
    EXPECT_TRUE(view->areValuesVisible());
    maybeSave(grab(), "three-queries-440x300");
    // Hidden again when the cells are too small for the text.
    view->resize(260, 200);
    settleEvents();
    EXPECT_FALSE(view->areValuesVisible());
    maybeSave(grab(), "three-queries-260x200");
}

TEST_F(HeatmapViewTest, ScoresUseAScaleSymmetricAboutZero)
{
    // The lesson's scores are [1/sqrt 2, 0, 1/sqrt 2]: all >= 0, so a min-max scale would paint
    // the 0 with the first colour; the symmetric scale paints it with the middle one.
    model.setScenario(builtinScenario("lesson"));
    viewState.setShowValues(false);
    viewState.setHeatmapQuantity(ViewState::HeatmapQuantity::Scores);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    const Matrix &scores = model.result()->scores;
    const double maxAbs = scores.cwiseAbs().maxCoeff();
    EXPECT_NEAR(maxAbs, std::sqrt(0.5), 1e-12);
    EXPECT_DOUBLE_EQ(view->scaleLow(), -maxAbs);
    EXPECT_DOUBLE_EQ(view->scaleHigh(), maxAbs);
    const QImage image = grab();
    maybeSave(image, "lesson-scores");
    // Scores are signed: the diverging map, whatever sequential map the weights use, with 0 its
    // neutral middle.
    const ColorMap &map = ColorMap::diverging();
    EXPECT_EQ(centreOf(image, 0, 1), map.rgbAt(0.5));
    EXPECT_EQ(centreOf(image, 0, 1), qRgb(0xf7, 0xf7, 0xf7));
    EXPECT_NE(centreOf(image, 0, 1), map.rgbAt(0.0));
    EXPECT_EQ(centreOf(image, 0, 0), map.rgbAt(1.0));
    EXPECT_EQ(centreOf(image, 0, 2), map.rgbAt(1.0));
    viewState.setColorMapKind(ColorMap::Kind::Viridis);
    settleEvents();
    EXPECT_EQ(centreOf(grab(), 0, 1), qRgb(0xf7, 0xf7, 0xf7));

    // Three queries: negative scores too, each written in its cell, blue where positive ones
    // are red, and the colour bar runs from the map's blue end (bottom) to its red end (top).
    model.setScenario(builtinScenario("three-queries"));
    viewState.setShowValues(true);
    settleEvents();
    EXPECT_TRUE(view->areValuesVisible());
    EXPECT_EQ(view->cellText(2, 0), formatCompact(-1.0 / std::sqrt(2.0), 4));
    const QImage threeQueries = grab();
    maybeSave(threeQueries, "three-queries-scores");
    const Matrix &s3 = model.result()->scores;
    for (int q = 0; q < 3; ++q) {
        for (int k = 0; k < 3; ++k) {
            const QRgb fill = map.rgbAt((s3(q, k) - view->scaleLow()) / (view->scaleHigh() - view->scaleLow()));
            if (s3(q, k) < -0.1) {
                EXPECT_GT(qBlue(fill), qRed(fill) + 20) << q << "," << k;
            } else if (s3(q, k) > 0.1) {
                EXPECT_GT(qRed(fill), qBlue(fill) + 20) << q << "," << k;
            }
            const QRectF cell = view->cellRect(q, k);
            // A corner of the cell, away from its number.
            EXPECT_EQ(threeQueries.pixel((cell.topLeft() + QPointF(0.15 * cell.width(), 0.15 * cell.height())).toPoint()), fill) << q << "," << k;
        }
    }
    EXPECT_DOUBLE_EQ(view->scaleLow(), -view->scaleHigh());
    viewState.setColorMapKind(ColorMap::Kind::YlGnBu);

    // Back to weights: the fixed 0..1 scale again.
    viewState.setShowValues(false);
    viewState.setHeatmapQuantity(ViewState::HeatmapQuantity::Weights);
    settleEvents();
    EXPECT_EQ(centreOf(grab(), 0, 1), viewState.colorMap().rgbAt(model.result()->weights(0, 1)));
}

TEST_F(HeatmapViewTest, MaskedCellsAreHatchedNotPaintedAsZero)
{
    model.setScenario(builtinScenario("causal-padding"));
    viewState.setShowValues(false);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    const QImage image = grab();
    maybeSave(image, "causal-padding");
    const ColorMap &map = viewState.colorMap();
    const QRgb zeroColour = map.rgbAt(0.0);
    for (auto [q, k] : {std::pair{0, 1}, std::pair{0, 2}, std::pair{1, 2}, std::pair{2, 2}}) {
        ASSERT_FALSE(model.scenario().isAllowed(q, k));
        ASSERT_EQ(model.result()->weights(q, k), 0.0);
        const QRectF cell = view->cellRect(q, k).adjusted(3, 3, -3, -3);
        EXPECT_EQ(countNear(image, cell, zeroColour, 0), 0) << "masked cell " << q << "," << k << " has the colour of 0";
        QSet<QRgb> colours;
        int greys = 0;
        const QRect r = cell.toAlignedRect();
        for (int y = r.top(); y <= r.bottom(); ++y) {
            for (int x = r.left(); x <= r.right(); ++x) {
                colours.insert(image.pixel(x, y));
                greys += isGrey(image.pixel(x, y)) ? 1 : 0;
            }
        }
        EXPECT_GE(colours.size(), 2) << "masked cell " << q << "," << k << " is flat, not hatched";
        EXPECT_EQ(greys, r.width() * r.height()) << "masked cell " << q << "," << k << " is not grey";
        EXPECT_TRUE(view->cellText(q, k).isEmpty());
    }
    // Allowed cells keep the colours of their weights.
    for (auto [q, k] : {std::pair{0, 0}, std::pair{1, 0}, std::pair{1, 1}, std::pair{2, 1}})
        EXPECT_EQ(centreOf(image, q, k), map.rgbAt(model.result()->weights(q, k)));
}

TEST_F(HeatmapViewTest, ClickingACellOrARowLabelSelectsThatQuery)
{
    QSignalSpy spy(&viewState, &ViewState::selectedQueryChanged);
    ASSERT_EQ(viewState.selectedQuery(), 0);
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, view->cellRect(2, 1).center().toPoint());
    EXPECT_EQ(viewState.selectedQuery(), 2);
    EXPECT_EQ(spy.count(), 1);
    EXPECT_EQ(model.scenario().queryCount(), 3);  // selecting never touches the data

    const QRectF label = view->rowLabelRect(1);
    ASSERT_FALSE(label.isEmpty());
    EXPECT_EQ(view->rowLabelAt(label.center()), 1);
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, label.center().toPoint());
    EXPECT_EQ(viewState.selectedQuery(), 1);
    EXPECT_EQ(spy.count(), 2);

    // Clicking the title selects nothing.
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, QPoint(view->width() / 2, 5));
    EXPECT_EQ(viewState.selectedQuery(), 1);
    EXPECT_EQ(spy.count(), 2);

    // The selected row is outlined in its query's colour; the others are not.
    viewState.setShowValues(false);
    settleEvents();
    const QImage image = grab();
    const QRectF row1 = view->cellRect(1, 0);
    EXPECT_EQ(image.pixel(QPointF(row1.center().x(), row1.top() - 1).toPoint()), viewState.theme().queryColor(1).rgb());
    const QRectF row2 = view->cellRect(2, 0);
    EXPECT_NE(image.pixel(QPointF(row2.center().x(), row2.bottom() - 3).toPoint()), viewState.theme().queryColor(1).rgb());
    EXPECT_EQ(image.pixel(QPointF(row2.center().x(), row2.bottom() - 3).toPoint()),
              viewState.colorMap().rgbAt(model.result()->weights(2, 0)));

    // Keyboard: Down and Up move the selection.
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Down);
    EXPECT_EQ(viewState.selectedQuery(), 2);
    QTest::keyClick(view.get(), Qt::Key_Down);
    EXPECT_EQ(viewState.selectedQuery(), 2);
    QTest::keyClick(view.get(), Qt::Key_Home);
    EXPECT_EQ(viewState.selectedQuery(), 0);
}

TEST_F(HeatmapViewTest, HoveringACellSetsTheSharedHoverAndShowsItsNumbers)
{
    QSignalSpy spy(&viewState, &ViewState::hoverChanged);
    QTest::mouseMove(view.get(), view->cellRect(1, 2).center().toPoint());
    settleEvents();
    EXPECT_EQ(viewState.hoveredQuery(), 1);
    EXPECT_EQ(viewState.hoveredKey(), 2);
    EXPECT_GE(spy.count(), 1);

    // q = [0, 1], k = [1, 1]: q.k = 1, S = 1/sqrt 2, T = 1.
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    const QString info = view->infoText();
    EXPECT_TRUE(info.contains(QStringLiteral("q\u00b7k = 1.0000"))) << info.toStdString();
    EXPECT_TRUE(info.contains(QStringLiteral("S = ") + formatCompact(result->scores(1, 2), 4))) << info.toStdString();
    EXPECT_TRUE(info.contains(QStringLiteral("S/T = ") + formatCompact(result->scores(1, 2), 4))) << info.toStdString();
    EXPECT_TRUE(info.contains(QStringLiteral("weight = ") + formatCompact(result->weights(1, 2), 4))) << info.toStdString();
    EXPECT_TRUE(info.contains(QStringLiteral("memory C"))) << info.toStdString();

    maybeSave(grab(), "hover-with-values");

    // The tooltip carries every digit.
    const QPoint at = view->cellRect(1, 2).center().toPoint();
    QHelpEvent help(QEvent::ToolTip, at, view->mapToGlobal(at));
    QApplication::sendEvent(view.get(), &help);
    EXPECT_TRUE(QToolTip::isVisible());
    EXPECT_TRUE(QToolTip::text().contains(formatFull(result->weights(1, 2)))) << QToolTip::text().toStdString();
    EXPECT_TRUE(QToolTip::text().contains(formatFull(result->scores(1, 2)))) << QToolTip::text().toStdString();
    QToolTip::hideText();
    // The hovered cell is outlined in black.
    viewState.setShowValues(false);
    settleEvents();
    QImage image = grab();
    const QRectF cell = view->cellRect(1, 2);
    EXPECT_EQ(image.pixel(QPointF(cell.center().x(), cell.top()).toPoint()), qRgb(0, 0, 0));

    // Temperature divides S in S/T.
    model.setTemperature(0.5);
    settleEvents();
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("S/T = ") + formatCompact(model.result()->scores(1, 2) / 0.5, 4)))
        << view->infoText().toStdString();

    // Leaving the matrix clears the hover.
    QTest::mouseMove(view.get(), QPoint(3, 3));
    settleEvents();
    EXPECT_EQ(viewState.hoveredQuery(), -1);
    EXPECT_EQ(viewState.hoveredKey(), -1);
    image = grab();
    EXPECT_EQ(image.pixel(QPointF(cell.center().x(), cell.top() + 2).toPoint()),
              viewState.colorMap().rgbAt(model.result()->weights(1, 2)));

    // Away from the cells, the hint names what a hover shows: q·k only for a dot-product score.
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("q\u00b7k"))) << view->infoText().toStdString();
    model.setScoreFunction(defaultScoreFunction(ScoreFunction::Kind::Additive, 2, 2));
    settleEvents();
    EXPECT_FALSE(view->infoText().contains(QStringLiteral("q\u00b7k"))) << view->infoText().toStdString();
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("score S"))) << view->infoText().toStdString();

    // Hover from another view shows here too.
    viewState.setHover(0, 1);
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("memory B"))) << view->infoText().toStdString();
}

TEST_F(HeatmapViewTest, ColourMapSwitchRepaintsTheCells)
{
    viewState.setShowValues(false);
    settleEvents();
    const Matrix weights = model.result()->weights;
    const QRgb before = centreOf(grab(), 0, 0);
    EXPECT_EQ(before, ColorMap(ColorMap::Kind::YlGnBu).rgbAt(weights(0, 0)));
    viewState.setColorMapKind(ColorMap::Kind::Viridis);
    settleEvents();
    const QImage image = grab();
    maybeSave(image, "three-queries-viridis");
    const QRgb after = centreOf(image, 0, 0);
    EXPECT_NE(after, before);
    for (int q = 0; q < 3; ++q)
        for (int k = 0; k < 3; ++k)
            EXPECT_EQ(centreOf(image, q, k), ColorMap(ColorMap::Kind::Viridis).rgbAt(weights(q, k)));
}

TEST_F(HeatmapViewTest, FollowsTheModelWhenAQueryMoves)
{
    viewState.setShowValues(false);
    settleEvents();
    const QRgb before = centreOf(grab(), 0, 0);
    Eigen::RowVectorXd query(2);
    query << 3.0, 0.0;
    model.setQueryRow(0, query);
    settleEvents();
    const QRgb after = centreOf(grab(), 0, 0);
    EXPECT_NE(after, before);
    EXPECT_EQ(after, viewState.colorMap().rgbAt(model.result()->weights(0, 0)));
}

TEST_F(HeatmapViewTest, RendersAtProjectorAndHighDpiSizes)
{
    for (QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(1400, 900)}) {
        view->resize(size);
        settleEvents();
        const QImage image = grab();
        ASSERT_EQ(image.size(), size);
        maybeSave(image, QStringLiteral("three-queries-%1x%2").arg(size.width()).arg(size.height()).toLatin1().constData());
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 3)
            for (int x = 0; x < image.width(); x += 3)
                colours.insert(image.pixel(x, y));
        EXPECT_GT(colours.size(), 20) << size.width() << "x" << size.height();
        EXPECT_TRUE(view->areValuesVisible());
        // The matrix uses a good part of the view.
        EXPECT_GT(view->cellRect(0, 0).width() * 3, size.height() * 0.4);
    }

    // Offscreen rendering for export: any size, at device pixel ratio 2.
    viewState.setShowValues(false);
    view->resize(640, 360);
    settleEvents();
    const QImage exported = view->renderImage(QSize(640, 360), 2.0);
    EXPECT_EQ(exported.size(), QSize(1280, 720));
    maybeSave(exported, "export-640x360@2");
    const QPointF centre = view->cellRect(2, 2).center() * 2.0;
    EXPECT_EQ(exported.pixel(centre.toPoint()) | 0xff000000u,
              viewState.colorMap().rgbAt(model.result()->weights(2, 2)));
    const QImage big = view->renderImage(QSize(2560, 1440));
    QSet<QRgb> colours;
    for (int y = 0; y < big.height(); y += 4)
        for (int x = 0; x < big.width(); x += 4)
            colours.insert(big.pixel(x, y));
    EXPECT_GT(colours.size(), 20);
}

TEST_F(HeatmapViewTest, AllMaskedRowIsUndefinedAcrossThatRow)
{
    viewState.setShowValues(false);
    settleEvents();
    Mask mask = Mask::Constant(3, 3, true);
    mask.row(1).setConstant(false);
    mask(2, 0) = false;
    model.setMask(mask);
    settleEvents();
    ASSERT_EQ(model.result(), nullptr);
    ASSERT_TRUE(model.error().has_value());
    ASSERT_EQ(model.error()->category, ErrorCategory::AllMaskedRow);

    const QImage image = grab();
    maybeSave(image, "all-masked-row");
    // No numbers anywhere, and the rows that do have keys are neutral, not coloured.
    for (int k = 0; k < 3; ++k) {
        EXPECT_TRUE(view->cellText(0, k).isEmpty());
        EXPECT_TRUE(isGrey(centreOf(image, 0, k)));
    }
    // The row with no key says so in red across the row; the other rows do not.
    const QRgb red = qRgb(0x9b, 0x1c, 0x1c);
    const QRectF row1 = view->cellRect(1, 0).united(view->cellRect(1, 2));
    const QRectF row0 = view->cellRect(0, 0).united(view->cellRect(0, 2));
    EXPECT_GT(countNear(image, row1, red, 40), 30);
    EXPECT_EQ(countNear(image, row0, red, 40), 0);
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("no key"))) << view->infoText().toStdString();
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("q2"))) << view->infoText().toStdString();

    // Rows can still be selected, and the hover names the undefined weight.
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, view->cellRect(1, 1).center().toPoint());
    EXPECT_EQ(viewState.selectedQuery(), 1);
    viewState.setHover(1, 1);
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("undefined"))) << view->infoText().toStdString();

    // Allowing a key brings the colours back.
    model.setMaskCell(1, 1, true);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(centreOf(grab(), 0, 0), viewState.colorMap().rgbAt(model.result()->weights(0, 0)));
}

TEST_F(HeatmapViewTest, OtherRefusalsGreyTheWholeView)
{
    viewState.setShowValues(false);
    settleEvents();
    const QRectF cell = view->cellRect(0, 0);
    model.setTemperature(0.0);
    settleEvents();
    ASSERT_EQ(model.result(), nullptr);
    ASSERT_EQ(model.error()->category, ErrorCategory::NonpositiveTemperature);
    const QImage image = grab();
    maybeSave(image, "refused");
    EXPECT_TRUE(isGrey(image.pixel(cell.center().toPoint())));
    EXPECT_TRUE(isGrey(image.pixel(5, image.height() / 2)));
    EXPECT_FALSE(view->cellAt(cell.center()).has_value());
    EXPECT_TRUE(view->cellRect(0, 0).isEmpty());
    QTest::mouseClick(view.get(), Qt::LeftButton, {}, cell.center().toPoint() + QPoint(0, 2 * int(cell.height())));
    EXPECT_EQ(viewState.selectedQuery(), 0);

    model.setTemperature(1.0);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(centreOf(grab(), 0, 0), viewState.colorMap().rgbAt(model.result()->weights(0, 0)));
}

TEST_F(HeatmapViewTest, ManyTokensThinTheLabelsAndHideTheValues)
{
    // 40 x 40 with long labels in a small view: it must still draw, values hidden, cells crisp.
    const int n = 40;
    Scenario s;
    std::mt19937 rng(7);
    std::normal_distribution<double> normal;
    s.queries = Matrix(n, 4);
    s.keys = Matrix(n, 4);
    s.values = Matrix(n, 2);
    for (Index i = 0; i < s.queries.size(); ++i)
        s.queries.data()[i] = normal(rng);
    for (Index i = 0; i < s.keys.size(); ++i)
        s.keys.data()[i] = normal(rng);
    s.values.setOnes();
    for (int i = 0; i < n; ++i) {
        s.queryLabels << QStringLiteral("token number %1").arg(i + 1);
        s.keyLabels << QStringLiteral("source token %1").arg(i + 1);
    }
    s.allowed = causalMask(n, n);
    model.setScenario(s);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    view->resize(600, 400);
    settleEvents();
    EXPECT_FALSE(view->areValuesVisible());
    const QImage image = grab();
    maybeSave(image, "40x40-600x400");
    const QRectF cell = view->cellRect(30, 10);
    ASSERT_GE(cell.width(), 4.0);
    EXPECT_EQ(image.pixel(cell.center().toPoint()), viewState.colorMap().rgbAt(model.result()->weights(30, 10)));
    view->resize(1400, 900);
    settleEvents();
    maybeSave(grab(), "40x40-1400x900");
}

TEST_F(HeatmapViewTest, A2048By2048ScenarioRenders)
{
    const int n = 2048;
    const int d = 16;
    Scenario s;
    s.name = QStringLiteral("big");
    std::mt19937 rng(42);
    std::normal_distribution<double> normal;
    s.queries = Matrix(n, d);
    s.keys = Matrix(n, d);
    s.values = Matrix(n, 2);
    for (Index i = 0; i < s.queries.size(); ++i)
        s.queries.data()[i] = normal(rng);
    for (Index i = 0; i < s.keys.size(); ++i)
        s.keys.data()[i] = normal(rng);
    s.values.setZero();
    s.allowed = causalMask(n, n);

    view->resize(1400, 900);
    settleEvents();
    QElapsedTimer timer;
    timer.start();
    model.setScenario(s);
    ASSERT_NE(model.result(), nullptr);  // the engine computes here, on the spot
    const qint64 engine = timer.restart();
    settleEvents();
    const qint64 content = timer.restart();
    QImage image = grab();
    const qint64 firstPaint = timer.restart();
    viewState.setHover(1000, 10);
    image = grab();
    const qint64 hoverPaint = timer.restart();
    viewState.setColorMapKind(ColorMap::Kind::Viridis);
    settleEvents();
    image = grab();
    const qint64 recolourAndPaint = timer.restart();
    std::printf("[ heatmap ] 2048x2048 at 1400x900: engine %lld ms, view content %lld ms, first paint "
                "%lld ms, hover repaint %lld ms, colour map switch + repaint %lld ms\n",
                static_cast<long long>(engine), static_cast<long long>(content),
                static_cast<long long>(firstPaint),
                static_cast<long long>(hoverPaint), static_cast<long long>(recolourAndPaint));
    maybeSave(image, "2048x2048-1400x900");

    // The upper triangle is masked (grey hatching), the lower one carries colours of the map.
    const QRectF topRight = view->cellRect(100, 1900);
    const QRectF bottomLeft = view->cellRect(1900, 100);
    ASSERT_FALSE(topRight.isEmpty());
    EXPECT_TRUE(isGrey(image.pixel(topRight.center().toPoint())));
    const QRgb lower = image.pixel(bottomLeft.center().toPoint());
    EXPECT_FALSE(isGrey(lower));
    EXPECT_TRUE(viewState.colorMap().table().contains(lower));
    // The causal boundary is visible: a masked pixel just above the diagonal, a coloured one below.
    const QRectF diagonal = view->cellRect(1024, 1024);
    EXPECT_TRUE(isGrey(image.pixel((diagonal.center() + QPointF(6, -6)).toPoint())));
    EXPECT_FALSE(isGrey(image.pixel((diagonal.center() + QPointF(-6, 6)).toPoint())));
}

TEST_F(HeatmapViewTest, QueryDragStepsShowTheSameMatrixAsAFreshView)
{
    // A query drag recolours only that query's row and reuses the picture of the labels: after
    // many steps (with a hover, a selection and a temperature change in between) the view must
    // look exactly like one built from scratch, for a few tokens and for 512.
    std::mt19937_64 rng(7);
    std::normal_distribution<double> normal(0.0, 1.0);
    Scenario big;
    big.name = QStringLiteral("512 tokens");
    big.queries.resize(512, 2);
    big.keys.resize(512, 2);
    big.values.resize(512, 2);
    for (Index i = 0; i < 512; ++i) {
        for (Index j = 0; j < 2; ++j) {
            big.queries(i, j) = normal(rng);
            big.keys(i, j) = normal(rng);
            big.values(i, j) = normal(rng);
        }
    }
    for (const Scenario &scenario : {builtinScenario("three-queries"), big}) {
        model.setScenario(scenario);
        settleEvents();
        const QImage first = grab();
        for (int step = 1; step <= 5; ++step) {
            const int row = step % 2;
            Eigen::RowVectorXd query = model.scenario().queries.row(row);
            query(0) += 0.4 * step;
            query(1) -= 0.3;
            model.setQueryRow(row, query);
            settleEvents();
            if (step == 2)
                viewState.setSelectedQuery(1);
            if (step == 3)
                model.setTemperature(0.7);
            settleEvents();
        }
        const QImage dragged = grab();
        EXPECT_NE(dragged, first) << "the drag changed the weights";

        HeatmapView fresh(&model, &viewState);
        fresh.resize(view->size());
        fresh.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&fresh));
        settleEvents();
        const QImage expected = fresh.grab().toImage().convertToFormat(QImage::Format_RGB32);
        int differing = 0;
        for (int y = 0; y < expected.height(); ++y)
            for (int x = 0; x < expected.width(); ++x)
                differing += channelDistance(expected.pixel(x, y), dragged.pixel(x, y)) > 2 ? 1 : 0;
        EXPECT_EQ(differing, 0) << scenario.name.toStdString();
        viewState.setSelectedQuery(0);
        model.setTemperature(1.0);
        settleEvents();
    }
}

TEST_F(HeatmapViewTest, FigureModeLeavesOutTheInteractionAndFitsTheMatrix)
{
    // On screen: the selected row's frame in its query's colour, and the hovered cell's numbers.
    viewState.setSelectedQuery(1);
    viewState.setHover(0, 2);
    settleEvents();
    const QRgb frame = viewState.theme().queryColor(1).rgb();
    auto framePixels = [&](const QImage &image) { return countNear(image, QRectF(image.rect()), frame, 0); };
    const QImage screen = grab();
    EXPECT_TRUE(view->infoText().contains(QStringLiteral("S/T ="))) << view->infoText().toStdString();

    // As a figure: neither, and no focus frame; the selection only when asked for.
    view->setFigureMode(true);
    settleEvents();
    EXPECT_TRUE(view->isFigureMode());
    const QImage figure = grab();
    maybeSave(figure, "figure-mode");
    EXPECT_FALSE(view->infoText().contains(QStringLiteral("S/T ="))) << view->infoText().toStdString();
    EXPECT_GT(framePixels(screen), framePixels(figure) + 300) << framePixels(screen) << " vs " << framePixels(figure);
    view->setFigureMode(true, true);
    settleEvents();
    EXPECT_GT(framePixels(grab()), framePixels(figure) + 300);

    // The figure's room goes to the cells: no info line is kept under the matrix.
    view->setFigureMode(false);
    settleEvents();
    const double screenCell = view->cellRect(0, 0).width();
    view->setFigureMode(true);
    settleEvents();
    const double figureCell = view->cellRect(0, 0).width();
    EXPECT_GT(figureCell, screenCell);

    // Fitted: the 3 x 3 matrix in 600 x 400 leaves room at the sides; the fitted size cuts it
    // off and keeps the cells and labels as they are.
    const QSize fitted = view->fittedSize(QSize(600, 400));
    EXPECT_LT(fitted.width(), 560);
    EXPECT_EQ(fitted.height(), 400);
    const QVector<QRectF> labelsBefore = view->labelRects();
    view->resize(fitted);
    settleEvents();
    EXPECT_DOUBLE_EQ(view->cellRect(0, 0).width(), figureCell);
    EXPECT_TRUE(view->areValuesVisible());
    EXPECT_EQ(view->labelRects().size(), labelsBefore.size());

    // A 1 x 3 matrix in 720 x 480 leaves room above and below.
    model.setScenario(builtinScenario("lesson"));
    settleEvents();
    const QSize wide = view->fittedSize(QSize(720, 480));
    EXPECT_GE(wide.width(), 700);
    EXPECT_LT(wide.height(), 380);
}

// In Chinese the row title reads down a column with every character upright; in English it is
// turned to run upwards.
TEST(HeatmapViewTitles, ChineseRowTitleStacksUprightLatinTurns)
{
    AttentionModel model;
    ViewState state;
    model.setScenario(builtinScenario("causal-self-attention"));
    auto turnedTitle = [&](const QString &title) {
        HeatmapView view(&model, &state);
        view.resize(700, 520);
        view.show();
        settleEvents();
        int upright = 0;
        int turned = 0;
        for (const DrawnText &text : drawnTexts(&view)) {
            if (text.turned && text.text == title)
                ++turned;
            if (!text.turned && text.text.size() == 1 && title.contains(text.text))
                ++upright;
        }
        return std::pair{turned, upright};
    };
    const auto [latinTurned, latinUpright] = turnedTitle(QStringLiteral("query / destination"));
    EXPECT_EQ(latinTurned, 1);

    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const QString chinese = QCoreApplication::translate("attnlens::HeatmapView", "query / destination");
    ASSERT_TRUE(stacksUpright(chinese)) << chinese.toStdString();
    const auto [chineseTurned, chineseUpright] = turnedTitle(chinese);
    LanguageSettings::install(QStringLiteral("en"));
    EXPECT_EQ(chineseTurned, 0);
    EXPECT_GE(chineseUpright, 4);  // 查 詢 ／ 目 的: each character on a line of its own
}
