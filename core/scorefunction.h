#pragma once

#include "error.h"
#include "matrixtypes.h"

#include <QString>

#include <optional>

namespace attnlens {

/// How a query and a key are turned into one score, before the temperature, the mask and the
/// softmax (which are the same for every kind). One score function serves every head.
///
/// - ScaledDot (the default, and what a file without "score" means): q·k / √d_k. Queries and
///   keys must have the same length d_k.
/// - General (Luong's "general" or bilinear score): q W kᵀ with W of d_q × d_k. NOT divided by
///   √d_k, as in Luong et al. (the weights W can learn any scale).
/// - Additive (Bahdanau's score): wᵀ tanh(W_q q + W_k k) with W_q of h × d_q, W_k of h × d_k and
///   w of length h. NOT divided by √d_k: a sum of h tanh terms already lies within ±‖w‖₁.
///
/// With General and Additive the queries may have another length d_q than the keys' d_k (a
/// decoder state scoring encoder states of another size): the weights carry one space into the
/// other, which a plain dot product cannot do without a projection.
struct ScoreFunction {
    enum class Kind { ScaledDot, General, Additive };

    Kind kind = Kind::ScaledDot;
    Matrix general;               ///< General: W, d_q × d_k
    Matrix queryWeight;           ///< Additive: W_q, h × d_q
    Matrix keyWeight;             ///< Additive: W_k, h × d_k
    Eigen::VectorXd scoreVector;  ///< Additive: w, length h

    bool isScaledDot() const { return kind == Kind::ScaledDot; }
    /// The additive network's hidden size h (the rows of W_q).
    Index hiddenSize() const { return queryWeight.rows(); }

    /// Bitwise equality of the kind and of the weights that kind uses (weights of another kind
    /// are not compared: they are not saved).
    bool operator==(const ScoreFunction &other) const;
    bool operator!=(const ScoreFunction &other) const { return !(*this == other); }
};

/// The name in the file's "score" object: "scaled-dot", "general" or "additive".
QString scoreFunctionFileName(ScoreFunction::Kind kind);
/// The kind a file names, or nothing for an unknown name.
std::optional<ScoreFunction::Kind> scoreFunctionFromFileName(const QString &name);
/// The formula in plain text for evidence and messages, e.g. "w^T tanh(W_q q + W_k k)".
QString scoreFunctionFormula(ScoreFunction::Kind kind);

/// The first reason why these weights cannot score queries of length queryDimension against
/// keys of length keyDimension (a weight of the wrong shape, an empty or non-finite weight),
/// naming the field ("score \"W_k\" ..."), or nothing. ScaledDot has no weights: nothing.
std::optional<Error> validateScoreFunction(const ScoreFunction &score, Index queryDimension,
                                           Index keyDimension);

/// What the raw scores are divided by: √d_k for ScaledDot, 1 for General and Additive.
double scoreDivisor(const ScoreFunction &score, Index keyDimension);

/// The raw scores (before scoreDivisor) of query rows [begin, begin + count) against every key,
/// written into the same rows of `scores` (N_q × N_k), for General and Additive. The weights must
/// have passed validateScoreFunction.
void weightedScoreRows(const ScoreFunction &score, const Matrix &queries, Index begin, Index count,
                       const Matrix &keys, Matrix &scores);

/// The additive network's hidden terms for one query and one key: tanh(W_q q + W_k k), length h.
/// The score is their dot product with w.
Eigen::VectorXd additiveHidden(const ScoreFunction &score, const Eigen::VectorXd &query,
                               const Eigen::VectorXd &key);

/// The seeded defaults a user starts from when choosing a kind for queries of length d_q and
/// keys of length d_k: a General W and an Additive W_q, W_k, w with hidden size h, small
/// readable numbers (one decimal) that give distinct scores. Fixed: the same dimensions always
/// give the same weights.
ScoreFunction defaultScoreFunction(ScoreFunction::Kind kind, Index queryDimension,
                                   Index keyDimension, Index hiddenSize = 3);

} // namespace attnlens
