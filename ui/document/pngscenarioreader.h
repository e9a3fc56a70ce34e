#pragma once

#include "pngtext.h"
#include "result.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// Reads the scenario stored in a PNG figure exported by Attention Lens. A file that is not a
/// readable image is a FileError; a PNG without the scenario chunk is an InvalidScenario whose
/// message says the PNG was not made by Attention Lens; a chunk that does not parse gives the
/// parser's own category and field.
Result<Scenario> readPngScenario(const QString &path);

/// True when the file starts with the PNG signature, whatever its suffix.
bool looksLikePng(const QString &path);

} // namespace attnlens
