#include "attention.h"
#include "attentionresult.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "keyspacedescriber.h"
#include "keyspacepainter.h"
#include "keyspacescene.h"
#include "keyspacescenebuilder.h"
#include "scenario.h"

#include <QFont>
#include <QImage>
#include <QPainter>
#include <QLineF>

#include "labelplacer.h"
#include <QFontInfo>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <random>

// The key space's scene without any widget: what the plane shows, computed from a scenario, its
// weights, a rectangle and the selection, and checked as numbers and rectangles.

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

const QRectF kBounds(0, 0, 900, 620);

Matrix matrix(std::initializer_list<std::initializer_list<double>> rows)
{
    Matrix result(Index(rows.size()), Index(rows.begin()->size()));
    Index i = 0;
    for (const auto &row : rows) {
        Index j = 0;
        for (double value : row)
            result(i, j++) = value;
        ++i;
    }
    return result;
}

/// Everything one scene needs, built the way the view builds it.
struct SceneFixture {
    Scenario scenario;
    std::optional<AttentionResult> result;
    KeySpaceSceneBuilder builder;

    explicit SceneFixture(Scenario s)
        : scenario(std::move(s))
    {
        Result<AttentionResult> computed = computeAttention(scenario);
        if (computed)
            result = computed.value();
    }

    KeySpaceScene build(int selectedQuery = 0, QRectF bounds = kBounds, int horizontal = 0, int vertical = 1,
                        QString note = QString(), int pointSize = 10, double smallestLabelPixels = 0.0) const
    {
        if (scenario.keyDimension() == 1)
            vertical = -1;
        KeySpaceFrameInputs inputs;
        inputs.bounds = bounds;
        inputs.font = QFont(QStringLiteral("DejaVu Sans"), pointSize);
        inputs.lineMode = scenario.keyDimension() == 1;
        inputs.hasResult = result.has_value();
        inputs.note = note;
        inputs.queryCount = int(scenario.queryCount());
        inputs.horizontalDimension = horizontal;
        inputs.verticalDimension = vertical;
        inputs.fit = KeySpaceSceneBuilder::fit(scenario, horizontal, vertical);
        inputs.smallestLabelPixels = smallestLabelPixels;
        KeySpaceSceneBuilder::Selection selection;
        selection.selectedQuery = selectedQuery;
        return builder.buildScene(builder.buildFrame(inputs), scenario, result ? &result->weights : nullptr,
                                  selection);
    }
};

Scenario twoDimensional()
{
    Scenario scenario;
    scenario.queries = matrix({{1.0, 0.5}, {-0.8, 1.2}});
    scenario.keys = matrix({{1.0, 0.0}, {0.0, 1.0}, {-1.0, -0.5}, {2.0, 1.5}});
    scenario.values = matrix({{1.0}, {2.0}, {3.0}, {4.0}});
    scenario.queryLabels = QStringList{QStringLiteral("cat"), QStringLiteral("sat")};
    scenario.keyLabels = QStringList{QStringLiteral("the"), QStringLiteral("mat"), QStringLiteral("on"),
                                     QStringLiteral("a")};
    return scenario;
}

QPointF shown(const Eigen::RowVectorXd &row)
{
    return KeySpaceSceneBuilder::shownCoordinates(row, 0, 1);
}

bool inside(const QRectF &rect, const QPointF &p)
{
    return p.x() >= rect.left() && p.x() <= rect.right() && p.y() >= rect.top() && p.y() <= rect.bottom();
}

} // namespace

TEST(KeySpaceScene, ArrowTipsSitWhereTheirDataMapsAndMapBack)
{
    const SceneFixture fixture(twoDimensional());
    const KeySpaceScene scene = fixture.build();
    ASSERT_EQ(scene.tips.size(), 2);
    const double unit = scene.axes.xPixelsPerUnit();
    ASSERT_GT(unit, 10.0);
    EXPECT_DOUBLE_EQ(unit, scene.axes.yPixelsPerUnit()) << "equal aspect: angles look right";
    for (int i = 0; i < 2; ++i) {
        const QPointF data = shown(fixture.scenario.queries.row(i));
        EXPECT_EQ(scene.tails[i], scene.origin);
        // Measured from the origin, a tip is its coordinates times the scale, y pointing up.
        EXPECT_NEAR(scene.tips[i].x() - scene.origin.x(), data.x() * unit, 1e-9);
        EXPECT_NEAR(scene.origin.y() - scene.tips[i].y(), data.y() * unit, 1e-9);
        const QPointF back = scene.toData(scene.tips[i]);
        EXPECT_NEAR(back.x(), data.x(), 1e-12);
        EXPECT_NEAR(back.y(), data.y(), 1e-12);
    }
    EXPECT_NEAR(QLineF(scene.toPixel(QPointF(0, 0)), scene.origin).length(), 0.0, 1e-9);
}

