#pragma once

#include "numpyscenario.h"

#include <QString>

namespace attnlens {

/// `attnlens --evidence OUT [SCENARIO]`: computes the scenario and writes its evidence.
/// Returns the process exit code; prints one line on stderr when the scenario is refused.
/// `numpy` chooses the example of a NumPy capture (--batch).
int writeEvidenceCommand(const QString &scenarioName, const QString &outputPath,
                         const NumpyReadOptions &numpy = {});

/// `attnlens --list-scenarios`: one built-in per line, its id and its title.
int listScenariosCommand();

/// The evidence path used when the window cannot open for lack of a display.
QString fallbackEvidencePath(const QString &scenarioName);

} // namespace attnlens
