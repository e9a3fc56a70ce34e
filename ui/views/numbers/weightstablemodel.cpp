#include "weightstablemodel.h"

#include "attentionmodel.h"
#include "numberformat.h"

#include <QApplication>
#include <QColor>
#include <QFont>
#include <QPalette>

#include <algorithm>

namespace attnlens {

namespace {

/// Scenario::isAllowed, safe against a mask of another shape (which the engine refuses).
bool isAllowedSafely(const Scenario &scenario, Index row, Index key)
{
    if (!scenario.allowed)
        return true;
    const Mask &mask = *scenario.allowed;
    return row >= mask.rows() || key >= mask.cols() || mask(row, key);
}

bool rowHasAllowedKey(const Scenario &scenario, Index row)
{
    for (Index key = 0; key < scenario.keyCount(); ++key) {
        if (isAllowedSafely(scenario, row, key))
            return true;
    }
    return false;
}

} // namespace

WeightsTableModel::WeightsTableModel(AttentionModel *model, QObject *parent)
    : QAbstractTableModel(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("weightsTableModel"));
    connect(model, &AttentionModel::scenarioReset, this, &WeightsTableModel::onScenarioReset);
    connect(model, &AttentionModel::resultChanged, this, &WeightsTableModel::onResultChanged);
    onScenarioReset();
}

void WeightsTableModel::onScenarioReset()
{
    beginResetModel();
    const Scenario &scenario = m_model->scenario();
    m_rows = int(scenario.queryCount());
    m_keys = int(scenario.keyCount());
    m_contextColumns = int(scenario.valueDimension());
    endResetModel();
}

void WeightsTableModel::onResultChanged()
{
    const Scenario &scenario = m_model->scenario();
    if (m_rows != scenario.queryCount() || m_keys != scenario.keyCount()
        || m_contextColumns != scenario.valueDimension()) {
        onScenarioReset();
        return;
    }
    if (m_rows > 0 && m_keys + m_contextColumns > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, m_keys + m_contextColumns - 1));
    emit headerDataChanged(Qt::Horizontal, 0, std::max(0, m_keys + m_contextColumns - 1));
}

int WeightsTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int WeightsTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_keys + m_contextColumns;
}

WeightsTableModel::CellKind WeightsTableModel::cellKind(int row, int column) const
{
    const Scenario &scenario = m_model->scenario();
    const bool context = isContextColumn(column);
    if (!rowHasAllowedKey(scenario, row))
        return CellKind::UndefinedRow;
    if (!context && !isAllowedSafely(scenario, row, column))
        return CellKind::Masked;
    const AttentionResult *result = m_model->result();
    if (!result || result->weights.rows() != m_rows || result->weights.cols() != m_keys
        || result->context.rows() != m_rows || result->context.cols() != m_contextColumns)
        return CellKind::NotComputed;
    return CellKind::Number;
}

double WeightsTableModel::cellValue(int row, int column) const
{
    const AttentionResult *result = m_model->result();
    return isContextColumn(column) ? result->context(row, column - m_keys) : result->weights(row, column);
}

QString WeightsTableModel::cellText(int row, int column) const
{
    switch (cellKind(row, column)) {
    case CellKind::Number:
        return formatCompact(cellValue(row, column), 4);
    case CellKind::Masked:
        return tr("masked");
    case CellKind::UndefinedRow:
        return tr("undefined: no allowed key");
    case CellKind::NotComputed:
        return tr("not computed");
    }
    return QString();
}

QString WeightsTableModel::columnTitle(int column) const
{
    if (isContextColumn(column))
        return m_contextColumns == 1 ? tr("context") : tr("context %1").arg(column - m_keys + 1);
    return m_model->scenario().keyLabel(column);
}

QString WeightsTableModel::cellSentence(int row, int column) const
{
    if (row < 0 || row >= m_rows || column < 0 || column >= columnCount())
        return QString();
    const QString query = m_model->scenario().queryLabel(row);
    if (isContextColumn(column))
        return tr("%1, %2: %3").arg(query, columnTitle(column), cellText(row, column));
    return tr("%1, %2: weight %3").arg(query, columnTitle(column), cellText(row, column));
}

