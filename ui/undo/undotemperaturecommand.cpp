#include "undotemperaturecommand.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "scenario.h"

#include <QCoreApplication>

namespace attnlens {

UndoTemperatureCommand::UndoTemperatureCommand(AttentionModel *model, UndoRecorder *recorder,
                                               const QString &text, double before,
                                               double after, QUndoCommand *parent)
    : UndoModelCommand(model, recorder, text, parent)
    , m_before(before)
    , m_after(after)
{
    if (text.isEmpty()) {
        setText(QCoreApplication::translate("attnlens::UndoTemperatureCommand", "Temperature %1 \u2192 %2")
                    .arg(formatInput(m_before), formatInput(m_after)));
    }
}

void UndoTemperatureCommand::applyBefore()
{
    model()->setTemperature(m_before);
}

void UndoTemperatureCommand::applyAfter()
{
    model()->setTemperature(m_after);
}

} // namespace attnlens
