#include "attentionmodel.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <QObject>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <vector>

// The model's promise: every setter marks the result dirty before it emits, so a slot that reads
// result() or error() inside the change signal already sees the new numbers. Each test reads the
// result inside the slot and compares it with plain float64 loops written here, never with the
// engine.
namespace attnlens {
namespace {

using test::matrixOf;
using test::maskOf;
using test::rowOf;

constexpr double kRelativeTolerance = 1e-9;

struct PlainAttention {
    std::optional<Matrix> weights;  ///< absent when some row has no allowed key
    Matrix context;
};

// Scores, a max-shifted softmax over the allowed keys and the weighted sum, one loop at a time.
PlainAttention plainAttention(const Scenario &s)
{
    const Index nq = s.queries.rows();
    const Index nk = s.keys.rows();
    const Index dk = s.queries.cols();
    const Index dv = s.values.cols();
    Matrix weights = Matrix::Zero(nq, nk);
    Matrix context = Matrix::Zero(nq, dv);
    for (Index i = 0; i < nq; ++i) {
        std::vector<double> z(size_t(nk), 0.0);
        double largest = -HUGE_VAL;
        bool anyAllowed = false;
        for (Index j = 0; j < nk; ++j) {
            double dot = 0.0;
            for (Index d = 0; d < dk; ++d)
                dot += s.queries(i, d) * s.keys(j, d);
            z[size_t(j)] = dot / std::sqrt(double(dk)) / s.temperature;
            if (s.isAllowed(i, j)) {
                anyAllowed = true;
                largest = std::max(largest, z[size_t(j)]);
            }
        }
        if (!anyAllowed)
            return {std::nullopt, Matrix()};
        double total = 0.0;
        for (Index j = 0; j < nk; ++j) {
            if (s.isAllowed(i, j)) {
                weights(i, j) = std::exp(z[size_t(j)] - largest);
                total += weights(i, j);
            }
        }
        for (Index j = 0; j < nk; ++j)
            weights(i, j) /= total;
        for (Index k = 0; k < dv; ++k) {
            for (Index j = 0; j < nk; ++j)
                context(i, k) += weights(i, j) * s.values(j, k);
        }
    }
    return {weights, context};
}

::testing::AssertionResult relativelyClose(const Matrix &actual, const Matrix &expected)
{
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) {
        return ::testing::AssertionFailure() << "shape " << actual.rows() << "x" << actual.cols()
                                             << ", expected " << expected.rows() << "x"
                                             << expected.cols();
    }
    for (Index i = 0; i < expected.rows(); ++i) {
        for (Index j = 0; j < expected.cols(); ++j) {
            const double a = actual(i, j);
            const double e = expected(i, j);
            if (!(std::abs(a - e) <= kRelativeTolerance * std::abs(e))) {
                return ::testing::AssertionFailure()
                    << "(" << i << ", " << j << ") is " << a << ", expected " << e;
            }
        }
    }
    return ::testing::AssertionSuccess();
}

// Three queries against the notebook's three memories, every value positive so that no context
// entry is a cancellation near zero.
Scenario threeByThree()
{
    Scenario s = test::notebookLessonScenario();
    s.queries = matrixOf({{1, 0}, {0, 1}, {0.5, -1.5}});
    s.queryLabels.clear();
    return s;
}

// What a slot saw when it read the model inside the signal.
struct SeenInSlot {
    int calls = 0;
    bool hadResult = false;
    Matrix weights;
    Matrix context;
    std::optional<Error> error;
};

// Connects `signal` to a slot that reads result() and error(), runs `edit` on a model whose
// result is fresh (so that a setter which forgot to mark it dirty is caught), and returns what
// the slot saw.
template <typename Signal>
SeenInSlot readInsideSignal(const Scenario &start, Signal signal,
                            const std::function<void(AttentionModel &)> &edit)
{
    AttentionModel model;
    model.setScenario(start);
    EXPECT_NE(model.result(), nullptr) << "the starting scenario must compute";
    SeenInSlot seen;
    QObject::connect(&model, signal, &model, [&model, &seen]() {
        ++seen.calls;
        const AttentionResult *result = model.result();
        seen.hadResult = result != nullptr;
        if (result) {
            seen.weights = result->weights;
            seen.context = result->context;
        }
        seen.error = model.error();
    });
    edit(model);
    return seen;
}

void expectSeesNumbersOf(const SeenInSlot &seen, const Scenario &expectedScenario)
{
    ASSERT_EQ(seen.calls, 1);
    ASSERT_TRUE(seen.hadResult) << "the slot saw no result: "
                                << (seen.error ? seen.error->describe().toStdString() : "");
    EXPECT_FALSE(seen.error.has_value());
    const PlainAttention expected = plainAttention(expectedScenario);
    ASSERT_TRUE(expected.weights.has_value());
    EXPECT_TRUE(relativelyClose(seen.weights, *expected.weights)) << "weights";
    EXPECT_TRUE(relativelyClose(seen.context, expected.context)) << "context";
}

void expectSeesRefusal(const SeenInSlot &seen, ErrorCategory category)
{
    ASSERT_EQ(seen.calls, 1);
    EXPECT_FALSE(seen.hadResult) << "the slot still saw the previous result";
    ASSERT_TRUE(seen.error.has_value()) << "the slot saw no error";
    EXPECT_EQ(seen.error->category, category) << seen.error->describe().toStdString();
}

TEST(AttentionModelContract, QueryRowSlotSeesNewWeightsAndContext)
{
    Scenario expected = threeByThree();
    expected.queries.row(1) = rowOf({2.5, -0.75});
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::queryChanged,
                                             [](AttentionModel &m) {
                                                 m.setQueryRow(1, rowOf({2.5, -0.75}));
                                             });
    expectSeesNumbersOf(seen, expected);
}

