#pragma once

#include "result.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// Opens what a user named: an existing file is read as a scenario, anything else is looked up
/// among the built-in scenarios. A name that is neither gives a FileError naming both options.
Result<Scenario> openScenario(const QString &fileOrBuiltinId);

} // namespace attnlens
