#include "attentionmodel.h"

#include "attention.h"

namespace attnlens {

namespace {

template <typename Row>
bool sameRow(const Matrix &matrix, Index row, const Row &candidate)
{
    for (Index j = 0; j < matrix.cols(); ++j) {
        if (!identicalDoubles(matrix(row, j), candidate(j)))
            return false;
    }
    return true;
}

} // namespace

AttentionModel::AttentionModel(QObject *parent)
    : QObject(parent)
{
    m_recomputeTimer.setSingleShot(true);
    m_recomputeTimer.setInterval(0);
    connect(&m_recomputeTimer, &QTimer::timeout, this, &AttentionModel::publishResult);
}

const AttentionResult *AttentionModel::result() const
{
    ensureComputed();
    return m_error ? nullptr : &m_result;
}

const std::optional<Error> &AttentionModel::error() const
{
    ensureComputed();
    return m_error;
}

void AttentionModel::setScenario(const Scenario &scenario)
{
    if (scenario == m_scenario)
        return;
    m_scenario = scenario;
    emit scenarioReset();
    scheduleRecompute();
}

void AttentionModel::setQueryRow(Index row, const Eigen::RowVectorXd &query)
{
    Q_ASSERT(row >= 0 && row < m_scenario.queries.rows());
    Q_ASSERT(query.size() == m_scenario.queries.cols());
    if (sameRow(m_scenario.queries, row, query))
        return;
    m_scenario.queries.row(row) = query;
    emit queryChanged(static_cast<int>(row));
    scheduleRecompute();
}

void AttentionModel::setKeyRow(Index row, const Eigen::RowVectorXd &key)
{
    Q_ASSERT(row >= 0 && row < m_scenario.keys.rows());
    Q_ASSERT(key.size() == m_scenario.keys.cols());
    if (sameRow(m_scenario.keys, row, key))
        return;
    m_scenario.keys.row(row) = key;
    emit keyChanged(static_cast<int>(row));
    scheduleRecompute();
}

void AttentionModel::setValueRow(Index row, const Eigen::RowVectorXd &value)
{
    Q_ASSERT(row >= 0 && row < m_scenario.values.rows());
    Q_ASSERT(value.size() == m_scenario.values.cols());
    if (sameRow(m_scenario.values, row, value))
        return;
    m_scenario.values.row(row) = value;
    emit valueChanged(static_cast<int>(row));
    scheduleRecompute();
}

void AttentionModel::setTemperature(double temperature)
{
    if (identicalDoubles(temperature, m_scenario.temperature))
        return;
    m_scenario.temperature = temperature;
    emit temperatureChanged(temperature);
    scheduleRecompute();
}

void AttentionModel::setMaskCell(Index queryRow, Index keyRow, bool allowed)
{
    Q_ASSERT(queryRow >= 0 && queryRow < m_scenario.queryCount());
    Q_ASSERT(keyRow >= 0 && keyRow < m_scenario.keyCount());
    if (m_scenario.isAllowed(queryRow, keyRow) == allowed)
        return;
    if (!m_scenario.allowed)
        m_scenario.allowed = Mask::Constant(m_scenario.queryCount(), m_scenario.keyCount(), true);
    (*m_scenario.allowed)(queryRow, keyRow) = allowed;
    emit maskChanged();
    scheduleRecompute();
}

void AttentionModel::setMask(const std::optional<Mask> &allowed)
{
    if (identicalMasks(allowed, m_scenario.allowed))
        return;
    m_scenario.allowed = allowed;
    emit maskChanged();
    scheduleRecompute();
}

bool AttentionModel::isLastAllowedKey(Index queryRow, Index keyRow) const
{
    if (!m_scenario.isAllowed(queryRow, keyRow))
        return false;
    for (Index j = 0; j < m_scenario.keyCount(); ++j) {
        if (j != keyRow && m_scenario.isAllowed(queryRow, j))
            return false;
    }
    return true;
}

void AttentionModel::scheduleRecompute()
{
    m_dirty = true;
    if (!m_recomputeTimer.isActive())
        m_recomputeTimer.start();
}

void AttentionModel::ensureComputed() const
{
    if (!m_dirty)
        return;
    m_error = computeAttentionInto(m_scenario, m_result);
    ++m_computeCount;
    m_dirty = false;
}

void AttentionModel::publishResult()
{
    ensureComputed();
    emit resultChanged();
}

} // namespace attnlens
