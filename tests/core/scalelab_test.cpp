// The √d_k lab's core: the portable normal generator, the sample, the measured spreads against
// their statistical expectation, softmax with and without the division against an independent
// long-double reference, the stretched key, the scenario file's "scale_lab" field, the model
// setter and the lesson step's checkpoints.
#include "attention.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "evidence.h"
#include "lesson.h"
#include "portablenormal.h"
#include "scalelab.h"
#include "scalelabmeasurement.h"
#include "scenariojson.h"

#include <QSignalSpy>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iostream>
#include <random>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

quint64 bitsOf(double v)
{
    quint64 bits;
    std::memcpy(&bits, &v, sizeof bits);
    return bits;
}

/// Box–Muller written out again in long double, straight from the engine's outputs.
long double referenceNormal(std::mt19937_64 &engine, bool second)
{
    const long double u1 = 1.0L - static_cast<long double>(engine() >> 11) * 0x1.0p-53L;
    const long double u2 = static_cast<long double>(engine() >> 11) * 0x1.0p-53L;
    const long double r = std::sqrt(-2.0L * std::log(u1));
    const long double a = 2.0L * 3.141592653589793238462643383279502884L * u2;
    return second ? r * std::sin(a) : r * std::cos(a);
}

Scenario sampleAt(Index d, ScaleLabSettings settings = {})
{
    return scalelab::withSample(scalelab::defaultScenario(), settings, d);
}

/// Largest weight and entropy of softmax(x / divisor), in long double.
std::pair<long double, long double> referenceRow(const std::vector<long double> &x, long double divisor)
{
    long double top = x[0];
    for (long double v : x)
        top = std::max(top, v);
    std::vector<long double> w;
    long double sum = 0;
    for (long double v : x) {
        w.push_back(std::exp((v - top) / divisor));
        sum += w.back();
    }
    long double largest = 0, entropy = 0;
    for (long double &v : w) {
        v /= sum;
        largest = std::max(largest, v);
        if (v > 0)
            entropy -= v * std::log(v);
    }
    return {largest, entropy};
}

} // namespace

TEST(PortableNormal, IsBoxMullerOnTheStandardEngineAndPinnedBitForBit)
{
    // std::mt19937_64 is pinned by the standard: its 10000th output from the default seed.
    std::mt19937_64 standard;
    standard.discard(9999);
    EXPECT_EQ(standard(), 9981545732273789042ULL);

    PortableNormal normal(42);
    std::mt19937_64 engine(42);
    for (int pair = 0; pair < 500; ++pair) {
        std::mt19937_64 copy = engine;
        const long double z0 = referenceNormal(copy, false);
        const long double z1 = referenceNormal(engine, true);
        const double a = normal.next();
        const double b = normal.next();
        EXPECT_NEAR(a, static_cast<double>(z0), 1e-14 * (1 + std::abs(double(z0))));
        EXPECT_NEAR(b, static_cast<double>(z1), 1e-14 * (1 + std::abs(double(z1))));
    }
    // The same seed gives the same bits (pinned: a change of algorithm changes every sample).
    PortableNormal again(ScaleLabSettings::kDefaultSeed);
    PortableNormal twice(ScaleLabSettings::kDefaultSeed);
    for (int i = 0; i < 1000; ++i)
        EXPECT_EQ(bitsOf(again.next()), bitsOf(twice.next()));
    const Scenario first = sampleAt(16);
    EXPECT_EQ(bitsOf(first.queries(0, 0)), 0xbfe2582b3ce0d4beULL);  // −0.5732628048923727
    EXPECT_EQ(bitsOf(first.keys(15, 15)), 0xbfdd26d1fd51316fULL);   // −0.4554944013405224
}

TEST(PortableNormal, HasMeanZeroAndVarianceOne)
{
    PortableNormal normal(7);
    const int n = 200000;
    long double sum = 0, squares = 0;
    for (int i = 0; i < n; ++i) {
        const long double z = normal.next();
        sum += z;
        squares += z * z;
    }
    const long double mean = sum / n;
    // Standard errors: 1/√n ≈ 0.0022 for the mean, √(2/n) ≈ 0.0032 for the variance; 5 of them.
    EXPECT_NEAR(double(mean), 0.0, 0.012);
    EXPECT_NEAR(double(squares / n - mean * mean), 1.0, 0.016);
}

