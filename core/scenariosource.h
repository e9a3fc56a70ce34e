#pragma once

#include "numpyscenario.h"
#include "result.h"
#include "scenario.h"

#include <QString>

namespace attnlens {

/// Opens what a user named: an existing file is read as a scenario, anything else is looked up
/// among the built-in scenarios. A name that is neither gives a FileError naming both options.
/// A NumPy capture (a .npz, a .npy or a folder of .npy files, see isNumpyPath) is read with
/// readNumpyScenario and `numpy`; numpy.batch given for anything else is refused.
Result<Scenario> openScenario(const QString &fileOrBuiltinId, const NumpyReadOptions &numpy = {});

} // namespace attnlens