TEST(KeySpaceScene, EveryKeyAndQueryIsInsideThePlotAndNamed)
{
    const SceneFixture fixture(twoDimensional());
    const KeySpaceScene scene = fixture.build(1);
    ASSERT_EQ(scene.keyPoints.size(), 4);
    EXPECT_TRUE(scene.allPointsVisible());
    for (int j = 0; j < 4; ++j) {
        EXPECT_TRUE(scene.keyFinite[j]);
        EXPECT_TRUE(inside(scene.plotRect, scene.keyPoints[j])) << "key " << j;
        ASSERT_TRUE(scene.isKeyLabelled(j)) << "key " << j;
        EXPECT_EQ(scene.keyLabelLines[j].first(), fixture.scenario.keyLabel(j));
        // The selected query's q·k under each name, two decimals.
        const double dot = fixture.scenario.queries.row(1).dot(fixture.scenario.keys.row(j));
        ASSERT_EQ(scene.keyLabelLines[j].size(), 2);
        EXPECT_TRUE(scene.keyLabelLines[j][1].endsWith(QString::number(std::abs(dot), 'f', 2)))
            << scene.keyLabelLines[j][1].toStdString();
        EXPECT_DOUBLE_EQ(scene.dots[j], dot);
    }
    for (int i = 0; i < 2; ++i) {
        EXPECT_TRUE(inside(scene.plotRect, scene.tips[i])) << "query " << i;
        ASSERT_TRUE(scene.isQueryLabelled(i)) << "query " << i;
        EXPECT_EQ(scene.queryLabelLines[i].first(), fixture.scenario.queryLabel(i));
    }
    EXPECT_EQ(scene.selectedQuery, 1);
    EXPECT_EQ(scene.queryLabelLines[1].size(), 2) << "the selected query also shows its vector";
}

TEST(KeySpaceScene, LabelsNeitherOverlapNorCoverAPoint)
{
    for (const char *id : {"lesson", "causal-self-attention", "causal-padding"}) {
        const SceneFixture fixture(builtinScenario(id));
        for (int selected = 0; selected < fixture.scenario.queryCount(); ++selected) {
            const KeySpaceScene scene = fixture.build(selected);
            QVector<QRectF> labels;
            for (const QRectF &rect : scene.keyLabelRects + scene.queryLabelRects) {
                if (!rect.isNull())
                    labels.append(rect);
            }
            ASSERT_FALSE(labels.isEmpty()) << id;
            for (int a = 0; a < labels.size(); ++a) {
                EXPECT_TRUE(scene.plotRect.contains(labels[a])) << id << " label " << a;
                for (int b = a + 1; b < labels.size(); ++b)
                    EXPECT_FALSE(labels[a].intersects(labels[b])) << id << " labels " << a << " and " << b;
                // No key point (while few) and no tip hides under a label.
                for (int j = 0; j < scene.keyPoints.size() && !scene.denseKeys; ++j)
                    EXPECT_FALSE(labels[a].contains(scene.keyPoints[j])) << id << " key " << j;
                for (int i = 0; i < scene.tips.size() && !scene.denseQueries; ++i)
                    EXPECT_FALSE(labels[a].contains(scene.tips[i])) << id << " tip " << i;
            }
        }
    }
}

