#include "matrixeditorview.h"
#include "actionbutton.h"

#include "attentionmodel.h"
#include "headeditor.h"
#include "matrixcelldelegate.h"
#include "scenariojson.h"
#include "viewstate.h"
#include "wholecharactervalidator.h"

#include <QAction>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QLineEdit>
#include <QMessageBox>
#include <QSpinBox>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlens {

namespace {

// The widest Q, K or V a file may hold: the model refuses more (a file nobody could open).
constexpr int kMaximumDimension = int(ScenarioLimits::maxColumns);
// More characters than fit in the label column's cap of twelve M's, even of the narrowest.
constexpr int kMeasuredLabelChars = 64;

int partIndex(MatrixTableModel::Part part)
{
    return static_cast<int>(part);
}


} // namespace

MatrixEditorView::MatrixEditorView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("matrixEditorView"));
    setAccessibleName(tr("Matrices"));
    setAccessibleDescription(
        tr("Q, K and V as editable tables, one row per token. Type a number into a cell, rename a "
           "token in its label column, add or remove queries and keys (a key's value row comes "
           "and goes with it) and change d_k or d_v. The tables edit the head shown in every "
           "view; add, remove and rename heads above them. Every edit can be undone."));

    m_confirm = [this](const QString &title, const QString &question) {
        return QMessageBox::question(this, title, question, QMessageBox::Yes | QMessageBox::Cancel,
                                     QMessageBox::Cancel)
            == QMessageBox::Yes;
    };

    m_addQuery = new QAction(tr("Add &Query"), this);
    m_addQuery->setObjectName(QStringLiteral("addQueryAction"));
    m_addQuery->setToolTip(tr("Insert a query (all zeros) after the current query row"));
    m_removeQuery = new QAction(tr("Remove Q&uery"), this);
    m_removeQuery->setObjectName(QStringLiteral("removeQueryAction"));
    m_removeQuery->setToolTip(tr("Remove the current query row; a scenario keeps at least one"));
    m_addKey = new QAction(tr("Add &Key"), this);
    m_addKey->setObjectName(QStringLiteral("addKeyAction"));
    m_addKey->setToolTip(tr("Insert a key with its value (all zeros) after the current key row; "
                            "every query may attend to it"));
    m_removeKey = new QAction(tr("Remove K&ey"), this);
    m_removeKey->setObjectName(QStringLiteral("removeKeyAction"));
    m_removeKey->setToolTip(tr("Remove the current key row together with its value row"));
    m_rename = new QAction(tr("Re&name Token\u2026"), this);
    m_rename->setObjectName(QStringLiteral("renameTokenAction"));
    m_rename->setToolTip(tr("Rename the token of the current row"));
    connect(m_addQuery, &QAction::triggered, this, &MatrixEditorView::addQuery);
    connect(m_removeQuery, &QAction::triggered, this, [this] { removeQuery(currentQueryRow()); });
    connect(m_addKey, &QAction::triggered, this, &MatrixEditorView::addKey);
    connect(m_removeKey, &QAction::triggered, this, [this] { removeKey(currentKeyRow()); });
    connect(m_rename, &QAction::triggered, this, &MatrixEditorView::renameCurrent);

    auto *nameRow = new QHBoxLayout;
    auto *nameLabel = new QLabel(tr("&Scenario"), this);
    m_nameEdit = new QLineEdit(this);
    m_nameEdit->setObjectName(QStringLiteral("scenarioNameEdit"));
    m_nameEdit->setAccessibleName(tr("scenario name"));
    m_nameEdit->setPlaceholderText(tr("(no name)"));
    WholeCharacterValidator::limit(m_nameEdit, ScenarioLimits::maxLabelChars);  // as long as a file may hold
    m_nameEdit->setToolTip(tr("The scenario's name, shown in the window title; press Enter to rename"));
    nameLabel->setBuddy(m_nameEdit);
    nameRow->addWidget(nameLabel);
    nameRow->addWidget(m_nameEdit, 1);
    connect(m_nameEdit, &QLineEdit::editingFinished, this, [this] {
        if (m_nameEdit->text() != m_model->scenario().name)
            m_model->setScenarioName(m_nameEdit->text());
    });

    m_headEditor = new HeadEditor(m_model, this);
    connect(m_headEditor, &HeadEditor::editRefused, this, &MatrixEditorView::showRefusal);
    connect(m_headEditor, &HeadEditor::edited, this, &MatrixEditorView::clearRefusal);

    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("matrixTabs"));
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(buildPage(Part::Queries), tr("Q \u00b7 queries"));
    m_tabs->addTab(buildPage(Part::Keys), tr("K \u00b7 keys"));
    m_tabs->addTab(buildPage(Part::Values), tr("V \u00b7 values"));
    m_tabs->setTabToolTip(0, tr("Queries: what each token is looking for (N_q \u00d7 d_k)"));
    m_tabs->setTabToolTip(1, tr("Keys: what each token offers to be found by (N_k \u00d7 d_k)"));
    m_tabs->setTabToolTip(2, tr("Values: what each key hands over when attended to (N_k \u00d7 d_v)"));

    m_message = new QLabel(this);
    m_message->setObjectName(QStringLiteral("matrixEditMessage"));
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();

    m_modelNote = new QLabel(this);
    m_modelNote->setObjectName(QStringLiteral("matrixModelNote"));
    m_modelNote->setWordWrap(true);
    m_modelNote->setTextFormat(Qt::PlainText);
    m_modelNote->hide();

    m_derivedNote = new QLabel(tr("Q, K and V are derived from tokens: each row is a token times "
                                  "W_Q, W_K or W_V. Move the tokens in the lab \"Where Q, K and V "
                                  "come from\", or detach to type numbers."),
                               this);
    m_derivedNote->setObjectName(QStringLiteral("matrixDerivedNote"));
    m_derivedNote->setWordWrap(true);
    m_detach = new QPushButton(tr("De&tach from tokens"), this);
    m_detach->setObjectName(QStringLiteral("matrixDetachButton"));
    m_detach->setToolTip(tr("Keep Q, K and V as they are and make them editable again"));
    connect(m_detach, &QPushButton::clicked, this, [this] { m_model->detachDerivation(); });
    auto *derivedRow = new QHBoxLayout;
    derivedRow->addWidget(m_derivedNote, 1);
    derivedRow->addWidget(m_detach);

    auto *layout = new QVBoxLayout(this);
    const int spacing = fontMetrics().height() / 3;
    layout->setContentsMargins(spacing, spacing, spacing, spacing);
    layout->setSpacing(spacing);
    layout->addLayout(nameRow);
    layout->addWidget(m_headEditor);
    layout->addLayout(derivedRow);
    layout->addWidget(m_tabs, 1);
    layout->addWidget(m_message);
    layout->addWidget(m_modelNote);

    // A refused edit and a note on the model are written in the theme's state colours.
    const auto recolourMessages = [this] {
        const Theme::FieldColors &colors = m_viewState->theme().fields();
        for (auto [label, color] : {std::pair{m_message, colors.invalidText}, std::pair{m_modelNote, colors.warningText}}) {
            QPalette palette = label->palette();
            palette.setColor(QPalette::WindowText, color);
            label->setPalette(palette);
        }
    };
    recolourMessages();
    connect(m_viewState, &ViewState::themeChanged, this, recolourMessages);

    for (MatrixTableModel *table : m_models) {
        connect(table, &MatrixTableModel::editRefused, this, &MatrixEditorView::showRefusal);
        connect(table, &MatrixTableModel::edited, this, &MatrixEditorView::clearRefusal);
    }

    // The selected query is shared with every view; K and V rows are one token, so their
    // current rows move together.
    connect(m_views[0]->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex &current) {
                if (!m_syncing && current.isValid())
                    m_viewState->setSelectedQuery(current.row());
                updateActions();
            });
    connect(m_viewState, &ViewState::selectedQueryChanged, this,
            [this](int row) { selectTableRow(Part::Queries, row); });
    for (int from : {1, 2}) {
        const int to = 3 - from;
        connect(m_views[from]->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
                [this, to](const QModelIndex &current) {
                    if (!m_syncing && current.isValid())
                        selectTableRow(static_cast<Part>(to), current.row());
                    updateActions();
                });
    }
    connect(m_tabs, &QTabWidget::currentChanged, this, &MatrixEditorView::updateActions);

    connect(m_model, &AttentionModel::scenarioReset, this, &MatrixEditorView::syncFromModel);
    // A refusal about the scenario that was there before no longer applies.
    connect(m_model, &AttentionModel::scenarioReset, this, &MatrixEditorView::clearRefusal);
    connect(m_model, &AttentionModel::resultChanged, this, &MatrixEditorView::updateModelNote);
    connect(m_model, &AttentionModel::derivationChanged, this, &MatrixEditorView::updateActions);
    syncFromModel();
    updateModelNote();
}

