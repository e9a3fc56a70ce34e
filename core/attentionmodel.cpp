#include "attentionmodel.h"

#include "quotedlabel.h"

#include "attention.h"
#include "scenariojson.h"

#include <algorithm>

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

template <typename M>
M withRowInserted(const M &matrix, Index row, const typename M::Scalar fill)
{
    M out(matrix.rows() + 1, matrix.cols());
    out.topRows(row) = matrix.topRows(row);
    out.row(row).setConstant(fill);
    out.bottomRows(matrix.rows() - row) = matrix.bottomRows(matrix.rows() - row);
    return out;
}

template <typename M>
M withRowRemoved(const M &matrix, Index row)
{
    M out(matrix.rows() - 1, matrix.cols());
    out.topRows(row) = matrix.topRows(row);
    out.bottomRows(matrix.rows() - row - 1) = matrix.bottomRows(matrix.rows() - row - 1);
    return out;
}

Mask withColumnInserted(const Mask &mask, Index column, bool fill)
{
    Mask out(mask.rows(), mask.cols() + 1);
    out.leftCols(column) = mask.leftCols(column);
    out.col(column).setConstant(fill);
    out.rightCols(mask.cols() - column) = mask.rightCols(mask.cols() - column);
    return out;
}

Mask withColumnRemoved(const Mask &mask, Index column)
{
    Mask out(mask.rows(), mask.cols() - 1);
    out.leftCols(column) = mask.leftCols(column);
    out.rightCols(mask.cols() - column - 1) = mask.rightCols(mask.cols() - column - 1);
    return out;
}

/// Zero columns appended, or trailing columns dropped.
Matrix withColumnCount(const Matrix &matrix, Index columns)
{
    Matrix out = Matrix::Zero(matrix.rows(), columns);
    const Index kept = std::min(columns, matrix.cols());
    out.leftCols(kept) = matrix.leftCols(kept);
    return out;
}

/// Every label as shown, so that inserting or removing a token does not rename the others.
template <typename LabelOf>
QStringList writtenOut(Index count, LabelOf labelOf)
{
    QStringList labels;
    labels.reserve(int(count));
    for (Index i = 0; i < count; ++i)
        labels.append(labelOf(i));
    return labels;
}

/// "query 4" for the fourth query, or the next number that no other token uses.
QString freshLabel(const QStringList &labels, const QString &stem, Index position)
{
    for (Index n = position + 1;; ++n) {
        const QString candidate = stem.arg(n);
        if (!labels.contains(candidate))
            return candidate;
    }
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
    // Dirty before the views hear of it: a view that reads result() while it rebuilds for the
    // new shapes must get the new scenario's result, never the old one's.
    scheduleRecompute();
    emit scenarioReset();
}

void AttentionModel::setQueryRow(Index row, const Eigen::RowVectorXd &query)
{
    Q_ASSERT(row >= 0 && row < m_scenario.queries.rows());
    Q_ASSERT(query.size() == m_scenario.queries.cols());
    if (sameRow(m_scenario.queries, row, query))
        return;
    m_scenario.queries.row(row) = query;
    scheduleQueryRowRecompute(row);
    emit queryChanged(static_cast<int>(row));
}

void AttentionModel::setKeyRow(Index row, const Eigen::RowVectorXd &key)
{
    Q_ASSERT(row >= 0 && row < m_scenario.keys.rows());
    Q_ASSERT(key.size() == m_scenario.keys.cols());
    if (sameRow(m_scenario.keys, row, key))
        return;
    m_scenario.keys.row(row) = key;
    scheduleRecompute();
    emit keyChanged(static_cast<int>(row));
}

void AttentionModel::setValueRow(Index row, const Eigen::RowVectorXd &value)
{
    Q_ASSERT(row >= 0 && row < m_scenario.values.rows());
    Q_ASSERT(value.size() == m_scenario.values.cols());
    if (sameRow(m_scenario.values, row, value))
        return;
    m_scenario.values.row(row) = value;
    scheduleRecompute();
    emit valueChanged(static_cast<int>(row));
}

void AttentionModel::setTemperature(double temperature)
{
    if (identicalDoubles(temperature, m_scenario.temperature))
        return;
    m_scenario.temperature = temperature;
    scheduleRecompute();
    emit temperatureChanged(temperature);
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
    scheduleRecompute();
    emit maskChanged();
}

