#pragma once

#include "matrixtypes.h"

namespace attnlens {

/// The three quantities of the lesson for one scenario.
struct AttentionResult {
    Matrix scores;   ///< Q K^T / sqrt(d_k): before temperature, without the mask
    Matrix weights;  ///< softmax over the allowed keys of scores / T; masked entries exactly 0
    Matrix context;  ///< weights V
};

} // namespace attnlens