TEST(KeySpaceScene, HalosGrowWithTheWeightAndMaskedKeysHaveNone)
{
    Scenario scenario = twoDimensional();
    Mask allowed = Mask::Constant(2, 4, true);
    allowed(0, 3) = false;
    scenario.allowed = allowed;
    const SceneFixture fixture(scenario);
    ASSERT_TRUE(fixture.result);
    const KeySpaceScene scene = fixture.build(0);
    ASSERT_TRUE(scene.hasResult);
    const Matrix &w = fixture.result->weights;
    EXPECT_TRUE(scene.keyMasked[3]);
    EXPECT_EQ(scene.haloRadius(3), 0.0);
    EXPECT_EQ(scene.keyLabelLines[3].value(1), KeySpaceSceneBuilder::tr("masked"));
    for (int a = 0; a < 3; ++a) {
        EXPECT_FALSE(scene.keyMasked[a]);
        EXPECT_NEAR(scene.haloRadius(a), scene.metrics.pointRadius + w(0, a) * scene.metrics.haloMax, 1e-9);
        for (int b = 0; b < 3; ++b) {
            if (w(0, a) > w(0, b) + 1e-9) {
                EXPECT_GT(scene.haloRadius(a), scene.haloRadius(b)) << a << " vs " << b;
            }
        }
    }
    // The heaviest key is ranked first.
    Index heaviest = 0;
    w.row(0).maxCoeff(&heaviest);
    ASSERT_FALSE(scene.rankedKeys.isEmpty());
    EXPECT_EQ(scene.rankedKeys.first(), int(heaviest));
}

TEST(KeySpaceScene, ARefusedRowIsShownAsRefused)
{
    Scenario scenario = twoDimensional();
    Mask allowed = Mask::Constant(2, 4, true);
    allowed.row(1).setConstant(false);  // "sat" may attend to nothing
    scenario.allowed = allowed;
    const SceneFixture fixture(scenario);
    ASSERT_FALSE(fixture.result) << "the core refuses a row without an allowed key";
    const QString note = QStringLiteral("Weights undefined: no allowed key for query 2 (sat).");
    const KeySpaceScene refused = fixture.build(1, kBounds, 0, 1, note);
    EXPECT_FALSE(refused.hasResult);
    EXPECT_FALSE(refused.noteRect.isNull());
    EXPECT_LE(refused.noteRect.bottom(), refused.plotRect.top()) << "the note never covers the points";
    for (int j = 0; j < 4; ++j) {
        EXPECT_TRUE(refused.keyMasked[j]) << "every key is masked for the refused row";
        EXPECT_EQ(refused.haloRadius(j), 0.0);
        EXPECT_EQ(refused.keyLabelLines[j].value(1), KeySpaceSceneBuilder::tr("masked"));
    }
    // Its neighbour's keys are allowed, but without weights nothing has a halo either; the points
    // stay where they are, so that they can be dragged to a fix.
    const KeySpaceScene neighbour = fixture.build(0, kBounds, 0, 1, note);
    for (int j = 0; j < 4; ++j) {
        EXPECT_FALSE(neighbour.keyMasked[j]);
        EXPECT_EQ(neighbour.haloRadius(j), 0.0);
        EXPECT_EQ(neighbour.keyPoints[j], refused.keyPoints[j]);
    }
}

TEST(KeySpaceScene, TheRangeHoldsEveryPointHoweverFarItIs)
{
    std::mt19937 random(12);
    std::uniform_real_distribution<double> exponent(-3.0, 6.0);
    std::uniform_real_distribution<double> sign(-1.0, 1.0);
    for (int trial = 0; trial < 40; ++trial) {
        Scenario scenario;
        const int queries = 1 + trial % 4;
        const int keys = 1 + trial % 7;
        scenario.queries = Matrix(queries, 2);
        scenario.keys = Matrix(keys, 2);
        scenario.values = Matrix::Ones(keys, 1);
        const double scale = std::pow(10.0, exponent(random));
        for (Index k = 0; k < scenario.queries.size(); ++k)
            scenario.queries.data()[k] = sign(random) * scale;
        for (Index k = 0; k < scenario.keys.size(); ++k)
            scenario.keys.data()[k] = sign(random) * scale;
        const PlotAxes fit = KeySpaceSceneBuilder::fit(scenario, 0, 1);
        const SceneFixture fixture(scenario);
        const KeySpaceScene scene = fixture.build(0);
        auto check = [&](const QPointF &p, const char *what) {
            EXPECT_GE(p.x(), fit.fittedXMin()) << what << " trial " << trial;
            EXPECT_LE(p.x(), fit.fittedXMax()) << what << " trial " << trial;
            EXPECT_GE(p.y(), fit.fittedYMin()) << what << " trial " << trial;
            EXPECT_LE(p.y(), fit.fittedYMax()) << what << " trial " << trial;
            EXPECT_GE(p.x(), scene.axes.xMin());
            EXPECT_LE(p.x(), scene.axes.xMax());
            EXPECT_GE(p.y(), scene.axes.yMin());
            EXPECT_LE(p.y(), scene.axes.yMax());
        };
        check(QPointF(0, 0), "origin");
        for (int j = 0; j < keys; ++j)
            check(shown(scenario.keys.row(j)), "key");
        for (int i = 0; i < queries; ++i)
            check(shown(scenario.queries.row(i)), "query");
        EXPECT_TRUE(scene.allPointsVisible()) << "trial " << trial;
    }
}

