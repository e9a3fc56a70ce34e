#pragma once

#include "lessoncheckpoint.h"

#include <QString>

#include <vector>

namespace attnlens {

/// The view a lesson step is about; the window maps it to a dock (or the central key space).
enum class LessonView { KeySpace, Heatmap, WorkedNumbers, Weights, Context, Temperature, Mask, Lesson };

/// Something a step shows in the lesson panel itself, beyond its text and checkpoints.
enum class LessonActivity {
    None,
    ReferenceCheck,         ///< the engine beside the stored float64 reference answers
    Intervention,           ///< before/after of a value change or a removed key; snapshots A/B
    MaskedRowConventions,   ///< what frameworks make of a row with no allowed key
};

/// One step of the guided lesson: what to look at, what to predict, which scenario it starts
/// from, and the checkpoints that hold at that scenario.
struct LessonStep {
    QString id;          ///< stable, untranslated ("softmax-weights")
    QString title;
    QString text;        ///< what to look at
    QString prediction;  ///< what to predict before moving anything
    QString scenarioId;  ///< built-in (or lesson-only) scenario the step loads
    LessonView view = LessonView::KeySpace;
    LessonActivity activity = LessonActivity::None;
    std::vector<LessonCheckpoint> checkpoints;
};

} // namespace attnlens
