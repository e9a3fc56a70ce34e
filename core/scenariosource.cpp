#include "scenariosource.h"

#include "builtinscenarios.h"
#include "scenariojson.h"

#include <QFileInfo>

namespace attnlens {

Result<Scenario> openScenario(const QString &fileOrBuiltinId, const NumpyReadOptions &numpy)
{
    // A file wins over a built-in of the same name: a user who saved "lesson" in the current
    // folder means that file.
    const bool exists = QFileInfo::exists(fileOrBuiltinId);
    if (exists && isNumpyPath(fileOrBuiltinId)) {
        Result<NumpyScenario> read = readNumpyScenario(fileOrBuiltinId, numpy);
        if (!read)
            return read.error();
        return std::move(read.value().scenario);
    }
    if (numpy.batch) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: is not a NumPy capture (.npz, .npy or a folder of .npy "
                                    "files), so it has no batch of examples to choose from")
                         .arg(exists ? QFileInfo(fileOrBuiltinId).fileName() : fileOrBuiltinId)};
    }
    if (exists)
        return readScenarioFile(fileOrBuiltinId);
    return loadBuiltinScenario(fileOrBuiltinId);
}

} // namespace attnlens
