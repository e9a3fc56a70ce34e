// The worked numbers as data, without a widget: what WorkedNumbersComposer writes is checked
// against a plain double-precision computation written out here, not against the engine.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "numberformat.h"
#include "refusaltext.h"
#include "scenario.h"
#include "workednumberscomposer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <tuple>
#include <vector>

using namespace attnlens;
using attnlens::test::matrixOf;
using Quantity = WorkedPage::Quantity;

namespace {

/// Attention for one query row, the way it is done by hand: dot products, ÷ √d_k, ÷ T, the
/// softmax over the allowed keys after subtracting their maximum, and the weighted sum.
struct HandWorked {
    std::vector<double> dots, scores, z, shifted, exps, weights, context;
    double maximum = -std::numeric_limits<double>::infinity();
    int maximumKey = -1;
    double expSum = 0.0;
};

HandWorked workByHand(const Scenario &s, int q)
{
    HandWorked h;
    const auto keys = static_cast<int>(s.keys.rows());
    const auto dk = static_cast<int>(s.keys.cols());
    const auto dv = static_cast<int>(s.values.cols());
    for (int j = 0; j < keys; ++j) {
        double dot = 0.0;
        for (int d = 0; d < dk; ++d)
            dot += s.queries(q, d) * s.keys(j, d);
        h.dots.push_back(dot);
        h.scores.push_back(dot / std::sqrt(double(dk)));
        h.z.push_back(h.scores.back() / s.temperature);
        if (s.isAllowed(q, j) && h.z.back() > h.maximum) {
            h.maximum = h.z.back();
            h.maximumKey = j;
        }
    }
    for (int j = 0; j < keys; ++j) {
        const bool allowed = s.isAllowed(q, j);
        h.shifted.push_back(h.z[j] - h.maximum);
        h.exps.push_back(allowed ? std::exp(h.shifted.back()) : 0.0);
        h.expSum += h.exps.back();
    }
    for (int j = 0; j < keys; ++j)
        h.weights.push_back(h.exps[j] / h.expSum);
    for (int d = 0; d < dv; ++d) {
        double c = 0.0;
        for (int j = 0; j < keys; ++j)
            c += h.weights[j] * s.values(j, d);
        h.context.push_back(c);
    }
    return h;
}

/// The numbers of a page by what they are: (quantity, key, dimension) → the runs' values.
using NumberKey = std::tuple<Quantity, int, int>;
std::map<NumberKey, std::vector<const WorkedPage::Run *>> numbersOf(const WorkedPage &page)
{
    std::map<NumberKey, std::vector<const WorkedPage::Run *>> numbers;
    for (const WorkedPage::Run &run : page.runs) {
        if (run.isNumber())
            numbers[{run.quantity, run.key, run.dimension}].push_back(&run);
    }
    return numbers;
}

/// The one run of `quantity` for `key` and `dimension`; fails the test when there is not
/// exactly one.
const WorkedPage::Run *one(const std::map<NumberKey, std::vector<const WorkedPage::Run *>> &numbers,
                           Quantity quantity, int key = -1, int dimension = -1)
{
    const auto found = numbers.find({quantity, key, dimension});
    if (found == numbers.end() || found->second.size() != 1) {
        ADD_FAILURE() << "expected one number of quantity " << int(quantity) << " key " << key << " dim "
                      << dimension;
        return nullptr;
    }
    return found->second.front();
}

// Three queries, four keys in three dimensions, a temperature that is not 1: every step of
// the calculation changes the numbers.
Scenario threeByFour()
{
    Scenario s;
    s.queries = matrixOf({{1.0, -0.5, 2.0}, {0.25, 1.5, -1.0}, {-2.0, 0.0, 0.5}});
    s.keys = matrixOf({{0.5, 1.0, 0.0}, {-1.0, 2.0, 1.0}, {2.0, -0.5, 0.75}, {0.0, 0.0, -1.5}});
    s.values = matrixOf({{10, -2}, {0.5, 4}, {-3, 1}, {7, 7}});
    s.queryLabels = {QStringLiteral("first query"), QStringLiteral("second query"), QStringLiteral("third query")};
    s.keyLabels = {QStringLiteral("key A"), QStringLiteral("key B"), QStringLiteral("key C"), QStringLiteral("key D")};
    s.temperature = 0.7;
    return s;
}

WorkedPage composeFor(const AttentionModel &model, int query, bool narrow = false)
{
    return WorkedNumbersComposer::compose(model.scenario(), model.result(), model.error(), query,
                                          WorkedNumbersComposer::Options{narrow, QString(), {}});
}

void expectPageMatchesHandWork(const AttentionModel &model, int q, bool narrow)
{
    SCOPED_TRACE(::testing::Message() << "query " << q << (narrow ? " narrow" : " wide"));
    const Scenario &s = model.scenario();
    const HandWorked h = workByHand(s, q);
    const WorkedPage page = composeFor(model, q, narrow);
    ASSERT_FALSE(page.refusal);
    EXPECT_EQ(page.shownQuery, q);
    const auto numbers = numbersOf(page);
    const int keys = static_cast<int>(s.keys.rows());
    const int dk = static_cast<int>(s.keys.cols());
    const int dv = static_cast<int>(s.values.cols());

    for (int d = 0; d < dk; ++d) {
        if (const auto *run = one(numbers, Quantity::QueryEntry, -1, d)) {
            EXPECT_EQ(run->value, s.queries(q, d));
        }
    }
    if (const auto *run = one(numbers, Quantity::SqrtKeyDimension)) {
        EXPECT_DOUBLE_EQ(run->value, std::sqrt(double(dk)));
        EXPECT_EQ(run->text, formatCompact(std::sqrt(double(dk))));
    }
    if (const auto *run = one(numbers, Quantity::Temperature)) {
        EXPECT_EQ(run->value, s.temperature);
    }

    for (int j = 0; j < keys; ++j) {
        SCOPED_TRACE(::testing::Message() << "key " << j);
        for (int d = 0; d < dk; ++d) {
            if (const auto *run = one(numbers, Quantity::QueryFactor, j, d)) {
                EXPECT_EQ(run->value, s.queries(q, d));
            }
            if (const auto *run = one(numbers, Quantity::KeyFactor, j, d)) {
                EXPECT_EQ(run->value, s.keys(j, d));
            }
        }
        if (const auto *run = one(numbers, Quantity::DotProduct, j)) {
            EXPECT_NEAR(run->value, h.dots[j], 1e-12);
        }
        if (const auto *run = one(numbers, Quantity::Score, j)) {
            EXPECT_NEAR(run->value, h.scores[j], 1e-12);
            EXPECT_EQ(run->text, formatCompact(h.scores[j]));
        }
        if (const auto *run = one(numbers, Quantity::Scaled, j)) {
            EXPECT_NEAR(run->value, h.z[j], 1e-12);
            EXPECT_EQ(run->text, formatCompact(h.z[j]));
        }
        const WorkedPage::Run *weight = one(numbers, Quantity::Weight, j);
        if (!s.isAllowed(q, j)) {
            // Masked: exactly zero, no softmax numbers, no term in the context.
            ASSERT_NE(weight, nullptr);
            EXPECT_EQ(weight->value, 0.0);
            EXPECT_FALSE(std::signbit(weight->value));
            EXPECT_EQ(weight->text, QStringLiteral("0"));
            EXPECT_EQ(weight->ink, WorkedPage::Ink::Masked);
            EXPECT_EQ(numbers.count({Quantity::Shifted, j, -1}), 0u);
            EXPECT_EQ(numbers.count({Quantity::Exponential, j, -1}), 0u);
            for (int d = 0; d < dv; ++d)
                EXPECT_EQ(numbers.count({Quantity::TermWeight, j, d}), 0u) << "dim " << d;
            continue;
        }
        if (weight) {
            EXPECT_NEAR(weight->value, h.weights[j], 1e-14);
            EXPECT_EQ(weight->text, formatCompact(h.weights[j]));
        }
        if (const auto *run = one(numbers, Quantity::Shifted, j)) {
            EXPECT_NEAR(run->value, h.shifted[j], 1e-12);
        }
        if (const auto *run = one(numbers, Quantity::Exponential, j)) {
            EXPECT_NEAR(run->value, h.exps[j], 1e-12);
        }
        for (int d = 0; d < dv; ++d) {
            if (const auto *run = one(numbers, Quantity::TermWeight, j, d)) {
                EXPECT_NEAR(run->value, h.weights[j], 1e-14);
            }
            if (const auto *run = one(numbers, Quantity::TermValue, j, d)) {
                EXPECT_EQ(run->value, s.values(j, d));
            }
        }
    }
    if (const auto *run = one(numbers, Quantity::Maximum, h.maximumKey)) {
        EXPECT_NEAR(run->value, h.maximum, 1e-12);
        EXPECT_EQ(run->text, formatCompact(h.maximum));
    }
    if (const auto *run = one(numbers, Quantity::ExponentialSum)) {
        EXPECT_NEAR(run->value, h.expSum, 1e-12);
        EXPECT_EQ(run->text, formatCompact(h.expSum));
    }
    if (const auto *run = one(numbers, Quantity::WeightSum)) {
        EXPECT_NEAR(run->value, 1.0, 1e-14);
    }
    for (int d = 0; d < dv; ++d) {
        if (const auto *run = one(numbers, Quantity::Context, -1, d)) {
            EXPECT_NEAR(run->value, h.context[d], 1e-12 * (1.0 + std::abs(h.context[d])));
            EXPECT_EQ(run->text, formatCompact(h.context[d]));
        }
    }
}

} // namespace

