#include "lesson.h"

#include "attention.h"
#include "builtinscenarios.h"
#include "frameworkconvention.h"
#include "lessonintervention.h"
#include "lessonreference.h"

#include <cmath>
#include <initializer_list>
#include <vector>

namespace attnlens {

namespace {

bool near(double actual, double expected)
{
    return std::abs(actual - expected) < Lesson::kFourDecimals;
}

/// "[0.4011, 0.1978, 0.4011]": four decimals, whole numbers without them.
QString formatRow(const std::vector<double> &row)
{
    QStringList parts;
    for (double x : row) {
        parts.append(x == std::round(x) ? QString::number(static_cast<long long>(x))
                                        : QString::number(x, 'f', 4));
    }
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

bool rowNear(const Matrix &matrix, Index row, const std::vector<double> &expected)
{
    if (row >= matrix.rows() || matrix.cols() != static_cast<Index>(expected.size()))
        return false;
    for (Index j = 0; j < matrix.cols(); ++j) {
        if (!near(matrix(row, j), expected[static_cast<size_t>(j)]))
            return false;
    }
    return true;
}

using Quantity = Matrix AttentionResult::*;

LessonCheckpoint rowCheckpoint(const QString &name, Quantity quantity, Index row,
                               const std::vector<double> &expected)
{
    return {name, QStringLiteral("≈ ") + formatRow(expected),
            [quantity, row, expected](const Scenario &, const AttentionResult *result) {
                return result && rowNear(result->*quantity, row, expected);
            }};
}

bool nothingAboveDiagonal(const AttentionResult *result)
{
    if (!result)
        return false;
    for (Index i = 0; i < result->weights.rows(); ++i) {
        for (Index j = i + 1; j < result->weights.cols(); ++j) {
            if (result->weights(i, j) != 0.0)
                return false;
        }
    }
    return true;
}

/// Shannon entropy (nats) of each weight row of `scenario` recomputed at `temperature`.
std::optional<std::vector<double>> rowEntropies(Scenario scenario, double temperature)
{
    scenario.temperature = temperature;
    const Result<AttentionResult> result = computeAttention(scenario);
    if (!result)
        return std::nullopt;
    std::vector<double> entropies;
    const Matrix &w = result.value().weights;
    for (Index i = 0; i < w.rows(); ++i) {
        double h = 0.0;
        for (Index j = 0; j < w.cols(); ++j) {
            if (w(i, j) > 0.0)
                h -= w(i, j) * std::log(w(i, j));
        }
        entropies.push_back(h);
    }
    return entropies;
}

/// Weights of `scenario` recomputed at another temperature, row `row` compared to 4 decimals.
LessonCheckpoint rowAtTemperature(const QString &name, double temperature, Index row,
                                  const std::vector<double> &expected)
{
    return {name, QStringLiteral("≈ ") + formatRow(expected),
            [temperature, row, expected](const Scenario &scenario, const AttentionResult *result) {
                if (!result)
                    return false;
                Scenario copy = scenario;
                copy.temperature = temperature;
                const Result<AttentionResult> other = computeAttention(copy);
                return other.ok() && rowNear(other.value().weights, row, expected);
            }};
}

/// Read once: the checkpoints run after every recompute, a drag included.
const std::optional<LessonReferenceCase> &singleQueryReference()
{
    static const std::optional<LessonReferenceCase> reference = []() -> std::optional<LessonReferenceCase> {
        Result<LessonReferenceCase> loaded = LessonReference::loadCase(QStringLiteral("nb_single_query"));
        if (!loaded)
            return std::nullopt;
        return std::move(loaded).value();
    }();
    return reference;
}

/// The shipped cases do not depend on the model, so they are checked once.
bool everyReferenceCaseAgrees()
{
    static const bool agree = [] {
        for (const QString &id : LessonReference::caseIds()) {
            const Result<LessonReferenceCase> reference = LessonReference::loadCase(id);
            if (!reference)
                return false;
            const Result<AttentionResult> engine = computeAttention(reference.value().scenario);
            if (!engine || !LessonReference::agrees(reference.value(), engine.value()))
                return false;
        }
        return true;
    }();
    return agree;
}

} // namespace

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
    std::vector<LessonStep> list;

