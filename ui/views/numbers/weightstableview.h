#pragma once

#include "offscreendeferral.h"

#include <QWidget>

class QLabel;
class QTableView;

namespace attnlens {

class AttentionModel;
class ViewState;
class WeightsTableModel;

/// "Weights as a table": every query's weights over the keys, then its context vector, as a
/// plain read-only table that a screen reader reads cell by cell ("q, memory A, 0.4011") and a
/// keyboard user walks with the arrow keys. Moving to a row selects that query in every view;
/// selecting a query elsewhere moves the table's current row. A line above the table says what
/// the table shows, or why there are no numbers.
class WeightsTableView : public QWidget {
    Q_OBJECT

public:
    explicit WeightsTableView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QTableView *table() const { return m_table; }
    WeightsTableModel *tableModel() const { return m_tableModel; }
    /// The line above the table: what it shows, or why there are no numbers.
    QString noteText() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

private:
    void onScenarioReset();
    void onResultChanged();
    void followSelectedQuery(int row);
    /// Rewrites the description now while the table is on screen or a screen reader is active;
    /// otherwise (hidden is its default) when it comes on screen, so that a drag does not spell
    /// out a row nobody can read.
    void updateDescription();
    void writeDescription();

    AttentionModel *m_model;
    ViewState *m_viewState;
    WeightsTableModel *m_tableModel;
    QLabel *m_note = nullptr;
    QTableView *m_table = nullptr;
    bool m_columnsFitted = false;
    OffscreenDeferral *m_descriptionDeferral = nullptr;
};

} // namespace attnlens
