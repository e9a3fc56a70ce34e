#pragma once

#include "lessonstep.h"

namespace attnlens {

/// "Practice 4: additive attention on an encoder–decoder": a decoder state of length 2 scores
/// three encoder states of length 3 with Bahdanau's additive score (scenario
/// "practice-additive-attention"), shown in the score lab. Checkpoints: the lengths differ and
/// the score is additive (given), which encoder state the decoder weighs most (asked), and an
/// edit of W_q, W_k or w that hands the most weight to another encoder state (action).
LessonStep additiveAttentionStep();

} // namespace attnlens
