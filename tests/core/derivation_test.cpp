// Q, K and V derived from tokens: the projections against plain sums written here, the model's
// setters (which rows move, which signals fire), refusals, and the file format.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "derivation.h"
#include "evidence.h"
#include "scenariojson.h"
#include "scenariojsonfast.h"

#include <QJsonDocument>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace attnlens {
namespace {

using test::matrixOf;
using test::rowOf;

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0;
}

/// tokens * weights by the textbook sum, written out independently of project().
Matrix referenceProduct(const Matrix &tokens, const Matrix &weights)
{
    Matrix out(tokens.rows(), weights.cols());
    for (Index i = 0; i < tokens.rows(); ++i) {
        for (Index c = 0; c < weights.cols(); ++c) {
            double sum = 0;
            for (Index m = 0; m < tokens.cols(); ++m)
                sum = sum + tokens(i, m) * weights(m, c);
            out(i, c) = sum;
        }
    }
    return out;
}

void expectExactly(const Matrix &actual, const Matrix &expected)
{
    ASSERT_EQ(actual.rows(), expected.rows());
    ASSERT_EQ(actual.cols(), expected.cols());
    for (Index i = 0; i < actual.rows(); ++i)
        for (Index j = 0; j < actual.cols(); ++j)
            EXPECT_TRUE(sameBits(actual(i, j), expected(i, j)))
                << "(" << i << ", " << j << "): " << actual(i, j) << " vs " << expected(i, j);
}

Derivation awkwardDerivation()
{
    Derivation d;
    d.x = matrixOf({{0.1, 1.0 / 3.0}, {-2.7, 0.7}, {1e-3, -5.5}});
    d.wQ = matrixOf({{0.3, -1.1, 2.0}, {0.7, 0.2, -0.9}});
    d.wK = matrixOf({{1.0 / 7.0, 0.5, -0.25}, {2.2, -0.1, 0.6}});
    d.wV = matrixOf({{0.9, -0.4}, {0.05, 1.3}});
    return d;
}

Scenario derivedScenario(const Derivation &d)
{
    Scenario s;
    s.name = QStringLiteral("derived");
    s.derivation = d;
    derive(s);
    return s;
}

TEST(Derivation, SelfAttentionProjectsEveryStreamExactly)
{
    const Derivation d = awkwardDerivation();
    const Scenario s = derivedScenario(d);
    expectExactly(s.queries, referenceProduct(d.x, d.wQ));
    expectExactly(s.keys, referenceProduct(d.x, d.wK));
    expectExactly(s.values, referenceProduct(d.x, d.wV));
    // And close to a long-double product: the sums are the ordinary double ones.
    for (Index i = 0; i < d.x.rows(); ++i) {
        for (Index c = 0; c < d.wQ.cols(); ++c) {
            long double exact = 0;
            for (Index m = 0; m < d.x.cols(); ++m)
                exact += static_cast<long double>(d.x(i, m)) * d.wQ(m, c);
            EXPECT_NEAR(double(exact), s.queries(i, c), 1e-14);
        }
    }
}

TEST(Derivation, CrossAttentionTakesKeysAndValuesFromY)
{
    Derivation d = awkwardDerivation();
    d.y = matrixOf({{4.0, -0.3}, {0.125, 9.5}});
    const Scenario s = derivedScenario(d);
    expectExactly(s.queries, referenceProduct(d.x, d.wQ));
    expectExactly(s.keys, referenceProduct(*d.y, d.wK));
    expectExactly(s.values, referenceProduct(*d.y, d.wV));
    EXPECT_EQ(s.queryCount(), 3);
    EXPECT_EQ(s.keyCount(), 2);
}

TEST(Derivation, RefusesMismatchedShapesAndSeveralHeads)
{
    Derivation d = awkwardDerivation();
    d.wK = matrixOf({{1, 2}, {3, 4}});  // d_k 2 against W_Q's 3
    ASSERT_TRUE(derivationShapeRefusal(d));
    EXPECT_TRUE(derivationShapeRefusal(d)->message.contains(QStringLiteral("W_K")));
    d = awkwardDerivation();
    d.y = matrixOf({{1, 2, 3}});
    ASSERT_TRUE(derivationShapeRefusal(d));
    EXPECT_TRUE(derivationShapeRefusal(d)->message.contains(QStringLiteral("Y")));
    d = awkwardDerivation();
    d.wV = matrixOf({{1}, {2}, {3}});
    ASSERT_TRUE(derivationShapeRefusal(d));
    d = awkwardDerivation();
    d.x(1, 1) = std::nan("");
    ASSERT_TRUE(derivationShapeRefusal(d));
    EXPECT_FALSE(derivationShapeRefusal(awkwardDerivation()));

    AttentionModel model;
    Scenario twoHeads = test::notebookLessonScenario();
    twoHeads.moreHeads.push_back(twoHeads.head(0));
    model.setScenario(twoHeads);
    const std::optional<Error> refusal = model.startDerivation(defaultDerivation());
    ASSERT_TRUE(refusal);
    EXPECT_TRUE(refusal->message.contains(QStringLiteral("one-head")));
    EXPECT_FALSE(model.isDerived());
    // A scenario with several heads given with a derivation keeps its Q, K and V, underived.
    twoHeads.derivation = defaultDerivation();
    model.setScenario(twoHeads);
    EXPECT_FALSE(model.isDerived());
    EXPECT_EQ(model.headCount(), 2);
}

