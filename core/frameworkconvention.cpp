#include "frameworkconvention.h"

#include "attention.h"
#include "scenario.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

/// Softmax exactly as a textbook writes it, with no guard for a row without a finite entry:
/// shift by the maximum, exponentiate, divide by the sum.
std::vector<double> plainSoftmax(const std::vector<double> &z)
{
    const double maximum = *std::max_element(z.begin(), z.end());
    std::vector<double> out(z.size());
    double sum = 0.0;
    for (size_t j = 0; j < z.size(); ++j) {
        out[j] = std::exp(z[j] - maximum);
        sum += out[j];
    }
    for (double &x : out)
        x /= sum;
    return out;
}

} // namespace

std::vector<FrameworkConvention> allFrameworkConventions()
{
    return {FrameworkConvention::Refuse, FrameworkConvention::NaN, FrameworkConvention::UniformFill,
            FrameworkConvention::Zeros};
}

QString frameworkConventionName(FrameworkConvention convention)
{
    switch (convention) {
    case FrameworkConvention::Refuse:
        return QCoreApplication::translate("attnlens::FrameworkConvention", "Refuse (this lesson)");
    case FrameworkConvention::NaN:
        return QCoreApplication::translate("attnlens::FrameworkConvention", "NaN (softmax over −∞)");
    case FrameworkConvention::UniformFill:
        return QCoreApplication::translate("attnlens::FrameworkConvention", "Uniform (fill with −1e9)");
    case FrameworkConvention::Zeros:
        return QCoreApplication::translate("attnlens::FrameworkConvention", "Zeros (recent PyTorch SDPA)");
    }
    return QString();
}

QString frameworkConventionExplanation(FrameworkConvention convention)
{
    switch (convention) {
    case FrameworkConvention::Refuse:
        return QCoreApplication::translate(
            "attnlens::FrameworkConvention", "The row has no allowed key, so it has no answer: Attention Lens stops and "
                      "says which row it is.");
    case FrameworkConvention::NaN:
        return QCoreApplication::translate(
            "attnlens::FrameworkConvention", "Every score is −∞; subtracting the maximum gives −∞ − (−∞) = NaN, and the "
                      "NaN spreads into the context.");
    case FrameworkConvention::UniformFill:
        return QCoreApplication::translate(
            "attnlens::FrameworkConvention", "Masked scores are replaced by a large finite number; all are equal, so "
                      "softmax gives every masked key 1/N — weight on keys that were forbidden.");
    case FrameworkConvention::Zeros:
        return QCoreApplication::translate(
            "attnlens::FrameworkConvention", "The row comes out as zeros: no NaN, but a context of 0 that looks like a "
                      "real answer.");
    }
    return QString();
}

Result<std::vector<double>> allMaskedRowWeights(const std::vector<double> &scores, double temperature,
                                                FrameworkConvention convention, double fillValue)
{
    const size_t count = scores.size();
    switch (convention) {
    case FrameworkConvention::Refuse:
        return Error{ErrorCategory::AllMaskedRow,
                     QCoreApplication::translate("attnlens::FrameworkConvention", "undefined: no allowed key")};
    case FrameworkConvention::NaN: {
        if (count == 0)
            return std::vector<double>();
        // Each masked score becomes -inf before the division by T, as S + M does.
        std::vector<double> z(count, -std::numeric_limits<double>::infinity());
        for (double &x : z)
            x /= temperature;
        return plainSoftmax(z);
    }
    case FrameworkConvention::UniformFill: {
        if (count == 0)
            return std::vector<double>();
        std::vector<double> z(count, fillValue);
        for (double &x : z)
            x /= temperature;
        return plainSoftmax(z);
    }
    case FrameworkConvention::Zeros:
        return std::vector<double>(count, 0.0);
    }
    return std::vector<double>();
}

std::optional<Error> refusalOfAllMaskedRow(const Scenario &scenario, Index queryRow)
{
    if (queryRow < 0 || queryRow >= scenario.queryCount() || scenario.keyCount() == 0)
        return std::nullopt;
    // What validateAttentionInput would answer for the scenario with that row masked, without
    // copying the scenario: every earlier check first, then the first row with no allowed key.
    if (auto error = validateAttentionInputBeforeMask(scenario))
        return error;
    if (scenario.allowed) {
        for (Index i = 0; i < queryRow; ++i) {
            if (!scenario.allowed->row(i).any())
                return allMaskedRowError(scenario, i);
        }
    }
    return allMaskedRowError(scenario, queryRow);
}

} // namespace attnlens
