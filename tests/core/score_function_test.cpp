// The score functions beside scaled dot-product: general (q W kᵀ) and additive
// (wᵀ tanh(W_q q + W_k k)). The engine against a hand computation and against a plain long-double
// reference written here; queries and keys of different lengths; the file's optional "score"
// (round trip, version 3, old files unchanged, refusals naming the field); evidence; the NumPy
// archive's refusal; the model's setters and the selected head's copy.
#include "attention.h"
#include "attentionmodel.h"
#include "evidence.h"
#include "npzwriter.h"
#include "scenariojson.h"
#include "scenariojsonfast.h"
#include "scorefunction.h"

#include "coretestsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixOf;
using test::settleEvents;

/// The encoder–decoder of the hand computation: one decoder state of length 2 scoring two
/// encoder states of length 3, with h = 2.
Scenario handScenario()
{
    Scenario s;
    s.queries = matrixOf({{1, 0}});
    s.keys = matrixOf({{1, 0, 0}, {0, 1, 0}});
    s.values = matrixOf({{10, 0}, {0, 10}});
    s.score.kind = ScoreFunction::Kind::Additive;
    s.score.queryWeight = matrixOf({{1, 0}, {0, 1}});
    s.score.keyWeight = matrixOf({{0.5, 0, 0}, {0, 0.5, 0}});
    s.score.scoreVector = Eigen::Vector2d(1, -1);
    return s;
}

TEST(ScoreFunction, AdditiveMatchesAHandComputation)
{
    // W_q q = (1, 0); W_k k_1 = (0.5, 0), W_k k_2 = (0, 0.5).
    // score_1 = 1 * tanh(1.5) - 1 * tanh(0)   = tanh 1.5           = 0.9051482536448664
    // score_2 = 1 * tanh(1)   - 1 * tanh(0.5) = 0.76159... - 0.46211... = 0.2994769986957551
    // Not divided by √3: the additive score has no such scaling.
    const Result<AttentionResult> result = computeAttention(handScenario());
    ASSERT_TRUE(result.ok()) << result.error().describe().toStdString();
    EXPECT_NEAR(result.value().scores(0, 0), 0.9051482536448664, 1e-15);
    EXPECT_NEAR(result.value().scores(0, 1), 0.2994769986957551, 1e-15);
    EXPECT_NEAR(result.value().weights(0, 0), 0.6469527255945565, 1e-15);
    EXPECT_NEAR(result.value().weights(0, 1), 0.3530472744054435, 1e-15);
    EXPECT_NEAR(result.value().context(0, 0), 6.469527255945565, 1e-14);
    EXPECT_NEAR(result.value().context(0, 1), 3.530472744054435, 1e-14);

    const Eigen::VectorXd hidden = additiveHidden(handScenario().score, Eigen::Vector2d(1, 0),
                                                  Eigen::Vector3d(0, 1, 0));
    ASSERT_EQ(hidden.size(), 2);
    EXPECT_NEAR(hidden(0), 0.7615941559557649, 1e-15);
    EXPECT_NEAR(hidden(1), 0.46211715726000974, 1e-15);
}

/// The scores, weights and contexts in long double with plain loops, from the formulas alone.
struct Reference {
    Matrix scores, weights, context;
};