TEST(DerivationModel, DraggingAnXTokenMovesItsQueryKeyAndValueOnly)
{
    AttentionModel model;
    model.setScenario(test::notebookLessonScenario());
    ASSERT_FALSE(model.startDerivation(defaultDerivation()));
    test::settleEvents();
    ASSERT_TRUE(model.isDerived());
    const Scenario before = model.scenario();
    EXPECT_EQ(before.queryCount(), 4);
    EXPECT_EQ(before.keyCount(), 4);
    EXPECT_EQ(before.keyLabels, before.queryLabels);

    QSignalSpy queries(&model, &AttentionModel::queryChanged);
    QSignalSpy keys(&model, &AttentionModel::keyChanged);
    QSignalSpy values(&model, &AttentionModel::valueChanged);
    QSignalSpy resets(&model, &AttentionModel::scenarioReset);
    QSignalSpy derivations(&model, &AttentionModel::derivationChanged);
    model.setToken(TokenStream::X, 2, rowOf({0.5, -1.5}));
    EXPECT_EQ(resets.count(), 0);
    EXPECT_EQ(derivations.count(), 1);
    ASSERT_EQ(queries.count(), 1);
    ASSERT_EQ(keys.count(), 1);
    ASSERT_EQ(values.count(), 1);
    EXPECT_EQ(queries.at(0).at(0).toInt(), 2);
    EXPECT_EQ(keys.at(0).at(0).toInt(), 2);

    const Scenario &after = model.scenario();
    const Derivation &d = *after.derivation;
    EXPECT_EQ(d.x(2, 0), 0.5);
    EXPECT_EQ(d.x(2, 1), -1.5);
    expectExactly(after.queries, referenceProduct(d.x, d.wQ));
    expectExactly(after.keys, referenceProduct(d.x, d.wK));
    expectExactly(after.values, referenceProduct(d.x, d.wV));
    for (Index i : {0, 1, 3}) {
        EXPECT_TRUE(identicalMatrices(after.queries.row(i), before.queries.row(i)));
        EXPECT_TRUE(identicalMatrices(after.keys.row(i), before.keys.row(i)));
    }
    EXPECT_FALSE(identicalMatrices(after.queries.row(2), before.queries.row(2)));
    // The result follows, and equals a fresh computation of the same scenario.
    AttentionModel fresh;
    fresh.setScenario(after);
    ASSERT_TRUE(model.result() && fresh.result());
    expectExactly(model.result()->weights, fresh.result()->weights);
}

TEST(DerivationModel, CrossAttentionSwitchAndItsRows)
{
    AttentionModel model;
    ASSERT_FALSE(model.startDerivation(defaultDerivation()));
    QSignalSpy resets(&model, &AttentionModel::scenarioReset);
    model.setCrossAttention(true);
    EXPECT_EQ(resets.count(), 1);
    ASSERT_TRUE(model.derivation() && model.derivation()->isCross());
    const Scenario &s = model.scenario();
    EXPECT_EQ(s.keyCount(), defaultSecondStream().rows());
    EXPECT_EQ(s.keyLabel(0), QStringLiteral("y1"));
    expectExactly(s.keys, referenceProduct(defaultSecondStream(), defaultDerivation().wK));

    QSignalSpy keys(&model, &AttentionModel::keyChanged);
    QSignalSpy queries(&model, &AttentionModel::queryChanged);
    model.setToken(TokenStream::X, 0, rowOf({-1, 1}));
    EXPECT_EQ(queries.count(), 1);
    EXPECT_EQ(keys.count(), 0);  // X no longer makes keys
    model.setToken(TokenStream::Y, 1, rowOf({2, 0.25}));
    EXPECT_EQ(queries.count(), 1);
    EXPECT_EQ(keys.count(), 1);
    expectExactly(model.scenario().keys, referenceProduct(*model.derivation()->y, model.derivation()->wK));
    expectExactly(model.scenario().values, referenceProduct(*model.derivation()->y, model.derivation()->wV));

    model.setCrossAttention(false);
    EXPECT_FALSE(model.derivation()->isCross());
    EXPECT_EQ(model.scenario().keyCount(), 4);
    EXPECT_EQ(model.scenario().keyLabels, model.scenario().queryLabels);
    // One stream: renaming a token's query renames its key, and the other way round.
    model.setQueryLabel(1, QStringLiteral("cat"));
    EXPECT_EQ(model.scenario().keyLabel(1), QStringLiteral("cat"));
    model.setKeyLabel(2, QStringLiteral("sat"));
    EXPECT_EQ(model.scenario().queryLabel(2), QStringLiteral("sat"));
    // Two streams: Y's tokens are others.
    model.setCrossAttention(true);
    model.setKeyLabel(0, QStringLiteral("mat"));
    EXPECT_EQ(model.scenario().queryLabel(0), QStringLiteral("x1"));
}

