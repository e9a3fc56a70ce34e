#pragma once

#include "lessonreferencecase.h"
#include "lessonreferencecell.h"
#include "result.h"

#include <QStringList>

#include <vector>

namespace attnlens {

/// The float64 reference answers of the notebook's scenarios, shipped as resources
/// (:/reference/<id>.json), and the cell-by-cell comparison of the engine with them.
class LessonReference {
public:
    /// Agreement means |engine − reference| ≤ kRelativeTolerance·|reference| + kAbsoluteFloor;
    /// the floor only matters where the reference is exactly 0.
    static constexpr double kRelativeTolerance = 1e-9;
    static constexpr double kAbsoluteFloor = 1e-15;

    /// The shipped cases in lesson order.
    static QStringList caseIds();
    static Result<LessonReferenceCase> loadCase(const QString &id);

    static double toleranceFor(double reference);
    /// Scores, weights and context, row by row. A shape that differs from the reference gives a
    /// single failing cell for that quantity (row and column -1).
    static std::vector<LessonReferenceCell> compare(const LessonReferenceCase &reference,
                                                    const AttentionResult &engine);
    /// Every cell of compare() within its tolerance.
    static bool agrees(const LessonReferenceCase &reference, const AttentionResult &engine);
};

} // namespace attnlens
