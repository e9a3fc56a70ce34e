// AttentionModel's score function: scaled dot-product, general (q W kᵀ) or additive
// (wᵀ tanh(W_q q + W_k k)), shared by every head. Kept apart from the row and head setters.
#include "attentionmodel.h"

namespace attnlens {

void AttentionModel::setScoreFunction(const ScoreFunction &score)
{
    if (score == m_scenario.score)
        return;
    endSuspendedGesture();
    // Another kind can change what d_k means for the views (the keys' length rather than the
    // queries'), so they rebuild; new weights of the same kind only change numbers.
    const bool kindChanged = score.kind != m_scenario.score.kind;
    m_scenario.score = score;
    refreshShown();
    scheduleRecompute();
    emit scoreFunctionChanged();
    if (kindChanged)
        emit scenarioReset();
}

void AttentionModel::setScoreWeight(ScoreWeight weight, Index row, Index column, double value)
{
    ScoreFunction score = m_scenario.score;
    double *cell = nullptr;
    switch (weight) {
    case ScoreWeight::General:
        Q_ASSERT(row >= 0 && row < score.general.rows() && column >= 0 && column < score.general.cols());
        cell = &score.general(row, column);
        break;
    case ScoreWeight::Query:
        Q_ASSERT(row >= 0 && row < score.queryWeight.rows() && column >= 0 && column < score.queryWeight.cols());
        cell = &score.queryWeight(row, column);
        break;
    case ScoreWeight::Key:
        Q_ASSERT(row >= 0 && row < score.keyWeight.rows() && column >= 0 && column < score.keyWeight.cols());
        cell = &score.keyWeight(row, column);
        break;
    case ScoreWeight::Vector:
        Q_ASSERT(row >= 0 && row < score.scoreVector.size() && column == 0);
        cell = &score.scoreVector(row);
        break;
    }
    *cell = value;
    setScoreFunction(score);
}

} // namespace attnlens