TEST(DerivationModel, ProjectionEntriesRederiveAndDirectEditsDetach)
{
    AttentionModel model;
    ASSERT_FALSE(model.startDerivation(defaultDerivation()));
    QSignalSpy values(&model, &AttentionModel::valueChanged);
    model.setProjectionEntry(Projection::Value, 1, 0, 3.25);
    EXPECT_EQ(values.count(), 4);  // every value row
    EXPECT_EQ(model.derivation()->wV(1, 0), 3.25);
    expectExactly(model.scenario().values, referenceProduct(model.derivation()->x, model.derivation()->wV));
    EXPECT_TRUE(model.setProjection(Projection::Key, matrixOf({{1, 2, 3}, {4, 5, 6}})));  // d_k 3 vs W_Q's 2
    ASSERT_FALSE(model.setProjection(Projection::Value, matrixOf({{1, 2, 3}, {4, 5, 6}})));
    EXPECT_EQ(model.scenario().valueDimension(), 3);

    const Matrix keysBefore = model.scenario().keys;
    model.detachDerivation();
    EXPECT_FALSE(model.isDerived());
    expectExactly(model.scenario().keys, keysBefore);

    ASSERT_FALSE(model.startDerivation(defaultDerivation()));
    QSignalSpy derivations(&model, &AttentionModel::derivationChanged);
    model.setQueryRow(0, rowOf({9, 9}));
    EXPECT_FALSE(model.isDerived());
    EXPECT_EQ(derivations.count(), 1);
    EXPECT_EQ(model.scenario().queries(0, 0), 9);
}

TEST(DerivationFile, SavesAndOpensTheDerivation)
{
    for (bool cross : {false, true}) {
        Derivation d = awkwardDerivation();
        if (cross)
            d.y = matrixOf({{4.0, -0.3}, {0.125, 9.5}});
        Scenario s = derivedScenario(d);
        s.queryLabels = QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
        const QByteArray text = scenarioJsonText(s);
        const QJsonObject object = QJsonDocument::fromJson(text).object();
        const QJsonObject stored = object.value(QStringLiteral("derivation")).toObject();
        EXPECT_EQ(stored.contains(QStringLiteral("Y")), cross);
        expectExactly(test::matrixFromJson(stored.value(QStringLiteral("X")).toArray()), d.x);
        expectExactly(test::matrixFromJson(stored.value(QStringLiteral("W_K")).toArray()), d.wK);
        EXPECT_FALSE(parseScenarioFast(text));  // the Qt reader checks it
        const Result<Scenario> read = parseScenario(text, QStringLiteral("saved.json"));
        ASSERT_TRUE(read) << read.error().message.toStdString();
        EXPECT_TRUE(read.value() == s);
        ASSERT_TRUE(read.value().derivation);
        EXPECT_EQ(read.value().derivation->isCross(), cross);
        // Written again, the same bytes.
        EXPECT_EQ(scenarioJsonText(read.value()), text);
    }
}

TEST(DerivationFile, AScenarioWithoutOneIsWrittenAsBefore)
{
    const Scenario plain = test::notebookLessonScenario();
    const QByteArray text = scenarioJsonText(plain);
    EXPECT_FALSE(text.contains("derivation"));
    const Result<Scenario> read = parseScenario(text, QStringLiteral("plain.json"));
    ASSERT_TRUE(read);
    EXPECT_FALSE(read.value().derivation);
    EXPECT_TRUE(read.value() == plain);
}

