#include "../support/filesizelimit.h"
#include "attention.h"
#include "coretestsupport.h"
#include "jsonfile.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/mman.h>
#include <sys/resource.h>

#include <csignal>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

namespace attnlens {
namespace {

using test::matricesIdentical;
using test::matrixOf;
using test::maskOf;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Result<Scenario> roundTrip(const Scenario &scenario,
                           QJsonDocument::JsonFormat format = QJsonDocument::Indented)
{
    const QByteArray text = QJsonDocument(scenarioToJson(scenario)).toJson(format);
    return parseScenario(text, QStringLiteral("round-trip.json"));
}

Result<Scenario> parseText(const char *json)
{
    return parseScenario(QByteArray(json), QStringLiteral("test.json"));
}

// A refusal of the given category whose message contains every fragment.
::testing::AssertionResult refusedWith(const Result<Scenario> &result, ErrorCategory category,
                                       std::initializer_list<const char *> fragments)
{
    if (result.ok())
        return ::testing::AssertionFailure() << "the document was accepted";
    const Error &error = result.error();
    if (error.category != category) {
        return ::testing::AssertionFailure()
            << "category " << categoryName(error.category).toStdString() << " instead of "
            << categoryName(category).toStdString() << ": " << error.message.toStdString();
    }
    for (const char *fragment : fragments) {
        if (!error.message.contains(QString::fromUtf8(fragment))) {
            return ::testing::AssertionFailure() << "message \"" << error.message.toStdString()
                                                 << "\" lacks \"" << fragment << "\"";
        }
    }
    return ::testing::AssertionSuccess();
}

// A minimal valid document with one field replaced or added.
QByteArray documentWith(const QString &field, const QJsonValue &value)
{
    QJsonObject object{{"Q", QJsonArray{QJsonArray{1, 0}}},
                       {"K", QJsonArray{QJsonArray{1, 0}, QJsonArray{0, 1}, QJsonArray{1, 1}}},
                       {"V", QJsonArray{QJsonArray{10, 0}, QJsonArray{0, 10}, QJsonArray{10, 10}}}};
    if (value.isUndefined())
        object.remove(field);
    else
        object.insert(field, value);
    return QJsonDocument(object).toJson();
}

QJsonArray rowsOfZeros(int rows, int columns)
{
    QJsonArray row;
    for (int j = 0; j < columns; ++j)
        row.append(0);
    QJsonArray matrix;
    for (int i = 0; i < rows; ++i)
        matrix.append(row);
    return matrix;
}

Scenario fullScenario()
{
    Scenario s = test::notebookLessonScenario();
    s.name = QStringLiteral("Causal, with \"quotes\" and ünïcödé");
    s.description = QStringLiteral("line one\nline two");
    s.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0.5}});
    s.queryLabels = QStringList{QStringLiteral("the"), QString(), QStringLiteral("mat")};
    s.temperature = 0.7;
    s.allowed = maskOf({{true, false, false}, {true, true, false}, {true, true, true}});
    return s;
}

// ---- Round trips -------------------------------------------------------------------------------

TEST(ScenarioJsonRoundTrip, FullScenarioComesBackEqual)
{
    const Scenario original = fullScenario();
    for (auto format : {QJsonDocument::Indented, QJsonDocument::Compact}) {
        const Result<Scenario> back = roundTrip(original, format);
        ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
        EXPECT_TRUE(back.value() == original);
        EXPECT_EQ(back.value().name, original.name);
        EXPECT_EQ(back.value().description, original.description);
        EXPECT_EQ(back.value().queryLabels, original.queryLabels);
        EXPECT_EQ(back.value().keyLabels, original.keyLabels);
        ASSERT_TRUE(back.value().allowed.has_value());
        EXPECT_EQ(*back.value().allowed, *original.allowed);
    }
}

