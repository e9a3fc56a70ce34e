#include "undomodelcommand.h"

#include "undorecorder.h"

namespace attnlens {

UndoModelCommand::UndoModelCommand(AttentionModel *model, UndoRecorder *recorder,
                                   const QString &text, QUndoCommand *parent)
    : QUndoCommand(text, parent)
    , m_model(model)
    , m_recorder(recorder)
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

} // namespace attnlens
