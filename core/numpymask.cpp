#include "numpymask.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace attnlens {

namespace {

Error maskError(const QString &source, const NpyArray &array, const QString &problem)
{
    return Error{ErrorCategory::InvalidScenario,
                 QStringLiteral("%1: shape %2: %3").arg(source, array.header().shapeText(), problem)};
}

QString targetShape(const NumpyMaskTarget &t)
{
    return QStringLiteral("(B, H, N_q, N_k) = (%1, %2, %3, %4)").arg(t.batchCount).arg(t.heads).arg(t.queries).arg(t.keys);
}

} // namespace

Result<Mask> numpyAllowedMask(const NpyArray &array, NumpyArraySet::Role role, const NumpyMaskTarget &target,
                              const QString &source)
{
    const std::vector<qint64> &shape = array.shape();
    const int dims = array.dimensions();
    // The array seen as (B', H', N_q', N_k'), each size the full one or 1 (broadcast).
    qint64 b = 1, h = 1, nq = 1, nk = shape.back();
    if (role == NumpyArraySet::KeyPaddingMask) {
        if (dims == 2)
            b = shape[0];
    } else {
        nq = shape[size_t(dims - 2)];
        if (dims == 4) {
            b = shape[0];
            h = shape[1];
        } else if (dims == 3) {
            const qint64 leading = shape[0];
            if (leading == target.batchCount * target.heads && target.batchCount > 1) {
                // nn.MultiheadAttention's (B*H, N_q, N_k): example b's heads are rows b*H..b*H+H-1.
                b = target.batchCount;
                h = target.heads;
            } else {
                h = leading;
            }
        }
    }
    const auto fits = [](qint64 size, Index full) { return size == 1 || size == full; };
    if (!fits(b, target.batchCount) || !fits(h, target.heads) || !fits(nq, target.queries) || !fits(nk, target.keys)) {
        return maskError(source, array,
                         QStringLiteral("does not broadcast to the attention's %1; every size must be "
                                        "the full one or 1%2")
                             .arg(targetShape(target),
                                  role == NumpyArraySet::KeyPaddingMask
                                      ? QStringLiteral(" (a key padding mask is (N_k,) or (B, N_k))")
                                      : QStringLiteral(" (a 3-D mask is (B*H, N_q, N_k) or (H, N_q, N_k))")));
    }
    const Index queries = target.queries;
    const Index keys = target.keys;
    const qint64 example = b == 1 ? 0 : target.batch;
    std::vector<char> rowBytes(static_cast<size_t>(nk));
    std::vector<double> rowNumbers(static_cast<size_t>(nk));
    Mask first;
    for (qint64 head = 0; head < h; ++head) {
        Mask mask(queries, keys);
        for (Index i = 0; i < queries; ++i) {
            const qint64 sourceRow = nq == 1 ? 0 : i;
            const qint64 start = ((example * h + head) * nq + sourceRow) * nk;
            bool *out = mask.data() + i * keys;
            if (role == NumpyArraySet::AdditiveMask) {
                array.decodeDoubles(start, nk, rowNumbers.data());
                for (qint64 j = 0; j < nk; ++j) {
                    const double x = rowNumbers[size_t(j)];
                    if (x != 0.0 && !(std::isinf(x) && x < 0)) {
                        return maskError(source, array,
                                         QStringLiteral("query %1, key %2 holds %3; an additive mask holds "
                                                        "0 (may attend) or -inf (may not) only, and a "
                                                        "finite number there would change the scores, "
                                                        "not mask them")
                                             .arg(i + 1)
                                             .arg(j + 1)
                                             .arg(x));
                    }
                }
                if (nk == keys) {
                    for (Index j = 0; j < keys; ++j)
                        out[j] = rowNumbers[size_t(j)] == 0.0;
                } else {
                    std::fill(out, out + keys, rowNumbers[0] == 0.0);
                }
            } else {
                const qint64 keyStart = role == NumpyArraySet::KeyPaddingMask ? example * nk : start;
                array.decodeBools(keyStart, nk, reinterpret_cast<bool *>(rowBytes.data()));
                const bool flip = role != NumpyArraySet::Allowed;  // blocked and padding mean "may not"
                const bool *in = reinterpret_cast<const bool *>(rowBytes.data());
                if (nk == keys) {
                    for (Index j = 0; j < keys; ++j)
                        out[j] = in[j] != flip;
                } else {
                    std::fill(out, out + keys, in[0] != flip);
                }
            }
        }
        if (head == 0) {
            first = std::move(mask);
            continue;
        }
        for (Index i = 0; i < queries; ++i) {
            for (Index j = 0; j < keys; ++j) {
                if (mask(i, j) != first(i, j)) {
                    return maskError(source, array,
                                     QStringLiteral("head %1 masks query %2, key %3 differently from head "
                                                    "1; Attention Lens shows one mask shared by every head")
                                         .arg(head + 1)
                                         .arg(i + 1)
                                         .arg(j + 1));
                }
            }
        }
    }
    return first;
}

} // namespace attnlens