TEST(ScenarioJsonRoundTrip, AbsentMaskStaysAbsent)
{
    const Scenario original = test::notebookLessonScenario();
    const QJsonObject json = scenarioToJson(original);
    EXPECT_TRUE(json.value("allowed").isNull());
    EXPECT_EQ(json.value("format").toString(), QStringLiteral("attnlens-scenario"));
    EXPECT_EQ(json.value("version").toInt(), 1);
    const Result<Scenario> back = roundTrip(original);
    ASSERT_TRUE(back.ok());
    EXPECT_FALSE(back.value().allowed.has_value());
    EXPECT_TRUE(back.value() == original);
}

TEST(ScenarioJsonRoundTrip, AwkwardDoublesComeBackBitwiseIdentical)
{
    const double values[] = {
        0.1, 1.0 / 3, 2.0 / 3, -1.0 / 7, 1e-310, -1e-320,
        std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::min(),
        std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(), 1e308,
        9007199254740992.0 /* 2^53 */, 9007199254740994.0, 1e20, 123456789012345680.0,
        std::nextafter(1.0, 2.0), std::nextafter(1.0, 0.0), 5e-324, 0.0, -2.5, 4.35,
        0.30000000000000004, 1e23, 8.98846567431158e307};
    const Index n = static_cast<Index>(std::size(values));
    Scenario s;
    s.queries.resize(1, n);
    s.keys.resize(2, n);
    s.values.resize(2, n);
    for (Index j = 0; j < n; ++j) {
        s.queries(0, j) = values[j];
        s.keys(0, j) = values[n - 1 - j];
        s.keys(1, j) = -values[j];
        s.values(0, j) = values[j] / 3;
        s.values(1, j) = values[j] * 0.7;
    }
    s.keys(1, Index(std::find(std::begin(values), std::end(values), 0.0) - std::begin(values))) = 0.0;
    s.temperature = 1.0 / 3;
    for (auto format : {QJsonDocument::Indented, QJsonDocument::Compact}) {
        const Result<Scenario> back = roundTrip(s, format);
        ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
        EXPECT_TRUE(matricesIdentical(back.value().queries, s.queries));
        EXPECT_TRUE(matricesIdentical(back.value().keys, s.keys));
        EXPECT_TRUE(matricesIdentical(back.value().values, s.values));
        EXPECT_TRUE(identicalDoubles(back.value().temperature, s.temperature));
        EXPECT_TRUE(back.value() == s);
    }
}

TEST(ScenarioJsonRoundTrip, RandomBitPatternsComeBackBitwiseIdentical)
{
    // Every finite double is a candidate: random bit patterns cover subnormals, huge and tiny
    // exponents and full 53-bit mantissas far better than uniform numbers would.
    std::mt19937_64 random(20260214);
    Scenario s;
    s.queries.resize(40, 64);
    s.keys.resize(40, 64);
    s.values.resize(40, 64);
    int subnormals = 0;
    for (Matrix *m : {&s.queries, &s.keys, &s.values}) {
        for (Index i = 0; i < m->size(); ++i) {
            double x;
            do {
                std::uint64_t bits = random();
                if (i % 7 == 0)
                    bits &= 0x800FFFFFFFFFFFFFULL;  // a subnormal (or zero) every seventh entry
                std::memcpy(&x, &bits, sizeof x);
            } while (!std::isfinite(x) || (x == 0.0 && std::signbit(x)));
            subnormals += std::fpclassify(x) == FP_SUBNORMAL;
            m->data()[i] = x;
        }
    }
    ASSERT_GT(subnormals, 500);
    const Result<Scenario> back = roundTrip(s);
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(matricesIdentical(back.value().queries, s.queries));
    EXPECT_TRUE(matricesIdentical(back.value().keys, s.keys));
    EXPECT_TRUE(matricesIdentical(back.value().values, s.values));
}

