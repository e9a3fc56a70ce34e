#include "matrixtablemodel.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "viewstate.h"

#include <QBrush>
#include <QPixmap>
#include <QLocale>

#include <cmath>

namespace attnlens {

namespace {

/// The shortest text that reads back as exactly the same double.
QString roundTripText(double value)
{
    return QString::number(value, 'g', QLocale::FloatingPointShortest);
}

std::optional<double> parseNumber(QString text)
{
    text = text.trimmed();
    text.replace(QChar(0x2212), QLatin1Char('-'));  // the minus sign the views write
    if (text.isEmpty())
        return std::nullopt;
    // "1,5" must never become 15: group separators are refused in both readings.
    QLocale c = QLocale::c();
    c.setNumberOptions(QLocale::RejectGroupSeparator);
    bool ok = false;
    double value = c.toDouble(text, &ok);
    if (!ok) {
        // A decimal comma where the user's locale writes one.
        QLocale system;
        system.setNumberOptions(QLocale::RejectGroupSeparator);
        value = system.toDouble(text, &ok);
    }
    if (!ok)
        return std::nullopt;
    return value;
}

} // namespace

MatrixTableModel::MatrixTableModel(AttentionModel *model, const ViewState *viewState, Part part, QObject *parent)
    : QAbstractTableModel(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_part(part)
    , m_rows(int(matrixRows()))
    , m_columns(int(matrixColumns()))
{
    // The row swatches are drawn in the theme's query colours: made again when it changes.
    connect(viewState, &ViewState::themeChanged, this, [this] {
        m_swatches.clear();
        if (m_rows > 0)
            emit headerDataChanged(Qt::Vertical, 0, m_rows - 1);
    });
    switch (part) {
    case Part::Queries:
        connect(model, &AttentionModel::queryChanged, this, &MatrixTableModel::onRowChanged);
        connect(model, &AttentionModel::queryInserted, this, &MatrixTableModel::onRowsInserted);
        connect(model, &AttentionModel::queryRemoved, this, &MatrixTableModel::onRowsRemoved);
        connect(model, &AttentionModel::keyDimensionChanged, this, &MatrixTableModel::onColumnsChanged);
        break;
    case Part::Keys:
        connect(model, &AttentionModel::keyChanged, this, &MatrixTableModel::onRowChanged);
        connect(model, &AttentionModel::keyInserted, this, &MatrixTableModel::onRowsInserted);
        connect(model, &AttentionModel::keyRemoved, this, &MatrixTableModel::onRowsRemoved);
        connect(model, &AttentionModel::keyDimensionChanged, this, &MatrixTableModel::onColumnsChanged);
        break;
    case Part::Values:
        connect(model, &AttentionModel::valueChanged, this, &MatrixTableModel::onRowChanged);
        connect(model, &AttentionModel::keyInserted, this, &MatrixTableModel::onRowsInserted);
        connect(model, &AttentionModel::keyRemoved, this, &MatrixTableModel::onRowsRemoved);
        connect(model, &AttentionModel::valueDimensionChanged, this, &MatrixTableModel::onColumnsChanged);
        break;
    }
    connect(model, &AttentionModel::scenarioReset, this, &MatrixTableModel::onScenarioReset);
}

QString MatrixTableModel::matrixName() const
{
    switch (m_part) {
    case Part::Queries:
        return QStringLiteral("Q");
    case Part::Keys:
        return QStringLiteral("K");
    case Part::Values:
        return QStringLiteral("V");
    }
    return QString();
}

const Matrix &MatrixTableModel::matrix() const
{
    const Scenario &scenario = m_model->scenario();
    switch (m_part) {
    case Part::Queries:
        return scenario.queries;
    case Part::Keys:
        return scenario.keys;
    case Part::Values:
        break;
    }
    return scenario.values;
}

Index MatrixTableModel::matrixRows() const
{
    return matrix().rows();
}

Index MatrixTableModel::matrixColumns() const
{
    return matrix().cols();
}

QString MatrixTableModel::tokenLabel(int row) const
{
    const Scenario &scenario = m_model->scenario();
    return m_part == Part::Queries ? scenario.queryLabel(row) : scenario.keyLabel(row);
}

QString MatrixTableModel::cellName(const QModelIndex &index) const
{
    const QString rowName =
        tr("%1 row %2 (%3)").arg(matrixName()).arg(index.row() + 1).arg(tokenLabel(index.row()));
    if (index.column() == kLabelColumn)
        return tr("%1, label").arg(rowName);
    return tr("%1, column %2").arg(rowName).arg(index.column());
}

std::optional<double> MatrixTableModel::entry(const QModelIndex &index) const
{
    if (!index.isValid() || index.column() == kLabelColumn)
        return std::nullopt;
    const Matrix &m = matrix();
    const Index row = index.row();
    const Index column = index.column() - 1;
    if (row >= m.rows() || column >= m.cols())
        return std::nullopt;
    return m(row, column);
}

int MatrixTableModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_rows;
}

int MatrixTableModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : m_columns + 1;
}

