#pragma once

#include "error.h"

namespace attnlens {

struct Scenario;

namespace fuzz {

/// Stops the run with a message when `condition` is false, so libFuzzer keeps the input that
/// broke an invariant as a crash file.
void require(bool condition, const char *what);

/// Every check on a scenario that a loader accepted: the engine either refuses it with a named
/// error or gives finite weights in [0, 1] whose allowed entries sum to 1 within 1e-12 per row
/// and whose masked entries are exactly 0, with a finite context; and the project's writer
/// saves it as text that reads back as the same scenario bit for bit and is written again
/// byte for byte the same.
void checkAcceptedScenario(const Scenario &scenario);

/// A refusal names its reason: a non-empty message.
void checkRefusal(const Error &error);

} // namespace fuzz
} // namespace attnlens
