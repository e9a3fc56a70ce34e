#include "attention.h"
#include "coretestsupport.h"
#include "error.h"
#include "scenario.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>
#include <string>

namespace attnlens {
namespace {

using test::matrixOf;
using test::maskOf;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// A valid 2-query, 3-key scenario with labels, for the tests to break one thing at a time.
Scenario labelledScenario()
{
    Scenario s;
    s.queries = matrixOf({{1, 0}, {0, 1}});
    s.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}});
    s.values = matrixOf({{10, 0}, {0, 10}, {10, 10}});
    s.queryLabels = QStringList{QStringLiteral("the"), QStringLiteral("cat")};
    s.keyLabels = QStringList{QStringLiteral("memory A"), QStringLiteral("memory B"),
                              QStringLiteral("memory C")};
    return s;
}

Error expectRefused(const Scenario &s, ErrorCategory category)
{
    const Result<AttentionResult> result = computeAttention(s);
    EXPECT_FALSE(result.ok()) << "expected " << categoryName(category).toStdString();
    if (result.ok())
        return Error{};
    EXPECT_EQ(categoryName(result.error().category).toStdString(), categoryName(category).toStdString())
        << result.error().message.toStdString();
    // validateAttentionInput agrees with computeAttention on everything but score overflow,
    // which needs the scores.
    const std::optional<Error> validation = validateAttentionInput(s);
    if (category == ErrorCategory::ScoreOverflow) {
        EXPECT_FALSE(validation.has_value());
    } else {
        EXPECT_TRUE(validation.has_value());
        if (validation) {
            EXPECT_EQ(validation->category, result.error().category);
            EXPECT_EQ(validation->message, result.error().message);
        }
    }
    return result.error();
}

::testing::AssertionResult mentions(const Error &error, const QString &text)
{
    if (error.message.contains(text))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "message \"" << error.message.toStdString()
                                         << "\" does not mention \"" << text.toStdString() << "\"";
}

QString quoted(const char *label)
{
    return QStringLiteral("\u201c") + QString::fromUtf8(label) + QStringLiteral("\u201d");
}

// ---- Categories one by one -------------------------------------------------------------------

TEST(AttentionErrors, EmptyNamesTheMatrixAndItsShape)
{
    Scenario s = labelledScenario();
    s.queries.resize(0, 2);
    Error e = expectRefused(s, ErrorCategory::Empty);
    EXPECT_TRUE(mentions(e, QStringLiteral("Q is empty (0 rows, 2 columns)")));

    s = labelledScenario();
    s.keys.resize(3, 0);
    e = expectRefused(s, ErrorCategory::Empty);
    EXPECT_TRUE(mentions(e, QStringLiteral("K is empty (3 rows, 0 columns)")));

    s = labelledScenario();
    s.values.resize(0, 0);
    e = expectRefused(s, ErrorCategory::Empty);
    EXPECT_TRUE(mentions(e, QStringLiteral("V is empty")));

    EXPECT_EQ(expectRefused(Scenario{}, ErrorCategory::Empty).category, ErrorCategory::Empty);
}

TEST(AttentionErrors, ShapeMismatchSaysWhichDimensionsDisagree)
{
    Scenario s = labelledScenario();
    s.keys = matrixOf({{1, 0, 0}, {0, 1, 0}, {1, 1, 0}});
    Error e = expectRefused(s, ErrorCategory::ShapeMismatch);
    EXPECT_TRUE(mentions(e, QStringLiteral("Q has 2 columns but K has 3")));

    s = labelledScenario();
    s.values = matrixOf({{10, 0}, {0, 10}});
    e = expectRefused(s, ErrorCategory::ShapeMismatch);
    EXPECT_TRUE(mentions(e, QStringLiteral("K has 3 rows but V has 2")));

    s = labelledScenario();
    s.allowed = maskOf({{true, true}, {true, true}});
    e = expectRefused(s, ErrorCategory::ShapeMismatch);
    EXPECT_TRUE(mentions(e, QStringLiteral("mask is 2\u00d72")));
    EXPECT_TRUE(mentions(e, QStringLiteral("2\u00d73")));
}

