// What the app writes, it reads: every kind of edit the model accepts, saved by the app's own
// writer and opened again through both scenario readers, bit for bit. And the files earlier
// builds wrote with fewer labels than rows, negative zeros written as numbers, and a derivation
// whose product overflows to NaN.
#include "attention.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "modeledits.h"
#include "derivation.h"
#include "evidence.h"
#include "jsonstreamwriter.h"
#include "scalelab.h"
#include "scalelabsettings.h"
#include "scenario.h"
#include "scenariojson.h"
#include "scenariojsonfast.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <vector>

namespace attnlens {
namespace {

using test::matrixOf;

bool signBitSet(double x)
{
    return std::signbit(x);
}

/// Every field the readers fill, compared as the document compares (doubles by their bits).
::testing::AssertionResult sameScenario(const Scenario &read, const Scenario &written)
{
    if (read == written)
        return ::testing::AssertionSuccess();
    auto failure = ::testing::AssertionFailure();
    if (read.queryLabels != written.queryLabels)
        failure << "query labels " << read.queryLabels.join('|').toStdString() << " vs "
                << written.queryLabels.join('|').toStdString() << "; ";
    if (read.keyLabels != written.keyLabels)
        failure << "key labels " << read.keyLabels.join('|').toStdString() << " vs "
                << written.keyLabels.join('|').toStdString() << "; ";
    if (!identicalMatrices(read.queries, written.queries))
        failure << "Q differs; ";
    if (!identicalMatrices(read.keys, written.keys))
        failure << "K differs; ";
    if (!identicalMatrices(read.values, written.values))
        failure << "V differs; ";
    if (!identicalDoubles(read.temperature, written.temperature))
        failure << "temperature differs; ";
    if (!identicalMasks(read.allowed, written.allowed))
        failure << "mask differs; ";
    if (read.moreHeads != written.moreHeads || read.headName != written.headName)
        failure << "heads differ; ";
    if (read.scaleLab != written.scaleLab)
        failure << "scale lab differs; ";
    if (read.derivation != written.derivation)
        failure << "derivation differs; ";
    if (read.score != written.score)
        failure << "score differs; ";
    return failure;
}

/// Saves `scenario` with the app's writer and opens it through the Qt reader, the fast reader
/// and parseScenario: each gives it back bit for bit (the fast reader may decline only the
/// fields it leaves to the Qt reader: a derivation, the √d_k lab, a score function).
::testing::AssertionResult readsBackBitForBit(const Scenario &scenario)
{
    const QByteArray text = scenarioJsonText(scenario);
    const Result<Scenario> qt = parseScenarioWithQt(text, QStringLiteral("edit.json"));
    if (!qt)
        return ::testing::AssertionFailure() << "the Qt reader refuses: "
                                             << qt.error().message.toStdString();
    if (!qt.notes().isEmpty())
        return ::testing::AssertionFailure() << "the Qt reader notes: "
                                             << qt.notes().join('\n').toStdString();
    if (auto same = sameScenario(qt.value(), scenario); !same)
        return ::testing::AssertionFailure() << "Qt reader: " << same.message();
    QStringList notes;
    const std::optional<Scenario> fast = parseScenarioFast(text, &notes);
    if (fast) {
        if (auto same = sameScenario(*fast, scenario); !same)
            return ::testing::AssertionFailure() << "fast reader: " << same.message();
        if (!notes.isEmpty())
            return ::testing::AssertionFailure() << "the fast reader notes: "
                                                 << notes.join('\n').toStdString();
    } else if (!scenario.derivation && !scenario.scaleLab && scenario.score.isScaledDot()) {
        return ::testing::AssertionFailure() << "the fast reader declines a plain scenario:\n"
                                             << text.left(2000).toStdString();
    }
    const Result<Scenario> opened = parseScenario(text, QStringLiteral("edit.json"));
    if (!opened)
        return ::testing::AssertionFailure() << "parseScenario refuses: "
                                             << opened.error().message.toStdString();
    return sameScenario(opened.value(), scenario);
}

TEST(ScenarioRoundTrip, RenamingOneTokenOfAScenarioWithoutLabelsSavesAFileThatOpens)
{
    AttentionModel model;
    model.setScenario(test::unlabelledScenario());
    model.setQueryLabel(0, QStringLiteral("the cat"));
    // One label per row, the others their defaults: a list as long as Q.
    EXPECT_EQ(model.wholeScenario().queryLabels,
              (QStringList{QStringLiteral("the cat"), QString(), QString()}));
    EXPECT_EQ(model.scenario().queryLabel(1), QStringLiteral("query 2"));
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));

