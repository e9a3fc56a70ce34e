// Scenarios with several heads: the engine against a plain long-double reference per head,
// refusals that name the head, the version-2 file format (round trip, limits, version 1 kept for
// one head) and the model's selected head, per-head setters and per-head recomputation.
#include "attention.h"
#include "attentionmodel.h"
#include "evidence.h"
#include "jsonfile.h"
#include "scenariojson.h"

#include "coretestsupport.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace attnlens {
namespace {

using test::matricesClose;
using test::matricesIdentical;
using test::matrixOf;
using test::referenceAttention;
using test::rowOf;
using test::settleEvents;

/// One head on its own, written out without Scenario's head helpers.
Scenario oneHead(const Matrix &q, const Matrix &k, const Matrix &v, const std::optional<Mask> &mask,
                 double temperature)
{
    Scenario s;
    s.queries = q;
    s.keys = k;
    s.values = v;
    s.allowed = mask;
    s.temperature = temperature;
    return s;
}

struct ThreeHeads {
    std::vector<Scenario> alone;  ///< each head as a one-head scenario
    Scenario whole;
};

/// Three random heads of 7 tokens, d_k 5, d_v 3, causal mask, T = 0.7.
ThreeHeads randomThreeHeads(unsigned seed)
{
    std::mt19937_64 rng(seed);
    const Index n = 7;
    const Mask causal = causalMask(n, n);
    ThreeHeads out;
    for (int h = 0; h < 3; ++h) {
        out.alone.push_back(oneHead(test::randomMatrix(n, 5, rng, 1.5), test::randomMatrix(n, 5, rng, 1.5),
                                    test::randomMatrix(n, 3, rng, 4.0), causal, 0.7));
    }
    out.whole = out.alone[0];
    out.whole.headName = QStringLiteral("L5 H1");
    for (int h = 1; h < 3; ++h) {
        out.whole.moreHeads.push_back(AttentionHead{h == 2 ? QStringLiteral("L5 H3") : QString(),
                                                    out.alone[h].queries, out.alone[h].keys,
                                                    out.alone[h].values});
    }
    return out;
}

TEST(MultiHeadEngine, EveryHeadMatchesAnIndependentReference)
{
    const ThreeHeads heads = randomThreeHeads(20261201);
    const Result<HeadsResult> all = computeAllHeads(heads.whole);
    ASSERT_TRUE(all.ok()) << all.error().describe().toStdString();
    ASSERT_EQ(all.value().heads.size(), 3u);
    for (int h = 0; h < 3; ++h) {
        const test::ReferenceAttention ref = referenceAttention(heads.alone[size_t(h)]);
        const AttentionResult &got = all.value().heads[size_t(h)];
        EXPECT_TRUE(matricesClose(got.scores, ref.scores, 1e-12, 1e-13)) << "head " << h + 1;
        EXPECT_TRUE(matricesClose(got.weights, ref.weights, 1e-9, 1e-15)) << "head " << h + 1;
        EXPECT_TRUE(matricesClose(got.context, ref.context, 1e-9, 1e-12)) << "head " << h + 1;
        // Masked weights are exactly 0 in every head.
        for (Index i = 0; i < 7; ++i)
            for (Index j = i + 1; j < 7; ++j)
                EXPECT_EQ(got.weights(i, j), 0.0);
    }
    // The concatenated context is the heads' contexts side by side, in order.
    const Matrix &concat = all.value().concatenatedContext;
    ASSERT_EQ(concat.rows(), 7);
    ASSERT_EQ(concat.cols(), 9);
    for (int h = 0; h < 3; ++h) {
        const test::ReferenceAttention ref = referenceAttention(heads.alone[size_t(h)]);
        EXPECT_TRUE(matricesClose(concat.middleCols(3 * h, 3), ref.context, 1e-9, 1e-12));
    }
}

TEST(MultiHeadEngine, EachHeadIsBitForBitTheOneHeadComputation)
{
    const ThreeHeads heads = randomThreeHeads(7);
    for (int h = 0; h < 3; ++h) {
        AttentionResult viaHead;
        ASSERT_FALSE(computeHeadInto(heads.whole, h, viaHead));
        const Result<AttentionResult> alone = computeAttention(heads.alone[size_t(h)]);
        ASSERT_TRUE(alone.ok());
        EXPECT_TRUE(matricesIdentical(viaHead.scores, alone.value().scores));
        EXPECT_TRUE(matricesIdentical(viaHead.weights, alone.value().weights));
        EXPECT_TRUE(matricesIdentical(viaHead.context, alone.value().context));
    }
}

TEST(MultiHeadEngine, RefusalsNameTheHead)
{
    ThreeHeads heads = randomThreeHeads(3);
    Scenario nan = heads.whole;
    nan.moreHeads[1].keys(4, 2) = std::numeric_limits<double>::quiet_NaN();
    const std::optional<Error> nanError = validateAttentionInput(nan);
    ASSERT_TRUE(nanError);
    EXPECT_EQ(nanError->category, ErrorCategory::NonFiniteInput);
    EXPECT_EQ(nanError->head, 2);
    EXPECT_TRUE(nanError->message.startsWith(QStringLiteral("head 3 (\u201cL5 H3\u201d): K row 5")))
        << nanError->message.toStdString();

    Scenario unnamed = heads.whole;
    unnamed.moreHeads[0].queries(0, 0) = std::numeric_limits<double>::infinity();
    const std::optional<Error> infError = validateAttentionInput(unnamed);
    ASSERT_TRUE(infError);
    EXPECT_TRUE(infError->message.startsWith(QStringLiteral("head 2: Q row 1")))
        << infError->message.toStdString();

    Scenario shapes = heads.whole;
    shapes.moreHeads[0].values = Matrix::Zero(7, 4);
    const std::optional<Error> shapeError = validateAttentionInput(shapes);
    ASSERT_TRUE(shapeError);
    EXPECT_EQ(shapeError->category, ErrorCategory::ShapeMismatch);
    EXPECT_TRUE(shapeError->message.startsWith(QStringLiteral("head 2: V is 7\u00d74 but head 1's is 7\u00d73")))
        << shapeError->message.toStdString();

    // A mask row with no allowed key concerns every head: no head is named.
    Scenario masked = heads.whole;
    (*masked.allowed)(0, 0) = false;
    const std::optional<Error> maskError = validateAttentionInput(masked);
    ASSERT_TRUE(maskError);
    EXPECT_EQ(maskError->category, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(maskError->head, -1);
    EXPECT_TRUE(maskError->message.startsWith(QStringLiteral("query row 1")));

    // A one-head scenario's messages are as they always were.
    Scenario single = heads.alone[0];
    single.keys(1, 1) = std::numeric_limits<double>::quiet_NaN();
    const std::optional<Error> singleError = validateAttentionInput(single);
    ASSERT_TRUE(singleError);
    EXPECT_TRUE(singleError->message.startsWith(QStringLiteral("K row 2"))) << singleError->message.toStdString();
    EXPECT_EQ(singleError->head, -1);
}

/// Parses what the writer wrote, as a file would be written and read.
Result<Scenario> roundTrip(const Scenario &s)
{
    return parseScenario(toJsonText(scenarioToJson(s)), QStringLiteral("round-trip.json"));
}

TEST(MultiHeadFiles, VersionTwoRoundTripIsBitExact)
{
    ThreeHeads heads = randomThreeHeads(11);
    Scenario &s = heads.whole;
    s.name = QStringLiteral("three heads");
    s.queryLabels = QStringList{QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                                QStringLiteral("d"), QStringLiteral("e"), QStringLiteral("f"),
                                QStringLiteral("g")};
    // Awkward doubles survive too.
    s.moreHeads[0].queries(0, 0) = -0.0;
    s.moreHeads[0].queries(0, 1) = std::numeric_limits<double>::denorm_min();
    s.moreHeads[1].values(2, 2) = std::numeric_limits<double>::max();
    s.moreHeads[1].values(3, 1) = 0.1 + 0.2;
    const QJsonObject json = scenarioToJson(s);
    EXPECT_EQ(json.value(QStringLiteral("version")).toInt(), 2);
    EXPECT_FALSE(json.contains(QStringLiteral("Q")));
    ASSERT_EQ(json.value(QStringLiteral("heads")).toArray().size(), 3);
    EXPECT_EQ(json.value(QStringLiteral("heads")).toArray().at(0).toObject().value(QStringLiteral("name")).toString(),
              QStringLiteral("L5 H1"));
    // An unnamed head is written without a name and reads back unnamed.
    EXPECT_FALSE(json.value(QStringLiteral("heads")).toArray().at(1).toObject().contains(QStringLiteral("name")));

    const Result<Scenario> back = roundTrip(s);
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == s);
    EXPECT_EQ(back.value().headCount(), 3);
    EXPECT_TRUE(std::signbit(back.value().moreHeads[0].queries(0, 0)));
    EXPECT_EQ(back.value().headLabel(1), QStringLiteral("head 2"));
    EXPECT_EQ(back.value().headLabel(2), QStringLiteral("L5 H3"));
    // And it writes the same bytes again.
    EXPECT_EQ(toJsonText(scenarioToJson(back.value())), toJsonText(json));
}

TEST(MultiHeadFiles, OneHeadStaysVersionOneAndANamedSingleHeadIsVersionTwo)
{
    const Scenario lesson = test::notebookLessonScenario();
    const QJsonObject json = scenarioToJson(lesson);
    EXPECT_EQ(json.value(QStringLiteral("version")).toInt(), 1);
    EXPECT_TRUE(json.contains(QStringLiteral("Q")));
    EXPECT_FALSE(json.contains(QStringLiteral("heads")));

    Scenario named = lesson;
    named.headName = QStringLiteral("only head");
    const QJsonObject namedJson = scenarioToJson(named);
    EXPECT_EQ(namedJson.value(QStringLiteral("version")).toInt(), 2);
    const Result<Scenario> back = roundTrip(named);
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back.value() == named);
    EXPECT_EQ(back.value().headCount(), 1);