TEST(KeySpaceScene, HitTestingFindsThePointUnderThePointer)
{
    const SceneFixture fixture(twoDimensional());
    const KeySpaceScene scene = fixture.build(1);
    for (int i = 0; i < 2; ++i)
        EXPECT_EQ(scene.queryTipAt(scene.tips[i] + QPointF(2, -2)), i);
    for (int j = 0; j < 4; ++j)
        EXPECT_EQ(scene.keyAt(scene.keyPoints[j] + QPointF(-1, 1)), j);
    const QPointF corner = scene.plotRect.topLeft() + QPointF(1, 1);
    EXPECT_EQ(scene.queryTipAt(corner), -1);
    EXPECT_EQ(scene.keyAt(corner), -1);
    // Just outside the hit radius is a miss.
    const QPointF beyond = scene.tips[0] + QPointF(scene.metrics.hitRadius + 0.5, 0);
    EXPECT_NE(scene.queryTipAt(beyond), 0);
}

TEST(KeySpaceScene, OnTheNumberLineKeysLieOnTheLineAndEachQueryHasItsRow)
{
    Scenario scenario;
    scenario.queries = matrix({{1.0}, {-0.5}, {2.0}});
    scenario.keys = matrix({{-1.0}, {0.5}, {2.0}});
    scenario.values = matrix({{1.0}, {2.0}, {3.0}});
    const SceneFixture fixture(scenario);
    const KeySpaceScene scene = fixture.build(0);
    ASSERT_TRUE(scene.lineMode);
    for (const QPointF &key : scene.keyPoints)
        EXPECT_DOUBLE_EQ(key.y(), scene.origin.y());
    for (int i = 0; i < 3; ++i) {
        EXPECT_LT(scene.tips[i].y(), scene.origin.y()) << "arrows above the line";
        EXPECT_DOUBLE_EQ(scene.tails[i].y(), scene.tips[i].y());
        EXPECT_NEAR(scene.toData(scene.tips[i]).x(), scenario.queries(i, 0), 1e-12);
        EXPECT_DOUBLE_EQ(scene.toData(scene.tips[i]).y(), 0.0);
        for (int k = 0; k < i; ++k)
            EXPECT_NE(scene.tips[i].y(), scene.tips[k].y()) << "one row per query";
    }
    // Moving a tip keeps its row.
    KeySpaceScene moved = scene;
    moved.moveTip(1, QPointF(1.5, 0.0));
    EXPECT_DOUBLE_EQ(moved.tips[1].y(), scene.tips[1].y());
    EXPECT_NEAR(moved.toData(moved.tips[1]).x(), 1.5, 1e-12);
}

