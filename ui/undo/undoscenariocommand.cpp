#include "undoscenariocommand.h"

#include "attentionmodel.h"

#include <utility>

namespace attnlens {

UndoScenarioCommand::UndoScenarioCommand(AttentionModel *model, UndoRecorder *recorder,
                                         const QString &text, Scenario before, Scenario after)
    : UndoModelCommand(model, recorder, text)
    , m_before(std::move(before))
    , m_after(std::move(after))
{
}

void UndoScenarioCommand::applyBefore()
{
    model()->setScenario(m_before);
}

void UndoScenarioCommand::applyAfter()
{
    model()->setScenario(m_after);
}

} // namespace attnlens
