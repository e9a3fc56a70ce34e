#include "lessonstepbottleneck.h"

#include "attentionresult.h"
#include "bottleneckcontexts.h"
#include "lesson.h"
#include "lessonchecks.h"
#include "scenario.h"

#include <cmath>

namespace attnlens {

using namespace lessonchecks;

namespace {

// The step's memory (resources/scenarios/bottleneck.json): six encoder states in 2-D.
constexpr double kKeys[6][2] = {{2, 0}, {1, 2}, {-1, 2}, {-2, 0}, {-1, -2}, {1, -2}};
constexpr double kValues[6][2] = {{4, 0}, {2, 3}, {-2, 3}, {-4, 0}, {-2, -3}, {2, -3}};

/// The scenario still holds the step's memory: the same six keys and values, nothing masked.
bool sameMemory(const Scenario &s)
{
    if (s.keyCount() != 6 || s.keyDimension() != 2 || s.valueDimension() != 2 || s.allowed)
        return false;
    for (Index i = 0; i < 6; ++i) {
        for (Index j = 0; j < 2; ++j) {
            if (!near(s.keys(i, j), kKeys[i][j]) || !near(s.values(i, j), kValues[i][j]))
                return false;
        }
    }
    return true;
}

/// The largest distance from an attention context to the mean of the values, or nullopt.
std::optional<double> farthestFromMean(const Scenario &s, const AttentionResult *r)
{
    if (!r || r->context.rows() == 0 || r->context.cols() != s.valueDimension())
        return std::nullopt;
    const Eigen::RowVectorXd mean = meanStateContext(s.values);
    double farthest = 0.0;
    for (Index i = 0; i < r->context.rows(); ++i)
        farthest = std::max(farthest, (r->context.row(i) - mean).stableNorm());
    return farthest;
}

} // namespace

LessonStep bottleneckLabStep()
{
    LessonStep step;
    step.id = QStringLiteral("bottleneck");
    step.title = Lesson::tr("Why attention: one fixed context for every query");
    step.text = Lesson::tr(
        "An encoder that passes on only its final state squeezes the whole input into one "
        "vector, and every output step of the decoder receives that same vector. Here six encoder "
        "states h1 to h6 each have a key (left plane) and a value (right plane). The black square "
        "is the fixed context of a final-state encoder: the last value, h6 = [2, -3]; the black "
        "diamond is the other common choice, the mean of the values, [0, 0]. Whatever a decoder "
        "query asks, it gets one of these. Attention instead lets each query weigh all six states: "
        "the coloured dots are the three queries' own contexts C = AV. Drag a query's arrow (or "
        "select it with 1, 2, 3 and move it with the arrow keys) and watch which markers move.");
    step.prediction = Lesson::tr(
        "The three queries point three different ways, but they are short. Before dragging: are "
        "their contexts as far apart as the values they point at, or do they huddle together? "
        "Near which fixed context?");
    step.revealed = Lesson::tr(
        "They huddle near the mean [0, 0], each within 1 of it, and the two farthest apart are "
        "only about 1.42 apart, while the values lie about 8 apart: short queries score every key "
        "almost alike, so the weights are nearly even and each context is nearly the plain "
        "average. Lengthen a query and its weight gathers on the states it points at: its context "
        "moves out towards their values, while both fixed contexts stay where they are.");
    step.guess.kind = LessonGuess::Kind::Number;
    step.guess.prompt = Lesson::tr("Your guess: how far apart are the two contexts that lie farthest apart?");
    step.guess.example = QStringLiteral("5");
    step.guess.absoluteTolerance = 0.25;
    step.guess.answer = [](const Scenario &, const AttentionResult *r) -> std::optional<LessonAnswer> {
        const std::optional<ContextSpread> widest = r ? widestContextPair(r->context) : std::nullopt;
        if (!widest)
            return std::nullopt;
        return LessonAnswer{{widest->distance}, {Lesson::tr("widest distance between two contexts")}};
    };
    step.scenarioId = QStringLiteral("bottleneck");
    step.view = LessonView::BottleneckLab;
    step.answersAbout = LessonQuantity::Context;

    const QString clearly = QString::number(kClearlyDifferentContexts, 'g', 3);
    step.checkpoints.push_back(given(
        {Lesson::tr("Every query gets the same fixed context"),
         Lesson::tr("last state h6 = [2, -3], mean of the values = [0, 0], for every query"),
         [](const Scenario &s, const AttentionResult *) {
             const Eigen::RowVectorXd last = lastStateContext(s.values);
             const Eigen::RowVectorXd mean = meanStateContext(s.values);
             return s.queryCount() >= 2 && last.size() == 2 && near(last(0), 2.0) && near(last(1), -3.0)
                 && near(mean(0), 0.0) && near(mean(1), 0.0);
         }}));
    step.checkpoints.push_back(asked(
        {Lesson::tr("Short queries stay near the mean"),
         Lesson::tr("every attention context lies within 1 of the mean [0, 0]"),
         [](const Scenario &s, const AttentionResult *r) {
             const std::optional<double> farthest = farthestFromMean(s, r);
             return farthest && *farthest < 1.0;
         }},
        Lesson::tr("How far from the mean are the three contexts before you drag?")));
    step.checkpoints.push_back(action(
        {Lesson::tr("Two queries, two clearly different contexts"),
         Lesson::tr("two attention contexts at least %1 apart, from the same keys and values").arg(clearly),
         [](const Scenario &s, const AttentionResult *r) {
             if (!r || !sameMemory(s))
                 return false;
             const std::optional<ContextSpread> widest = widestContextPair(r->context);
             return widest && widest->distance >= kClearlyDifferentContexts;
         }},
        Lesson::tr("Drag two queries apart until their contexts lie at least %1 apart (the "
                   "lab shows the widest distance).")
            .arg(clearly)));
    step.checkpoints.push_back(action(
        {Lesson::tr("Attention can hand back the last state too"),
         Lesson::tr("one query's context within 1 of h6's value [2, -3]"),
         [](const Scenario &s, const AttentionResult *r) {
             if (!r || !sameMemory(s) || r->context.cols() != 2)
                 return false;
             const Eigen::RowVectorXd last = lastStateContext(s.values);
             for (Index i = 0; i < r->context.rows(); ++i) {
                 if ((r->context.row(i) - last).stableNorm() <= 1.0)
                     return true;
             }
             return false;
         }},
        Lesson::tr("Point one query at h6's key [1, -2] and lengthen it until its context lies "
                   "within 1 of the fixed last-state context.")));
    return step;
}

} // namespace attnlens
