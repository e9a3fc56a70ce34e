#pragma once

#include "lessonstep.h"

namespace attnlens {

/// The lesson's first step, "why attention at all": the fixed context a final-state encoder hands
/// every decoder step beside attention's context per query, on the lesson-only scenario
/// "bottleneck", shown in the bottleneck lab. Its action ticks when two queries get contexts at
/// least kClearlyDifferentContexts apart from the step's own memory (keys and values unchanged).
LessonStep bottleneckLabStep();

} // namespace attnlens
