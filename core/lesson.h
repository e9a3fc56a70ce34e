#pragma once

#include "lessonstep.h"
#include "result.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QStringList>

#include <vector>

namespace attnlens {

/// The guided lesson of the course notebook, in the app's own words: from "why attention" (the
/// fixed-context bottleneck) and a query and a memory, through masks, the reference check and
/// interventions, to four practice items and a closing step ("stop when", what comes next). Each
/// is a LessonStep with its scenario, view, prediction, the answers kept back until the reveal,
/// a typed guess to compare, and live checkpoints (facts, answers, actions). The texts go through
/// tr() (context "attnlens::Lesson") so that they can be translated; steps() builds them afresh,
/// so a language switched at run time shows up in the next call.
class Lesson {
    Q_DECLARE_TR_FUNCTIONS(attnlens::Lesson)

public:
    /// Every step in order; step i is shown to people as "i+1 / stepCount()".
    static std::vector<LessonStep> steps();
    static int stepCount();

    /// The scenario a step loads: one of the built-ins (core/builtinscenarios.h), so that every
    /// scenario of the lesson can also be opened from File > Open Built-in.
    static Result<Scenario> loadScenario(const QString &id);

    /// Entries compared "to 4 decimals" agree when they differ by less than this.
    static constexpr double kFourDecimals = 5e-5;
};

} // namespace attnlens
