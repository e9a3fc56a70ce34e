#pragma once

#include "result.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// The PNG text chunk that carries the scenario JSON of an exported figure.
inline constexpr const char *kPngScenarioKey = "attnlens-scenario";
/// The PNG text chunk that names the Attention Lens version that wrote the figure.
inline constexpr const char *kPngVersionKey = "attnlens-version";

/// Reads the scenario stored in a PNG figure exported by Attention Lens. A file that is not a
/// readable image is a FileError; a PNG without the scenario chunk is an InvalidScenario whose
/// message says the PNG was not made by Attention Lens; a chunk that does not parse gives the
/// parser's own category and field.
Result<Scenario> readPngScenario(const QString &path);

/// True when the file starts with the PNG signature, whatever its suffix.
bool looksLikePng(const QString &path);

} // namespace attnlens
