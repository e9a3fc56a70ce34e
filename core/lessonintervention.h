#pragma once

#include "attentionresult.h"
#include "matrixtypes.h"

#include <optional>

namespace attnlens {

struct Scenario;

/// A scenario computed before and after one controlled change, as the lesson's intervention
/// step compares them.
struct LessonIntervention {
    AttentionResult before;
    AttentionResult after;
    /// Every weight of `after` has the same bits as in `before`.
    bool weightsIdentical = false;
};

/// Q and K held, the value of key `keyRow` set to `value` in every coordinate. Nothing when
/// either scenario is refused or the row does not exist.
std::optional<LessonIntervention> interveneOnValue(const Scenario &scenario, Index keyRow, double value);

/// Key `keyRow` masked for every query, everything else held. Nothing when either scenario is
/// refused (e.g. a query would be left with no allowed key) or the row does not exist.
std::optional<LessonIntervention> interveneByMasking(const Scenario &scenario, Index keyRow);

} // namespace attnlens
