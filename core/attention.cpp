#include "attention.h"

#include "hugepages.h"
#include "quotedlabel.h"
#include "scenario.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <thread>
#include <type_traits>
#include <vector>

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

/// One head's matrices with what every head shares (labels, mask, temperature): what the
/// computation reads. A one-head scenario is its own first head.
struct HeadInput {
    const Scenario &scenario;
    Index head;
    const Matrix &queries;
    const Matrix &keys;
    const Matrix &values;
    const std::optional<Mask> &allowed;
    double temperature;
    const ScoreFunction &score;

    HeadInput(const Scenario &s, Index h)
        : scenario(s), head(h), queries(s.headQueries(h)), keys(s.headKeys(h)),
          values(s.headValues(h)), allowed(s.allowed), temperature(s.temperature), score(s.score)
    {
    }
    QString queryLabel(Index row) const { return scenario.queryLabel(row); }
    QString keyLabel(Index row) const { return scenario.keyLabel(row); }
    Index keyDimension() const { return keys.cols(); }
    Index valueDimension() const { return values.cols(); }
    /// What the raw scores are divided by: √d_k, or 1 for a general or additive score.
    double divisor() const { return scoreDivisor(score, keyDimension()); }
};

/// The raw scores (before the divisor) of query rows [begin, begin + count) into out.scores.
void rawScoreRows(const HeadInput &s, Index begin, Index count, AttentionResult &out)
{
    if (s.score.isScaledDot()) {
        out.scores.middleRows(begin, count).noalias() =
            s.queries.middleRows(begin, count) * s.keys.transpose();
        return;
    }
    weightedScoreRows(s.score, s.queries, begin, count, s.keys, out.scores);
}

