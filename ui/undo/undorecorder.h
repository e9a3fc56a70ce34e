#pragma once

#include "scenario.h"

#include <QObject>
#include <QString>

class QAction;
class QUndoCommand;
class QUndoStack;

namespace attnlens {

class AttentionModel;

/// Makes every change of the AttentionModel undoable without the views knowing about undo.
///
/// The views declare their gestures on the model (AttentionModel::beginEdit / endEdit): the
/// recorder listens to editBegun / editEnded and to the change signals. Everything between the
/// two is one step, named by the edit's text; a change outside any edit is a step of its own,
/// named by what it changed. Nothing is inferred from timers, events or the views.
///
/// The recorder keeps the scenario as its history last saw it (its record). A step holds the
/// state before and after exactly what changed: rows of Q, K or V, the temperature, the changed
/// mask cells, or the whole scenario for loads and structural edits. An edit's step is found at
/// its end by comparing the record with the model bit for bit, so nothing within it can be
/// missed; wherever the record and the model could disagree in shape, the whole scenario is
/// recorded instead, so no step is ever dropped. Undo and redo write through the model's setters;
/// the recorder recognises those changes as its own, updates its record and records nothing.
///
/// The record is the whole scenario, every head (AttentionModel::wholeScenario()): a row step
/// names its head, and adding, removing or renaming a head is a whole-scenario step. Showing
/// another head changes nothing in the document and records nothing.
///
/// Replacing an empty scenario (the model's state before the first load) is not recorded:
/// there is nothing to go back to. The history keeps the last 500 steps.
///
/// The safety rule of the history: a gesture (gesture.h) that waits between its steps becomes a
/// step as soon as the user turns away from it, whether or not its view ever says it ended: when
/// the application's focus window changes (a dialog opens, another window or application is
/// chosen) or the application stops being active, and before Undo or Redo runs. (Another command
/// changing the document ends it in the model itself.)
class UndoRecorder : public QObject {
    Q_OBJECT

public:
    explicit UndoRecorder(AttentionModel *model, QObject *parent = nullptr);
    ~UndoRecorder() override;

    QUndoStack *undoStack() const { return m_stack; }
    AttentionModel *model() const { return m_model; }

    /// The Edit menu's Undo and Redo: QUndoStack's actions (text, shortcut state), except that a
    /// waiting gesture becomes a step first, so that Undo takes back what the user just did.
    QAction *createUndoAction(QObject *parent, const QString &prefix);
    QAction *createRedoAction(QObject *parent, const QString &prefix);
    void undo();
    void redo();

    /// True while an undo or redo writes into the model.
    bool isApplying() const { return m_applying > 0; }

    /// Marks the model changes made in its lifetime as undo's or redo's own.
    class ApplyingScope {
    public:
        explicit ApplyingScope(UndoRecorder *recorder);
        ~ApplyingScope();
        ApplyingScope(const ApplyingScope &) = delete;
        ApplyingScope &operator=(const ApplyingScope &) = delete;

    private:
        UndoRecorder *m_recorder;
    };

private:
    void onRowChanged(int part, int row, int head);
    void onTemperatureChanged(double temperature);
    void onMaskChanged();
    void onScenarioReset();
    void onEditBegun();
    void onEditEnded(const QString &text);
    /// True while changes belong to an open edit and wait for its end.
    bool isDeferring() const;
    void setPendingText(const QString &text);
    QString maskText(const std::optional<Mask> &before, const std::optional<Mask> &after) const;
    /// Records the step from the record to the model's whole scenario, and takes it as the record.
    void recordWholeScenario(const QString &text);
    /// The step from the record to the model, named `text`: one command per changed row, the
    /// temperature and the changed mask cells (under one parent when several changed), or the
    /// whole scenario when names, labels or shapes differ. Null when nothing differs.
    QUndoCommand *stepToModel(const QString &text);

    AttentionModel *m_model;
    QUndoStack *m_stack;
    /// The scenario as the undo history stands: the model's state at the top of the stack.
    Scenario m_record;
    int m_applying = 0;
    /// What the next scenarioReset did, named by the structural signal just before it.
    QString m_pendingText;
};

} // namespace attnlens
