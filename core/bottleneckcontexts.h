#pragma once

#include "matrixtypes.h"

#include <Eigen/Core>

#include <optional>

namespace attnlens {

// The fixed-context bottleneck in numbers: what an encoder that passes on one vector hands
// every decoder step, beside attention's own context per query (C = AV, from the engine).

/// The context a final-state encoder hands every query: the last source state's value
/// (row n-1 of V). Empty (size 0) when there is no value.
Eigen::RowVectorXd lastStateContext(const Matrix &values);

/// The second common choice: the mean of the values (the average of V's rows). Empty (size 0)
/// when there is no value.
Eigen::RowVectorXd meanStateContext(const Matrix &values);

/// The two queries whose attention contexts lie farthest apart, and how far (Euclidean, in value
/// space): the rows of `context` with the largest distance. nullopt for fewer than two rows or
/// a context that is not all finite or whose distances overflow a double.
struct ContextSpread {
    Index first = 0;
    Index second = 0;
    double distance = 0.0;
};
std::optional<ContextSpread> widestContextPair(const Matrix &context);

/// Two attention contexts are "clearly different" in the bottleneck lab and its lesson step when
/// they lie at least this far apart in value space (the step's values lie 3.6 to 4 from their
/// mean, so this is most of the way from the middle to a value).
inline constexpr double kClearlyDifferentContexts = 3.0;

} // namespace attnlens
