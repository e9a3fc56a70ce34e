#pragma once

#include <QUndoCommand>

namespace attnlens {

class AttentionModel;
class UndoRecorder;

/// The base of every undo command of the attention model. A command is pushed after its change
/// has already happened (the UndoRecorder sees the model's signal), so the push's first redo()
/// does nothing; later undo() and redo() write through the model's setters while the recorder
/// knows that the change is its own and does not record it again.
///
/// Commands of one gesture (a drag, a slider press, a burst of nudges) share a non-zero gesture
/// number, and only those merge into one step.
class UndoModelCommand : public QUndoCommand {
public:
    /// The merge ids of the command kinds.
    enum Id { RowId = 1, TemperatureId = 2, MaskId = 3 };

    UndoModelCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                     quint64 gesture);

    void undo() final;
    void redo() final;

    quint64 gesture() const { return m_gesture; }

protected:
    AttentionModel *model() const { return m_model; }
    /// Writes the state before (after) the change into the model.
    virtual void applyBefore() = 0;
    virtual void applyAfter() = 0;
    /// True when `other` is of the same kind and of the same open gesture.
    bool isSameGesture(const QUndoCommand *other) const;

private:
    AttentionModel *m_model;
    UndoRecorder *m_recorder;
    quint64 m_gesture;
    bool m_pushed = false;
};

} // namespace attnlens
