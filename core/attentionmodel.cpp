#include "attentionmodel.h"

#include "quotedlabel.h"

#include "attention.h"
#include "scenariojson.h"
#include "textlength.h"

#include <algorithm>
#include <utility>

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
    return headResult(m_selectedHead);
}

const AttentionResult *AttentionModel::headResult(Index head) const
{
    Q_ASSERT(head >= 0 && head < headCount());
    ensureComputed();
    return m_error ? nullptr : &m_results[static_cast<size_t>(head)];
}

const Matrix *AttentionModel::concatenatedContext() const
{
    ensureComputed();
    if (m_error)
        return nullptr;
    if (m_concatenatedStale) {
        std::vector<const AttentionResult *> heads;
        for (const AttentionResult &result : m_results)
            heads.push_back(&result);
        m_concatenated = concatenateContexts(heads);
        m_concatenatedStale = false;
    }
    return &m_concatenated;
}

const std::optional<Error> &AttentionModel::error() const
{
    ensureComputed();
    return m_error;
}

void AttentionModel::setScenario(const Scenario &scenario)
{
    if (scenario.derivation) {
        setDerivedScenario(scenario);
        return;
    }
    if (scenario == m_scenario)
        return;
    endSuspendedGesture();
    const bool wasDerived = m_scenario.derivation.has_value();
    m_scenario = scenario;
    m_selectedHead = std::min(m_selectedHead, m_scenario.headCount() - 1);
    refreshShown();
    // Dirty before the views hear of it: a view that reads result() while it rebuilds for the
    // new shapes must get the new scenario's result, never the old one's.
    scheduleRecompute();
    if (wasDerived)
        emit derivationChanged();
    emit scenarioReset();
}

void AttentionModel::setQueryRow(Index row, const Eigen::RowVectorXd &query)
{
    setHeadQueryRow(m_selectedHead, row, query);
}

void AttentionModel::setKeyRow(Index row, const Eigen::RowVectorXd &key)
{
    setHeadKeyRow(m_selectedHead, row, key);
}

void AttentionModel::setValueRow(Index row, const Eigen::RowVectorXd &value)
{
    setHeadValueRow(m_selectedHead, row, value);
}

void AttentionModel::setHeadQueryRow(Index head, Index row, const Eigen::RowVectorXd &query)
{
    Q_ASSERT(head >= 0 && head < headCount());
    Matrix &queries = m_scenario.headQueries(head);
    Q_ASSERT(row >= 0 && row < queries.rows());
    Q_ASSERT(query.size() == queries.cols());
    if (sameRow(queries, row, query))
        return;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    queries.row(row) = query;
    if (m_scenario.hasSeveralHeads() && head == m_selectedHead)
        m_shown.queries.row(row) = query;
    scheduleQueryRowRecompute(head, row);
    emit queryChanged(static_cast<int>(row), static_cast<int>(head));
}

void AttentionModel::setHeadKeyRow(Index head, Index row, const Eigen::RowVectorXd &key)
{
    Q_ASSERT(head >= 0 && head < headCount());
    Matrix &keys = m_scenario.headKeys(head);
    Q_ASSERT(row >= 0 && row < keys.rows());
    Q_ASSERT(key.size() == keys.cols());
    if (sameRow(keys, row, key))
        return;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    keys.row(row) = key;
    if (m_scenario.hasSeveralHeads() && head == m_selectedHead)
        m_shown.keys.row(row) = key;
    scheduleHeadRecompute(head);
    emit keyChanged(static_cast<int>(row), static_cast<int>(head));
}

void AttentionModel::setHeadValueRow(Index head, Index row, const Eigen::RowVectorXd &value)
{
    Q_ASSERT(head >= 0 && head < headCount());
    Matrix &values = m_scenario.headValues(head);
    Q_ASSERT(row >= 0 && row < values.rows());
    Q_ASSERT(value.size() == values.cols());
    if (sameRow(values, row, value))
        return;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    values.row(row) = value;
    if (m_scenario.hasSeveralHeads() && head == m_selectedHead)
        m_shown.values.row(row) = value;
    scheduleHeadRecompute(head);
    emit valueChanged(static_cast<int>(row), static_cast<int>(head));
}