QString WeightsTableModel::cellToolTip(int row, int column) const
{
    const QString where = isContextColumn(column)
        ? tr("Context of %1, coordinate %2").arg(m_model->scenario().queryLabel(row)).arg(column - m_keys + 1)
        : tr("Weight of %1 on %2").arg(m_model->scenario().queryLabel(row), columnTitle(column));
    switch (cellKind(row, column)) {
    case CellKind::Number:
        return tr("%1 = %2").arg(where, formatFull(cellValue(row, column)));
    case CellKind::Masked:
        return tr("%1: masked, so exactly 0 and left out of the softmax.").arg(where);
    case CellKind::UndefinedRow:
        return tr("%1: undefined, because every key is masked for this query. Allow at least one "
                  "key in its mask row.")
            .arg(where);
    case CellKind::NotComputed: {
        const std::optional<Error> &error = m_model->error();
        return tr("%1: not computed (%2).").arg(where, error ? error->message : tr("no result"));
    }
    }
    return QString();
}

void WeightsTableModel::setConcealed(LessonQuantities concealed)
{
    if (concealed == m_concealed)
        return;
    m_concealed = concealed;
    if (m_rows > 0 && m_keys + m_contextColumns > 0)
        emit dataChanged(index(0, 0), index(m_rows - 1, m_keys + m_contextColumns - 1));
}

bool WeightsTableModel::concealsCell(int row, int column) const
{
    if (cellKind(row, column) != CellKind::Number)
        return false;
    return m_concealed.testFlag(isContextColumn(column) ? LessonQuantity::Context : LessonQuantity::Weights);
}

QVariant WeightsTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows || index.column() >= columnCount())
        return QVariant();
    const int row = index.row();
    const int column = index.column();
    if (concealsCell(row, column)) {
        // Predict first: the number waits for the lesson's reveal.
        if (role == Qt::DisplayRole || role == Qt::AccessibleTextRole)
            return QStringLiteral("?");
        if (role == Qt::ToolTipRole || role == Qt::StatusTipRole || role == Qt::AccessibleDescriptionRole)
            return tr("Hidden until you reveal the lesson's answers.");
    }
    switch (role) {
    case Qt::DisplayRole:
    case Qt::AccessibleTextRole:
        return cellText(row, column);
    case Qt::ToolTipRole:
    case Qt::StatusTipRole:
        return cellToolTip(row, column);
    case Qt::AccessibleDescriptionRole:
        return cellSentence(row, column);
    case Qt::TextAlignmentRole:
        return cellKind(row, column) == CellKind::Number ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                                                         : QVariant(Qt::AlignCenter);
    case Qt::ForegroundRole:
        if (cellKind(row, column) != CellKind::Number) {
            // Set apart from the numbers, yet dark enough to read (about 5:1 on white).
            const QPalette palette = QApplication::palette();
            const QColor text = palette.color(QPalette::Text);
            const QColor base = palette.color(QPalette::Base);
            return QColor::fromRgbF(0.6 * text.redF() + 0.4 * base.redF(),
                                    0.6 * text.greenF() + 0.4 * base.greenF(),
                                    0.6 * text.blueF() + 0.4 * base.blueF());
        }
        return QVariant();
    case Qt::FontRole:
        if (cellKind(row, column) != CellKind::Number) {
            QFont font = QApplication::font();
            font.setItalic(true);
            return font;
        }
        return QVariant();
    default:
        return QVariant();
    }
}

QVariant WeightsTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole && role != Qt::AccessibleTextRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    const Scenario &scenario = m_model->scenario();
    if (orientation == Qt::Vertical) {
        if (section < 0 || section >= m_rows)
            return QVariant();
        if (role == Qt::ToolTipRole)
            return tr("query %1 (receiving)").arg(scenario.queryLabel(section));
        return scenario.queryLabel(section);
    }
    if (section < 0 || section >= columnCount())
        return QVariant();
    if (role == Qt::ToolTipRole) {
        return isContextColumn(section)
            ? tr("coordinate %1 of the context vector, the weighted sum of the value rows").arg(section - m_keys + 1)
            : tr("key %1 (source); its column holds each query's weight on it").arg(columnTitle(section));
    }
    return columnTitle(section);
}

} // namespace attnlens
