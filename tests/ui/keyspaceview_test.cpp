#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "keyspaceview.h"
#include "plotaxes.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

Matrix matrix(std::initializer_list<std::initializer_list<double>> rows)
{
    const Index columns = Index(rows.begin()->size());
    Matrix result(Index(rows.size()), columns);
    Index i = 0;
    for (const auto &row : rows) {
        Index j = 0;
        for (double value : row)
            result(i, j++) = value;
        ++i;
    }
    return result;
}

Scenario numberLineScenario()
{
    Scenario scenario;
    scenario.name = QStringLiteral("d_k = 1");
    scenario.queries = matrix({{1.0}});
    scenario.keys = matrix({{-1.0}, {0.5}, {2.0}});
    scenario.values = matrix({{1.0}, {2.0}, {3.0}});
    scenario.queryLabels = QStringList{QStringLiteral("q")};
    scenario.keyLabels = QStringList{QStringLiteral("left"), QStringLiteral("middle"), QStringLiteral("right")};
    return scenario;
}

Scenario threeDimensionalScenario()
{
    Scenario scenario;
    scenario.name = QStringLiteral("d_k = 3");
    scenario.queries = matrix({{1.0, 0.0, 0.5}});
    scenario.keys = matrix({{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}});
    scenario.values = matrix({{1.0, 0.0}, {0.0, 1.0}, {1.0, 1.0}});
    return scenario;
}

bool isMultipleOfTenth(double value)
{
    return std::abs(value * 10.0 - std::round(value * 10.0)) < 1e-9
        && value == std::round(value * 10.0) / 10.0;
}

/// How many pixels are close to `color` (a query colour, say).
int countNear(const QImage &image, const QColor &color, int tolerance = 40)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = line[x];
            if (std::abs(qRed(p) - color.red()) + std::abs(qGreen(p) - color.green())
                    + std::abs(qBlue(p) - color.blue())
                < tolerance)
                ++count;
        }
    }
    return count;
}

int countDark(const QImage &image)
{
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            if (qGray(line[x]) < 100)
                ++count;
        }
    }
    return count;
}

QImage grabImage(QWidget &widget)
{
    return widget.grab().toImage().convertToFormat(QImage::Format_RGB32);
}

QRgb pixelAt(const QImage &image, const QPointF &widgetPoint, qreal devicePixelRatio)
{
    return image.pixel(int(std::lround(widgetPoint.x() * devicePixelRatio)),
                       int(std::lround(widgetPoint.y() * devicePixelRatio)));
}

/// n tokens of normally distributed two-dimensional queries and keys (as in the drag benchmark),
/// with the first query at [1, 0].
Scenario crowdedScenario(int n)
{
    std::mt19937_64 rng(2026);
    std::normal_distribution<double> normal(0.0, 1.0);
    Scenario s;
    s.name = QStringLiteral("%1 tokens").arg(n);
    s.queries.resize(n, 2);
    s.keys.resize(n, 2);
    s.values.resize(n, 2);
    for (Index i = 0; i < n; ++i) {
        for (Index j = 0; j < 2; ++j) {
            s.queries(i, j) = normal(rng);
            s.keys(i, j) = normal(rng);
            s.values(i, j) = normal(rng);
        }
    }
    s.queries.row(0) << 1.0, 0.0;
    return s;
}

void sendMouse(QWidget *target, QEvent::Type type, const QPointF &position, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, position, target->mapToGlobal(position), Qt::LeftButton, buttons,
                      Qt::NoModifier);
    QCoreApplication::sendEvent(target, &event);
}

class KeySpaceViewTest : public ::testing::Test {
protected:
    void SetUp() override { QCoreApplication::processEvents(); }

    void open(const Scenario &scenario, QSize size = QSize(600, 400))
    {
        model.setScenario(scenario);
        QCoreApplication::processEvents();
        view = std::make_unique<KeySpaceView>(&model, &viewState);
        view->resize(size);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get()));
        QCoreApplication::processEvents();
    }

    /// Hover moves made by QTest carry the modifiers of the last press or release, which the
    /// application remembers: a plain click on empty ground forgets a Ctrl from an earlier drag.
    void forgetModifiers()
    {
        QTest::mouseClick(view.get(), Qt::LeftButton, Qt::NoModifier,
                          view->dataToWidget(QPointF(-0.13, -0.17)).toPoint());
    }

    double query(Index row, Index column) const { return model.scenario().queries(row, column); }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<KeySpaceView> view;
};

} // namespace

