#include "scenariosource.h"

#include "builtinscenarios.h"
#include "scenariojson.h"

#include <QFileInfo>

namespace attnlens {

Result<Scenario> openScenario(const QString &fileOrBuiltinId)
{
    // A file wins over a built-in of the same name: a user who saved "lesson" in the current
    // folder means that file.
    if (QFileInfo::exists(fileOrBuiltinId))
        return readScenarioFile(fileOrBuiltinId);
    return loadBuiltinScenario(fileOrBuiltinId);
}

} // namespace attnlens
