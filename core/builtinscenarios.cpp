#include "builtinscenarios.h"

#include "jsonfile.h"
#include "scenariojson.h"

#include <QStringList>

namespace attnlens {

namespace {

// Lesson order: the notebook's steps, then its practice items.
const char *const kBuiltinIds[] = {
    "lesson",
    "three-queries",
    "three-queries-sharp",
    "three-queries-soft",
    "causal-self-attention",
    "causal-padding",
    "value-b-changed",
    "key-b-removed",
    "practice-identical-keys",
    "practice-huge-value",
    "practice-cross-attention",
};

QString resourcePath(const QString &id)
{
    return QStringLiteral(":/scenarios/%1.json").arg(id);
}

QStringList knownIds()
{
    QStringList ids;
    for (const char *id : kBuiltinIds)
        ids.append(QLatin1String(id));
    return ids;
}

} // namespace

QList<BuiltinScenarioInfo> builtinScenarios()
{
    QList<BuiltinScenarioInfo> list;
    for (const QString &id : knownIds()) {
        const Result<Scenario> scenario = loadBuiltinScenario(id);
        Q_ASSERT_X(scenario.ok(), "builtinScenarios", "a shipped scenario does not parse");
        if (scenario.ok())
            list.append({id, scenario.value().name, scenario.value().description});
    }
    return list;
}

Result<Scenario> loadBuiltinScenario(const QString &id)
{
    if (!knownIds().contains(id)) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("\"%1\" is neither a file nor a built-in scenario; built-in "
                                    "scenarios are: %2")
                         .arg(id, knownIds().join(QStringLiteral(", ")))};
    }
    const Result<QByteArray> bytes = readFileBounded(resourcePath(id), ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    return parseScenario(bytes.value(), id);
}

} // namespace attnlens