TEST(DerivationFile, RefusesQKVThatTheDerivationDoesNotMake)
{
    Scenario s = derivedScenario(awkwardDerivation());
    QJsonObject object = QJsonDocument::fromJson(scenarioJsonText(s)).object();
    QJsonArray q = object.value(QStringLiteral("Q")).toArray();
    QJsonArray row = q.at(1).toArray();
    row[2] = 0.5;
    q[1] = row;
    object.insert(QStringLiteral("Q"), q);
    const Result<Scenario> read = parseScenario(QJsonDocument(object).toJson(), QStringLiteral("edited.json"));
    ASSERT_FALSE(read);
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("field \"Q\": row 2, column 3 is 0.5")))
        << read.error().message.toStdString();
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("X W_Q")));

    QJsonObject badShape = QJsonDocument::fromJson(scenarioJsonText(s)).object();
    QJsonObject derivation = badShape.value(QStringLiteral("derivation")).toObject();
    derivation.insert(QStringLiteral("W_V"), QJsonArray{QJsonArray{1.0}});
    badShape.insert(QStringLiteral("derivation"), derivation);
    const Result<Scenario> refused = parseScenario(QJsonDocument(badShape).toJson(), QStringLiteral("shape.json"));
    ASSERT_FALSE(refused);
    EXPECT_TRUE(refused.error().message.contains(QStringLiteral("W_V")));
    EXPECT_TRUE(refused.error().message.contains(QStringLiteral("field \"derivation\"")));

    QJsonObject notObject = QJsonDocument::fromJson(scenarioJsonText(s)).object();
    notObject.insert(QStringLiteral("derivation"), 3);
    EXPECT_FALSE(parseScenario(QJsonDocument(notObject).toJson(), QStringLiteral("n.json")));
}

} // namespace
} // namespace attnlens

#include "lesson.h"
#include "lessonprogress.h"

namespace attnlens {
namespace {

int derivationStepIndex(const LessonProgress &progress)
{
    for (int i = 0; i < progress.stepCount(); ++i) {
        if (progress.step(i).id == QLatin1String("practice-derivation"))
            return i;
    }
    return -1;
}

TEST(DerivationLesson, StepSitsBeforeCrossAttentionAndItsActionsTurnLive)
{
    AttentionModel model;
    LessonProgress progress(&model);
    const int index = derivationStepIndex(progress);
    ASSERT_GE(index, 0);
    ASSERT_LT(index + 1, progress.stepCount());
    EXPECT_EQ(progress.step(index + 1).id, QStringLiteral("practice-cross-attention"));
    ASSERT_TRUE(progress.goToStep(index));
    test::settleEvents(1);
    ASSERT_TRUE(model.isDerived());
    EXPECT_FALSE(model.derivation()->isCross());
    const LessonStep &step = progress.currentLessonStep();
    ASSERT_EQ(step.checkpoints.size(), 4u);
    EXPECT_EQ(step.checkpoints[0].kind, LessonCheckpoint::Kind::Given);
    EXPECT_EQ(step.checkpoints[1].kind, LessonCheckpoint::Kind::Answer);
    EXPECT_EQ(step.checkpoints[2].kind, LessonCheckpoint::Kind::Action);
    EXPECT_EQ(step.checkpoints[3].kind, LessonCheckpoint::Kind::Action);
    // q1 = x1 W_Q by hand: [1, 0.25] [[1.5, 0.5], [-0.5, 1.5]] = [1.375, 0.875].
    EXPECT_EQ(model.scenario().queries(0, 0), 1 * 1.5 + 0.25 * -0.5);
    EXPECT_EQ(model.scenario().queries(0, 1), 1 * 0.5 + 0.25 * 1.5);
    EXPECT_TRUE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[1]);
    EXPECT_FALSE(progress.checkpointStates()[2]);
    EXPECT_FALSE(progress.checkpointStates()[3]);

    // Typing a query in detaches it: nothing is derived, the Given no longer holds.
    model.setQueryRow(1, rowOf({0, 0}));
    test::settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]);
    EXPECT_FALSE(progress.checkpointStates()[2]);
    ASSERT_TRUE(progress.backToCheckpoint());
    test::settleEvents(1);

    model.setToken(TokenStream::X, 1, rowOf({0.5, 0.5}));
    test::settleEvents(1);
    EXPECT_TRUE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[2]) << "the drag counts";
    EXPECT_FALSE(progress.checkpointStates()[3]);

    model.setCrossAttention(true);
    test::settleEvents(1);
    EXPECT_FALSE(progress.checkpointStates()[0]) << "no longer one stream";
    EXPECT_TRUE(progress.checkpointStates()[2]) << "a done action stays done";
    EXPECT_TRUE(progress.checkpointStates()[3]);
    EXPECT_EQ(model.result()->weights.cols(), 3);
}

} // namespace
} // namespace attnlens
