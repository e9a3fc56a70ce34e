#pragma once

#include <QString>

#include <functional>

namespace attnlens {

struct AttentionResult;
struct Scenario;

/// One claim of a lesson step, checked against the live model: a name ("Softmax weights"), the
/// numbers the lesson expects written for people ("≈ [0.4011, 0.1978, 0.4011]"), and the
/// predicate that decides whether the current scenario and result still show it. `result` is
/// nullptr while the model refuses the scenario.
struct LessonCheckpoint {
    QString name;
    QString expected;
    std::function<bool(const Scenario &scenario, const AttentionResult *result)> holds;
};

} // namespace attnlens