TEST(AttentionErrors, NonFiniteInputNamesMatrixRowLabelAndColumn)
{
    Scenario s = labelledScenario();
    s.keys(1, 0) = kNaN;
    Error e = expectRefused(s, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(mentions(e, QStringLiteral("K row 2 (%1), column 1 is NaN").arg(quoted("memory B"))));
    EXPECT_EQ(e.row, 1);
    EXPECT_EQ(e.column, 0);

    s = labelledScenario();
    s.queries(1, 1) = -kInf;
    e = expectRefused(s, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(mentions(e, QStringLiteral("Q row 2 (%1), column 2 is -infinity").arg(quoted("cat"))));
    EXPECT_EQ(e.row, 1);
    EXPECT_EQ(e.column, 1);

    // Values are labelled by their key, and unlabelled rows get generated labels.
    s = labelledScenario();
    s.keyLabels.clear();
    s.values(2, 1) = kInf;
    e = expectRefused(s, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(mentions(e, QStringLiteral("V row 3 (%1), column 2 is +infinity").arg(quoted("key 3"))));
    EXPECT_EQ(e.row, 2);
    EXPECT_EQ(e.column, 1);
}

TEST(AttentionErrors, NonFiniteInputReportsTheFirstCellInReadingOrder)
{
    Scenario s = labelledScenario();
    s.keys(2, 0) = kNaN;
    s.keys(1, 1) = kInf;
    const Error e = expectRefused(s, ErrorCategory::NonFiniteInput);
    EXPECT_EQ(e.row, 1);
    EXPECT_EQ(e.column, 1);
}

TEST(AttentionErrors, NonFiniteTemperatureIsNonFiniteInput)
{
    for (double t : {kNaN, kInf, -kInf}) {
        Scenario s = labelledScenario();
        s.temperature = t;
        const Error e = expectRefused(s, ErrorCategory::NonFiniteInput);
        EXPECT_TRUE(mentions(e, QStringLiteral("temperature"))) << t;
    }
}

TEST(AttentionErrors, NonpositiveTemperatureShowsTheValue)
{
    for (double t : {0.0, -0.0, -1.0, -1e-300}) {
        Scenario s = labelledScenario();
        s.temperature = t;
        const Error e = expectRefused(s, ErrorCategory::NonpositiveTemperature);
        EXPECT_TRUE(mentions(e, QStringLiteral("the temperature is")));
        EXPECT_TRUE(mentions(e, QStringLiteral("above 0")));
    }
    Scenario s = labelledScenario();
    s.temperature = -2.5;
    EXPECT_TRUE(mentions(expectRefused(s, ErrorCategory::NonpositiveTemperature),
                         QStringLiteral("the temperature is -2.5")));
    // The smallest positive double is still a valid temperature.
    s.temperature = std::numeric_limits<double>::denorm_min();
    EXPECT_TRUE(computeAttention(s).ok());
}

TEST(AttentionErrors, AllMaskedRowNamesTheQuery)
{
    Scenario s = labelledScenario();
    s.allowed = maskOf({{true, false, false}, {false, false, false}});
    const Error e = expectRefused(s, ErrorCategory::AllMaskedRow);
    EXPECT_TRUE(mentions(e, QStringLiteral("query row 2 (%1) has no allowed key").arg(quoted("cat"))));
    EXPECT_EQ(e.row, 1);
    EXPECT_EQ(e.column, -1);
}

TEST(AttentionErrors, ScoreOverflowForFiniteInputs)
{
    Scenario s;
    s.queries = matrixOf({{1e200}});
    s.keys = matrixOf({{1e200}});
    s.values = matrixOf({{1}});
    Error e = expectRefused(s, ErrorCategory::ScoreOverflow);
    EXPECT_TRUE(mentions(e, QStringLiteral("query row 1 (%1) with key row 1 (%2)")
                                .arg(quoted("query 1"), quoted("key 1"))));
    EXPECT_TRUE(mentions(e, QStringLiteral("overflows")));

    // The first overflowing cell in reading order is named, with the labels.
    s = labelledScenario();
    s.keys(2, 0) = 1e300;
    s.keys(2, 1) = 1e300;
    s.queries(0, 0) = 1e10;  // row 1 overflows with key 3 ...
    s.queries(1, 1) = 1e10;  // ... and so does row 2, which comes later
    e = expectRefused(s, ErrorCategory::ScoreOverflow);
    EXPECT_EQ(e.row, 0);
    EXPECT_EQ(e.column, 2);
    EXPECT_TRUE(mentions(e, QStringLiteral("query row 1 (%1) with key row 3 (%2)")
                                .arg(quoted("the"), quoted("memory C"))));

    // Every factor and every product's true quotient fit in a double only if the sum does:
    // 1e154 * 1e154 * 4 = 4e308 overflows, and so does the true score 2e308.
    s = Scenario{};
    s.queries = matrixOf({{1e154, 1e154, 1e154, 1e154}});
    s.keys = matrixOf({{1e154, 1e154, 1e154, 1e154}});
    s.values = matrixOf({{1}});
    expectRefused(s, ErrorCategory::ScoreOverflow);
    // While 1.7e308 as a score is still accepted and gets the whole weight.
    s.queries = matrixOf({{1.3e154}});
    s.keys = matrixOf({{1.3e154}, {1}});
    s.values = matrixOf({{5}, {7}});
    const Result<AttentionResult> nearTop = computeAttention(s);
    ASSERT_TRUE(nearTop.ok()) << nearTop.error().describe().toStdString();
    EXPECT_EQ(nearTop.value().weights, matrixOf({{1, 0}}));
    EXPECT_EQ(nearTop.value().context, matrixOf({{5}}));
}

TEST(AttentionErrors, MaskedOverflowIsStillOverflow)
{
    // Scores are computed before the mask, and an infinite score cannot be shown.
    Scenario s = labelledScenario();
    s.keys(2, 0) = 1e300;
    s.queries(0, 0) = 1e300;
    s.allowed = maskOf({{true, true, false}, {true, true, true}});
    EXPECT_EQ(expectRefused(s, ErrorCategory::ScoreOverflow).column, 2);
}

// ---- Order of the categories -------------------------------------------------------------------

TEST(AttentionErrors, CategoriesAreCheckedInTheDocumentedOrder)
{
    // Start from a scenario that breaks every rule at once, then repair one rule at a time;
    // each repair must reveal the next category of the documented order.
    Scenario s = labelledScenario();
    s.queries = matrixOf({{1e200, kNaN}, {1e200, 0}});
    s.keys = matrixOf({{1e200, 0, 0}, {0, 1, 0}, {1, 1, 0}});  // wrong d_k
    s.values.resize(0, 2);                                     // empty
    s.temperature = -1;
    s.allowed = maskOf({{false, false, false}, {true, true, true}});

    expectRefused(s, ErrorCategory::Empty);
    s.values = matrixOf({{10, 0}, {0, 10}, {10, 10}});
    expectRefused(s, ErrorCategory::ShapeMismatch);
    s.keys = matrixOf({{1e200, 0}, {0, 1}, {1, 1}});
    expectRefused(s, ErrorCategory::NonFiniteInput);
    s.queries(0, 1) = 0;
    expectRefused(s, ErrorCategory::NonpositiveTemperature);
    s.temperature = 1;
    expectRefused(s, ErrorCategory::AllMaskedRow);
    s.allowed = std::nullopt;
    expectRefused(s, ErrorCategory::ScoreOverflow);
    s.queries(0, 0) = 1;
    s.queries(1, 0) = 1;
    EXPECT_TRUE(computeAttention(s).ok());
}

TEST(AttentionErrors, EmptyComesBeforeShapeAndShapeBeforeNonFinite)
{
    Scenario s = labelledScenario();
    s.queries = matrixOf({{kNaN, 1, 2}});  // wrong d_k and NaN
    expectRefused(s, ErrorCategory::ShapeMismatch);
    s.keys.resize(0, 3);                    // and now an empty K as well
    expectRefused(s, ErrorCategory::Empty);
}

TEST(AttentionErrors, NonFiniteTemperatureComesAfterNonFiniteMatrices)
{
    Scenario s = labelledScenario();
    s.temperature = kNaN;
    s.values(0, 0) = kInf;
    const Error e = expectRefused(s, ErrorCategory::NonFiniteInput);
    EXPECT_TRUE(mentions(e, QStringLiteral("V row 1")));
}

// ---- Never NaN in a result that is shown -------------------------------------------------------

TEST(AttentionErrors, AnAcceptedResultNeverHoldsNaNOrInfinity)
{
    std::mt19937_64 random(31337);
    const auto uniform = [&random](double low, double high) {
        return std::uniform_real_distribution<double>(low, high)(random);
    };
    int accepted = 0;
    int overflowed = 0;
    for (int n = 0; n < 2000; ++n) {
        const Index nq = 1 + static_cast<Index>(random() % 4);
        const Index nk = 1 + static_cast<Index>(random() % 5);
        const Index dk = 1 + static_cast<Index>(random() % 3);
        Scenario s;
        // Magnitudes from 1e-300 to 1e300, signs mixed, temperatures from 1e-300 to 1e300.
        const auto extreme = [&]() { return (uniform(0, 1) < 0.5 ? -1 : 1) * std::pow(10.0, uniform(-300, 300)); };
        s.queries.resize(nq, dk);
        s.keys.resize(nk, dk);
        s.values.resize(nk, 2);
        for (Index i = 0; i < s.queries.size(); ++i)
            s.queries.data()[i] = extreme();
        for (Index i = 0; i < s.keys.size(); ++i)
            s.keys.data()[i] = extreme();
        for (Index i = 0; i < s.values.size(); ++i)
            s.values.data()[i] = extreme();
        s.temperature = std::pow(10.0, uniform(-300, 300));
        if (n % 2) {
            s.allowed = Mask::Constant(nq, nk, true);
            for (Index i = 0; i < nq; ++i)
                for (Index j = 1; j < nk; ++j)
                    (*s.allowed)(i, j) = uniform(0, 1) < 0.5;
        }
        const Result<AttentionResult> result = computeAttention(s);
        if (!result.ok()) {
            EXPECT_EQ(result.error().category, ErrorCategory::ScoreOverflow)
                << result.error().describe().toStdString();
            ++overflowed;
            continue;
        }
        ++accepted;
        const AttentionResult &r = result.value();
        ASSERT_TRUE(r.scores.allFinite()) << "scenario " << n;
        ASSERT_TRUE(r.weights.allFinite()) << "scenario " << n;
        ASSERT_TRUE(r.context.allFinite()) << "scenario " << n;
        for (Index i = 0; i < nq; ++i)
            EXPECT_NEAR(r.weights.row(i).sum(), 1.0, 1e-12) << "scenario " << n;
    }
    EXPECT_GT(accepted, 200);
    EXPECT_GT(overflowed, 200);
}

} // namespace
} // namespace attnlens
