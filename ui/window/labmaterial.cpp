#include "labmaterial.h"

#include "attentionmodel.h"
#include "labmaterialbar.h"

namespace attnlens {

LabMaterial::LabMaterial(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
    // Undo and redo of the switch come back through scenarioReset: the bar follows the scenario.
    connect(m_model, &AttentionModel::scenarioReset, this, &LabMaterial::refreshBars);
    connect(m_model, &AttentionModel::derivationChanged, this, &LabMaterial::refreshBars);
}

void LabMaterial::addLab(const Lab &lab)
{
    m_labs.append(lab);
    connect(lab.bar, &LabMaterialBar::backRequested, this, &LabMaterial::goBack);
    refreshBars();
}

bool LabMaterial::openFor(LessonView view)
{
    for (const Lab &lab : m_labs) {
        if (lab.view != view)
            continue;
        if (lab.isMaterial(m_model->scenario()))
            return false;  // already on its own material: a lesson step's, or a file of the lab
        // A second lab's material replaces the first's; what is set aside stays the user's own.
        bool onOtherMaterial = false;
        for (const Lab &other : m_labs)
            onOtherMaterial = onOtherMaterial || (other.view == m_openedFor && other.isMaterial(m_model->scenario()));
        if (!m_userScenario || !onOtherMaterial)
            m_userScenario = m_model->scenario();
        m_openedFor = view;
        {
            const AttentionModel::EditScope edit(m_model, lab.editText);
            lab.open(m_model);
        }
        refreshBars();
        return true;
    }
    return false;
}

void LabMaterial::forgetUserScenario()
{
    m_userScenario.reset();
    refreshBars();
}

void LabMaterial::goBack()
{
    if (!m_userScenario)
        return;
    const Scenario scenario = *m_userScenario;
    m_userScenario.reset();
    {
        const AttentionModel::EditScope edit(m_model, tr("Back to your scenario"));
        m_model->setScenario(scenario);
    }
    refreshBars();
}

void LabMaterial::refreshBars()
{
    const Scenario &s = m_model->scenario();
    for (const Lab &lab : m_labs) {
        const bool shown = m_userScenario && lab.view == m_openedFor && lab.isMaterial(s);
        if (shown)
            lab.bar->showFor(lab.material, m_userScenario->name);
        else
            lab.bar->hide();
    }
}

} // namespace attnlens
