#include "lessonreferencetable.h"

#include "attention.h"
#include "lessonreference.h"
#include "numberformat.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlens {

namespace {

QString scientific(double x)
{
    return x == 0.0 ? QStringLiteral("0") : QString::number(x, 'e', 1);
}

QTableWidgetItem *item(const QString &text, const QString &tooltip = QString())
{
    auto *cell = new QTableWidgetItem(text);
    cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (!tooltip.isEmpty())
        cell->setToolTip(tooltip);
    return cell;
}

} // namespace

LessonReferenceTable::LessonReferenceTable(AttentionModel *, ViewState *, QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("lessonReferenceTable"));
    setAccessibleName(tr("Reference check"));
    setAccessibleDescription(tr("The engine's scores, weights and context beside the float64 "
                                "reference answers, with the absolute difference and the tolerance."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    m_caseBox = new QComboBox(this);
    m_caseBox->setObjectName(QStringLiteral("referenceCase"));
    m_caseBox->setAccessibleName(tr("Reference case"));
    for (const QString &id : LessonReference::caseIds()) {
        const Result<LessonReferenceCase> reference = LessonReference::loadCase(id);
        m_caseBox->addItem(id, id);
        if (reference)
            m_caseBox->setItemData(m_caseBox->count() - 1, reference.value().description, Qt::ToolTipRole);
    }
    layout->addWidget(m_caseBox);

    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("referenceTable"));
    m_table->setAccessibleName(tr("Engine beside reference"));
    m_table->setHorizontalHeaderLabels({tr("Cell"), tr("Engine"), tr("Reference"), tr("|Δ|"), tr("Tol.")});
    m_table->horizontalHeaderItem(ToleranceColumn)->setToolTip(tr("Tolerance: 1e-9 × |reference| (+1e-15)"));
    m_table->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 6);
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setMinimumHeight(QFontMetrics(font()).height() * 8);
    layout->addWidget(m_table, 1);

    m_summary = new QLabel(this);
    m_summary->setObjectName(QStringLiteral("referenceSummary"));
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);

    connect(m_caseBox, qOverload<int>(&QComboBox::currentIndexChanged), this, &LessonReferenceTable::showCase);
    showCase();
    summarise();
}

void LessonReferenceTable::setCase(const QString &caseId)
{
    const int index = m_caseBox->findData(caseId);
    if (index >= 0)
        m_caseBox->setCurrentIndex(index);
}

QString LessonReferenceTable::currentCase() const
{
    return m_caseBox->currentData().toString();
}

void LessonReferenceTable::showCase()
{
    m_table->setRowCount(0);
    const Result<LessonReferenceCase> reference = LessonReference::loadCase(currentCase());
    if (!reference)
        return;
    const Result<AttentionResult> engine = computeAttention(reference.value().scenario);
    if (!engine)
        return;
    const std::vector<LessonReferenceCell> cells = LessonReference::compare(reference.value(), engine.value());
    m_table->setRowCount(static_cast<int>(cells.size()));
    int row = 0;
    for (const LessonReferenceCell &cell : cells) {
        m_table->setItem(row, CellColumn,
                         item(QStringLiteral("%1 %2,%3").arg(cell.quantity).arg(cell.row + 1).arg(cell.column + 1)));
        m_table->setItem(row, EngineColumn, item(formatCompact(cell.engine, 10), formatFull(cell.engine)));
        m_table->setItem(row, ReferenceColumn, item(formatCompact(cell.reference, 10), formatFull(cell.reference)));
        QTableWidgetItem *difference =
            item((cell.withinTolerance ? QStringLiteral("✓ ") : QStringLiteral("✗ ")) + scientific(cell.absoluteDifference),
                 formatFull(cell.absoluteDifference));
        difference->setForeground(cell.withinTolerance ? QColor(0x1a, 0x7f, 0x37) : QColor(0xb0, 0x00, 0x20));
        m_table->setItem(row, DifferenceColumn, difference);
        m_table->setItem(row, ToleranceColumn, item(QString::number(cell.tolerance, 'e', 0), formatFull(cell.tolerance)));
        ++row;
    }
}

void LessonReferenceTable::summarise()
{
    int total = 0;
    int within = 0;
    double largest = 0.0;
    for (const QString &id : LessonReference::caseIds()) {
        const Result<LessonReferenceCase> reference = LessonReference::loadCase(id);
        if (!reference)
            continue;
        const Result<AttentionResult> engine = computeAttention(reference.value().scenario);
        if (!engine)
            continue;
        for (const LessonReferenceCell &cell : LessonReference::compare(reference.value(), engine.value())) {
            ++total;
            within += cell.withinTolerance ? 1 : 0;
            largest = std::max(largest, cell.absoluteDifference);
        }
    }
    m_summary->setText(tr("%1 of %2 cells in %3 cases agree within 1e-9 (relative); the largest "
                          "difference is %4.")
                           .arg(within)
                           .arg(total)
                           .arg(LessonReference::caseIds().size())
                           .arg(scientific(largest)));
}

} // namespace attnlens
