#pragma once

#include "lessonstep.h"

#include <QAbstractTableModel>
#include <QString>

namespace attnlens {

class AttentionModel;

/// The attention weights as a table for screen readers and keyboard users: one row per query,
/// one column per key, then one column per coordinate of the context vector.
///
/// Cells read "0.4011" (4 decimals, the full-precision value in the tooltip); a masked key reads
/// "masked", never 0, and a query row with no allowed key reads "undefined: no allowed key".
/// While the model refuses the scenario for another reason, every number cell reads "not
/// computed" and the tooltip names the reason. Headers are the token labels, so that a screen
/// reader announces "q, memory A, 0.4011". Read-only: the table follows the model's signals.
class WeightsTableModel : public QAbstractTableModel {
    Q_OBJECT

public:
    explicit WeightsTableModel(AttentionModel *model, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    int columnCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    /// How many of the columns are keys; the context columns follow them.
    int keyColumnCount() const { return m_keys; }
    /// Whether `column` shows a coordinate of the context vector rather than a key's weight.
    bool isContextColumn(int column) const { return column >= m_keys && column < m_keys + m_contextColumns; }
    /// The whole cell read as a sentence: "q, memory A: weight 0.4011".
    QString cellSentence(int row, int column) const;
    /// What the open lesson step keeps back until its reveal: those cells read "?" (weights,
    /// context coordinates), in their tooltips and for a screen reader too.
    void setConcealed(LessonQuantities concealed);

private:
    enum class CellKind { Number, Masked, UndefinedRow, NotComputed };

    void onScenarioReset();
    void onResultChanged();
    CellKind cellKind(int row, int column) const;
    /// The number behind a cell while the result is there (weight or context coordinate).
    double cellValue(int row, int column) const;
    QString cellText(int row, int column) const;
    QString cellToolTip(int row, int column) const;
    QString columnTitle(int column) const;

    /// The lesson keeps this cell's number back (setConcealed()).
    bool concealsCell(int row, int column) const;

    AttentionModel *m_model;
    LessonQuantities m_concealed;
    int m_rows = 0;
    int m_keys = 0;
    int m_contextColumns = 0;
};

} // namespace attnlens