TEST(ScenarioJsonRoundTrip, NegativeZeroComesBackAsZero)
{
    // Qt's JSON keeps integral doubles as integers, and writes and reads -0.0 as 0: the value
    // survives, its sign does not. Everything around it must still be exact.
    Scenario s = test::notebookLessonScenario();
    s.queries(0, 1) = -0.0;
    s.values(1, 0) = -0.0;
    const Result<Scenario> back = roundTrip(s);
    ASSERT_TRUE(back.ok());
    EXPECT_EQ(back.value().queries(0, 1), 0.0);
    EXPECT_EQ(back.value().values(1, 0), 0.0);
    EXPECT_TRUE(identicalDoubles(back.value().queries(0, 0), 1.0));
    // The results of the computation cannot tell the two zeros apart.
    const Result<AttentionResult> before = computeAttention(s);
    const Result<AttentionResult> after = computeAttention(back.value());
    ASSERT_TRUE(before.ok() && after.ok());
    EXPECT_TRUE(matricesIdentical(after.value().weights, before.value().weights));
}

TEST(ScenarioJsonRoundTrip, NaNAndInfinitiesTravelAsStrings)
{
    Scenario s = test::notebookLessonScenario();
    s.queries(0, 0) = kNaN;
    s.keys(1, 1) = kInf;
    s.values(2, 0) = -kInf;
    s.temperature = kInf;

    const QJsonObject json = scenarioToJson(s);
    EXPECT_EQ(json.value("Q").toArray().at(0).toArray().at(0).toString(), QStringLiteral("NaN"));
    EXPECT_EQ(json.value("K").toArray().at(1).toArray().at(1).toString(), QStringLiteral("Infinity"));
    EXPECT_EQ(json.value("V").toArray().at(2).toArray().at(0).toString(), QStringLiteral("-Infinity"));
    EXPECT_EQ(json.value("temperature").toString(), QStringLiteral("Infinity"));

    const Result<Scenario> back = roundTrip(s);
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(std::isnan(back.value().queries(0, 0)));
    EXPECT_EQ(back.value().keys(1, 1), kInf);
    EXPECT_EQ(back.value().values(2, 0), -kInf);
    EXPECT_EQ(back.value().temperature, kInf);
    EXPECT_TRUE(back.value() == s);

    // The engine then refuses it, naming the NaN.
    const Result<AttentionResult> result = computeAttention(back.value());
    ASSERT_FALSE(result.ok());
    EXPECT_EQ(result.error().category, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(result.error().message.contains(QStringLiteral("Q row 1")));
}

TEST(ScenarioJsonRoundTrip, NumberToJsonKeepsFiniteNumbersAsNumbers)
{
    EXPECT_TRUE(numberToJson(0.1).isDouble());
    EXPECT_EQ(numberToJson(0.1).toDouble(), 0.1);
    EXPECT_EQ(numberToJson(-kInf).toString(), QStringLiteral("-Infinity"));
    EXPECT_EQ(numberToJson(-kNaN).toString(), QStringLiteral("NaN"));
}

TEST(ScenarioJsonRoundTrip, SaveAndOpenThroughAFile)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("saved scenario.json"));
    const Scenario original = fullScenario();
    const std::optional<Error> error = writeFileAtomically(path, toJsonText(scenarioToJson(original)));
    ASSERT_FALSE(error.has_value()) << error->describe().toStdString();
    const Result<Scenario> back = readScenarioFile(path);
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(back.value() == original);
}

// ---- What the reader accepts ------------------------------------------------------------------

TEST(ScenarioJsonReader, AcceptsMinimalDocumentWithDefaults)
{
    const Result<Scenario> s = parseText(R"({"Q": [[1, 0]], "K": [[1, 0]], "V": [[2]]})");
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_EQ(s.value().temperature, 1.0);
    EXPECT_FALSE(s.value().allowed.has_value());
    EXPECT_TRUE(s.value().queryLabels.isEmpty());
    EXPECT_EQ(s.value().keyLabel(0), QStringLiteral("key 1"));
}

