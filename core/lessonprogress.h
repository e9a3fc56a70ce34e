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

    /// The model holds something other than the current step's scenario.
    bool scenarioChanged() const { return m_changed; }
    /// One entry per checkpoint of the current step.
    const std::vector<bool> &checkpointStates() const { return m_states; }
    bool allCheckpointsHold() const;

    /// Re-reads the model; runs by itself after every recompute.
    void evaluate();

    /// Scenarios with more query × key cells than this fail every checkpoint without running it.
    static constexpr Index kMaxCheckedCells = 4096;

signals:
    void stepChanged(int index);
    /// The checkpoint ticks or the changed state are different from before.
    void checkpointsChanged();

private:
    AttentionModel *m_model;
    std::vector<LessonStep> m_steps;
    int m_current = -1;
    Scenario m_checkpointScenario;
    ScenarioLoader m_loader;
    std::vector<bool> m_states;
    bool m_changed = false;
};

} // namespace attnlens
