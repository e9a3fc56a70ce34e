#include "attention.h"

#include "scenario.h"

#include <cmath>
#include <functional>
#include <limits>

namespace attnlens {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// Eigen's vectorised exp returns 0 below about -709.78, where the true value is a subnormal
// double. Arguments below this bound are recomputed with std::exp so that tiny weights keep
// their relative accuracy instead of collapsing to 0.
constexpr double kVectorExpLowerBound = -708.0;
// Eigen's vectorised exp also clamps -inf to about -709.78 and returns about 5.6e-309 for it,
// not 0. Every finite argument it sees is >= kVectorExpLowerBound, whose exp is 3.3e-308, so a
// result below this threshold can only have come from -inf.
constexpr double kVectorExpOfMinusInfinityBelow = 1e-308;

QString quoted(const QString &label)
{
    return QStringLiteral("\u201c") + label + QStringLiteral("\u201d");
}

QString describeValue(double value)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    return value > 0 ? QStringLiteral("+infinity") : QStringLiteral("-infinity");
}

std::optional<Error> checkNotEmpty(const Matrix &matrix, const char *name, const char *rowMeaning)
{
    if (matrix.rows() > 0 && matrix.cols() > 0)
        return std::nullopt;
    return Error{ErrorCategory::Empty,
                 QStringLiteral("%1 is empty (%2 rows, %3 columns): it needs at least one %4 row "
                                "and at least one column")
                     .arg(QLatin1String(name))
                     .arg(matrix.rows())
                     .arg(matrix.cols())
                     .arg(QLatin1String(rowMeaning))};
}

