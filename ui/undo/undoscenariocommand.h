#pragma once

#include "scenario.h"
#include "undomodelcommand.h"

namespace attnlens {

/// The scenario changed as a whole or in its shape: a load (any setScenario), a rename, an
/// inserted or removed query or key, a new d_k or d_v. Holds both scenarios; undo and redo
/// replace the model's scenario, so every double, label and mask cell comes back bit for bit.
class UndoScenarioCommand : public UndoModelCommand {
public:
    UndoScenarioCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                        Scenario before, Scenario after);

    const Scenario &before() const { return m_before; }
    const Scenario &after() const { return m_after; }

protected:
    void applyBefore() override;
    void applyAfter() override;

private:
    Scenario m_before;
    Scenario m_after;
};

} // namespace attnlens
