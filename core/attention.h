#pragma once

#include "attentionresult.h"
#include "error.h"
#include "result.h"

#include <optional>
#include <vector>

namespace attnlens {

struct Scenario;

/// The first reason, in the documented category order, why this scenario cannot be computed,
/// or nothing when it can. Every head is checked: a scenario computes only when all of its heads
/// do. A refusal that concerns one head of several names it ("head 3: ...") and sets its index.
std::optional<Error> validateAttentionInput(const Scenario &scenario);

/// validateAttentionInput without its last check, the one for a query row with no allowed key.
std::optional<Error> validateAttentionInputBeforeMask(const Scenario &scenario);

/// The refusal of a query row that has no allowed key (category AllMaskedRow), as
/// validateAttentionInput words it.
Error allMaskedRowError(const Scenario &scenario, Index queryRow);

/// Scaled dot-product attention in double precision, of the scenario's first head (its only
/// head, for a one-head scenario). Reuses the buffers of `out`, so a caller that recomputes the
/// same shapes again and again allocates nothing. On error `out` is left in an unspecified state
/// and must not be shown.
std::optional<Error> computeAttentionInto(const Scenario &scenario, AttentionResult &out);

enum class InputCheck {
    Check,           ///< validate the whole scenario first
    AlreadyChecked,  ///< the caller has just validated this scenario
};

/// computeAttentionInto for head `head` (0-based) of the scenario.
std::optional<Error> computeHeadInto(const Scenario &scenario, Index head, AttentionResult &out,
                                     InputCheck check = InputCheck::Check);

/// computeHeadInto for each of `heads` (0-based, each at most once), into outs[i] for heads[i]:
/// the same numbers, bit for bit, as computing them one by one. Big heads are split into the
/// same two row blocks computeHeadInto uses, and the blocks of every head are shared out
/// between threads, so many heads keep every core busy. Returns the first error in the order
/// of `heads`, the one computing them in that order would report; then `outs` must not be shown.
std::optional<Error> computeHeadsInto(const Scenario &scenario, const std::vector<Index> &heads,
                                      const std::vector<AttentionResult *> &outs,
                                      InputCheck check = InputCheck::Check);

/// Brings `out` up to date after only the query rows in `rows` changed: `out` must hold the
/// result of a scenario that had the same K, V, T, mask and shapes as `scenario` and differed from
/// it in those rows of Q at most. Costs one row of the full computation per changed row, which
/// keeps a query drag fluid at hundreds of tokens. The numbers agree with computeAttentionInto to
/// rounding (a different but equally accurate summation order can change the last bits). The
/// error, if any, is the one computeAttentionInto would report. On error `out` must not be shown.
std::optional<Error> recomputeQueryRows(const Scenario &scenario, const std::vector<Index> &rows,
                                        AttentionResult &out);

/// recomputeQueryRows for head `head` (0-based): only that head's rows changed.
std::optional<Error> recomputeHeadQueryRows(const Scenario &scenario, Index head,
                                            const std::vector<Index> &rows, AttentionResult &out);

/// Convenience form of computeAttentionInto for one-off computations (the first head).
Result<AttentionResult> computeAttention(const Scenario &scenario);

/// Every head's result, and their contexts side by side.
struct HeadsResult {
    std::vector<AttentionResult> heads;
    Matrix concatenatedContext;  ///< [C_1 ... C_H]: N_q x (H * d_v)
};

/// Every head of the scenario, validated once.
Result<HeadsResult> computeAllHeads(const Scenario &scenario);

/// computeAllHeads into `out`, reusing its buffers: a caller that recomputes the same shapes
/// allocates nothing. On error `out` must not be shown.
std::optional<Error> computeAllHeadsInto(const Scenario &scenario, HeadsResult &out);

/// The contexts side by side, in order: N_q x (H * d_v). All must have the same shape.
Matrix concatenateContexts(const std::vector<const AttentionResult *> &heads);

/// Softmax of one row of scores / temperature over the allowed entries (all when allowed is
/// null), written into weights. Subtracts the maximum first, so it is exact for any finite
/// scores; masked entries become exactly 0. The row must have at least one allowed entry.
void softmaxRow(const double *scores, const bool *allowed, Index count, double temperature,
                double *weights);

// The building blocks of softmaxRow, exposed so that tests can hold them to std::exp and to
// their position independence (they rest on Eigen internals; see attention.cpp).

/// exp of every entry, in place: Eigen's vector exp, std::exp for arguments below -708 (whose
/// results are subnormal) and exactly 0 for -inf. The bits of an entry do not depend on its
/// position or on where the row sits in memory.
void exponentiateRow(double *w, Index count);
/// The sum of the entries in a fixed order that does not depend on where the row sits in memory.
double sumRowInFixedOrder(const double *w, Index count);
/// How many doubles the vector exp handles at once (8 with AVX-512, 4 with AVX, 2 with SSE2).
Index vectorExpLanes();

} // namespace attnlens