/// Names the head in a refusal of a scenario with several heads ("head 3: ...", or
/// "head 2 ("L5 H3"): ..."); a one-head scenario's messages are as they always were.
Error inHead(const Scenario &s, Index head, Error error)
{
    if (!s.hasSeveralHeads())
        return error;
    const QString generated = generatedHeadName(head);
    const QString shown = s.headLabel(head);
    error.message = (shown == generated ? generated : QStringLiteral("%1 (%2)").arg(generated, quotedInFull(shown)))
                    + QStringLiteral(": ") + error.message;
    error.head = static_cast<int>(head);
    return error;
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

/// True when every entry is finite. Reads the storage in order (Eigen's allFinite() walks a
/// row-major matrix column by column, which is several times slower on big matrices): inf * 0
/// and NaN * 0 are NaN, and a NaN survives the sum.
bool allEntriesFinite(const Matrix &matrix)
{
    const Eigen::Map<const Eigen::ArrayXd> entries(matrix.data(), matrix.size());
    return std::isfinite((entries * 0.0).sum());
}

Error nonFiniteEntryError(const char *matrixName, Index row, Index column, const QString &rowLabel,
                          double value)
{
    return Error{ErrorCategory::NonFiniteInput,
                 QStringLiteral("%1 row %2 (%3), column %4 is %5; every entry of Q, K and V must "
                                "be a finite number")
                     .arg(QLatin1String(matrixName))
                     .arg(row + 1)
                     .arg(quotedInFull(rowLabel))
                     .arg(column + 1)
                     .arg(describeValue(value)),
                 static_cast<int>(row), static_cast<int>(column)};
}

std::optional<Error> checkFinite(const Matrix &matrix, const char *name,
                                 const std::function<QString(Index)> &rowLabel)
{
    if (allEntriesFinite(matrix))
        return std::nullopt;
    for (Index i = 0; i < matrix.rows(); ++i) {
        for (Index j = 0; j < matrix.cols(); ++j) {
            if (!std::isfinite(matrix(i, j)))
                return nonFiniteEntryError(name, i, j, rowLabel(i), matrix(i, j));
        }
    }
    return std::nullopt;
}

Error scoreOverflowError(const HeadInput &s, Index row, Index column)
{
    return inHead(s.scenario, s.head,
                  Error{ErrorCategory::ScoreOverflow,
                        QStringLiteral("the score of query row %1 (%2) with key row %3 (%4) "
                                       "overflows a double; scale Q or K down")
                            .arg(row + 1)
                            .arg(quotedInFull(s.queryLabel(row)))
                            .arg(column + 1)
                            .arg(quotedInFull(s.keyLabel(column))),
                        static_cast<int>(row), static_cast<int>(column)});
}

// A mask row is an array of bool, one byte each holding 0 or 1. Reading eight of them as one
// word keeps the scans below cheap next to the exponentials, even for long masked tails.
constexpr std::uint64_t kEightAllowed = 0x0101010101010101ull;

std::uint64_t eightMaskCells(const bool *cells)
{
    std::uint64_t word;
    std::memcpy(&word, cells, sizeof word);
    return word;
}

/// One past the last allowed key of a mask row (0 when none is allowed). Causal and padding rows
/// allow a prefix of the keys, so everything from here on is known to be masked.
Index allowedEnd(const bool *allowed, Index count)
{
    Index end = count;
    while (end >= 8 && eightMaskCells(allowed + end - 8) == 0)
        end -= 8;
    while (end > 0 && !allowed[end - 1])
        --end;
    return end;
}

bool allAllowed(const bool *allowed, Index count)
{
    Index j = 0;
    for (; j + 8 <= count; j += 8) {
        if (eightMaskCells(allowed + j) != kEightAllowed)
            return false;
    }
    for (; j < count; ++j) {
        if (!allowed[j])
            return false;
    }
    return true;
}

// The vector exp and the fixed-order sum below call Eigen's packet functions (Eigen::internal::),
// which are not public API: w.exp() and w.sum() peel the entries before the first aligned
// address off to scalar code, so their bits would depend on where a row sits in memory (a tie
// between two keys could then come out one ulp apart). tests/core/attention_vectorexp_test.cpp
// fails loudly if an Eigen upgrade changes what this code relies on: the packet's shape, the
// accuracy of pexp against std::exp, its blind spots, and the position-independent bits.
//
// GCC warns that __m256d's alignment attribute is dropped when it is a template argument; Eigen's
// own packet code does the same, and loads and stores here are the unaligned kind anyway. The
// warning is silenced for these lines only.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wignored-attributes"
using Packet = Eigen::internal::packet_traits<double>::type;
constexpr Index kPacketSize = Eigen::internal::unpacket_traits<Packet>::size;
static_assert(std::is_same_v<Eigen::internal::unpacket_traits<Packet>::type, double>,
              "Eigen's packet of doubles must hold doubles");
static_assert(kPacketSize >= 1 && kPacketSize <= 16 && (kPacketSize & (kPacketSize - 1)) == 0,
              "Eigen's packet of doubles must be a power of two of at most 16 lanes");
static_assert(kPacketSize == 1 || Eigen::internal::packet_traits<double>::HasExp,
              "Eigen must provide a vectorised exp for doubles (pexp)");

/// exp of every entry, in place, through Eigen's vectorised exp. Unlike w.exp(), which handles
/// the entries before the first aligned address with std::exp, every entry here takes the same
/// route wherever the row starts in memory, so equal scores always give the same bits.
void packetExp(double *w, Index count)
{
    Index j = 0;
    for (; j + kPacketSize <= count; j += kPacketSize)
        Eigen::internal::pstoreu(w + j, Eigen::internal::pexp(Eigen::internal::ploadu<Packet>(w + j)));
    if (j < count) {
        double tail[kPacketSize] = {};
        std::copy(w + j, w + count, tail);
        Eigen::internal::pstoreu(tail, Eigen::internal::pexp(Eigen::internal::ploadu<Packet>(tail)));
        std::copy(tail, tail + (count - j), w + j);
    }
}

/// The sum in a fixed order (packet lanes from the first entry, then the rest), for the same
/// reason: Eigen's sum() starts its lanes at the first aligned address, which would make the
/// rounding depend on where the row happens to sit in memory.
double packetSum(const double *w, Index count)
{
    Packet lanes = Eigen::internal::pset1<Packet>(0.0);
    Index j = 0;
    for (; j + kPacketSize <= count; j += kPacketSize)
        lanes = Eigen::internal::padd(lanes, Eigen::internal::ploadu<Packet>(w + j));
    double sum = Eigen::internal::predux(lanes);
    for (; j < count; ++j)
        sum += w[j];
    return sum;
}
#pragma GCC diagnostic pop

/// Exponentiates w in place. Vectorised, except for arguments in the vector exp's blind spots:
/// the deep tail (recomputed with std::exp so that subnormal weights keep their accuracy) and
/// -inf (which it turns into a tiny positive number instead of 0).
void exponentiate(Eigen::Map<Eigen::ArrayXd> w)
{
    // The usual row: one vectorised pass shows that neither blind spot occurs.
    if (w.minCoeff() >= kVectorExpLowerBound) {
        packetExp(w.data(), w.size());
        return;
    }
    const bool hasDeepTail = ((w < kVectorExpLowerBound) && (w > -kInfinity)).any();
    if (hasDeepTail) {
        for (Index j = 0; j < w.size(); ++j)
            w(j) = std::exp(w(j));
        return;
    }
    // -inf stands for a masked key, or one so far below the maximum that s - max overflowed.
    const bool hasMinusInfinity = (w == -kInfinity).any();
    packetExp(w.data(), w.size());
    if (hasMinusInfinity)
        w = (w < kVectorExpOfMinusInfinityBelow).select(0.0, w);
}

} // namespace