QVariant MatrixTableModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= matrixRows())
        return QVariant();
    if (index.column() == kLabelColumn) {
        switch (role) {
        case Qt::DisplayRole:
        case Qt::EditRole:
            return tokenLabel(index.row());
        case Qt::DecorationRole:
            // A query's colour identifies it in every view; keys are neutral everywhere.
            return m_part == Part::Queries ? QVariant(swatch(index.row())) : QVariant();
        case Qt::ToolTipRole:
            return m_part == Part::Queries
                ? tr("Query %1's label. Double-click (or F2) to rename it.").arg(index.row() + 1)
                : tr("Key %1's label (its value row shares it). Double-click (or F2) to rename it.")
                      .arg(index.row() + 1);
        default:
            return QVariant();
        }
    }
    const std::optional<double> value = entry(index);
    if (!value)
        return QVariant();
    switch (role) {
    case Qt::DisplayRole:
        return formatCompact(*value, 4);
    case Qt::EditRole:
        return roundTripText(*value);
    case Qt::ToolTipRole:
        return tr("%1 = %2").arg(cellName(index), formatFull(*value));
    case Qt::TextAlignmentRole:
        return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::AccessibleTextRole:
        return tr("%1: %2").arg(cellName(index), formatFull(*value));
    default:
        return QVariant();
    }
}

QIcon MatrixTableModel::swatch(int row) const
{
    // The same colour when the row is selected (a plain colour would be tinted by the
    // selection), made once per row.
    while (m_swatches.size() <= row) {
        QPixmap pixmap(16, 16);
        pixmap.fill(m_viewState->theme().queryColor(int(m_swatches.size())));
        QIcon icon;
        icon.addPixmap(pixmap, QIcon::Normal);
        icon.addPixmap(pixmap, QIcon::Selected);
        m_swatches.append(icon);
    }
    return m_swatches.at(row);
}

QVariant MatrixTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Vertical) {
        if (role == Qt::DisplayRole)
            return section + 1;
        if (role == Qt::ToolTipRole)
            return tr("%1 row %2 (%3)").arg(matrixName()).arg(section + 1).arg(tokenLabel(section));
        return QVariant();
    }
    if (role == Qt::DisplayRole) {
        if (section == kLabelColumn)
            return m_part == Part::Queries ? tr("query") : tr("key");
        return section;
    }
    if (role == Qt::ToolTipRole) {
        if (section == kLabelColumn)
            return tr("The token's label");
        const QString dimension = m_part == Part::Values ? QStringLiteral("d_v") : QStringLiteral("d_k");
        return tr("Column %1 of %2 (%3 = %4)")
            .arg(section)
            .arg(matrixName(), dimension)
            .arg(matrixColumns());
    }
    return QVariant();
}