    // A version-1 file opens as one head named "head 1".
    const Result<Scenario> v1 = roundTrip(lesson);
    ASSERT_TRUE(v1.ok());
    EXPECT_EQ(v1.value().headCount(), 1);
    EXPECT_EQ(v1.value().headLabel(0), QStringLiteral("head 1"));
}

QByteArray headsDocument(int headCount, const QString &extra = QString())
{
    QByteArray text = "{\"format\": \"attnlens-scenario\", \"version\": 2, " + extra.toUtf8() + "\"heads\": [";
    for (int h = 0; h < headCount; ++h) {
        if (h > 0)
            text += ", ";
        text += "{\"Q\": [[1]], \"K\": [[1], [2]], \"V\": [[3], [4]]}";
    }
    return text + "]}";
}

bool refusedMentioning(const Result<Scenario> &r, std::initializer_list<const char *> parts)
{
    if (r.ok())
        return false;
    for (const char *part : parts) {
        if (!r.error().message.contains(QString::fromUtf8(part)))
            return false;
    }
    return true;
}

TEST(MultiHeadFiles, LimitsAndMistakesAreNamed)
{
    EXPECT_TRUE(parseScenario(headsDocument(64), QStringLiteral("f.json")).ok());
    const Result<Scenario> tooMany = parseScenario(headsDocument(65), QStringLiteral("f.json"));
    EXPECT_TRUE(refusedMentioning(tooMany, {"f.json", "field \"heads\"", "65 heads", "limit of 64"}))
        << (tooMany.ok() ? "accepted" : tooMany.error().message.toStdString());

    const Result<Scenario> both = parseScenario(
        headsDocument(2, QStringLiteral("\"Q\": [[1]], ")), QStringLiteral("f.json"));
    EXPECT_TRUE(refusedMentioning(both, {"field \"Q\"", "beside \"heads\""}));

    const Result<Scenario> empty = parseScenario(headsDocument(0), QStringLiteral("f.json"));
    EXPECT_TRUE(refusedMentioning(empty, {"field \"heads\"", "at least one head"}));

    const Result<Scenario> notObject = parseScenario(
        R"({"heads": [{"Q": [[1]], "K": [[1]], "V": [[1]]}, 5]})", QStringLiteral("f.json"));
    EXPECT_TRUE(refusedMentioning(notObject, {"head 2 must be an object", "the number 5"}));

    const Result<Scenario> badCell = parseScenario(
        R"({"heads": [{"Q": [[1]], "K": [[1]], "V": [[1]]}, {"Q": [[1]], "K": [["x"]], "V": [[1]]}]})",
        QStringLiteral("f.json"));
    EXPECT_TRUE(refusedMentioning(badCell, {"field \"heads\", head 2, \"K\"", "row 1, column 1", "\"x\""}))
        << (badCell.ok() ? "accepted" : badCell.error().message.toStdString());

    // The entries of every head together are counted from the lists' lengths (rows times the
    // first row's length) before anything is read or allocated: a small file whose first rows
    // claim 4096 x 1024 matrices in five heads is refused for its size, not for its short rows.
    const QByteArray first = "[" + QByteArray("0,").repeated(1023) + "0]";
    const QByteArray rows = "[" + first + QByteArray(",[0]").repeated(4095) + "]";
    QByteArray huge = "{\"heads\": [";
    for (int h = 0; h < 5; ++h)
        huge += QByteArray(h ? "," : "") + "{\"Q\": " + rows + ", \"K\": " + rows + ", \"V\": " + rows + "}";
    huge += "]}";
    const Result<Scenario> tooBig = parseScenario(huge, QStringLiteral("big.json"));
    EXPECT_TRUE(refusedMentioning(tooBig, {"field \"heads\"", "more than the limit of 50331648"}))
        << (tooBig.ok() ? "accepted" : tooBig.error().message.toStdString());
}