Error allMaskedRowError(const Scenario &scenario, Index queryRow)
{
    return Error{ErrorCategory::AllMaskedRow,
                 QStringLiteral("query row %1 (%2) has no allowed key, so its softmax "
                                "is undefined; allow at least one key in that row")
                     .arg(queryRow + 1)
                     .arg(quotedInFull(scenario.queryLabel(queryRow))),
                 static_cast<int>(queryRow), -1};
}

std::optional<Error> validateAttentionInput(const Scenario &scenario)
{
    if (auto error = validateAttentionInputBeforeMask(scenario))
        return error;
    if (scenario.allowed) {
        for (Index i = 0; i < scenario.allowed->rows(); ++i) {
            if (!scenario.allowed->row(i).any())
                return allMaskedRowError(scenario, i);
        }
    }
    return std::nullopt;
}

std::optional<Error> validateAttentionInputBeforeMask(const Scenario &scenario)
{
    const Index heads = scenario.headCount();
    // Each check runs over every head before the next, so the categories keep their order.
    for (Index h = 0; h < heads; ++h) {
        const HeadInput s(scenario, h);
        if (auto error = checkNotEmpty(s.queries, "Q", "query"))
            return inHead(scenario, h, *error);
        if (auto error = checkNotEmpty(s.keys, "K", "key"))
            return inHead(scenario, h, *error);
        if (auto error = checkNotEmpty(s.values, "V", "value"))
            return inHead(scenario, h, *error);
    }
    for (Index h = 0; h < heads; ++h) {
        const HeadInput s(scenario, h);
        if (!s.score.isScaledDot()) {
            if (auto error = validateScoreFunction(s.score, s.queries.cols(), s.keys.cols()))
                return inHead(scenario, h, *error);
        } else if (s.queries.cols() != s.keys.cols()) {
            return inHead(scenario, h,
                          Error{ErrorCategory::ShapeMismatch,
                                QStringLiteral("Q has %1 columns but K has %2: queries and keys "
                                               "must have the same length d_k to be compared")
                                    .arg(s.queries.cols())
                                    .arg(s.keys.cols())});
        }
        if (s.keys.rows() != s.values.rows()) {
            return inHead(scenario, h,
                          Error{ErrorCategory::ShapeMismatch,
                                QStringLiteral("K has %1 rows but V has %2: every key needs "
                                               "exactly one value row, paired by position")
                                    .arg(s.keys.rows())
                                    .arg(s.values.rows())});
        }
    }
    for (Index h = 1; h < heads; ++h) {
        const HeadInput s(scenario, h);
        const auto shape = [](const Matrix &m) {
            return QStringLiteral("%1\u00d7%2").arg(m.rows()).arg(m.cols());
        };
        const char *differing = s.queries.rows() != scenario.queries.rows()
                                        || s.queries.cols() != scenario.queries.cols()
                                    ? "Q"
                                : s.keys.rows() != scenario.keys.rows() || s.keys.cols() != scenario.keys.cols() ? "K"
                                : s.values.cols() != scenario.values.cols() ? "V"
                                                                            : nullptr;
        if (!differing)
            continue;
        const Matrix &mine = differing[0] == 'Q' ? s.queries : differing[0] == 'K' ? s.keys : s.values;
        const Matrix &first = differing[0] == 'Q'   ? scenario.queries
                              : differing[0] == 'K' ? scenario.keys
                                                    : scenario.values;
        return inHead(scenario, h,
                      Error{ErrorCategory::ShapeMismatch,
                            QStringLiteral("%1 is %2 but head 1's is %3: every head has the same "
                                           "tokens, the same d_k and the same d_v")
                                .arg(QLatin1String(differing), shape(mine), shape(first))});
    }
    const Scenario &s = scenario;
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
    for (Index h = 0; h < heads; ++h) {
        if (auto error = checkFinite(s.headQueries(h), "Q", queryLabel))
            return inHead(scenario, h, *error);
        if (auto error = checkFinite(s.headKeys(h), "K", keyLabel))
            return inHead(scenario, h, *error);
        if (auto error = checkFinite(s.headValues(h), "V", keyLabel))
            return inHead(scenario, h, *error);
    }
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
    return std::nullopt;
}

