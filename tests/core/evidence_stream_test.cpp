// The streamed evidence (evidenceDraft() through a JsonStreamWriter, as --evidence writes it) is
// byte for byte the text of the QJsonObject tree, and is handed out in bounded pieces.
#include "attention.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "evidence.h"
#include "jsonfile.h"
#include "jsonstreamwriter.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace attnlens {
namespace {

struct Streamed {
    QByteArray text;
    qint64 largestPiece = 0;
    int pieces = 0;
};

Streamed stream(const JsonDraft &draft)
{
    Streamed out;
    JsonStreamWriter writer([&out](const char *data, qint64 size) {
        out.text.append(data, qsizetype(size));
        out.largestPiece = std::max(out.largestPiece, size);
        ++out.pieces;
        return true;
    });
    writer.writeDraft(draft);
    writer.writeRaw("\n", 1);
    EXPECT_TRUE(writer.finish());
    return out;
}

/// Streamed evidence equals toJsonText(buildEvidence(...)), for a result or a refusal.
void expectStreamedAsTree(const Scenario &scenario, bool lessonKeys, const std::string &what)
{
    SCOPED_TRACE(what);
    const Result<AttentionResult> result = computeAttention(scenario);
    const AttentionResult *computed = result ? &result.value() : nullptr;
    const Error *error = result ? nullptr : &result.error();
    QJsonObject tree = buildEvidence(scenario, computed, error);
    JsonDraft draft = evidenceDraft(scenario, computed, error);
    if (lessonKeys) {
        addNotebookLessonKeys(tree);
        addNotebookLessonKeys(draft);
    }
    // The tree holds -0.0 as the string "-0.0" (a QJsonValue drops the sign of a zero); the
    // stream writes it as the number it is.
    const auto withNumberZeros = [](QByteArray text) { return text.replace("\"-0.0\"", "-0.0"); };
    EXPECT_TRUE(scenarioJsonText(scenario) == withNumberZeros(toJsonText(scenarioToJson(scenario))));
    const QByteArray expected = withNumberZeros(toJsonText(tree));
    const QByteArray streamed = stream(draft).text;
    EXPECT_EQ(streamed.size(), expected.size());
    EXPECT_TRUE(streamed == expected) << streamed.left(600).toStdString();
}

TEST(EvidenceStream, BuiltInsAreWrittenByteForByteAsTheTree)
{
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        const Result<Scenario> scenario = loadBuiltinScenario(info.id);
        ASSERT_TRUE(scenario.ok()) << info.id.toStdString();
        expectStreamedAsTree(scenario.value(), info.id == QLatin1String(kLessonScenarioId),
                             info.id.toStdString());
    }
}

TEST(EvidenceStream, GoldenInputsAndTheirRefusalAreWrittenAsTheTree)
{
    for (const char *name : {"golden/onehead-exact.json", "golden/onehead-refused.json"}) {
        const Result<Scenario> scenario =
            parseScenario(test::readTestData(QLatin1String(name)), QStringLiteral("golden.json"));
        ASSERT_TRUE(scenario.ok()) << name;
        expectStreamedAsTree(scenario.value(), false, name);
    }
    // A document that is no scenario at all: the error alone.
    const Error error{ErrorCategory::InvalidJson, QStringLiteral("x.json: not valid JSON \"\n")};
    JsonDraft draft;
    draft.values = buildErrorEvidence(error);
    EXPECT_EQ(stream(draft).text, toJsonText(buildErrorEvidence(error)));
}

TEST(EvidenceStream, SpecialNumbersHeadsAndEmptyShapesAreWrittenAsTheTree)
{
    std::mt19937_64 random(3);
    std::normal_distribution<double> normal;
    Scenario scenario;
    const auto fill = [&](Index rows, Index cols) {
        Matrix x(rows, cols);
        for (Index k = 0; k < x.size(); ++k)
            x.data()[k] = normal(random) * std::pow(10.0, double(random() % 40) - 20);
        return x;
    };
    scenario.name = QStringLiteral("streamed \"heads\"\t✓");
    scenario.queries = fill(5, 3);
    scenario.keys = fill(6, 3);
    scenario.values = fill(6, 2);
    scenario.values(0, 0) = -0.0;
    scenario.values(0, 1) = 0.0;
    scenario.values(1, 0) = 3.0;
    scenario.values(1, 1) = 1e300;
    scenario.queryLabels = {QStringLiteral("a"), QStringLiteral("b\n"), QStringLiteral("c"),
                            QStringLiteral("d"), QStringLiteral("e")};
    scenario.allowed = causalMask(5, 6);
    expectStreamedAsTree(scenario, false, "one head");
    scenario.headName = QStringLiteral("first");
    scenario.moreHeads.push_back(AttentionHead{QString(), fill(5, 3), fill(6, 3), fill(6, 2)});
    scenario.moreHeads.push_back(AttentionHead{QStringLiteral("third"), fill(5, 3), fill(6, 3), fill(6, 2)});
    expectStreamedAsTree(scenario, false, "three heads");
    // NaN and infinities in the inputs: the computation refuses, the inputs are still written.
    scenario.queries(0, 0) = std::numeric_limits<double>::quiet_NaN();
    scenario.keys(1, 1) = -std::numeric_limits<double>::infinity();
    expectStreamedAsTree(scenario, false, "refused");
    Scenario empty;
    expectStreamedAsTree(empty, false, "empty");
}

