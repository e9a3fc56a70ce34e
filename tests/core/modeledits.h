#pragma once

#include "attentionmodel.h"
#include "scenario.h"

#include <functional>
#include <vector>

// Every kind of edit the model accepts, for the tests that check that what the app writes, it
// reads: the core's readers (scenario_roundtrip_test) and the autosave's restore
// (autosaverescue_test) run the same list.
namespace attnlens::test {

/// One named edit of the model; it fails the calling test when the model refuses it.
struct ModelEdit {
    const char *name;
    std::function<void(AttentionModel &)> apply;
};

/// Q 3x2, K and V 4x2, no labels: what a NumPy capture without tokens or a hand-written file
/// often is.
Scenario unlabelledScenario();

/// Q 3x2, K 2x2, one query label and an empty key label list, as earlier builds wrote after one
/// token of a scenario without labels was renamed.
extern const char *const kShortLabelsJson;

/// Starting from unlabelledScenario(), every kind of edit in turn, each changing the document:
/// renames (tokens, the scenario, heads), rows of every head, the temperature, mask cells and
/// presets, inserting and removing queries, keys and heads, d_k and d_v, the score functions and
/// their weights, a derivation (tokens, projections, cross- and self-attention, detaching),
/// the √d_k lab (with keys removed and inserted around its stretched key), and a scenario read
/// from a file with fewer labels than rows.
std::vector<ModelEdit> everyModelEdit();

} // namespace attnlens::test