TEST(MultiHeadFiles, EvidenceCarriesEveryHeadAndTheConcatenation)
{
    const ThreeHeads heads = randomThreeHeads(5);
    const Result<AttentionResult> first = computeAttention(heads.whole);
    ASSERT_TRUE(first.ok());
    const QJsonObject evidence = buildEvidence(heads.whole, &first.value(), nullptr);
    EXPECT_EQ(evidence.value(QStringLiteral("version")).toInt(), 2);
    EXPECT_FALSE(evidence.contains(QStringLiteral("weights")));
    const QJsonArray written = evidence.value(QStringLiteral("heads")).toArray();
    ASSERT_EQ(written.size(), 3);
    for (int h = 0; h < 3; ++h) {
        const test::ReferenceAttention ref = referenceAttention(heads.alone[size_t(h)]);
        const QJsonObject head = written.at(h).toObject();
        EXPECT_TRUE(matricesClose(test::matrixFromJson(head.value(QStringLiteral("weights")).toArray()),
                                  ref.weights, 1e-9, 1e-15));
        EXPECT_TRUE(matricesClose(test::matrixFromJson(head.value(QStringLiteral("context")).toArray()),
                                  ref.context, 1e-9, 1e-12));
        EXPECT_TRUE(matricesClose(test::matrixFromJson(head.value(QStringLiteral("scores")).toArray()),
                                  ref.scores, 1e-12, 1e-13));
    }
    const Matrix concat = test::matrixFromJson(evidence.value(QStringLiteral("concatenated_context")).toArray());
    ASSERT_EQ(concat.cols(), 9);
    EXPECT_TRUE(matricesClose(concat.middleCols(6, 3), referenceAttention(heads.alone[2]).context, 1e-9, 1e-12));
    // The evidence opens as the scenario it came from.
    const Result<Scenario> reopened = parseScenario(toJsonText(evidence), QStringLiteral("e.json"));
    ASSERT_TRUE(reopened.ok());
    EXPECT_TRUE(reopened.value() == heads.whole);
}

