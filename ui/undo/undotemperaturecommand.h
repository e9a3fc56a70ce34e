#pragma once

#include "undomodelcommand.h"

namespace attnlens {

/// The temperature changed. Changes of one slide (slider press to release) or of one burst of
/// typing and arrow keys merge into one step; its text names the first and the last value.
class UndoTemperatureCommand : public UndoModelCommand {
public:
    UndoTemperatureCommand(AttentionModel *model, UndoRecorder *recorder, quint64 gesture,
                           double before, double after);

    int id() const override { return TemperatureId; }
    bool mergeWith(const QUndoCommand *other) override;

    double before() const { return m_before; }
    double after() const { return m_after; }

protected:
    void applyBefore() override;
    void applyAfter() override;

private:
    void updateText();

    double m_before;
    double m_after;
};

} // namespace attnlens
