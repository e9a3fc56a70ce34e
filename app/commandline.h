#pragma once

#include <QString>
#include <QStringList>

namespace attnlens {

/// What the user asked the attnlens executable to do.
struct CommandLineRequest {
    enum class Action { OpenWindow, WriteEvidence, ListScenarios, ShowHelp, ShowVersion };

    Action action = Action::OpenWindow;
    QString scenario;      ///< a file or a built-in id; empty means the notebook lesson
    QString evidencePath;  ///< "-" is standard output
    QString usageError;    ///< non-empty when the words do not form a valid request
};

/// Parses the arguments (without the program name). Never exits and needs no QCoreApplication,
/// so main() can choose between a GUI and a headless application afterwards.
CommandLineRequest parseCommandLine(const QStringList &arguments);

/// The text printed by --help.
QString commandLineHelp();

} // namespace attnlens
