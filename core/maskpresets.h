#pragma once

#include "matrixtypes.h"

#include <optional>
#include <vector>

namespace attnlens {

/// The mask presets that the mask grid offers, as pure functions of shapes and flags.

/// Every query may attend to every key.
Mask allAllowedMask(Index queryCount, Index keyCount);

/// Allowed becomes blocked and blocked becomes allowed.
Mask invertedMask(const Mask &allowed);

/// The notebook's padding mask: key j is allowed only where isRealKey[j] is true, combined by
/// AND with the causal mask (key j <= query i) when `causal` is set
/// (`allowed & is_real_key[None, :]`).
Mask paddingPresetMask(Index queryCount, const std::vector<bool> &isRealKey, bool causal);

/// The first query row that allows no key, whose softmax would be undefined; nothing when every
/// row allows at least one key.
std::optional<Index> firstRowWithoutAllowedKey(const Mask &allowed);

} // namespace attnlens