Qt::ItemFlags MatrixTableModel::flags(const QModelIndex &index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    // Derived Q, K and V are read-only here: the derivation lab moves them (labels stay editable).
    if (index.column() != kLabelColumn && m_model->isDerived())
        return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

std::optional<double> MatrixTableModel::parseEntry(const QString &text, QString *refusal,
                                                   const QModelIndex &index) const
{
    const std::optional<double> value = parseNumber(text);
    QString reason;
    const QString shown = text.trimmed();
    if (!value) {
        reason = shown.isEmpty() ? tr("an empty entry is not a number")
                                 : tr("'%1' is not a number").arg(shown);
    } else if (!std::isfinite(*value)) {
        reason = tr("'%1' is not a finite number (the engine refuses NaN and infinities)").arg(shown);
    }
    if (reason.isEmpty())
        return value;
    if (refusal)
        *refusal = index.isValid() ? tr("%1: %2").arg(cellName(index), reason) : reason;
    return std::nullopt;
}

bool MatrixTableModel::acceptsText(const QModelIndex &index, const QString &text) const
{
    if (index.column() == kLabelColumn)
        return !text.trimmed().isEmpty();
    return parseEntry(text).has_value();
}

bool MatrixTableModel::checkText(const QModelIndex &index, const QString &text)
{
    if (index.column() == kLabelColumn) {
        if (!text.trimmed().isEmpty())
            return true;
        emit editRefused(tr("%1: a label cannot be empty.").arg(cellName(index)));
        return false;
    }
    QString refusal;
    if (parseEntry(text, &refusal, index))
        return true;
    emit editRefused(refusal);
    return false;
}

bool MatrixTableModel::setData(const QModelIndex &index, const QVariant &value, int role)
{
    if (role != Qt::EditRole || !index.isValid() || index.row() >= matrixRows())
        return false;
    const Index row = index.row();

    if (index.column() == kLabelColumn) {
        const QString label = value.toString().trimmed();
        if (label.isEmpty()) {
            emit editRefused(tr("%1: a label cannot be empty.").arg(cellName(index)));
            return false;
        }
        if (m_part == Part::Queries)
            m_model->setQueryLabel(row, label);
        else
            m_model->setKeyLabel(row, label);
        emit edited(index);
        return true;
    }

    const Index column = index.column() - 1;
    if (column >= matrixColumns())
        return false;
    if (m_model->isDerived()) {
        emit editRefused(tr("%1: Q, K and V are derived from tokens (the lab \"Where Q, K and V come "
                            "from\"); detach them there to type numbers.")
                             .arg(cellName(index)));
        return false;
    }
    std::optional<double> number;
    QString refusal;
    if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Int) {
        number = value.toDouble();
        if (!std::isfinite(*number)) {
            refusal = tr("%1: %2 is not a finite number (the engine refuses NaN and infinities)")
                          .arg(cellName(index), formatFull(*number));
            number.reset();
        }
    } else {
        number = parseEntry(value.toString(), &refusal, index);
    }
    if (!number) {
        emit editRefused(refusal);
        return false;
    }
    Eigen::RowVectorXd updated = matrix().row(row);
    updated(column) = *number;
    switch (m_part) {
    case Part::Queries:
        m_model->setQueryRow(row, updated);
        break;
    case Part::Keys:
        m_model->setKeyRow(row, updated);
        break;
    case Part::Values:
        m_model->setValueRow(row, updated);
        break;
    }
    emit edited(index);
    return true;
}

void MatrixTableModel::onRowChanged(int row)
{
    if (row < 0 || row >= m_rows || m_columns == 0)
        return;
    emit dataChanged(index(row, 1), index(row, m_columns));
}

void MatrixTableModel::onRowsInserted(int row)
{
    if (m_rows + 1 != matrixRows())
        return;  // scenarioReset resets the table
    beginInsertRows(QModelIndex(), row, row);
    ++m_rows;
    endInsertRows();
}

void MatrixTableModel::onRowsRemoved(int row)
{
    if (m_rows - 1 != matrixRows())
        return;
    beginRemoveRows(QModelIndex(), row, row);
    --m_rows;
    endRemoveRows();
}

void MatrixTableModel::onColumnsChanged()
{
    const int columns = int(matrixColumns());
    if (columns > m_columns) {
        beginInsertColumns(QModelIndex(), m_columns + 1, columns);
        m_columns = columns;
        endInsertColumns();
    } else if (columns < m_columns) {
        beginRemoveColumns(QModelIndex(), columns + 1, m_columns);
        m_columns = columns;
        endRemoveColumns();
    }
}

void MatrixTableModel::onScenarioReset()
{
    if (m_rows != matrixRows() || m_columns != matrixColumns()) {
        beginResetModel();
        m_rows = int(matrixRows());
        m_columns = int(matrixColumns());
        endResetModel();
        return;
    }
    // Same shape: labels or numbers changed; the current cell and selection stay.
    if (m_rows > 0) {
        emit dataChanged(index(0, 0), index(m_rows - 1, m_columns));
        emit headerDataChanged(Qt::Vertical, 0, m_rows - 1);
    }
}

} // namespace attnlens