TEST(AttentionModelContract, QueryRowSlotSeesEachMoveOfADrag)
{
    // A drag: several moves of one row within one event-loop turn, the slot reading each time.
    AttentionModel model;
    model.setScenario(threeByThree());
    ASSERT_NE(model.result(), nullptr);
    Scenario expected = threeByThree();
    int checked = 0;
    QObject::connect(&model, &AttentionModel::queryChanged, &model, [&](int row) {
        ASSERT_EQ(row, 2);
        const AttentionResult *result = model.result();
        ASSERT_NE(result, nullptr);
        const PlainAttention reference = plainAttention(expected);
        EXPECT_TRUE(relativelyClose(result->weights, *reference.weights)) << "move " << checked;
        EXPECT_TRUE(relativelyClose(result->context, reference.context)) << "move " << checked;
        ++checked;
    });
    for (int move = 0; move < 5; ++move) {
        const Eigen::RowVectorXd query = rowOf({0.3 * move - 0.4, 1.1 - 0.45 * move});
        expected.queries.row(2) = query;
        model.setQueryRow(2, query);
    }
    EXPECT_EQ(checked, 5);
}

TEST(AttentionModelContract, KeyRowSlotSeesNewWeightsAndContext)
{
    Scenario expected = threeByThree();
    expected.keys.row(0) = rowOf({-1.25, 2});
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::keyChanged,
                                             [](AttentionModel &m) {
                                                 m.setKeyRow(0, rowOf({-1.25, 2}));
                                             });
    expectSeesNumbersOf(seen, expected);
}

TEST(AttentionModelContract, ValueRowSlotSeesNewContext)
{
    Scenario expected = threeByThree();
    expected.values.row(2) = rowOf({3, 7.5});
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::valueChanged,
                                             [](AttentionModel &m) {
                                                 m.setValueRow(2, rowOf({3, 7.5}));
                                             });
    expectSeesNumbersOf(seen, expected);
}