TEST_F(KeySpaceViewTest, HasNamesForAssistiveTechnologyAndFitsASmallDock)
{
    open(builtinScenario(QStringLiteral("lesson")));
    EXPECT_EQ(view->objectName(), QStringLiteral("keySpaceView"));
    EXPECT_FALSE(view->accessibleName().isEmpty());
    EXPECT_TRUE(view->accessibleDescription().contains(QStringLiteral("Ctrl")));
    EXPECT_TRUE(view->hintText().contains(QStringLiteral("Ctrl+drag moves keys")));
    EXPECT_LE(view->minimumSizeHint().width(), 400);
    EXPECT_LE(view->minimumSizeHint().height(), 300);
}

TEST_F(KeySpaceViewTest, DraggingTheLessonTipMovesTheQueryOnEveryMove)
{
    open(builtinScenario(QStringLiteral("lesson")));
    const double ppu = view->pixelsPerUnit();
    ASSERT_GT(ppu, 20.0);
    // Equal aspect: memory A = [1, 0] and memory B = [0, 1] are one unit apart on both axes.
    EXPECT_NEAR(view->keyPosition(0).x() - view->keyPosition(1).x(), ppu, 1e-6);
    EXPECT_NEAR(view->keyPosition(0).y() - view->keyPosition(1).y(), ppu, 1e-6);

    const QPointF keyBBefore = view->keyPosition(1);
    const QPoint start = view->tipPosition(0).toPoint();
    QSignalSpy changes(&model, &AttentionModel::queryChanged);

    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    EXPECT_EQ(changes.count(), 0);
    QTest::mouseMove(view.get(), start + QPoint(12, 0));
    EXPECT_EQ(changes.count(), 1);
    const double xAfterFirstMove = query(0, 0);
    EXPECT_GT(xAfterFirstMove, 1.0);
    EXPECT_NEAR(query(0, 1), 0.0, 1.0 / ppu);

    QTest::mouseMove(view.get(), start + QPoint(24, 0));
    EXPECT_EQ(changes.count(), 2);
    EXPECT_GT(query(0, 0), xAfterFirstMove);

    QTest::mouseMove(view.get(), start + QPoint(24, -18));
    EXPECT_EQ(changes.count(), 3);
    EXPECT_GT(query(0, 1), 0.0) << "moving the mouse up must increase the second coordinate";
    // The plane does not move under the mouse while dragging.
    EXPECT_EQ(view->keyPosition(1), keyBBefore);

    const QPoint end = start + QPoint(24, -18);
    const QPointF expected = view->widgetToData(end);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, end);
    QCoreApplication::processEvents();
    EXPECT_NEAR(query(0, 0), expected.x(), 1.0 / ppu);
    EXPECT_NEAR(query(0, 1), expected.y(), 1.0 / ppu);
    EXPECT_NEAR(query(0, 0), 1.0 + 24.0 / ppu, 1.0 / ppu);
    EXPECT_NEAR(query(0, 1), 18.0 / ppu, 1.0 / ppu);
}

TEST_F(KeySpaceViewTest, WeightsFollowTheDragLive)
{
    open(builtinScenario(QStringLiteral("lesson")));
    const double haloBBefore = view->haloRadius(1);
    const QPoint start = view->tipPosition(0).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    // Towards memory B: up and to the left.
    QTest::mouseMove(view.get(), start + QPoint(-int(view->pixelsPerUnit()), -int(view->pixelsPerUnit())));
    QCoreApplication::processEvents();
    EXPECT_GT(view->haloRadius(1), haloBBefore);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier,
                        start + QPoint(-int(view->pixelsPerUnit()), -int(view->pixelsPerUnit())));
}

TEST_F(KeySpaceViewTest, RefitsOnlyAfterADragThatLeftTheView)
{
    open(builtinScenario(QStringLiteral("lesson")));
    const QPointF keyBBefore = view->keyPosition(1);
    const QPoint start = view->tipPosition(0).toPoint();
    const QPoint outside(view->width() + 150, start.y());
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), (start + outside) / 2);
    QTest::mouseMove(view.get(), outside);
    QCoreApplication::processEvents();
    EXPECT_EQ(view->keyPosition(1), keyBBefore) << "the view must not jump while dragging";
    EXPECT_GT(view->tipPosition(0).x(), view->width());
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, outside);
    QCoreApplication::processEvents();
    EXPECT_TRUE(view->rect().contains(view->tipPosition(0).toPoint()));
    EXPECT_NE(view->keyPosition(1), keyBBefore);
}