std::optional<Error> checkFinite(const Matrix &matrix, const char *name,
                                 const std::function<QString(Index)> &rowLabel)
{
    if (matrix.allFinite())
        return std::nullopt;
    for (Index i = 0; i < matrix.rows(); ++i) {
        for (Index j = 0; j < matrix.cols(); ++j) {
            if (!std::isfinite(matrix(i, j))) {
                return Error{ErrorCategory::NonFiniteInput,
                             QStringLiteral("%1 row %2 (%3), column %4 is %5; every entry of Q, K "
                                            "and V must be a finite number")
                                 .arg(QLatin1String(name))
                                 .arg(i + 1)
                                 .arg(quoted(rowLabel(i)))
                                 .arg(j + 1)
                                 .arg(describeValue(matrix(i, j))),
                             static_cast<int>(i), static_cast<int>(j)};
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<Error> validateAttentionInput(const Scenario &s)
{
    if (auto error = checkNotEmpty(s.queries, "Q", "query"))
        return error;
    if (auto error = checkNotEmpty(s.keys, "K", "key"))
        return error;
    if (auto error = checkNotEmpty(s.values, "V", "value"))
        return error;

    if (s.queries.cols() != s.keys.cols()) {
        return Error{ErrorCategory::ShapeMismatch,
                     QStringLiteral("Q has %1 columns but K has %2: queries and keys must have the "
                                    "same length d_k to be compared")
                         .arg(s.queries.cols())
                         .arg(s.keys.cols())};
    }
    if (s.keys.rows() != s.values.rows()) {
        return Error{ErrorCategory::ShapeMismatch,
                     QStringLiteral("K has %1 rows but V has %2: every key needs exactly one value "
                                    "row, paired by position")
                         .arg(s.keys.rows())
                         .arg(s.values.rows())};
    }
    if (s.allowed && (s.allowed->rows() != s.queries.rows() || s.allowed->cols() != s.keys.rows())) {
        return Error{ErrorCategory::ShapeMismatch,
                     QStringLiteral("the mask is %1\u00d7%2 but must be N_q\u00d7N_k = %3\u00d7%4 "
                                    "(one row per query, one column per key)")
                         .arg(s.allowed->rows())
                         .arg(s.allowed->cols())
                         .arg(s.queries.rows())
                         .arg(s.keys.rows())};
    }

    const auto queryLabel = [&s](Index i) { return s.queryLabel(i); };
    const auto keyLabel = [&s](Index i) { return s.keyLabel(i); };
    if (auto error = checkFinite(s.queries, "Q", queryLabel))
        return error;
    if (auto error = checkFinite(s.keys, "K", keyLabel))
        return error;
    if (auto error = checkFinite(s.values, "V", keyLabel))
        return error;
    if (!std::isfinite(s.temperature)) {
        return Error{ErrorCategory::NonFiniteInput,
                     QStringLiteral("the temperature is %1; it must be a finite number above 0")
                         .arg(describeValue(s.temperature))};
    }
    if (s.temperature <= 0) {
        return Error{ErrorCategory::NonpositiveTemperature,
                     QStringLiteral("the temperature is %1; it must be above 0 (scores are divided "
                                    "by it, and 1 is standard attention)")
                         .arg(s.temperature)};
    }

    if (s.allowed) {
        for (Index i = 0; i < s.allowed->rows(); ++i) {
            if (!s.allowed->row(i).any()) {
                return Error{ErrorCategory::AllMaskedRow,
                             QStringLiteral("query row %1 (%2) has no allowed key, so its softmax "
                                            "is undefined; allow at least one key in that row")
                                 .arg(i + 1)
                                 .arg(quoted(s.queryLabel(i))),
                             static_cast<int>(i), -1};
            }
        }
    }
    return std::nullopt;
}

void softmaxRow(const double *scores, const bool *allowed, Index count, double temperature,
                double *weights)
{
    const Eigen::Map<const Eigen::ArrayXd> s(scores, count);
    Eigen::Map<Eigen::ArrayXd> w(weights, count);

    // Shifting by the maximum over the allowed keys keeps every exponent <= 0, so nothing
    // overflows, and the largest allowed key always contributes exactly exp(0) = 1. (s - max)
    // is computed before dividing by T so that a tiny T cannot turn two finite scores into
    // inf - inf; exact ties therefore stay exact ties at any magnitude.
    if (allowed) {
        const Eigen::Map<const Eigen::Array<bool, Eigen::Dynamic, 1>> a(allowed, count);
        const double rowMax = a.select(s, -kInfinity).maxCoeff();
        w = a.select((s - rowMax) / temperature, -kInfinity);
    } else {
        const double rowMax = s.maxCoeff();
        w = (s - rowMax) / temperature;
    }

    const bool hasDeepTail = ((w < kVectorExpLowerBound) && (w > -kInfinity)).any();
    if (hasDeepTail) {
        for (Index j = 0; j < count; ++j)
            w(j) = std::exp(w(j));
    } else {
        // -inf stands for a masked key, or one so far below the maximum that s - max overflowed.
        const bool hasMinusInfinity = (w == -kInfinity).any();
        w = w.exp();
        if (hasMinusInfinity)
            w = (w < kVectorExpOfMinusInfinityBelow).select(0.0, w);
    }
    // Masked entries are exp(-inf) = +0.0 exactly, and stay 0 after the division.
    w /= w.sum();
}

std::optional<Error> computeAttentionInto(const Scenario &s, AttentionResult &out)
{
    if (auto error = validateAttentionInput(s))
        return error;

    const double scale = std::sqrt(static_cast<double>(s.keyDimension()));
    out.scores.noalias() = s.queries * s.keys.transpose();
    out.scores /= scale;
    if (!out.scores.allFinite()) {
        for (Index i = 0; i < out.scores.rows(); ++i) {
            for (Index j = 0; j < out.scores.cols(); ++j) {
                if (!std::isfinite(out.scores(i, j))) {
                    return Error{ErrorCategory::ScoreOverflow,
                                 QStringLiteral("the score of query row %1 (%2) with key row %3 "
                                                "(%4) overflows a double; scale Q or K down")
                                     .arg(i + 1)
                                     .arg(quoted(s.queryLabel(i)))
                                     .arg(j + 1)
                                     .arg(quoted(s.keyLabel(j))),
                                 static_cast<int>(i), static_cast<int>(j)};
                }
            }
        }
    }

    out.weights.resize(out.scores.rows(), out.scores.cols());
    const Index keyCount = out.scores.cols();
    for (Index i = 0; i < out.scores.rows(); ++i) {
        const bool *allowedRow = s.allowed ? s.allowed->row(i).data() : nullptr;
        softmaxRow(out.scores.row(i).data(), allowedRow, keyCount, s.temperature,
                   out.weights.row(i).data());
    }

    out.context.noalias() = out.weights * s.values;
    if (!out.context.allFinite()) {
        // Each context row is a convex combination of value rows, so it is finite in exact
        // arithmetic; only rounding next to DBL_MAX can overflow. Scaling by a power of two
        // is exact, so this recomputation changes nothing but the overflow.
        const double shrink = 1.0 / 16.0;
        for (Index i = 0; i < out.context.rows(); ++i) {
            if (!out.context.row(i).allFinite())
                out.context.row(i) = (out.weights.row(i) * (s.values * shrink)) / shrink;
        }
    }
    return std::nullopt;
}

Result<AttentionResult> computeAttention(const Scenario &scenario)
{
    AttentionResult result;
    if (auto error = computeAttentionInto(scenario, result))
        return *error;
    return result;
}

} // namespace attnlens
