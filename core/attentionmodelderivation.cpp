// AttentionModel's derivation: Q, K and V projected from token embeddings X (and Y) by W_Q, W_K
// and W_V. Kept apart from the row setters: a token moves rows of Q, K and V at once.
#include "attentionmodel.h"

#include "derivation.h"

#include <algorithm>
#include <utility>

namespace attnlens {

namespace {

QStringList numberedLabels(const QString &stem, Index count)
{
    QStringList labels;
    for (Index i = 0; i < count; ++i)
        labels.append(stem.arg(i + 1));
    return labels;
}

QStringList shownQueryLabels(const Scenario &scenario)
{
    QStringList labels;
    for (Index i = 0; i < scenario.queryCount(); ++i)
        labels.append(scenario.queryLabel(i));
    return labels;
}

/// The scenario driven by `derivation`: Q, K and V derived, labels and mask fitted to its counts.
Scenario withDerivation(const Scenario &from, const Derivation &derivation)
{
    Scenario next = from;
    next.derivation = derivation;
    derive(next);
    if (next.queryCount() != from.queryCount())
        next.queryLabels = numberedLabels(QStringLiteral("x%1"), next.queryCount());
    if (!derivation.isCross()) {
        // One stream: the key of token i is the same token as query i.
        next.keyLabels = shownQueryLabels(next);
    } else if (next.keyCount() != from.keyCount() || !from.derivation || !from.derivation->isCross()) {
        next.keyLabels = numberedLabels(QStringLiteral("y%1"), next.keyCount());
    }
    if (next.allowed
        && (next.allowed->rows() != next.queryCount() || next.allowed->cols() != next.keyCount()))
        next.allowed.reset();
    return next;
}

} // namespace

void AttentionModel::setDerivedScenario(const Scenario &scenario)
{
    Scenario next = scenario;
    if (derivationRefusal(next))
        next.derivation.reset();  // never shown as derived when it cannot be
    derive(next);
    if (next == m_scenario)
        return;
    endSuspendedGesture();
    const bool derivationMoved = next.derivation != m_scenario.derivation;
    m_scenario = std::move(next);
    m_selectedHead = std::min(m_selectedHead, m_scenario.headCount() - 1);
    refreshShown();
    scheduleRecompute();
    if (derivationMoved)
        emit derivationChanged();
    emit scenarioReset();
}

void AttentionModel::dropDerivationForDirectEdit()
{
    if (!m_scenario.derivation)
        return;
    m_scenario.derivation.reset();
    if (m_scenario.hasSeveralHeads())
        m_shown.derivation.reset();
    emit derivationChanged();
}

void AttentionModel::mirrorTokenLabel(Index row, const QString &label, QStringList &other)
{
    if (!m_scenario.derivation || m_scenario.derivation->isCross())
        return;
    // Self-attention: as many keys as queries.
    other = labelForEveryRow(other, m_scenario.queryCount());
    other[row] = label;
}

std::optional<Error> AttentionModel::derivationStartRefusal(const Derivation &derivation) const
{
    return derivationRefusal(m_scenario.headCount(), derivation);
}

std::optional<Error> AttentionModel::startDerivation(const Derivation &derivation)
{
    if (std::optional<Error> refusal = derivationStartRefusal(derivation))
        return refusal;
    EditScope edit(this, tr("Derive Q, K and V from tokens"));
    setDerivedScenario(withDerivation(m_scenario, derivation));
    return std::nullopt;
}

void AttentionModel::setToken(TokenStream stream, Index row, const Eigen::RowVectorXd &token)
{
    if (!m_scenario.derivation || (stream == TokenStream::Y && !m_scenario.derivation->isCross()))
        return;
    Derivation &d = *m_scenario.derivation;
    Matrix &tokens = d.stream(stream);
    Q_ASSERT(row >= 0 && row < tokens.rows());
    Q_ASSERT(token.size() == tokens.cols());
    if (identicalMatrices(tokens.row(row), token))
        return;
    const QString label = stream == TokenStream::X ? m_scenario.queryLabel(row) : m_scenario.keyLabel(row);
    EditScope edit(this, tr("Move token %1").arg(label));
    tokens.row(row) = token;
    // A token of X is a query (and, in self-attention, a key and a value); a token of Y is a
    // key and a value. Only those rows are derived again.
    const bool movesQuery = stream == TokenStream::X;
    const bool movesKey = stream == TokenStream::Y || !d.isCross();
    if (movesQuery)
        m_scenario.queries.row(row) = projectRow(d.x, row, d.wQ);
    if (movesKey) {
        m_scenario.keys.row(row) = projectRow(d.keySource(), row, d.wK);
        m_scenario.values.row(row) = projectRow(d.keySource(), row, d.wV);
        scheduleHeadRecompute(0);
    } else {
        scheduleQueryRowRecompute(0, row);
    }
    emit derivationChanged();
    if (movesQuery)
        emit queryChanged(static_cast<int>(row), 0);
    if (movesKey) {
        emit keyChanged(static_cast<int>(row), 0);
        emit valueChanged(static_cast<int>(row), 0);
    }
}

void AttentionModel::setProjectionEntry(Projection which, Index row, Index column, double value)
{
    if (!m_scenario.derivation)
        return;
    Matrix weights = m_scenario.derivation->projection(which);
    Q_ASSERT(row >= 0 && row < weights.rows() && column >= 0 && column < weights.cols());
    weights(row, column) = value;
    setProjection(which, weights);
}

std::optional<Error> AttentionModel::setProjection(Projection which, const Matrix &weights)
{
    if (!m_scenario.derivation)
        return Error{ErrorCategory::Empty, tr("Q, K and V are not derived from tokens here.")};
    Derivation next = *m_scenario.derivation;
    next.projection(which) = weights;
    if (std::optional<Error> refusal = derivationShapeRefusal(next))
        return refusal;
    if (next == *m_scenario.derivation)
        return std::nullopt;
    const QString name = which == Projection::Query ? QStringLiteral("W_Q")
        : which == Projection::Key                  ? QStringLiteral("W_K")
                                                    : QStringLiteral("W_V");
    EditScope edit(this, tr("Change %1").arg(name));
    const Matrix &before = m_scenario.derivation->projection(which);
    if (before.cols() != weights.cols()) {
        // d_k or d_v changes: a new shape, which every view rebuilds for.
        setDerivedScenario(withDerivation(m_scenario, next));
        return std::nullopt;
    }
    m_scenario.derivation = std::move(next);
    const Derivation &d = *m_scenario.derivation;
    Matrix &derived = which == Projection::Query ? m_scenario.queries
        : which == Projection::Key                ? m_scenario.keys
                                                  : m_scenario.values;
    derived = project(which == Projection::Query ? d.x : d.keySource(), d.projection(which));
    scheduleHeadRecompute(0);
    emit derivationChanged();
    for (Index i = 0; i < derived.rows(); ++i) {
        if (which == Projection::Query)
            emit queryChanged(static_cast<int>(i), 0);
        else if (which == Projection::Key)
            emit keyChanged(static_cast<int>(i), 0);
        else
            emit valueChanged(static_cast<int>(i), 0);
    }
    return std::nullopt;
}

void AttentionModel::setCrossAttention(bool cross)
{
    if (!m_scenario.derivation || m_scenario.derivation->isCross() == cross)
        return;
    Derivation next = *m_scenario.derivation;
    if (cross) {
        next.y = defaultSecondStream();
        if (next.y->cols() != next.modelDimension())
            next.y = next.x;  // a d_model other than the lab's 2: start Y as a copy of X
    } else {
        next.y.reset();
    }
    EditScope edit(this, cross ? tr("Cross-attention: K and V from Y")
                               : tr("Self-attention: Q, K and V from X"));
    setDerivedScenario(withDerivation(m_scenario, next));
}

void AttentionModel::detachDerivation()
{
    if (!m_scenario.derivation)
        return;
    EditScope edit(this, tr("Detach Q, K and V from the tokens"));
    dropDerivationForDirectEdit();
}

} // namespace attnlens