TEST_F(KeySpaceViewTest, ArrowKeysNudgeTheSelectedQuery)
{
    open(builtinScenario(QStringLiteral("lesson")));
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Right);
    EXPECT_NEAR(query(0, 0), 1.1, 1e-12);
    QTest::keyClick(view.get(), Qt::Key_Right, Qt::ShiftModifier);
    EXPECT_NEAR(query(0, 0), 1.11, 1e-12);
    QTest::keyClick(view.get(), Qt::Key_Up);
    EXPECT_NEAR(query(0, 1), 0.1, 1e-12);
    QTest::keyClick(view.get(), Qt::Key_Down, Qt::ShiftModifier);
    EXPECT_NEAR(query(0, 1), 0.09, 1e-12);
    QTest::keyClick(view.get(), Qt::Key_Left);
    EXPECT_NEAR(query(0, 0), 1.01, 1e-12);
}

TEST_F(KeySpaceViewTest, ArrowKeysMoveOnlyTheSelectedQuery)
{
    open(builtinScenario(QStringLiteral("three-queries")));
    viewState.setSelectedQuery(2);
    view->setFocus();
    const Matrix before = model.scenario().queries;
    QTest::keyClick(view.get(), Qt::Key_Right);
    EXPECT_NEAR(query(2, 0), -0.9, 1e-12);
    EXPECT_EQ(model.scenario().queries.row(0), before.row(0));
    EXPECT_EQ(model.scenario().queries.row(1), before.row(1));
}

TEST_F(KeySpaceViewTest, SnapToGridGivesMultiplesOfATenth)
{
    open(builtinScenario(QStringLiteral("lesson")));
    viewState.setSnapToGrid(true);
    const QPoint start = view->tipPosition(0).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(37, -29));
    EXPECT_TRUE(isMultipleOfTenth(query(0, 0))) << query(0, 0);
    EXPECT_TRUE(isMultipleOfTenth(query(0, 1))) << query(0, 1);
    EXPECT_GT(query(0, 0), 1.0);
    EXPECT_GT(query(0, 1), 0.0);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, start + QPoint(37, -29));

    // Coarse nudges stay on the grid too.
    view->setFocus();
    QTest::keyClick(view.get(), Qt::Key_Left);
    EXPECT_TRUE(isMultipleOfTenth(query(0, 0))) << query(0, 0);
}

TEST_F(KeySpaceViewTest, PressOnATipSelectsThatQuery)
{
    open(builtinScenario(QStringLiteral("three-queries")));
    ASSERT_EQ(viewState.selectedQuery(), 0);
    QSignalSpy selections(&viewState, &ViewState::selectedQueryChanged);
    const QPoint tip = view->tipPosition(2).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, tip);
    EXPECT_EQ(viewState.selectedQuery(), 2);
    EXPECT_EQ(selections.count(), 1);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, tip);
}

TEST_F(KeySpaceViewTest, CtrlDragMovesAKeyAndLeavesValuesAlone)
{
    open(builtinScenario(QStringLiteral("lesson")));
    const Matrix valuesBefore = model.scenario().values;
    const Matrix queriesBefore = model.scenario().queries;
    QSignalSpy keyChanges(&model, &AttentionModel::keyChanged);
    QSignalSpy valueChanges(&model, &AttentionModel::valueChanged);
    QSignalSpy queryChanges(&model, &AttentionModel::queryChanged);

    const QPoint start = view->keyPosition(1).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::ControlModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(30, -20));
    EXPECT_GE(keyChanges.count(), 1);
    EXPECT_GT(model.scenario().keys(1, 0), 0.0);
    EXPECT_GT(model.scenario().keys(1, 1), 1.0);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::ControlModifier, start + QPoint(30, -20));
    forgetModifiers();
    QCoreApplication::processEvents();

    EXPECT_TRUE(identicalMatrices(model.scenario().values, valuesBefore));
    EXPECT_TRUE(identicalMatrices(model.scenario().queries, queriesBefore));
    EXPECT_EQ(valueChanges.count(), 0);
    EXPECT_EQ(queryChanges.count(), 0);
}

TEST_F(KeySpaceViewTest, CtrlPicksTheKeyUnderTheLessonTip)
{
    // In the lesson the query tip [1, 0] lies exactly on memory A.
    open(builtinScenario(QStringLiteral("lesson")));
    const QPoint start = view->tipPosition(0).toPoint();
    ASSERT_EQ(start, view->keyPosition(0).toPoint());
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::ControlModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(0, 40));
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::ControlModifier, start + QPoint(0, 40));
    forgetModifiers();
    EXPECT_LT(model.scenario().keys(0, 1), 0.0);
    EXPECT_EQ(query(0, 1), 0.0);
}

