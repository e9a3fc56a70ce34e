#pragma once

#include "error.h"
#include "matrixtypes.h"
#include "result.h"

#include <QCoreApplication>
#include <QString>

#include <optional>
#include <vector>

namespace attnlens {

struct Scenario;

/// What an implementation returns for a query row in which every key is masked.
enum class FrameworkConvention {
    Refuse,       ///< the lesson's rule and the engine's: no answer, an AllMaskedRow error
    NaN,          ///< plain softmax over scores set to -inf: (-inf) - (-inf) = NaN everywhere
    UniformFill,  ///< masked scores replaced by a large finite negative number: all equal, 1/N
    Zeros,        ///< the row set to zeros (recent PyTorch scaled_dot_product_attention)
};

/// Every convention, in the order the lesson shows them (Refuse first).
std::vector<FrameworkConvention> allFrameworkConventions();
/// A short name for people ("NaN (softmax over −inf)"); translatable.
QString frameworkConventionName(FrameworkConvention convention);
/// One sentence on where the convention comes from; translatable.
QString frameworkConventionExplanation(FrameworkConvention convention);

/// The weights of one row whose keys are all masked, computed the way `convention` does it, from
/// that row's scaled scores (only their count matters, since none is allowed) and the
/// temperature. Refuse returns the engine's own error; the others return the row they produce.
/// `fillValue` is the finite score that UniformFill writes over masked keys.
Result<std::vector<double>> allMaskedRowWeights(const std::vector<double> &scores, double temperature,
                                                FrameworkConvention convention,
                                                double fillValue = -1e9);

/// The engine's answer when every key of `queryRow` is masked in `scenario` (the rest unchanged):
/// the error the engine reports, or nothing if the engine unexpectedly computes a result (or the
/// row does not exist).
std::optional<Error> refusalOfAllMaskedRow(const Scenario &scenario, Index queryRow);

} // namespace attnlens