TEST(ScaleLabSample, KeepsEachCoordinateAtEveryKeyDimensionAndChangesWithTheSeed)
{
    const scalelab::Sample wide = scalelab::sample(ScaleLabSettings::kDefaultSeed, 512);
    for (Index d : {1, 7, 64, 300}) {
        const scalelab::Sample narrow = scalelab::sample(ScaleLabSettings::kDefaultSeed, d);
        ASSERT_EQ(narrow.queries.cols(), d);
        EXPECT_TRUE(identicalMatrices(narrow.queries, wide.queries.leftCols(d)));
        EXPECT_TRUE(identicalMatrices(narrow.keys, wide.keys.leftCols(d)));
    }
    const scalelab::Sample other = scalelab::sample(scalelab::nextSeed(ScaleLabSettings::kDefaultSeed), 16);
    EXPECT_NE(other.queries(0, 0), wide.queries(0, 0));
    EXPECT_NE(scalelab::nextSeed(5), 5u);
    EXPECT_EQ(sampleAt(0).keyDimension(), 1);
    EXPECT_EQ(sampleAt(9999).keyDimension(), 512);
}

// The tolerance: with 16 queries and 16 keys the 256 products share their vectors, and the
// sample variance s² of q·k fluctuates mostly with the squared lengths of the 16 queries and of
// the 16 keys (relative variance 2/(16 d_k) each) and with the 256 products themselves (about
// 2/256). So s² has a relative standard error of about √(4/(16 d_k) + 2/256) and s half of that;
// the test allows 3.5 of those, from ±89 % at d_k = 1 down to ±16 % at d_k = 512 — and holds the
// average over 200 seeds, whose standard error is 14 times smaller, to ±3 %.
TEST(ScaleLabMeasurement, RawSpreadGrowsLikeTheRootOfTheKeyDimensionAndScaledStaysNearOne)
{
    for (Index d : {1, 2, 4, 16, 64, 256, 512}) {
        SCOPED_TRACE(d);
        const Scenario s = sampleAt(d);
        const Result<ScaleLabMeasurement> m = measureScaleLab(s);
        ASSERT_TRUE(m.ok());
        ASSERT_EQ(m.value().rawProducts.size(), 256u);
        // Every raw product against a long-double dot product of the scenario's vectors.
        for (Index i = 0; i < 16; ++i) {
            for (Index j = 0; j < 16; ++j) {
                long double dot = 0, qq = 0, kk = 0;
                for (Index c = 0; c < d; ++c) {
                    dot += static_cast<long double>(s.queries(i, c)) * s.keys(j, c);
                    qq += static_cast<long double>(s.queries(i, c)) * s.queries(i, c);
                    kk += static_cast<long double>(s.keys(j, c)) * s.keys(j, c);
                }
                EXPECT_NEAR(m.value().rawProducts[size_t(i * 16 + j)], double(dot), 1e-13 * double(std::sqrt(qq * kk)));
            }
        }
        const double relative = 0.5 * std::sqrt(4.0 / (16.0 * d) + 2.0 / 256.0);
        EXPECT_DOUBLE_EQ(m.value().expectedRawDeviation, std::sqrt(double(d)));
        EXPECT_NEAR(m.value().rawDeviation / std::sqrt(double(d)), 1.0, 3.5 * relative);
        EXPECT_NEAR(m.value().scaledDeviation, 1.0, 3.5 * relative);
        EXPECT_NEAR(m.value().rawDeviation / m.value().scaledDeviation, std::sqrt(double(d)), 1e-9 * std::sqrt(double(d)));
    }
    // Over many seeds the measured variance is d_k on average.
    for (Index d : {4, 64}) {
        double sum = 0;
        quint64 seed = 1;
        const int seeds = 200;
        for (int k = 0; k < seeds; ++k) {
            seed = scalelab::nextSeed(seed);
            ScaleLabSettings settings;
            settings.seed = seed;
            const Result<ScaleLabMeasurement> m = measureScaleLab(sampleAt(d, settings));
            ASSERT_TRUE(m.ok());
            sum += m.value().rawDeviation * m.value().rawDeviation / double(d);
        }
        EXPECT_NEAR(sum / seeds, 1.0, 0.03) << "d_k = " << d;
    }
}

