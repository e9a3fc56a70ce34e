#include "headselector.h"

#include "attentionmodel.h"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>

namespace attnlens {

HeadSelector::HeadSelector(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("headSelector"));
    setAccessibleName(tr("Head"));
    setAccessibleDescription(tr("Chooses which attention head every view shows; [ and ] step to "
                                "the previous and the next head."));

    m_title = new QLabel(tr("He&ad"), this);
    m_title->setObjectName(QStringLiteral("headSelectorTitle"));
    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);

    m_combo = new QComboBox(this);
    m_combo->setObjectName(QStringLiteral("headComboBox"));
    m_combo->setAccessibleName(tr("head shown"));
    m_combo->setAccessibleDescription(tr("The attention head that every view shows. Labels, the "
                                         "mask and the temperature are shared by all heads."));
    m_combo->setToolTip(tr("The head every view shows; [ and ] step to the previous and the next "
                           "head. Rename, add and remove heads in the Matrices panel."));
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_combo->setMinimumContentsLength(8);
    m_title->setBuddy(m_combo);
    // The list that drops down, for a screen reader that walks into it.
    m_combo->view()->setAccessibleName(tr("heads of the scenario"));

    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("headCountLabel"));
    m_count->setAccessibleName(tr("head number"));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(fontMetrics().height() / 3);
    layout->addWidget(m_title);
    layout->addWidget(m_combo);
    layout->addWidget(m_count);

    m_previous = new QAction(tr("Pre&vious Head"), this);
    m_previous->setObjectName(QStringLiteral("previousHeadAction"));
    m_previous->setShortcut(QKeySequence(Qt::Key_BracketLeft));
    m_previous->setShortcutContext(Qt::WindowShortcut);
    m_previous->setStatusTip(tr("Show the previous attention head in every view."));
    m_next = new QAction(tr("Ne&xt Head"), this);
    m_next->setObjectName(QStringLiteral("nextHeadAction"));
    m_next->setShortcut(QKeySequence(Qt::Key_BracketRight));
    m_next->setShortcutContext(Qt::WindowShortcut);
    m_next->setStatusTip(tr("Show the next attention head in every view."));
    connect(m_previous, &QAction::triggered, this, [this] { stepHead(-1); });
    connect(m_next, &QAction::triggered, this, [this] { stepHead(+1); });

    connect(m_combo, qOverload<int>(&QComboBox::activated), this, [this](int index) {
        if (index >= 0)
            m_model->selectHead(index);
    });
    // Every change of heads ends in scenarioReset (selecting, renaming, adding, removing one).
    connect(m_model, &AttentionModel::scenarioReset, this, &HeadSelector::syncFromModel);
    syncFromModel();
}

QString HeadSelector::countText() const
{
    return tr("%1 of %2", "head k of H").arg(m_model->selectedHead() + 1).arg(m_model->headCount());
}

void HeadSelector::stepHead(int delta)
{
    const Index count = m_model->headCount();
    if (count < 2)
        return;
    const Index next = ((m_model->selectedHead() + delta) % count + count) % count;
    m_model->selectHead(next);
}

void HeadSelector::syncFromModel()
{
    const Index count = m_model->headCount();
    const bool several = count > 1;
    {
        const QSignalBlocker blocker(m_combo);
        QStringList names;
        for (Index head = 0; head < count; ++head)
            names << m_model->headName(head);
        QStringList shown;
        for (int i = 0; i < m_combo->count(); ++i)
            shown << m_combo->itemText(i);
        if (shown != names) {
            m_combo->clear();
            m_combo->addItems(names);
        }
        m_combo->setCurrentIndex(int(m_model->selectedHead()));
    }
    m_count->setText(countText());
    const QString current = m_model->headName(m_model->selectedHead());
    m_combo->setAccessibleDescription(tr("Head %1: %2. Labels, the mask and the temperature are "
                                         "shared by all heads.")
                                          .arg(countText(), current));
    m_previous->setEnabled(several);
    m_next->setEnabled(several);
    // A widget without a parent would become a window of its own when shown.
    if (parentWidget() || !several)
        setVisible(several);
}

} // namespace attnlens
