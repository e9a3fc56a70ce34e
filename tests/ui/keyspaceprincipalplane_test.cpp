#include "attentionmodel.h"
#include "coretestsupport.h"
#include "keyspaceview.h"
#include "principalplane.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <Eigen/Eigenvalues>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <random>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

constexpr Index kDimension = 64;

/// 8 keys and 4 queries of dimension 64, seeded, the keys spreading unevenly as in a trained
/// head (most along a few directions). With `coordinatePlane` the keys vary only in their first
/// two coordinates (every other one is one dyadic number per column, so their mean is exact and
/// the principal plane is exactly span(e1, e2)).
Scenario sixtyFourDimensional(bool coordinatePlane = false)
{
    std::mt19937_64 rng(64);
    std::normal_distribution<double> normal(0.0, 1.0);
    Scenario s;
    s.name = QStringLiteral("d_k = 64");
    s.keys.resize(8, kDimension);
    s.queries.resize(4, kDimension);
    s.values.resize(8, 3);
    for (Index i = 0; i < s.keys.rows(); ++i) {
        for (Index j = 0; j < kDimension; ++j)
            s.keys(i, j) = normal(rng) * (j < 2 ? 1.2 : 0.35 / (1.0 + 0.1 * double(j)));
    }
    if (coordinatePlane) {
        for (Index j = 2; j < kDimension; ++j)
            s.keys.col(j).setConstant(0.125 * double(j % 9) - 0.5);
    }
    for (Index i = 0; i < s.queries.rows(); ++i) {
        for (Index j = 0; j < kDimension; ++j)
            s.queries(i, j) = 0.3 * normal(rng);
    }
    for (Index i = 0; i < s.values.rows(); ++i) {
        for (Index j = 0; j < s.values.cols(); ++j)
            s.values(i, j) = normal(rng);
    }
    return s;
}

/// The keys' principal directions and the top two's share of the spread, from an eigen
/// decomposition of their covariance (not the SVD the view uses).
struct CovarianceReference {
    Eigen::VectorXd first;
    Eigen::VectorXd second;
    double share = 0.0;
};

CovarianceReference covarianceReference(const Matrix &keys)
{
    const Eigen::MatrixXd centred = keys.rowwise() - keys.colwise().mean();
    const Eigen::MatrixXd covariance = centred.transpose() * centred;
    const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
    const Eigen::VectorXd &values = solver.eigenvalues();  // ascending
    const Index n = values.size();
    CovarianceReference r;
    r.first = solver.eigenvectors().col(n - 1);
    r.second = solver.eigenvectors().col(n - 2);
    r.share = (values(n - 1) + values(n - 2)) / values.sum();
    return r;
}

/// What is left of `change` once its part in the plane is taken out.
double outsidePlane(const PrincipalPlane &plane, const Eigen::RowVectorXd &change)
{
    const Eigen::VectorXd v = change.transpose();
    return (v - plane.axes * (plane.axes.transpose() * v)).norm();
}

bool identicalBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof(double)) == 0;
}

class KeySpacePrincipalPlaneTest : public ::testing::Test {
protected:
    void open(const Scenario &scenario)
    {
        model.setScenario(scenario);
        settleEvents();
        view = std::make_unique<KeySpaceView>(&model, &viewState);
        view->resize(700, 500);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get()));
        settleEvents();
    }

    QComboBox *planePicker() const { return view->findChild<QComboBox *>(QStringLiteral("keySpacePlanePicker")); }

    /// Drags query `row`'s tip by `offset` pixels in ten moves.
    void dragQuery(int row, const QPoint &offset)
    {
        const QPoint from = view->tipPosition(row).toPoint();
        QTest::mousePress(view.get(), Qt::LeftButton, Qt::NoModifier, from);
        for (int i = 1; i <= 10; ++i) {
            QTest::mouseMove(view.get(), from + offset * i / 10);
            settleEvents();
        }
        QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::NoModifier, from + offset);
        settleEvents();
    }

    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    std::unique_ptr<KeySpaceView> view;
};

} // namespace