TEST(ScaleLabMeasurement, SoftmaxWithAndWithoutTheDivisionAgreesWithALongDoubleReference)
{
    for (Index d : {1, 16, 256, 512}) {
        SCOPED_TRACE(d);
        const Scenario s = sampleAt(d);
        const ScaleLabMeasurement m = measureScaleLab(s).value();
        for (Index i = 0; i < 16; ++i) {
            std::vector<long double> dots;
            for (Index j = 0; j < 16; ++j) {
                long double dot = 0;
                for (Index c = 0; c < d; ++c)
                    dot += static_cast<long double>(s.queries(i, c)) * s.keys(j, c);
                dots.push_back(dot);
            }
            const auto [scaledTop, scaledEntropy] = referenceRow(dots, std::sqrt(static_cast<long double>(d)));
            const auto [rawTop, rawEntropy] = referenceRow(dots, 1.0L);
            EXPECT_NEAR(m.largestScaled[size_t(i)], double(scaledTop), 1e-12);
            EXPECT_NEAR(m.entropyScaled[size_t(i)], double(scaledEntropy), 1e-11);
            EXPECT_NEAR(m.largestUnscaled[size_t(i)], double(rawTop), 1e-11);
            EXPECT_NEAR(m.entropyUnscaled[size_t(i)], double(rawEntropy), 1e-10);
        }
        EXPECT_DOUBLE_EQ(m.uniformEntropy, std::log(16.0));
    }
    // Unscaled rows saturate as d_k grows; scaled ones do not.
    const ScaleLabMeasurement small = measureScaleLab(sampleAt(1)).value();
    const ScaleLabMeasurement large = measureScaleLab(sampleAt(256)).value();
    EXPECT_NEAR(small.meanLargestUnscaled, small.meanLargestScaled, 1e-15);
    EXPECT_GE(large.meanLargestUnscaled, 0.9);
    EXPECT_LE(large.meanLargestScaled, 0.7);
    EXPECT_LT(large.meanEntropyUnscaled, 0.3);
    std::cout << "d_k 256: mean largest weight " << large.meanLargestUnscaled << " unscaled, "
              << large.meanLargestScaled << " scaled; mean entropy " << large.meanEntropyUnscaled
              << " and " << large.meanEntropyScaled << "\n";
    EXPECT_GT(large.meanEntropyScaled, 1.0);
}

TEST(ScaleLabMeasurement, AStretchedKeyScoresExactlyTwiceAsHighAfterScaling)
{
    for (Index d : {1, 16, 100, 512}) {
        SCOPED_TRACE(d);
        ScaleLabSettings settings;
        settings.stretchedKey = 3;
        settings.stretchFactor = 2.0;
        const Scenario stretched = sampleAt(d, settings);
        const Scenario drawn = sampleAt(d);
        const ScaleLabMeasurement m = measureScaleLab(stretched).value();
        ASSERT_TRUE(m.stretch.has_value());
        EXPECT_EQ(m.stretch->key, 3);
        EXPECT_EQ(m.stretch->ratio, 2.0);
        EXPECT_EQ(m.stretch->smallestRatio, 2.0);
        EXPECT_EQ(m.stretch->largestRatio, 2.0);
        EXPECT_EQ(m.stretch->stretchedLength, 2.0 * m.stretch->drawnLength);
        // Against the long-double dot product of the drawn key.
        long double dot = 0;
        for (Index c = 0; c < d; ++c)
            dot += static_cast<long double>(drawn.queries(m.stretch->query, c)) * drawn.keys(3, c);
        EXPECT_NEAR(m.stretch->drawnScore, double(dot / std::sqrt(static_cast<long double>(d))), 1e-12);
        // Every other key keeps its scores bit for bit.
        const AttentionResult a = computeAttention(stretched).value();
        const AttentionResult b = computeAttention(drawn).value();
        for (Index j = 0; j < 16; ++j) {
            if (j != 3) {
                EXPECT_TRUE(identicalMatrices(a.scores.col(j), b.scores.col(j)));
            }
        }
    }
    ScaleLabSettings none;
    EXPECT_FALSE(measureScaleLab(sampleAt(16, none)).value().stretch.has_value());
}