    model.setKeyLabel(2, QStringLiteral("mat"));
    EXPECT_EQ(model.wholeScenario().keyLabels.size(), 4);
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));
    const QByteArray text = scenarioJsonText(model.wholeScenario());
    EXPECT_TRUE(text.contains("\"query_labels\": [\"the cat\",\"\",\"\"]")) << text.toStdString();
}

TEST(ScenarioRoundTrip, TheWriterNeverWritesALabelListOfTheWrongLength)
{
    Scenario s = test::unlabelledScenario();
    s.queryLabels = {QStringLiteral("only one")};  // as a caller outside the model might leave it
    s.keyLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c"),
                   QStringLiteral("d"), QStringLiteral("no row")};
    const Result<Scenario> read = parseScenarioWithQt(scenarioJsonText(s), QStringLiteral("w.json"));
    ASSERT_TRUE(read) << read.error().message.toStdString();
    EXPECT_TRUE(read.notes().isEmpty());
    EXPECT_EQ(read.value().queryLabels, (QStringList{QStringLiteral("only one"), QString(), QString()}));
    EXPECT_EQ(read.value().keyLabels.size(), 4);
}

TEST(ScenarioRoundTrip, AFileWithFewerLabelsThanRowsOpensInBothReadersWithANote)
{
    const QByteArray json(test::kShortLabelsJson);
    const Result<Scenario> qt = parseScenarioWithQt(json, QStringLiteral("old.json"));
    ASSERT_TRUE(qt) << qt.error().message.toStdString();
    EXPECT_EQ(qt.value().queryLabels, (QStringList{QStringLiteral("the cat"), QString(), QString()}));
    EXPECT_EQ(qt.value().queryLabel(2), QStringLiteral("query 3"));
    EXPECT_EQ(qt.value().keyLabels, (QStringList{QString(), QString()}));
    ASSERT_EQ(qt.notes().size(), 2);
    EXPECT_EQ(qt.notes().at(0).toStdString(),
              "old.json: field \"query_labels\" has 1 label but Q has 3 rows; rows 2 to 3 take "
              "their default labels (\"query 2\" to \"query 3\"), and saving writes one label "
              "per row");
    EXPECT_TRUE(qt.notes().at(1).contains(QStringLiteral("has 0 labels but K has 2 rows")));

    QStringList notes;
    const std::optional<Scenario> fast = parseScenarioFast(json, &notes);
    ASSERT_TRUE(fast);
    EXPECT_TRUE(sameScenario(*fast, qt.value()));
    ASSERT_EQ(notes.size(), 2);
    EXPECT_EQ(QStringLiteral("old.json: ") + notes.at(0), qt.notes().at(0));

    const Result<Scenario> opened = parseScenario(json, QStringLiteral("old.json"));
    ASSERT_TRUE(opened);
    EXPECT_EQ(opened.notes(), qt.notes());
    // Saved again, it holds one label per row and opens without a note.
    EXPECT_TRUE(readsBackBitForBit(opened.value()));
}

TEST(ScenarioRoundTrip, MoreLabelsThanRowsStaysARefusal)
{
    const QByteArray json(R"({"Q": [[1]], "K": [[1]], "V": [[1]], "query_labels": ["a", "b"]})");
    EXPECT_FALSE(parseScenarioFast(json));
    const Result<Scenario> qt = parseScenarioWithQt(json, QStringLiteral("long.json"));
    ASSERT_FALSE(qt);
    EXPECT_TRUE(qt.error().message.contains(QStringLiteral("has 2 labels but Q has 1 rows")));
}

