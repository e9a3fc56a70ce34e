#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace attnlens {

class AttentionModel;
class ViewState;

/// The reference check: for one of the notebook's cases (chosen in a list), every cell of the
/// scores, weights and context as the engine computes it beside the stored float64 reference,
/// with the absolute difference and the tolerance; a summary line covers all cases.
class LessonReferenceTable : public QWidget {
    Q_OBJECT

public:
    LessonReferenceTable(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QTableWidget *table() const { return m_table; }
    QLabel *summaryLabel() const { return m_summary; }
    void setCase(const QString &caseId);
    QString currentCase() const;

    /// The difference column starts with ✓ or ✗ (within the tolerance or not).
    enum Column { CellColumn, EngineColumn, ReferenceColumn, DifferenceColumn, ToleranceColumn, ColumnCount };

private:
    void showCase();
    void summarise();

    QComboBox *m_caseBox;
    QTableWidget *m_table;
    QLabel *m_summary;
};

} // namespace attnlens