TEST_F(KeySpacePrincipalPlaneTest, IsTheDefaultForSixtyFourDimensionsAndSaysHowMuchItShows)
{
    const Scenario scenario = sixtyFourDimensional();
    open(scenario);
    ASSERT_TRUE(view->isPrincipalPlaneShown());
    const PrincipalPlane *plane = view->principalPlane();
    ASSERT_NE(plane, nullptr);
    ASSERT_NE(planePicker(), nullptr);
    EXPECT_TRUE(planePicker()->isVisible());
    EXPECT_EQ(planePicker()->currentIndex(), 0);
    auto *horizontal = view->findChild<QComboBox *>(QStringLiteral("horizontalDimensionPicker"));
    ASSERT_NE(horizontal, nullptr);
    EXPECT_FALSE(horizontal->isVisible()) << "no coordinate pickers over the principal plane";

    const CovarianceReference reference = covarianceReference(scenario.keys);
    EXPECT_NEAR(std::abs(plane->axes.col(0).dot(reference.first)), 1.0, 1e-9);
    EXPECT_NEAR(std::abs(plane->axes.col(1).dot(reference.second)), 1.0, 1e-9);
    EXPECT_NEAR(plane->varianceShare, reference.share, 1e-12);
    const QString percent = QString::number(int(std::round(100.0 * reference.share)));
    ASSERT_GT(reference.share, 0.3);
    ASSERT_LT(reference.share, 0.99);
    const QString expectedNote = QStringLiteral("principal plane: it shows %1% of the keys' spread; dragging a "
                                                "query changes it only within this plane")
                                     .arg(percent);
    EXPECT_EQ(view->dimensionNote(), expectedNote);
    auto *note = view->findChild<QLabel *>(QStringLiteral("dimensionNote"));
    ASSERT_NE(note, nullptr);
    EXPECT_EQ(note->text(), expectedNote);
    EXPECT_TRUE(note->isVisible());
    EXPECT_TRUE(view->accessibleDescription().contains(QStringLiteral("holds %1% of their spread").arg(percent)))
        << view->accessibleDescription().toStdString();
    EXPECT_EQ(view->scene().xTitle, QStringLiteral("principal direction 1"));
    EXPECT_EQ(view->scene().yTitle, QStringLiteral("principal direction 2"));

    // Every key and query is drawn at its projection axesᵀ v onto the plane through the origin.
    for (Index j = 0; j < scenario.keyCount(); ++j) {
        const Eigen::Vector2d p = plane->axes.transpose() * scenario.keys.row(j).transpose();
        const QPointF expected = view->dataToWidget(QPointF(p(0), p(1)));
        EXPECT_NEAR(view->keyPosition(int(j)).x(), expected.x(), 1e-6) << j;
        EXPECT_NEAR(view->keyPosition(int(j)).y(), expected.y(), 1e-6) << j;
    }
    for (Index i = 0; i < scenario.queryCount(); ++i) {
        const Eigen::Vector2d p = plane->axes.transpose() * scenario.queries.row(i).transpose();
        const QPointF expected = view->dataToWidget(QPointF(p(0), p(1)));
        EXPECT_NEAR(view->tipPosition(int(i)).x(), expected.x(), 1e-6) << i;
        EXPECT_NEAR(view->tipPosition(int(i)).y(), expected.y(), 1e-6) << i;
        EXPECT_TRUE(view->rect().contains(view->tipPosition(int(i)).toPoint())) << i;
    }
    // The origin of key space is at (0, 0).
    EXPECT_EQ(view->scene().origin, view->dataToWidget(QPointF(0.0, 0.0)));
}

TEST_F(KeySpacePrincipalPlaneTest, AMouseDragMovesTheQueryOnlyWithinThePlaneAsOneUndoStep)
{
    const Scenario scenario = sixtyFourDimensional();
    open(scenario);
    const PrincipalPlane planeBefore = *view->principalPlane();
    const Eigen::RowVectorXd before = model.scenario().queries.row(1);
    const QPoint offset(60, -45);
    const QPointF target = view->widgetToData(view->tipPosition(1) + QPointF(offset));

    QSignalSpy started(view.get(), &KeySpaceView::dragStarted);
    dragQuery(1, offset);
    ASSERT_EQ(started.count(), 1);
    const Eigen::RowVectorXd after = model.scenario().queries.row(1);
    const Eigen::RowVectorXd change = after - before;
    EXPECT_GT(change.norm(), 0.1) << "the query moved";
    EXPECT_LT(outsidePlane(planeBefore, change), 1e-12 * before.norm());
    // It went where the mouse left it, in the plane's coordinates.
    const Eigen::Vector2d shown = planeBefore.axes.transpose() * after.transpose();
    const double pixel = 1.0 / view->pixelsPerUnit();
    EXPECT_NEAR(shown(0), target.x(), pixel);
    EXPECT_NEAR(shown(1), target.y(), pixel);
    // The other queries and every key are untouched, and the plane did not move under the drag.
    for (Index i = 0; i < scenario.queryCount(); ++i) {
        if (i != 1) {
            EXPECT_EQ(model.scenario().queries.row(i), scenario.queries.row(i)) << i;
        }
    }
    EXPECT_EQ(model.scenario().keys, scenario.keys);
    ASSERT_NE(view->principalPlane(), nullptr);
    EXPECT_EQ(view->principalPlane()->axes, planeBefore.axes);

    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Drag query \u201cquery 2\u201d"));
    recorder.undoStack()->undo();
    EXPECT_EQ(model.scenario().queries, scenario.queries);
    recorder.undoStack()->redo();
    EXPECT_EQ(Eigen::RowVectorXd(model.scenario().queries.row(1)), after);
}

