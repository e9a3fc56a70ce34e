#pragma once

namespace attnlens {

struct CommandLineRequest;

/// `attnlens --export VIEW=FILE ... [SCENARIO]`: draws each view of the scenario into its file
/// (PNG, SVG or PDF by suffix) with no window on screen. Needs a QApplication, which may run on
/// the offscreen platform. Returns the process exit code: 0 done, 2 the scenario is invalid
/// (figures of a refused scenario are still written and show the refusal), 3 a file could not
/// be read or written, 64 an unknown colour map. Each problem is one line on stderr.
int exportFiguresCommand(const CommandLineRequest &request);

} // namespace attnlens
