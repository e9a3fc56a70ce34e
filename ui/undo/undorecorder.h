#pragma once

#include "scenario.h"

#include <QElapsedTimer>
#include <QObject>
#include <QSet>
#include <QString>

class QUndoCommand;
class QUndoStack;
class QWidget;

namespace attnlens {

class AttentionModel;
class KeySpaceView;
class TemperaturePanel;

/// Makes every change of the AttentionModel undoable without the views knowing about undo.
///
/// The recorder keeps a shadow copy of the model's scenario and listens to the model's change
/// signals. For each change it pushes onto its QUndoStack a command holding the state before and
/// after exactly what changed: one row of Q, K or V, the temperature, the changed mask cells, or
/// the whole scenario for loads and structural edits. Undo and redo write through the model's
/// setters; the recorder recognises those changes as its own and does not record them again.
///
/// Steps merge only within one gesture: a drag in the key space (dragStarted to dragFinished),
/// a press of the temperature slider, a mouse press on a watched widget (painting mask cells),
/// or a burst of changes of the same kind less than burstInterval() apart (typing or arrowing
/// the temperature, nudging the same query with the arrow keys).
///
/// Replacing an empty scenario (the model's state before the first load) is not recorded:
/// there is nothing to go back to. The history keeps the last 500 steps.
class UndoRecorder : public QObject {
    Q_OBJECT

public:
    explicit UndoRecorder(AttentionModel *model, QObject *parent = nullptr);
    ~UndoRecorder() override;

    QUndoStack *undoStack() const { return m_stack; }
    AttentionModel *model() const { return m_model; }

    /// A drag of a query tip or a key becomes one step; arrow-key nudges of the same query in a
    /// quick run become one step.
    void watchKeySpace(KeySpaceView *view);
    /// A slide of the temperature slider, press to release, becomes one step.
    void watchTemperaturePanel(TemperaturePanel *panel);
    /// Whatever changes while a mouse button is held on `widget` becomes one step (painting
    /// cells of the mask grid).
    void watchMouseGestures(QWidget *widget);

    /// Opens and closes a gesture by hand (they nest); every change in between is one step.
    void beginGesture();
    void endGesture();
    bool isGestureOpen() const { return m_gestureDepth > 0; }

    /// How far apart (ms) changes of a burst may be and still merge. 1000 by default.
    int burstInterval() const { return m_burstInterval; }
    void setBurstInterval(int milliseconds) { m_burstInterval = milliseconds; }

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

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    enum class BurstKind { None, Temperature, Nudge };

    void onRowChanged(int part, int row);
    void onTemperatureChanged(double temperature);
    void onMaskChanged();
    void onScenarioReset();
    void setPendingText(const QString &text);
    /// The gesture number a change of this kind and row belongs to: the open gesture's, the
    /// running burst's, or a new one.
    quint64 burstGesture(BurstKind kind, int row);
    QString maskText(const std::optional<Mask> &before, const std::optional<Mask> &after) const;
    void push(QUndoCommand *command, bool burst);

    AttentionModel *m_model;
    QUndoStack *m_stack;
    Scenario m_shadow;
    int m_applying = 0;

    int m_gestureDepth = 0;
    quint64 m_gesture = 0;
    quint64 m_lastGesture = 0;

    int m_burstInterval = 1000;
    BurstKind m_burstKind = BurstKind::None;
    int m_burstRow = -1;
    quint64 m_burstGesture = 0;
    int m_burstIndex = -1;
    QElapsedTimer m_burstClock;

    QObject *m_keySpace = nullptr;
    QSet<QObject *> m_mouseWidgets;
    QSet<QObject *> m_pressedWidgets;

    /// Set while the key space handles an arrow key: the query change is a nudge.
    bool m_nudgeKeyPending = false;
    /// What the next scenarioReset did, named by the structural signal just before it.
    QString m_pendingText;
};

} // namespace attnlens