TEST_F(KeySpacePrincipalPlaneTest, InACoordinatePlaneADragKeepsEveryOtherCoordinateToTheBit)
{
    const Scenario scenario = sixtyFourDimensional(true);
    open(scenario);
    const PrincipalPlane *plane = view->principalPlane();
    ASSERT_NE(plane, nullptr);
    ASSERT_TRUE((plane->axes.bottomRows(kDimension - 2).array() == 0.0).all());
    const Eigen::RowVectorXd before = model.scenario().queries.row(0);
    dragQuery(0, QPoint(-50, 35));
    const Eigen::RowVectorXd after = model.scenario().queries.row(0);
    EXPECT_GT((after - before).head(2).norm(), 0.1);
    for (Index j = 2; j < kDimension; ++j)
        EXPECT_TRUE(identicalBits(after(j), before(j))) << "coordinate " << j + 1;
}

TEST_F(KeySpacePrincipalPlaneTest, ArrowKeysNudgeTheQueryAlongThePrincipalDirections)
{
    open(sixtyFourDimensional());
    const PrincipalPlane plane = *view->principalPlane();
    viewState.setSelectedQuery(2);
    settleEvents();
    view->setFocus();
    const Eigen::RowVectorXd before = model.scenario().queries.row(2);
    QTest::keyClick(view.get(), Qt::Key_Right);
    QTest::keyClick(view.get(), Qt::Key_Up, Qt::ShiftModifier);
    settleEvents();
    const Eigen::RowVectorXd after = model.scenario().queries.row(2);
    const Eigen::Vector2d moved = plane.axes.transpose() * (after - before).transpose();
    EXPECT_NEAR(moved(0), 0.1, 1e-12);
    EXPECT_NEAR(moved(1), 0.01, 1e-12);
    EXPECT_LT(outsidePlane(plane, after - before), 1e-12 * before.norm());
    EXPECT_EQ(recorder.undoStack()->count(), 2) << "two presses, two nudge runs";
}

TEST_F(KeySpacePrincipalPlaneTest, PickingTwoCoordinatesShowsTheRawCoordinates)
{
    const Scenario scenario = sixtyFourDimensional();
    open(scenario);
    planePicker()->setCurrentIndex(1);
    settleEvents();
    EXPECT_FALSE(view->isPrincipalPlaneShown());
    EXPECT_FALSE(view->isPrincipalPlaneChosen());
    EXPECT_EQ(view->principalPlane(), nullptr);
    auto *vertical = view->findChild<QComboBox *>(QStringLiteral("verticalDimensionPicker"));
    ASSERT_NE(vertical, nullptr);
    EXPECT_TRUE(vertical->isVisible());
    EXPECT_EQ(view->dimensionNote(), QStringLiteral("showing dimensions 1 and 2 of 64; other coordinates unchanged"));
    EXPECT_EQ(view->scene().xTitle, QStringLiteral("key dimension 1"));
    vertical->setCurrentIndex(5);
    settleEvents();
    const QPointF expected = view->dataToWidget(QPointF(scenario.queries(0, 0), scenario.queries(0, 5)));
    EXPECT_NEAR(view->tipPosition(0).x(), expected.x(), 1e-6);
    EXPECT_NEAR(view->tipPosition(0).y(), expected.y(), 1e-6);
    EXPECT_FALSE(view->accessibleDescription().contains(QStringLiteral("principal plane")));

    // A drag now changes the two shown coordinates only, exactly as before the principal plane.
    const Eigen::RowVectorXd before = model.scenario().queries.row(0);
    dragQuery(0, QPoint(30, 20));
    const Eigen::RowVectorXd after = model.scenario().queries.row(0);
    for (Index j = 0; j < kDimension; ++j) {
        if (j != 0 && j != 5) {
            EXPECT_TRUE(identicalBits(after(j), before(j))) << j;
        }
    }
    EXPECT_NE(after(0), before(0));

    planePicker()->setCurrentIndex(0);
    settleEvents();
    EXPECT_TRUE(view->isPrincipalPlaneShown());
    EXPECT_FALSE(vertical->isVisible());
}