TEST(AttentionModelContract, TemperatureSlotSeesNewWeights)
{
    Scenario expected = threeByThree();
    expected.temperature = 0.3;
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::temperatureChanged,
                                             [](AttentionModel &m) { m.setTemperature(0.3); });
    expectSeesNumbersOf(seen, expected);
}

TEST(AttentionModelContract, MaskCellSlotSeesNewWeights)
{
    Scenario expected = threeByThree();
    expected.allowed = maskOf({{true, true, true}, {true, false, true}, {true, true, true}});
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::maskChanged,
                                             [](AttentionModel &m) { m.setMaskCell(1, 1, false); });
    expectSeesNumbersOf(seen, expected);
    EXPECT_EQ(seen.weights(1, 1), 0.0) << "a masked weight is exactly zero";
}

TEST(AttentionModelContract, MaskSlotSeesNewWeights)
{
    Scenario expected = threeByThree();
    expected.allowed = causalMask(3, 3);
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::maskChanged,
                                             [](AttentionModel &m) { m.setMask(causalMask(3, 3)); });
    expectSeesNumbersOf(seen, expected);
}

TEST(AttentionModelContract, ClearingTheMaskSlotSeesEveryKeyAllowed)
{
    Scenario start = threeByThree();
    start.allowed = causalMask(3, 3);
    const SeenInSlot seen = readInsideSignal(start, &AttentionModel::maskChanged,
                                             [](AttentionModel &m) { m.setMask(std::nullopt); });
    expectSeesNumbersOf(seen, threeByThree());
}

// A setter that makes a row refused: the slot must see the refusal, not the last good result.

TEST(AttentionModelContract, MaskCellThatEmptiesARowShowsTheRefusalInsideTheSlot)
{
    Scenario start = threeByThree();
    start.allowed = maskOf({{true, false, false}, {true, true, true}, {true, true, true}});
    const SeenInSlot seen = readInsideSignal(start, &AttentionModel::maskChanged,
                                             [](AttentionModel &m) { m.setMaskCell(0, 0, false); });
    expectSeesRefusal(seen, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(seen.error->row, 0);
}

TEST(AttentionModelContract, MaskThatEmptiesARowShowsTheRefusalInsideTheSlot)
{
    const Mask emptySecondRow = maskOf({{true, true, true}, {false, false, false}, {true, true, true}});
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::maskChanged,
                                             [&](AttentionModel &m) { m.setMask(emptySecondRow); });
    expectSeesRefusal(seen, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(seen.error->row, 1);
}

TEST(AttentionModelContract, NonFiniteQueryShowsTheRefusalInsideTheSlot)
{
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::queryChanged,
                                             [](AttentionModel &m) {
                                                 m.setQueryRow(2, rowOf({std::nan(""), 1}));
                                             });
    expectSeesRefusal(seen, ErrorCategory::NonFiniteInput);
}

TEST(AttentionModelContract, NonFiniteKeyShowsTheRefusalInsideTheSlot)
{
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::keyChanged,
                                             [](AttentionModel &m) {
                                                 m.setKeyRow(1, rowOf({HUGE_VAL, 0}));
                                             });
    expectSeesRefusal(seen, ErrorCategory::NonFiniteInput);
}

TEST(AttentionModelContract, NonFiniteValueShowsTheRefusalInsideTheSlot)
{
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::valueChanged,
                                             [](AttentionModel &m) {
                                                 m.setValueRow(0, rowOf({1, -HUGE_VAL}));
                                             });
    expectSeesRefusal(seen, ErrorCategory::NonFiniteInput);
}

TEST(AttentionModelContract, ZeroTemperatureShowsTheRefusalInsideTheSlot)
{
    const SeenInSlot seen = readInsideSignal(threeByThree(), &AttentionModel::temperatureChanged,
                                             [](AttentionModel &m) { m.setTemperature(0.0); });
    expectSeesRefusal(seen, ErrorCategory::NonpositiveTemperature);
}