TEST(ScenarioRoundTrip, NegativeZeroIsWrittenAsANumberAndKeepsItsSignInBothReaders)
{
    Scenario s = test::unlabelledScenario();
    s.queries(0, 1) = -0.0;
    s.values(3, 0) = -0.0;
    s.temperature = -0.0;  // refused by the engine, yet saved and opened as it is
    const QByteArray text = scenarioJsonText(s);
    EXPECT_FALSE(text.contains("\"-0.0\"")) << text.toStdString();
    EXPECT_TRUE(text.contains("[1,-0.0]")) << text.toStdString();
    EXPECT_TRUE(text.contains("\"temperature\": -0.0")) << text.toStdString();

    const Result<Scenario> qt = parseScenarioWithQt(text, QStringLiteral("zero.json"));
    ASSERT_TRUE(qt) << qt.error().message.toStdString();
    EXPECT_TRUE(signBitSet(qt.value().queries(0, 1)));
    EXPECT_TRUE(signBitSet(qt.value().values(3, 0)));
    EXPECT_TRUE(signBitSet(qt.value().temperature));
    const std::optional<Scenario> fast = parseScenarioFast(text);
    ASSERT_TRUE(fast);
    EXPECT_TRUE(signBitSet(fast->queries(0, 1)));
    EXPECT_TRUE(signBitSet(fast->temperature));
    EXPECT_TRUE(readsBackBitForBit(s));

    // Written by hand or by another program: -0, -0e3 and -0.000 are negative zeros too, and
    // 0 stays positive.
    const QByteArray forms(R"({"Q": [[-0, -0e3, -0.000, 0, -0.5, 1e-0]], "K": [[1, 1, 1, 1, 1, 1]],
                               "V": [[1]], "temperature": -0})");
    for (const Result<Scenario> &read : {parseScenarioWithQt(forms, QStringLiteral("forms.json")),
                                         parseScenario(forms, QStringLiteral("forms.json"))}) {
        ASSERT_TRUE(read) << read.error().message.toStdString();
        EXPECT_TRUE(signBitSet(read.value().queries(0, 0)));
        EXPECT_TRUE(signBitSet(read.value().queries(0, 1)));
        EXPECT_TRUE(signBitSet(read.value().queries(0, 2)));
        EXPECT_FALSE(signBitSet(read.value().queries(0, 3)));
        EXPECT_EQ(read.value().queries(0, 4), -0.5);
        EXPECT_EQ(read.value().queries(0, 5), 1.0);  // "e-0" is an exponent, not a zero
        EXPECT_TRUE(signBitSet(read.value().temperature));
    }
    // A syntax error after a rewritten zero is still placed where it is in the file: where it
    // is placed after a number of the same length.
    const Result<Scenario> broken =
        parseScenarioWithQt(QByteArray("{\"Q\": [[-0.0000, 1]],\n \"K\": [[1 1]]}"),
                            QStringLiteral("broken.json"));
    const Result<Scenario> plain =
        parseScenarioWithQt(QByteArray("{\"Q\": [[-1.0000, 1]],\n \"K\": [[1 1]]}"),
                            QStringLiteral("broken.json"));
    ASSERT_FALSE(broken);
    ASSERT_FALSE(plain);
    EXPECT_EQ(broken.error().message, plain.error().message);
    EXPECT_TRUE(broken.error().message.contains(QStringLiteral("line 2")));
}

TEST(ScenarioRoundTrip, EvidenceWritesANegativeZeroScoreAsANumber)
{
    // A score of -1e300 x 0: the product is -0.0.
    Scenario s;
    s.queries = matrixOf({{-1e300}, {1}});
    s.keys = matrixOf({{0}, {2}});
    s.values = matrixOf({{1}, {2}});
    const Result<AttentionResult> result = computeAttention(s);
    ASSERT_TRUE(result);
    ASSERT_TRUE(signBitSet(result.value().scores(0, 0)));
    QByteArray text;
    const JsonDraft draft = evidenceDraft(s, &result.value(), nullptr);
    ASSERT_TRUE(jsonDraftProducer(draft)([&text](const char *data, qint64 size) {
        text.append(data, qsizetype(size));
        return true;
    }));
    EXPECT_FALSE(text.contains("\"-0.0\"")) << text.toStdString();
    // Any JSON reader finds numbers only in the matrices.
    const QJsonObject evidence = QJsonDocument::fromJson(text).object();
    for (const char *field : {"Q", "K", "V", "scores", "weights", "context"}) {
        for (const QJsonValue row : evidence.value(QLatin1String(field)).toArray()) {
            for (const QJsonValue cell : row.toArray())
                EXPECT_TRUE(cell.isDouble()) << field << ": " << text.toStdString();
        }
    }
    // And the evidence opens as its scenario, the sign kept.
    const Result<Scenario> back = parseScenario(text, QStringLiteral("evidence.json"));
    ASSERT_TRUE(back) << back.error().message.toStdString();
    EXPECT_TRUE(sameScenario(back.value(), s));
}