TEST(ScenarioJsonReader, AcceptsNaNAndInfinityStringsAsNumbers)
{
    const Result<Scenario> s = parseText(
        R"({"Q": [["NaN", "Infinity"]], "K": [["-Infinity", 1]], "V": [[2]], "temperature": "Infinity"})");
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_TRUE(std::isnan(s.value().queries(0, 0)));
    EXPECT_EQ(s.value().queries(0, 1), kInf);
    EXPECT_EQ(s.value().keys(0, 0), -kInf);
    EXPECT_EQ(s.value().temperature, kInf);
}

TEST(ScenarioJsonReader, IgnoresUnknownFieldsAndReadsEvidenceFiles)
{
    const Result<Scenario> s = parseText(
        R"({"format": "attnlens-evidence", "version": 1, "generator": "x", "expected": {"a": 1},
            "Q": [[1]], "K": [[1]], "V": [[2]], "weights": [[1]], "error": null})");
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_TRUE(matricesIdentical(s.value().values, matrixOf({{2}})));
}

TEST(ScenarioJsonReader, LeavesShapeProblemsToTheEngine)
{
    // A mask of the wrong shape is well-formed JSON and a well-formed table; the engine, not the
    // reader, explains the mismatch.
    const Result<Scenario> s = parseText(
        R"({"Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[2], [3]], "allowed": [[true, true, true]]})");
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    const std::optional<Error> error = validateAttentionInput(s.value());
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::ShapeMismatch);
}

TEST(ScenarioJsonReader, AcceptsTheLargestAllowedShapes)
{
    // 4096 rows and 1024 columns are inside the limits.
    Result<Scenario> s = parseScenario(documentWith(QStringLiteral("Q"), rowsOfZeros(4096, 2)),
                                       QStringLiteral("tall.json"));
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_EQ(s.value().queryCount(), 4096);

    s = parseScenario(documentWith(QStringLiteral("V"), rowsOfZeros(3, 1024)), QStringLiteral("wide.json"));
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_EQ(s.value().valueDimension(), 1024);

    // The mask has one column per key, and there may be up to 4096 keys, not 1024.
    QJsonArray maskRow;
    for (int j = 0; j < 2000; ++j)
        maskRow.append(j % 2 == 0);
    QJsonObject object{{"Q", rowsOfZeros(1, 1)}, {"K", rowsOfZeros(2000, 1)}, {"V", rowsOfZeros(2000, 1)},
                       {"allowed", QJsonArray{maskRow}}};
    s = parseScenario(QJsonDocument(object).toJson(), QStringLiteral("many keys.json"));
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_EQ(s.value().allowed->cols(), 2000);
    EXPECT_TRUE(computeAttention(s.value()).ok());
}

TEST(ScenarioJsonReader, EmptyMatricesAreReadAndRefusedByTheEngine)
{
    const Result<Scenario> s = parseText(R"({"Q": [], "K": [[1]], "V": [[2]]})");
    ASSERT_TRUE(s.ok()) << s.error().describe().toStdString();
    EXPECT_EQ(s.value().queryCount(), 0);
    ASSERT_TRUE(validateAttentionInput(s.value()).has_value());
    EXPECT_EQ(validateAttentionInput(s.value())->category, ErrorCategory::Empty);
}

// ---- What the reader refuses -----------------------------------------------------------------

TEST(ScenarioJsonReader, NotJsonGivesLineAndColumn)
{
    // The stray word starts on line 3, column 18; Qt gives up on its first letter or just
    // after it.
    const Result<Scenario> s = parseText("{\n  \"Q\": [[1, 0]],\n  \"K\": [[1, 0]], oops\n}\n");
    EXPECT_TRUE(refusedWith(s, ErrorCategory::InvalidJson, {"test.json: ", "not valid JSON at line 3, column"}));
    ASSERT_FALSE(s.ok());
    const QString message = s.error().message;
    const int at = message.indexOf(QStringLiteral("column "));
    const int column = message.mid(at + 7).section(QLatin1Char(':'), 0, 0).toInt();
    EXPECT_GE(column, 18) << message.toStdString();
    EXPECT_LE(column, 19) << message.toStdString();

    EXPECT_TRUE(refusedWith(parseText(""), ErrorCategory::InvalidJson, {"line 1"}));
    EXPECT_TRUE(refusedWith(parseText("{\"Q\": [[1, 0]]"), ErrorCategory::InvalidJson, {"line 1"}));
    EXPECT_TRUE(refusedWith(parseText("[1, 2,\n\n 3,]"), ErrorCategory::InvalidJson, {"line 3"}));
}

