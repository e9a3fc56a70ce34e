#include "modeledits.h"

#include "coretestsupport.h"
#include "derivation.h"
#include "scalelabsettings.h"
#include "scenariojson.h"

#include <gtest/gtest.h>

#include <limits>

namespace attnlens::test {

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

AttentionHead headLike(const Scenario &s, double offset)
{
    AttentionHead head;
    head.queries = Matrix::Constant(s.queryCount(), s.queryDimension(), offset);
    head.keys = Matrix::Constant(s.keyCount(), s.keys.cols(), -offset);
    head.values = Matrix::Constant(s.keyCount(), s.valueDimension(), offset / 3);
    return head;
}

ScoreFunction generalScore(Index queryDimension, Index keyDimension)
{
    ScoreFunction score;
    score.kind = ScoreFunction::Kind::General;
    score.general = Matrix::Identity(queryDimension, keyDimension);
    return score;
}

ScoreFunction additiveScore(Index queryDimension, Index keyDimension)
{
    ScoreFunction score;
    score.kind = ScoreFunction::Kind::Additive;
    score.queryWeight = Matrix::Constant(3, queryDimension, 0.5);
    score.keyWeight = Matrix::Constant(3, keyDimension, -0.25);
    score.scoreVector = Eigen::VectorXd::Constant(3, 1.0 / 3);
    return score;
}

} // namespace

Scenario unlabelledScenario()
{
    Scenario s;
    s.name = QStringLiteral("no labels");
    s.queries = matrixOf({{1, 0}, {0, 1}, {0.5, -0.5}});
    s.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}, {-1, 0.25}});
    s.values = matrixOf({{1, 2}, {3, 4}, {5, 6}, {7, 8}});
    return s;
}

const char *const kShortLabelsJson = R"({
    "Q": [[1, 0], [0, 1], [0.5, -0.5]],
    "K": [[1, 0], [0, 1]],
    "V": [[1], [2]],
    "query_labels": ["the cat"],
    "key_labels": []
})";

