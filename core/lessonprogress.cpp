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
    const bool wasShown = m_current >= 0 && answersShown();
    const LessonQuantities wasConcealed = concealedAnswers();
    m_current = index;
    m_revealed = false;
    // Before the step's scenario reaches the views, so that none shows its answers for a moment.
    if (concealedAnswers() != wasConcealed)
        emit concealedAnswersChanged(concealedAnswers());
    m_checkpointScenario = scenario.value();
    m_states.assign(currentLessonStep().checkpoints.size(), false);
    m_actionsDone.assign(currentLessonStep().checkpoints.size(), false);
    if (m_model->scenario() != m_checkpointScenario)
        m_loader(m_checkpointScenario, step(index).scenarioId);
    evaluate();
    emit stepChanged(index);
    emit checkpointsChanged();
    if (wasShown != answersShown())
        emit answersShownChanged(answersShown());
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

bool LessonProgress::reveal()
{
    if (m_current < 0 || answersShown())
        return false;
    const LessonQuantities wasConcealed = concealedAnswers();
    m_revealed = true;
    emit answersShownChanged(true);
    if (wasConcealed)
        emit concealedAnswersChanged(LessonQuantities());
    return true;
}

bool LessonProgress::advance()
{
    return reveal() || next();
}

bool LessonProgress::answersShown() const
{
    if (m_current < 0)
        return false;
    return m_revealed || !m_revealOnDemand || !currentLessonStep().hasHiddenAnswers();
}

void LessonProgress::setRevealOnDemand(bool onDemand)
{
    if (m_revealOnDemand == onDemand)
        return;
    const bool wasShown = answersShown();
    const LessonQuantities wasConcealed = concealedAnswers();
    m_revealOnDemand = onDemand;
    if (wasShown != answersShown())
        emit answersShownChanged(answersShown());
    if (wasConcealed != concealedAnswers())
        emit concealedAnswersChanged(concealedAnswers());
}

LessonQuantities LessonProgress::concealedAnswers() const
{
    if (m_current < 0 || answersShown())
        return LessonQuantities();
    return currentLessonStep().answersAbout;
}

bool LessonProgress::allCheckpointsHold() const
{
    return std::all_of(m_states.begin(), m_states.end(), [](bool holds) { return holds; });
}

bool LessonProgress::allButActionsHold() const
{
    if (m_current < 0)
        return false;
    const std::vector<LessonCheckpoint> &checkpoints = currentLessonStep().checkpoints;
    for (size_t i = 0; i < checkpoints.size(); ++i) {
        if (checkpoints[i].kind != LessonCheckpoint::Kind::Action && !m_states[i])
            return false;
    }
    return true;
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
    const std::vector<LessonCheckpoint> &checkpoints = currentLessonStep().checkpoints;
    for (size_t i = 0; i < checkpoints.size(); ++i) {
        const LessonCheckpoint &checkpoint = checkpoints[i];
        if (checkpoint.kind != LessonCheckpoint::Kind::Action) {
            states.push_back(lessonSized && checkpoint.holds(scenario, result));
            continue;
        }
        // An action is done once; the actions it comes after must be done before it counts.
        const bool ready = std::all_of(checkpoint.after.begin(), checkpoint.after.end(), [this](int other) {
            return other >= 0 && static_cast<size_t>(other) < m_actionsDone.size() && m_actionsDone[static_cast<size_t>(other)];
        });
        if (!m_actionsDone[i] && ready && lessonSized && checkpoint.holds(scenario, result))
            m_actionsDone[i] = true;
        states.push_back(m_actionsDone[i]);
    }
    const bool changed = scenario != m_checkpointScenario;
    if (states == m_states && changed == m_changed)
        return;
    m_states = std::move(states);
    m_changed = changed;
    emit checkpointsChanged();
}

} // namespace attnlens
