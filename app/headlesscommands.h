#pragma once

#include "attention.h"
#include "npzwriter.h"
#include "numpyscenario.h"

#include <QString>
#include <QStringList>

namespace attnlens {

/// `attnlens --evidence OUT [SCENARIO]`: computes the scenario and writes its evidence.
/// Returns the process exit code; prints one line on stderr when the scenario is refused.
/// `numpy` chooses the example of a NumPy capture (--batch).
/// With `npzPath`, the .npz of --npz is written too (as writeNumpyCommand() writes it), from the
/// same reading of the scenario and the same computation of its heads.
int writeEvidenceCommand(const QString &scenarioName, const QString &outputPath,
                         const NumpyReadOptions &numpy = {}, const QString &npzPath = QString());

/// `attnlens --npz OUT.npz [SCENARIO]`: computes every head of the scenario and writes its inputs
/// and results as a NumPy .npz. A scenario that cannot be read or computed writes nothing: one
/// line on stderr and ExitInvalidScenario (ExitFileError when a file cannot be read or written).
int writeNumpyCommand(const QString &scenarioName, const QString &outputPath,
                      const NumpyReadOptions &numpy = {});

/// Writes the scenario's inputs and the heads computed already as the .npz of --npz; the exit
/// code, and one line on stderr when it fails (as writeNumpyCommand()).
int writeNumpyResultsReporting(const QString &outputPath, const Scenario &scenario,
                               const HeadsResultView &heads);

/// Prints what the scenario reader filled in (Result::notes) on stderr, one
/// "attnlens: warning: ..." line each: the run goes on, the user knows.
void printReadNotes(const QStringList &notes);

/// The worse of two exit codes, for a run that writes two things: a file error over a refused
/// scenario over success.
int worseExitCode(int first, int second);

/// `attnlens --list-scenarios`: one built-in per line, its id and its title.
int listScenariosCommand();

/// The evidence path used when the window cannot open for lack of a display.
QString fallbackEvidencePath(const QString &scenarioName);

} // namespace attnlens
