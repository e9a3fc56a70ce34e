#pragma once

#include "matrixtypes.h"
#include "scalelabsettings.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// The √d_k lab's sample: random queries and keys whose coordinates are independent draws of a
/// standard normal (mean 0, variance 1), from PortableNormal, so a seed gives the same numbers on
/// every machine. Coordinate c of a vector does not depend on d_k: raising d_k appends
/// coordinates to the same vectors, lowering it drops the last ones, and every d_k of one seed
/// shows the same sample.
namespace scalelab {

inline constexpr Index kQueries = 16;
inline constexpr Index kKeys = 16;
inline constexpr Index kMinKeyDimension = 1;
inline constexpr Index kMaxKeyDimension = 512;
inline constexpr Index kDefaultKeyDimension = 16;
/// The built-in scenario id of the lab's first sample (the lesson's step loads it).
inline constexpr const char *kScenarioId = "sqrt-dk";

/// The sample's queries (kQueries × d_k) and keys (kKeys × d_k) as drawn, no key stretched.
struct Sample {
    Matrix queries;
    Matrix keys;
};
Sample sample(quint64 seed, Index keyDimension);

/// `scenario` with the lab's sample for `settings` at `keyDimension` (clamped to 1..512): Q and
/// K drawn (the stretched key times its factor), V the simple values below, one head, the
/// settings kept. Its name, labels and temperature stay; a mask stays when it still fits.
Scenario withSample(Scenario scenario, const ScaleLabSettings &settings, Index keyDimension);
/// The lab's first scenario: seed kDefaultSeed, d_k = 16, T = 1, no mask, labels q1…, k1….
Scenario defaultScenario();
/// Value j: the point at angle 2πj/N_k on the unit circle, so the context says which keys won.
Matrix values();
/// The seed of the "new sample" after `seed`: its SplitMix64 successor, never the same seed.
quint64 nextSeed(quint64 seed);

} // namespace scalelab
} // namespace attnlens
