// The scenario format's fields are declared once (scenariofields.h) and both readers go by that
// list (issue 28): the fast reader used to read the fields someone remembered and skip the rest,
// so a field added to the Qt reader alone would have been dropped on every Open.
#include "attention.h"
#include "builtinscenarios.h"
#include "evidence.h"
#include "scenario.h"
#include "scenariofields.h"
#include "scenariojson.h"
#include "scenariojsonfast.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

const QByteArray kSmall = R"({"Q": [[1, 0]], "K": [[1, 0], [0, 1]], "V": [[1], [2]]})";

QByteArray withField(const QByteArray &document, const QByteArray &field)
{
    QByteArray text = document;
    text.chop(1);
    return text + ", " + field + "}";
}

/// Every top-level field (and every field of every head) of `object` is declared.
void expectDeclared(const QJsonObject &object, const std::string &what)
{
    for (auto it = object.begin(); it != object.end(); ++it) {
        const std::string name = it.key().toStdString();
        EXPECT_TRUE(scenarioFieldReading(name).has_value()) << what << ": \"" << name << "\" is not declared";
        if (it.key() != QLatin1String("heads"))
            continue;
        for (const QJsonValue head : it.value().toArray()) {
            const QJsonObject fields = head.toObject();
            for (auto field = fields.begin(); field != fields.end(); ++field) {
                EXPECT_TRUE(headFieldReading(field.key().toStdString()).has_value())
                    << what << ": the heads' \"" << field.key().toStdString() << "\" is not declared";
            }
        }
    }
}

} // namespace

TEST(ScenarioFields, AFieldTheFormatDoesNotDeclareGoesToTheQtReader)
{
    ASSERT_TRUE(parseScenarioFast(kSmall).has_value());
    // A field of a later version, or one added to the Qt reader alone: never skipped on the fast
    // path, whatever it holds.
    for (const QByteArray &field : {QByteArray(R"("rotary": {"base": 10000})"), QByteArray(R"("future": null)"),
                                    QByteArray(R"("positions": [[0, 1]])")}) {
        const QByteArray document = withField(kSmall, field);
        EXPECT_FALSE(parseScenarioFast(document).has_value()) << document.toStdString();
        const Result<Scenario> read = parseScenario(document, QStringLiteral("later.json"));
        ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
        EXPECT_EQ(read.value().keyCount(), 2);
    }
    // The same inside a head.
    const QByteArray heads = R"({"heads": [{"Q": [[1, 0]], "K": [[1, 0]], "V": [[1]], "rotary": true}]})";
    EXPECT_FALSE(parseScenarioFast(heads).has_value());
    EXPECT_TRUE(parseScenario(heads, QStringLiteral("heads.json")).ok());
}

TEST(ScenarioFields, TheQtReadersOwnFieldsGoToItUnlessTheyAreNull)
{
    for (const char *name : {"score", "scale_lab", "derivation"}) {
        SCOPED_TRACE(name);
        EXPECT_EQ(scenarioFieldReading(name), FieldReading::QtReader);
        EXPECT_TRUE(parseScenarioFast(withField(kSmall, QByteArray("\"") + name + "\": null")).has_value());
        EXPECT_FALSE(parseScenarioFast(withField(kSmall, QByteArray("\"") + name + "\": {}")).has_value());
    }
}

TEST(ScenarioFields, EveryFieldTheAppWritesIsDeclaredAndReadsTheSameThroughBothReaders)
{
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        SCOPED_TRACE(info.id.toStdString());
        const Result<Scenario> scenario = loadBuiltinScenario(info.id);
        ASSERT_TRUE(scenario.ok());
        const QByteArray saved = scenarioJsonText(scenario.value());
        expectDeclared(QJsonDocument::fromJson(saved).object(), "scenario " + info.id.toStdString());
        const Result<AttentionResult> result = computeAttention(scenario.value());
        QJsonObject evidence = buildEvidence(scenario.value(), result.ok() ? &result.value() : nullptr,
                                             result.ok() ? nullptr : &result.error());
        addNotebookLessonKeys(evidence);
        expectDeclared(evidence, "evidence of " + info.id.toStdString());

        // Both readers give the same scenario, whether or not the fast one hands over.
        const Result<Scenario> qt = parseScenarioWithQt(saved, QStringLiteral("saved.json"));
        ASSERT_TRUE(qt.ok()) << qt.error().describe().toStdString();
        if (const std::optional<Scenario> fast = parseScenarioFast(saved)) {
            EXPECT_TRUE(*fast == qt.value());
        }
        EXPECT_TRUE(parseScenario(saved, QStringLiteral("saved.json")).value() == qt.value());
    }
}