TEST_F(KeySpacePrincipalPlaneTest, EditingAKeyRecomputesThePlane)
{
    const Scenario scenario = sixtyFourDimensional();
    open(scenario);
    const PrincipalPlane before = *view->principalPlane();
    Eigen::RowVectorXd key = scenario.keys.row(3);
    key(40) += 6.0;  // far out along a direction the plane did not show
    model.setKeyRow(3, key);
    settleEvents();
    const PrincipalPlane *after = view->principalPlane();
    ASSERT_NE(after, nullptr);
    Matrix keys = scenario.keys;
    keys.row(3) = key;
    const CovarianceReference reference = covarianceReference(keys);
    EXPECT_NEAR(after->varianceShare, reference.share, 1e-12);
    EXPECT_NEAR(std::abs(after->axes.col(0).dot(reference.first)), 1.0, 1e-9);
    EXPECT_GT((after->axes - before.axes).cwiseAbs().maxCoeff(), 0.1);
    EXPECT_TRUE(view->dimensionNote().contains(
        QStringLiteral("%1%").arg(int(std::round(100.0 * reference.share)))));
    const Eigen::Vector2d p = after->axes.transpose() * key.transpose();
    const QPointF expected = view->dataToWidget(QPointF(p(0), p(1)));
    EXPECT_NEAR(view->keyPosition(3).x(), expected.x(), 1e-6);
    EXPECT_NEAR(view->keyPosition(3).y(), expected.y(), 1e-6);
}

TEST_F(KeySpacePrincipalPlaneTest, ACtrlDragOfAKeyKeepsThePlaneUntilReleaseThenRecomputesIt)
{
    const Scenario scenario = sixtyFourDimensional();
    open(scenario);
    const PrincipalPlane before = *view->principalPlane();
    const QPoint from = view->keyPosition(2).toPoint();
    const QPoint to = from + QPoint(80, 60);
    QTest::mousePress(view.get(), Qt::LeftButton, Qt::ControlModifier, from);
    for (int i = 1; i <= 8; ++i) {
        QTest::mouseMove(view.get(), from + (to - from) * i / 8);
        settleEvents();
    }
    // Mid-drag the plane stays put under the mouse, and the key follows the mouse in it.
    ASSERT_NE(view->principalPlane(), nullptr);
    EXPECT_EQ(view->principalPlane()->axes, before.axes);
    EXPECT_NEAR(view->keyPosition(2).x(), to.x(), 1.0);
    EXPECT_NEAR(view->keyPosition(2).y(), to.y(), 1.0);
    QTest::mouseRelease(view.get(), Qt::LeftButton, Qt::ControlModifier, to);
    settleEvents();

    const Eigen::RowVectorXd key = model.scenario().keys.row(2);
    EXPECT_LT(outsidePlane(before, key - scenario.keys.row(2)), 1e-12 * key.norm()) << "moved within the plane";
    // Released: the plane is the new keys' own.
    const std::optional<PrincipalPlane> recomputed = principalPlaneOf(model.scenario().keys);
    ASSERT_TRUE(recomputed);
    ASSERT_NE(view->principalPlane(), nullptr);
    EXPECT_LT((view->principalPlane()->axes - recomputed->axes).cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_NE(view->principalPlane()->axes, before.axes);
    EXPECT_NEAR(view->principalPlane()->varianceShare, covarianceReference(model.scenario().keys).share, 1e-12);
    const Eigen::Vector2d p = view->principalPlane()->axes.transpose() * key.transpose();
    const QPointF expected = view->dataToWidget(QPointF(p(0), p(1)));
    EXPECT_NEAR(view->keyPosition(2).x(), expected.x(), 1e-6);
    EXPECT_NEAR(view->keyPosition(2).y(), expected.y(), 1e-6);

    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Drag key \u201ckey 3\u201d"));
    recorder.undoStack()->undo();
    settleEvents();
    EXPECT_EQ(model.scenario().keys, scenario.keys);
    EXPECT_LT((view->principalPlane()->axes - before.axes).cwiseAbs().maxCoeff(), 1e-15) << "undo brings the plane back";
}

TEST_F(KeySpacePrincipalPlaneTest, AFigureDrawsThePlaneAndSaysWhatItShows)
{
    open(sixtyFourDimensional());
    QImage image(900, 600, QImage::Format_RGB32);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        view->paintScene(painter, QRectF(0, 0, 900, 600));
    }
    int queryPixels = 0;
    const QColor queryColor = viewState.theme().queryColor(0);
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            if (std::abs(c.red() - queryColor.red()) + std::abs(c.green() - queryColor.green())
                    + std::abs(c.blue() - queryColor.blue())
                < 40)
                ++queryPixels;
        }
    }
    EXPECT_GT(queryPixels, 50) << "the first query's arrow is drawn";
    const int percent = int(std::round(100.0 * covarianceReference(model.scenario().keys).share));
    EXPECT_EQ(view->figureCaption(), QStringLiteral("principal plane of the keys: %1% of their spread").arg(percent));
}
