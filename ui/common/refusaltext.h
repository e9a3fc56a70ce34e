#pragma once

#include <QString>

namespace attnlens {

struct Error;
struct Scenario;

/// What a per-query view writes instead of its numbers while the engine refuses the scenario.
/// When the shown query itself has no allowed key, the text says that its softmax is undefined
/// (and starts with "undefined: no allowed key"); otherwise it names the refusal and its cause.
QString refusalText(const Scenario &scenario, const Error &error, int shownQuery);

/// True when query row `row` of the scenario may attend to no key at all.
bool hasNoAllowedKey(const Scenario &scenario, int row);

} // namespace attnlens