QWidget *MatrixEditorView::buildPage(Part part)
{
    static const char *const tableNames[] = {"queryTable", "keyTable", "valueTable"};
    const int index = partIndex(part);
    auto *page = new QWidget(this);
    auto *table = new MatrixTableModel(m_model, m_viewState, part, this);
    auto *view = new QTableView(page);
    view->setObjectName(QLatin1String(tableNames[index]));
    view->setModel(table);
    view->setItemDelegate(new MatrixCellDelegate(view));
    view->setAccessibleName(part == Part::Queries ? tr("query matrix Q")
                            : part == Part::Keys  ? tr("key matrix K")
                                                  : tr("value matrix V"));
    view->setAccessibleDescription(tr("One row per token; the first column is its label. Arrow "
                                      "keys move between cells; Enter or F2 edits a cell, Enter "
                                      "commits and Escape cancels."));
    view->setSelectionMode(QAbstractItemView::SingleSelection);
    view->setSelectionBehavior(QAbstractItemView::SelectItems);
    view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed
                          | QAbstractItemView::AnyKeyPressed | QAbstractItemView::SelectedClicked);
    view->setAlternatingRowColors(true);
    view->setWordWrap(false);
    view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    view->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    view->horizontalHeader()->setHighlightSections(false);
    view->setTabKeyNavigation(false);  // Tab moves on to the buttons; arrows move between cells
    view->installEventFilter(this);
    m_models[index] = table;
    m_views[index] = view;

    auto *buttons = new QHBoxLayout;
    buttons->setSpacing(fontMetrics().height() / 4);
    if (part == Part::Queries) {
        buttons->addWidget(actionButton(m_addQuery, page));
        buttons->addWidget(actionButton(m_removeQuery, page));
    } else {
        buttons->addWidget(actionButton(m_addKey, page));
        buttons->addWidget(actionButton(m_removeKey, page));
    }
    buttons->addWidget(actionButton(m_rename, page));
    buttons->addStretch(1);

    auto *dimensionLabel = new QLabel(part == Part::Values ? tr("d_&v") : tr("d_&k"), page);
    auto *spin = new QSpinBox(page);
    spin->setRange(1, kMaximumDimension);
    spin->setKeyboardTracking(false);
    spin->setAccelerated(true);
    dimensionLabel->setBuddy(spin);
    if (part == Part::Values) {
        spin->setObjectName(QStringLiteral("valueDimensionSpinBox"));
        spin->setAccessibleName(tr("d_v, the number of value columns"));
        spin->setToolTip(tr("d_v: columns of V (and of the context). Fewer drops the last columns, "
                            "more adds zero columns."));
        m_valueDimension = spin;
        connect(spin, qOverload<int>(&QSpinBox::valueChanged), this, [this](int dimension) {
            if (!m_syncing)
                requestValueDimension(dimension);
        });
    } else {
        spin->setObjectName(part == Part::Queries ? QStringLiteral("queryKeyDimensionSpinBox")
                                                  : QStringLiteral("keyKeyDimensionSpinBox"));
        spin->setAccessibleName(tr("d_k, the number of query and key columns"));
        spin->setToolTip(tr("d_k: columns of Q and K. Fewer drops the last columns of both, more "
                            "adds zero columns; scores are divided by √d_k."));
        m_keyDimension[index] = spin;
        connect(spin, qOverload<int>(&QSpinBox::valueChanged), this, [this](int dimension) {
            if (!m_syncing)
                requestKeyDimension(dimension);
        });
    }
    buttons->addWidget(dimensionLabel);
    buttons->addWidget(spin);

    auto *layout = new QVBoxLayout(page);
    layout->setContentsMargins(0, fontMetrics().height() / 4, 0, 0);
    layout->setSpacing(fontMetrics().height() / 4);
    layout->addWidget(view, 1);
    layout->addLayout(buttons);
    return page;
}

