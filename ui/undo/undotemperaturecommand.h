#pragma once

#include "undomodelcommand.h"

namespace attnlens {

/// The temperature changed. Without a text of its own (a change outside any edit), its text
/// names the value before and after.
class UndoTemperatureCommand : public UndoModelCommand {
public:
    UndoTemperatureCommand(AttentionModel *model, UndoRecorder *recorder, const QString &text,
                           double before, double after, QUndoCommand *parent = nullptr);

    double before() const { return m_before; }
    double after() const { return m_after; }

protected:
    void applyBefore() override;
    void applyAfter() override;

private:
    double m_before;
    double m_after;
};

} // namespace attnlens
