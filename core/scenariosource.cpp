#include "scenariosource.h"

#include "builtinscenarios.h"
#include "scenariojson.h"
#include "symboliclink.h"

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
    Result<Scenario> builtin = loadBuiltinScenario(fileOrBuiltinId);
    // A broken link is a file the user can see: say what is wrong with it rather than that
    // there is no such file.
    if (!builtin) {
        if (const QString link = brokenSymbolicLink(fileOrBuiltinId); !link.isEmpty()) {
            return Error{ErrorCategory::FileError,
                         QStringLiteral("%1: cannot be read: it is %2").arg(fileOrBuiltinId, link)};
        }
    }
    return builtin;
}

} // namespace attnlens
