#include "lessonintervention.h"

#include "attention.h"
#include "scenario.h"

namespace attnlens {

namespace {

std::optional<LessonIntervention> compare(const Scenario &before, const Scenario &after)
{
    const Result<AttentionResult> first = computeAttention(before);
    const Result<AttentionResult> second = computeAttention(after);
    if (!first || !second)
        return std::nullopt;
    LessonIntervention intervention{first.value(), second.value(), false};
    intervention.weightsIdentical = identicalMatrices(first.value().weights, second.value().weights);
    return intervention;
}

} // namespace

std::optional<LessonIntervention> interveneOnValue(const Scenario &scenario, Index keyRow, double value)
{
    if (keyRow < 0 || keyRow >= scenario.values.rows())
        return std::nullopt;
    Scenario changed = scenario;
    changed.values.row(keyRow).setConstant(value);
    return compare(scenario, changed);
}

std::optional<LessonIntervention> interveneByMasking(const Scenario &scenario, Index keyRow)
{
    if (keyRow < 0 || keyRow >= scenario.keyCount())
        return std::nullopt;
    Scenario changed = scenario;
    if (!changed.allowed)
        changed.allowed = Mask::Constant(changed.queryCount(), changed.keyCount(), true);
    changed.allowed->col(keyRow).setConstant(false);
    return compare(scenario, changed);
}

} // namespace attnlens
