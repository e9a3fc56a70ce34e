#include "headeditor.h"
#include "actionbutton.h"

#include "attentionmodel.h"
#include "quotedlabel.h"
#include "scenariojson.h"
#include "wholecharactervalidator.h"

#include <QAction>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QToolButton>

namespace attnlens {

HeadEditor::HeadEditor(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    setObjectName(QStringLiteral("headEditor"));
    setAccessibleName(tr("Heads"));
    setAccessibleDescription(tr("The name of the head whose Q, K and V the tables edit, and "
                                "buttons to add a head (a copy of this one) or remove this head."));

    m_title = new QLabel(tr("Head na&me"), this);
    m_nameEdit = new QLineEdit(this);
    m_nameEdit->setObjectName(QStringLiteral("headNameEdit"));
    m_nameEdit->setAccessibleName(tr("head name"));
    WholeCharacterValidator::limit(m_nameEdit, ScenarioLimits::maxLabelChars);
    m_nameEdit->setToolTip(tr("The name of the head the tables edit, shown in the views' titles "
                              "and the figures' captions; press Enter to rename. Empty: its "
                              "number."));
    m_title->setBuddy(m_nameEdit);
    m_count = new QLabel(this);
    m_count->setObjectName(QStringLiteral("headEditorCount"));

    m_add = new QAction(tr("Add Hea&d"), this);
    m_add->setObjectName(QStringLiteral("addHeadAction"));
    m_add->setToolTip(tr("Add a head: a copy of this head's Q, K and V, to be edited into one "
                         "that attends differently"));
    m_remove = new QAction(tr("Remo&ve Head"), this);
    m_remove->setObjectName(QStringLiteral("removeHeadAction"));
    m_remove->setToolTip(tr("Remove this head with its Q, K and V; a scenario keeps at least one"));
    connect(m_add, &QAction::triggered, this, [this] { addHead(); });
    connect(m_remove, &QAction::triggered, this, [this] { removeHead(); });
    connect(m_nameEdit, &QLineEdit::editingFinished, this, [this] {
        m_nameEdit->setModified(false);  // taken in: from now on the field shows the model
        renameHead(m_nameEdit->text());
    });

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(fontMetrics().height() / 4);
    layout->addWidget(m_title);
    layout->addWidget(m_nameEdit, 1);
    layout->addWidget(m_count);
    layout->addWidget(actionButton(m_add, this));
    layout->addWidget(actionButton(m_remove, this));

    connect(m_model, &AttentionModel::scenarioReset, this, &HeadEditor::syncFromModel);
    syncFromModel();
}

QString HeadEditor::freshHeadName() const
{
    const Scenario &scenario = m_model->wholeScenario();
    for (Index number = scenario.headCount() + 1;; ++number) {
        const QString name = generatedHeadName(number - 1);
        bool taken = false;
        for (Index head = 0; head < scenario.headCount() && !taken; ++head)
            taken = scenario.headLabel(head) == name;
        if (!taken)
            return name;
    }
}

std::optional<Error> HeadEditor::addHead()
{
    if (std::optional<Error> refusal = m_model->headInsertionRefusal()) {
        emit editRefused(refusal->message);
        return refusal;
    }
    AttentionHead copy = m_model->wholeScenario().head(m_model->selectedHead());
    copy.name = freshHeadName();
    const Index at = m_model->headCount();
    std::optional<Error> refusal;
    {
        const AttentionModel::EditScope edit(m_model, tr("Add %1").arg(copy.name));
        refusal = m_model->insertHead(at, copy);
    }
    if (refusal) {
        emit editRefused(refusal->message);
        return refusal;
    }
    m_model->selectHead(at);
    emit edited();
    return std::nullopt;
}

std::optional<Error> HeadEditor::removeHead()
{
    const Index head = m_model->selectedHead();
    if (std::optional<Error> refusal = m_model->headRemovalRefusal(head)) {
        emit editRefused(refusal->message);
        return refusal;
    }
    {
        const AttentionModel::EditScope edit(
            m_model, tr("Remove %1").arg(quoted(m_model->headName(head))));
        m_model->removeHead(head);
    }
    emit edited();
    return std::nullopt;
}

void HeadEditor::renameHead(const QString &typed)
{
    const Index head = m_model->selectedHead();
    const QString name = typed.trimmed();
    const QString before = m_model->headName(head);
    const QString after = name.isEmpty() ? generatedHeadName(head) : name;
    const Scenario &scenario = m_model->wholeScenario();
    const QString stored = head == 0 ? scenario.headName : scenario.moreHeads[size_t(head - 1)].name;
    if (name == stored || (!name.isEmpty() && name == before)) {
        syncFromModel();
        return;
    }
    const AttentionModel::EditScope edit(
        m_model, tr("Rename %1 to %2").arg(quoted(before), quoted(after)));
    m_model->setHeadName(head, name);
    emit edited();
}

void HeadEditor::syncFromModel()
{
    const Index head = m_model->selectedHead();
    const Scenario &scenario = m_model->wholeScenario();
    const QString stored = head == 0 ? scenario.headName : scenario.moreHeads[size_t(head - 1)].name;
    if (!m_nameEdit->hasFocus() || !m_nameEdit->isModified()) {
        m_nameEdit->setText(stored);
        m_nameEdit->setModified(false);
    }
    m_nameEdit->setPlaceholderText(generatedHeadName(head));
    m_count->setText(tr("%1 of %2", "head k of H").arg(head + 1).arg(m_model->headCount()));
    m_count->setAccessibleName(tr("head %1 of %2").arg(head + 1).arg(m_model->headCount()));
    m_add->setEnabled(!m_model->headInsertionRefusal());
}

} // namespace attnlens
