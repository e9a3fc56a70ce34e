#include "undomodelcommand.h"

#include "undorecorder.h"

namespace attnlens {

UndoModelCommand::UndoModelCommand(AttentionModel *model, UndoRecorder *recorder,
                                   const QString &text, quint64 gesture)
    : QUndoCommand(text)
    , m_model(model)
    , m_recorder(recorder)
    , m_gesture(gesture)
{
}

void UndoModelCommand::undo()
{
    const UndoRecorder::ApplyingScope applying(m_recorder);
    applyBefore();
}

void UndoModelCommand::redo()
{
    // QUndoStack::push() calls redo() on a change that the model has already made.
    if (!m_pushed) {
        m_pushed = true;
        return;
    }
    const UndoRecorder::ApplyingScope applying(m_recorder);
    applyAfter();
}

bool UndoModelCommand::isSameGesture(const QUndoCommand *other) const
{
    if (other->id() != id() || m_gesture == 0)
        return false;
    return static_cast<const UndoModelCommand *>(other)->gesture() == m_gesture;
}

} // namespace attnlens
