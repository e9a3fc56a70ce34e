#pragma once

#include "error.h"
#include "matrixtypes.h"
#include "result.h"

#include <optional>
#include <vector>

namespace attnlens {

struct Scenario;

/// The stretched key of the √d_k lab beside the same key as drawn: scaling divides every score
/// by the same √d_k, so it does not undo a longer key.
struct ScaleLabStretch {
    Index key = 0;
    double factor = 1.0;
    Index query = 0;                 ///< the query shown (the one that scores the drawn key highest in size)
    double drawnScore = 0.0;         ///< its scaled score with the key as drawn
    double stretchedScore = 0.0;     ///< with the stretched key
    double ratio = 0.0;              ///< stretchedScore / drawnScore
    double smallestRatio = 0.0;      ///< the ratio over every query whose drawn score is not 0
    double largestRatio = 0.0;
    double drawnLength = 0.0;        ///< ‖k‖ as drawn
    double stretchedLength = 0.0;    ///< ‖k‖ stretched
};

/// What the √d_k lab shows, measured on the engine's results (double precision, the code every
/// view uses). "Scaled" is the scenario as it is: softmax of QKᵀ/√d_k (over T). "Unscaled" is the
/// engine run on the same scenario at temperature T/√d_k, which is softmax of QKᵀ (over T).
struct ScaleLabMeasurement {
    Index keyDimension = 0;
    Index keyCount = 0;
    /// Every q·k: the engine's scores times the √d_k it divided them by (equal to the products
    /// up to one rounding).
    std::vector<double> rawProducts;
    /// Every q·k/√d_k, the engine's scores.
    std::vector<double> scaledScores;
    double rawDeviation = 0.0;             ///< sample standard deviation of rawProducts
    double scaledDeviation = 0.0;          ///< of scaledScores
    double expectedRawDeviation = 0.0;     ///< √d_k for unit-variance coordinates
    double expectedScaledDeviation = 1.0;  ///< 1 for unit-variance coordinates

    /// Per query row: its largest weight and its entropy (nats), with and without scaling.
    std::vector<double> largestScaled;
    std::vector<double> largestUnscaled;
    std::vector<double> entropyScaled;
    std::vector<double> entropyUnscaled;
    double meanLargestScaled = 0.0;
    double meanLargestUnscaled = 0.0;
    double meanEntropyScaled = 0.0;
    double meanEntropyUnscaled = 0.0;
    double uniformEntropy = 0.0;  ///< ln N_k: the entropy of a row that weighs every key alike

    /// Present when the scenario's lab settings stretch a key that exists.
    std::optional<ScaleLabStretch> stretch;
};

/// Measures `scenario` (its first head) for the √d_k lab; the engine's refusal when it refuses.
/// The stretch is compared with the lab's own draw of that key (scalelab::sample), so it is
/// present only for a scenario whose settings name a stretched key of matching d_k.
Result<ScaleLabMeasurement> measureScaleLab(const Scenario &scenario);

/// The sample standard deviation (divided by n − 1) of `values`; 0 for fewer than two. Finite
/// whenever the deviation itself fits in a double, however near the largest double the values are.
double sampleStandardDeviation(const std::vector<double> &values);

} // namespace attnlens
