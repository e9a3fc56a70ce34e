#pragma once

#include "matrixtypes.h"

#include <QAbstractTableModel>
#include <QIcon>
#include <QVector>

#include <optional>

namespace attnlens {

class AttentionModel;
class ViewState;

/// Q, K or V of the AttentionModel as an editable table: one row per token, the token's label in
/// column 0 and the matrix entries in columns 1..d.
///
/// Entries are shown with 4 decimals; the editor gets the shortest text that reads back as the
/// same double, the tooltip all 17 significant digits. An entry that is not a finite number is
/// refused with editRefused() naming the cell ("K row 2 (memory B), column 1: 'abc' is not a
/// number") and the model stays as it was. Edits go through AttentionModel::setQueryRow,
/// setKeyRow, setValueRow, setQueryLabel and setKeyLabel.
///
/// The table follows the model live: a changed row updates just that row, inserted or removed
/// tokens and dimensions insert or remove table rows and columns.
class MatrixTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum class Part { Queries, Keys, Values };
    static constexpr int kLabelColumn = 0;

    MatrixTableModel(AttentionModel *model, const ViewState *viewState, Part part, QObject *parent = nullptr);

    /// The view state whose theme colours the table (its swatches, its editors' states).
    const ViewState *viewState() const { return m_viewState; }

    Part part() const { return m_part; }
    /// "Q", "K" or "V".
    QString matrixName() const;
    /// The label of the token of table row `row`.
    QString tokenLabel(int row) const;
    /// The matrix entry shown at `index`, or nothing for the label column.
    std::optional<double> entry(const QModelIndex &index) const;

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    /// Accepts text (as typed) or a number; refuses words, NaN and infinities.
    bool setData(const QModelIndex &index, const QVariant &value, int role = Qt::EditRole) override;

    /// The number in `text`, or the reason it is refused, naming the cell at `index`.
    std::optional<double> parseEntry(const QString &text, QString *refusal = nullptr,
                                     const QModelIndex &index = QModelIndex()) const;
    /// Whether setData() would accept `text` at `index` (a number, or a label that is not empty).
    bool acceptsText(const QModelIndex &index, const QString &text) const;
    /// Like acceptsText(), and emits editRefused() with the reason when it would not.
    bool checkText(const QModelIndex &index, const QString &text);
    /// "K row 2 (memory B), column 1".
    QString cellName(const QModelIndex &index) const;

signals:
    /// An edit was refused; the message names the cell and says why.
    void editRefused(const QString &message);
    /// An edit was accepted.
    void edited(const QModelIndex &index);

private:
    const Matrix &matrix() const;
    Index matrixRows() const;
    Index matrixColumns() const;
    void onRowChanged(int row);
    void onRowsInserted(int row);
    void onRowsRemoved(int row);
    void onColumnsChanged();
    void onScenarioReset();
    QIcon swatch(int row) const;

    AttentionModel *m_model;
    const ViewState *m_viewState;
    Part m_part;
    // The shape the table has told its views about; follows the model's through begin/end calls.
    int m_rows = 0;
    int m_columns = 0;
    mutable QVector<QIcon> m_swatches;
};

} // namespace attnlens
