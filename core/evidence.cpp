#include "evidence.h"

#include "attnlensversion.h"

#include "attention.h"
#include "scalelabjson.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QJsonArray>

#include <memory>

namespace attnlens {

namespace {

QJsonObject errorObject(const Error &error)
{
    QJsonObject object;
    object.insert(QStringLiteral("category"), categoryName(error.category));
    object.insert(QStringLiteral("message"), error.message);
    return object;
}

void stampFormat(QJsonObject &evidence, int version)
{
    evidence.insert(QStringLiteral("format"), QLatin1String(kEvidenceFormat));
    evidence.insert(QStringLiteral("version"), version);
    const QString release = QCoreApplication::applicationVersion();
    evidence.insert(QStringLiteral("generator"),
                    QStringLiteral("Attention Lens %1")
                        .arg(release.isEmpty() ? QStringLiteral(ATTNLENS_VERSION) : release));
}

} // namespace

JsonDraft scenarioDraft(const Scenario &scenario)
{
    JsonDraft draft;
    QJsonObject &object = draft.values;
    const int version = scenarioVersionFor(scenario);
    object.insert(QStringLiteral("format"), QLatin1String(kScenarioFormat));
    object.insert(QStringLiteral("version"), version);
    if (!scenario.name.isEmpty())
        object.insert(QStringLiteral("name"), scenario.name);
    if (!scenario.description.isEmpty())
        object.insert(QStringLiteral("description"), scenario.description);
    if (!scenario.hasSeveralHeads() && scenario.headName.isEmpty()) {
        draft.matrices[QStringLiteral("Q")] = &scenario.queries;
        draft.matrices[QStringLiteral("K")] = &scenario.keys;
        draft.matrices[QStringLiteral("V")] = &scenario.values;
    } else {
        std::vector<JsonDraft> &heads = draft.lists[QStringLiteral("heads")];
        for (Index h = 0; h < scenario.headCount(); ++h) {
            JsonDraft entry;
            const QString &name = h == 0 ? scenario.headName : scenario.moreHeads[size_t(h - 1)].name;
            if (!name.isEmpty())
                entry.values.insert(QStringLiteral("name"), name);
            entry.matrices[QStringLiteral("Q")] = &scenario.headQueries(h);
            entry.matrices[QStringLiteral("K")] = &scenario.headKeys(h);
            entry.matrices[QStringLiteral("V")] = &scenario.headValues(h);
            heads.push_back(std::move(entry));
        }
    }
    // One label per row, or none: both readers refuse a list longer than its matrix, and a
    // shorter one opens only with a note.
    const QStringList queryLabels = labelsFittedTo(scenario.queryLabels, scenario.queryCount());
    const QStringList keyLabels = labelsFittedTo(scenario.keyLabels, scenario.keyCount());
    if (!queryLabels.isEmpty())
        object.insert(QStringLiteral("query_labels"), QJsonArray::fromStringList(queryLabels));
    if (!keyLabels.isEmpty())
        object.insert(QStringLiteral("key_labels"), QJsonArray::fromStringList(keyLabels));
    draft.numbers[QStringLiteral("temperature")] = scenario.temperature;
    if (scenario.allowed)
        draft.masks[QStringLiteral("allowed")] = &*scenario.allowed;
    else
        object.insert(QStringLiteral("allowed"), QJsonValue());
    if (scenario.scaleLab)
        object.insert(QStringLiteral("scale_lab"), scaleLabToJson(*scenario.scaleLab));
    if (scenario.derivation)
        draft.objects[QStringLiteral("derivation")] = derivationDraft(*scenario.derivation);
    // Scaled dot-product writes no "score", so every file without another score stays as it was.
    if (!scenario.score.isScaledDot()) {
        const ScoreFunction &score = scenario.score;
        JsonDraft &written = draft.objects[QStringLiteral("score")];
        written.values.insert(QStringLiteral("function"), scoreFunctionFileName(score.kind));
        if (score.kind == ScoreFunction::Kind::General) {
            written.matrices[QStringLiteral("W")] = &score.general;
        } else {
            written.matrices[QStringLiteral("W_q")] = &score.queryWeight;
            written.matrices[QStringLiteral("W_k")] = &score.keyWeight;
            written.numberLists[QStringLiteral("w")] = std::vector<double>(
                score.scoreVector.data(), score.scoreVector.data() + score.scoreVector.size());
        }
    }
    return draft;
}

QByteArray scenarioJsonText(const Scenario &scenario)
{
    QByteArray text;
    JsonStreamWriter writer([&text](const char *data, qint64 size) {
        text.append(data, qsizetype(size));
        return true;
    });
    writer.writeDraft(scenarioDraft(scenario));
    writer.writeRaw("\n", 1);
    writer.finish();
    return text;
}

JsonDraft evidenceDraft(const Scenario &scenario, const AttentionResult *result,
                        const Error *error, std::shared_ptr<const Result<HeadsResult>> heads)
{
    Q_ASSERT((result == nullptr) != (error == nullptr));
    JsonDraft evidence = scenarioDraft(scenario);
    stampFormat(evidence.values, scenarioVersionFor(scenario));
    // The scores below were computed with this formula (a scenario without "score": the first).
    if (!scenario.score.isScaledDot())
        evidence.values.insert(QStringLiteral("score_formula"), scoreFunctionFormula(scenario.score.kind));
    if (result && scenario.hasSeveralHeads()) {
        // Every head's numbers beside its matrices, and the contexts side by side.
        if (!heads)
            heads = std::make_shared<const Result<HeadsResult>>(computeAllHeads(scenario));
        if (!heads->ok()) {
            // The first head computed, a later one did not (its scores overflow): the scenario
            // is refused as a whole, naming that head, for every caller.
            evidence.values.insert(QStringLiteral("error"), errorObject(heads->error()));
            return evidence;
        }
        evidence.keepAlive.push_back(heads);
        std::vector<JsonDraft> &written = evidence.lists[QStringLiteral("heads")];
        for (size_t h = 0; h < written.size(); ++h) {
            const AttentionResult &head = heads->value().heads[h];
            written[h].matrices[QStringLiteral("scores")] = &head.scores;
            written[h].matrices[QStringLiteral("weights")] = &head.weights;
            written[h].matrices[QStringLiteral("context")] = &head.context;
        }
        evidence.matrices[QStringLiteral("concatenated_context")] =
            &heads->value().concatenatedContext;
    } else if (result) {
        evidence.matrices[QStringLiteral("scores")] = &result->scores;
        evidence.matrices[QStringLiteral("weights")] = &result->weights;
        evidence.matrices[QStringLiteral("context")] = &result->context;
    } else {
        evidence.values.insert(QStringLiteral("error"), errorObject(*error));
    }
    return evidence;
}

QJsonObject buildEvidence(const Scenario &scenario, const AttentionResult *result,
                          const Error *error)
{
    return evidenceDraft(scenario, result, error).toObject();
}

QJsonObject buildErrorEvidence(const Error &error)
{
    QJsonObject evidence;
    stampFormat(evidence, kOneHeadScenarioVersion);
    evidence.insert(QStringLiteral("error"), errorObject(error));
    return evidence;
}

void addNotebookLessonKeys(QJsonObject &evidence)
{
    JsonDraft draft;
    addNotebookLessonKeys(draft);
    for (auto it = draft.values.begin(); it != draft.values.end(); ++it)
        evidence.insert(it.key(), it.value());
}

void addNotebookLessonKeys(JsonDraft &evidence)
{
    // The notebook's step 7: three demo tokens attend to themselves under a causal mask.
    Scenario demo;
    demo.queries.resize(3, 2);
    demo.queries << 1, 0, 0, 1, 1, 1;
    demo.keys = demo.queries;
    demo.values = demo.queries;
    demo.allowed = causalMask(3, 3);
    const Result<AttentionResult> causal = computeAttention(demo);
    Q_ASSERT(causal.ok());
    evidence.values.insert(QStringLiteral("causal_weights"), matrixToJson(causal.value().weights));
    evidence.values.insert(QStringLiteral("seed"), 2026);
    evidence.values.insert(QStringLiteral("interpretation"),
                    QStringLiteral("Attention weights are routing weights, not proof of causal "
                                   "importance."));
}

} // namespace attnlens