TEST(WorkedNumbersComposer, TheNotebookLessonsNumbers)
{
    AttentionModel model;
    model.setScenario(attnlens::test::notebookLessonScenario());
    expectPageMatchesHandWork(model, 0, false);
    // The lesson's numbers as the notebook writes them.
    const QString text = composeFor(model, 0).toPlainText();
    for (const char *expected : {"0.7071", "0.4011", "0.1978", "8.0222", "5.9889", "2.4931"})
        EXPECT_TRUE(text.contains(QLatin1String(expected))) << expected;
}

TEST(WorkedNumbersComposer, EveryNumberMatchesAComputationByHand)
{
    AttentionModel model;
    model.setScenario(threeByFour());
    for (int q = 0; q < 3; ++q) {
        expectPageMatchesHandWork(model, q, false);
        expectPageMatchesHandWork(model, q, true);
    }
}

TEST(WorkedNumbersComposer, MaskedKeysShowExactlyZeroAndLeaveTheMaximumAndTheSum)
{
    AttentionModel model;
    model.setScenario(threeByFour());
    // Mask the key with the largest z, so that the maximum and the sum must change.
    const HandWorked before = workByHand(model.scenario(), 0);
    const int largest = before.maximumKey;
    model.setMaskCell(0, largest, false);
    model.setMaskCell(0, (largest + 2) % 4, false);
    ASSERT_NE(model.result(), nullptr);
    const HandWorked after = workByHand(model.scenario(), 0);
    ASSERT_NE(after.maximumKey, largest);
    ASSERT_LT(after.maximum, before.maximum);
    expectPageMatchesHandWork(model, 0, false);
    expectPageMatchesHandWork(model, 0, true);

    const QString text = composeFor(model, 0).toPlainText();
    EXPECT_EQ(text.count(QStringLiteral("masked \u2192 weight 0")), 2) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("over the allowed keys")));
}