TEST(ScenarioJsonReader, TopLevelMustBeAnObject)
{
    EXPECT_TRUE(refusedWith(parseText("[[1, 0]]"), ErrorCategory::InvalidScenario,
                            {"test.json: ", "must be a JSON object", "found a list"}));
}

TEST(ScenarioJsonReader, MissingMatrixIsNamed)
{
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("Q"), QJsonValue::Undefined),
                                          QStringLiteral("lesson.json")),
                            ErrorCategory::InvalidScenario,
                            {"lesson.json: ", "field \"Q\"", "is missing"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("V"), QJsonValue::Undefined),
                                          QStringLiteral("x")),
                            ErrorCategory::InvalidScenario, {"field \"V\"", "is missing"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("K"), 5), QStringLiteral("x")),
                            ErrorCategory::InvalidScenario,
                            {"field \"K\"", "must be a list of rows, found the number 5"}));
}

TEST(ScenarioJsonReader, RaggedRowsAreNamed)
{
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [[1, 0]], "K": [[1, 0], [0], [1, 1]], "V": [[1], [2], [3]]})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"K\"", "row 2 has 1 entries but row 1 has 2"}));
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [[1, 0], 7], "K": [[1, 0]], "V": [[1]]})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"Q\"", "row 2 must be a list, found the number 7"}));
}

TEST(ScenarioJsonReader, WordWhereANumberBelongsNamesFieldRowAndColumn)
{
    EXPECT_TRUE(refusedWith(
        parseText(R"({"Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[1, 2], [3, "four"]]})"),
        ErrorCategory::InvalidScenario,
        {"test.json: field \"V\", row 2, column 2: expected a number", "found the text \"four\""}));
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [[1, null]], "K": [[1, 0]], "V": [[1]]})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"Q\", row 1, column 2", "found null"}));
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [[1, 0]], "K": [[true, 0]], "V": [[1]]})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"K\", row 1, column 1", "found true"}));
    // Only the exact spellings are special.
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [["nan", 0]], "K": [[1, 0]], "V": [[1]]})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"Q\", row 1, column 1", "found the text \"nan\""}));
    EXPECT_TRUE(refusedWith(parseText(R"({"Q": [[1, 0]], "K": [[1, 0]], "V": [[1]], "temperature": "hot"})"),
                            ErrorCategory::InvalidScenario,
                            {"field \"temperature\"", "found the text \"hot\""}));
}

TEST(ScenarioJsonReader, TooManyRowsOrColumns)
{
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("Q"), rowsOfZeros(4097, 2)),
                                          QStringLiteral("tall.json")),
                            ErrorCategory::InvalidScenario,
                            {"tall.json: field \"Q\"", "has 4097 rows, more than the limit of 4096"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("K"), rowsOfZeros(3, 1025)),
                                          QStringLiteral("wide.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"K\"", "has 1025 columns, more than the limit of 1024"}));
}

TEST(ScenarioJsonReader, MaskMustHoldBooleans)
{
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("allowed"),
                                                       QJsonArray{QJsonArray{true, 0, true}}),
                                          QStringLiteral("mask.json")),
                            ErrorCategory::InvalidScenario,
                            {"mask.json: field \"allowed\", row 1, column 2",
                             "expected true or false, found the number 0"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("allowed"), QStringLiteral("causal")),
                                          QStringLiteral("mask.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"allowed\"", "must be a list of rows, found the text \"causal\""}));
}

