#include "comparisonview.h"

#include "attentionmodel.h"
#include "comparisongrid.h"
#include "lessonintervention.h"
#include "numberformat.h"
#include "viewstate.h"

#include <QBoxLayout>
#include <QComboBox>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QTime>
#include <QVBoxLayout>

namespace attnlens {

namespace {

QString rowText(const Matrix &m, Index row)
{
    QStringList parts;
    for (Index j = 0; j < m.cols(); ++j)
        parts.append(formatCompact(m(row, j)));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

QStringList queryLabels(const Scenario &s)
{
    QStringList labels;
    for (Index i = 0; i < s.queryCount(); ++i)
        labels.append(s.queryLabel(i));
    return labels;
}

QStringList keyLabels(const Scenario &s)
{
    QStringList labels;
    for (Index j = 0; j < s.keyCount(); ++j)
        labels.append(s.keyLabel(j));
    return labels;
}

/// What differs between two scenarios, in a few words ("T 1 → 0.5", "queries moved").
QStringList differences(const Scenario &a, const Scenario &b)
{
    QStringList changes;
    if (a.temperature != b.temperature)
        changes.append(ComparisonView::tr("T %1 → %2").arg(formatInput(a.temperature), formatInput(b.temperature)));
    const auto sameShape = [](const Matrix &x, const Matrix &y) { return x.rows() == y.rows() && x.cols() == y.cols(); };
    if (!sameShape(a.queries, b.queries) || !sameShape(a.keys, b.keys) || !sameShape(a.values, b.values)) {
        changes.append(ComparisonView::tr("another shape"));
        return changes;
    }
    if (a.queries != b.queries)
        changes.append(ComparisonView::tr("queries moved"));
    if (a.keys != b.keys)
        changes.append(ComparisonView::tr("keys moved"));
    if (a.values != b.values)
        changes.append(ComparisonView::tr("values changed"));
    if (a.allowed != b.allowed)
        changes.append(ComparisonView::tr("mask changed"));
    return changes;
}

} // namespace

ComparisonView::ComparisonView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("comparisonView"));
    setAccessibleName(tr("Intervention and snapshots"));
    setAccessibleDescription(tr("The current scenario before and after changing one value or "
                                "masking one key, and the difference between two snapshots."));

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);

    auto *choice = new QHBoxLayout;
    m_changeBox = new QComboBox(this);
    m_changeBox->setObjectName(QStringLiteral("interventionChoice"));
    m_changeBox->setAccessibleName(tr("Intervention"));
    m_changeBox->addItem(tr("Set the value to 100"), static_cast<int>(Change::ValueTo100));
    m_changeBox->addItem(tr("Mask the key"), static_cast<int>(Change::KeyMasked));
    m_keyBox = new QComboBox(this);
    m_keyBox->setObjectName(QStringLiteral("interventionKey"));
    m_keyBox->setAccessibleName(tr("Key to change"));
    choice->addWidget(m_changeBox, 1);
    choice->addWidget(new QLabel(tr("of"), this));
    choice->addWidget(m_keyBox, 1);
    layout->addLayout(choice);

    auto *grids = new QBoxLayout(QBoxLayout::LeftToRight);
    m_gridLayout = grids;
    m_before = new ComparisonGrid(model, viewState, this);
    m_before->setObjectName(QStringLiteral("interventionBefore"));
    m_after = new ComparisonGrid(model, viewState, this);
    m_after->setObjectName(QStringLiteral("interventionAfter"));
    grids->addWidget(m_before);
    grids->addWidget(m_after);
    layout->addLayout(grids);

    m_numbers = new QLabel(this);
    m_numbers->setObjectName(QStringLiteral("interventionNumbers"));
    m_numbers->setTextFormat(Qt::RichText);
    m_numbers->setWordWrap(true);
    layout->addWidget(m_numbers);
    m_verdict = new QLabel(this);
    m_verdict->setObjectName(QStringLiteral("interventionVerdict"));
    m_verdict->setWordWrap(true);
    layout->addWidget(m_verdict);

    auto *snapshots = new QGridLayout;
    m_snapshotAButton = new QPushButton(tr("Snapshot &A"), this);
    m_snapshotAButton->setObjectName(QStringLiteral("snapshotAButton"));
    m_snapshotAButton->setToolTip(tr("Remember the current scenario and its numbers as A."));
    m_snapshotBButton = new QPushButton(tr("Snapshot &B"), this);
    m_snapshotBButton->setObjectName(QStringLiteral("snapshotBButton"));
    m_snapshotBButton->setToolTip(tr("Remember the current scenario and its numbers as B."));
    m_snapshotALabel = new QLabel(tr("A: not taken"), this);
    m_snapshotBLabel = new QLabel(tr("B: not taken"), this);
    for (QLabel *label : {m_snapshotALabel, m_snapshotBLabel})
        label->setWordWrap(true);
    snapshots->addWidget(m_snapshotAButton, 0, 0);
    snapshots->addWidget(m_snapshotALabel, 0, 1);
    snapshots->addWidget(m_snapshotBButton, 1, 0);
    snapshots->addWidget(m_snapshotBLabel, 1, 1);
    snapshots->setColumnStretch(1, 1);
    layout->addLayout(snapshots);

    m_difference = new ComparisonGrid(model, viewState, this);
    m_difference->setObjectName(QStringLiteral("snapshotDifference"));
    layout->addWidget(m_difference);
    m_differenceNumbers = new QLabel(this);
    m_differenceNumbers->setWordWrap(true);
    layout->addWidget(m_differenceNumbers);

    connect(m_changeBox, qOverload<int>(&QComboBox::currentIndexChanged), this, &ComparisonView::refreshIntervention);
    connect(m_keyBox, qOverload<int>(&QComboBox::currentIndexChanged), this, &ComparisonView::refreshIntervention);
    connect(m_snapshotAButton, &QPushButton::clicked, this, &ComparisonView::takeSnapshotA);
    connect(m_snapshotBButton, &QPushButton::clicked, this, &ComparisonView::takeSnapshotB);
    connect(m_model, &AttentionModel::scenarioReset, this, &ComparisonView::rebuildKeyChoices);
    connect(m_model, &AttentionModel::resultChanged, this, [this] {
        if (isVisible())
            refreshIntervention();
    });
    rebuildKeyChoices();
    refreshDifference();
}