TEST(EvidenceStream, AnObjectMemberIsWrittenAsTheTree)
{
    // The autosave's layout: small members and the scenario as an object member.
    Scenario scenario;
    scenario.queries = test::matrixOf({{1, -0.0}, {0.5, 2}});
    scenario.keys = scenario.queries;
    scenario.values = test::matrixOf({{3}, {1e-7}});
    scenario.allowed = causalMask(2, 2);
    JsonDraft draft;
    draft.values.insert(QStringLiteral("format"), QStringLiteral("autosave"));
    draft.values.insert(QStringLiteral("zeta"), 1);
    draft.objects.emplace(QStringLiteral("scenario"), scenarioDraft(scenario));
    EXPECT_EQ(stream(draft).text, toJsonText(draft.toObject()).replace("\"-0.0\"", "-0.0"));
    EXPECT_TRUE(stream(draft).text.contains("\n    \"scenario\": {\n        \"K\": [\n"));
}

TEST(EvidenceStream, ALargeRecordIsHandedOutInPiecesOfAboutAMegabyte)
{
    const Index n = 600;
    std::mt19937_64 random(600);
    Scenario scenario;
    scenario.queries = test::randomMatrix(n, 64, random, 1.0);
    scenario.keys = test::randomMatrix(n, 64, random, 1.0);
    scenario.values = test::randomMatrix(n, 64, random, 1.0);
    scenario.allowed = causalMask(n, n);
    const Result<AttentionResult> result = computeAttention(scenario);
    ASSERT_TRUE(result.ok());
    const Streamed streamed = stream(evidenceDraft(scenario, &result.value(), nullptr));
    EXPECT_GT(streamed.text.size(), 8 << 20);
    EXPECT_GT(streamed.pieces, 8);
    // A piece is one buffer: a megabyte plus at most one row's text (600 numbers).
    EXPECT_LE(streamed.largestPiece, (1 << 20) + 600 * (kMaxJsonDoubleChars + 1) + 64);
    EXPECT_TRUE(streamed.text == toJsonText(buildEvidence(scenario, &result.value(), nullptr)));
}

TEST(EvidenceStream, HeadsTheCallerComputedAreWrittenNotComputedAgain)
{
    std::mt19937_64 random(17);
    Scenario scenario;
    scenario.queries = test::randomMatrix(4, 3, random, 1.0);
    scenario.keys = test::randomMatrix(5, 3, random, 1.0);
    scenario.values = test::randomMatrix(5, 2, random, 1.0);
    scenario.moreHeads.push_back(AttentionHead{QString(), test::randomMatrix(4, 3, random, 1.0),
                                               test::randomMatrix(5, 3, random, 1.0),
                                               test::randomMatrix(5, 2, random, 1.0)});
    const Result<AttentionResult> first = computeAttention(scenario);
    ASSERT_TRUE(first.ok());
    const auto heads = std::make_shared<const Result<HeadsResult>>(computeAllHeads(scenario));
    ASSERT_TRUE(heads->ok());

    const JsonDraft handed = evidenceDraft(scenario, &first.value(), nullptr, heads);
    // The draft points into the handed-over heads and keeps them alive.
    const std::vector<JsonDraft> &written = handed.lists.at(QStringLiteral("heads"));
    ASSERT_EQ(written.size(), 2u);
    for (size_t h = 0; h < written.size(); ++h) {
        EXPECT_EQ(written[h].matrices.at(QStringLiteral("weights")), &heads->value().heads[h].weights);
        EXPECT_EQ(written[h].matrices.at(QStringLiteral("context")), &heads->value().heads[h].context);
    }
    EXPECT_EQ(handed.matrices.at(QStringLiteral("concatenated_context")), &heads->value().concatenatedContext);
    EXPECT_EQ(heads.use_count(), 2);
    // And the text is the one the draft writes when it computes the heads itself.
    EXPECT_TRUE(stream(handed).text == stream(evidenceDraft(scenario, &first.value(), nullptr)).text);
}

TEST(EvidenceStream, AFailedProducerLeavesThePreviousFileAsItWas)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("evidence.json"));
    ASSERT_FALSE(writeFileAtomically(path, QByteArray("previous\n")));
    const auto error = writeFileAtomically(path, [](const ByteSink &sink) {
        return sink("{\n    \"half\": ", 13) && false;
    });
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(QStringLiteral("the previous file is unchanged")));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), QByteArray("previous\n"));

    // Streamed in several pieces, the file holds all of them in order.
    ASSERT_FALSE(writeFileAtomically(path, [](const ByteSink &sink) {
        return sink("one ", 4) && sink("two ", 4) && sink("three\n", 6);
    }));
    file.close();
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), QByteArray("one two three\n"));
}

} // namespace
} // namespace attnlens
