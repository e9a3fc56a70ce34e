#include "lesson.h"

#include "attention.h"
#include "builtinscenarios.h"
#include "evidence.h"
#include "frameworkconvention.h"
#include "lessonchecks.h"
#include "lessonintervention.h"
#include "lessonreference.h"
#include "lessonstepbottleneck.h"
#include "lessonstepscale.h"
#include "lessonstepderivation.h"
#include "lessonstepscore.h"

#include <QJsonArray>
#include <QJsonObject>

#include <cmath>
#include <initializer_list>
#include <vector>

namespace attnlens {

using namespace lessonchecks;

int Lesson::stepCount()
{
    return static_cast<int>(steps().size());
}

Result<Scenario> Lesson::loadScenario(const QString &id)
{
    return loadBuiltinScenario(id);
}

std::vector<LessonStep> Lesson::steps()
{
    const Quantity scores = &AttentionResult::scores;
    const Quantity weights = &AttentionResult::weights;
    const Quantity context = &AttentionResult::context;
    const std::vector<double> lessonWeights{0.4011120926797859, 0.1977758146404282, 0.4011120926797859};
    const QString contextCoordinates = tr("coordinate 1") + QLatin1Char('\n') + tr("coordinate 2");
    const auto contextGuess = [context, contextCoordinates](const QString &prompt, const QString &example) {
        LessonGuess guess;
        guess.kind = LessonGuess::Kind::Row;
        guess.prompt = prompt;
        guess.example = example;
        guess.answer = [context, contextCoordinates](const Scenario &, const AttentionResult *r)
            -> std::optional<LessonAnswer> {
            if (!r || r->context.rows() < 1)
                return std::nullopt;
            return LessonAnswer{rowValues(r->*context, 0), contextCoordinates.split(QLatin1Char('\n'))};
        };
        return guess;
    };
    std::vector<LessonStep> list;

    // 1. Why attention: the fixed-context bottleneck (core/lessonstepbottleneck.cpp)
    list.push_back(bottleneckLabStep());

    // 2. Query and memory
    {
        LessonStep step;
        step.id = QStringLiteral("query-and-memory");
        step.title = tr("A query and a memory to search");
        step.text = tr("How does one query get its own context? A closer look at a single "
                       "query: the fixed vector of the previous step has to hold a whole input, "
                       "and a long input loses detail in it; attention instead lets each output "
                       "ask all the stored states for what it needs. Here the arrow from the "
                       "origin is the query "
                       "q = [1, 0], what we are looking for (Q is 1 × 2: one query, d_k = 2). The "
                       "three dots are the keys of memories A, B and C, how each memory can be "
                       "found (K is 3 × 2). Each key has a value, the content handed back when the "
                       "memory is chosen (V is 3 × 2). A value need not look like its key: A is "
                       "found at [1, 0] but hands back [10, 0]. These are hand-made teaching "
                       "vectors, not learned ones.");
        step.prediction = tr("Before moving anything: which memories point most in the direction "
                             "of q? Which two should q like equally?");
        step.revealed = tr("A = [1, 0] and C = [1, 1] both give q a dot product of 1, B = [0, 1] "
                           "gives 0: A and C tie at the top and B comes last.");
        step.guess = keyRowGuess(LessonGuess::Kind::Ranking, scores, 0,
                                 tr("Your guess: rank A, B, C by how well they match q"),
                                 QStringLiteral("A > B > C"));
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::KeySpace;
        step.answersAbout = LessonQuantity::Scores;
        step.checkpoints.push_back(given({tr("The query"), QStringLiteral("q = [1, 0]"),
                                          [](const Scenario &s, const AttentionResult *) {
                                              return s.queryCount() >= 1 && s.keyDimension() == 2
                                                  && near(s.queries(0, 0), 1.0) && near(s.queries(0, 1), 0.0);
                                          }}));
        step.checkpoints.push_back(asked(
            {tr("A and C match q equally"), tr("q·A = q·C = 1, q·B = 0"),
             [](const Scenario &s, const AttentionResult *r) {
                 return r && s.keyCount() == 3 && near(r->scores(0, 0), r->scores(0, 2))
                     && near(r->scores(0, 0) * std::sqrt(2.0), 1.0) && near(r->scores(0, 1), 0.0);
             }},
            tr("Dot products q·A, q·B, q·C")));
        step.checkpoints.push_back(given(
            {tr("A value is not its key"), tr("key of A = [1, 0], value of A = [10, 0]"),
             [](const Scenario &s, const AttentionResult *) {
                 return s.keyCount() >= 1 && s.keyDimension() == 2 && s.valueDimension() == 2
                     && near(s.keys(0, 0), 1.0) && near(s.keys(0, 1), 0.0)
                     && near(s.values(0, 0), 10.0) && near(s.values(0, 1), 0.0);
             }}));
        list.push_back(step);
    }

    // 2. Scaled scores
    {
        LessonStep step;
        step.id = QStringLiteral("scaled-scores");
        step.title = tr("Scaled scores");
        step.text = tr("Each score is the dot product of the query with one key, divided by "
                       "√d_k = √2 ≈ 1.4142. The scores S = QKᵀ/√d_k form a 1 × 3 matrix: one row "
                       "per query, one column per key. If the coordinates of queries and keys "
                       "have variance 1, a dot product's spread grows with d_k; dividing by √d_k "
                       "keeps it steady. It does not make the vectors unit length. The worked "
                       "numbers show every product and sum.");
        step.prediction = tr("Predict the three scaled scores. Can a score be negative? Is a score "
                             "already a probability?");
        step.revealed = tr("The scores are about [0.7071, 0, 0.7071]. A score is negative whenever "
                           "query and key point away from each other (try q = [-1, 0]). Scores are "
                           "not probabilities: nothing makes them positive or adds them up to 1; "
                           "softmax does that next.");
        step.guess = keyRowGuess(LessonGuess::Kind::Row, scores, 0,
                                 tr("Your guess: the scaled scores of A, B, C"), QStringLiteral("0.5, 0.1, 0.5"));
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::WorkedNumbers;
        step.answersAbout = LessonQuantity::Scores;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Scaled scores of q"), scores, 0,
                                                       {1.0 / std::sqrt(2.0), 0.0, 1.0 / std::sqrt(2.0)}),
                                         tr("Scaled scores of q for A, B, C")));
        step.checkpoints.push_back(asked({tr("Divided by √d_k"), tr("d_k = 2: q·A = 1 becomes 0.7071"),
                                          [](const Scenario &s, const AttentionResult *r) {
                                              return r && s.keyDimension() == 2
                                                  && near(r->scores(0, 0), 1.0 / std::sqrt(2.0));
                                          }},
                                         tr("What q·A = 1 becomes after the division")));
        list.push_back(step);
    }
    list.push_back(scaleLabStep());

    // 3. Softmax weights
    {
        LessonStep step;
        step.id = QStringLiteral("softmax-weights");
        step.title = tr("From scores to weights: softmax");
        step.text = tr("Softmax turns a row of scores into weights that are positive and add up "
                       "to 1. It first subtracts the largest score (the same shift for every key "
                       "changes no weight, it only keeps exp() from overflowing), exponentiates, "
                       "and divides by the sum. The weights A have the shape of the scores: "
                       "1 × 3, one row per query, one column per key.");
        step.prediction = tr("A and C equal? B zero or above zero? What do the three "
                             "weights add up to?");
        step.revealed = tr("A and C get the same weight, about 0.4011 each. B's score is 0, yet its "
                           "weight is not: exp(0) = 1 is still a share, about 0.1978. The three add "
                           "up to exactly 1.");
        step.guess = keyRowGuess(LessonGuess::Kind::Row, weights, 0,
                                 tr("Your guess: the weights of A, B, C"), QStringLiteral("0.3, 0.3, 0.4"));
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Weights;
        step.answersAbout = LessonQuantity::Weights;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Weights of q"), weights, 0, lessonWeights),
                                         tr("Weights of q over A, B, C")));
        step.checkpoints.push_back(asked({tr("Every row sums to 1"), tr("0.4011 + 0.1978 + 0.4011 = 1"),
                                          [](const Scenario &, const AttentionResult *r) {
                                              if (!r)
                                                  return false;
                                              for (Index i = 0; i < r->weights.rows(); ++i) {
                                                  if (std::abs(r->weights.row(i).sum() - 1.0) > 1e-12)
                                                      return false;
                                              }
                                              return true;
                                          }},
                                         tr("What each row adds up to")));
        step.checkpoints.push_back(asked({tr("B scores 0 but keeps weight"), tr("score 0, weight ≈ 0.1978"),
                                          [](const Scenario &s, const AttentionResult *r) {
                                              return r && s.keyCount() == 3 && near(r->scores(0, 1), 0.0)
                                                  && near(r->weights(0, 1), 0.1977758146404282);
                                          }},
                                         tr("B's weight")));
        list.push_back(step);
    }

    // 4. Weighted sum
    {
        LessonStep step;
        step.id = QStringLiteral("weighted-sum");
        step.title = tr("Retrieval: a weighted sum of values");
        step.text = tr("The context is the weights times the values, C = AV: every value is scaled "
                       "by its weight and the results are added, one coordinate at a time. C is "
                       "N_q × d_v, here 1 × 2: one context vector per query, as wide as a value.");
        step.prediction = tr("Before looking: which memories feed coordinate 1 of the context, "
                             "and which feed coordinate 2? Then guess the context itself.");
        step.revealed = tr("Coordinate 1 comes from A and C (B's value has 0 there); coordinate 2 "
                           "from B and C (A's value has 0 there). Nothing is picked by argmax: all "
                           "three memories contribute, and the context is about [8.0222, 5.9889].");
        step.guess = contextGuess(tr("Your guess: the context of q (2 numbers)"), QStringLiteral("7, 5"));
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Context;
        step.answersAbout = LessonQuantity::Context;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Context of q"), context, 0,
                                                       {8.022241853595718, 5.988879073202141}),
                                         tr("Context of q (coordinates 1 and 2)")));
        step.checkpoints.push_back(asked({tr("No argmax: all memories contribute"),
                                          tr("all three weights above 0"),
                                          [](const Scenario &, const AttentionResult *r) {
                                              return r && r->weights.rows() >= 1 && r->weights.cols() == 3
                                                  && (r->weights.row(0).array() > 0.0).all();
                                          }},
                                         tr("How many memories contribute")));
        step.guess.absoluteTolerance = 0.5;
        list.push_back(step);
    }

    // 5. Changing the query and the temperature
    {
        LessonStep step;
        step.id = QStringLiteral("query-and-temperature");
        step.title = tr("Change the query, keep the memory");
        step.text = tr("Three queries now search the same memory: [1, 0], [0, 1] and [-1, 0] (Q is "
                       "3 × 2, the weights 3 × 3, the context 3 × 2). Each row of the heatmap is "
                       "one query. The temperature T divides the scores before softmax; standard "
                       "attention uses T = 1.");
        step.prediction = tr("Predict the ranking for q3 = [-1, 0] before reading its row. Then "
                             "predict what T = 0.5 and T = 2 do to each row, and try them.");
        step.revealed = tr("q3 = [-1, 0] points away from A and C and is orthogonal to B: B comes "
                           "first, A and C tie behind it. Each query ranks the memory its own way, "
                           "so there is no single ranking of the memory. T below 1 sharpens every "
                           "row, T above 1 flattens it.");
        step.guess = keyRowGuess(LessonGuess::Kind::Ranking, weights, 2,
                                 tr("Your guess: rank A, B, C for q3 = [-1, 0]"), QStringLiteral("A > B > C"));
        step.scenarioId = QStringLiteral("three-queries");
        step.view = LessonView::Heatmap;
        step.answersAbout = LessonQuantity::Weights;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row q1 = [1, 0]"), weights, 0, lessonWeights),
                                         tr("Row q1 = [1, 0]")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row q2 = [0, 1]"), weights, 1,
                                                       {0.1977758146404282, 0.4011120926797859,
                                                        0.4011120926797859}),
                                         tr("Row q2 = [0, 1]")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row q3 = [-1, 0]: B comes first"), weights, 2,
                                                       {0.2482550782577231, 0.5034898434845538,
                                                        0.2482550782577231}),
                                         tr("Row q3 = [-1, 0]")));
        step.checkpoints.push_back(given({tr("Temperature"), tr("T = 1 (standard attention)"),
                                          [](const Scenario &s, const AttentionResult *) {
                                              return s.temperature == 1.0;
                                          }}));
        list.push_back(step);
    }

    // 6. Causal mask
    {
        LessonStep step;
        step.id = QStringLiteral("causal-mask");
        step.title = tr("The causal mask");
        step.text = tr("Now three tokens attend to each other (Q = K, each 3 × 2; the mask and the "
                       "weights are 3 × 3). A decoder at position t may only look at positions up "
                       "to t, itself included. The mask removes the future before softmax, so a "
                       "masked key gets exactly 0 and the allowed ones share the whole weight. "
                       "Rows are the receiving queries, columns the source keys: the future is "
                       "above the diagonal.");
        step.prediction = tr("Predict the first row before looking. Which cells must be exactly "
                             "0? Try switching off a mask cell on the diagonal of row 1.");
        step.revealed = tr("Row 1 may see only itself: [1, 0, 0]. Every cell above the diagonal is "
                           "exactly 0, not just small. Row 1's diagonal cell is its only allowed "
                           "key, so the mask refuses to switch it off: the row would have no key "
                           "left.");
        step.guess = keyRowGuess(LessonGuess::Kind::Row, weights, 0,
                                 tr("Your guess: the first row of weights"), QStringLiteral("0.5, 0.5, 0"));
        step.scenarioId = QStringLiteral("causal-self-attention");
        step.view = LessonView::Mask;
        step.answersAbout = LessonQuantity::Weights;
        step.checkpoints.push_back(asked({tr("First row"), QStringLiteral("[1, 0, 0]"),
                                          [](const Scenario &s, const AttentionResult *r) {
                                              return r && s.keyCount() == 3 && r->weights(0, 0) == 1.0
                                                  && r->weights(0, 1) == 0.0 && r->weights(0, 2) == 0.0;
                                          }},
                                         tr("First row")));
        step.checkpoints.push_back(asked({tr("Nothing above the diagonal"),
                                          tr("every weight above the diagonal is exactly 0"),
                                          [](const Scenario &, const AttentionResult *r) {
                                              return nothingAboveDiagonal(r);
                                          }},
                                         tr("Weights above the diagonal")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row 2"), weights, 1,
                                                       {0.3302384506733431, 0.6697615493266569, 0.0}),
                                         tr("Row 2")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row 3"), weights, 2,
                                                       {0.2482550782577231, 0.2482550782577231,
                                                        0.5034898434845538}),
                                         tr("Row 3")));
        list.push_back(step);
    }

    // 7. Padding mask, and why an all-masked row is refused
    {
        LessonStep step;
        step.id = QStringLiteral("padding-mask");
        step.title = tr("Padding, and the row with no allowed key");
        step.text = tr("Token 3 is padding: it does not exist, so no query may retrieve it. The "
                       "padding permissions are combined with the causal ones (both must allow a "
                       "cell). Token 3 still has a query row, and its output is still computed, "
                       "but in training a padded query's output is left out of the loss: it is "
                       "not a prediction, so do not read it as one. If every key of a row were "
                       "masked, softmax would divide 0 by 0: the row would have no answer.");
        step.prediction = tr("Predict row 3 now that token 3 is hidden. What happens if you try "
                             "to mask token 1 for the first query?");
        step.revealed = tr("Row 3 (q = [1, 1]) matches tokens 1 and 2 equally and may not see "
                           "token 3: [0.5, 0.5, 0], a row that is computed but excluded from the "
                           "loss. Masking token 1 for the first query would leave it no key: "
                           "Attention Lens refuses such a row and says so. Below: what some "
                           "frameworks return instead.");
        step.guess = keyRowGuess(LessonGuess::Kind::Row, weights, 2,
                                 tr("Your guess: row 3 of the weights"), QStringLiteral("0.3, 0.3, 0.4"));
        step.scenarioId = QStringLiteral("causal-padding");
        step.view = LessonView::Mask;
        step.answersAbout = LessonQuantity::Weights;
        step.activity = LessonActivity::MaskedRowConventions;
        step.checkpoints.push_back(asked({tr("Padding is never retrieved"),
                                          tr("column \"token 3 (padding)\" is exactly 0 in every row"),
                                          [](const Scenario &s, const AttentionResult *r) {
                                              return r && s.keyCount() == 3
                                                  && (r->weights.col(2).array() == 0.0).all();
                                          }},
                                         tr("Column \"token 3 (padding)\"")));
        step.checkpoints.push_back(given({tr("Still causal"),
                                          tr("every weight above the diagonal is exactly 0"),
                                          [](const Scenario &, const AttentionResult *r) {
                                              return nothingAboveDiagonal(r);
                                          }}));
        LessonCheckpoint paddedRow = rowCheckpoint(tr("Row 3 (padded query: excluded from the loss)"), weights, 2,
                                                   {0.5, 0.5, 0.0});
        paddedRow.expected = tr("%1, not a prediction").arg(paddedRow.expected);
        step.checkpoints.push_back(asked(paddedRow, tr("Row 3 (padded query: excluded from the loss)")));
        step.checkpoints.push_back(asked(
            {tr("A row with no allowed key is refused"),
             tr("masking every key of row 1 gives \"undefined: no allowed key\""),
             [](const Scenario &s, const AttentionResult *) {
                 return s.queryCount() >= 1
                     && refusalOfAllMaskedRow(s, 0).has_value()
                     && refusalOfAllMaskedRow(s, 0)->category == ErrorCategory::AllMaskedRow;
             }},
            tr("Row 1 with token 1 masked too")));
        list.push_back(step);
    }

    // 8. Reference check (the notebook's PyTorch parity step)
    {
        LessonStep step;
        step.id = QStringLiteral("reference-check");
        step.title = tr("Check against a reference implementation");
        step.text = tr("An implementation earns trust by agreeing with an independent one. The "
                       "table puts the engine's numbers for the lesson's scenarios beside stored "
                       "float64 reference answers (NumPy), cell by cell, with the absolute "
                       "difference and the allowed tolerance. The notebook makes the same check "
                       "with PyTorch's scaled_dot_product_attention. One warning when you do: "
                       "in its Boolean mask True means \"may attend\", while other PyTorch APIs "
                       "(nn.MultiheadAttention's attn_mask and key_padding_mask, for example) "
                       "read True as \"blocked\". Always read the documentation of the function "
                       "you call.");
        step.prediction = tr("Predict how large the differences will be: exactly 0, around "
                             "1e-16, or around 1e-4?");
        step.revealed = tr("At most a few units in the last digit of a double (around 1e-16), "
                           "often exactly 0, far inside the 1e-9 tolerance. Agreement shows the "
                           "arithmetic is right for these examples; it says nothing about what a "
                           "trained model has learned.");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Lesson;
        step.activity = LessonActivity::ReferenceCheck;
        step.checkpoints.push_back(asked(
            {tr("The window agrees with the reference"),
             tr("scores, weights and context of nb_single_query within 1e-9 (relative)"),
             [](const Scenario &, const AttentionResult *r) {
                 const std::optional<LessonReferenceCase> &reference = singleQueryReference();
                 return r && reference && LessonReference::agrees(*reference, *r);
             }},
            tr("The window against the reference")));
        step.checkpoints.push_back(asked(
            {tr("Every lesson scenario agrees"), tr("all reference cases within 1e-9 (relative)"),
             [](const Scenario &, const AttentionResult *) { return everyReferenceCaseAgrees(); }},
            tr("Every lesson scenario against the reference")));
        list.push_back(step);
    }

    // 9. What an attention plot can and cannot explain
    {
        LessonStep step;
        step.id = QStringLiteral("what-a-plot-explains");
        step.title = tr("What an attention plot can and cannot explain");
        step.text = tr("A heatmap shows how this computation routes information, not why an "
                       "outcome happened. To learn what matters, intervene: hold Q and K, change "
                       "one value or mask one key, and compare before and after. Try both in the "
                       "window (the matrices and the mask grid); after the reveal the bench below "
                       "shows both, and snapshots A and B compare any two moments.");
        step.prediction = tr("If B's value becomes [100, 100], which numbers change, "
                             "the weights or the context? If B is masked, what do A and C get?");
        step.revealed = tr("A new value for B leaves every weight identical, bit for bit, while the "
                           "context moves to about [27.80, 23.79]: the weights alone cannot show "
                           "what a value contributes. Masking B makes A and C share the whole "
                           "weight, 0.5 each, and the context becomes [10, 5].");
        {
            LessonGuess guess;
            guess.kind = LessonGuess::Kind::Row;
            guess.prompt = tr("Your guess: the weights of A, B, C with B masked");
            guess.example = QStringLiteral("0.4, 0.2, 0.4");
            guess.answer = [](const Scenario &s, const AttentionResult *r) -> std::optional<LessonAnswer> {
                const std::optional<LessonIntervention> i = r ? interveneByMasking(s, 1) : std::nullopt;
                if (!i)
                    return std::nullopt;
                return LessonAnswer{rowValues(i->after.weights, 0), keyNames(s)};
            };
            step.guess = guess;
        }
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Heatmap;
        step.answersAbout = LessonQuantity::Context;
        step.activity = LessonActivity::Intervention;
        step.checkpoints.push_back(given(rowCheckpoint(tr("Weights of q"), weights, 0, lessonWeights)));
        step.checkpoints.push_back(asked(
            {tr("Value of B → [100, 100]: same weights"),
             tr("weights identical bit for bit; context ≈ [27.7998, 23.7887]"),
             [](const Scenario &s, const AttentionResult *r) {
                 const std::optional<LessonIntervention> i = interveneOnValue(s, 1, 100.0);
                 return r && i && i->weightsIdentical
                     && rowNear(i->after.context, 0, {27.799823317638538, 23.78870239084068});
             }},
            tr("Value of B → [100, 100]: weights and context")));
        step.checkpoints.push_back(asked(
            {tr("B masked: A and C renormalise"), tr("weights ≈ [0.5, 0, 0.5]; context ≈ [10, 5]"),
             [](const Scenario &s, const AttentionResult *r) {
                 const std::optional<LessonIntervention> i = interveneByMasking(s, 1);
                 return r && i && rowNear(i->after.weights, 0, {0.5, 0.0, 0.5})
                     && rowNear(i->after.context, 0, {10.0, 5.0});
             }},
            tr("B masked: weights of A and C")));
        step.checkpoints.push_back(action(
            {tr("You set B's value to [100, 100]"), tr("weights still ≈ [0.4011, 0.1978, 0.4011]"),
             [](const Scenario &s, const AttentionResult *r) {
                 return r && s.keyCount() == 3 && s.valueDimension() == 2 && s.values(1, 0) == 100.0
                     && s.values(1, 1) == 100.0 && rowNear(r->weights, 0, {0.4011120926797859, 0.1977758146404282,
                                                                           0.4011120926797859});
             }},
            tr("Set B's value to [100, 100] in the matrices")));
        step.checkpoints.push_back(action(
            {tr("You masked B"), tr("weights [0.5, 0, 0.5]"),
             [](const Scenario &s, const AttentionResult *r) {
                 return r && s.keyCount() == 3 && s.allowed && !(*s.allowed)(0, 1)
                     && rowNear(r->weights, 0, {0.5, 0.0, 0.5});
             }},
            tr("Mask memory B for q in the mask grid")));
        list.push_back(step);
    }

    // 10. Practice: temperature
    {
        LessonStep step;
        step.id = QStringLiteral("practice-temperature");
        step.title = tr("Practice 1: temperature 0.5 and 2");
        step.text = tr("Keep Q, K and V as they are and only move the temperature: first to 0.5, "
                       "then to 2 (the slider or the number box). The checkpoints below tick as "
                       "you do it. Entropy measures how spread out a row is: lower entropy means "
                       "a sharper, more decided row.");
        step.prediction = tr("Write down your prediction first: at T = 0.5, does the largest "
                             "weight of each row grow or shrink? And at T = 2?");
        step.revealed = tr("At T = 0.5 the scores count twice as much: the largest weight of every "
                           "row grows (for q3 = [-1, 0], B goes from 0.5035 to 0.6728). At T = 2 "
                           "they count half as much and every row flattens towards 1/3. The order "
                           "of the keys never changes.");
        {
            LessonGuess guess;
            guess.kind = LessonGuess::Kind::Number;
            guess.prompt = tr("Your guess: B's weight for q3 = [-1, 0] at T = 0.5 (0.5035 at T = 1)");
            guess.example = QStringLiteral("0.55");
            guess.answer = [](const Scenario &s, const AttentionResult *r) -> std::optional<LessonAnswer> {
                if (!r || s.queryCount() < 3 || s.keyCount() < 2)
                    return std::nullopt;
                Scenario sharp = s;
                sharp.temperature = 0.5;
                const Result<AttentionResult> result = computeAttention(sharp);
                if (!result)
                    return std::nullopt;
                return LessonAnswer{{result.value().weights(2, 1)}, {s.keyLabel(1)}};
            };
            guess.absoluteTolerance = 0.03;
            step.guess = guess;
        }
        step.scenarioId = QStringLiteral("three-queries");
        step.view = LessonView::Temperature;
        step.answersAbout = LessonQuantity::Weights;
        const auto atTemperature = [](double temperature, const std::vector<double> &expected) {
            return [temperature, expected](const Scenario &s, const AttentionResult *r) {
                if (!r || std::abs(s.temperature - temperature) > 0.01 * temperature)
                    return false;
                Scenario exact = s;
                exact.temperature = temperature;
                const Result<AttentionResult> other = computeAttention(exact);
                return other.ok() && rowNear(other.value().weights, 2, expected);
            };
        };
        const std::vector<double> sharpRow{0.16357910081201152, 0.672841798375977, 0.16357910081201152};
        const std::vector<double> softRow{0.2920459231442186, 0.41590815371156276, 0.2920459231442186};
        step.checkpoints.push_back(action({tr("At T = 0.5, row q3 = [-1, 0]"),
                                           QStringLiteral("≈ ") + formatRow(sharpRow),
                                           atTemperature(0.5, sharpRow)},
                                          tr("Move T to 0.5")));
        step.checkpoints.push_back(action({tr("At T = 2, row q3 = [-1, 0]"),
                                           QStringLiteral("≈ ") + formatRow(softRow),
                                           atTemperature(2.0, softRow)},
                                          tr("Move T to 2")));
        step.checkpoints.push_back(action(
            {tr("T = 0.5 is sharper than T = 2"),
             tr("entropy per row: 0.9611 < 1.0859, 0.9611 < 1.0859, 0.8589 < 1.0838"),
             [](const Scenario &s, const AttentionResult *r) {
                 const auto sharp = rowEntropies(s, 0.5);
                 const auto soft = rowEntropies(s, 2.0);
                 if (!r || !sharp || !soft || sharp->size() != 3)
                     return false;
                 const std::vector<double> expectedSharp{0.9611, 0.9611, 0.8589};
                 const std::vector<double> expectedSoft{1.0859, 1.0859, 1.0838};
                 for (size_t i = 0; i < sharp->size(); ++i) {
                     if (!((*sharp)[i] < (*soft)[i]) || std::abs((*sharp)[i] - expectedSharp[i]) > 5e-4
                         || std::abs((*soft)[i] - expectedSoft[i]) > 5e-4)
                         return false;
                 }
                 return true;
             }},
            tr("Try both temperatures, then compare how sharp the rows are"), {0, 1}));
        list.push_back(step);
    }

    // 11. Practice: identical keys
    {
        LessonStep step;
        step.id = QStringLiteral("practice-identical-keys");
        step.title = tr("Practice 2: all keys identical");
        step.text = tr("Every key is now the same vector [0.5, 0.5]. The third query, "
                       "q3 = [-1, 0], has memory C masked.");
        step.prediction = tr("Predict the weights of each row. Then drag a query anywhere: does "
                             "any weight change?");
        step.revealed = tr("Whatever a query asks, it sees the same score for every key, so every "
                           "allowed key gets the same weight: 1/3 each in rows 1 and 2. In row 3 "
                           "the masked C still gets exactly 0 and A and B split the weight, 0.5 "
                           "each. Dragging a query changes no weight.");
        step.guess = keyRowGuess(LessonGuess::Kind::Row, weights, 2,
                                 tr("Your guess: row 3 (q3 = [-1, 0]) of the weights"), QStringLiteral("0.4, 0.4, 0.2"));
        step.scenarioId = QStringLiteral("practice-identical-keys");
        step.view = LessonView::Heatmap;
        step.answersAbout = LessonQuantity::Weights;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row 1: equal weights"), weights, 0,
                                                       {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0}),
                                         tr("Row 1")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Row 2: equal weights"), weights, 1,
                                                       {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0}),
                                         tr("Row 2")));
        step.checkpoints.push_back(asked({tr("Row 3: masked C stays 0"), QStringLiteral("[0.5, 0.5, 0]"),
                                          [](const Scenario &s, const AttentionResult *r) {
                                              return r && s.keyCount() == 3 && rowNear(r->weights, 2, {0.5, 0.5, 0.0})
                                                  && r->weights(2, 2) == 0.0;
                                          }},
                                         tr("Row 3 (C masked)")));
        step.checkpoints.push_back(action(
            {tr("You moved a query: no weight changed"), tr("rows 1 and 2 still 1/3 each, row 3 still [0.5, 0.5, 0]"),
             [](const Scenario &s, const AttentionResult *r) {
                 if (!r || s.queryCount() != 3 || s.keyCount() != 3 || s.keyDimension() != 2)
                     return false;
                 Matrix original(3, 2);
                 original << 1.0, 0.0, 0.0, 1.0, -1.0, 0.0;
                 const double third = 1.0 / 3.0;
                 return s.queries != original && rowNear(r->weights, 0, {third, third, third})
                     && rowNear(r->weights, 1, {third, third, third}) && rowNear(r->weights, 2, {0.5, 0.5, 0.0});
             }},
            tr("Drag a query anywhere in the key space")));
        list.push_back(step);
    }

    // 12. Practice: a huge value
    {
        LessonStep step;
        step.id = QStringLiteral("practice-huge-value");
        step.title = tr("Practice 3: one huge value");
        step.text = tr("Memory C now hands back [10000, 10000]. Q and K are those of the lesson; "
                       "only one value has changed.");
        step.prediction = tr("Predict the weights and roughly the context before looking at the "
                             "context chart.");
        step.revealed = tr("The weights are exactly those of step 5: they depend on Q and K only. "
                           "The context jumps to about [4015, 4013], because C's weight 0.4011 now "
                           "multiplies 10000. A moderate weight on a huge value can dominate the "
                           "output, which a weights plot alone would never show.");
        step.guess = contextGuess(tr("Your guess: the context of q (2 numbers)"), QStringLiteral("3000, 3000"));
        step.guess.relativeTolerance = 0.05;
        step.scenarioId = QStringLiteral("practice-huge-value");
        step.view = LessonView::Context;
        step.answersAbout = LessonQuantity::Weights | LessonQuantity::Context;
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Weights as in step 5"), weights, 0, lessonWeights),
                                         tr("Weights of q")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Context jumps"), context, 0,
                                                       {4015.1320477246572, 4013.0986849442634}),
                                         tr("Context of q")));
        list.push_back(step);
    }

    // Practice 4 of the notebook: additive attention on an encoder-decoder (the score lab).
    list.push_back(additiveAttentionStep());
    list.push_back(derivationLabStep());

    // 13. Practice: self- versus cross-attention
    {
        LessonStep step;
        step.id = QStringLiteral("practice-cross-attention");
        step.title = tr("Practice 5, continued: self- and cross-attention");
        step.text = tr("In self-attention (step 8) Q, K and V all come from one sequence, so the "
                       "weights are square. Here two decoder steps ask questions of three encoder "
                       "states: queries from one stream (Q is 2 × 2), keys and values from another "
                       "(K and V are 3 × 2). The same formula works; the weights are 2 × 3 and the "
                       "context 2 × 2. This is how attention is attached to an encoder-decoder, "
                       "recurrent or not: a decoder query can score every encoder state.");
        step.prediction = tr("Predict which encoder state each decoder step weighs most.");
        step.revealed = tr("Decoder 1 = [0, 1] matches encoder B = [0, 1] and C = [1, 1] equally "
                           "and A not at all: B = C > A. Decoder 2 = [1, 1] weighs C most, with A "
                           "and B tied behind it.");
        step.guess = keyRowGuess(LessonGuess::Kind::Ranking, weights, 0,
                                 tr("Your guess: rank encoders A, B, C for decoder 1"), QStringLiteral("A > B > C"));
        step.scenarioId = QStringLiteral("practice-cross-attention");
        step.view = LessonView::Heatmap;
        step.answersAbout = LessonQuantity::Weights;
        step.checkpoints.push_back(given(
            {tr("Two sequences"), tr("2 decoder queries, 3 encoder keys and values"),
             [](const Scenario &s, const AttentionResult *) {
                 return s.queryCount() == 2 && s.keyCount() == 3 && s.values.rows() == 3;
             }}));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Decoder 1"), weights, 0,
                                                       {0.1977758146404282, 0.4011120926797859,
                                                        0.4011120926797859}),
                                         tr("Decoder 1")));
        step.checkpoints.push_back(asked(rowCheckpoint(tr("Decoder 2"), weights, 1,
                                                       {0.2482550782577231, 0.2482550782577231,
                                                        0.5034898434845538}),
                                         tr("Decoder 2")));
        list.push_back(step);
    }

    // 14. Closing: when to stop, and what comes next
    {
        LessonStep step;
        step.id = QStringLiteral("before-you-stop");
        step.title = tr("Before you stop, and what comes next");
        step.text = tr("You are done when you have evidence and can explain it. With the lesson's "
                       "scenario untouched, File > Export Evidence writes the scores, weights "
                       "and context together with the causal weights of step 8, whose upper "
                       "triangle must be exactly 0. Then explain every axis of every matrix to a "
                       "partner. Next lesson: attention alone is not a Transformer. A Transformer "
                       "block adds positional information (attention by itself ignores order), a "
                       "feed-forward network applied to each token on its own, residual paths "
                       "around the parts, and normalisation.");
        step.prediction = tr("Explain to a partner: what does a row of the weights stand for, and a "
                             "column? What shape does the context C have here?");
        step.revealed = tr("A row of S or A belongs to one receiving query, a column to one source "
                           "key; every allowed row of A sums to 1. In Q, K and V a row is one token "
                           "or memory and a column one feature (d_k or d_v). C = AV is N_q × d_v: "
                           "here 1 × 2, one context vector per query.");
        {
            LessonGuess guess;
            guess.kind = LessonGuess::Kind::Row;
            guess.prompt = tr("Your guess: the shape of C (rows, columns)");
            guess.example = QStringLiteral("3, 3");
            guess.absoluteTolerance = 0.0;
            const QString shapeNames = tr("rows") + QLatin1Char('\n') + tr("columns");
            guess.answer = [shapeNames](const Scenario &, const AttentionResult *r) -> std::optional<LessonAnswer> {
                if (!r)
                    return std::nullopt;
                return LessonAnswer{{double(r->context.rows()), double(r->context.cols())},
                                    shapeNames.split(QLatin1Char('\n'))};
            };
            step.guess = guess;
        }
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Heatmap;
        step.checkpoints.push_back(given(
            {tr("Evidence holds scores, weights and context"), tr("File > Export Evidence on this scenario"),
             [](const Scenario &s, const AttentionResult *r) {
                 if (!r)
                     return false;
                 const QJsonObject evidence = buildEvidence(s, r, nullptr);
                 return evidence.contains(QLatin1String("scores")) && evidence.contains(QLatin1String("weights"))
                     && evidence.contains(QLatin1String("context"));
             }}));
        step.checkpoints.push_back(given(
            {tr("The causal-mask check holds"), tr("causal_weights: exactly 0 above the diagonal, rows sum to 1"),
             [](const Scenario &s, const AttentionResult *r) {
                 if (!r)
                     return false;
                 QJsonObject evidence = buildEvidence(s, r, nullptr);
                 addNotebookLessonKeys(evidence);
                 const QJsonArray rows = evidence.value(QLatin1String("causal_weights")).toArray();
                 if (rows.isEmpty())
                     return false;
                 for (int i = 0; i < rows.size(); ++i) {
                     const QJsonArray row = rows.at(i).toArray();
                     double sum = 0.0;
                     for (int j = 0; j < row.size(); ++j) {
                         sum += row.at(j).toDouble();
                         if (j > i && row.at(j).toDouble() != 0.0)
                             return false;
                     }
                     if (std::abs(sum - 1.0) > 1e-12)
                         return false;
                 }
                 return true;
             }}));
        step.checkpoints.push_back(asked(
            {tr("Axes: rows are queries, columns are keys"), tr("A is 1 × 3 (1 query, 3 keys); C is 1 × 2"),
             [](const Scenario &s, const AttentionResult *r) {
                 return r && r->weights.rows() == s.queryCount() && r->weights.cols() == s.keyCount()
                     && r->context.rows() == 1 && r->context.cols() == 2 && s.keyCount() == 3;
             }},
            tr("The shapes of A and C")));
        list.push_back(step);
    }
    return list;
}

} // namespace attnlens