std::vector<ModelEdit> everyModelEdit()
{
    return {
        {"rename query 1 of an unlabelled scenario", [](AttentionModel &m) { m.setQueryLabel(0, QStringLiteral("the cat")); }},
        {"rename key 3", [](AttentionModel &m) { m.setKeyLabel(2, QStringLiteral("mat")); }},
        {"rename query 1 back to its default", [](AttentionModel &m) { m.setQueryLabel(0, QString()); }},
        {"rename the scenario", [](AttentionModel &m) { m.setScenarioName(QStringLiteral("renamed — 注意")); }},
        {"move a query", [](AttentionModel &m) { m.setQueryRow(1, rowOf({0.1 + 0.2, -0.0})); }},
        {"move a key", [](AttentionModel &m) { m.setKeyRow(3, rowOf({1e-200, -1e300})); }},
        {"change a value", [](AttentionModel &m) { m.setValueRow(2, rowOf({kNaN, -kInf})); }},
        {"change a value back", [](AttentionModel &m) { m.setValueRow(2, rowOf({5, 6})); }},
        {"temperature", [](AttentionModel &m) { m.setTemperature(0.37); }},
        {"block one cell", [](AttentionModel &m) { m.setMaskCell(0, 1, false); }},
        {"causal mask", [](AttentionModel &m) { m.setMask(causalMask(3, 4)); }},
        {"insert a query with a generated label", [](AttentionModel &m) { m.insertQuery(1, rowOf({2, 3})); }},
        {"insert a labelled query", [](AttentionModel &m) { m.insertQuery(0, rowOf({-1, 1}), QStringLiteral("first")); }},
        {"remove a query", [](AttentionModel &m) { ASSERT_FALSE(m.removeQuery(2)); }},
        {"insert a key", [](AttentionModel &m) { m.insertKey(4, rowOf({0.5, 0.5}), rowOf({9, -0.0})); }},
        {"remove a key", [](AttentionModel &m) { ASSERT_FALSE(m.removeKey(1)); }},
        {"every key allowed", [](AttentionModel &m) { m.setMask(std::nullopt); }},
        {"d_k 3", [](AttentionModel &m) { ASSERT_FALSE(m.setKeyDimension(3)); }},
        {"d_v 1", [](AttentionModel &m) { ASSERT_FALSE(m.setValueDimension(1)); }},
        {"d_k 2", [](AttentionModel &m) { ASSERT_FALSE(m.setKeyDimension(2)); }},
        {"add a head", [](AttentionModel &m) { ASSERT_FALSE(m.insertHead(1, headLike(m.wholeScenario(), 0.75))); }},
        {"add a named head first", [](AttentionModel &m) {
             AttentionHead head = headLike(m.wholeScenario(), -2);
             head.name = QStringLiteral("zeroth");
             ASSERT_FALSE(m.insertHead(0, head));
         }},
        {"name a head", [](AttentionModel &m) { m.setHeadName(2, QStringLiteral("third")); }},
        {"select head 2 (no change of its own) and move one of its queries", [](AttentionModel &m) {
             m.selectHead(1);
             m.setQueryRow(0, rowOf({4, -0.0}));
         }},
        {"move a key of another head", [](AttentionModel &m) { m.setHeadKeyRow(2, 1, rowOf({0.125, 8})); }},
        {"change a value of another head", [](AttentionModel &m) { m.setHeadValueRow(0, 0, rowOf({-3})); }},
        {"insert a query in every head", [](AttentionModel &m) { m.insertQuery(3, rowOf({1, 1})); }},
        {"rename a query with several heads", [](AttentionModel &m) { m.setQueryLabel(3, QStringLiteral("late")); }},
        {"remove a head", [](AttentionModel &m) { ASSERT_FALSE(m.removeHead(0)); }},
        {"general score", [](AttentionModel &m) { m.setScoreFunction(generalScore(2, 2)); }},
        {"a weight of the general score", [](AttentionModel &m) { m.setScoreWeight(AttentionModel::ScoreWeight::General, 0, 1, -0.0); }},
        {"d_k 3 under the general score", [](AttentionModel &m) { ASSERT_FALSE(m.setKeyDimension(3)); }},
        {"additive score", [](AttentionModel &m) { m.setScoreFunction(additiveScore(2, 3)); }},
        {"a weight of w", [](AttentionModel &m) { m.setScoreWeight(AttentionModel::ScoreWeight::Vector, 1, 0, -0.0); }},
        {"a weight of W_q", [](AttentionModel &m) { m.setScoreWeight(AttentionModel::ScoreWeight::Query, 2, 1, 1e-300); }},
        {"a weight of W_k", [](AttentionModel &m) { m.setScoreWeight(AttentionModel::ScoreWeight::Key, 0, 2, 7); }},
        {"scaled dot-product again", [](AttentionModel &m) {
             m.setScoreFunction(ScoreFunction{});
             ASSERT_FALSE(m.setKeyDimension(2));
         }},
        {"remove the other heads", [](AttentionModel &m) {
             while (m.headCount() > 1)
                 ASSERT_FALSE(m.removeHead(m.headCount() - 1));
         }},
        {"derive Q, K and V from tokens", [](AttentionModel &m) { ASSERT_FALSE(m.startDerivation(defaultDerivation())); }},
        {"rename a token in self-attention", [](AttentionModel &m) { m.setQueryLabel(1, QStringLiteral("tok")); }},
        {"move a token", [](AttentionModel &m) { m.setToken(TokenStream::X, 2, rowOf({0.3, -0.0})); }},
        {"an entry of W_Q", [](AttentionModel &m) { m.setProjectionEntry(Projection::Query, 0, 1, 2.5); }},
        {"W_V with another d_v", [](AttentionModel &m) { ASSERT_FALSE(m.setProjection(Projection::Value, matrixOf({{1, 0, 1}, {0, 1, -1}}))); }},
        {"cross-attention", [](AttentionModel &m) { m.setCrossAttention(true); }},
        {"move a token of Y", [](AttentionModel &m) { m.setToken(TokenStream::Y, 1, rowOf({-2, 0.5})); }},
        {"rename a key in cross-attention", [](AttentionModel &m) { m.setKeyLabel(0, QStringLiteral("y one")); }},
        {"self-attention", [](AttentionModel &m) { m.setCrossAttention(false); }},
        {"detach Q, K and V", [](AttentionModel &m) { m.detachDerivation(); }},
        {"derive again, then move a query (detaches)", [](AttentionModel &m) {
             ASSERT_FALSE(m.startDerivation(defaultDerivation()));
             m.setQueryRow(0, rowOf({9, 9}));
         }},
        {"the √d_k lab", [](AttentionModel &m) {
             ScaleLabSettings settings;
             settings.stretchedKey = 5;
             settings.stretchFactor = 3;
             m.setScaleLab(settings, 8);
         }},
        {"remove a key before the stretched one", [](AttentionModel &m) { ASSERT_FALSE(m.removeKey(0)); }},
        {"remove the stretched key", [](AttentionModel &m) { ASSERT_FALSE(m.removeKey(4)); }},
        {"the lab again, another seed", [](AttentionModel &m) {
             ScaleLabSettings settings;
             settings.seed = 99;
             settings.stretchedKey = 15;
             m.setScaleLab(settings, 4);
         }},
        {"insert a key before the stretched one", [](AttentionModel &m) {
             m.insertKey(0, Eigen::RowVectorXd::Constant(4, 0.5), Eigen::RowVectorXd::Constant(m.scenario().valueDimension(), 1));
         }},
        {"remove a query of the lab's sample", [](AttentionModel &m) { ASSERT_FALSE(m.removeQuery(15)); }},
        {"the lab draws its sample again", [](AttentionModel &m) {
             ScaleLabSettings settings;
             settings.seed = 7;
             m.setScaleLab(settings, 16);
         }},
        {"a key label in the lab", [](AttentionModel &m) { m.setKeyLabel(3, QStringLiteral("long key")); }},
        {"open a scenario read from a file with fewer labels", [](AttentionModel &m) {
             m.setScenario(parseScenario(QByteArray(kShortLabelsJson), QStringLiteral("old.json")).value());
         }},
        {"rename after opening it", [](AttentionModel &m) { m.setKeyLabel(1, QStringLiteral("second")); }},
    };
}


} // namespace attnlens::test