TEST(MultiHeadBuiltins, TheTwoHeadScenariosShowWhatTheirDescriptionsSay)
{
    const Scenario specialise = test::builtinScenario("two-heads-specialise");
    ASSERT_EQ(specialise.headCount(), 2);
    const Result<HeadsResult> r = computeAllHeads(specialise);
    ASSERT_TRUE(r.ok());
    // "previous token": from the second token on, each token's largest weight is on the one
    // before it; "subject": every token from "cat" on puts its largest weight on "cat".
    for (Index i = 1; i < specialise.queryCount(); ++i) {
        Index previous = 0;
        Index subject = 0;
        r.value().heads[0].weights.row(i).maxCoeff(&previous);
        r.value().heads[1].weights.row(i).maxCoeff(&subject);
        EXPECT_EQ(previous, i - 1) << "token " << i;
        EXPECT_EQ(subject, 1) << "token " << i;
        EXPECT_GT(r.value().heads[0].weights(i, i - 1), 0.8);
        EXPECT_GT(r.value().heads[1].weights(i, 1), 0.8);
    }

    // The lesson split into two heads of d_k = 1: head 1 is the lesson's first coordinate.
    const Scenario split = test::builtinScenario("lesson-two-heads");
    ASSERT_EQ(split.headCount(), 2);
    EXPECT_EQ(split.keyDimension(), 1);
    const Result<HeadsResult> s = computeAllHeads(split);
    ASSERT_TRUE(s.ok());
    const double e = std::exp(1.0);
    EXPECT_NEAR(s.value().heads[0].weights(0, 0), e / (2 * e + 1), 1e-15);
    EXPECT_NEAR(s.value().heads[0].weights(0, 1), 1 / (2 * e + 1), 1e-15);
    EXPECT_NEAR(s.value().heads[1].weights(0, 2), 1.0 / 3.0, 1e-15);
    EXPECT_NEAR(s.value().concatenatedContext(0, 0), 20 * e / (2 * e + 1), 1e-12);
    EXPECT_NEAR(s.value().concatenatedContext(0, 1), 20.0 / 3.0, 1e-12);
}

