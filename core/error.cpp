#include "error.h"

namespace attnlens {

QString categoryName(ErrorCategory category)
{
    switch (category) {
    case ErrorCategory::Empty: return QStringLiteral("empty");
    case ErrorCategory::ShapeMismatch: return QStringLiteral("shape_mismatch");
    case ErrorCategory::NonFiniteInput: return QStringLiteral("non_finite_input");
    case ErrorCategory::NonpositiveTemperature: return QStringLiteral("nonpositive_temperature");
    case ErrorCategory::AllMaskedRow: return QStringLiteral("all_masked_row");
    case ErrorCategory::ScoreOverflow: return QStringLiteral("score_overflow");
    case ErrorCategory::InvalidJson: return QStringLiteral("invalid_json");
    case ErrorCategory::InvalidScenario: return QStringLiteral("invalid_scenario");
    case ErrorCategory::FileError: return QStringLiteral("file_error");
    }
    return QStringLiteral("unknown");
}

} // namespace attnlens