void AttentionModel::setTemperature(double temperature)
{
    if (identicalDoubles(temperature, m_scenario.temperature))
        return;
    endSuspendedGesture();
    m_scenario.temperature = temperature;
    m_shown.temperature = temperature;
    scheduleRecompute();
    emit temperatureChanged(temperature);
}

void AttentionModel::setMaskCell(Index queryRow, Index keyRow, bool allowed)
{
    Q_ASSERT(queryRow >= 0 && queryRow < m_scenario.queryCount());
    Q_ASSERT(keyRow >= 0 && keyRow < m_scenario.keyCount());
    if (m_scenario.isAllowed(queryRow, keyRow) == allowed)
        return;
    endSuspendedGesture();
    if (!m_scenario.allowed)
        m_scenario.allowed = Mask::Constant(m_scenario.queryCount(), m_scenario.keyCount(), true);
    (*m_scenario.allowed)(queryRow, keyRow) = allowed;
    if (m_scenario.hasSeveralHeads())
        m_shown.allowed = m_scenario.allowed;
    scheduleRecompute();
    emit maskChanged();
}

void AttentionModel::setMask(const std::optional<Mask> &allowed)
{
    if (identicalMasks(allowed, m_scenario.allowed))
        return;
    endSuspendedGesture();
    m_scenario.allowed = allowed;
    if (m_scenario.hasSeveralHeads())
        m_shown.allowed = allowed;
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
    const QString name = cutAtWholeCharacters(typed, ScenarioLimits::maxLabelChars);  // what a file may hold
    if (name == m_scenario.name)
        return;
    endSuspendedGesture();
    m_scenario.name = name;
    refreshShown();
    scheduleRecompute();
    emit nameChanged(name);
    emit scenarioReset();
}

void AttentionModel::setQueryLabel(Index row, const QString &typed)
{
    // Cut to the loader's limit, so that whatever is typed can be saved and opened again.
    const QString label = cutAtWholeCharacters(typed, ScenarioLimits::maxLabelChars);
    Q_ASSERT(row >= 0 && row < m_scenario.queryCount());
    const QString stored = row < m_scenario.queryLabels.size() ? m_scenario.queryLabels.at(row) : QString();
    if (label == stored || (!label.isEmpty() && label == m_scenario.queryLabel(row)))
        return;
    endSuspendedGesture();
    // Every row gets its entry, so that a file written now holds one label per query.
    m_scenario.queryLabels = labelForEveryRow(m_scenario.queryLabels, m_scenario.queryCount());
    m_scenario.queryLabels[row] = label;
    mirrorTokenLabel(row, label, m_scenario.keyLabels);
    refreshShown();
    scheduleRecompute();
    emit queryLabelChanged(static_cast<int>(row));
    emit scenarioReset();
}

void AttentionModel::setKeyLabel(Index row, const QString &typed)
{
    // Cut to the loader's limit, so that whatever is typed can be saved and opened again.
    const QString label = cutAtWholeCharacters(typed, ScenarioLimits::maxLabelChars);
    Q_ASSERT(row >= 0 && row < m_scenario.keyCount());
    const QString stored = row < m_scenario.keyLabels.size() ? m_scenario.keyLabels.at(row) : QString();
    if (label == stored || (!label.isEmpty() && label == m_scenario.keyLabel(row)))
        return;
    endSuspendedGesture();
    m_scenario.keyLabels = labelForEveryRow(m_scenario.keyLabels, m_scenario.keyCount());
    m_scenario.keyLabels[row] = label;
    mirrorTokenLabel(row, label, m_scenario.queryLabels);
    refreshShown();
    scheduleRecompute();
    emit keyLabelChanged(static_cast<int>(row));
    emit scenarioReset();
}