TEST(MultiHeadModel, SelectingAHeadShowsItAndComputesNothing)
{
    const ThreeHeads heads = randomThreeHeads(9);
    AttentionModel model;
    model.setScenario(heads.whole);
    settleEvents();
    ASSERT_TRUE(model.isValid());
    const quint64 computed = model.headComputeCount();
    EXPECT_EQ(model.headCount(), 3);
    EXPECT_EQ(model.headTitle(), QStringLiteral("L5 H1"));

    QSignalSpy selected(&model, &AttentionModel::headSelected);
    QSignalSpy reset(&model, &AttentionModel::scenarioReset);
    QSignalSpy results(&model, &AttentionModel::resultChanged);
    model.selectHead(2);
    EXPECT_EQ(selected.count(), 1);
    EXPECT_EQ(reset.count(), 1);
    EXPECT_EQ(model.selectedHead(), 2);
    EXPECT_EQ(model.headTitle(), QStringLiteral("L5 H3"));
    EXPECT_TRUE(matricesIdentical(model.scenario().queries, heads.alone[2].queries));
    EXPECT_TRUE(matricesIdentical(model.scenario().keys, heads.alone[2].keys));
    EXPECT_FALSE(model.scenario().hasSeveralHeads());
    EXPECT_TRUE(model.wholeScenario() == heads.whole);
    const Result<AttentionResult> alone = computeAttention(heads.alone[2]);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_TRUE(matricesIdentical(model.result()->weights, alone.value().weights));
    settleEvents();
    EXPECT_EQ(results.count(), 1);
    EXPECT_EQ(model.headComputeCount(), computed);

    // Out of range and the same head change nothing.
    model.selectHead(3);
    model.selectHead(-1);
    model.selectHead(2);
    EXPECT_EQ(selected.count(), 1);
    // A one-head scenario has no head title.
    AttentionModel single;
    single.setScenario(heads.alone[0]);
    EXPECT_TRUE(single.headTitle().isEmpty());
    EXPECT_EQ(&single.scenario(), &single.wholeScenario());
}