TEST(KeySpaceScene, DraggedCoordinatesAreSnappedAndNeverInfinite)
{
    EXPECT_EQ(KeySpaceSceneBuilder::snapped(0.26), 0.3);
    EXPECT_EQ(KeySpaceSceneBuilder::snapped(-1.04), -1.0);
    EXPECT_EQ(KeySpaceSceneBuilder::snapped(1.7e308), 1.7e308) << "on the grid already; never inf";
    const Eigen::RowVectorXd row = (Eigen::RowVectorXd(3) << 1.0, 2.0, 3.0).finished();
    const Eigen::RowVectorXd moved =
        KeySpaceSceneBuilder::withShownCoordinates(row, QPointF(-4.0, INFINITY), 2, 0);
    EXPECT_EQ(moved(2), -4.0);
    EXPECT_EQ(moved(0), 1.0) << "an infinite coordinate leaves the old one";
    EXPECT_EQ(moved(1), 2.0) << "coordinates not shown stay";
}

TEST(KeySpaceScene, OtherShownDimensionsMoveThePoints)
{
    Scenario scenario;
    scenario.queries = matrix({{1.0, 0.0, 0.5}});
    scenario.keys = matrix({{1.0, 0.0, 0.0}, {0.0, 1.0, 0.0}, {0.0, 0.0, 1.0}});
    scenario.values = matrix({{1.0}, {0.0}, {1.0}});
    const SceneFixture fixture(scenario);
    const KeySpaceScene scene = fixture.build(0, kBounds, 2, 0);
    // Key 3 = (0, 0, 1) shows at x = 1, y = 0; key 1 = (1, 0, 0) at x = 0, y = 1.
    EXPECT_NEAR(scene.toData(scene.keyPoints[2]).x(), 1.0, 1e-12);
    EXPECT_NEAR(scene.toData(scene.keyPoints[2]).y(), 0.0, 1e-12);
    EXPECT_NEAR(scene.toData(scene.keyPoints[0]).x(), 0.0, 1e-12);
    EXPECT_NEAR(scene.toData(scene.keyPoints[0]).y(), 1.0, 1e-12);
    EXPECT_TRUE(scene.xTitle.contains(QLatin1Char('3')));
    // q·k uses every coordinate, not only the two shown.
    EXPECT_DOUBLE_EQ(scene.dots[2], 0.5);
    EXPECT_FALSE(scene.showProjection.contains(true)) << "a projection would not be q·k with d_k > 2";
}

TEST(KeySpaceDescriber, SaysTheSelectedQuerysWeightsAndContextInWords)
{
    Scenario scenario = twoDimensional();
    Mask allowed = Mask::Constant(2, 4, true);
    allowed(1, 2) = false;
    scenario.allowed = allowed;
    const SceneFixture fixture(scenario);
    ASSERT_TRUE(fixture.result);
    const QString text = KeySpaceDescriber::numbersDescription(scenario, &*fixture.result, std::nullopt, 1, 3);
    EXPECT_TRUE(text.startsWith(QStringLiteral("Query sat at (\u22120.8, 1.2)."))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("on masked"))) << text.toStdString();
    const double weight = fixture.result->weights(1, 1);
    EXPECT_TRUE(text.contains(QStringLiteral("mat ") + QString::number(weight, 'f', 4))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("Arrow keys move key a at (2, 1.5)."))) << text.toStdString();

    // Refused: no weights to speak of, and the note names the query without an allowed key.
    allowed.row(1).setConstant(false);
    scenario.allowed = allowed;
    const Result<AttentionResult> refused = computeAttention(scenario);
    ASSERT_FALSE(refused);
    const QString words = KeySpaceDescriber::numbersDescription(scenario, nullptr, refused.error(), 1, -1);
    EXPECT_TRUE(words.contains(QStringLiteral("Weights undefined"))) << words.toStdString();
    EXPECT_FALSE(words.contains(QStringLiteral("Context"))) << words.toStdString();
    const QString note = KeySpaceDescriber::resultNote(scenario, refused.error());
    EXPECT_TRUE(note.contains(QStringLiteral("query 2 (sat)"))) << note.toStdString();
}

TEST(KeySpaceDescriber, ToolTipsGiveEveryNumberInFull)
{
    const SceneFixture fixture(twoDimensional());
    const KeySpaceScene scene = fixture.build(0);
    const QString tip = KeySpaceDescriber::keyToolTip(fixture.scenario, scene, &fixture.result->weights, 3);
    EXPECT_TRUE(tip.startsWith(QStringLiteral("a\nk = [2, 1.5]"))) << tip.toStdString();
    EXPECT_TRUE(tip.contains(QStringLiteral("q\u00b7k = 2.75 (query cat)"))) << tip.toStdString();
    const double weight = fixture.result->weights(0, 3);
    EXPECT_TRUE(tip.contains(QStringLiteral("weight = ") + QString::number(weight, 'g', 17))) << tip.toStdString();
    EXPECT_EQ(QString::number(weight, 'g', 17).toDouble(), weight);
}

