#pragma once

#include "lessonstep.h"

namespace attnlens {

/// The step after "scaled-scores": the √d_k lab. Random unit-variance queries and keys show why
/// the scores are divided by √d_k (the spread of q·k grows like √d_k, unscaled softmax rows
/// saturate as d_k grows) and what the division does not do (normalise a key's length).
LessonStep scaleLabStep();

} // namespace attnlens