std::optional<Error> AttentionModel::fileLimitRefusal(Index queries, Index keys, Index queryColumns,
                                                      Index keyColumns, Index valueColumns,
                                                      Index heads) const
{
    if (queries > ScenarioLimits::maxRows || keys > ScenarioLimits::maxRows) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("A scenario holds at most %1 queries and %1 keys, so that it can be saved "
                        "and opened again.")
                         .arg(ScenarioLimits::maxRows)};
    }
    if (queryColumns > ScenarioLimits::maxColumns || keyColumns > ScenarioLimits::maxColumns
        || valueColumns > ScenarioLimits::maxColumns) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("d_k and d_v are at most %1, so that the scenario can be saved and opened "
                        "again.")
                         .arg(ScenarioLimits::maxColumns)};
    }
    const qint64 entries = qint64(heads)
        * (qint64(queries) * queryColumns + qint64(keys) * keyColumns + qint64(keys) * valueColumns);
    if (entries > ScenarioLimits::maxHeadEntries) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("Q, K and V of every head together would hold %1 numbers, more than the "
                        "%2 a scenario file may hold.")
                         .arg(entries)
                         .arg(ScenarioLimits::maxHeadEntries)};
    }
    return std::nullopt;
}

std::optional<Error> AttentionModel::insertQuery(Index row, const Eigen::RowVectorXd &query,
                                                 const QString &label)
{
    const Scenario &s = m_scenario;
    if (std::optional<Error> refusal = fileLimitRefusal(s.queryCount() + 1, s.keyCount(), s.queries.cols(),
                                                        s.keys.cols(), s.valueDimension(), headCount()))
        return refusal;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    Q_ASSERT(row >= 0 && row <= m_scenario.queryCount());
    Q_ASSERT(query.size() == m_scenario.queryDimension());
    QStringList labels = writtenOut(m_scenario.queryCount(),
                                    [this](Index i) { return m_scenario.queryLabel(i); });
    labels.insert(int(row), label.isEmpty()
                                ? freshLabel(labels, QStringLiteral("query %1"), m_scenario.queryCount())
                                : cutAtWholeCharacters(label, ScenarioLimits::maxLabelChars));
    // The selected head gets the given query; the other heads a zero row.
    for (Index h = 0; h < headCount(); ++h) {
        Matrix &queries = m_scenario.headQueries(h);
        queries = withRowInserted(queries, row, 0.0);
        if (h == m_selectedHead)
            queries.row(row) = query;
    }
    m_scenario.queryLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withRowInserted(*m_scenario.allowed, row, true);
    refreshShown();
    scheduleRecompute();
    emit queryInserted(static_cast<int>(row));
    emit scenarioReset();
    return std::nullopt;
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
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    QStringList labels = writtenOut(m_scenario.queryCount(),
                                    [this](Index i) { return m_scenario.queryLabel(i); });
    labels.removeAt(int(row));
    for (Index h = 0; h < headCount(); ++h)
        m_scenario.headQueries(h) = withRowRemoved(m_scenario.headQueries(h), row);
    m_scenario.queryLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withRowRemoved(*m_scenario.allowed, row);
    refreshShown();
    scheduleRecompute();
    emit queryRemoved(static_cast<int>(row));
    emit scenarioReset();
    return std::nullopt;
}

