#pragma once

#include "result.h"
#include "scenario.h"

#include <QList>
#include <QString>

namespace attnlens {

/// The scenario opened when none is named: the notebook's step 2.
inline constexpr const char *kLessonScenarioId = "lesson";

struct BuiltinScenarioInfo {
    QString id;     ///< what the command line and the menus accept, e.g. "causal-padding"
    QString title;  ///< the scenario's name
    QString description;
};

/// The scenarios shipped as resources, in the order the lesson meets them.
QList<BuiltinScenarioInfo> builtinScenarios();

/// Loads a shipped scenario by id; an unknown id is a FileError listing the known ones. The id
/// "sqrt-dk" (scalelab::kScenarioId) is the √d_k lab's first sample, drawn rather than stored
/// and not listed among the shipped scenarios.
/// Its name, description and token labels come in the installed interface language (the
/// files' English when no translator is installed, as in the headless commands).
Result<Scenario> loadBuiltinScenario(const QString &id);

/// True for a text of the shipped scenarios that loadBuiltinScenario() translates.
bool isTranslatableBuiltinText(const QString &text);

} // namespace attnlens
