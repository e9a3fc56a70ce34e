#pragma once

#include "matrixtablemodel.h"

#include <QWidget>

#include <functional>

class QAction;
class QLabel;
class QPushButton;
class QLineEdit;
class QSpinBox;
class QTabWidget;
class QTableView;

namespace attnlens {

class AttentionModel;
class HeadEditor;
class ViewState;

/// The matrix editor: Q, K and V as editable tables on three tabs, the scenario's name above
/// them, and under each table the structural edits of its matrix: add or remove a query, add or
/// remove a key (its value row comes and goes with it), rename the current token, change d_k or
/// d_v.
///
/// Every edit goes through the AttentionModel's setters, so the undo history records it and every
/// view follows. A refused edit (a word typed into a cell, removing the last query, a removal that
/// would leave a query with no allowed key) leaves the model as it was and is named in a red line
/// under the tables and by editRefused(). Making d_k or d_v smaller drops columns; when that would
/// lose numbers other than zero the view asks first (see setConfirmation()).
class MatrixEditorView : public QWidget {
    Q_OBJECT

public:
    using Part = MatrixTableModel::Part;
    /// Asks the user a yes/no question; returns true for yes.
    using Confirmation = std::function<bool(const QString &title, const QString &question)>;

    explicit MatrixEditorView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    QTableView *tableView(Part part) const;
    MatrixTableModel *tableModel(Part part) const;
    QLineEdit *nameEdit() const { return m_nameEdit; }
    /// The selected head's name, Add Head and Remove Head (headeditor.h): the tables edit the
    /// head shown in every view.
    HeadEditor *headEditor() const { return m_headEditor; }
    QSpinBox *keyDimensionSpinBox(Part part) const;
    QSpinBox *valueDimensionSpinBox() const { return m_valueDimension; }

    QAction *addQueryAction() const { return m_addQuery; }
    QAction *removeQueryAction() const { return m_removeQuery; }
    QAction *addKeyAction() const { return m_addKey; }
    QAction *removeKeyAction() const { return m_removeKey; }
    QAction *renameAction() const { return m_rename; }

    /// Replaces the question asked before columns with numbers are dropped (tests answer it).
    void setConfirmation(Confirmation confirmation);

    /// Inserts a zero query after the current query row (or the selected query) and selects it.
    void addQuery();
    /// Removes query `row`; false (and a message) when refused.
    bool removeQuery(int row);
    /// Inserts a zero key with a zero value after the current key row.
    void addKey();
    /// Removes key `row` with its value row; false (and a message) when refused.
    bool removeKey(int row);
    /// The query row / key row the remove actions act on, or -1.
    int currentQueryRow() const;
    int currentKeyRow() const;
    /// Changes d_k or d_v; asks first when non-zero columns would be dropped. False when refused
    /// or declined.
    bool requestKeyDimension(int dimension);
    bool requestValueDimension(int dimension);
    /// Starts editing the label of the current row of the shown table.
    void renameCurrent();

    /// The refusal shown under the tables, or empty.
    QString message() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// A refused edit, naming the cell or token and why; the main window shows it in the status
    /// bar too.
    void editRefused(const QString &message);
    /// The view is hidden (its dock closed or behind another tab) but is about to be used, as
    /// by Rename from the Edit menu: whoever holds its dock shows it.
    void revealRequested();

protected:
    void changeEvent(QEvent *event) override;
    /// Enter on a table cell starts editing it, as F2 does (keyboard-only use).
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *buildPage(Part part);
    void showRefusal(const QString &message);
    void clearRefusal();
    void syncFromModel();
    void updateModelNote();
    void updateColumnWidths();
    void updateActions();
    /// Derived Q, K and V: the note, the detach button, and no structural edits.
    void updateDerived();
    void selectTableRow(Part part, int row);
    /// Whether dropping the columns from `kept` on loses a number other than zero.
    static bool dropsNumbers(const Matrix &matrix, int kept);

    AttentionModel *m_model;
    ViewState *m_viewState;
    Confirmation m_confirm;

    QLineEdit *m_nameEdit = nullptr;
    HeadEditor *m_headEditor = nullptr;
    QTabWidget *m_tabs = nullptr;
    MatrixTableModel *m_models[3] = {nullptr, nullptr, nullptr};
    QTableView *m_views[3] = {nullptr, nullptr, nullptr};
    QSpinBox *m_keyDimension[2] = {nullptr, nullptr};  // on the Q and K pages
    QSpinBox *m_valueDimension = nullptr;
    QLabel *m_message = nullptr;
    QLabel *m_modelNote = nullptr;
    QLabel *m_derivedNote = nullptr;
    QPushButton *m_detach = nullptr;

    QAction *m_addQuery = nullptr;
    QAction *m_removeQuery = nullptr;
    QAction *m_addKey = nullptr;
    QAction *m_removeKey = nullptr;
    QAction *m_rename = nullptr;
    bool m_syncing = false;
};

} // namespace attnlens