TEST(WorkedNumbersComposer, ARefusedRowGivesTheRefusalInsteadOfNumbers)
{
    AttentionModel model;
    model.setScenario(threeByFour());
    for (int j = 0; j < 4; ++j)
        model.setMaskCell(1, j, false);
    ASSERT_EQ(model.result(), nullptr);
    ASSERT_TRUE(model.error().has_value());

    const WorkedPage page = composeFor(model, 1);
    EXPECT_TRUE(page.refusal);
    const QString refusal = refusalText(model.scenario(), *model.error(), 1);
    ASSERT_TRUE(refusal.startsWith(QStringLiteral("undefined: no allowed key")));
    // Headline, then the explanation, then the note.
    ASSERT_GE(page.runs.size(), 2);
    EXPECT_EQ(page.runs.at(0).text + QLatin1Char('\n') + page.runs.at(1).text, refusal);
    EXPECT_EQ(page.runs.at(0).font, WorkedPage::Font::Title);
    EXPECT_TRUE(page.toPlainText().startsWith(refusal));
    EXPECT_TRUE(page.toPlainText().contains(QStringLiteral("No numbers are shown")));
    for (const WorkedPage::Run &run : page.runs)
        EXPECT_FALSE(run.isNumber()) << run.text.toStdString();
    for (int section : page.sectionRows)
        EXPECT_EQ(section, -1);

    // Another query's row is refused too (the whole scenario is), and says so.
    const WorkedPage other = composeFor(model, 0);
    EXPECT_TRUE(other.refusal);
    EXPECT_TRUE(other.toPlainText().startsWith(refusalText(model.scenario(), *model.error(), 0)));

    // Without a result and without an error there is simply no query.
    const WorkedPage none = WorkedNumbersComposer::compose(Scenario(), nullptr, std::nullopt, 0);
    EXPECT_TRUE(none.refusal);
    EXPECT_EQ(none.runs.at(0).text, QStringLiteral("No query to show"));
}