void ComparisonView::setChange(Change change)
{
    m_changeBox->setCurrentIndex(m_changeBox->findData(static_cast<int>(change)));
}

ComparisonView::Change ComparisonView::change() const
{
    return static_cast<Change>(m_changeBox->currentData().toInt());
}

void ComparisonView::setKeyRow(int row)
{
    if (row >= 0 && row < m_keyBox->count())
        m_keyBox->setCurrentIndex(row);
}

int ComparisonView::keyRow() const
{
    return m_keyBox->currentIndex();
}

bool ComparisonView::isSideBySide() const
{
    return m_gridLayout->direction() == QBoxLayout::LeftToRight;
}

void ComparisonView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    // Side by side when each matrix still gets room for its numbers and labels, else stacked.
    const int needed = QFontMetrics(font()).horizontalAdvance(QLatin1Char('0')) * 64;
    const auto direction = width() >= needed ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_gridLayout->direction() != direction)
        m_gridLayout->setDirection(direction);
}

void ComparisonView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    refreshIntervention();
}

void ComparisonView::rebuildKeyChoices()
{
    const int previous = m_keyBox->currentIndex();
    const QSignalBlocker blocker(m_keyBox);
    m_keyBox->clear();
    m_keyBox->addItems(keyLabels(m_model->scenario()));
    // Memory B, the notebook's choice, when there is one.
    const int fallback = m_keyBox->count() > 1 ? 1 : 0;
    m_keyBox->setCurrentIndex(previous >= 0 && previous < m_keyBox->count() ? previous : fallback);
    // A closed lesson computes no intervention (at 2,048 tokens, a whole attention pass);
    // showEvent() catches up.
    if (isVisible())
        refreshIntervention();
}

void ComparisonView::refreshIntervention()
{
    const Scenario &scenario = m_model->scenario();
    const int key = m_keyBox->currentIndex();
    const QString keyName = scenario.keyLabel(std::max(key, 0));
    const QString beforeTitle = tr("Before: weights");
    const QString afterTitle = change() == Change::ValueTo100
        ? tr("After: value of %1 = 100").arg(keyName)
        : tr("After: %1 masked").arg(keyName);
    const std::optional<LessonIntervention> intervention = key < 0 ? std::nullopt
        : change() == Change::ValueTo100 ? interveneOnValue(scenario, key, 100.0)
                                         : interveneByMasking(scenario, key);
    if (!intervention) {
        const QString why = m_model->result() ? tr("This change would leave a query with no allowed "
                                                   "key, so it has no result.")
                                              : tr("The current scenario is refused: %1")
                                                    .arg(m_model->error() ? m_model->error()->message : QString());
        m_before->setMessage(beforeTitle, m_model->result() ? tr("—") : why);
        m_after->setMessage(afterTitle, why);
        m_numbers->clear();
        m_verdict->setText(why);
        return;
    }
    std::optional<Mask> afterMask = scenario.allowed;
    if (change() == Change::KeyMasked) {
        if (!afterMask)
            afterMask = Mask::Constant(scenario.queryCount(), scenario.keyCount(), true);
        afterMask->col(key).setConstant(false);
    }
    m_before->setMatrix(beforeTitle, intervention->before.weights, scenario.allowed, queryLabels(scenario),
                        keyLabels(scenario), ComparisonGrid::Scale::Unit);
    m_after->setMatrix(afterTitle, intervention->after.weights, afterMask, queryLabels(scenario),
                       keyLabels(scenario), ComparisonGrid::Scale::Unit);

    QString html = QStringLiteral("<table cellspacing='0' cellpadding='2'><tr><th></th><th align='left'>%1</th>"
                                  "<th align='left'>%2</th></tr>")
                       .arg(tr("before"), tr("after"));
    const Index shown = std::min<Index>(scenario.queryCount(), 3);
    for (Index i = 0; i < shown; ++i) {
        html += QStringLiteral("<tr><td>%1</td><td>%2</td><td>%3</td></tr>")
                    .arg(tr("context %1").arg(scenario.queryLabel(i).toHtmlEscaped()),
                         rowText(intervention->before.context, i), rowText(intervention->after.context, i));
    }
    html += QStringLiteral("</table>");
    m_numbers->setText(html);

    const bool contextMoved = !identicalMatrices(intervention->before.context, intervention->after.context);
    if (intervention->weightsIdentical) {
        m_verdict->setText(contextMoved ? tr("Weights identical bit for bit; the context moved. The "
                                             "weights alone cannot tell you what the value did.")
                                        : tr("Weights and context identical."));
    } else {
        m_verdict->setText(tr("The weights changed: the remaining keys share the whole weight again "
                              "(each row still sums to 1)."));
    }
}