void exponentiateRow(double *w, Index count)
{
    exponentiate(Eigen::Map<Eigen::ArrayXd>(w, count));
}

double sumRowInFixedOrder(const double *w, Index count)
{
    return packetSum(w, count);
}

Index vectorExpLanes()
{
    return kPacketSize;
}

void softmaxRow(const double *scores, const bool *allowed, Index count, double temperature,
                double *weights)
{
    // Everything from `end` on is masked: it gets exactly 0 and costs nothing more.
    const Index end = allowed ? allowedEnd(allowed, count) : count;
    std::fill(weights + end, weights + count, 0.0);
    // A prefix with no masked key inside (every causal or padding row) takes the unmasked path.
    if (allowed && allAllowed(allowed, end))
        allowed = nullptr;

    const Eigen::Map<const Eigen::ArrayXd> s(scores, end);
    Eigen::Map<Eigen::ArrayXd> w(weights, end);

    // Shifting by the maximum over the allowed keys keeps every exponent <= 0, so nothing
    // overflows, and the largest allowed key always contributes exactly exp(0) = 1. (s - max)
    // is computed before dividing by T so that a tiny T cannot turn two finite scores into
    // inf - inf; exact ties therefore stay exact ties at any magnitude.
    if (allowed) {
        const Eigen::Map<const Eigen::Array<bool, Eigen::Dynamic, 1>> a(allowed, end);
        const double rowMax = a.select(s, -kInfinity).maxCoeff();
        w = a.select((s - rowMax) / temperature, -kInfinity);
    } else {
        const double rowMax = s.maxCoeff();
        w = (s - rowMax) / temperature;
    }
    exponentiate(w);
    // Masked entries are exp(-inf) = +0.0 exactly, and stay 0 after the division.
    w /= packetSum(w.data(), w.size());
}