TEST(ScaleLabFile, TheSettingsRoundTripAndAnOldFileLoadsUnchanged)
{
    ScaleLabSettings settings;
    settings.seed = 18446744073709551615ULL;  // beyond a double's whole numbers
    settings.stretchedKey = 15;
    settings.stretchFactor = 0.25;
    const Scenario s = sampleAt(33, settings);
    const QByteArray text = scenarioJsonText(s);
    EXPECT_TRUE(text.contains("\"scale_lab\""));
    EXPECT_TRUE(text.contains("\"18446744073709551615\""));
    const Result<Scenario> back = parseScenario(text, QStringLiteral("lab.json"));
    ASSERT_TRUE(back.ok()) << back.error().message.toStdString();
    EXPECT_EQ(back.value(), s);
    ASSERT_TRUE(back.value().scaleLab.has_value());
    EXPECT_EQ(back.value().scaleLab->seed, settings.seed);
    EXPECT_EQ(scenarioJsonText(back.value()), text);

    // A scenario without the lab writes no such field and reads back without it.
    Scenario plain = s;
    plain.scaleLab.reset();
    const QByteArray plainText = scenarioJsonText(plain);
    EXPECT_FALSE(plainText.contains("scale_lab"));
    const Result<Scenario> plainBack = parseScenario(plainText, QStringLiteral("plain.json"));
    ASSERT_TRUE(plainBack.ok());
    EXPECT_FALSE(plainBack.value().scaleLab.has_value());
    EXPECT_NE(plainBack.value(), s);
    const Result<Scenario> lesson = loadBuiltinScenario(QStringLiteral("lesson"));
    ASSERT_TRUE(lesson.ok());
    EXPECT_FALSE(lesson.value().scaleLab.has_value());

    // Wrong settings are refused with the field named.
    for (const char *bad : {R"("scale_lab": {"seed": 5})", R"("scale_lab": {"seed": "-1"})",
                            R"("scale_lab": {"seed": "1", "stretched_key": 16})",
                            R"("scale_lab": {"seed": "1", "stretch_factor": 0})",
                            R"("scale_lab": {"seed": "1", "colour": 0})"}) {
        QByteArray broken = plainText;
        broken.insert(broken.indexOf('{') + 1, QByteArray("\n    ") + bad + ",");
        const Result<Scenario> refused = parseScenario(broken, QStringLiteral("bad.json"));
        ASSERT_FALSE(refused.ok()) << bad;
        EXPECT_TRUE(refused.error().message.contains(QStringLiteral("scale_lab"))) << refused.error().message.toStdString();
    }
}

TEST(ScaleLabModel, TheSetterDrawsTheSampleOnceAndCarriesTheSettingsToTheShownHead)
{
    AttentionModel model;
    model.setScenario(loadBuiltinScenario(QStringLiteral("lesson")).value());
    QSignalSpy reset(&model, &AttentionModel::scenarioReset);
    ScaleLabSettings settings;
    model.setScaleLab(settings, 64);
    EXPECT_EQ(reset.count(), 1);
    EXPECT_EQ(model.scenario().keyDimension(), 64);
    EXPECT_EQ(model.scenario().queryCount(), 16);
    EXPECT_EQ(model.scenario().name, scalelab::defaultScenario().name);
    ASSERT_TRUE(model.scenario().scaleLab.has_value());
    model.setScaleLab(settings, 64);
    EXPECT_EQ(reset.count(), 1);
    settleEvents(1);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(model.scenario().headAlone(0).scaleLab, model.scenario().scaleLab);
}

TEST(ScaleLabLessonStep, ComesAfterScaledScoresAndItsCheckpointsFollowTheLab)
{
    const std::vector<LessonStep> steps = Lesson::steps();
    int index = -1;
    for (size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].id == QLatin1String("why-sqrt-dk"))
            index = int(i);
    }
    ASSERT_GT(index, 0);
    EXPECT_EQ(steps[size_t(index - 1)].id, QStringLiteral("scaled-scores"));
    const LessonStep &step = steps[size_t(index)];
    ASSERT_EQ(step.checkpoints.size(), 4u);

    AttentionModel model;
    model.setScenario(Lesson::loadScenario(step.scenarioId).value());
    const auto holds = [&](int k) { return step.checkpoints[size_t(k)].holds(model.scenario(), model.result()); };
    EXPECT_TRUE(holds(0));
    EXPECT_FALSE(holds(1));
    EXPECT_FALSE(holds(2));
    EXPECT_TRUE(holds(3));
    ScaleLabSettings settings = *model.scenario().scaleLab;
    model.setScaleLab(settings, 255);
    EXPECT_FALSE(holds(1));
    model.setScaleLab(settings, 256);
    EXPECT_TRUE(holds(1));
    EXPECT_TRUE(holds(0));
    settings.stretchedKey = 4;
    settings.stretchFactor = 3.0;
    model.setScaleLab(settings, 256);
    EXPECT_FALSE(holds(2));
    settings.stretchFactor = 2.0;
    model.setScaleLab(settings, 256);
    EXPECT_TRUE(holds(2));
    // A scenario that is not the lab's sample shows none of it.
    model.setScenario(loadBuiltinScenario(QStringLiteral("lesson")).value());
    for (int k = 0; k < 4; ++k)
        EXPECT_FALSE(holds(k)) << k;
}
