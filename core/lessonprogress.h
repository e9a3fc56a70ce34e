#pragma once

#include "lessonstep.h"
#include "matrixtypes.h"
#include "scenario.h"

#include <QObject>

#include <functional>
#include <vector>

namespace attnlens {

class AttentionModel;

/// Where a student is in the lesson and which of the step's checkpoints currently hold.
///
/// Going to a step loads its scenario into the model (through the scenario loader, so the window
/// can route it through its document); afterwards the checkpoints are re-evaluated after every
/// recompute of the model, so dragging a query or sliding the temperature ticks them on and off
/// live. "Changed" means the model's scenario is no longer exactly the step's; backToCheckpoint()
/// loads the step's scenario again.
///
/// Predict, then reveal: each visit of a step starts with its answers hidden (answer checkpoints,
/// answer sentences, the guess comparison) until reveal(); advance() reveals first and moves on
/// the next time, which is what a presenter clicker's PageDown does. With reveal-on-demand off
/// (self-study) the answers are shown at once. Action checkpoints ("move T to 0.5") tick the
/// first time the live model shows the action done and stay done for the rest of the visit.
class LessonProgress : public QObject {
    Q_OBJECT

public:
    /// Loads `scenario` (built-in id `id`) into the model; false when the user cancelled.
    using ScenarioLoader = std::function<bool(const Scenario &scenario, const QString &id)>;

    explicit LessonProgress(AttentionModel *model, QObject *parent = nullptr);

    AttentionModel *model() const { return m_model; }
    int stepCount() const { return static_cast<int>(m_steps.size()); }
    /// 0-based; -1 before the first goToStep().
    int currentStep() const { return m_current; }
    const LessonStep &step(int index) const { return m_steps.at(static_cast<size_t>(index)); }
    const LessonStep &currentLessonStep() const { return step(m_current); }
    /// The scenario the current step loads (a copy of what was loaded).
    const Scenario &checkpointScenario() const { return m_checkpointScenario; }

    /// The default loader calls AttentionModel::setScenario.
    void setScenarioLoader(ScenarioLoader loader);

    /// Shows step `index` (0-based) and loads its scenario; false for an index out of range.
    bool goToStep(int index);
    bool next();
    bool previous();
    /// Loads the current step's scenario again.
    bool backToCheckpoint();

    /// Reveals the current step's answers; false when there was nothing hidden.
    bool reveal();
    /// Reveals the current step's hidden answers, or when none are hidden goes to the next step.
    bool advance();
    /// The current step's answers are on show (revealed, nothing to hide, or reveal-on-demand off).
    bool answersShown() const;
    /// On (the default): answers wait for reveal(). Off: every step shows its answers at once.
    bool revealOnDemand() const { return m_revealOnDemand; }
    void setRevealOnDemand(bool onDemand);
    /// What the views must hide now: the current step's LessonStep::answersAbout until its
    /// answers are shown; nothing before the first step, after the reveal or in self-study.
    LessonQuantities concealedAnswers() const;

    /// The model holds something other than the current step's scenario.
    bool scenarioChanged() const { return m_changed; }
    /// One entry per checkpoint of the current step: it holds now (an action: it has been done).
    const std::vector<bool> &checkpointStates() const { return m_states; }
    bool allCheckpointsHold() const;
    /// Every checkpoint except the actions holds: what the step's own scenario shows.
    bool allButActionsHold() const;

    /// Re-reads the model; runs by itself after every recompute.
    void evaluate();

    /// Scenarios with more query × key cells than this fail every checkpoint without running it.
    static constexpr Index kMaxCheckedCells = 4096;

signals:
    void stepChanged(int index);
    /// The checkpoint ticks or the changed state are different from before.
    void checkpointsChanged();
    /// answersShown() changed (a reveal, a new step, the self-study switch).
    void answersShownChanged(bool shown);
    /// concealedAnswers() changed; on a new step this comes before its scenario is loaded.
    void concealedAnswersChanged(attnlens::LessonQuantities concealed);

private:
    AttentionModel *m_model;
    std::vector<LessonStep> m_steps;
    int m_current = -1;
    Scenario m_checkpointScenario;
    ScenarioLoader m_loader;
    std::vector<bool> m_states;
    std::vector<bool> m_actionsDone;
    bool m_changed = false;
    bool m_revealed = false;
    bool m_revealOnDemand = true;
};

} // namespace attnlens
