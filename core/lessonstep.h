#pragma once

#include "lessoncheckpoint.h"
#include "lessonguess.h"

#include <QFlags>
#include <QString>

#include <vector>

namespace attnlens {

/// The view a lesson step is about; the window maps it to a dock (or the central key space).
enum class LessonView {
    KeySpace,
    Heatmap,
    WorkedNumbers,
    Weights,
    Context,
    Temperature,
    Mask,
    Lesson,
    // The "why" labs (issue 15), each a dock of its own (ui/window/labdocks.h).
    BottleneckLab,
    ScaleLab,
    ScoreLab,
    DerivationLab,
};

/// Something a step shows in the lesson panel itself, beyond its text and checkpoints.
enum class LessonActivity {
    None,
    ReferenceCheck,         ///< the engine beside the stored float64 reference answers
    Intervention,           ///< before/after of a value change or a removed key; snapshots A/B
    MaskedRowConventions,   ///< what frameworks make of a row with no allowed key
};

/// What a step's prediction is about: the quantities that no view shows until the reveal, so
/// that the student predicts before the window answers. A view covers exactly these and leaves
/// everything else live (the inputs, the other quantities, dragging and sliding).
enum class LessonQuantity : unsigned {
    Scores = 1u << 0,   ///< the dot products and the scaled scores (and z − max, which give them away)
    Weights = 1u << 1,  ///< the softmax weights: numbers, bar heights, cell colours, exponentials
    Context = 1u << 2,  ///< the context vectors: numbers, bars, the key space's context marker
    Spread = 1u << 3,   ///< the √d_k lab's measured spreads of the dot products and scores
};
Q_DECLARE_FLAGS(LessonQuantities, LessonQuantity)
Q_DECLARE_OPERATORS_FOR_FLAGS(LessonQuantities)

/// One step of the guided lesson: what to look at, what to predict, which scenario it starts
/// from, the answers kept back until the reveal, and the checkpoints (see LessonCheckpoint for
/// which of them hold at the step's scenario and which wait for an action).
struct LessonStep {
    QString id;          ///< stable, untranslated ("softmax-weights")
    QString title;
    QString text;        ///< what to look at
    QString prediction;  ///< what to predict before moving anything
    /// The sentences that answer the prediction: shown only after the reveal (or at once when
    /// the lecturer switched reveal-on-demand off).
    QString revealed;
    /// The quantities `prediction` asks for, hidden in every view until the reveal.
    LessonQuantities answersAbout;
    /// What the student may type as a guess before the reveal (Kind::None: no guess field).
    LessonGuess guess;
    QString scenarioId;  ///< built-in (or lesson-only) scenario the step loads
    LessonView view = LessonView::KeySpace;
    LessonActivity activity = LessonActivity::None;
    std::vector<LessonCheckpoint> checkpoints;

    /// Something waits for the reveal: answer sentences, an answer checkpoint, a guess to compare
    /// or an activity (its table or bench shows the answers).
    bool hasHiddenAnswers() const
    {
        if (!revealed.isEmpty() || guess.kind != LessonGuess::Kind::None || activity != LessonActivity::None)
            return true;
        for (const LessonCheckpoint &checkpoint : checkpoints) {
            if (checkpoint.kind == LessonCheckpoint::Kind::Answer)
                return true;
        }
        return false;
    }
};

} // namespace attnlens