namespace {

// Below this much work (in multiply-adds) a second thread costs more to start
// than it saves; the notebook's sizes and 64 tokens stay on the calling thread.
constexpr double kWorkPerThread = 2.0e6;
// Most threads that share out the row blocks of several heads, however many cores there are.
constexpr size_t kMostThreads = 8;

/// Turns row i of out.scores from raw scores into scores (÷ √d_k, or ÷ 1), refuses an overflow,
/// and writes the row's softmax weights. Shared by the full and the row-by-row computation.
std::optional<Error> scaleAndSoftmaxRow(const HeadInput &s, Index i, double scale, AttentionResult &out)
{
    const Index keyCount = out.scores.cols();
    auto scoreRow = out.scores.row(i);
    scoreRow /= scale;
    if (!std::isfinite((scoreRow.array() * 0.0).sum())) {
        for (Index j = 0; j < keyCount; ++j) {
            if (!std::isfinite(scoreRow(j)))
                return scoreOverflowError(s, i, j);
        }
    }
    const bool *allowedRow = s.allowed ? s.allowed->row(i).data() : nullptr;
    softmaxRow(scoreRow.data(), allowedRow, keyCount, s.temperature, out.weights.row(i).data());
    return std::nullopt;
}

/// Scores, weights and context of the query rows [begin, end): the rows are independent, so
/// two threads can each take a block. Returns the first score overflow of the block.
std::optional<Error> computeRowBlock(const HeadInput &s, Index begin, Index end, double scale,
                                     AttentionResult &out)
{
    const Index rows = end - begin;
    const Index keyCount = s.keys.rows();
    rawScoreRows(s, begin, rows, out);

    // One pass per row while it is in cache: scale, check, softmax.
    bool lowerTriangular = s.allowed && s.queries.rows() == keyCount;
    Index usedKeys = s.allowed ? 0 : keyCount;
    for (Index i = begin; i < end; ++i) {
        if (auto error = scaleAndSoftmaxRow(s, i, scale, out))
            return error;
        if (s.allowed) {
            const Index rowEnd = allowedEnd(s.allowed->row(i).data(), keyCount);
            usedKeys = std::max(usedKeys, rowEnd);
            lowerTriangular = lowerTriangular && rowEnd <= i + 1;
        }
    }

    // Keys after the block's last allowed one have weight exactly 0 in every row: skip their
    // products. Under a causal mask that is everything right of the diagonal.
    auto context = out.context.middleRows(begin, rows);
    if (lowerTriangular) {
        context.noalias() = out.weights.block(begin, 0, rows, begin) * s.values.topRows(begin);
        context.noalias() += out.weights.block(begin, begin, rows, rows).triangularView<Eigen::Lower>()
                             * s.values.middleRows(begin, rows);
    } else {
        context.noalias() = out.weights.block(begin, 0, rows, usedKeys) * s.values.topRows(usedKeys);
    }
    return std::nullopt;
}

/// Where to split the query rows so that both blocks cost about the same. Under a prefix mask
/// (causal) later rows see more keys, so the split sits past the middle.
Index balancedSplit(const HeadInput &s)
{
    const Index queryCount = s.queries.rows();
    const Index keyCount = s.keys.rows();
    if (!s.allowed)
        return queryCount / 2;
    const double fixedCost = static_cast<double>(s.keyDimension());
    const double perKeyCost = static_cast<double>(s.valueDimension()) + 8.0;
    std::vector<double> cost(static_cast<size_t>(queryCount));
    double total = 0.0;
    for (Index i = 0; i < queryCount; ++i) {
        const double rowCost = fixedCost * keyCount
                               + perKeyCost * allowedEnd(s.allowed->row(i).data(), keyCount);
        total += rowCost;
        cost[static_cast<size_t>(i)] = total;
    }
    const auto half = std::lower_bound(cost.begin(), cost.end(), total / 2);
    return std::clamp<Index>(static_cast<Index>(half - cost.begin()) + 1, 1, queryCount - 1);
}

/// One row block of one head: what one thread computes in one go.
struct RowBlockTask {
    size_t head = 0;  ///< position in the list of heads being computed
    Index begin = 0;
    Index end = 0;
    std::optional<Error> error;
};

/// Sizes `out` for the head and writes the row blocks it is computed in into `tasks` (room for
/// two): two when the head is big enough for a second thread, split where both cost about the
/// same, else one. Returns how many, and adds the head's work in multiply-adds to `work`. The
/// blocks depend only on the head's shapes and mask, never on how many heads are computed
/// together or on which thread takes them, so a head always comes out with the same bits.
size_t planHead(const HeadInput &s, size_t position, AttentionResult &out, RowBlockTask *tasks, double &work)
{
    const Index queryCount = s.queries.rows();
    const Index keyCount = s.keys.rows();
    if (out.scores.rows() != queryCount || out.scores.cols() != keyCount) {
        // Fresh matrices of a large head arrive in 2 MiB pages (see hugepages.h).
        out.scores.resize(queryCount, keyCount);
        out.weights.resize(queryCount, keyCount);
        adviseHugePages(out.scores.data(), size_t(out.scores.size()) * sizeof(double));
        adviseHugePages(out.weights.data(), size_t(out.weights.size()) * sizeof(double));
    }
    out.context.resize(queryCount, s.valueDimension());

    // Per weight: d_k multiply-adds for its score, d_v for its share of the context, and about
    // as much as 16 of them for its exponential and the rest of the softmax.
    const double headWork = static_cast<double>(queryCount) * static_cast<double>(keyCount)
                            * static_cast<double>(s.keyDimension() + s.valueDimension() + 16);
    work += headWork;
    if (queryCount > 1 && headWork >= 2 * kWorkPerThread && std::thread::hardware_concurrency() > 1) {
        const Index split = balancedSplit(s);
        tasks[0] = {position, 0, split, std::nullopt};
        tasks[1] = {position, split, queryCount, std::nullopt};
        return 2;
    }
    tasks[0] = {position, 0, queryCount, std::nullopt};
    return 1;
}

/// Runs the tasks on the caller's thread and, when there are several, the machine has the
/// cores and the work (`work` multiply-adds in all) pays for starting them, on helper threads
/// too: each thread takes the next task not yet taken, so a thread that gets less CPU time
/// (another process on its core) simply takes fewer blocks.
void runRowBlocks(const HeadInput *inputs, AttentionResult *const *outs, RowBlockTask *tasks,
                  size_t taskCount, double work)
{
    std::atomic<size_t> next{0};
    const auto takeTasks = [&] {
        for (size_t t = next++; t < taskCount; t = next++) {
            RowBlockTask &task = tasks[t];
            const HeadInput &input = inputs[task.head];
            const double scale = input.divisor();
            task.error = computeRowBlock(input, task.begin, task.end, scale, *outs[task.head]);
        }
    };
    if (taskCount <= 1 || work < 2 * kWorkPerThread) {
        takeTasks();
        return;
    }
    const size_t cores = std::max(1u, std::thread::hardware_concurrency());
    const auto worthwhile = static_cast<size_t>(work / kWorkPerThread);
    const size_t threads = std::min({cores, taskCount, worthwhile, kMostThreads});
    std::vector<std::thread> helpers;
    helpers.reserve(threads - 1);
    for (size_t i = 1; i < threads; ++i)
        helpers.emplace_back(takeTasks);
    takeTasks();
    for (std::thread &helper : helpers)
        helper.join();
}

/// Each context row is a convex combination of value rows, so it is finite in exact arithmetic;
/// only rounding next to DBL_MAX can overflow. Scaling by a power of two is exact, so this
/// recomputation changes nothing but the overflow.
void repairOverflowedContext(const HeadInput &s, AttentionResult &out)
{
    if (allEntriesFinite(out.context))
        return;
    const double shrink = 1.0 / 16.0;
    for (Index i = 0; i < out.context.rows(); ++i) {
        if (!out.context.row(i).allFinite())
            out.context.row(i) = (out.weights.row(i) * (s.values * shrink)) / shrink;
    }
}

/// The first error of the tasks (they are in head order and, within a head, in row order: the
/// error computing the heads one after the other would report), or else the finished heads.
std::optional<Error> finishHeads(const HeadInput *inputs, AttentionResult *const *outs, size_t headCount,
                                 const RowBlockTask *tasks, size_t taskCount)
{
    for (size_t t = 0; t < taskCount; ++t) {
        if (tasks[t].error)
            return tasks[t].error;
    }
    for (size_t i = 0; i < headCount; ++i)
        repairOverflowedContext(inputs[i], *outs[i]);
    return std::nullopt;
}

} // namespace

