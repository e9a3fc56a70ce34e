#pragma once

namespace attnlens {

/// The command line's exit codes, as the README documents them.
enum ExitCode : int {
    ExitSuccess = 0,
    ExitInvalidScenario = 2,  ///< evidence still written, holding the error
    ExitFileError = 3,        ///< a file could not be read or written
    ExitUsage = 64,           ///< EX_USAGE from sysexits.h
};

} // namespace attnlens
