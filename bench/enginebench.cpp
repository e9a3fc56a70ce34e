// Times attnlens::computeAttentionInto with a reused AttentionResult, which is exactly what the
// app does on every drag: the shapes stay the same, so after the first call nothing allocates.
//
// Cases (names shared with bench/numpybench.py, which times NumPy on the same inputs):
//   notebook_3x3x2        the notebook's three-query case (step 6): Q, K, V as in
//                         resources/scenarios/three-queries.json, no mask, T = 1
//   causal_64x64x64       N_q = N_k = 64,   d_k = d_v = 64, causal mask, T = 1
//   causal_512x512x64     N_q = N_k = 512,  d_k = d_v = 64, causal mask, T = 1
//   causal_2048x2048x64   N_q = N_k = 2048, d_k = d_v = 64, causal mask, T = 1
//   heads12_1024x1024x64  one GPT-2-small layer: 12 heads of N_q = N_k = 1024, d_k = d_v = 64,
//                         no mask, T = 1, every head computed by computeAllHeads
//   heads12_causal_1024x1024x64   the same with a causal mask
//   heads12_128x128x64    12 heads of 128 tokens, d_k = d_v = 64, no mask: heads too small for
//                         two threads each, but worth two threads all together
//   model_heads12_1024x1024x64, model_heads12_causal_1024x1024x64
//                         the same scenarios in an AttentionModel: the recompute of every head
//                         after a temperature change (setTemperature, then result()), which
//                         reuses the model's buffers as the app does; timed against the same
//                         NumPy case
//   model_drag_heads12_1024x1024x64   the model's part of one drag move at that size: a query
//                         row of the selected head set, then result() (one row of one head
//                         recomputed); no NumPy counterpart
//
// The random inputs are standard normal, drawn from a counter-based SplitMix64 stream through
// Box-Muller; numpybench.py implements the same generator, so both sides see the same numbers
// and the checksum counters let scripts/bench-engine.sh check that both computed the same thing.
// A scenario with several heads draws head 1's Q, K, V, then head 2's, and so on, from one stream.

#include "attention.h"
#include "attentionmodel.h"
#include "attentionresult.h"
#include "scenario.h"

