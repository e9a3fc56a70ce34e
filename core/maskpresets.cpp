#include "maskpresets.h"

#include "scenario.h"

namespace attnlens {

Mask allAllowedMask(Index queryCount, Index keyCount)
{
    return Mask::Constant(queryCount, keyCount, true);
}

Mask invertedMask(const Mask &allowed)
{
    Mask inverted(allowed.rows(), allowed.cols());
    for (Index i = 0; i < allowed.rows(); ++i)
        for (Index j = 0; j < allowed.cols(); ++j)
            inverted(i, j) = !allowed(i, j);
    return inverted;
}

Mask paddingPresetMask(Index queryCount, const std::vector<bool> &isRealKey, bool causal)
{
    Mask mask = paddingMask(queryCount, isRealKey);
    if (causal) {
        const Mask past = causalMask(queryCount, mask.cols());
        for (Index i = 0; i < mask.rows(); ++i)
            for (Index j = 0; j < mask.cols(); ++j)
                mask(i, j) = mask(i, j) && past(i, j);
    }
    return mask;
}

std::optional<Index> firstRowWithoutAllowedKey(const Mask &allowed)
{
    for (Index i = 0; i < allowed.rows(); ++i) {
        if (allowed.cols() == 0 || !allowed.row(i).any())
            return i;
    }
    return std::nullopt;
}

} // namespace attnlens
