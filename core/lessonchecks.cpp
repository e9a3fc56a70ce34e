#include "lessonchecks.h"

#include "attention.h"
#include "lesson.h"
#include "lessonreference.h"

#include <cmath>

namespace attnlens::lessonchecks {

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


LessonCheckpoint given(LessonCheckpoint checkpoint)
{
    checkpoint.kind = LessonCheckpoint::Kind::Given;
    return checkpoint;
}

LessonCheckpoint asked(LessonCheckpoint checkpoint, const QString &question)
{
    checkpoint.kind = LessonCheckpoint::Kind::Answer;
    checkpoint.question = question;
    return checkpoint;
}

LessonCheckpoint action(LessonCheckpoint checkpoint, const QString &task, std::vector<int> after)
{
    checkpoint.kind = LessonCheckpoint::Kind::Action;
    checkpoint.task = task;
    checkpoint.after = std::move(after);
    return checkpoint;
}

QStringList keyNames(const Scenario &s)
{
    QStringList names;
    for (Index j = 0; j < s.keyCount(); ++j)
        names.append(s.keyLabel(j));
    return names;
}

std::vector<double> rowValues(const Matrix &m, Index row)
{
    std::vector<double> values;
    for (Index j = 0; j < m.cols(); ++j)
        values.push_back(m(row, j));
    return values;
}

/// The live answer: row `row` of a result matrix, one name per key.
LessonGuess keyRowGuess(LessonGuess::Kind kind, Quantity quantity, Index row, const QString &prompt,
                        const QString &example)
{
    LessonGuess guess;
    guess.kind = kind;
    guess.prompt = prompt;
    guess.example = example;
    guess.answer = [quantity, row](const Scenario &s, const AttentionResult *r) -> std::optional<LessonAnswer> {
        if (!r || row >= (r->*quantity).rows())
            return std::nullopt;
        return LessonAnswer{rowValues(r->*quantity, row), keyNames(s)};
    };
    return guess;
}

} // namespace attnlens::lessonchecks
