#include "attention.h"

#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

// The softmax's exp and sum call Eigen's packet functions (Eigen::internal::), which are not
// public API. These tests hold them to what the engine relies on, so that an Eigen upgrade that
// changes any of it fails here, loudly, instead of shifting the lesson's numbers unnoticed:
// the packet's width, agreement with std::exp, the blind spots (deep tail, -inf), and bits that
// do not depend on where a row sits in memory.
namespace attnlens {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

bool sameBits(double a, double b)
{
    return std::memcmp(&a, &b, sizeof(double)) == 0;
}

// A 64-byte aligned scratch buffer, so that an offset of k doubles means a known misalignment.
struct alignas(64) Scratch {
    double data[1024 + 16];
};

// Arguments the softmax feeds to exp (scores minus their maximum, over T): 0 and below.
std::vector<double> edgeArguments()
{
    return {0.0,
            -0.0,
            -std::numeric_limits<double>::denorm_min(),
            -DBL_MIN,
            -1e-300,
            -1e-16,
            -DBL_EPSILON,
            -0.5,
            -std::log(2.0),
            -1.0,
            -2.5,
            -10.0,
            -36.04365338911715,  // exp is about 2^-52
            -100.0,
            -700.0,
            -707.9999999,
            -708.0,               // the lowest argument the vector exp is trusted with
            -708.0000001,
            -709.0,
            -709.78,
            -709.79,
            -720.0,
            -744.44007192138126,
            -745.0,
            -745.1332191019411,  // exp rounds to the smallest subnormal
            -746.0,
            -1000.0,
            -1e300,
            -DBL_MAX,
            -kInf};
}

std::vector<double> manyArguments()
{
    std::vector<double> arguments = edgeArguments();
    std::mt19937_64 rng(20261201);
    std::uniform_real_distribution<double> wide(-760.0, 0.0);
    std::uniform_real_distribution<double> near(-2.0, 0.0);
    std::uniform_real_distribution<double> exponent(-300.0, 2.0);
    for (int i = 0; i < 40000; ++i) {
        arguments.push_back(wide(rng));
        arguments.push_back(near(rng));
        arguments.push_back(-std::pow(10.0, exponent(rng)));
    }
    return arguments;
}

// The one place where the test's expectation is written: what exp of one argument must be.
::testing::AssertionResult agreesWithStdExp(double argument, double actual)
{
    const double expected = std::exp(argument);
    if (argument == -kInf) {
        if (actual == 0.0 && !std::signbit(actual))
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << "exp(-inf) gave " << actual << ", not +0";
    }
    if (expected < DBL_MIN) {
        // Subnormal results come from std::exp itself: the same bits.
        if (sameBits(actual, expected))
            return ::testing::AssertionSuccess();
        return ::testing::AssertionFailure() << "exp(" << argument << ") gave " << actual
                                             << ", std::exp " << expected;
    }
    if (std::abs(actual - expected) <= 1e-15 * expected)
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
        << std::hexfloat << "exp(" << argument << ") gave " << actual << ", std::exp " << expected
        << std::defaultfloat << " (relative error " << std::abs(actual - expected) / expected << ")";
}

TEST(VectorExp, PacketWidthIsWhatThisBuildsInstructionSetGives)
{
    const Index lanes = vectorExpLanes();
    EXPECT_GE(lanes, 1);
    EXPECT_LE(lanes, 16);
    EXPECT_EQ(lanes & (lanes - 1), 0) << "a power of two";
#if defined(EIGEN_VECTORIZE_AVX512)
    EXPECT_EQ(lanes, 8);
#elif defined(EIGEN_VECTORIZE_AVX)
    EXPECT_EQ(lanes, 4);
#elif defined(EIGEN_VECTORIZE_SSE2) || defined(EIGEN_VECTORIZE_NEON)
    EXPECT_EQ(lanes, 2);
#endif
}

TEST(VectorExp, AgreesWithStdExpToOnePartIn1e15OnManyArguments)
{
    const std::vector<double> arguments = manyArguments();
    // Whole rows of several lengths, so that full packets and the padded tail are both used.
    for (const Index length : {Index(1), Index(3), Index(7), Index(8), Index(13), Index(64), Index(257)}) {
        int failures = 0;
        for (size_t start = 0; start + size_t(length) <= arguments.size() && failures < 5;
             start += size_t(length)) {
            std::vector<double> row(arguments.begin() + long(start), arguments.begin() + long(start) + length);
            exponentiateRow(row.data(), length);
            for (Index j = 0; j < length; ++j) {
                const ::testing::AssertionResult agrees = agreesWithStdExp(arguments[start + size_t(j)], row[size_t(j)]);
                if (!agrees) {
                    ADD_FAILURE() << "row length " << length << ": " << agrees.message();
                    ++failures;
                }
            }
        }
    }
}

TEST(VectorExp, EveryEdgeArgumentAloneAndAmongOrdinaryOnes)
{
    // Each edge argument once alone, once in the middle of a full row of ordinary arguments (a
    // deep-tail or -inf entry sends the row through another branch).
    for (const double argument : edgeArguments()) {
        double alone = argument;
        exponentiateRow(&alone, 1);
        EXPECT_TRUE(agreesWithStdExp(argument, alone));

        std::vector<double> row(19, -0.75);
        row[9] = argument;
        exponentiateRow(row.data(), Index(row.size()));
        EXPECT_TRUE(agreesWithStdExp(argument, row[9]));
        EXPECT_TRUE(agreesWithStdExp(-0.75, row[0])) << "beside " << argument;
        EXPECT_TRUE(agreesWithStdExp(-0.75, row[18])) << "beside " << argument;
    }
    double zero = 0.0;
    exponentiateRow(&zero, 1);
    EXPECT_EQ(zero, 1.0) << "the largest key's weight before normalising is exactly 1";
}

TEST(VectorExp, BitsDoNotDependOnPositionOrAlignment)
{
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> argument(-40.0, 0.0);
    for (const Index length : {Index(1), Index(2), Index(5), Index(8), Index(9), Index(31), Index(100)}) {
        std::vector<double> values(static_cast<size_t>(length));
        for (double &v : values)
            v = argument(rng);
        std::vector<double> first;
        for (int offset = 0; offset < 16; ++offset) {
            Scratch scratch;
            std::copy(values.begin(), values.end(), scratch.data + offset);
            exponentiateRow(scratch.data + offset, length);
            std::vector<double> result(scratch.data + offset, scratch.data + offset + length);
            if (offset == 0) {
                first = result;
                continue;
            }
            for (Index j = 0; j < length; ++j) {
                EXPECT_TRUE(sameBits(result[size_t(j)], first[size_t(j)]))
                    << "length " << length << ", offset " << offset << ", entry " << j;
            }
        }
    }
    // One argument at every position of a row: every entry the same bits.
    std::vector<double> same(37, -3.3219280948873622);
    exponentiateRow(same.data(), Index(same.size()));
    for (size_t j = 1; j < same.size(); ++j)
        EXPECT_TRUE(sameBits(same[j], same[0])) << "entry " << j;
}

TEST(VectorExp, SumInFixedOrderIsAccurateAndPositionIndependent)
{
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> weight(0.0, 1.0);
    for (const Index length : {Index(1), Index(3), Index(8), Index(17), Index(64), Index(511)}) {
        std::vector<double> values(static_cast<size_t>(length));
        long double reference = 0.0L;
        for (double &v : values) {
            v = weight(rng);
            reference += v;
        }
        double first = 0.0;
        for (int offset = 0; offset < 16; ++offset) {
            Scratch scratch;
            std::copy(values.begin(), values.end(), scratch.data + offset);
            const double sum = sumRowInFixedOrder(scratch.data + offset, length);
            EXPECT_LE(std::abs((long double)sum - reference), double(length) * DBL_EPSILON * reference)
                << "length " << length;
            if (offset == 0)
                first = sum;
            else
                EXPECT_TRUE(sameBits(sum, first)) << "length " << length << ", offset " << offset;
        }
    }
}

TEST(VectorExp, SoftmaxTiesStayExactWhereverTheRowSits)
{
    // Two keys with the same score get the same weight to the last bit, at any memory offset and
    // any positions in the row; the row's weights are the same bits at every offset.
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> score(-30.0, 5.0);
    for (const Index length : {Index(3), Index(8), Index(9), Index(13), Index(37), Index(100)}) {
        std::vector<double> scores(static_cast<size_t>(length));
        for (double &s : scores)
            s = score(rng);
        scores.back() = scores.front();
        scores[size_t(length) / 2] = scores.front();
        std::vector<double> first;
        for (int offset = 0; offset < 16; ++offset) {
            Scratch in;
            Scratch out;
            std::copy(scores.begin(), scores.end(), in.data + offset);
            softmaxRow(in.data + offset, nullptr, length, 0.7, out.data + offset);
            const double *w = out.data + offset;
            EXPECT_TRUE(sameBits(w[0], w[length - 1])) << "length " << length << ", offset " << offset;
            EXPECT_TRUE(sameBits(w[0], w[length / 2])) << "length " << length << ", offset " << offset;
            std::vector<double> weights(w, w + length);
            if (offset == 0)
                first = weights;
            else
                EXPECT_EQ(std::memcmp(first.data(), weights.data(), size_t(length) * sizeof(double)), 0)
                    << "length " << length << ", offset " << offset;
        }
    }
}

} // namespace
} // namespace attnlens
