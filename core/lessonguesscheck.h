#pragma once

#include "lessonguess.h"
#include "result.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <vector>

namespace attnlens {

/// A guess read from what the student typed: the numbers of a Number or Row, or for a Ranking
/// one level per item (0 = first; equal levels tie), in the order of the answer's names.
struct ParsedGuess {
    std::vector<double> numbers;
    std::vector<int> levels;
};

/// How a guess compares with the live answer: `close` when every number is within the guess's
/// tolerance or the ranking is the live one; `summary` is one sentence, `details` one line per
/// entry or disagreement, all written for people.
struct GuessVerdict {
    bool close = false;
    QString summary;
    QStringList details;
};

/// Reads typed guesses and compares them with the live answer of a lesson step. Pure functions,
/// texts through tr() (context "attnlens::LessonGuessCheck").
class LessonGuessCheck {
    Q_DECLARE_TR_FUNCTIONS(attnlens::LessonGuessCheck)

public:
    /// Reads `text` as a guess of `kind` for the items `names`. A Row needs one number per name,
    /// a Ranking every name exactly once. The error message names what was not understood.
    static Result<ParsedGuess> parse(LessonGuess::Kind kind, const QString &text, const QStringList &names);

    /// Compares a parsed guess with the live answer.
    static GuessVerdict compare(const LessonGuess &guess, const ParsedGuess &parsed, const LessonAnswer &live);

    /// Ranking levels of live values, largest first; values within `tieTolerance` tie.
    static std::vector<int> rankLevels(const std::vector<double> &values, double tieTolerance);
    /// "A = C > B": `levels` written with the items' short names.
    static QString rankingText(const std::vector<int> &levels, const QStringList &names);
    /// The short name of an item: its last word without brackets ("memory A" → "A") when that is
    /// unique among `names`, else the whole name.
    static QString shortName(int index, const QStringList &names);
};

} // namespace attnlens