std::optional<Error> AttentionModel::insertKey(Index row, const Eigen::RowVectorXd &key,
                                               const Eigen::RowVectorXd &value, const QString &label)
{
    const Scenario &s = m_scenario;
    if (std::optional<Error> refusal = fileLimitRefusal(s.queryCount(), s.keyCount() + 1, s.queries.cols(),
                                                        s.keys.cols(), s.valueDimension(), headCount()))
        return refusal;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    Q_ASSERT(row >= 0 && row <= m_scenario.keyCount());
    Q_ASSERT(key.size() == m_scenario.keyDimension());
    Q_ASSERT(value.size() == m_scenario.valueDimension());
    QStringList labels =
        writtenOut(m_scenario.keyCount(), [this](Index i) { return m_scenario.keyLabel(i); });
    labels.insert(int(row), label.isEmpty()
                                ? freshLabel(labels, QStringLiteral("key %1"), m_scenario.keyCount())
                                : cutAtWholeCharacters(label, ScenarioLimits::maxLabelChars));
    // The selected head gets the given key and value; the other heads zero rows.
    for (Index h = 0; h < headCount(); ++h) {
        Matrix &keys = m_scenario.headKeys(h);
        Matrix &values = m_scenario.headValues(h);
        keys = withRowInserted(keys, row, 0.0);
        values = withRowInserted(values, row, 0.0);
        if (h == m_selectedHead) {
            keys.row(row) = key;
            values.row(row) = value;
        }
    }
    m_scenario.keyLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withColumnInserted(*m_scenario.allowed, row, true);
    // The √d_k lab's stretched key is a row number: it moves with its key.
    if (m_scenario.scaleLab && m_scenario.scaleLab->stretchedKey >= row)
        ++m_scenario.scaleLab->stretchedKey;
    refreshShown();
    scheduleRecompute();
    emit keyInserted(static_cast<int>(row));
    emit scenarioReset();
    return std::nullopt;
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
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    QStringList labels =
        writtenOut(m_scenario.keyCount(), [this](Index i) { return m_scenario.keyLabel(i); });
    labels.removeAt(int(row));
    for (Index h = 0; h < headCount(); ++h) {
        m_scenario.headKeys(h) = withRowRemoved(m_scenario.headKeys(h), row);
        m_scenario.headValues(h) = withRowRemoved(m_scenario.headValues(h), row);
    }
    m_scenario.keyLabels = labels;
    if (m_scenario.allowed)
        m_scenario.allowed = withColumnRemoved(*m_scenario.allowed, row);
    // The stretched key's row moves with it; with it gone, no key is stretched any more.
    if (ScaleLabSettings *lab = m_scenario.scaleLab ? &*m_scenario.scaleLab : nullptr) {
        if (lab->stretchedKey == row)
            lab->stretchedKey = -1;
        else if (lab->stretchedKey > row)
            --lab->stretchedKey;
    }
    refreshShown();
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
    const Scenario &s = m_scenario;
    const Index queryColumns = s.score.isScaledDot() ? dimension : s.queries.cols();
    if (std::optional<Error> refusal = fileLimitRefusal(s.queryCount(), s.keyCount(), queryColumns,
                                                        dimension, s.valueDimension(), headCount()))
        return refusal;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    ScoreFunction &score = m_scenario.score;
    for (Index h = 0; h < headCount(); ++h) {
        // A general or additive score compares queries and keys of different lengths: d_k is
        // then the keys' alone, and the weights that read keys follow (new columns are 0).
        if (score.isScaledDot())
            m_scenario.headQueries(h) = withColumnCount(m_scenario.headQueries(h), dimension);
        m_scenario.headKeys(h) = withColumnCount(m_scenario.headKeys(h), dimension);
    }
    if (score.kind == ScoreFunction::Kind::General)
        score.general = withColumnCount(score.general, dimension);
    else if (score.kind == ScoreFunction::Kind::Additive)
        score.keyWeight = withColumnCount(score.keyWeight, dimension);
    refreshShown();
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
    if (std::optional<Error> refusal = fileLimitRefusal(m_scenario.queryCount(), m_scenario.keyCount(),
                                                        m_scenario.queries.cols(), m_scenario.keys.cols(),
                                                        dimension, headCount()))
        return refusal;
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    for (Index h = 0; h < headCount(); ++h)
        m_scenario.headValues(h) = withColumnCount(m_scenario.headValues(h), dimension);
    refreshShown();
    scheduleRecompute();
    emit valueDimensionChanged(static_cast<int>(dimension));
    emit scenarioReset();
    return std::nullopt;
}

void AttentionModel::scheduleRecompute()
{
    m_work.assign(static_cast<size_t>(headCount()), HeadWork{});
    m_dirty = true;
    startRecomputeTimer();
}

void AttentionModel::scheduleHeadRecompute(Index head)
{
    m_work.resize(static_cast<size_t>(headCount()), HeadWork{});
    HeadWork &work = m_work[static_cast<size_t>(head)];
    work.dirty = true;
    work.whole = true;
    work.changedQueryRows.clear();
    m_dirty = true;
    startRecomputeTimer();
}