TEST(WorkedNumbersComposer, TheSelectedQueryIsNamedAndItsRowIsWorked)
{
    AttentionModel model;
    model.setScenario(threeByFour());
    for (int q = 0; q < 3; ++q) {
        const WorkedPage page = composeFor(model, q);
        const QString label = model.scenario().queryLabel(q);
        const int titleRow = page.sectionRows[static_cast<size_t>(WorkedPage::Section::Query)];
        ASSERT_EQ(titleRow, 0);
        QString title;
        for (int c = page.rows.at(titleRow).firstCell; c < page.cellEnd(titleRow); ++c)
            for (int k = page.cells.at(c).firstRun; k < page.runEnd(c); ++k)
                title += page.runs.at(k).plainText();
        EXPECT_TRUE(title.contains(QStringLiteral("\u201c%1\u201d").arg(label))) << title.toStdString();
        for (int other = 0; other < 3; ++other) {
            if (other != q) {
                EXPECT_FALSE(page.toPlainText().contains(model.scenario().queryLabel(other)));
            }
        }
        // Its mark and its "q" are in its colour.
        EXPECT_EQ(page.runs.at(page.cells.at(page.rows.at(titleRow).firstCell).firstRun).ink, WorkedPage::Ink::Query);
    }
    // A selection past the last query shows the last one.
    EXPECT_EQ(composeFor(model, 7).shownQuery, 2);
    EXPECT_EQ(composeFor(model, -3).shownQuery, 0);
}

TEST(WorkedNumbersComposer, SectionsAndKeyRowsPointAtTheirRows)
{
    AttentionModel model;
    model.setScenario(threeByFour());
    for (const bool narrow : {false, true}) {
        const WorkedPage page = composeFor(model, 0, narrow);
        const QString lines = page.toPlainText();
        const QStringList rows = lines.split(QLatin1Char('\n'));
        ASSERT_EQ(rows.size(), page.rows.size());
        EXPECT_TRUE(rows.at(page.sectionRows[1]).startsWith(QStringLiteral("1  Scores")));
        EXPECT_TRUE(rows.at(page.sectionRows[2]).startsWith(QStringLiteral("2  Softmax")));
        EXPECT_TRUE(rows.at(page.sectionRows[3]).startsWith(QStringLiteral("3  Context")));
        ASSERT_EQ(page.shownKeyCount(), 4);
        for (int j = 0; j < 4; ++j) {
            EXPECT_TRUE(rows.at(page.keyRows.at(j)).startsWith(model.scenario().keyLabel(j))) << j;
            EXPECT_TRUE(rows.at(page.keyRows.at(4 + j)).startsWith(model.scenario().keyLabel(j))) << j;
        }
    }
}