TEST_F(KeySpaceViewTest, HoverHighlightsKeysAndTips)
{
    open(builtinScenario(QStringLiteral("lesson")));
    forgetModifiers();
    QTest::mouseMove(view.get(), view->keyPosition(1).toPoint());
    EXPECT_EQ(viewState.hoveredQuery(), -1);
    EXPECT_EQ(viewState.hoveredKey(), 1);
    QTest::mouseMove(view.get(), view->tipPosition(0).toPoint());
    EXPECT_EQ(viewState.hoveredQuery(), 0);
    EXPECT_EQ(viewState.hoveredKey(), -1);
    QTest::mouseMove(view.get(), view->dataToWidget(QPointF(-0.3, 0.5)).toPoint());
    EXPECT_EQ(viewState.hoveredQuery(), -1);
    EXPECT_EQ(viewState.hoveredKey(), -1);

    // With Ctrl held the key under the lesson's tip is what a press would grab, so it is hovered.
    QTest::mouseClick(view.get(), Qt::LeftButton, Qt::ControlModifier,
                      view->dataToWidget(QPointF(-0.13, -0.17)).toPoint());
    QTest::mouseMove(view.get(), view->tipPosition(0).toPoint());
    EXPECT_EQ(viewState.hoveredQuery(), -1);
    EXPECT_EQ(viewState.hoveredKey(), 0);
    forgetModifiers();
}

TEST_F(KeySpaceViewTest, HalosGrowWithWeight)
{
    open(builtinScenario(QStringLiteral("lesson")));
    // Weights: A = C = 0.4011, B = 0.1978.
    EXPECT_GT(view->haloRadius(0), view->haloRadius(1));
    EXPECT_NEAR(view->haloRadius(0), view->haloRadius(2), 1e-9);
    EXPECT_GT(view->haloRadius(1), 0.0);

    // In pixels: just outside B's halo but inside C's, only C's surroundings carry the tint.
    const double between = 0.5 * (view->haloRadius(1) + view->haloRadius(2));
    const QImage image = grabImage(*view);
    const qreal dpr = view->devicePixelRatioF();
    const QRgb nearC = pixelAt(image, view->keyPosition(2) + QPointF(0.0, -between), dpr);
    const QRgb nearB = pixelAt(image, view->keyPosition(1) + QPointF(-between, 0.0), dpr);
    // The selected query's colour is vermilion: red well above blue.
    EXPECT_GT(qRed(nearC) - qBlue(nearC), 25) << std::hex << nearC;
    EXPECT_LT(std::abs(qRed(nearB) - qBlue(nearB)), 10) << std::hex << nearB;

    // A sharper temperature takes weight away from B: its halo shrinks.
    const double haloB = view->haloRadius(1);
    model.setTemperature(0.2);
    QCoreApplication::processEvents();
    EXPECT_LT(view->haloRadius(1), haloB);
}

TEST_F(KeySpaceViewTest, MaskedKeysAreHollowWithoutHalo)
{
    open(builtinScenario(QStringLiteral("key-b-removed")));
    EXPECT_EQ(view->haloRadius(1), 0.0);
    EXPECT_GT(view->haloRadius(0), 0.0);
    const QImage image = grabImage(*view);
    const qreal dpr = view->devicePixelRatioF();
    EXPECT_GT(qGray(pixelAt(image, view->keyPosition(1), dpr)), 200) << "masked key must be hollow";
    EXPECT_LT(qGray(pixelAt(image, view->keyPosition(2), dpr)), 100) << "allowed key is filled";
}

TEST_F(KeySpaceViewTest, UndefinedResultKeepsPointsDraggableAndSaysSo)
{
    open(builtinScenario(QStringLiteral("lesson")));
    const QPointF emptySpot = view->dataToWidget(QPointF(-0.13, -0.17));
    const qreal dpr = view->devicePixelRatioF();
    EXPECT_EQ(pixelAt(grabImage(*view), emptySpot, dpr), qRgb(255, 255, 255));
    EXPECT_TRUE(view->resultNote().isEmpty());

    for (Index j = 0; j < 3; ++j)
        model.setMaskCell(0, j, false);
    QCoreApplication::processEvents();
    ASSERT_EQ(model.result(), nullptr);
    EXPECT_TRUE(view->resultNote().contains(QStringLiteral("no allowed key"))) << view->resultNote().toStdString();
    for (int j = 0; j < 3; ++j)
        EXPECT_EQ(view->haloRadius(j), 0.0);
    EXPECT_NE(pixelAt(grabImage(*view), emptySpot, dpr), qRgb(255, 255, 255)) << "the plane is greyed out";

    const QPoint start = view->tipPosition(0).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(0, -30));
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, start + QPoint(0, -30));
    EXPECT_GT(query(0, 1), 0.0);

    model.setMaskCell(0, 1, true);
    QCoreApplication::processEvents();
    EXPECT_TRUE(view->resultNote().isEmpty());
    EXPECT_GT(view->haloRadius(1), 0.0);
}