void AttentionModel::scheduleQueryRowRecompute(Index head, Index row)
{
    m_work.resize(static_cast<size_t>(headCount()), HeadWork{});
    HeadWork &work = m_work[static_cast<size_t>(head)];
    if (!work.dirty) {
        work.whole = false;
        work.changedQueryRows.clear();
    }
    // A drag changes one row per move; past a handful of rows the full product is cheaper.
    constexpr size_t kMostRowsUpdatedOneByOne = 8;
    if (!work.whole) {
        if (std::find(work.changedQueryRows.begin(), work.changedQueryRows.end(), row)
            == work.changedQueryRows.end())
            work.changedQueryRows.push_back(row);
        work.whole = work.changedQueryRows.size() > kMostRowsUpdatedOneByOne;
    }
    work.dirty = true;
    m_dirty = true;
    startRecomputeTimer();
}

void AttentionModel::startRecomputeTimer()
{
    if (!m_recomputeTimer.isActive())
        m_recomputeTimer.start();
}

void AttentionModel::refreshShown()
{
    m_shown = m_scenario.hasSeveralHeads() ? m_scenario.headAlone(m_selectedHead) : Scenario();
}

void AttentionModel::ensureComputed() const
{
    if (!m_dirty)
        return;
    const size_t heads = static_cast<size_t>(m_scenario.headCount());
    // After a refusal, or when the head count changed, nothing computed before can be reused.
    const bool reuse = !m_error && m_results.size() == heads && m_work.size() == heads;
    if (!reuse) {
        m_results.resize(heads);
        m_work.assign(heads, HeadWork{});
    }
    // When only some query rows of one head moved since a valid result, only those rows are
    // recomputed: a drag at hundreds of tokens then costs one row, not the whole matrix. Any
    // other change validates the whole scenario again, once, before its heads are computed.
    const bool rowsOnly = std::all_of(m_work.begin(), m_work.end(),
                                      [](const HeadWork &w) { return !w.dirty || !w.whole; });
    m_error = rowsOnly ? std::nullopt : validateAttentionInput(m_scenario);
    // Heads to compute whole wait in `whole` and go to the engine together, so that their row
    // blocks share the cores; a head whose rows are recomputed first sends the waiting ones,
    // which keeps the order of the work, and so which refusal is reported, head by head.
    std::vector<Index> whole;
    std::vector<AttentionResult *> wholeResults;
    const auto computeWaitingHeads = [&] {
        if (whole.empty() || m_error)
            return;
        m_error = computeHeadsInto(m_scenario, whole, wholeResults, InputCheck::AlreadyChecked);
        // Counted as one head at a time would be: up to the refused head.
        const auto refused = m_error ? std::find(whole.begin(), whole.end(), static_cast<Index>(m_error->head))
                                     : whole.end();
        m_headComputeCount += static_cast<quint64>(refused == whole.end() ? whole.size()
                                                                          : refused - whole.begin() + 1);
        whole.clear();
        wholeResults.clear();
    };
    for (size_t h = 0; h < heads && !m_error; ++h) {
        HeadWork &work = m_work[h];
        if (!work.dirty)
            continue;
        AttentionResult &result = m_results[h];
        const Index head = static_cast<Index>(h);
        const bool fits = result.scores.rows() == m_scenario.queryCount()
                          && result.scores.cols() == m_scenario.keyCount()
                          && result.context.cols() == m_scenario.valueDimension();
        if (work.whole || !fits) {
            if (!work.whole)  // a row change of a head never computed: validate, then compute
                m_error = validateAttentionInput(m_scenario);
            if (m_error) {
                ++m_headComputeCount;
                break;
            }
            whole.push_back(head);
            wholeResults.push_back(&result);
            continue;
        }
        computeWaitingHeads();
        if (m_error)
            break;
        m_error = recomputeHeadQueryRows(m_scenario, head, work.changedQueryRows, result);
        ++m_headComputeCount;
    }
    computeWaitingHeads();
    ++m_computeCount;
    m_dirty = false;
    m_concatenatedStale = true;
    // Every head is now either up to date, or (after a refusal) to be computed whole next time.
    m_work.assign(heads, HeadWork{false, true, {}});
    if (m_error)
        m_results.clear();
}

void AttentionModel::publishResult()
{
    ensureComputed();
    emit resultChanged();
}

} // namespace attnlens
