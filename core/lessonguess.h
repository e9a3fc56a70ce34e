#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace attnlens {

struct AttentionResult;
struct Scenario;

/// The live answer a typed guess is compared with: the numbers, and one name per number (the
/// entries of a row, or the items a ranking orders).
struct LessonAnswer {
    std::vector<double> values;
    QStringList names;
};

/// What a lesson step lets a student type before the reveal, and where the live answer comes
/// from. A Number is one value, a Row several ("0.4 0.2 0.4" or "0.4, 0.2, 0.4"), a Ranking
/// orders named items from most to least ("A > C > B", "A = C > B"; names or their last word).
struct LessonGuess {
    enum class Kind { None, Number, Row, Ranking };

    Kind kind = Kind::None;
    QString prompt;   ///< "Your guess: the weights of q for A, B, C"
    QString example;  ///< placeholder text, e.g. "0.3, 0.3, 0.4"
    /// The live answer; nullopt while the model refuses the scenario.
    std::function<std::optional<LessonAnswer>(const Scenario &scenario, const AttentionResult *result)> answer;
    /// A guessed number is "close" within max(absoluteTolerance, relativeTolerance × |live|).
    double absoluteTolerance = 0.05;
    double relativeTolerance = 0.0;
    /// Ranking: live values closer than this tie.
    double tieTolerance = 5e-5;
};

} // namespace attnlens