TEST(MultiHeadModel, ADragInOneHeadRecomputesOnlyThatHeadsRow)
{
    const ThreeHeads heads = randomThreeHeads(13);
    AttentionModel model;
    model.setScenario(heads.whole);
    model.selectHead(1);
    settleEvents();
    ASSERT_TRUE(model.isValid());
    const AttentionResult head0 = *model.headResult(0);
    const AttentionResult head2 = *model.headResult(2);
    const quint64 computed = model.headComputeCount();

    QSignalSpy queries(&model, &AttentionModel::queryChanged);
    const Eigen::RowVectorXd moved = rowOf({0.5, -1.0, 2.0, 0.25, -0.75});
    model.setQueryRow(4, moved);
    ASSERT_EQ(queries.count(), 1);
    EXPECT_EQ(queries.at(0).at(0).toInt(), 4);
    EXPECT_EQ(queries.at(0).at(1).toInt(), 1);
    settleEvents();
    EXPECT_EQ(model.headComputeCount(), computed + 1);
    EXPECT_TRUE(matricesIdentical(model.headResult(0)->weights, head0.weights));
    EXPECT_TRUE(matricesIdentical(model.headResult(2)->context, head2.context));
    EXPECT_TRUE(matricesIdentical(model.wholeScenario().moreHeads[0].queries.row(4), moved));
    EXPECT_TRUE(matricesIdentical(model.scenario().queries.row(4), moved));

    Scenario expected = heads.alone[1];
    expected.queries.row(4) = moved;
    const test::ReferenceAttention ref = referenceAttention(expected);
    EXPECT_TRUE(matricesClose(model.result()->weights, ref.weights, 1e-9, 1e-15));
    EXPECT_TRUE(matricesClose(model.concatenatedContext()->middleCols(3, 3), ref.context, 1e-9, 1e-12));

    // A key of a head that is not shown: only that head is computed again, and the shown head's
    // matrices do not move.
    QSignalSpy keys(&model, &AttentionModel::keyChanged);
    model.setHeadKeyRow(2, 0, rowOf({1, 1, 1, 1, 1}));
    ASSERT_EQ(keys.count(), 1);
    EXPECT_EQ(keys.at(0).at(1).toInt(), 2);
    settleEvents();
    EXPECT_EQ(model.headComputeCount(), computed + 2);
    EXPECT_TRUE(matricesIdentical(model.scenario().keys, heads.alone[1].keys));
    EXPECT_TRUE(matricesIdentical(model.headResult(0)->weights, head0.weights));

    // The temperature belongs to every head: all three are computed again.
    model.setTemperature(2.0);
    settleEvents();
    EXPECT_EQ(model.headComputeCount(), computed + 5);
    EXPECT_EQ(model.scenario().temperature, 2.0);
}

TEST(MultiHeadModel, StructuralEditsApplyToEveryHead)
{
    const ThreeHeads heads = randomThreeHeads(17);
    AttentionModel model;
    model.setScenario(heads.whole);
    model.selectHead(2);
    model.insertQuery(1, rowOf({1, 2, 3, 4, 5}));
    EXPECT_EQ(model.wholeScenario().headQueries(0).rows(), 8);
    EXPECT_EQ(model.wholeScenario().headQueries(1).rows(), 8);
    // The shown head gets the typed query, the others a zero row.
    EXPECT_TRUE(matricesIdentical(model.wholeScenario().headQueries(2).row(1), rowOf({1, 2, 3, 4, 5})));
    EXPECT_TRUE(model.wholeScenario().headQueries(0).row(1).isZero(0.0));
    EXPECT_EQ(model.scenario().queries.rows(), 8);
    ASSERT_FALSE(model.removeKey(3));
    for (Index h = 0; h < 3; ++h) {
        EXPECT_EQ(model.wholeScenario().headKeys(h).rows(), 6);
        EXPECT_EQ(model.wholeScenario().headValues(h).rows(), 6);
    }
    ASSERT_FALSE(model.setKeyDimension(2));
    for (Index h = 0; h < 3; ++h)
        EXPECT_EQ(model.wholeScenario().headKeys(h).cols(), 2);
    settleEvents();
    EXPECT_TRUE(model.isValid());
}

