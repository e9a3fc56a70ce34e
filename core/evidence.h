#pragma once

#include "attention.h"
#include "attentionresult.h"
#include "error.h"
#include "jsonstreamwriter.h"

#include <QJsonObject>

#include <memory>
#include <optional>

namespace attnlens {

struct Scenario;

inline constexpr const char *kEvidenceFormat = "attnlens-evidence";

/// The evidence record of a computation: the scenario's fields, then either scores, weights and
/// context, or {"error": {"category", "message"}}. Exactly one of result and error is set.
/// A scenario with several heads is written as version 2: each entry of "heads" carries its
/// head's scores, weights and context beside its Q, K and V, and "concatenated_context" holds
/// [C_1 ... C_H]; `result` then only says that the scenario computes (every head is computed
/// here). A one-head scenario's evidence is exactly what it always was.
QJsonObject buildEvidence(const Scenario &scenario, const AttentionResult *result,
                          const Error *error);

/// The scenario's fields as scenarioToJson() gives them, its matrices and mask referenced
/// (the scenario must outlive the draft).
JsonDraft scenarioDraft(const Scenario &scenario);

/// toJsonText(scenarioToJson(scenario)), the text a save writes, streamed from the matrices and
/// the mask without a JSON value per cell.
QByteArray scenarioJsonText(const Scenario &scenario);

/// buildEvidence() as a draft that a JsonStreamWriter writes row by row: the same text as
/// toJsonText(buildEvidence(...)) without the tree. `result` must outlive the draft (several
/// heads' results are computed here and owned by the draft).
///
/// For a scenario with several heads, `heads` may hand over every head's numbers when the
/// caller has computed them already (computeAllHeads): they are used, and kept alive by the
/// draft, instead of being computed again. Without it the draft computes them itself.
JsonDraft evidenceDraft(const Scenario &scenario, const AttentionResult *result,
                        const Error *error,
                        std::shared_ptr<const Result<HeadsResult>> heads = nullptr);

/// Evidence for a document that could not even be read as a scenario: only the error.
QJsonObject buildErrorEvidence(const Error &error);

/// Adds the course notebook's own evidence keys: causal_weights (causal self-attention on the
/// notebook's three demo tokens, computed by the engine), seed and interpretation.
void addNotebookLessonKeys(QJsonObject &evidence);
void addNotebookLessonKeys(JsonDraft &evidence);

} // namespace attnlens