TEST(ScenarioJsonReader, LabelsMustNotOutnumberTheRows)
{
    // Fewer labels than rows open, the others taking their defaults (scenario_roundtrip_test).
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("key_labels"),
                                                       QJsonArray{"A", "B", "C", "D"}),
                                          QStringLiteral("labels.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"key_labels\"", "has 4 labels but K has 3 rows"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("query_labels"),
                                                       QJsonArray{"q", "extra"}),
                                          QStringLiteral("labels.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"query_labels\"", "has 2 labels but Q has 1 rows"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("query_labels"), QJsonArray{3}),
                                          QStringLiteral("labels.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"query_labels\"", "label 1 must be a text, found the number 3"}));
}

TEST(ScenarioJsonReader, FormatVersionAndTextFieldsAreChecked)
{
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("format"), QStringLiteral("png")),
                                          QStringLiteral("f.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"format\"", "must be \"attnlens-scenario\"", "\"png\""}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("version"), 4), QStringLiteral("f.json")),
                            ErrorCategory::InvalidScenario, {"field \"version\"", "newer release"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("version"), 1.5), QStringLiteral("f.json")),
                            ErrorCategory::InvalidScenario, {"field \"version\"", "whole number"}));
    EXPECT_TRUE(refusedWith(parseScenario(documentWith(QStringLiteral("name"), 12), QStringLiteral("f.json")),
                            ErrorCategory::InvalidScenario, {"field \"name\"", "must be a text"}));
}

// Found by fuzz/scenariojson_fuzzer: "\ud800" alone in a text was accepted, but no save can
// write it (UTF-8 has no form for half a surrogate pair), so the scenario did not read back as
// it was. Texts with half a pair are refused naming the field; whole pairs load and round-trip.
TEST(ScenarioJsonReader, HalfASurrogatePairInATextIsRefusedNamingTheField)
{
    const QByteArray minimal = R"("format": "attnlens-scenario", "version": 1, "Q": [[1]], "K": [[1]], "V": [[1]])";
    const auto document = [&](const char *extra) {
        return QByteArray("{") + minimal + ", " + extra + "}";
    };
    EXPECT_TRUE(refusedWith(parseScenario(document(R"("name": "ab\ud800c")"), QStringLiteral("s.json")),
                            ErrorCategory::InvalidScenario,
                            {"s.json: field \"name\"", "character 3", "\\ud800", "not a character"}));
    EXPECT_TRUE(refusedWith(parseScenario(document(R"("description": "x\udfff")"), QStringLiteral("s.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"description\"", "character 2", "\\udfff"}));
    EXPECT_TRUE(refusedWith(parseScenario(document(R"("key_labels": ["\ud83d"])"), QStringLiteral("s.json")),
                            ErrorCategory::InvalidScenario,
                            {"field \"key_labels\", row 1", "character 1", "\\ud83d"}));
    EXPECT_TRUE(refusedWith(parseScenario(document(R"("query_labels": ["\ude00\ud83d"])"), QStringLiteral("s.json")),
                            ErrorCategory::InvalidScenario, {"field \"query_labels\", row 1", "character 1"}));

    const Result<Scenario> paired =
        parseScenario(document(R"("name": "cat \ud83d\ude00", "key_labels": ["\ud83d\ude00"])"),
                      QStringLiteral("s.json"));
    ASSERT_TRUE(paired.ok()) << paired.error().describe().toStdString();
    EXPECT_EQ(paired.value().name, QStringLiteral("cat \U0001F600"));
    const Result<Scenario> reopened =
        parseScenario(toJsonText(scenarioToJson(paired.value())), QStringLiteral("saved.json"));
    ASSERT_TRUE(reopened.ok()) << reopened.error().describe().toStdString();
    EXPECT_EQ(reopened.value(), paired.value());
}

TEST(ScenarioJsonReader, DocumentOverTheSizeLimitIsRefusedBeforeParsing)
{
    // 1.5 GiB of untouched zero pages: refused by its size before a byte of it is read.
    const size_t size = size_t(ScenarioLimits::maxFileBytes) + 1;
    void *pages = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    ASSERT_NE(pages, MAP_FAILED);
    const QByteArray huge = QByteArray::fromRawData(static_cast<const char *>(pages), qsizetype(size));
    EXPECT_TRUE(refusedWith(parseScenario(huge, QStringLiteral("huge.json")), ErrorCategory::InvalidScenario,
                            {"huge.json: ", "larger than the limit of 1536 MiB"}));
    ::munmap(pages, size);
}

// ---- Files -------------------------------------------------------------------------------------

TEST(ScenarioFiles, FileOverTheLimitIsRefusedBeforeItIsRead)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    // The limit admits the largest file the app writes (1.5 GiB, see file_reliability_test);
    // one byte more is refused for its size alone. A sparse file costs no disk.
    const qint64 limit = ScenarioLimits::maxFileBytes;
    ASSERT_EQ(limit, 1536LL * 1024 * 1024);
    const QString overLimit = dir.filePath(QStringLiteral("over-limit.json"));
    {
        QFile file(overLimit);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write(documentWith(QStringLiteral("name"), QStringLiteral("padded")));
        ASSERT_TRUE(file.resize(limit + 1));
    }
    const Result<Scenario> tooBig = readScenarioFile(overLimit);
    EXPECT_TRUE(refusedWith(tooBig, ErrorCategory::InvalidScenario, {"larger than the limit of 1536 MiB"}));
}