Reference reference(const Scenario &s, Index head)
{
    const Matrix &q = s.headQueries(head);
    const Matrix &k = s.headKeys(head);
    const Matrix &v = s.headValues(head);
    const ScoreFunction &f = s.score;
    Reference r;
    r.scores.resize(q.rows(), k.rows());
    r.weights.resize(q.rows(), k.rows());
    r.context.resize(q.rows(), v.cols());
    for (Index i = 0; i < q.rows(); ++i) {
        std::vector<long double> score(size_t(k.rows()));
        for (Index j = 0; j < k.rows(); ++j) {
            long double total = 0;
            if (f.kind == ScoreFunction::Kind::General) {
                for (Index a = 0; a < q.cols(); ++a)
                    for (Index b = 0; b < k.cols(); ++b)
                        total += (long double)q(i, a) * f.general(a, b) * k(j, b);
            } else if (f.kind == ScoreFunction::Kind::Additive) {
                for (Index m = 0; m < f.queryWeight.rows(); ++m) {
                    long double inside = 0;
                    for (Index a = 0; a < q.cols(); ++a)
                        inside += (long double)f.queryWeight(m, a) * q(i, a);
                    for (Index b = 0; b < k.cols(); ++b)
                        inside += (long double)f.keyWeight(m, b) * k(j, b);
                    total += (long double)f.scoreVector(m) * std::tanh(inside);
                }
            } else {
                for (Index a = 0; a < q.cols(); ++a)
                    total += (long double)q(i, a) * k(j, a);
                total /= std::sqrt((long double)k.cols());
            }
            score[size_t(j)] = total;
            r.scores(i, j) = double(total);
        }
        long double top = -INFINITY;
        for (Index j = 0; j < k.rows(); ++j)
            if (s.isAllowed(i, j))
                top = std::max(top, score[size_t(j)]);
        long double sum = 0;
        std::vector<long double> e(size_t(k.rows()), 0.0L);
        for (Index j = 0; j < k.rows(); ++j) {
            if (s.isAllowed(i, j)) {
                e[size_t(j)] = std::exp((score[size_t(j)] - top) / s.temperature);
                sum += e[size_t(j)];
            }
        }
        for (Index j = 0; j < k.rows(); ++j)
            r.weights(i, j) = double(e[size_t(j)] / sum);
        for (Index c = 0; c < v.cols(); ++c) {
            long double total = 0;
            for (Index j = 0; j < k.rows(); ++j)
                total += e[size_t(j)] / sum * v(j, c);
            r.context(i, c) = double(total);
        }
    }
    return r;
}

Scenario randomScenario(ScoreFunction::Kind kind, std::mt19937_64 &random, Index nq, Index nk,
                        Index dq, Index dk, Index dv, Index hidden, int heads)
{
    Scenario s;
    s.queries = test::randomMatrix(nq, dq, random, 1.5);
    s.keys = test::randomMatrix(nk, dk, random, 1.5);
    s.values = test::randomMatrix(nk, dv, random, 2.0);
    for (int h = 1; h < heads; ++h) {
        s.moreHeads.push_back(AttentionHead{QString(), test::randomMatrix(nq, dq, random, 1.5),
                                            test::randomMatrix(nk, dk, random, 1.5),
                                            test::randomMatrix(nk, dv, random, 2.0)});
    }
    s.temperature = 0.8;
    s.allowed = causalMask(nq, nk);
    s.score.kind = kind;
    s.score.general = test::randomMatrix(dq, dk, random, 0.7);
    s.score.queryWeight = test::randomMatrix(hidden, dq, random, 0.9);
    s.score.keyWeight = test::randomMatrix(hidden, dk, random, 0.9);
    s.score.scoreVector = test::randomMatrix(hidden, 1, random, 1.2).col(0);
    return s;
}

TEST(ScoreFunction, GeneralAndAdditiveAgreeWithALongDoubleReferenceEveryHead)
{
    std::mt19937_64 random(15);
    for (auto kind : {ScoreFunction::Kind::General, ScoreFunction::Kind::Additive}) {
        // d_q = 2 against d_k = 5: no dot product could compare these.
        for (Index size : {3, 7, 150}) {
            const Scenario s = randomScenario(kind, random, size, size, 2, 5, 3, 4, 2);
            const Result<HeadsResult> result = computeAllHeads(s);
            ASSERT_TRUE(result.ok()) << result.error().describe().toStdString();
            for (Index h = 0; h < 2; ++h) {
                const Reference r = reference(s, h);
                const AttentionResult &got = result.value().heads[size_t(h)];
                EXPECT_TRUE(matricesClose(got.scores, r.scores, 1e-13, 1e-13)) << int(kind) << " " << size;
                EXPECT_TRUE(matricesClose(got.weights, r.weights, 1e-12, 1e-15));
                EXPECT_TRUE(matricesClose(got.context, r.context, 1e-12, 1e-13));
                // Masked keys stay exactly 0.
                for (Index i = 0; i < s.queryCount(); ++i)
                    for (Index j = i + 1; j < s.keyCount(); ++j)
                        ASSERT_EQ(got.weights(i, j), 0.0);
            }
        }
    }
}