std::optional<Error> computeAttentionInto(const Scenario &scenario, AttentionResult &out)
{
    return computeHeadInto(scenario, 0, out);
}

std::optional<Error> computeHeadInto(const Scenario &scenario, Index head, AttentionResult &out,
                                     InputCheck check)
{
    Q_ASSERT(head >= 0 && head < scenario.headCount());
    if (check == InputCheck::Check) {
        if (auto error = validateAttentionInput(scenario))
            return error;
    }
    // computeHeadsInto for one head, without its lists: the notebook's sizes take well under a
    // microsecond, and an allocation would be a good part of that.
    const HeadInput input(scenario, head);
    AttentionResult *const outs[1] = {&out};
    RowBlockTask tasks[2];
    double work = 0.0;
    const size_t taskCount = planHead(input, 0, out, tasks, work);
    runRowBlocks(&input, outs, tasks, taskCount, work);
    return finishHeads(&input, outs, 1, tasks, taskCount);
}

std::optional<Error> computeHeadsInto(const Scenario &scenario, const std::vector<Index> &heads,
                                      const std::vector<AttentionResult *> &outs, InputCheck check)
{
    Q_ASSERT(heads.size() == outs.size());
    if (check == InputCheck::Check) {
        if (auto error = validateAttentionInput(scenario))
            return error;
    }
    std::vector<HeadInput> inputs;
    inputs.reserve(heads.size());
    std::vector<RowBlockTask> tasks(2 * heads.size());
    size_t taskCount = 0;
    double work = 0.0;
    for (size_t i = 0; i < heads.size(); ++i) {
        Q_ASSERT(heads[i] >= 0 && heads[i] < scenario.headCount());
        inputs.emplace_back(scenario, heads[i]);
        taskCount += planHead(inputs.back(), i, *outs[i], tasks.data() + taskCount, work);
    }
    runRowBlocks(inputs.data(), outs.data(), tasks.data(), taskCount, work);
    return finishHeads(inputs.data(), outs.data(), heads.size(), tasks.data(), taskCount);
}