QTableView *MatrixEditorView::tableView(Part part) const
{
    return m_views[partIndex(part)];
}

MatrixTableModel *MatrixEditorView::tableModel(Part part) const
{
    return m_models[partIndex(part)];
}

QSpinBox *MatrixEditorView::keyDimensionSpinBox(Part part) const
{
    return part == Part::Keys ? m_keyDimension[1] : m_keyDimension[0];
}

void MatrixEditorView::setConfirmation(Confirmation confirmation)
{
    m_confirm = std::move(confirmation);
}

int MatrixEditorView::currentQueryRow() const
{
    const QModelIndex current = m_views[0]->currentIndex();
    if (current.isValid())
        return current.row();
    const int selected = m_viewState->selectedQuery();
    return selected >= 0 && selected < m_model->scenario().queryCount() ? selected : -1;
}

int MatrixEditorView::currentKeyRow() const
{
    const int shown = m_tabs->currentIndex() == 2 ? 2 : 1;
    for (int index : {shown, 3 - shown}) {
        const QModelIndex current = m_views[index]->currentIndex();
        if (current.isValid())
            return current.row();
    }
    return -1;
}

void MatrixEditorView::addQuery()
{
    const Scenario &scenario = m_model->scenario();
    const int current = currentQueryRow();
    const int row = current < 0 ? int(scenario.queryCount()) : current + 1;
    if (const std::optional<Error> refusal =
            m_model->insertQuery(row, Eigen::RowVectorXd::Zero(scenario.queryDimension()))) {
        showRefusal(refusal->message);
        return;
    }
    clearRefusal();
    m_viewState->setSelectedQuery(row);
    selectTableRow(Part::Queries, row);
}

