#pragma once

#include "lessonstep.h"

namespace attnlens {

/// Practice 5, first half: where Q, K and V come from. Tokens X in a plane and the projections
/// W_Q, W_K and W_V (the scenario "practice-derivation"); dragging a token moves its query, key
/// and value together; switching on a second stream Y makes it cross-attention.
LessonStep derivationLabStep();

} // namespace attnlens