bool ComparisonView::takeSnapshot(std::optional<Snapshot> &slot, QLabel *label)
{
    const AttentionResult *result = m_model->result();
    if (!result) {
        label->setText(tr("Not taken: the current scenario is refused."));
        return false;
    }
    slot = Snapshot{m_model->scenario(), *result, QTime::currentTime()};
    refreshSnapshotLabels();
    refreshDifference();
    return true;
}

bool ComparisonView::takeSnapshotA()
{
    return takeSnapshot(m_snapshotA, m_snapshotALabel);
}

bool ComparisonView::takeSnapshotB()
{
    return takeSnapshot(m_snapshotB, m_snapshotBLabel);
}

QString ComparisonView::snapshotText(const Snapshot &snapshot, const QString &letter) const
{
    const Scenario &s = snapshot.scenario;
    // The letter, the moment and the temperature tell the two apart at a glance.
    return tr("Snapshot %1 — %2, T = %3 (%4)")
        .arg(letter, snapshot.taken.toString(QStringLiteral("HH:mm:ss")), formatInput(s.temperature),
             s.name.isEmpty() ? tr("untitled") : s.name);
}

void ComparisonView::refreshSnapshotLabels()
{
    if (m_snapshotA)
        m_snapshotALabel->setText(snapshotText(*m_snapshotA, QStringLiteral("A")));
    if (m_snapshotB) {
        QString text = snapshotText(*m_snapshotB, QStringLiteral("B"));
        if (m_snapshotA) {
            const QStringList changes = differences(m_snapshotA->scenario, m_snapshotB->scenario);
            text += QLatin1Char(' ') + (changes.isEmpty() ? tr("— same scenario as A")
                                                          : tr("— changed since A: %1").arg(changes.join(QStringLiteral(", "))));
        }
        m_snapshotBLabel->setText(text);
    }
}

QString ComparisonView::snapshotALabelText() const
{
    return m_snapshotALabel->text();
}

QString ComparisonView::snapshotBLabelText() const
{
    return m_snapshotBLabel->text();
}

void ComparisonView::refreshDifference()
{
    const QString title = tr("Weights B − A");
    if (!m_snapshotA || !m_snapshotB) {
        m_difference->setMessage(title, tr("Take snapshot A, change something, take snapshot B."));
        m_differenceNumbers->clear();
        return;
    }
    const AttentionResult &a = m_snapshotA->result;
    const AttentionResult &b = m_snapshotB->result;
    if (a.weights.rows() != b.weights.rows() || a.weights.cols() != b.weights.cols()) {
        m_difference->setMessage(title, tr("A and B have different shapes (%1 × %2 and %3 × %4): "
                                           "there is no cell-by-cell difference.")
                                            .arg(a.weights.rows())
                                            .arg(a.weights.cols())
                                            .arg(b.weights.rows())
                                            .arg(b.weights.cols()));
        m_differenceNumbers->clear();
        return;
    }
    const Matrix difference = b.weights - a.weights;
    m_difference->setMatrix(title, difference, std::nullopt, queryLabels(m_snapshotB->scenario),
                            keyLabels(m_snapshotB->scenario), ComparisonGrid::Scale::Difference);
    QString text = tr("Largest weight change %1.").arg(formatCompact(difference.cwiseAbs().maxCoeff()));
    if (a.context.cols() == b.context.cols())
        text += QLatin1Char(' ') + tr("Largest context change %1.").arg(formatCompact((b.context - a.context).cwiseAbs().maxCoeff()));
    m_differenceNumbers->setText(text);
}

} // namespace attnlens