bool MatrixEditorView::removeQuery(int row)
{
    if (row < 0 || row >= m_model->scenario().queryCount()) {
        showRefusal(tr("Select a query row in Q first."));
        return false;
    }
    const int selected = m_viewState->selectedQuery();
    if (const std::optional<Error> refusal = m_model->removeQuery(row)) {
        showRefusal(refusal->message);
        return false;
    }
    clearRefusal();
    // The selection stays on the same token where it can.
    const int count = int(m_model->scenario().queryCount());
    m_viewState->setSelectedQuery(std::clamp(selected > row ? selected - 1 : selected, 0, count - 1));
    return true;
}

void MatrixEditorView::addKey()
{
    const Scenario &scenario = m_model->scenario();
    const int current = currentKeyRow();
    const int row = current < 0 ? int(scenario.keyCount()) : current + 1;
    if (const std::optional<Error> refusal =
            m_model->insertKey(row, Eigen::RowVectorXd::Zero(scenario.keyDimension()),
                               Eigen::RowVectorXd::Zero(scenario.valueDimension()))) {
        showRefusal(refusal->message);
        return;
    }
    clearRefusal();
    selectTableRow(Part::Keys, row);
    selectTableRow(Part::Values, row);
}

bool MatrixEditorView::removeKey(int row)
{
    if (row < 0 || row >= m_model->scenario().keyCount()) {
        showRefusal(tr("Select a key row in K or V first."));
        return false;
    }
    if (const std::optional<Error> refusal = m_model->removeKey(row)) {
        showRefusal(refusal->message);
        return false;
    }
    clearRefusal();
    return true;
}

bool MatrixEditorView::dropsNumbers(const Matrix &matrix, int kept)
{
    if (kept >= matrix.cols())
        return false;
    return (matrix.rightCols(matrix.cols() - kept).array() != 0.0).any();
}

bool MatrixEditorView::requestKeyDimension(int dimension)
{
    const Scenario &scenario = m_model->scenario();
    const int current = int(scenario.keyDimension());
    if (dimension == current)
        return true;
    if (dimension < current && (dropsNumbers(scenario.queries, dimension) || dropsNumbers(scenario.keys, dimension))) {
        const QString question = dimension + 1 == current
            ? tr("Make d_k = %1? Column %2 of Q and K will be dropped with its numbers.\n\n"
                 "(Edit \u203a Undo brings it back.)")
                  .arg(dimension)
                  .arg(current)
            : tr("Make d_k = %1? Columns %2\u2013%3 of Q and K will be dropped with their "
                 "numbers.\n\n(Edit \u203a Undo brings them back.)")
                  .arg(dimension)
                  .arg(dimension + 1)
                  .arg(current);
        if (!m_confirm(tr("Drop columns of Q and K?"), question)) {
            syncFromModel();
            return false;
        }
    }
    if (const std::optional<Error> refusal = m_model->setKeyDimension(dimension)) {
        syncFromModel();
        showRefusal(refusal->message);
        return false;
    }
    clearRefusal();
    return true;
}