TEST(KeySpacePainter, DrawsASceneInTheThemesColoursWithoutAWidget)
{
    Scenario scenario = twoDimensional();
    Mask allowed = Mask::Constant(2, 4, true);
    allowed(0, 2) = false;
    scenario.allowed = allowed;
    const SceneFixture fixture(scenario);
    const KeySpaceScene scene = fixture.build(0);
    for (Theme::Kind kind : {Theme::Kind::Light, Theme::Kind::Dark, Theme::Kind::Projector}) {
        KeySpacePainter::Style style;
        style.theme = Theme::make(kind);
        const KeySpacePainter painter(style);
        QImage image(kBounds.size().toSize(), QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter p(&image);
            painter.paintScene(p, scene, true);
        }
        auto at = [&](const QPointF &point) { return image.pixelColor(point.toPoint()); };
        const Theme &theme = style.theme;
        EXPECT_EQ(at(kBounds.topLeft() + QPointF(2, 2)), theme.viewBackground());
        // Allowed keys are filled discs in the key colour, the masked one hollow.
        EXPECT_EQ(at(scene.keyPoints[0]), theme.keyColor()) << Theme::id(kind).toStdString();
        EXPECT_EQ(at(scene.keyPoints[2]), theme.plotBackground()) << Theme::id(kind).toStdString();
        // The selected query's arrow runs in its colour from the origin to its tip.
        const QPointF shaft = scene.origin + 0.4 * (scene.tips[0] - scene.origin);
        EXPECT_EQ(at(shaft), theme.queryColor(0)) << Theme::id(kind).toStdString();
    }
}

// Issue 27 (1024x768 beside a lab): the hint over the plane read "drag arrows to move queries ·
// Ctrl…". A hint of several parts drops whole parts from its end where the view is narrow; only
// a first part that cannot fit alone is shortened.
TEST(KeySpaceScene, ANarrowViewDropsWholePartsOfTheHintNotWords)
{
    const QString first = QStringLiteral("drag arrows to move queries");
    const QString hint = first + QStringLiteral(" \u00b7 Ctrl+drag moves keys \u00b7 snapping to 0.1");
    const QFontMetricsF fm(QFont(QStringLiteral("DejaVu Sans"), 10));
    KeySpaceSceneBuilder builder;
    const auto captionAt = [&](double width) {
        KeySpaceFrameInputs inputs;
        inputs.bounds = QRectF(0, 0, width, 400);
        inputs.font = QFont(QStringLiteral("DejaVu Sans"), 10);
        inputs.hasResult = true;
        inputs.queryCount = 2;
        inputs.horizontalDimension = 0;
        inputs.verticalDimension = 1;
        inputs.fit = KeySpaceSceneBuilder::fit(twoDimensional(), 0, 1);
        inputs.caption = hint;
        return builder.buildFrame(inputs).caption;
    };
    EXPECT_EQ(captionAt(fm.horizontalAdvance(hint) + 60).toStdString(), hint.toStdString());
    const QString twoParts = first + QStringLiteral(" \u00b7 Ctrl+drag moves keys");
    EXPECT_EQ(captionAt(fm.horizontalAdvance(twoParts) + 40).toStdString(), twoParts.toStdString());
    EXPECT_EQ(captionAt(fm.horizontalAdvance(first) + 40).toStdString(), first.toStdString());
    const QString shortened = captionAt(fm.horizontalAdvance(first) * 0.6);
    EXPECT_TRUE(shortened.endsWith(QChar(0x2026))) << shortened.toStdString();
    EXPECT_TRUE(first.startsWith(shortened.chopped(1))) << shortened.toStdString();
}

