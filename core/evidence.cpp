#include "evidence.h"

#include "attnlensversion.h"

#include "attention.h"
#include "scenario.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QJsonArray>

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

QJsonObject buildEvidence(const Scenario &scenario, const AttentionResult *result,
                          const Error *error)
{
    Q_ASSERT((result == nullptr) != (error == nullptr));
    QJsonObject evidence = scenarioToJson(scenario);
    stampFormat(evidence, scenarioVersionFor(scenario));
    if (result && scenario.hasSeveralHeads()) {
        // Every head's numbers beside its matrices, and the contexts side by side.
        const Result<HeadsResult> heads = computeAllHeads(scenario);
        Q_ASSERT(heads.ok());
        QJsonArray written = evidence.value(QStringLiteral("heads")).toArray();
        for (int h = 0; h < written.size(); ++h) {
            const AttentionResult &head = heads.value().heads[size_t(h)];
            QJsonObject entry = written.at(h).toObject();
            entry.insert(QStringLiteral("scores"), matrixToJson(head.scores));
            entry.insert(QStringLiteral("weights"), matrixToJson(head.weights));
            entry.insert(QStringLiteral("context"), matrixToJson(head.context));
            written.replace(h, entry);
        }
        evidence.insert(QStringLiteral("heads"), written);
        evidence.insert(QStringLiteral("concatenated_context"),
                        matrixToJson(heads.value().concatenatedContext));
    } else if (result) {
        evidence.insert(QStringLiteral("scores"), matrixToJson(result->scores));
        evidence.insert(QStringLiteral("weights"), matrixToJson(result->weights));
        evidence.insert(QStringLiteral("context"), matrixToJson(result->context));
    } else {
        evidence.insert(QStringLiteral("error"), errorObject(*error));
    }
    return evidence;
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
    // The notebook's step 7: three demo tokens attend to themselves under a causal mask.
    Scenario demo;
    demo.queries.resize(3, 2);
    demo.queries << 1, 0, 0, 1, 1, 1;
    demo.keys = demo.queries;
    demo.values = demo.queries;
    demo.allowed = causalMask(3, 3);
    const Result<AttentionResult> causal = computeAttention(demo);
    Q_ASSERT(causal.ok());
    evidence.insert(QStringLiteral("causal_weights"), matrixToJson(causal.value().weights));
    evidence.insert(QStringLiteral("seed"), 2026);
    evidence.insert(QStringLiteral("interpretation"),
                    QStringLiteral("Attention weights are routing weights, not proof of causal "
                                   "importance."));
}

} // namespace attnlens