bool MatrixEditorView::requestValueDimension(int dimension)
{
    const Scenario &scenario = m_model->scenario();
    const int current = int(scenario.valueDimension());
    if (dimension == current)
        return true;
    if (dimension < current && dropsNumbers(scenario.values, dimension)) {
        const QString question = dimension + 1 == current
            ? tr("Make d_v = %1? Column %2 of V will be dropped with its numbers.\n\n"
                 "(Edit \u203a Undo brings it back.)")
                  .arg(dimension)
                  .arg(current)
            : tr("Make d_v = %1? Columns %2\u2013%3 of V will be dropped with their "
                 "numbers.\n\n(Edit \u203a Undo brings them back.)")
                  .arg(dimension)
                  .arg(dimension + 1)
                  .arg(current);
        if (!m_confirm(tr("Drop columns of V?"), question)) {
            syncFromModel();
            return false;
        }
    }
    if (const std::optional<Error> refusal = m_model->setValueDimension(dimension)) {
        syncFromModel();
        showRefusal(refusal->message);
        return false;
    }
    clearRefusal();
    return true;
}

void MatrixEditorView::renameCurrent()
{
    const int tab = std::max(0, m_tabs->currentIndex());
    const int row = tab == 0 ? currentQueryRow() : currentKeyRow();
    QTableView *view = m_views[tab];
    if (row < 0 || row >= view->model()->rowCount()) {
        showRefusal(tr("Select a row to rename first."));
        return;
    }
    if (!view->isVisible())
        emit revealRequested();
    const QModelIndex label = view->model()->index(row, MatrixTableModel::kLabelColumn);
    view->setCurrentIndex(label);
    view->setFocus(Qt::OtherFocusReason);
    view->edit(label);
}

QString MatrixEditorView::message() const
{
    return m_message->isHidden() ? QString() : m_message->text();
}

void MatrixEditorView::showRefusal(const QString &message)
{
    m_message->setText(message);
    m_message->show();
    emit editRefused(message);
}

void MatrixEditorView::clearRefusal()
{
    m_message->clear();
    m_message->hide();
}

void MatrixEditorView::selectTableRow(Part part, int row)
{
    QTableView *view = m_views[partIndex(part)];
    if (row < 0 || row >= view->model()->rowCount())
        return;
    const QModelIndex current = view->currentIndex();
    if (current.isValid() && current.row() == row)
        return;
    m_syncing = true;
    const int column = current.isValid() ? current.column() : MatrixTableModel::kLabelColumn;
    view->selectionModel()->setCurrentIndex(view->model()->index(row, column),
                                            QItemSelectionModel::ClearAndSelect);
    m_syncing = false;
}

void MatrixEditorView::syncFromModel()
{
    const Scenario &scenario = m_model->scenario();
    m_syncing = true;
    if (!m_nameEdit->hasFocus() || !m_nameEdit->isModified())
        m_nameEdit->setText(scenario.name);
    for (QSpinBox *spin : {m_keyDimension[0], m_keyDimension[1]}) {
        if (spin->value() != scenario.keyDimension())
            spin->setValue(int(std::max<Index>(1, scenario.keyDimension())));
    }
    if (m_valueDimension->value() != scenario.valueDimension())
        m_valueDimension->setValue(int(std::max<Index>(1, scenario.valueDimension())));
    m_syncing = false;
    selectTableRow(Part::Queries, m_viewState->selectedQuery());
    updateColumnWidths();
    updateActions();
}

void MatrixEditorView::updateModelNote()
{
    const std::optional<Error> &error = m_model->error();
    const QString text = error ? tr("\u26a0 The scenario is refused: %1").arg(error->message) : QString();
    if (text != m_modelNote->text())
        m_modelNote->setText(text);
    m_modelNote->setVisible(!text.isEmpty());
}