TEST(ScenarioRoundTrip, ADerivationWhoseProductOverflowsToNaNReopens)
{
    Derivation d;
    d.x = matrixOf({{1e308, 1e308}, {1, 2}});
    d.wQ = matrixOf({{10, 1}, {-10, 1}});  // 1e309 - 1e309: inf + (-inf), a NaN
    d.wK = matrixOf({{1, 0}, {0, 1}});
    d.wV = matrixOf({{1}, {0.5}});
    AttentionModel model;
    model.setScenario(test::unlabelledScenario());
    ASSERT_FALSE(model.startDerivation(d));
    ASSERT_TRUE(std::isnan(model.wholeScenario().queries(0, 0)));
    const QByteArray text = scenarioJsonText(model.wholeScenario());
    const Result<Scenario> qt = parseScenarioWithQt(text, QStringLiteral("overflow.json"));
    ASSERT_TRUE(qt) << qt.error().message.toStdString();
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));
}

TEST(ScenarioRoundTrip, TheStretchedKeyOfTheScaleLabFollowsItsKey)
{
    // The file names the stretched key by its row; a row past the last key is refused.
    AttentionModel model;
    ScaleLabSettings settings;
    settings.stretchedKey = 15;  // the last of the sample's sixteen keys
    model.setScaleLab(settings, 8);
    ASSERT_EQ(model.wholeScenario().keyCount(), 16);
    ASSERT_FALSE(model.removeKey(0));
    ASSERT_TRUE(model.wholeScenario().scaleLab);
    EXPECT_EQ(model.wholeScenario().scaleLab->stretchedKey, 14);
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));
    model.insertKey(0, Eigen::RowVectorXd::Zero(8), Eigen::RowVectorXd::Zero(model.scenario().valueDimension()));
    EXPECT_EQ(model.wholeScenario().scaleLab->stretchedKey, 15);
    ASSERT_FALSE(model.removeKey(15));
    EXPECT_FALSE(model.wholeScenario().scaleLab->hasStretch());
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));
}

TEST(ScenarioRoundTrip, TheModelRefusesShapesNoFileMayHold)
{
    // d_k and d_v up to ScenarioLimits::maxColumns; past it the file would be refused.
    AttentionModel model;
    model.setScenario(test::unlabelledScenario());
    const Scenario before = model.wholeScenario();
    const std::optional<Error> wide = model.setKeyDimension(ScenarioLimits::maxColumns + 1);
    ASSERT_TRUE(wide);
    EXPECT_TRUE(wide->message.contains(QStringLiteral("at most 1024"))) << wide->message.toStdString();
    EXPECT_TRUE(model.setValueDimension(ScenarioLimits::maxColumns + 1));
    EXPECT_TRUE(model.wholeScenario() == before);
    ASSERT_FALSE(model.setKeyDimension(ScenarioLimits::maxColumns));
    ASSERT_FALSE(model.setValueDimension(ScenarioLimits::maxColumns));
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));

    // At most ScenarioLimits::maxRows queries and keys.
    Scenario tall;
    tall.queries = Matrix::Constant(ScenarioLimits::maxRows, 1, 0.5);
    tall.keys = Matrix::Constant(ScenarioLimits::maxRows, 1, -0.5);
    tall.values = tall.keys;
    model.setScenario(tall);
    EXPECT_TRUE(model.insertQuery(0, Eigen::RowVectorXd::Ones(1)));
    EXPECT_TRUE(model.insertKey(0, Eigen::RowVectorXd::Ones(1), Eigen::RowVectorXd::Ones(1)));
    EXPECT_TRUE(model.wholeScenario() == tall);
    ASSERT_FALSE(model.removeQuery(0));
    ASSERT_FALSE(model.insertQuery(0, Eigen::RowVectorXd::Ones(1)));
    EXPECT_TRUE(readsBackBitForBit(model.wholeScenario()));
}

TEST(ScenarioRoundTrip, EveryEditTheModelAcceptsIsSavedAndReadBackBitForBit)
{
    AttentionModel model;
    Scenario start = test::unlabelledScenario();
    start.description = QStringLiteral("every edit");
    model.setScenario(start);
    ASSERT_TRUE(readsBackBitForBit(model.wholeScenario()));
    for (const test::ModelEdit &edit : test::everyModelEdit()) {
        SCOPED_TRACE(edit.name);
        const Scenario before = model.wholeScenario();
        edit.apply(model);
        ASSERT_FALSE(::testing::Test::HasFatalFailure());
        EXPECT_NE(model.wholeScenario(), before) << "the edit changed nothing";
        const Scenario &now = model.wholeScenario();
        EXPECT_TRUE(now.queryLabels.isEmpty() || now.queryLabels.size() == now.queryCount());
        EXPECT_TRUE(now.keyLabels.isEmpty() || now.keyLabels.size() == now.keyCount());
        EXPECT_TRUE(readsBackBitForBit(now));
    }
}

} // namespace
} // namespace attnlens