TEST(ScenarioFiles, MissingFileIsAFileError)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("nowhere.json"));
    const Result<Scenario> s = readScenarioFile(path);
    EXPECT_TRUE(refusedWith(s, ErrorCategory::FileError, {"nowhere.json", "cannot be read"}));
}

TEST(ScenarioFiles, MessagesStartWithTheFileName)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("broken.json"));
    ASSERT_FALSE(writeFileAtomically(path, documentWith(QStringLiteral("temperature"), "warm")).has_value());
    const Result<Scenario> s = readScenarioFile(path);
    EXPECT_TRUE(refusedWith(s, ErrorCategory::InvalidScenario, {"broken.json: field \"temperature\""}));
    EXPECT_FALSE(s.error().message.contains(dir.path())) << "the name, not the whole path";
}

TEST(ScenarioFiles, ToJsonTextIsIndentedAndEndsWithANewline)
{
    const QByteArray text = toJsonText(scenarioToJson(test::notebookLessonScenario()));
    ASSERT_FALSE(text.isEmpty());
    EXPECT_TRUE(text.endsWith('\n'));
    EXPECT_TRUE(text.contains("\n    "));
}

TEST(AtomicWrite, ReplacesAnExistingFileCompletely)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.json"));
    ASSERT_FALSE(writeFileAtomically(path, QByteArray(5000, 'x')).has_value());
    ASSERT_FALSE(writeFileAtomically(path, QByteArrayLiteral("short")).has_value());
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), QByteArrayLiteral("short"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"scenario.json"});
}

TEST(AtomicWrite, ParentThatIsAFileFailsAndLeavesItUntouched)
{
    // Tests run as root, so permission bits would not stop the write; a parent that is a
    // regular file stops anyone.
    QTemporaryDir dir;
    const QString blocker = dir.filePath(QStringLiteral("not-a-directory"));
    ASSERT_FALSE(writeFileAtomically(blocker, QByteArrayLiteral("keep me")).has_value());

    const QString path = blocker + QStringLiteral("/scenario.json");
    const std::optional<Error> error = writeFileAtomically(path, QByteArrayLiteral("{}"));
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(path)) << error->message.toStdString();
    EXPECT_TRUE(error->message.contains(QStringLiteral("cannot be written"))) << error->message.toStdString();

    QFile file(blocker);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), QByteArrayLiteral("keep me"));
}