TEST_F(KeySpaceViewTest, RefusedShapesStillRenderAndStayDraggable)
{
    Scenario broken = builtinScenario(QStringLiteral("lesson"));
    broken.keys = matrix({{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {1.0, 1.0, 0.0}});
    broken.allowed = Mask::Constant(2, 2, true);
    open(broken);
    ASSERT_EQ(model.result(), nullptr);
    EXPECT_FALSE(view->resultNote().isEmpty());
    const QImage image = grabImage(*view);
    EXPECT_GT(countNear(image, viewState.theme().queryColor(0)), 50);
    const QPoint start = view->tipPosition(0).toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(-20, 0));
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, start + QPoint(-20, 0));
    EXPECT_LT(query(0, 0), 1.0);
}

TEST_F(KeySpaceViewTest, NumberLineForOneDimensionalKeys)
{
    open(numberLineScenario());
    EXPECT_EQ(view->verticalDimension(), -1);
    EXPECT_TRUE(view->dimensionNote().isEmpty());
    const QImage image = grabImage(*view);
    EXPECT_GT(countNear(image, viewState.theme().queryColor(0)), 50);
    EXPECT_GT(countDark(image), 200);
    // Keys sit on one horizontal line, ordered by value.
    EXPECT_EQ(view->keyPosition(0).y(), view->keyPosition(2).y());
    EXPECT_LT(view->keyPosition(0).x(), view->keyPosition(1).x());
    EXPECT_LT(view->keyPosition(1).x(), view->keyPosition(2).x());
    // q = 1 prefers the key at 2.
    EXPECT_GT(view->haloRadius(2), view->haloRadius(1));
    EXPECT_GT(view->haloRadius(1), view->haloRadius(0));

    const double ppu = view->pixelsPerUnit();
    const QPointF tipBefore = view->tipPosition(0);
    const QPoint start = tipBefore.toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(25, -40));
    EXPECT_NEAR(query(0, 0), 1.0 + 25.0 / ppu, 1.0 / ppu);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, start + QPoint(25, -40));
    QCoreApplication::processEvents();
    EXPECT_EQ(view->tipPosition(0).y(), tipBefore.y()) << "the tip stays on its row";

    view->setFocus();
    const double x = query(0, 0);
    QTest::keyClick(view.get(), Qt::Key_Up);
    EXPECT_EQ(query(0, 0), x);
    QTest::keyClick(view.get(), Qt::Key_Left);
    EXPECT_NEAR(query(0, 0), x - 0.1, 1e-12);
}

TEST_F(KeySpaceViewTest, ThreeDimensionsShowTwoChosenCoordinates)
{
    open(threeDimensionalScenario());
    // The principal plane is the default when d_k > 2: pick two key coordinates instead.
    auto *plane = view->findChild<QComboBox *>(QStringLiteral("keySpacePlanePicker"));
    ASSERT_NE(plane, nullptr);
    EXPECT_TRUE(view->isPrincipalPlaneShown());
    plane->setCurrentIndex(1);
    QCoreApplication::processEvents();
    EXPECT_FALSE(view->isPrincipalPlaneShown());
    auto *vertical = view->findChild<QComboBox *>(QStringLiteral("verticalDimensionPicker"));
    ASSERT_NE(vertical, nullptr);
    EXPECT_TRUE(vertical->isVisible());
    EXPECT_EQ(view->dimensionNote(),
              QStringLiteral("showing dimensions 1 and 2 of 3; other coordinates unchanged"));

    vertical->setCurrentIndex(2);
    QCoreApplication::processEvents();
    EXPECT_EQ(view->verticalDimension(), 2);
    EXPECT_EQ(view->dimensionNote(),
              QStringLiteral("showing dimensions 1 and 3 of 3; other coordinates unchanged"));
    // The tip is drawn at (q_1, q_3) = (1, 0.5).
    const QPointF tip = view->tipPosition(0);
    const QPointF expectedTip = view->dataToWidget(QPointF(1.0, 0.5));
    EXPECT_NEAR(tip.x(), expectedTip.x(), 1e-6);
    EXPECT_NEAR(tip.y(), expectedTip.y(), 1e-6);

    const QImage image = grabImage(*view);
    EXPECT_GT(countNear(image, viewState.theme().queryColor(0)), 50);

    const QPoint start = tip.toPoint();
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(view.get(), start + QPoint(0, -30));
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, start + QPoint(0, -30));
    EXPECT_GT(query(0, 2), 0.5);
    EXPECT_EQ(query(0, 1), 0.0) << "the hidden coordinate is unchanged";
    EXPECT_NEAR(query(0, 0), 1.0, 1.0 / view->pixelsPerUnit());

    // Picking the horizontal coordinate for the vertical axis swaps the two.
    vertical->setCurrentIndex(0);
    EXPECT_EQ(view->horizontalDimension(), 2);
    EXPECT_EQ(view->verticalDimension(), 0);
}

