#include "weightstableview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "headtitle.h"
#include "viewstate.h"
#include "weightstablemodel.h"

#include <QAccessible>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlens {

namespace {

// Fitting every column to its contents costs a pass over all cells: done for small tables only.
constexpr int kMaximumFittedColumns = 64;

} // namespace

WeightsTableView::WeightsTableView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_tableModel(new WeightsTableModel(model, this))
{
    setObjectName(QStringLiteral("weightsTableView"));
    setAccessibleName(tr("Weights as a table"));

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("weightsTableNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);

    m_table = new QTableView(this);
    m_table->setObjectName(QStringLiteral("weightsTable"));
    m_table->setModel(m_tableModel);
    m_table->setAccessibleName(tr("Attention weights and context, one row per query"));
    m_table->setAccessibleDescription(
        tr("Rows are receiving queries, columns are source keys, then the context vector. A masked "
           "key reads masked; a query with no allowed key reads undefined. Moving to a row selects "
           "that query in every view."));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setSelectionBehavior(QAbstractItemView::SelectItems);
    m_table->setTabKeyNavigation(false);  // Tab leaves the table, as in every other view
    m_table->setWordWrap(false);
    m_table->setAlternatingRowColors(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);
    m_table->horizontalHeader()->setHighlightSections(true);
    m_table->verticalHeader()->setHighlightSections(true);
    setFocusProxy(m_table);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_note);
    layout->addWidget(m_table, 1);

    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex &current) {
                if (current.isValid())
                    m_viewState->setSelectedQuery(current.row());
            });
    connect(m_viewState, &ViewState::concealedAnswersChanged, m_tableModel, &WeightsTableModel::setConcealed);
    m_tableModel->setConcealed(m_viewState->concealedAnswers());
    connect(m_viewState, &ViewState::selectedQueryChanged, this, [this](int row) {
        followSelectedQuery(row);
        updateDescription();
    });
    connect(m_model, &AttentionModel::scenarioReset, this, &WeightsTableView::onScenarioReset);
    connect(m_model, &AttentionModel::resultChanged, this, &WeightsTableView::onResultChanged);
    onScenarioReset();
    onResultChanged();
    writeDescription(); // described from the start, shown or not
    m_descriptionDeferral = new OffscreenDeferral(this, {}, [this] { writeDescription(); });
}

QSize WeightsTableView::minimumSizeHint() const
{
    const int h = fontMetrics().height();
    return QSize(14 * h, 6 * h);
}

QSize WeightsTableView::sizeHint() const
{
    const int h = fontMetrics().height();
    return QSize(30 * h, 12 * h);
}

QString WeightsTableView::noteText() const
{
    return m_note->text();
}

void WeightsTableView::onScenarioReset()
{
    // The model was reset: columns are fitted again once numbers are in them.
    m_columnsFitted = false;
    // With several heads a screen reader hears which head the table holds.
    m_table->setAccessibleName(withHeadTag(tr("Attention weights and context, one row per query"), *m_model));
    followSelectedQuery(m_viewState->selectedQuery());
}

void WeightsTableView::onResultChanged()
{
    const std::optional<Error> &error = m_model->error();
    const Scenario &scenario = m_model->scenario();
    QString note;
    if (!error) {
        note = tr("Attention weights: one row per query, one column per key, then the context "
                  "vector.");
    } else if (error->category == ErrorCategory::AllMaskedRow && error->row >= 0) {
        note = tr("Weights undefined for %1: no allowed key. Allow at least one key in its mask row.")
                   .arg(scenario.queryLabel(error->row));
    } else {
        note = tr("No numbers: %1").arg(error->message);
    }
    // With several heads the note names the head whose numbers the table holds.
    if (const QString head = headTag(*m_model); !head.isEmpty())
        note = tr("%1 \u2014 %2", "the head, then the note").arg(head, note);
    m_note->setText(note);
    m_table->setEnabled(true);
    if (!m_columnsFitted && m_tableModel->columnCount() <= kMaximumFittedColumns) {
        m_table->resizeColumnsToContents();
        m_columnsFitted = true;
    }
    updateDescription();
}

void WeightsTableView::followSelectedQuery(int row)
{
    const QModelIndex current = m_table->currentIndex();
    if (row < 0 || row >= m_tableModel->rowCount() || (current.isValid() && current.row() == row))
        return;
    const int column = current.isValid() ? current.column() : 0;
    const QModelIndex target = m_tableModel->index(row, std::min(column, m_tableModel->columnCount() - 1));
    if (target.isValid())
        m_table->selectionModel()->setCurrentIndex(target, QItemSelectionModel::ClearAndSelect);
}

void WeightsTableView::updateDescription()
{
    if (QAccessible::isActive() || !m_descriptionDeferral)
        writeDescription();
    else
        m_descriptionDeferral->requestRefresh();
}

void WeightsTableView::writeDescription()
{
    // The view's description reads the selected query's row in words, for a screen reader that
    // announces the view rather than walking its cells.
    if (m_descriptionDeferral)
        m_descriptionDeferral->markRefreshed();
    const int row = m_viewState->selectedQuery();
    QStringList parts;
    parts << m_note->text();
    if (row >= 0 && row < m_tableModel->rowCount()) {
        QStringList cells;
        for (int column = 0; column < m_tableModel->columnCount(); ++column)
            cells << m_tableModel->cellSentence(row, column);
        parts << cells.join(QStringLiteral("; "));
    }
    const QString description = parts.join(QLatin1Char(' '));
    AccessibleNumbers::setDescription(this, description);
}

} // namespace attnlens