TEST(ScoreFunction, RecomputingChangedQueryRowsMatchesTheFullComputation)
{
    std::mt19937_64 random(7);
    for (auto kind : {ScoreFunction::Kind::General, ScoreFunction::Kind::Additive}) {
        Scenario s = randomScenario(kind, random, 6, 6, 3, 2, 2, 3, 1);
        AttentionResult kept;
        ASSERT_FALSE(computeAttentionInto(s, kept));
        s.queries.row(4) << 0.3, -1.2, 2.0;
        ASSERT_FALSE(recomputeQueryRows(s, {4}, kept));
        const Reference r = reference(s, 0);
        EXPECT_TRUE(matricesClose(kept.scores, r.scores, 1e-13, 1e-13));
        EXPECT_TRUE(matricesClose(kept.weights, r.weights, 1e-12, 1e-15));
        EXPECT_TRUE(matricesClose(kept.context, r.context, 1e-12, 1e-13));
    }
}

TEST(ScoreFunction, ScaledDotIsTheDefaultAndUnchanged)
{
    std::mt19937_64 random(3);
    Scenario s = randomScenario(ScoreFunction::Kind::ScaledDot, random, 5, 5, 4, 4, 3, 2, 1);
    Scenario plain = s;
    plain.score = ScoreFunction();  // no weights at all
    EXPECT_EQ(s, plain) << "ScaledDot ignores weights it does not use";
    const Result<AttentionResult> a = computeAttention(s);
    ASSERT_TRUE(a.ok());
    const Reference r = reference(s, 0);
    EXPECT_TRUE(matricesClose(a.value().scores, r.scores, 1e-14, 1e-14));
    // The file of a dot-product scenario has no "score" and keeps its old version.
    const QByteArray text = scenarioJsonText(s);
    EXPECT_FALSE(text.contains("score"));
    EXPECT_TRUE(text.contains("\"version\": 1"));
    // Queries and keys of different lengths are still refused under the dot product.
    s.keys = test::randomMatrix(5, 3, random, 1.0);
    const auto error = validateAttentionInput(s);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->category, ErrorCategory::ShapeMismatch);
}

TEST(ScoreFunction, FilesRoundTripAsVersion3)
{
    std::mt19937_64 random(11);
    for (auto kind : {ScoreFunction::Kind::General, ScoreFunction::Kind::Additive}) {
        for (int heads : {1, 3}) {
            const Scenario s = randomScenario(kind, random, 4, 5, 2, 3, 2, 3, heads);
            const QByteArray text = scenarioJsonText(s);
            EXPECT_TRUE(text.contains("\"version\": 3")) << text.constData();
            EXPECT_TRUE(text.contains(kind == ScoreFunction::Kind::General ? "\"function\": \"general\""
                                                                            : "\"function\": \"additive\""));
            EXPECT_EQ(text.contains("\"W\""), kind == ScoreFunction::Kind::General);
            EXPECT_EQ(text.contains("\"W_q\""), kind == ScoreFunction::Kind::Additive);
            // The fast reader leaves a score to the Qt reader; the result is the same scenario.
            EXPECT_FALSE(parseScenarioFast(text).has_value());
            const Result<Scenario> back = parseScenario(text, QStringLiteral("f.json"));
            ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
            EXPECT_EQ(back.value(), s);
            EXPECT_EQ(scenarioJsonText(back.value()), text);
            // The Qt tree writer gives the same text as the streamed one.
            EXPECT_EQ(toJsonText(scenarioToJson(s)), text);
        }
    }
}

