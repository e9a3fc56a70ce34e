#include "scorefunction.h"

#include "scenario.h"

#include <cmath>

namespace attnlens {

bool ScoreFunction::operator==(const ScoreFunction &other) const
{
    if (kind != other.kind)
        return false;
    switch (kind) {
    case Kind::ScaledDot: return true;
    case Kind::General: return identicalMatrices(general, other.general);
    case Kind::Additive:
        return identicalMatrices(queryWeight, other.queryWeight)
               && identicalMatrices(keyWeight, other.keyWeight)
               && identicalMatrices(Matrix(scoreVector.transpose()), Matrix(other.scoreVector.transpose()));
    }
    return false;
}

QString scoreFunctionFileName(ScoreFunction::Kind kind)
{
    switch (kind) {
    case ScoreFunction::Kind::ScaledDot: return QStringLiteral("scaled-dot");
    case ScoreFunction::Kind::General: return QStringLiteral("general");
    case ScoreFunction::Kind::Additive: return QStringLiteral("additive");
    }
    return QString();
}

std::optional<ScoreFunction::Kind> scoreFunctionFromFileName(const QString &name)
{
    for (auto kind : {ScoreFunction::Kind::ScaledDot, ScoreFunction::Kind::General,
                      ScoreFunction::Kind::Additive}) {
        if (name == scoreFunctionFileName(kind))
            return kind;
    }
    return std::nullopt;
}

QString scoreFunctionFormula(ScoreFunction::Kind kind)
{
    switch (kind) {
    case ScoreFunction::Kind::ScaledDot: return QStringLiteral("q k^T / sqrt(d_k)");
    case ScoreFunction::Kind::General: return QStringLiteral("q W k^T (not divided by sqrt(d_k))");
    case ScoreFunction::Kind::Additive:
        return QStringLiteral("w^T tanh(W_q q + W_k k) (not divided by sqrt(d_k))");
    }
    return QString();
}

namespace {

QString shapeText(Index rows, Index columns)
{
    return QStringLiteral("%1\u00d7%2").arg(rows).arg(columns);
}

Error wrongShape(const char *field, Index rows, Index columns, const QString &expected,
                 const QString &why)
{
    return Error{ErrorCategory::ShapeMismatch,
                 QStringLiteral("score \"%1\" is %2 but must be %3 (%4)")
                     .arg(QLatin1String(field), shapeText(rows, columns), expected, why)};
}

std::optional<Error> checkWeightsFinite(const Matrix &weights, const char *field)
{
    for (Index i = 0; i < weights.rows(); ++i) {
        for (Index j = 0; j < weights.cols(); ++j) {
            if (!std::isfinite(weights(i, j))) {
                return Error{ErrorCategory::NonFiniteInput,
                             QStringLiteral("score \"%1\" row %2, column %3 is not a finite "
                                            "number; every weight of the score function must be")
                                 .arg(QLatin1String(field))
                                 .arg(i + 1)
                                 .arg(j + 1),
                             static_cast<int>(i), static_cast<int>(j)};
            }
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<Error> validateScoreFunction(const ScoreFunction &score, Index queryDimension,
                                           Index keyDimension)
{
    switch (score.kind) {
    case ScoreFunction::Kind::ScaledDot: return std::nullopt;
    case ScoreFunction::Kind::General:
        if (score.general.rows() != queryDimension || score.general.cols() != keyDimension) {
            return wrongShape("W", score.general.rows(), score.general.cols(),
                              QStringLiteral("d_q\u00d7d_k = %1").arg(shapeText(queryDimension, keyDimension)),
                              QStringLiteral("one row per query column, one column per key column"));
        }
        return checkWeightsFinite(score.general, "W");
    case ScoreFunction::Kind::Additive: {
        const Index hidden = score.queryWeight.rows();
        if (hidden == 0) {
            return Error{ErrorCategory::Empty,
                         QStringLiteral("score \"W_q\" has no rows: the additive score needs a "
                                        "hidden size h of at least 1")};
        }
        if (score.queryWeight.cols() != queryDimension) {
            return wrongShape("W_q", hidden, score.queryWeight.cols(),
                              QStringLiteral("h\u00d7d_q = %1").arg(shapeText(hidden, queryDimension)),
                              QStringLiteral("one column per query column"));
        }
        if (score.keyWeight.rows() != hidden || score.keyWeight.cols() != keyDimension) {
            return wrongShape("W_k", score.keyWeight.rows(), score.keyWeight.cols(),
                              QStringLiteral("h\u00d7d_k = %1").arg(shapeText(hidden, keyDimension)),
                              QStringLiteral("as many rows as W_q, one column per key column"));
        }
        if (score.scoreVector.size() != hidden) {
            return Error{ErrorCategory::ShapeMismatch,
                         QStringLiteral("score \"w\" has %1 entries but must have h = %2, one per "
                                        "row of W_q and W_k")
                             .arg(score.scoreVector.size())
                             .arg(hidden)};
        }
        if (auto error = checkWeightsFinite(score.queryWeight, "W_q"))
            return error;
        if (auto error = checkWeightsFinite(score.keyWeight, "W_k"))
            return error;
        return checkWeightsFinite(Matrix(score.scoreVector.transpose()), "w");
    }
    }
    return std::nullopt;
}

double scoreDivisor(const ScoreFunction &score, Index keyDimension)
{
    return score.isScaledDot() ? std::sqrt(static_cast<double>(keyDimension)) : 1.0;
}

void weightedScoreRows(const ScoreFunction &score, const Matrix &queries, Index begin, Index count,
                       const Matrix &keys, Matrix &scores)
{
    if (score.kind == ScoreFunction::Kind::General) {
        const Matrix weightedKeys = keys * score.general.transpose();  // N_k x d_q: (W kᵀ)ᵀ
        scores.middleRows(begin, count).noalias() = queries.middleRows(begin, count) * weightedKeys.transpose();
        return;
    }
    Q_ASSERT(score.kind == ScoreFunction::Kind::Additive);
    const Index hidden = score.hiddenSize();
    const Matrix keyTerms = keys * score.keyWeight.transpose();                                // N_k x h
    const Matrix queryTerms = queries.middleRows(begin, count) * score.queryWeight.transpose();  // count x h
    for (Index i = 0; i < count; ++i) {
        for (Index j = 0; j < keys.rows(); ++j) {
            double sum = 0.0;
            for (Index m = 0; m < hidden; ++m)
                sum += score.scoreVector(m) * std::tanh(queryTerms(i, m) + keyTerms(j, m));
            scores(begin + i, j) = sum;
        }
    }
}

Eigen::VectorXd additiveHidden(const ScoreFunction &score, const Eigen::VectorXd &query,
                               const Eigen::VectorXd &key)
{
    const Eigen::VectorXd inside = score.queryWeight * query + score.keyWeight * key;
    return inside.array().tanh().matrix();
}

namespace {

/// A fixed, readable weight: one decimal between -0.9 and 0.9, different in every cell.
double seededWeight(Index salt, Index i, Index j)
{
    const double x = std::sin(1.7 * double(i + 1) + 2.9 * double(j + 1) + 0.61 * double(salt));
    return std::round(x * 9.0) / 10.0;
}

Matrix seededMatrix(Index salt, Index rows, Index columns)
{
    Matrix m(rows, columns);
    for (Index i = 0; i < rows; ++i)
        for (Index j = 0; j < columns; ++j)
            m(i, j) = seededWeight(salt, i, j);
    return m;
}

} // namespace

ScoreFunction defaultScoreFunction(ScoreFunction::Kind kind, Index queryDimension,
                                   Index keyDimension, Index hiddenSize)
{
    ScoreFunction score;
    score.kind = kind;
    if (kind == ScoreFunction::Kind::General) {
        score.general = seededMatrix(1, queryDimension, keyDimension);
    } else if (kind == ScoreFunction::Kind::Additive) {
        score.queryWeight = seededMatrix(2, hiddenSize, queryDimension);
        score.keyWeight = seededMatrix(3, hiddenSize, keyDimension);
        score.scoreVector.resize(hiddenSize);
        for (Index m = 0; m < hiddenSize; ++m)
            score.scoreVector(m) = m % 2 == 0 ? 1.0 : -1.0;
        if (hiddenSize > 0)
            score.scoreVector(0) = 1.5;
    }
    return score;
}

} // namespace attnlens