TEST_F(KeySpaceViewTest, ScenarioResetRefitsToTheNewPoints)
{
    open(builtinScenario(QStringLiteral("lesson")));
    Scenario big = builtinScenario(QStringLiteral("lesson"));
    big.keys *= 40.0;
    big.queries(0, 1) = -25.0;
    model.setScenario(big);
    QCoreApplication::processEvents();
    for (int j = 0; j < 3; ++j)
        EXPECT_TRUE(view->rect().contains(view->keyPosition(j).toPoint())) << j;
    EXPECT_TRUE(view->rect().contains(view->tipPosition(0).toPoint()));
    EXPECT_LT(view->pixelsPerUnit(), 20.0);
}

TEST_F(KeySpaceViewTest, RendersAtProjectorAndLargeSizes)
{
    open(builtinScenario(QStringLiteral("three-queries")));
    for (const QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(600, 400), QSize(1400, 900)}) {
        view->resize(size);
        QCoreApplication::processEvents();
        const QImage image = grabImage(*view);
        image.save(QDir::temp().filePath(QStringLiteral("keyspace-three-queries-%1x%2.png")
                                             .arg(size.width())
                                             .arg(size.height())));
        EXPECT_GT(countNear(image, viewState.theme().queryColor(0)), 100) << size.width();
        EXPECT_GT(countNear(image, viewState.theme().queryColor(1)), 100) << size.width();
        EXPECT_GT(countNear(image, viewState.theme().queryColor(2)), 100) << size.width();
        EXPECT_GT(countDark(image), 500) << size.width();
        for (int i = 0; i < 3; ++i)
            EXPECT_TRUE(view->rect().contains(view->tipPosition(i).toPoint()));
    }
}

TEST_F(KeySpaceViewTest, PaintSceneDrawsIntoAnyRectangle)
{
    open(builtinScenario(QStringLiteral("lesson")));
    QImage image(900, 560, QImage::Format_RGB32);
    image.fill(Qt::black);
    {
        QPainter painter(&image);
        view->paintScene(painter, QRectF(0, 0, 900, 560));
    }
    image.save(QDir::temp().filePath(QStringLiteral("keyspace-export-900x560.png")));
    EXPECT_EQ(image.pixel(2, 2), qRgb(255, 255, 255));
    EXPECT_GT(countNear(image, viewState.theme().queryColor(0)), 100);
    EXPECT_GT(countDark(image), 300);
    // The widget's own geometry is untouched by an export.
    EXPECT_TRUE(view->rect().contains(view->tipPosition(0).toPoint()));
}

TEST(PlotAxesTest, NiceStepsAreOneTwoOrFiveTimesAPowerOfTen)
{
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(1.4, 7), 0.2);
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(10.0, 5), 2.0);
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(0.35, 4), 0.1);
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(4.0, 1), 5.0);
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(1000.0, 10), 100.0);
    EXPECT_DOUBLE_EQ(PlotAxes::niceStep(0.0, 5), 1.0);

    const QVector<double> ticks = PlotAxes::ticks(-0.64, 1.64, 0.5);
    EXPECT_EQ(ticks, (QVector<double>{-0.5, 0.0, 0.5, 1.0, 1.5}));
    EXPECT_EQ(PlotAxes::ticks(0.0, 0.3, 0.1).last(), 0.3);
    EXPECT_EQ(PlotAxes::tickLabel(-1e-17, 0.5), QStringLiteral("0.0"));
    EXPECT_EQ(PlotAxes::tickLabel(-1e-17, 1.0), QStringLiteral("0"));
    EXPECT_EQ(PlotAxes::tickLabel(0.25, 0.05), QStringLiteral("0.25"));
    EXPECT_EQ(PlotAxes::tickLabel(-2.0, 1.0), QStringLiteral("\u22122"));
}

TEST(PlotAxesTest, EqualAspectUsesOneScaleAndKeepsTheFittedRangeVisible)
{
    PlotAxes axes;
    axes.setDataRange(-0.2, 1.2, -0.2, 1.2);
    axes.layout(QRectF(10, 10, 500, 250), true);
    EXPECT_DOUBLE_EQ(axes.xPixelsPerUnit(), axes.yPixelsPerUnit());
    EXPECT_LE(axes.xMin(), -0.2);
    EXPECT_GE(axes.xMax(), 1.2);
    EXPECT_NEAR(axes.yMin(), -0.2, 1e-12);
    const QPointF pixel = axes.toPixel(0.7, 0.3);
    const QPointF back = axes.toData(pixel);
    EXPECT_NEAR(back.x(), 0.7, 1e-12);
    EXPECT_NEAR(back.y(), 0.3, 1e-12);
    EXPECT_LT(axes.toPixelY(1.0), axes.toPixelY(0.0)) << "y grows upwards";
}