TEST(AtomicWrite, MissingDirectoryFailsAndIsNotCreated)
{
    QTemporaryDir dir;
    const QString missing = dir.filePath(QStringLiteral("missing"));
    const std::optional<Error> error =
        writeFileAtomically(missing + QStringLiteral("/scenario.json"), QByteArrayLiteral("{}"));
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_FALSE(QFileInfo::exists(missing));
}

using test::FileSizeLimit;

TEST(AtomicWrite, FailedWriteLeavesThePreviousFileIntact)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.json"));
    const QByteArray previous = toJsonText(scenarioToJson(test::notebookLessonScenario()));
    ASSERT_FALSE(writeFileAtomically(path, previous).has_value());

    std::optional<Error> error;
    {
        FileSizeLimit limit(4096);
        ASSERT_TRUE(limit.isValid()) << std::strerror(errno);
        error = writeFileAtomically(path, QByteArray(1024 * 1024, 'z'));
    }
    ASSERT_TRUE(error.has_value()) << "a 1 MiB write under a 4 KiB file-size limit succeeded";
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(QStringLiteral("previous file is unchanged")))
        << error->message.toStdString();

    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), previous);
    // No half-written temporary file is left behind.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"scenario.json"});
    EXPECT_TRUE(readScenarioFile(path).ok());
}

// A scenario of a few kilobytes stays in the write buffer until the file is committed; the
// disk filling up at that moment must still be an error, not a silently cut-off file.
TEST(AtomicWrite, ASmallWriteOnAFullDiskFailsAndLeavesThePreviousFileIntact)
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("scenario.json"));
    const QByteArray previous = QByteArrayLiteral("{\"previous\": true}\n");
    ASSERT_FALSE(writeFileAtomically(path, previous).has_value());

    std::optional<Error> error;
    {
        FileSizeLimit limit(700);
        ASSERT_TRUE(limit.isValid()) << std::strerror(errno);
        error = writeFileAtomically(path, QByteArray(5000, 'z'));
    }
    ASSERT_TRUE(error.has_value()) << "a 5000-byte write under a 700-byte file-size limit succeeded";
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(QStringLiteral("previous file is unchanged")))
        << error->message.toStdString();
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_EQ(file.readAll(), previous);
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{"scenario.json"});
}

} // namespace
} // namespace attnlens

namespace attnlens {
namespace {

TEST(ScenarioJsonPythonWords, BareNaNAndInfinitiesReadAsTheirQuotedForms)
{
    // What Python's json.dump writes for float('nan') and float('inf').
    const Result<Scenario> read = parseScenario(
        QByteArrayLiteral(R"({"name": "NaN and Infinity in text stay text",
                              "Q": [[NaN, Infinity]], "K": [[-Infinity, 1]], "V": [[1]],
                              "key_labels": ["k \"NaN\""]})"),
        QStringLiteral("python.json"));
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    const Scenario &s = read.value();
    EXPECT_TRUE(std::isnan(s.queries(0, 0)));
    EXPECT_EQ(s.queries(0, 1), std::numeric_limits<double>::infinity());
    EXPECT_EQ(s.keys(0, 0), -std::numeric_limits<double>::infinity());
    EXPECT_EQ(s.name, QStringLiteral("NaN and Infinity in text stay text"));
    EXPECT_EQ(s.keyLabels.at(0), QStringLiteral("k \"NaN\""));
    // The engine then refuses them, as it does the quoted forms.
    const auto error = validateAttentionInput(s);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::NonFiniteInput);
}

TEST(ScenarioJsonPythonWords, OtherBrokenJsonKeepsItsOwnPosition)
{
    const Result<Scenario> read = parseScenario(QByteArrayLiteral("{\"Q\": [[NaN, 1]],\n \"K\": nope}"),
                                                QStringLiteral("broken.json"));
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::InvalidJson);
    // The position is that of "nope" on line 2 of the file as written, not of NaN on line 1
    // (Qt points a few characters into the bad word).
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("line 2, column")))
        << read.error().message.toStdString();
}

} // namespace
} // namespace attnlens