std::optional<Error> recomputeQueryRows(const Scenario &scenario, const std::vector<Index> &rows,
                                        AttentionResult &out)
{
    return recomputeHeadQueryRows(scenario, 0, rows, out);
}

std::optional<Error> recomputeHeadQueryRows(const Scenario &scenario, Index head,
                                            const std::vector<Index> &rows, AttentionResult &out)
{
    Q_ASSERT(head >= 0 && head < scenario.headCount());
    const HeadInput s(scenario, head);
    Q_ASSERT(out.scores.rows() == s.queries.rows() && out.scores.cols() == s.keys.rows());
    Q_ASSERT(out.context.cols() == s.valueDimension());
    std::vector<Index> ordered(rows);
    std::sort(ordered.begin(), ordered.end());
    ordered.erase(std::unique(ordered.begin(), ordered.end()), ordered.end());

    // Only these rows changed, so only they can bring a new error. Q is checked before scores
    // overflow, as in validateAttentionInput, and the first row in order is reported.
    for (Index i : ordered) {
        if (std::isfinite((s.queries.row(i).array() * 0.0).sum()))
            continue;
        for (Index j = 0; j < s.queries.cols(); ++j) {
            if (!std::isfinite(s.queries(i, j)))
                return inHead(scenario, head,
                              nonFiniteEntryError("Q", i, j, s.queryLabel(i), s.queries(i, j)));
        }
    }

    const double scale = s.divisor();
    const Index keyCount = s.keys.rows();
    for (Index i : ordered) {
        if (s.score.isScaledDot())
            out.scores.row(i).noalias() = s.queries.row(i) * s.keys.transpose();
        else
            weightedScoreRows(s.score, s.queries, i, 1, s.keys, out.scores);
        if (auto error = scaleAndSoftmaxRow(s, i, scale, out))
            return error;
        const Index usedKeys = s.allowed ? allowedEnd(s.allowed->row(i).data(), keyCount) : keyCount;
        out.context.row(i).noalias() = out.weights.row(i).head(usedKeys) * s.values.topRows(usedKeys);
        if (!out.context.row(i).allFinite()) {
            const double shrink = 1.0 / 16.0;  // exact, as in computeAttentionInto
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

Matrix concatenateContexts(const std::vector<const AttentionResult *> &heads)
{
    if (heads.empty())
        return Matrix();
    const Index rows = heads.front()->context.rows();
    const Index width = heads.front()->context.cols();
    Matrix out(rows, width * static_cast<Index>(heads.size()));
    for (size_t h = 0; h < heads.size(); ++h) {
        Q_ASSERT(heads[h]->context.rows() == rows && heads[h]->context.cols() == width);
        out.middleCols(static_cast<Index>(h) * width, width) = heads[h]->context;
    }
    return out;
}

Result<HeadsResult> computeAllHeads(const Scenario &scenario)
{
    HeadsResult result;
    if (auto error = computeAllHeadsInto(scenario, result))
        return *error;
    return result;
}

std::optional<Error> computeAllHeadsInto(const Scenario &scenario, HeadsResult &out)
{
    if (auto error = validateAttentionInput(scenario))
        return error;
    const size_t headCount = static_cast<size_t>(scenario.headCount());
    out.heads.resize(headCount);
    std::vector<Index> heads(headCount);
    std::vector<AttentionResult *> outs(headCount);
    for (size_t h = 0; h < headCount; ++h) {
        heads[h] = static_cast<Index>(h);
        outs[h] = &out.heads[h];
    }
    if (auto error = computeHeadsInto(scenario, heads, outs, InputCheck::AlreadyChecked))
        return error;
    const Index rows = scenario.queryCount();
    const Index width = scenario.valueDimension();
    out.concatenatedContext.resize(rows, width * static_cast<Index>(headCount));
    for (size_t h = 0; h < headCount; ++h)
        out.concatenatedContext.middleCols(static_cast<Index>(h) * width, width) = out.heads[h].context;
    return std::nullopt;
}

} // namespace attnlens