TEST(MultiHeadModel, HeadsAreAddedRemovedAndRenamed)
{
    const ThreeHeads heads = randomThreeHeads(19);
    AttentionModel model;
    model.setScenario(heads.whole);
    model.selectHead(1);
    QSignalSpy inserted(&model, &AttentionModel::headInserted);
    QSignalSpy removed(&model, &AttentionModel::headRemoved);

    AttentionHead added = model.wholeScenario().head(1);
    added.name = QStringLiteral("copy");
    ASSERT_FALSE(model.insertHead(0, added));
    EXPECT_EQ(inserted.count(), 1);
    EXPECT_EQ(model.headCount(), 4);
    EXPECT_EQ(model.headName(0), QStringLiteral("copy"));
    EXPECT_EQ(model.selectedHead(), 2);  // still the head it was on
    EXPECT_TRUE(matricesIdentical(model.scenario().queries, heads.alone[1].queries));

    AttentionHead wrong = added;
    wrong.values = Matrix::Zero(7, 2);
    const std::optional<Error> refusedShape = model.insertHead(1, wrong);
    ASSERT_TRUE(refusedShape);
    EXPECT_EQ(model.headCount(), 4);

    ASSERT_FALSE(model.removeHead(2));  // the selected head: the selection moves on
    EXPECT_EQ(removed.count(), 1);
    EXPECT_EQ(model.headCount(), 3);
    EXPECT_EQ(model.selectedHead(), 2);
    EXPECT_EQ(model.headName(2), QStringLiteral("L5 H3"));

    model.setHeadName(1, QStringLiteral("renamed"));
    EXPECT_EQ(model.wholeScenario().moreHeads[0].name, QStringLiteral("renamed"));
    model.setHeadName(1, QString());
    EXPECT_EQ(model.headName(1), QStringLiteral("head 2"));

    ASSERT_FALSE(model.removeHead(0));
    ASSERT_FALSE(model.removeHead(0));
    EXPECT_EQ(model.headCount(), 1);
    const std::optional<Error> last = model.removeHead(0);
    ASSERT_TRUE(last);
    EXPECT_TRUE(last->message.contains(QStringLiteral("only head")));
    EXPECT_EQ(model.headCount(), 1);
    EXPECT_EQ(model.selectedHead(), 0);
    settleEvents();
    EXPECT_TRUE(model.isValid());

    // At most 64 heads.
    Scenario many = heads.alone[0];
    for (int h = 1; h < AttentionModel::kMaxHeads; ++h)
        many.moreHeads.push_back(AttentionHead{QString(), many.queries, many.keys, many.values});
    model.setScenario(many);
    const std::optional<Error> full = model.insertHead(0, many.head(0));
    ASSERT_TRUE(full);
    EXPECT_TRUE(full->message.contains(QStringLiteral("64")));
}

} // namespace
} // namespace attnlens

namespace attnlens {

// Head 1 computes, head 2's scores overflow: the evidence builder refuses the scenario as a
// whole, naming head 2, for every caller (it used to assume every head computed and crashed).
TEST(MultiHeadEvidence, ALaterHeadThatOverflowsMakesTheEvidenceARefusal)
{
    Scenario scenario = test::builtinScenario(QStringLiteral("two-heads-specialise"));
    AttentionHead second = scenario.head(1);
    second.queries.setConstant(1e200);
    second.keys.setConstant(1e200);
    scenario.setHead(1, second);
    const Result<AttentionResult> first = computeAttention(scenario);
    ASSERT_TRUE(first.ok());
    const QJsonObject evidence = buildEvidence(scenario, &first.value(), nullptr);
    const QJsonObject error = evidence.value(QStringLiteral("error")).toObject();
    EXPECT_EQ(error.value(QStringLiteral("category")).toString(), QStringLiteral("score_overflow"));
    EXPECT_TRUE(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("head 2")));
    EXPECT_FALSE(evidence.contains(QStringLiteral("concatenated_context")));
}

} // namespace attnlens
