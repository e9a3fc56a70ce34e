#pragma once

#include "attentionresult.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// One of the notebook's scenarios with its float64 reference answers (NumPy), as shipped in
/// resources/reference/.
struct LessonReferenceCase {
    QString id;  ///< "nb_single_query"
    QString description;
    Scenario scenario;
    AttentionResult expected;
};

} // namespace attnlens
