#include "undotemperaturecommand.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "scenario.h"

#include <QCoreApplication>

namespace attnlens {

UndoTemperatureCommand::UndoTemperatureCommand(AttentionModel *model, UndoRecorder *recorder,
                                               quint64 gesture, double before, double after)
    : UndoModelCommand(model, recorder, QString(), gesture)
    , m_before(before)
    , m_after(after)
{
    updateText();
}

bool UndoTemperatureCommand::mergeWith(const QUndoCommand *other)
{
    if (!isSameGesture(other))
        return false;
    m_after = static_cast<const UndoTemperatureCommand *>(other)->after();
    updateText();
    setObsolete(identicalDoubles(m_before, m_after));
    return true;
}

void UndoTemperatureCommand::updateText()
{
    setText(QCoreApplication::translate("attnlens::UndoTemperatureCommand", "Temperature %1 \u2192 %2")
                .arg(formatInput(m_before), formatInput(m_after)));
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