// Issue 27 (lesson step 7 presented at 1920x1080 with the largest text): the key in the plot's
// corner, boxed in by the edge, a query's tip and the selected query's label, got no label at
// all. A label that has no room in the nearest places slides half way along its side, or stands
// further out with a leader line: every key keeps at least its name.
TEST(KeySpaceScene, AKeyInACrowdedCornerAtTheLargestTextKeepsItsName)
{
    const SceneFixture fixture(builtinScenario("three-queries"));
    int tried = 0;
    // The key space beside the large view while presenting at 1920x1080, at the largest text.
    for (const QSizeF size : {QSizeF(600, 440), QSizeF(640, 480)}) {
        for (int pointSize : {16, 18, 20}) {
            SCOPED_TRACE(testing::Message() << size.width() << "x" << size.height() << " at " << pointSize << " pt");
            const KeySpaceScene scene = fixture.build(0, QRectF(QPointF(0, 0), size), 0, 1, QString(), pointSize);
            ++tried;
            ASSERT_EQ(scene.keyLabelRects.size(), 3);
            for (int j = 0; j < 3; ++j) {
                EXPECT_FALSE(scene.keyLabelRects[j].isEmpty()) << "key " << j << " has no label";
                EXPECT_TRUE(scene.plotRect.contains(scene.keyLabelRects[j])) << "key " << j;
            }
        }
    }
    EXPECT_EQ(tried, 6);
}

// Issue 27 (lesson steps 7 and 17 presented at the largest text): in a small plot key labels
// lay on the query arrows or had no place at all. Where the plot's type leaves a label no clean
// place, the labels take smaller type, down to a floor (the default text, or what the room
// reads), never smaller; with room to spare they keep the plot's type.
TEST(KeySpaceScene, InASmallPlotAtTheLargestTextLabelsTakeSmallerTypeRatherThanLieOnAnArrow)
{
    const auto compromised = [](const KeySpaceScene &scene) {
        QVector<QLineF> arrows;
        for (int i = 0; i < scene.tips.size(); ++i)
            arrows.append(QLineF(scene.tails[i], scene.tips[i]));
        const auto bad = [&](const QRectF &rect) {
            return rect.isEmpty() || std::any_of(arrows.begin(), arrows.end(), [&](const QLineF &arrow) {
                       return LabelPlacer::segmentTouchesRect(arrow, rect);
                   });
        };
        return int(std::count_if(scene.keyLabelRects.begin(), scene.keyLabelRects.end(), bad)
                   + std::count_if(scene.queryLabelRects.begin(), scene.queryLabelRects.end(), bad));
    };
    int before = 0;
    int after = 0;
    for (const char *id : {"three-queries", "lesson", "practice-cross-attention", "causal-self-attention"}) {
        const SceneFixture fixture(builtinScenario(id));
        for (const QSizeF size : {QSizeF(300, 190), QSizeF(400, 280), QSizeF(560, 400)}) {
            for (int pointSize : {16, 20, 25}) {
                SCOPED_TRACE(testing::Message() << id << " " << size.width() << "x" << size.height() << " " << pointSize << " pt");
                const double pixels = QFontInfo(QFont(QStringLiteral("DejaVu Sans"), pointSize)).pixelSize();
                const double floor = std::round(0.7 * pixels);
                for (int query = 0; query < fixture.scenario.queryCount(); ++query) {
                    const QRectF bounds(QPointF(0, 0), size);
                    before += compromised(fixture.build(query, bounds, 0, 1, QString(), pointSize));
                    const KeySpaceScene scene = fixture.build(query, bounds, 0, 1, QString(), pointSize, floor);
                    after += compromised(scene);
                    const double labelPixels = QFontInfo(scene.labelFont).pixelSize();
                    EXPECT_GE(labelPixels, floor);
                    EXPECT_LE(labelPixels, pixels);
                }
            }
        }
    }
    EXPECT_LT(after, 0.9 * before) << before << " -> " << after;
    // With room to spare, the labels keep the plot's type.
    const SceneFixture roomy(builtinScenario("three-queries"));
    const KeySpaceScene scene = roomy.build(0, QRectF(0, 0, 900, 700), 0, 1, QString(), 10, 7.0);
    EXPECT_EQ(scene.labelFont, scene.metrics.font);
    EXPECT_EQ(compromised(scene), 0);
}