TEST(ScoreFunction, AnExplicitScaledDotScoreReadsAsAFileWithout)
{
    const QByteArray with = R"({"Q":[[1,2]],"K":[[3,4]],"V":[[5]],"score":{"function":"scaled-dot"}})";
    const QByteArray without = R"({"Q":[[1,2]],"K":[[3,4]],"V":[[5]]})";
    const Result<Scenario> a = parseScenario(with, QStringLiteral("a.json"));
    const Result<Scenario> b = parseScenario(without, QStringLiteral("b.json"));
    ASSERT_TRUE(a.ok() && b.ok());
    EXPECT_EQ(a.value(), b.value());
    EXPECT_TRUE(a.value().score.isScaledDot());
}

::testing::AssertionResult refusedNaming(const QByteArray &json, const QString &field, const QString &also)
{
    const Result<Scenario> r = parseScenario(json, QStringLiteral("s.json"));
    if (r.ok())
        return ::testing::AssertionFailure() << "accepted " << json.constData();
    const QString message = r.error().message;
    if (r.error().category != ErrorCategory::InvalidScenario || !message.contains(field) || !message.contains(also))
        return ::testing::AssertionFailure() << message.toStdString();
    return ::testing::AssertionSuccess();
}

TEST(ScoreFunction, MalformedScoreObjectsAreRefusedNamingTheField)
{
    const QByteArray base = R"({"Q":[[1,2]],"K":[[3,4,5]],"V":[[5]],"score":)";
    EXPECT_TRUE(refusedNaming(base + "3}", "\"score\"", "must be an object"));
    EXPECT_TRUE(refusedNaming(base + R"({"function":"cosine"}})", "\"score\", \"function\"", "\"additive\""));
    EXPECT_TRUE(refusedNaming(base + R"({"function":"general"}})", "\"score\", \"W\"", "missing"));
    EXPECT_TRUE(refusedNaming(base + R"({"function":"general","W":[[1,2,3],[4,5,6]],"w":[1]}})",
                              "\"score\", \"w\"", "does not belong"));
    EXPECT_TRUE(refusedNaming(base + R"({"function":"additive","W_q":[[1,0]],"W_k":[[1,0,0]]}})",
                              "\"score\", \"w\"", "list of numbers"));
    EXPECT_TRUE(refusedNaming(base + R"({"function":"additive","W_q":[[1,0]],"W_k":[[1,0,0]],"w":[true]}})",
                              "\"score\", \"w\", entry 1", "expected a number"));
}

TEST(ScoreFunction, WeightsThatDoNotFitAreRefusedByTheEngineNamingTheWeight)
{
    Scenario s = handScenario();
    s.score.keyWeight = matrixOf({{1, 0}, {0, 1}});  // h x d_q instead of h x d_k
    auto error = validateAttentionInput(s);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->category, ErrorCategory::ShapeMismatch);
    EXPECT_TRUE(error->message.contains("score \"W_k\" is 2\u00d72 but must be h\u00d7d_k = 2\u00d73"))
        << error->message.toStdString();

    s = handScenario();
    s.score.scoreVector = Eigen::Vector3d(1, 2, 3);
    error = validateAttentionInput(s);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error->message.contains("score \"w\" has 3 entries but must have h = 2"));

    s = handScenario();
    s.score.queryWeight(1, 0) = std::nan("");
    error = validateAttentionInput(s);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->category, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(error->message.contains("score \"W_q\" row 2, column 1"));

    s = handScenario();
    s.score = defaultScoreFunction(ScoreFunction::Kind::General, 3, 3);  // d_q is 2
    error = validateAttentionInput(s);
    ASSERT_TRUE(error);
    EXPECT_TRUE(error->message.contains("score \"W\" is 3\u00d73 but must be d_q\u00d7d_k = 2\u00d73"));

    // A file holding such weights still opens (it may be saved mid-edit): the engine refuses it.
    s = handScenario();
    s.score.keyWeight = matrixOf({{1, 0}, {0, 1}});
    const Result<Scenario> back = parseScenario(scenarioJsonText(s), QStringLiteral("f.json"));
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.value(), s);
}

