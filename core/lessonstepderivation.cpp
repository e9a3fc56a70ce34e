#include "lessonstepderivation.h"

#include "derivation.h"
#include "lesson.h"
#include "lessonchecks.h"
#include "scenario.h"

namespace attnlens {

using namespace lessonchecks;

namespace {

/// Q, K and V are exactly what the tokens and the projections make.
bool derivedExactly(const Scenario &s)
{
    if (!s.derivation)
        return false;
    const Derivation &d = *s.derivation;
    return identicalMatrices(s.queries, project(d.x, d.wQ))
        && identicalMatrices(s.keys, project(d.keySource(), d.wK))
        && identicalMatrices(s.values, project(d.keySource(), d.wV));
}

bool selfAttention(const Scenario &s)
{
    return derivedExactly(s) && !s.derivation->isCross();
}

} // namespace

LessonStep derivationLabStep()
{
    LessonStep step;
    step.id = QStringLiteral("practice-derivation");
    step.title = Lesson::tr("Practice 5: where Q, K and V come from");
    step.text = Lesson::tr(
        "So far Q, K and V were typed in. In a model they are made: every token has an embedding "
        "(a row of X), and three learned matrices turn it into its query, key and value: Q = X W_Q, "
        "K = X W_K, V = X W_V. Here the four tokens x1 to x4 live in a plane, so you can drag them. "
        "One token feeds one row of each of Q, K and V. Add a second stream Y and the keys and "
        "values come from Y instead, while the queries still come from X: that is cross-attention.");
    step.prediction = Lesson::tr(
        "Work out q1 = x1 W_Q by hand (x1 = [1, 0.25]). Then predict: when you drag x2, which rows "
        "of Q, K and V move?");
    step.revealed = Lesson::tr(
        "q1 = [1 × 1.5 + 0.25 × (−0.5), 1 × 0.5 + 0.25 × 1.5] = [1.375, 0.875]. Dragging x2 moves row "
        "2 of Q, of K and of V together, and nothing else: in self-attention a token is a query, a "
        "key and a value at once. In cross-attention dragging a token of X moves only its query, "
        "and a token of Y only its key and value.");
    step.scenarioId = QStringLiteral("practice-derivation");
    step.view = LessonView::DerivationLab;
    const Matrix startX = defaultDerivation().x;
    step.checkpoints.push_back(given({Lesson::tr("One stream"), Lesson::tr("Q, K and V all come from X"),
                                      [](const Scenario &s, const AttentionResult *) {
                                          return selfAttention(s);
                                      }}));
    step.checkpoints.push_back(asked({Lesson::tr("Query of x1"), QStringLiteral("≈ [1.3750, 0.8750]"),
                                      [](const Scenario &s, const AttentionResult *) {
                                          return derivedExactly(s) && rowNear(s.queries, 0, {1.375, 0.875});
                                      }},
                                     Lesson::tr("What is q1 = x1 W_Q?")));
    step.checkpoints.push_back(action(
        {Lesson::tr("A token moved"), Lesson::tr("its query, key and value moved with it"),
         [startX](const Scenario &s, const AttentionResult *) {
             if (!selfAttention(s) || s.derivation->x.rows() != startX.rows()
                 || s.derivation->x.cols() != startX.cols())
                 return false;
             for (Index i = 0; i < startX.rows(); ++i) {
                 if (!identicalMatrices(s.derivation->x.row(i), startX.row(i)))
                     return true;
             }
             return false;
         }},
        Lesson::tr("Drag a token of X in the lab and watch its query, key and value")));
    step.checkpoints.push_back(action(
        {Lesson::tr("Two streams"), Lesson::tr("Q from X; K and V from Y"),
         [](const Scenario &s, const AttentionResult *r) {
             return r && derivedExactly(s) && s.derivation->isCross()
                 && r->weights.cols() == s.derivation->y->rows();
         }},
        Lesson::tr("Switch the lab to cross-attention")));
    return step;
}

} // namespace attnlens