void AttentionModel::setMask(const std::optional<Mask> &allowed)
{
    if (identicalMasks(allowed, m_scenario.allowed))
        return;
    m_scenario.allowed = allowed;
    scheduleRecompute();
    emit maskChanged();
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

void AttentionModel::setScenarioName(const QString &typed)
{
    const QString name = typed.left(ScenarioLimits::maxLabelChars);  // what a file may hold
    if (name == m_scenario.name)
        return;
    m_scenario.name = name;
    scheduleRecompute();
    emit nameChanged(name);
    emit scenarioReset();
}

void AttentionModel::setQueryLabel(Index row, const QString &typed)
{
    // Cut to the loader's limit, so that whatever is typed can be saved and opened again.
    const QString label = typed.left(ScenarioLimits::maxLabelChars);
    Q_ASSERT(row >= 0 && row < m_scenario.queryCount());
    const QString stored = row < m_scenario.queryLabels.size() ? m_scenario.queryLabels.at(row) : QString();
    if (label == stored || (!label.isEmpty() && label == m_scenario.queryLabel(row)))
        return;
    while (m_scenario.queryLabels.size() <= row)
        m_scenario.queryLabels.append(QString());
    m_scenario.queryLabels[row] = label;
    scheduleRecompute();
    emit queryLabelChanged(static_cast<int>(row));
    emit scenarioReset();
}

void AttentionModel::setKeyLabel(Index row, const QString &typed)
{
    // Cut to the loader's limit, so that whatever is typed can be saved and opened again.
    const QString label = typed.left(ScenarioLimits::maxLabelChars);
    Q_ASSERT(row >= 0 && row < m_scenario.keyCount());
    const QString stored = row < m_scenario.keyLabels.size() ? m_scenario.keyLabels.at(row) : QString();
    if (label == stored || (!label.isEmpty() && label == m_scenario.keyLabel(row)))
        return;
    while (m_scenario.keyLabels.size() <= row)
        m_scenario.keyLabels.append(QString());
    m_scenario.keyLabels[row] = label;
    scheduleRecompute();
    emit keyLabelChanged(static_cast<int>(row));
    emit scenarioReset();
}

void AttentionModel::insertQuery(Index row, const Eigen::RowVectorXd &query, const QString &label)
{
    Q_ASSERT(row >= 0 && row <= m_scenario.queryCount());
    Q_ASSERT(query.size() == m_scenario.keyDimension());
    QStringList labels = writtenOut(m_scenario.queryCount(),
                                    [this](Index i) { return m_scenario.queryLabel(i); });
    labels.insert(int(row), label.isEmpty()
                                ? freshLabel(labels, QStringLiteral("query %1"), m_scenario.queryCount())
                                : label.left(ScenarioLimits::maxLabelChars));
    m_scenario.queries = withRowInserted(m_scenario.queries, row, 0.0);
    m_scenario.queries.row(row) = query;
    m_scenario.queryLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withRowInserted(*m_scenario.allowed, row, true);
    scheduleRecompute();
    emit queryInserted(static_cast<int>(row));
    emit scenarioReset();
}

std::optional<Error> AttentionModel::queryRemovalRefusal(Index row) const
{
    Q_ASSERT(row >= 0 && row < m_scenario.queryCount());
    if (m_scenario.queryCount() <= 1) {
        return Error{ErrorCategory::Empty,
                     tr("Query %1 (%2) is the only query; a scenario needs at least one.")
                         .arg(row + 1)
                         .arg(quotedInFull(m_scenario.queryLabel(row))),
                     int(row), -1};
    }
    return std::nullopt;
}

std::optional<Error> AttentionModel::removeQuery(Index row)
{
    if (std::optional<Error> refusal = queryRemovalRefusal(row))
        return refusal;
    QStringList labels = writtenOut(m_scenario.queryCount(),
                                    [this](Index i) { return m_scenario.queryLabel(i); });
    labels.removeAt(int(row));
    m_scenario.queries = withRowRemoved(m_scenario.queries, row);
    m_scenario.queryLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withRowRemoved(*m_scenario.allowed, row);
    scheduleRecompute();
    emit queryRemoved(static_cast<int>(row));
    emit scenarioReset();
    return std::nullopt;
}

void AttentionModel::insertKey(Index row, const Eigen::RowVectorXd &key,
                               const Eigen::RowVectorXd &value, const QString &label)
{
    Q_ASSERT(row >= 0 && row <= m_scenario.keyCount());
    Q_ASSERT(key.size() == m_scenario.keyDimension());
    Q_ASSERT(value.size() == m_scenario.valueDimension());
    QStringList labels =
        writtenOut(m_scenario.keyCount(), [this](Index i) { return m_scenario.keyLabel(i); });
    labels.insert(int(row), label.isEmpty()
                                ? freshLabel(labels, QStringLiteral("key %1"), m_scenario.keyCount())
                                : label.left(ScenarioLimits::maxLabelChars));
    m_scenario.keys = withRowInserted(m_scenario.keys, row, 0.0);
    m_scenario.keys.row(row) = key;
    m_scenario.values = withRowInserted(m_scenario.values, row, 0.0);
    m_scenario.values.row(row) = value;
    m_scenario.keyLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withColumnInserted(*m_scenario.allowed, row, true);
    scheduleRecompute();
    emit keyInserted(static_cast<int>(row));
    emit scenarioReset();
}

std::optional<Error> AttentionModel::keyRemovalRefusal(Index row) const
{
    Q_ASSERT(row >= 0 && row < m_scenario.keyCount());
    if (m_scenario.keyCount() <= 1) {
        return Error{ErrorCategory::Empty,
                     tr("Key %1 (%2) is the only key; a scenario needs at least one.")
                         .arg(row + 1)
                         .arg(quotedInFull(m_scenario.keyLabel(row))),
                     -1, int(row)};
    }
    for (Index i = 0; i < m_scenario.queryCount(); ++i) {
        if (isLastAllowedKey(i, row)) {
            return Error{ErrorCategory::AllMaskedRow,
                         tr("Removing key %1 (%2) would leave row %3 (%4) with no allowed key: "
                            "softmax over no keys is undefined. Allow another key in that row "
                            "first.")
                             .arg(row + 1)
                             .arg(quotedInFull(m_scenario.keyLabel(row)))
                             .arg(i + 1)
                             .arg(quotedInFull(m_scenario.queryLabel(i))),
                         int(i), int(row)};
        }
    }
    return std::nullopt;
}

std::optional<Error> AttentionModel::removeKey(Index row)
{
    if (std::optional<Error> refusal = keyRemovalRefusal(row))
        return refusal;
    QStringList labels =
        writtenOut(m_scenario.keyCount(), [this](Index i) { return m_scenario.keyLabel(i); });
    labels.removeAt(int(row));
    m_scenario.keys = withRowRemoved(m_scenario.keys, row);
    m_scenario.values = withRowRemoved(m_scenario.values, row);
    m_scenario.keyLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withColumnRemoved(*m_scenario.allowed, row);
    scheduleRecompute();
    emit keyRemoved(static_cast<int>(row));
    emit scenarioReset();
    return std::nullopt;
}

std::optional<Error> AttentionModel::setKeyDimension(Index dimension)
{
    if (dimension < 1) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("d_k must be at least 1, not %1.").arg(dimension), -1, -1};
    }
    if (dimension == m_scenario.keyDimension() && dimension == m_scenario.keys.cols())
        return std::nullopt;
    m_scenario.queries = withColumnCount(m_scenario.queries, dimension);
    m_scenario.keys = withColumnCount(m_scenario.keys, dimension);
    scheduleRecompute();
    emit keyDimensionChanged(static_cast<int>(dimension));
    emit scenarioReset();
    return std::nullopt;
}

