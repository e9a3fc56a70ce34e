#pragma once

#include "matrixtypes.h"

#include <QString>

namespace attnlens {

/// One cell of the reference check: the engine's number beside the stored reference number.
struct LessonReferenceCell {
    QString quantity;  ///< "scores", "weights" or "context" (untranslated: the evidence names)
    Index row = 0;
    Index column = 0;
    double engine = 0.0;
    double reference = 0.0;
    double absoluteDifference = 0.0;
    double tolerance = 0.0;
    bool withinTolerance = false;
};

} // namespace attnlens
