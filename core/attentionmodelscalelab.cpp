// AttentionModel and the √d_k lab: the lab draws the whole scenario's Q, K and V, so its setter
// is a scenario replacement (views rebuild, undo keeps the whole scenario).
#include "attentionmodel.h"

#include "scalelab.h"

namespace attnlens {

void AttentionModel::setScaleLab(const ScaleLabSettings &settings, Index keyDimension)
{
    // A scenario that is not a sample yet (the lesson's memories) gives way to the lab's own
    // names and labels; a sample keeps what the student renamed.
    const Scenario base = m_scenario.scaleLab ? m_scenario : scalelab::defaultScenario();
    setScenario(scalelab::withSample(base, settings, keyDimension));
}

} // namespace attnlens
