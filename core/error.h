#pragma once

#include <QString>

namespace attnlens {

/// Every way an attention computation or a scenario file can be refused.
/// The engine checks its categories in the order they are listed here.
enum class ErrorCategory {
    Empty,
    ShapeMismatch,
    NonFiniteInput,
    NonpositiveTemperature,
    AllMaskedRow,
    ScoreOverflow,
    InvalidJson,
    InvalidScenario,
    FileError,
};

/// The stable machine-readable name written into evidence files ("shape_mismatch", ...).
QString categoryName(ErrorCategory category);

/// A refusal that a person can act on: the message names the matrix, row, column or field.
/// row and column are 0-based indices for programs; messages count from 1 for people.
struct Error {
    ErrorCategory category = ErrorCategory::InvalidScenario;
    QString message;
    int row = -1;
    int column = -1;
    /// The head (0-based) a refusal concerns, in a scenario with several heads; -1 otherwise.
    int head = -1;

    QString describe() const { return categoryName(category) + QStringLiteral(": ") + message; }
};

} // namespace attnlens