void MatrixEditorView::updateColumnWidths()
{
    const QFontMetrics metrics = fontMetrics();
    const int padding = metrics.horizontalAdvance(QLatin1Char('0')) * 2;
    const int numberWidth = metrics.horizontalAdvance(QStringLiteral("\u2212000.0000")) + padding;
    const int rowHeight = metrics.height() + metrics.height() / 2;
    for (int index = 0; index < 3; ++index) {
        QTableView *view = m_views[index];
        MatrixTableModel *table = m_models[index];
        int labelWidth = metrics.horizontalAdvance(table->headerData(0, Qt::Horizontal).toString());
        // The column is capped at twelve M's: a label's first characters are all that can
        // decide its width, so a long label is never laid out in full here.
        for (int row = 0; row < table->rowCount(); ++row)
            labelWidth = std::max(labelWidth,
                                  metrics.horizontalAdvance(table->tokenLabel(row).left(kMeasuredLabelChars)));
        const int icon = index == 0 ? view->style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, view)
                                    + metrics.horizontalAdvance(QLatin1Char(' '))
                                    : 0;
        const int cap = metrics.horizontalAdvance(QLatin1Char('M')) * 12;
        // The delegate's own measure of the rows it can see, never less than the widest label.
        const int wanted = std::max(labelWidth + icon + padding * 2,
                                    static_cast<QAbstractItemView *>(view)->sizeHintForColumn(
                                        MatrixTableModel::kLabelColumn));
        view->setColumnWidth(MatrixTableModel::kLabelColumn, std::min(cap, wanted));
        view->horizontalHeader()->setDefaultSectionSize(numberWidth);
        for (int column = 1; column < table->columnCount(); ++column)
            view->setColumnWidth(column, numberWidth);
        view->verticalHeader()->setDefaultSectionSize(rowHeight);
    }
}

void MatrixEditorView::updateActions()
{
    // Removing the last query or key stays enabled: the refusal says why it is not allowed.
    const Scenario &scenario = m_model->scenario();
    m_addQuery->setEnabled(scenario.keyDimension() > 0 || scenario.queryCount() > 0);
    m_addKey->setEnabled(scenario.keyDimension() > 0 || scenario.keyCount() > 0);
    updateDerived();
}

void MatrixEditorView::updateDerived()
{
    if (!m_derivedNote)
        return;  // still being built
    const bool derived = m_model->isDerived();
    m_derivedNote->setVisible(derived);
    m_detach->setVisible(derived);
    // Adding or removing a token, or changing d_k or d_v, would no longer be derived: the lab
    // (or detaching) does that. Removing stays enabled otherwise: its refusal says why not.
    m_removeQuery->setEnabled(!derived);
    m_removeKey->setEnabled(!derived);
    if (derived) {
        m_addQuery->setEnabled(false);
        m_addKey->setEnabled(false);
    }
    for (QSpinBox *spin : {m_keyDimension[0], m_keyDimension[1], m_valueDimension})
        spin->setEnabled(!derived);
    for (QTableView *view : m_views)
        view->viewport()->update();
}

void MatrixEditorView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateColumnWidths();
}

QSize MatrixEditorView::sizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    return QSize(metrics.horizontalAdvance(QLatin1Char('0')) * 52, metrics.height() * 16);
}

QSize MatrixEditorView::minimumSizeHint() const
{
    const QFontMetrics metrics = fontMetrics();
    return QSize(metrics.horizontalAdvance(QLatin1Char('0')) * 30, metrics.height() * 9);
}

// Keyboard-only use: QTableView leaves Enter to the "activated" signal; here it edits the cell.
bool MatrixEditorView::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        auto *view = qobject_cast<QTableView *>(watched);
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool enter = key->key() == Qt::Key_Return || key->key() == Qt::Key_Enter;
        const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
        // While a cell is being edited its editor has the keys, so Enter here starts an edit.
        if (view && enter && modifiers == Qt::NoModifier && view->currentIndex().isValid()
            && (view->model()->flags(view->currentIndex()) & Qt::ItemIsEditable)) {
            view->edit(view->currentIndex());
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace attnlens
