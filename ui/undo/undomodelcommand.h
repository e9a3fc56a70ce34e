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
/// Commands never merge: the recorder makes one command (or one parent of several) per step, at
/// the end of the edit that the views declared. A command may be the child of such a parent.
class UndoModelCommand : public QUndoCommand {
public:
    UndoModelCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                     QUndoCommand *parent = nullptr);

    void undo() final;
    void redo() final;

protected:
    AttentionModel *model() const { return m_model; }
    /// Writes the state before (after) the change into the model.
    virtual void applyBefore() = 0;
    virtual void applyAfter() = 0;

private:
    AttentionModel *m_model;
    UndoRecorder *m_recorder;
    bool m_pushed = false;
};

} // namespace attnlens
