#pragma once

#include "scenario.h"

#include <QByteArray>
#include <QStringList>

#include <optional>

namespace attnlens {

/// The fast way in for a valid scenario document: simdjson parses the text and the matrices and
/// the mask go straight into their Eigen storage, with no JSON value per cell.
///
/// It reads only what parseScenario() would read without a word of complaint, and gives the same
/// Scenario for it (numbers are read correctly rounded by both). Anything else — a syntax error,
/// a bare NaN, a repeated key, a wrong type, a shape or size over the limits, a lone surrogate,
/// a document nested deeper than a scenario ever is — returns nothing, and parseScenario() then
/// reads the document with its Qt reader, which names the problem (file, field, row, column)
/// exactly as it always has. So the messages are the same by construction.
///
/// A label list shorter than its matrix is read as the Qt reader reads it: the missing labels
/// take their defaults, and `notes` (when given) gets the same note, without the source.
std::optional<Scenario> parseScenarioFast(const QByteArray &json, QStringList *notes = nullptr);

} // namespace attnlens
