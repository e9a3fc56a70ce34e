#include "lessonstepscale.h"

#include "lesson.h"
#include "lessonchecks.h"
#include "scalelab.h"
#include "scalelabmeasurement.h"

#include <cmath>

namespace attnlens {

using namespace lessonchecks;

namespace {

/// The measured spreads agree with unit-variance statistics to within this fraction (a sample of
/// 256 dot products measures a standard deviation to within a few per cent; see the tests).
constexpr double kSpreadTolerance = 0.25;
/// From this d_k on, the step asks for saturated unscaled rows.
constexpr Index kLargeKeyDimension = 256;
/// An unscaled row is "near one-hot" when its largest weight averages at least this, and the
/// scaled rows "spread" when theirs averages at most this.
constexpr double kSaturated = 0.8;
constexpr double kSpread = 0.7;

std::optional<ScaleLabMeasurement> measured(const Scenario &s, const AttentionResult *r)
{
    if (!r || !s.scaleLab)
        return std::nullopt;
    Result<ScaleLabMeasurement> m = measureScaleLab(s);
    if (!m)
        return std::nullopt;
    return std::move(m).value();
}

} // namespace

LessonStep scaleLabStep()
{
    LessonStep step;
    step.id = QStringLiteral("why-sqrt-dk");
    step.title = Lesson::tr("Why divide by √d_k");
    step.text = Lesson::tr("Sixteen random queries and sixteen random keys, every coordinate drawn "
                           "independently with mean 0 and variance 1. A dot product q·k adds up "
                           "d_k such products, so its variance is d_k and its spread (standard "
                           "deviation) is √d_k. The lab shows the raw dot products beside the "
                           "scaled scores q·k/√d_k, and what softmax makes of each row with and "
                           "without the division. Move d_k with the slider (1 to 512), draw a new "
                           "sample, and stretch one key.");
    step.prediction = Lesson::tr("At d_k = 16, how wide do you expect the raw dot products to "
                                 "spread, and the scaled scores? What happens to softmax without "
                                 "the division when d_k reaches 256?");
    step.revealed = Lesson::tr("The raw dot products spread about √16 = 4, the scaled scores about "
                               "1, whatever d_k is. Without the division, softmax sees scores of "
                               "size √d_k: at d_k = 256 most rows put nearly all their weight on "
                               "one key, and such a row passes almost no gradient to the others. "
                               "With it, the rows stay spread. The division is the same for every "
                               "key, so a key twice as long still scores twice as high: it scales "
                               "scores, it does not make vectors unit length.");
    step.scenarioId = QLatin1String(scalelab::kScenarioId);
    step.view = LessonView::ScaleLab;
    step.answersAbout = LessonQuantity::Spread;

    step.checkpoints.push_back(asked(
        {Lesson::tr("Raw dot products spread like √d_k"),
         Lesson::tr("standard deviation ≈ √d_k (√16 = 4); scaled scores ≈ 1"),
         [](const Scenario &s, const AttentionResult *r) {
             const auto m = measured(s, r);
             return m && std::abs(m->rawDeviation / m->expectedRawDeviation - 1.0) <= kSpreadTolerance
                 && std::abs(m->scaledDeviation - 1.0) <= kSpreadTolerance;
         }},
        Lesson::tr("The spread of the raw dot products and of the scaled scores")));
    step.checkpoints.push_back(action(
        {Lesson::tr("Unscaled rows saturate"),
         Lesson::tr("d_k ≥ 256: largest unscaled weight ≈ 1, scaled rows still spread"),
         [](const Scenario &s, const AttentionResult *r) {
             const auto m = measured(s, r);
             return m && s.keyDimension() >= kLargeKeyDimension && m->meanLargestUnscaled >= kSaturated
                 && m->meanLargestScaled <= kSpread;
         }},
        Lesson::tr("Move d_k to 256 or more and compare the largest weights")));
    step.checkpoints.push_back(action(
        {Lesson::tr("A key twice as long scores twice as high"),
         Lesson::tr("stretched ×2: every scaled score of that key × 2 exactly"),
         [](const Scenario &s, const AttentionResult *r) {
             const auto m = measured(s, r);
             return m && m->stretch && m->stretch->factor == 2.0 && m->stretch->smallestRatio == 2.0
                 && m->stretch->largestRatio == 2.0;
         }},
        Lesson::tr("Stretch one key to twice its length")));
    step.checkpoints.push_back(asked(
        {Lesson::tr("Scaling does not normalise lengths"),
         Lesson::tr("the keys keep lengths near √d_k, not 1"),
         [](const Scenario &s, const AttentionResult *r) {
             if (!measured(s, r) || s.keyCount() < 1)
                 return false;
             const double meanLength = s.keys.rowwise().norm().mean();
             return std::abs(meanLength / std::sqrt(double(s.keyDimension())) - 1.0) <= kSpreadTolerance;
         }},
        Lesson::tr("Does dividing by √d_k make the vectors unit length?")));
    return step;
}

} // namespace attnlens