TEST(WorkedNumbersComposer, LongSequencesAreShortenedWithANote)
{
    Scenario s;
    const int n = WorkedNumbersComposer::kMaxKeyRows + 5;
    s.queries = Matrix::Constant(1, 6, 0.5);
    s.keys = Matrix::Zero(n, 6);
    for (int j = 0; j < n; ++j)
        s.keys(j, j % 6) = 0.1 * j;
    s.values = Matrix::Constant(n, 2, 1.0);
    AttentionModel model;
    model.setScenario(s);
    const WorkedPage page = composeFor(model, 0);
    const auto numbers = numbersOf(page);
    int scores = 0;
    for (const auto &[key, runs] : numbers)
        scores += std::get<0>(key) == Quantity::Score ? static_cast<int>(runs.size()) : 0;
    EXPECT_EQ(scores, WorkedNumbersComposer::kMaxKeyRows);
    const QString text = page.toPlainText();
    EXPECT_TRUE(text.contains(QStringLiteral("\u2026 5 more keys"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("\u2026 (2 more terms)")));
    EXPECT_TRUE(text.contains(QStringLiteral("over all %1 keys").arg(n)));
    // The maximum and the sum still run over every key.
    const HandWorked h = workByHand(model.scenario(), 0);
    if (const auto *run = one(numbers, Quantity::ExponentialSum)) {
        EXPECT_NEAR(run->value, h.expSum, 1e-12);
    }
}

namespace {

/// The numbers of the page's runs of one quantity, in order.
std::vector<double> runValues(const WorkedPage &page, Quantity quantity)
{
    std::vector<double> values;
    for (const WorkedPage::Run &run : page.runs) {
        if (run.quantity == quantity)
            values.push_back(run.value);
    }
    return values;
}

} // namespace

TEST(WorkedNumbersComposer, AnAdditiveScoreIsWrittenOutWithItsTanhTerms)
{
    AttentionModel model;
    model.setScenario(attnlens::test::builtinScenario("practice-additive-attention"));
    for (bool narrow : {false, true}) {
        WorkedNumbersComposer::Options options;
        options.narrow = narrow;
        const WorkedPage page = WorkedNumbersComposer::compose(model.scenario(), model.result(), model.error(), 0, options);
        const QString text = page.toPlainText();
        // Encoder C by hand: W_q q = (1, 1, -0.5), W_k k_C = (-0.25, 1.25, 0) -> inside (0.75, 2.25, -0.5).
        const double t1 = std::tanh(0.75), t2 = std::tanh(2.25), t3 = std::tanh(-0.5);
        const double score = t1 + 1.5 * t2 - t3;
        EXPECT_TRUE(text.contains(formatCompact(t1))) << text.toStdString();
        EXPECT_TRUE(text.contains(formatCompact(t2)));
        EXPECT_TRUE(text.contains(formatCompact(t3)));
        EXPECT_TRUE(text.contains(QStringLiteral("tanh")));
        EXPECT_FALSE(text.contains(QStringLiteral("q\u00b7k"))) << "no dot product is written";
        const std::vector<double> scores = runValues(page, Quantity::Score);
        ASSERT_EQ(scores.size(), 3u);
        EXPECT_NEAR(scores[2], score, 1e-14);
        EXPECT_TRUE(runValues(page, Quantity::SqrtKeyDimension).empty()) << "not divided by sqrt(d_k)";
        // The softmax and context sections follow as for any score.
        const std::vector<double> weights = runValues(page, Quantity::Weight);
        ASSERT_EQ(weights.size(), 3u);
        EXPECT_NEAR(weights[2], 0.486844107659385, 1e-12);
    }
}

TEST(WorkedNumbersComposer, AGeneralScoreIsWrittenAsQTimesWK)
{
    AttentionModel model;
    Scenario s = attnlens::test::builtinScenario("practice-additive-attention");
    s.score = defaultScoreFunction(ScoreFunction::Kind::General, 2, 3);
    s.score.general = matrixOf({{1, 0, 2}, {0, -1, 0}});
    model.setScenario(s);
    const WorkedPage page = WorkedNumbersComposer::compose(model.scenario(), model.result(), model.error(), 0);
    // Encoder A = [1, 0, 0.5]: W k = [2, 0], q = [1, -0.5]: score = 2.
    const std::vector<double> scores = runValues(page, Quantity::Score);
    ASSERT_EQ(scores.size(), 3u);
    EXPECT_EQ(scores[0], 2.0);
    EXPECT_TRUE(page.toPlainText().contains(QStringLiteral("q\u00b7(W k)")));
}