TEST_F(KeySpaceViewTest, DragStepsDrawTheSamePictureAsAFreshScene)
{
    // What is drawn during a drag comes partly from cached pictures (the frame, and with many
    // points the keys and other arrows): it must match a scene drawn from scratch, at a few
    // tokens and at many.
    for (const int tokens : {3, 64}) {
        open(tokens == 3 ? builtinScenario(QStringLiteral("lesson")) : crowdedScenario(tokens));
        const QPointF start = view->tipPosition(0);
        sendMouse(view.get(), QEvent::MouseButtonPress, start, Qt::LeftButton);
        QCoreApplication::processEvents();
        for (int step = 1; step <= 6; ++step) {
            sendMouse(view.get(), QEvent::MouseMove, start + QPointF(-9.0 * step, -7.0 * step), Qt::LeftButton);
            QCoreApplication::processEvents();
            ASSERT_NE(model.scenario().queries(0, 1), 0.0);
        }
        view->clearFocus();
        QCoreApplication::processEvents();
        const QImage cached = grabImage(*view);

        QImage fresh(view->size(), QImage::Format_RGB32);
        fresh.fill(view->palette().color(QPalette::Window));
        {
            QPainter painter(&fresh);
            view->paintScene(painter, QRectF(view->rect()));
        }
        // Only the caption differs: the widget shows the drag hint, an export does not. On
        // screen the halos are blitted from pictures rounded to a quarter pixel, so their edges
        // may differ a little from the vector halos of an export, and nothing else may.
        const int captionBottom = 2 * view->fontMetrics().height();
        auto onHaloEdge = [&](int x, int y) {
            for (int j = 0; j < int(model.scenario().keyCount()); ++j) {
                const double radius = view->haloRadius(j);
                if (radius <= 0.0)
                    continue;
                const QPointF centre = view->keyPosition(j);
                const double distance = std::hypot(x + 0.5 - centre.x(), y + 0.5 - centre.y());
                if (std::abs(distance - radius) < 2.5)
                    return true;
            }
            return false;
        };
        int differing = 0;
        int haloEdgeDiffering = 0;
        for (int y = captionBottom; y < std::min(cached.height(), fresh.height()); ++y) {
            for (int x = 0; x < std::min(cached.width(), fresh.width()); ++x) {
                const QRgb p = cached.pixel(x, y);
                const QRgb q = fresh.pixel(x, y);
                const int difference = std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                                  std::abs(qBlue(p) - qBlue(q))});
                if (difference <= 8)
                    continue;
                if (onHaloEdge(x, y) && difference <= 72)
                    ++haloEdgeDiffering;
                else
                    ++differing;
            }
        }
        EXPECT_LT(differing, 40) << tokens << " tokens";
        EXPECT_LT(haloEdgeDiffering, 600) << tokens << " tokens";
        EXPECT_GT(countNear(cached, viewState.theme().queryColor(0)), 50) << tokens << " tokens";
        sendMouse(view.get(), QEvent::MouseButtonRelease, view->tipPosition(0), Qt::NoButton);
        QCoreApplication::processEvents();
    }
}

TEST_F(KeySpaceViewTest, ACrowdedPlaneNamesOnlyTheHeaviestKeysAndTheSelectedQuery)
{
    // 512 tokens: naming every point would bury the plane. The selected query is named, and
    // the keys named are among the heaviest for it; the few-token lesson still names them all.
    open(crowdedScenario(512));
    ASSERT_NE(model.result(), nullptr);
    const Matrix &weights = model.result()->weights;
    EXPECT_TRUE(view->isQueryLabelled(0));
    int namedQueries = 0;
    for (int i = 0; i < 512; ++i)
        namedQueries += view->isQueryLabelled(i) ? 1 : 0;
    EXPECT_EQ(namedQueries, 1);

    std::vector<double> row(weights.row(0).data(), weights.row(0).data() + 512);
    std::vector<double> sorted = row;
    std::sort(sorted.begin(), sorted.end(), std::greater<double>());
    const double eighthHeaviest = sorted[7];
    int namedKeys = 0;
    for (int j = 0; j < 512; ++j) {
        if (!view->isKeyLabelled(j))
            continue;
        ++namedKeys;
        EXPECT_GE(row[size_t(j)], eighthHeaviest) << "key " << j << " is not among the heaviest";
    }
    EXPECT_GE(namedKeys, 4);
    EXPECT_LE(namedKeys, 8);
    // The heaviest key keeps its halo and its label whatever else crowds it.
    const int heaviest = int(std::max_element(row.begin(), row.end()) - row.begin());
    EXPECT_TRUE(view->isKeyLabelled(heaviest));
    EXPECT_GT(view->haloRadius(heaviest), 0.0);

    // Hovering another query names it too.
    viewState.setHover(7, -1);
    EXPECT_TRUE(view->isQueryLabelled(7));
    viewState.setHover(-1, -1);

    open(builtinScenario(QStringLiteral("lesson")));
    for (int j = 0; j < 3; ++j)
        EXPECT_TRUE(view->isKeyLabelled(j)) << j;
    EXPECT_TRUE(view->isQueryLabelled(0));
}