#include <QCoreApplication>

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace {

using attnlens::Index;
using attnlens::Matrix;

// Fixed so that every run, on every machine, times the same numbers.
constexpr std::uint64_t kSeed = 20240607;
constexpr double kTwoPi = 6.283185307179586476925286766559;

/// SplitMix64 (Steele, Lea, Flood 2014). Output k depends only on seed and k, which lets the
/// NumPy side generate the same stream with vectorised uint64 arithmetic.
class SplitMix64
{
public:
    explicit SplitMix64(std::uint64_t seed) : m_state(seed) {}

    std::uint64_t next()
    {
        m_state += 0x9E3779B97F4A7C15ull;
        std::uint64_t z = m_state;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }

    /// Uniform on (0, 1]: never 0, so that log() in Box-Muller stays finite.
    double nextUniform() { return static_cast<double>((next() >> 11) + 1) * 0x1.0p-53; }

    /// Standard normal; the cosine half of Box-Muller only, two uniforms per draw.
    double nextNormal()
    {
        const double radius = std::sqrt(-2.0 * std::log(nextUniform()));
        return radius * std::cos(kTwoPi * nextUniform());
    }

private:
    std::uint64_t m_state;
};

void fillNormal(Matrix &matrix, SplitMix64 &generator)
{
    for (Index i = 0; i < matrix.rows(); ++i)
        for (Index j = 0; j < matrix.cols(); ++j)
            matrix(i, j) = generator.nextNormal();
}

/// Q, then K, then V, each filled row by row from one stream.
attnlens::Scenario causalScenario(Index tokens, Index dimension)
{
    attnlens::Scenario scenario;
    scenario.queries.resize(tokens, dimension);
    scenario.keys.resize(tokens, dimension);
    scenario.values.resize(tokens, dimension);
    SplitMix64 generator(kSeed);
    fillNormal(scenario.queries, generator);
    fillNormal(scenario.keys, generator);
    fillNormal(scenario.values, generator);
    scenario.allowed = attnlens::causalMask(tokens, tokens);
    return scenario;
}

/// `heads` heads of `tokens` tokens, d_k = d_v = dimension; Q, K, V of each head in turn from
/// one stream. A causal mask or none.
attnlens::Scenario headsScenario(Index heads, Index tokens, Index dimension, bool causal)
{
    attnlens::Scenario scenario;
    SplitMix64 generator(kSeed);
    for (Index h = 0; h < heads; ++h) {
        attnlens::AttentionHead head;
        head.queries.resize(tokens, dimension);
        head.keys.resize(tokens, dimension);
        head.values.resize(tokens, dimension);
        fillNormal(head.queries, generator);
        fillNormal(head.keys, generator);
        fillNormal(head.values, generator);
        if (h == 0) {
            scenario.queries = std::move(head.queries);
            scenario.keys = std::move(head.keys);
            scenario.values = std::move(head.values);
        } else {
            scenario.moreHeads.push_back(std::move(head));
        }
    }
    if (causal)
        scenario.allowed = attnlens::causalMask(tokens, tokens);
    return scenario;
}

attnlens::Scenario notebookScenario()
{
    attnlens::Scenario scenario;
    scenario.queries.resize(3, 2);
    scenario.queries << 1, 0, 0, 1, -1, 0;
    scenario.keys.resize(3, 2);
    scenario.keys << 1, 0, 0, 1, 1, 1;
    scenario.values.resize(3, 2);
    scenario.values << 10, 0, 0, 10, 10, 10;
    return scenario;
}

/// Linear interpolation between order statistics (NumPy's and Python's "inclusive" quantile).
double quantile(std::vector<double> sorted, double fraction)
{
    const double position = fraction * static_cast<double>(sorted.size() - 1);
    const auto below = static_cast<std::size_t>(position);
    const std::size_t above = std::min(below + 1, sorted.size() - 1);
    return sorted[below] + (position - static_cast<double>(below)) * (sorted[above] - sorted[below]);
}

/// Interquartile range over the median of the repetitions: a spread that one slow repetition,
/// when another process grabbed the core, does not dominate as it does the standard deviation.
double relativeInterquartileRange(const std::vector<double> &times)
{
    if (times.size() < 2)
        return 0.0;
    std::vector<double> sorted(times);
    std::sort(sorted.begin(), sorted.end());
    return (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / quantile(sorted, 0.5);
}

void BM_computeAttentionInto(benchmark::State &state, const attnlens::Scenario &scenario)
{
    attnlens::AttentionResult result;
    // The first call sizes the buffers; the app pays it once per shape, not once per drag.
    if (auto error = attnlens::computeAttentionInto(scenario, result)) {
        state.SkipWithError(error->describe().toStdString().c_str());
        return;
    }

    for (auto _ : state) {
        auto error = attnlens::computeAttentionInto(scenario, result);
        benchmark::DoNotOptimize(error);
        benchmark::DoNotOptimize(result.context.data());
        benchmark::ClobberMemory();
    }

    // Sums of squares are well conditioned (no cancellation), so they compare across
    // implementations to about 1e-12 relative when both sides compute the same attention.
    state.counters["context_sumsq"] = result.context.squaredNorm();
    state.counters["weights_sumsq"] = result.weights.squaredNorm();
    const double flops = 2.0 * static_cast<double>(scenario.queryCount() * scenario.keyCount())
                         * static_cast<double>(scenario.keyDimension() + scenario.valueDimension());
    state.counters["FLOPS"] = benchmark::Counter(flops, benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(scenario.allowed ? "causal mask" : "no mask");
}

double allHeadsFlops(const attnlens::Scenario &scenario)
{
    return static_cast<double>(scenario.headCount()) * 2.0
           * static_cast<double>(scenario.queryCount() * scenario.keyCount())
           * static_cast<double>(scenario.keyDimension() + scenario.valueDimension());
}

/// Sums of squares over every head, as numpybench.py's multi-head cases report them.
void setHeadsCounters(benchmark::State &state, const attnlens::Scenario &scenario,
                      const std::vector<const attnlens::AttentionResult *> &heads)
{
    double context = 0.0;
    double weights = 0.0;
    for (const attnlens::AttentionResult *head : heads) {
        context += head->context.squaredNorm();
        weights += head->weights.squaredNorm();
    }
    state.counters["context_sumsq"] = context;
    state.counters["weights_sumsq"] = weights;
    state.counters["FLOPS"] = benchmark::Counter(allHeadsFlops(scenario), benchmark::Counter::kIsIterationInvariantRate);
    state.SetLabel(QStringLiteral("%1 heads, %2").arg(scenario.headCount())
                       .arg(scenario.allowed ? QStringLiteral("causal mask") : QStringLiteral("no mask"))
                       .toStdString());
}

/// computeAllHeads as it is: validation, every head, the concatenated context, fresh buffers.
void BM_computeAllHeads(benchmark::State &state, const attnlens::Scenario &scenario)
{
    attnlens::Result<attnlens::HeadsResult> result = attnlens::computeAllHeads(scenario);
    if (!result) {
        state.SkipWithError(result.error().describe().toStdString().c_str());
        return;
    }
    for (auto _ : state) {
        result = attnlens::computeAllHeads(scenario);
        benchmark::DoNotOptimize(result.value().concatenatedContext.data());
        benchmark::ClobberMemory();
    }
    std::vector<const attnlens::AttentionResult *> heads;
    for (const attnlens::AttentionResult &head : result.value().heads)
        heads.push_back(&head);
    setHeadsCounters(state, scenario, heads);
}

/// What the app does when the temperature moves: every head recomputed into the model's buffers.
/// The temperature alternates between 1 and the next double above it, so that every iteration
/// recomputes while the numbers stay those of T = 1 (to rounding).
void BM_modelRecomputeAllHeads(benchmark::State &state, const attnlens::Scenario &scenario)
{
    attnlens::AttentionModel model;
    model.setScenario(scenario);
    if (!model.result()) {
        state.SkipWithError(model.error()->describe().toStdString().c_str());
        return;
    }
    const double temperatures[2] = {std::nextafter(1.0, 2.0), 1.0};
    const quint64 headsBefore = model.headComputeCount();
    std::int64_t iterations = 0;
    for (auto _ : state) {
        model.setTemperature(temperatures[iterations++ % 2]);
        benchmark::DoNotOptimize(model.result());
        benchmark::ClobberMemory();
    }
    const quint64 headsComputed = model.headComputeCount() - headsBefore;
    model.setTemperature(1.0);
    std::vector<const attnlens::AttentionResult *> heads;
    for (Index h = 0; h < model.headCount(); ++h)
        heads.push_back(model.headResult(h));
    setHeadsCounters(state, scenario, heads);
    state.counters["heads_per_recompute"] =
        static_cast<double>(headsComputed) / static_cast<double>(std::max<std::int64_t>(iterations, 1));
}

/// The model's share of a drag move: query 0 of the selected head moves around a circle, and
/// result() brings the one row of that head up to date, as the app does before repainting.
void BM_modelDragQuery(benchmark::State &state, const attnlens::Scenario &scenario)
{
    attnlens::AttentionModel model;
    model.setScenario(scenario);
    if (!model.result()) {
        state.SkipWithError(model.error()->describe().toStdString().c_str());
        return;
    }
    const Eigen::RowVectorXd start = scenario.queries.row(0);
    const quint64 headsBefore = model.headComputeCount();
    const quint64 passesBefore = model.computeCount();
    std::int64_t moves = 0;
    for (auto _ : state) {
        Eigen::RowVectorXd query = start;
        const double angle = 0.0628 * static_cast<double>(++moves % 100);
        query(0) += 0.5 * std::cos(angle);
        query(1) += 0.5 * std::sin(angle);
        model.setQueryRow(0, query);
        benchmark::DoNotOptimize(model.result());
        benchmark::ClobberMemory();
    }
    state.counters["heads_per_move"] =
        static_cast<double>(model.headComputeCount() - headsBefore) / static_cast<double>(std::max<std::int64_t>(moves, 1));
    state.counters["passes_per_move"] =
        static_cast<double>(model.computeCount() - passesBefore) / static_cast<double>(std::max<std::int64_t>(moves, 1));
}

// Built once, before main() runs the benchmarks, so input generation is never timed.
const attnlens::Scenario kNotebook = notebookScenario();
const attnlens::Scenario kCausal64 = causalScenario(64, 64);
const attnlens::Scenario kCausal512 = causalScenario(512, 64);
const attnlens::Scenario kCausal2048 = causalScenario(2048, 64);

BENCHMARK_CAPTURE(BM_computeAttentionInto, notebook_3x3x2, kNotebook)
    ->UseRealTime()
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_computeAttentionInto, causal_64x64x64, kCausal64)
    ->UseRealTime()
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_computeAttentionInto, causal_512x512x64, kCausal512)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_computeAttentionInto, causal_2048x2048x64, kCausal2048)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);

const attnlens::Scenario kHeads12 = headsScenario(12, 1024, 64, false);
const attnlens::Scenario kHeads12Causal = headsScenario(12, 1024, 64, true);
const attnlens::Scenario kHeads12Short = headsScenario(12, 128, 64, false);

BENCHMARK_CAPTURE(BM_computeAllHeads, heads12_128x128x64, kHeads12Short)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_computeAllHeads, heads12_1024x1024x64, kHeads12)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_computeAllHeads, heads12_causal_1024x1024x64, kHeads12Causal)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_modelRecomputeAllHeads, model_heads12_1024x1024x64, kHeads12)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_modelRecomputeAllHeads, model_heads12_causal_1024x1024x64, kHeads12Causal)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);
BENCHMARK_CAPTURE(BM_modelDragQuery, model_drag_heads12_1024x1024x64, kHeads12)
    ->UseRealTime()
    ->Unit(benchmark::kMicrosecond)
    ->ComputeStatistics("iqr_rel", relativeInterquartileRange, benchmark::kPercentage);

} // namespace

// The model's recompute timer needs an application object; nothing here runs its event loop
// (result() recomputes on the spot).
int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
