#pragma once

#include "matrixtypes.h"
#include "numpyarrayset.h"
#include "result.h"

namespace attnlens {

/// The shape a capture's mask applies to: example `batch` of `batchCount`, `heads` heads,
/// N_q queries and N_k keys.
struct NumpyMaskTarget {
    Index batchCount = 1;
    Index batch = 0;
    Index heads = 1;
    Index queries = 0;
    Index keys = 0;
};

/// The "allowed" mask (N_q x N_k, true = may attend) of a mask array in the convention its role
/// names, broadcast as PyTorch broadcasts it:
/// - Allowed (bool, true = may attend), Blocked (bool, true = may not attend) and AdditiveMask
///   (float, 0 = may attend, -inf = may not; any other number is refused): (N_q, N_k),
///   (B*H, N_q, N_k) as nn.MultiheadAttention, (H, N_q, N_k) or (B, H, N_q, N_k), every size
///   either the full one or 1;
/// - KeyPaddingMask (bool, true = a padding key nobody attends to): (N_k,) or (B, N_k).
/// Attention Lens keeps one mask for every head, so the heads of the chosen example must agree;
/// the first difference is refused with its head, query and key. `source` starts messages.
Result<Mask> numpyAllowedMask(const NpyArray &array, NumpyArraySet::Role role, const NumpyMaskTarget &target,
                              const QString &source);

} // namespace attnlens
