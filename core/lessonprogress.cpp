#include "lessonprogress.h"

#include "attentionmodel.h"
#include "lesson.h"

#include <algorithm>

namespace attnlens {

LessonProgress::LessonProgress(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_steps(Lesson::steps())
{
    m_loader = [this](const Scenario &scenario, const QString &) {
        m_model->setScenario(scenario);
        return true;
    };
    connect(m_model, &AttentionModel::resultChanged, this, &LessonProgress::evaluate);
    connect(m_model, &AttentionModel::scenarioReset, this, &LessonProgress::evaluate);
}

void LessonProgress::setScenarioLoader(ScenarioLoader loader)
{
    m_loader = std::move(loader);
}

bool LessonProgress::goToStep(int index)
{
    if (index < 0 || index >= stepCount())
        return false;
    const Result<Scenario> scenario = Lesson::loadScenario(step(index).scenarioId);
    Q_ASSERT_X(scenario.ok(), "LessonProgress::goToStep", "a lesson scenario does not load");
    if (!scenario)
        return false;
    m_current = index;
    m_checkpointScenario = scenario.value();
    if (m_model->scenario() != m_checkpointScenario)
        m_loader(m_checkpointScenario, step(index).scenarioId);
    m_states.assign(currentLessonStep().checkpoints.size(), false);
    evaluate();
    emit stepChanged(index);
    emit checkpointsChanged();
    return true;
}

bool LessonProgress::next()
{
    return goToStep(m_current + 1);
}

bool LessonProgress::previous()
{
    return goToStep(m_current - 1);
}

bool LessonProgress::backToCheckpoint()
{
    if (m_current < 0)
        return false;
    const bool loaded = m_loader(m_checkpointScenario, currentLessonStep().scenarioId);
    evaluate();
    return loaded;
}

bool LessonProgress::allCheckpointsHold() const
{
    return std::all_of(m_states.begin(), m_states.end(), [](bool holds) { return holds; });
}

void LessonProgress::evaluate()
{
    if (m_current < 0)
        return;
    const Scenario &scenario = m_model->scenario();
    const AttentionResult *result = m_model->result();
    std::vector<bool> states;
    // Every lesson scenario is a few tokens; a scenario grown far beyond that cannot match a
    // checkpoint, and some checkpoints recompute the scenario, which would slow a drag.
    const bool lessonSized = scenario.queryCount() * scenario.keyCount() <= kMaxCheckedCells;
    for (const LessonCheckpoint &checkpoint : currentLessonStep().checkpoints)
        states.push_back(lessonSized && checkpoint.holds(scenario, result));
    const bool changed = scenario != m_checkpointScenario;
    if (states == m_states && changed == m_changed)
        return;
    m_states = std::move(states);
    m_changed = changed;
    emit checkpointsChanged();
}

} // namespace attnlens
