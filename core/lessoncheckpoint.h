#pragma once

#include <QString>

#include <functional>
#include <utility>
#include <vector>

namespace attnlens {

struct AttentionResult;
struct Scenario;

/// One claim of a lesson step, checked against the live model: a name ("Softmax weights"), the
/// numbers the lesson expects written for people ("≈ [0.4011, 0.1978, 0.4011]"), and the
/// predicate that decides whether the current scenario and result still show it. `result` is
/// nullptr while the model refuses the scenario.
///
/// What a student sees before the step's answers are revealed depends on the kind:
/// - Given: a fact the step's text states (the query is [1, 0]); always shown with its numbers.
/// - Answer: what the step asks to predict; until the reveal only `question` is shown (or the
///   name), never `expected` nor a tick.
/// - Action: something the student is asked to do (move T to 0.5); shown as `task` until the
///   live scenario first shows it done, then ticked with `expected` for the rest of the visit.
///   Checkpoints listed in `after` (indices into the step's checkpoints) must be done first.
struct LessonCheckpoint {
    enum class Kind { Given, Answer, Action };
    using Predicate = std::function<bool(const Scenario &scenario, const AttentionResult *result)>;

    LessonCheckpoint() = default;
    LessonCheckpoint(QString name, QString expected, Predicate holds)
        : name(std::move(name)), expected(std::move(expected)), holds(std::move(holds))
    {
    }

    QString name;
    QString expected;
    Predicate holds;
    Kind kind = Kind::Answer;
    QString question;
    QString task;
    std::vector<int> after;

    /// The text shown while the answer is hidden: the question, or the name.
    QString hiddenText() const { return question.isEmpty() ? name : question; }
};

} // namespace attnlens