TEST(AttentionModelContract, LeavingARefusalShowsTheResultInsideTheSlot)
{
    // From refused back to valid: the slot must see the error gone and the new numbers.
    AttentionModel model;
    Scenario refused = threeByThree();
    refused.temperature = -1.0;
    model.setScenario(refused);
    ASSERT_TRUE(model.error().has_value());
    Scenario expected = threeByThree();
    expected.temperature = 2.0;
    SeenInSlot seen;
    QObject::connect(&model, &AttentionModel::temperatureChanged, &model, [&]() {
        ++seen.calls;
        const AttentionResult *result = model.result();
        seen.hadResult = result != nullptr;
        if (result) {
            seen.weights = result->weights;
            seen.context = result->context;
        }
        seen.error = model.error();
    });
    model.setTemperature(2.0);
    expectSeesNumbersOf(seen, expected);
}

// Structural edits: the slot of their own signal and of the scenarioReset() that follows both
// see the new shapes and numbers.

template <typename Signal>
void expectStructuralEditSeenInBothSignals(Signal ownSignal,
                                           const std::function<void(AttentionModel &)> &edit,
                                           const Scenario &expected)
{
    const Scenario start = threeByThree();
    expectSeesNumbersOf(readInsideSignal(start, ownSignal, edit), expected);
    expectSeesNumbersOf(readInsideSignal(start, &AttentionModel::scenarioReset, edit), expected);
}

TEST(AttentionModelContract, InsertQuerySlotsSeeTheNewRow)
{
    Scenario expected = threeByThree();
    expected.queries = matrixOf({{1, 0}, {-2, 0.5}, {0, 1}, {0.5, -1.5}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::queryInserted,
        [](AttentionModel &m) { m.insertQuery(1, rowOf({-2, 0.5})); }, expected);
}

TEST(AttentionModelContract, RemoveQuerySlotsSeeTheRowGone)
{
    Scenario expected = threeByThree();
    expected.queries = matrixOf({{1, 0}, {0.5, -1.5}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::queryRemoved, [](AttentionModel &m) { EXPECT_FALSE(m.removeQuery(1)); },
        expected);
}

TEST(AttentionModelContract, InsertKeySlotsSeeTheNewKey)
{
    Scenario expected = threeByThree();
    expected.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}, {0.25, -3}});
    expected.values = matrixOf({{10, 0}, {0, 10}, {10, 10}, {4, 6}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::keyInserted,
        [](AttentionModel &m) { m.insertKey(3, rowOf({0.25, -3}), rowOf({4, 6})); }, expected);
}

TEST(AttentionModelContract, RemoveKeySlotsSeeTheKeyGone)
{
    Scenario expected = threeByThree();
    expected.keys = matrixOf({{0, 1}, {1, 1}});
    expected.values = matrixOf({{0, 10}, {10, 10}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::keyRemoved, [](AttentionModel &m) { EXPECT_FALSE(m.removeKey(0)); },
        expected);
}

TEST(AttentionModelContract, KeyDimensionSlotsSeeTheNewScores)
{
    Scenario expected = threeByThree();
    expected.queries = matrixOf({{1}, {0}, {0.5}});
    expected.keys = matrixOf({{1}, {0}, {1}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::keyDimensionChanged,
        [](AttentionModel &m) { EXPECT_FALSE(m.setKeyDimension(1)); }, expected);
}

TEST(AttentionModelContract, ValueDimensionSlotsSeeTheNewContext)
{
    Scenario expected = threeByThree();
    expected.values = matrixOf({{10}, {0}, {10}});
    expectStructuralEditSeenInBothSignals(
        &AttentionModel::valueDimensionChanged,
        [](AttentionModel &m) { EXPECT_FALSE(m.setValueDimension(1)); }, expected);
}

} // namespace
} // namespace attnlens