    // 1. Query and memory
    {
        LessonStep step;
        step.id = QStringLiteral("query-and-memory");
        step.title = tr("A query and a memory to search");
        step.text = tr("The red arrow is the query q = [1, 0]: what we are looking for. The three "
                       "dots are the keys of memories A, B and C: how each memory can be found. "
                       "Each key has a value, the content handed back when the memory is chosen. "
                       "A value need not look like its key: A is found at [1, 0] but hands back "
                       "[10, 0]. These are hand-made teaching vectors, not learned ones.");
        step.prediction = tr("Before moving anything: which memories point most in the direction "
                             "of q? Which two should q like equally?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::KeySpace;
        step.checkpoints.push_back({tr("The query"), QStringLiteral("q = [1, 0]"),
                                    [](const Scenario &s, const AttentionResult *) {
                                        return s.queryCount() >= 1 && s.keyDimension() == 2
                                            && near(s.queries(0, 0), 1.0) && near(s.queries(0, 1), 0.0);
                                    }});
        step.checkpoints.push_back(
            {tr("A and C match q equally"), tr("q·A = q·C = 1, q·B = 0"),
             [](const Scenario &s, const AttentionResult *r) {
                 return r && s.keyCount() == 3 && near(r->scores(0, 0), r->scores(0, 2))
                     && near(r->scores(0, 0) * std::sqrt(2.0), 1.0) && near(r->scores(0, 1), 0.0);
             }});
        step.checkpoints.push_back(
            {tr("A value is not its key"), tr("key of A = [1, 0], value of A = [10, 0]"),
             [](const Scenario &s, const AttentionResult *) {
                 return s.keyCount() >= 1 && s.keyDimension() == 2 && s.valueDimension() == 2
                     && near(s.keys(0, 0), 1.0) && near(s.keys(0, 1), 0.0)
                     && near(s.values(0, 0), 10.0) && near(s.values(0, 1), 0.0);
             }});
        list.push_back(step);
    }

    // 2. Scaled scores
    {
        LessonStep step;
        step.id = QStringLiteral("scaled-scores");
        step.title = tr("Scaled scores");
        step.text = tr("Each score is the dot product of the query with one key, divided by "
                       "√d_k = √2 ≈ 1.4142. The division keeps scores from growing with the key "
                       "dimension when the coordinates are of unit size; it does not make the "
                       "vectors unit length. The worked numbers show every product and sum.");
        step.prediction = tr("Predict the three scaled scores. Can a score be negative? Is a score "
                             "already a probability?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::WorkedNumbers;
        step.checkpoints.push_back(rowCheckpoint(tr("Scaled scores of q"), scores, 0,
                                                 {1.0 / std::sqrt(2.0), 0.0, 1.0 / std::sqrt(2.0)}));
        step.checkpoints.push_back({tr("Divided by √d_k"), tr("d_k = 2: q·A = 1 becomes 0.7071"),
                                    [](const Scenario &s, const AttentionResult *r) {
                                        return r && s.keyDimension() == 2
                                            && near(r->scores(0, 0), 1.0 / std::sqrt(2.0));
                                    }});
        list.push_back(step);
    }

    // 3. Softmax weights
    {
        LessonStep step;
        step.id = QStringLiteral("softmax-weights");
        step.title = tr("From scores to weights: softmax");
        step.text = tr("Softmax turns a row of scores into weights that are positive and add up "
                       "to 1. It first subtracts the largest score (the same shift for every key "
                       "changes no weight, it only keeps exp() from overflowing), exponentiates, "
                       "and divides by the sum. Look at B: its score is 0, yet its weight is not.");
        step.prediction = tr("A and C equal? B zero or above zero? What do the three "
                             "weights add up to?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Weights;
        step.checkpoints.push_back(rowCheckpoint(tr("Weights of q"), weights, 0,
                                                 {0.4011120926797859, 0.1977758146404282,
                                                  0.4011120926797859}));
        step.checkpoints.push_back({tr("Every row sums to 1"), tr("0.4011 + 0.1978 + 0.4011 = 1"),
                                    [](const Scenario &, const AttentionResult *r) {
                                        if (!r)
                                            return false;
                                        for (Index i = 0; i < r->weights.rows(); ++i) {
                                            if (std::abs(r->weights.row(i).sum() - 1.0) > 1e-12)
                                                return false;
                                        }
                                        return true;
                                    }});
        step.checkpoints.push_back({tr("B scores 0 but keeps weight"), tr("score 0, weight ≈ 0.1978"),
                                    [](const Scenario &s, const AttentionResult *r) {
                                        return r && s.keyCount() == 3 && near(r->scores(0, 1), 0.0)
                                            && near(r->weights(0, 1), 0.1977758146404282);
                                    }});
        list.push_back(step);
    }

    // 4. Weighted sum
    {
        LessonStep step;
        step.id = QStringLiteral("weighted-sum");
        step.title = tr("Retrieval: a weighted sum of values");
        step.text = tr("The context is the weights times the values: every value is scaled by "
                       "its weight and the results are added, one coordinate at a time. Nothing "
                       "is picked by argmax; all three memories contribute. Coordinate 1 comes "
                       "from A and C (B's value has 0 there); coordinate 2 from B and C.");
        step.prediction = tr("Before looking: which memories feed coordinate 1 of the context, "
                             "and which feed coordinate 2?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Context;
        step.checkpoints.push_back(rowCheckpoint(tr("Context of q"), context, 0,
                                                 {8.022241853595718, 5.988879073202141}));
        step.checkpoints.push_back({tr("No argmax: all memories contribute"),
                                    tr("all three weights above 0"),
                                    [](const Scenario &, const AttentionResult *r) {
                                        return r && r->weights.rows() >= 1 && r->weights.cols() == 3
                                            && (r->weights.row(0).array() > 0.0).all();
                                    }});
        list.push_back(step);
    }

    // 5. Changing the query and the temperature
    {
        LessonStep step;
        step.id = QStringLiteral("query-and-temperature");
        step.title = tr("Change the query, keep the memory");
        step.text = tr("Three queries now search the same memory: [1, 0], [0, 1] and [-1, 0]. "
                       "Each row of the heatmap is one query; each ranks the memories its own "
                       "way, so there is no single ranking of the memory. The temperature T "
                       "divides the scores before softmax: T below 1 sharpens the weights, above "
                       "1 flattens them; standard attention uses T = 1.");
        step.prediction = tr("Predict the ranking for q = [-1, 0] before reading its row. Then "
                             "predict what T = 0.5 and T = 2 do to each row, and try them.");
        step.scenarioId = QStringLiteral("three-queries");
        step.view = LessonView::Heatmap;
        step.checkpoints.push_back(rowCheckpoint(tr("Row q = [1, 0]"), weights, 0,
                                                 {0.4011120926797859, 0.1977758146404282,
                                                  0.4011120926797859}));
        step.checkpoints.push_back(rowCheckpoint(tr("Row q = [0, 1]"), weights, 1,
                                                 {0.1977758146404282, 0.4011120926797859,
                                                  0.4011120926797859}));
        step.checkpoints.push_back(rowCheckpoint(tr("Row q = [-1, 0]: B comes first"), weights, 2,
                                                 {0.2482550782577231, 0.5034898434845538,
                                                  0.2482550782577231}));
        step.checkpoints.push_back({tr("Temperature"), tr("T = 1 (standard attention)"),
                                    [](const Scenario &s, const AttentionResult *) {
                                        return s.temperature == 1.0;
                                    }});
        list.push_back(step);
    }

    // 6. Causal mask
    {
        LessonStep step;
        step.id = QStringLiteral("causal-mask");
        step.title = tr("The causal mask");
        step.text = tr("Now three tokens attend to each other (Q = K). A decoder at position t may "
                       "only look at positions up to t, itself included. The mask removes the "
                       "future before softmax, so a masked key gets exactly 0 and the allowed "
                       "ones share the whole weight. Rows are the receiving queries, columns the "
                       "source keys: the future is above the diagonal.");
        step.prediction = tr("Predict the first row before looking. Which cells must be exactly "
                             "0? Try switching off a mask cell on the diagonal of row 1.");
        step.scenarioId = QStringLiteral("causal-self-attention");
        step.view = LessonView::Mask;
        step.checkpoints.push_back({tr("First row"), QStringLiteral("[1, 0, 0]"),
                                    [](const Scenario &s, const AttentionResult *r) {
                                        return r && s.keyCount() == 3 && r->weights(0, 0) == 1.0
                                            && r->weights(0, 1) == 0.0 && r->weights(0, 2) == 0.0;
                                    }});
        step.checkpoints.push_back({tr("Nothing above the diagonal"),
                                    tr("every weight above the diagonal is exactly 0"),
                                    [](const Scenario &, const AttentionResult *r) {
                                        return nothingAboveDiagonal(r);
                                    }});
        step.checkpoints.push_back(rowCheckpoint(tr("Row 2"), weights, 1,
                                                 {0.3302384506733431, 0.6697615493266569, 0.0}));
        step.checkpoints.push_back(rowCheckpoint(tr("Row 3"), weights, 2,
                                                 {0.2482550782577231, 0.2482550782577231,
                                                  0.5034898434845538}));
        list.push_back(step);
    }

    // 7. Padding mask, and why an all-masked row is refused
    {
        LessonStep step;
        step.id = QStringLiteral("padding-mask");
        step.title = tr("Padding, and the row with no allowed key");
        step.text = tr("Token 3 is padding: it does not exist, so no query may retrieve it. The "
                       "padding permissions are combined with the causal ones (both must allow a "
                       "cell). If every key of a row were masked, softmax would divide 0 by 0: "
                       "the row has no answer. Attention Lens refuses such a row and says so; "
                       "below you can see what some frameworks return instead.");
        step.prediction = tr("Predict row 3 now that token 3 is hidden. What happens if you try "
                             "to mask token 1 for the first query?");
        step.scenarioId = QStringLiteral("causal-padding");
        step.view = LessonView::Mask;
        step.activity = LessonActivity::MaskedRowConventions;
        step.checkpoints.push_back({tr("Padding is never retrieved"),
                                    tr("column \"token 3\" is exactly 0 in every row"),
                                    [](const Scenario &s, const AttentionResult *r) {
                                        return r && s.keyCount() == 3
                                            && (r->weights.col(2).array() == 0.0).all();
                                    }});
        step.checkpoints.push_back({tr("Still causal"),
                                    tr("every weight above the diagonal is exactly 0"),
                                    [](const Scenario &, const AttentionResult *r) {
                                        return nothingAboveDiagonal(r);
                                    }});
        step.checkpoints.push_back(rowCheckpoint(tr("Row 3"), weights, 2, {0.5, 0.5, 0.0}));
        step.checkpoints.push_back(
            {tr("A row with no allowed key is refused"),
             tr("masking every key of row 1 gives \"undefined: no allowed key\""),
             [](const Scenario &s, const AttentionResult *) {
                 return s.queryCount() >= 1
                     && refusalOfAllMaskedRow(s, 0).has_value()
                     && refusalOfAllMaskedRow(s, 0)->category == ErrorCategory::AllMaskedRow;
             }});
        list.push_back(step);
    }

    // 8. Reference check
    {
        LessonStep step;
        step.id = QStringLiteral("reference-check");
        step.title = tr("Check against a reference implementation");
        step.text = tr("An implementation earns trust by agreeing with an independent one. The "
                       "table puts the engine's numbers for the lesson's scenarios beside stored "
                       "float64 reference answers (NumPy), cell by cell, with the absolute "
                       "difference and the allowed tolerance. Agreement shows the arithmetic is "
                       "right for these examples; it says nothing about what a trained model "
                       "has learned.");
        step.prediction = tr("Predict how large the differences will be: exactly 0, around "
                             "1e-16, or around 1e-4?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Lesson;
        step.activity = LessonActivity::ReferenceCheck;
        step.checkpoints.push_back(
            {tr("The window agrees with the reference"),
             tr("scores, weights and context of nb_single_query within 1e-9 (relative)"),
             [](const Scenario &, const AttentionResult *r) {
                 const std::optional<LessonReferenceCase> &reference = singleQueryReference();
                 return r && reference && LessonReference::agrees(*reference, *r);
             }});
        step.checkpoints.push_back(
            {tr("Every lesson scenario agrees"), tr("all reference cases within 1e-9 (relative)"),
             [](const Scenario &, const AttentionResult *) { return everyReferenceCaseAgrees(); }});
        list.push_back(step);
    }

    // 9. What an attention plot can and cannot explain
    {
        LessonStep step;
        step.id = QStringLiteral("what-a-plot-explains");
        step.title = tr("What an attention plot can and cannot explain");
        step.text = tr("A heatmap shows how this computation routes information, not why an "
                       "outcome happened. To learn what matters, intervene. Hold Q and K and "
                       "change only the value of B: the weights do not move at all, yet the "
                       "context does. Mask B instead: the remaining weights renormalise. Compare "
                       "the before and after below, or take snapshots A and B of any change.");
        step.prediction = tr("If B's value becomes [100, 100], which numbers change, "
                             "the weights or the context? If B is masked, what do A and C get?");
        step.scenarioId = QStringLiteral("lesson");
        step.view = LessonView::Heatmap;
        step.activity = LessonActivity::Intervention;
        step.checkpoints.push_back(rowCheckpoint(tr("Weights of q"), weights, 0,
                                                 {0.4011120926797859, 0.1977758146404282,
                                                  0.4011120926797859}));
        step.checkpoints.push_back(
            {tr("Value of B → [100, 100]: same weights"),
             tr("weights identical bit for bit; context ≈ [27.7998, 23.7887]"),
             [](const Scenario &s, const AttentionResult *r) {
                 const std::optional<LessonIntervention> i = interveneOnValue(s, 1, 100.0);
                 return r && i && i->weightsIdentical
                     && rowNear(i->after.context, 0, {27.799823317638538, 23.78870239084068});
             }});
        step.checkpoints.push_back(
            {tr("B masked: A and C renormalise"), tr("weights ≈ [0.5, 0, 0.5]; context ≈ [10, 5]"),
             [](const Scenario &s, const AttentionResult *r) {
                 const std::optional<LessonIntervention> i = interveneByMasking(s, 1);
                 return r && i && rowNear(i->after.weights, 0, {0.5, 0.0, 0.5})
                     && rowNear(i->after.context, 0, {10.0, 5.0});
             }});
        list.push_back(step);
    }

    // 10. Practice: temperature
    {
        LessonStep step;
        step.id = QStringLiteral("practice-temperature");
        step.title = tr("Practice 1: temperature 0.5 and 2");
        step.text = tr("Keep Q, K and V as they are and only move the temperature slider. The "
                       "checkpoints recompute every row at T = 0.5 and at T = 2 and compare their "
                       "entropy: lower entropy means a sharper, more decided row.");
        step.prediction = tr("Write down your prediction first: at T = 0.5, does the largest "
                             "weight of each row grow or shrink? And at T = 2?");
        step.scenarioId = QStringLiteral("three-queries");
        step.view = LessonView::Temperature;
        step.checkpoints.push_back(
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
             }});
        step.checkpoints.push_back(rowAtTemperature(tr("Row q = [-1, 0] at T = 0.5"), 0.5, 2,
                                                    {0.16357910081201152, 0.672841798375977,
                                                     0.16357910081201152}));
        step.checkpoints.push_back(rowAtTemperature(tr("Row q = [-1, 0] at T = 2"), 2.0, 2,
                                                    {0.2920459231442186, 0.41590815371156276,
                                                     0.2920459231442186}));
        list.push_back(step);
    }

    // 11. Practice: identical keys
    {
        LessonStep step;
        step.id = QStringLiteral("practice-identical-keys");
        step.title = tr("Practice 2: all keys identical");
        step.text = tr("Every key is now the same vector [0.5, 0.5]. Whatever a query asks, it "
                       "sees the same score for every key, so every allowed key gets the same "
                       "weight. The third query has memory C masked: C still gets exactly 0 and "
                       "A and B split the weight.");
        step.prediction = tr("Predict the weights of each row. Then drag a query anywhere: does "
                             "any weight change?");
        step.scenarioId = QStringLiteral("practice-identical-keys");
        step.view = LessonView::Heatmap;
        step.checkpoints.push_back(rowCheckpoint(tr("Row 1: equal weights"), weights, 0,
                                                 {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0}));
        step.checkpoints.push_back(rowCheckpoint(tr("Row 2: equal weights"), weights, 1,
                                                 {1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0}));
        step.checkpoints.push_back({tr("Row 3: masked C stays 0"), QStringLiteral("[0.5, 0.5, 0]"),
                                    [](const Scenario &s, const AttentionResult *r) {
                                        return r && s.keyCount() == 3 && rowNear(r->weights, 2, {0.5, 0.5, 0.0})
                                            && r->weights(2, 2) == 0.0;
                                    }});
        list.push_back(step);
    }

    // 12. Practice: a huge value
    {
        LessonStep step;
        step.id = QStringLiteral("practice-huge-value");
        step.title = tr("Practice 3: one huge value");
        step.text = tr("Memory C now hands back [10000, 10000]. Q and K are those of the lesson, "
                       "so the weights are too; only the context is different, and by a lot. A "
                       "small weight on a huge value can dominate the output, which a weights "
                       "plot alone would never show.");
        step.prediction = tr("Predict the weights and roughly the context before looking at the "
                             "context chart.");
        step.scenarioId = QStringLiteral("practice-huge-value");
        step.view = LessonView::Context;
        step.checkpoints.push_back(rowCheckpoint(tr("Weights as in step 3"), weights, 0,
                                                 {0.4011120926797859, 0.1977758146404282,
                                                  0.4011120926797859}));
        step.checkpoints.push_back(rowCheckpoint(tr("Context jumps"), context, 0,
                                                 {4015.1320477246572, 4013.0986849442634}));
        list.push_back(step);
    }

    // 13. Practice: self- versus cross-attention
    {
        LessonStep step;
        step.id = QStringLiteral("practice-cross-attention");
        step.title = tr("Practice 4: self- and cross-attention");
        step.text = tr("In self-attention (step 6) Q, K and V all come from one sequence, so the "
                       "matrix is square. Here two decoder steps ask questions of three encoder "
                       "states: queries from one stream, keys and values from another. The same "
                       "formula works; the matrix is 2 × 3. This is how attention is attached to "
                       "an encoder-decoder, recurrent or not.");
        step.prediction = tr("Predict which encoder state each decoder step weighs most.");
        step.scenarioId = QStringLiteral("practice-cross-attention");
        step.view = LessonView::Heatmap;
        step.checkpoints.push_back(
            {tr("Two sequences"), tr("2 decoder queries, 3 encoder keys and values"),
             [](const Scenario &s, const AttentionResult *) {
                 return s.queryCount() == 2 && s.keyCount() == 3 && s.values.rows() == 3;
             }});
        step.checkpoints.push_back(rowCheckpoint(tr("Decoder 1"), weights, 0,
                                                 {0.1977758146404282, 0.4011120926797859,
                                                  0.4011120926797859}));
        step.checkpoints.push_back(rowCheckpoint(tr("Decoder 2"), weights, 1,
                                                 {0.2482550782577231, 0.2482550782577231,
                                                  0.5034898434845538}));
        list.push_back(step);
    }
    return list;
}

} // namespace attnlens