std::optional<Error> AttentionModel::setValueDimension(Index dimension)
{
    if (dimension < 1) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("d_v must be at least 1, not %1.").arg(dimension), -1, -1};
    }
    if (dimension == m_scenario.valueDimension())
        return std::nullopt;
    m_scenario.values = withColumnCount(m_scenario.values, dimension);
    scheduleRecompute();
    emit valueDimensionChanged(static_cast<int>(dimension));
    emit scenarioReset();
    return std::nullopt;
}

void AttentionModel::scheduleRecompute()
{
    m_dirty = true;
    m_fullRecomputeNeeded = true;
    if (!m_recomputeTimer.isActive())
        m_recomputeTimer.start();
}

void AttentionModel::scheduleQueryRowRecompute(Index row)
{
    if (!m_dirty) {
        m_fullRecomputeNeeded = false;
        m_changedQueryRows.clear();
    }
    // A drag changes one row per move; past a handful of rows the full product is cheaper.
    constexpr size_t kMostRowsUpdatedOneByOne = 8;
    if (!m_fullRecomputeNeeded) {
        if (std::find(m_changedQueryRows.begin(), m_changedQueryRows.end(), row)
            == m_changedQueryRows.end())
            m_changedQueryRows.push_back(row);
        m_fullRecomputeNeeded = m_changedQueryRows.size() > kMostRowsUpdatedOneByOne;
    }
    m_dirty = true;
    if (!m_recomputeTimer.isActive())
        m_recomputeTimer.start();
}

void AttentionModel::ensureComputed() const
{
    if (!m_dirty)
        return;
    // When only some query rows moved since a valid result, only those rows are recomputed:
    // a drag at hundreds of tokens then costs one row, not the whole matrix.
    const bool rowsOnly = !m_fullRecomputeNeeded && !m_error
                          && m_result.scores.rows() == m_scenario.queries.rows()
                          && m_result.scores.cols() == m_scenario.keys.rows()
                          && m_result.context.cols() == m_scenario.values.cols();
    m_error = rowsOnly ? recomputeQueryRows(m_scenario, m_changedQueryRows, m_result)
                       : computeAttentionInto(m_scenario, m_result);
    ++m_computeCount;
    m_dirty = false;
    m_fullRecomputeNeeded = true;
    m_changedQueryRows.clear();
}

void AttentionModel::publishResult()
{
    ensureComputed();
    emit resultChanged();
}

} // namespace attnlens
