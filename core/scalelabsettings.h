#pragma once

#include "matrixtypes.h"

#include <QtGlobal>

namespace attnlens {

/// What the √d_k lab needs to draw its sample again: the seed of the random queries and keys,
/// and the one key the student made longer. d_k is the scenario's own key dimension. Kept in the
/// scenario (Scenario::scaleLab), so it is saved, undone and seen by the lesson's checkpoints.
struct ScaleLabSettings {
    static constexpr quint64 kDefaultSeed = 20261202;

    quint64 seed = kDefaultSeed;
    Index stretchedKey = -1;     ///< the longer key (0-based), -1: every key as drawn
    double stretchFactor = 2.0;  ///< how many times longer the stretched key is

    bool hasStretch() const { return stretchedKey >= 0; }
    bool operator==(const ScaleLabSettings &other) const
    {
        return seed == other.seed && stretchedKey == other.stretchedKey
            && stretchFactor == other.stretchFactor;
    }
    bool operator!=(const ScaleLabSettings &other) const { return !(*this == other); }
};

} // namespace attnlens