namespace {

/// The distance from `centre` to the nearest point of `rect`.
double distanceToRect(const QPointF &centre, const QRectF &rect)
{
    const double dx = std::max({rect.left() - centre.x(), 0.0, centre.x() - rect.right()});
    const double dy = std::max({rect.top() - centre.y(), 0.0, centre.y() - rect.bottom()});
    return std::hypot(dx, dy);
}

} // namespace

// The lesson's query [1, 0] sits right on memory A [1, 0]: the query's label and the key's
// label must not overlap each other, nor the key's halo and point under the tip, at the sizes
// the key space gets on 1280x720 and 1920x1080 screens, and for tips on or beside the key.
TEST_F(KeySpaceViewTest, LabelsStandClearOfAKeyAndItsHaloUnderTheQueryTip)
{
    for (const QSize size : {QSize(480, 330), QSize(700, 330), QSize(860, 520), QSize(1250, 560)}) {
        for (const double x : {1.0, 1.03, 0.97}) {
            open(attnlens::test::notebookLessonScenario(), size);
            Eigen::RowVectorXd q(2);
            q << x, 0.0;
            model.setQueryRow(0, q);
            QCoreApplication::processEvents();
            view->grab();  // lays the scene out
            SCOPED_TRACE(std::to_string(size.width()) + "x" + std::to_string(size.height()) + " q=" + std::to_string(x));
            const QRectF queryLabel = view->queryLabelRect(0);
            const QRectF keyLabel = view->keyLabelRect(0);
            ASSERT_FALSE(queryLabel.isEmpty());
            ASSERT_FALSE(keyLabel.isEmpty());
            EXPECT_FALSE(queryLabel.intersects(keyLabel));
            const QPointF key = view->keyPosition(0);
            const double halo = view->haloRadius(0);
            ASSERT_GT(halo, 0.0);
            EXPECT_GE(distanceToRect(key, queryLabel), halo) << "the query's label covers memory A's halo";
            EXPECT_GE(distanceToRect(key, keyLabel), halo) << "memory A's label covers its own halo";
            // Both still name what they belong to: they stay near.
            EXPECT_LT(distanceToRect(key, queryLabel), 3 * halo);
            EXPECT_LT(distanceToRect(key, keyLabel), 3 * halo);
        }
    }
}

// Found by the UI monkey (issue 11): with a query typed near the largest double, the plane's
// scale is about 1e-304 pixels a unit, and a drag of a few pixels landed beyond the largest
// double: the view wrote +infinity into Q. Snapping multiplied such numbers by 10 and overflowed
// too. A drag or nudge now leaves a coordinate that would not be finite where it was.
TEST_F(KeySpaceViewTest, DragsAndNudgesNearTheLargestDoubleNeverWriteAnInfinity)
{
    Scenario scenario = builtinScenario(QStringLiteral("lesson"));
    scenario.queries(0, 0) = 5.1210389688236222e306;
    scenario.queries(0, 1) = 1.7e308;
    open(scenario);
    for (const bool snap : {false, true}) {
        viewState.setSnapToGrid(snap);
        QPointF at = view->tipPosition(0);
        sendMouse(view.get(), QEvent::MouseButtonPress, at, Qt::LeftButton);
        for (const QPointF step : {QPointF(40, -60), QPointF(300, -300), QPointF(-700, 500)}) {
            at += step;
            sendMouse(view.get(), QEvent::MouseMove, at, Qt::LeftButton);
            ASSERT_TRUE(model.scenario().queries.allFinite())
                << "snap " << snap << ": q = (" << query(0, 0) << ", " << query(0, 1) << ")";
        }
        sendMouse(view.get(), QEvent::MouseButtonRelease, at, Qt::NoButton);
        for (const Qt::Key key : {Qt::Key_Up, Qt::Key_Right, Qt::Key_Down, Qt::Key_Left}) {
            QTest::keyClick(view.get(), key);
            ASSERT_TRUE(model.scenario().queries.allFinite()) << "snap " << snap;
        }
        ASSERT_TRUE(model.isValid() || model.error().has_value());
    }
    // Keys were never touched.
    EXPECT_TRUE(identicalMatrices(model.scenario().keys, scenario.keys));
}