TEST(ScoreFunction, EvidenceNamesTheScoreFunction)
{
    const Scenario s = handScenario();
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result.ok());
    const QJsonObject evidence = buildEvidence(s, &result.value(), nullptr);
    EXPECT_EQ(evidence.value("score_formula").toString(),
              QStringLiteral("w^T tanh(W_q q + W_k k) (not divided by sqrt(d_k))"));
    EXPECT_EQ(evidence.value("score").toObject().value("function").toString(), QStringLiteral("additive"));
    EXPECT_DOUBLE_EQ(evidence.value("scores").toArray().at(0).toArray().at(0).toDouble(),
                     result.value().scores(0, 0));
    // The evidence file opens again as the same scenario.
    const Result<Scenario> back = parseScenario(toJsonText(evidence), QStringLiteral("e.json"));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_EQ(back.value(), s);
    // A dot-product scenario's evidence has neither.
    Scenario dot = s;
    dot.score = ScoreFunction();
    dot.queries = matrixOf({{1, 0, 0}});
    const Result<AttentionResult> dotResult = computeAttention(dot);
    ASSERT_TRUE(dotResult.ok());
    const QJsonObject plain = buildEvidence(dot, &dotResult.value(), nullptr);
    EXPECT_FALSE(plain.contains("score_formula"));
    EXPECT_FALSE(plain.contains("score"));
}

TEST(ScoreFunction, TheNumpyArchiveRefusesAScoreItCannotHold)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("r.npz"));
    const auto error = computeAndWriteNumpyResults(path, handScenario());
    ASSERT_TRUE(error);
    EXPECT_TRUE(error->message.contains("additive")) << error->message.toStdString();
    EXPECT_FALSE(QFile::exists(path));
}

TEST(ScoreFunction, ModelSettersRecomputeSignalAndKeepTheSelectedHeadsCopy)
{
    AttentionModel model;
    Scenario s = handScenario();
    s.moreHeads.push_back(AttentionHead{QStringLiteral("second"), s.queries, s.keys * 2.0, s.values});
    model.setScenario(s);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    const double before = model.result()->weights(0, 0);
    QSignalSpy changed(&model, &AttentionModel::scoreFunctionChanged);
    QSignalSpy reset(&model, &AttentionModel::scenarioReset);
    model.setScoreWeight(AttentionModel::ScoreWeight::Vector, 1, 0, 1.0);  // w = (1, 1)
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(reset.count(), 0) << "new weights of the same kind rebuild nothing";
    // Read inside the signal's wake: the model is dirty and gives the new numbers.
    ASSERT_NE(model.result(), nullptr);
    // score_1 = tanh 1.5 + tanh 0, score_2 = tanh 1 + tanh 0.5
    const double s1 = std::tanh(1.5), s2 = std::tanh(1.0) + std::tanh(0.5);
    EXPECT_NEAR(model.result()->weights(0, 0), 1.0 / (1.0 + std::exp(s2 - s1)), 1e-15);
    EXPECT_NE(model.result()->weights(0, 0), before);
    EXPECT_EQ(model.scenario().score, model.wholeScenario().score);
    model.selectHead(1);
    EXPECT_EQ(model.scenario().score, model.wholeScenario().score);

    model.setScoreFunction(defaultScoreFunction(ScoreFunction::Kind::General, 2, 3));
    EXPECT_EQ(changed.count(), 2);
    EXPECT_GE(reset.count(), 2) << "a change of kind resets the views";
    ASSERT_NE(model.result(), nullptr);
    // d_k now means the keys' length; setting it resizes K and W, not Q.
    EXPECT_EQ(model.wholeScenario().keyDimension(), 3);
    EXPECT_EQ(model.wholeScenario().queryDimension(), 2);
    ASSERT_FALSE(model.setKeyDimension(4));
    EXPECT_EQ(model.wholeScenario().keys.cols(), 4);
    EXPECT_EQ(model.wholeScenario().queries.cols(), 2);
    EXPECT_EQ(model.wholeScenario().score.general.cols(), 4);
    settleEvents();
    EXPECT_NE(model.result(), nullptr) << "still computes after the change of d_k";
}

} // namespace
} // namespace attnlens
