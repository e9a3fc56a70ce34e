#include "scalelabmeasurement.h"

#include "attention.h"
#include "scalelab.h"
#include "scenario.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

double largest(const Matrix &weights, Index row)
{
    return weights.row(row).maxCoeff();
}

/// −Σ w ln w over the weights above 0 (a masked weight is exactly 0 and adds nothing).
double entropy(const Matrix &weights, Index row)
{
    double sum = 0.0;
    for (Index j = 0; j < weights.cols(); ++j) {
        const double w = weights(row, j);
        if (w > 0.0)
            sum -= w * std::log(w);
    }
    return sum;
}

double mean(const std::vector<double> &values)
{
    double sum = 0.0;
    for (double v : values)
        sum += v;
    return values.empty() ? 0.0 : sum / static_cast<double>(values.size());
}

std::optional<ScaleLabStretch> measureStretch(const Scenario &scenario, const AttentionResult &stretched)
{
    if (!scenario.scaleLab || !scenario.scaleLab->hasStretch())
        return std::nullopt;
    const ScaleLabSettings &settings = *scenario.scaleLab;
    const Index key = settings.stretchedKey;
    if (key >= scenario.keyCount() || scenario.keyCount() != scalelab::kKeys
        || scenario.keyDimension() > scalelab::kMaxKeyDimension)
        return std::nullopt;
    // The same scenario with the key as the lab drew it, through the same engine.
    Scenario drawn = scenario.headAlone(0);
    drawn.keys.row(key) = scalelab::sample(settings.seed, scenario.keyDimension()).keys.row(key);
    const Result<AttentionResult> plain = computeAttention(drawn);
    if (!plain)
        return std::nullopt;
    ScaleLabStretch out;
    out.key = key;
    out.factor = settings.stretchFactor;
    // stableNorm: a key typed as 1e300 has a length, while the sum of its squares overflows.
    out.drawnLength = drawn.keys.row(key).stableNorm();
    out.stretchedLength = scenario.keys.row(key).stableNorm();
    out.smallestRatio = std::numeric_limits<double>::infinity();
    out.largestRatio = -std::numeric_limits<double>::infinity();
    double biggest = -1.0;
    for (Index i = 0; i < scenario.queryCount(); ++i) {
        const double before = plain.value().scores(i, key);
        const double after = stretched.scores(i, key);
        if (before == 0.0)
            continue;
        const double ratio = after / before;
        out.smallestRatio = std::min(out.smallestRatio, ratio);
        out.largestRatio = std::max(out.largestRatio, ratio);
        if (std::abs(before) > biggest) {
            biggest = std::abs(before);
            out.query = i;
            out.drawnScore = before;
            out.stretchedScore = after;
            out.ratio = ratio;
        }
    }
    if (biggest < 0.0)
        return std::nullopt;
    return out;
}

} // namespace

double sampleStandardDeviation(const std::vector<double> &values)
{
    if (values.size() < 2)
        return 0.0;
    // Values near the largest double (a query of 1e308) overflow the sum and the squares though
    // their spread fits in a double: they are brought near 1 by a power of two first, which is
    // exact, so ordinary values give the same bits as without it.
    double largestMagnitude = 0.0;
    for (double v : values)
        largestMagnitude = std::max(largestMagnitude, std::abs(v));
    int exponent = 0;
    if (std::isfinite(largestMagnitude) && largestMagnitude > 1e150)
        std::frexp(largestMagnitude, &exponent);
    std::vector<double> scaled;
    const std::vector<double> *spread = &values;
    if (exponent != 0) {
        scaled.reserve(values.size());
        for (double v : values)
            scaled.push_back(std::ldexp(v, -exponent));
        spread = &scaled;
    }
    const double m = mean(*spread);
    double squares = 0.0;
    for (double v : *spread)
        squares += (v - m) * (v - m);
    return std::ldexp(std::sqrt(squares / static_cast<double>(values.size() - 1)), exponent);
}

Result<ScaleLabMeasurement> measureScaleLab(const Scenario &scenario)
{
    const Result<AttentionResult> scaled = computeAttention(scenario);
    if (!scaled)
        return scaled.error();
    const Index d = scenario.keyDimension();
    const double root = std::sqrt(static_cast<double>(d));
    // Without the division: the engine at T/√d_k computes softmax(QKᵀ/√d_k · √d_k / T).
    Scenario unscaledScenario = scenario.headAlone(0);
    unscaledScenario.temperature = scenario.temperature / root;
    const Result<AttentionResult> unscaled = computeAttention(unscaledScenario);
    if (!unscaled)
        return unscaled.error();

    const AttentionResult &s = scaled.value();
    const AttentionResult &u = unscaled.value();
    ScaleLabMeasurement m;
    m.keyDimension = d;
    m.keyCount = scenario.keyCount();
    const Index rows = s.scores.rows();
    const Index cols = s.scores.cols();
    m.rawProducts.reserve(size_t(rows * cols));
    m.scaledScores.reserve(size_t(rows * cols));
    for (Index i = 0; i < rows; ++i) {
        for (Index j = 0; j < cols; ++j) {
            m.scaledScores.push_back(s.scores(i, j));
            // q·k fitted in a double (the engine formed it), but the score times √d_k may round
            // past the largest one: it is that largest double, within a rounding of q·k.
            constexpr double kLargest = std::numeric_limits<double>::max();
            m.rawProducts.push_back(std::clamp(s.scores(i, j) * root, -kLargest, kLargest));
        }
    }
    m.rawDeviation = sampleStandardDeviation(m.rawProducts);
    m.scaledDeviation = sampleStandardDeviation(m.scaledScores);
    m.expectedRawDeviation = root;
    m.expectedScaledDeviation = 1.0;
    for (Index i = 0; i < rows; ++i) {
        m.largestScaled.push_back(largest(s.weights, i));
        m.largestUnscaled.push_back(largest(u.weights, i));
        m.entropyScaled.push_back(entropy(s.weights, i));
        m.entropyUnscaled.push_back(entropy(u.weights, i));
    }
    m.meanLargestScaled = mean(m.largestScaled);
    m.meanLargestUnscaled = mean(m.largestUnscaled);
    m.meanEntropyScaled = mean(m.entropyScaled);
    m.meanEntropyUnscaled = mean(m.entropyUnscaled);
    m.uniformEntropy = std::log(static_cast<double>(cols));
    m.stretch = measureStretch(scenario, s);
    return m;
}

} // namespace attnlens
