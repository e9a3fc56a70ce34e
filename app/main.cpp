#include "attnlensversion.h"
#include "commandline.h"
#include "exitcode.h"
#include "exportcommand.h"
#include "headlesscommands.h"
#include "starttrace.h"

#include "builtinscenarios.h"
#include "documentcontroller.h"
#include "languagesettings.h"
#include "mainwindow.h"
#include "scenariosource.h"
#include "theme.h"
#include "viewstate.h"

#include <QApplication>
#include <QFileInfo>
#include <QDir>
#include <QIcon>
#include <QMessageBox>
#include <QTextStream>

#include <cstdint>
#include <memory>
#include <optional>

using namespace attnlens;

namespace {

// --batch N counts from 1; the reader counts from 0.
NumpyReadOptions numpyOptions(const CommandLineRequest &request)
{
    NumpyReadOptions options;
    if (request.batch)
        options.batch = *request.batch - 1;
    return options;
}

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLens"));
    QCoreApplication::setApplicationName(QStringLiteral("Attention Lens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(ATTNLENS_VERSION));
}

// The window's icon and the desktop entry it belongs to (Wayland matches windows to menu
// entries by this name), the same icon the installed menu entry shows.
void setDesktopIdentity()
{
    QGuiApplication::setDesktopFileName(QStringLiteral(ATTNLENS_APP_ID));
    QApplication::setWindowIcon(QIcon(QLatin1String(":/icons/" ATTNLENS_APP_ID ".svg")));
}

// Before any widget is built: --lang, else View > Language's saved choice, else the locale.
void installLanguage(const CommandLineRequest &request)
{
    const QString language = LanguageSettings::chooseLanguage(request.language);
    if (!LanguageSettings::install(language))
        QTextStream(stderr) << "attnlens: the " << language << " translation could not be loaded; "
                            << "the window stays in English" << Qt::endl;
}

QStringList argumentsOf(int argc, char **argv)
{
    QStringList arguments;
    for (int i = 1; i < argc; ++i)
        arguments.append(QString::fromLocal8Bit(argv[i]));
    return arguments;
}

// Qt aborts when it finds no display, so a machine without one gets the lesson's numbers as a
// file instead of a crash.
bool hasDisplay()
{
    // A platform variable naming X11 or Wayland without its display would abort the same way.
    const QByteArray platform = qgetenv("QT_QPA_PLATFORM");
    if (platform.startsWith("xcb"))
        return !qEnvironmentVariableIsEmpty("DISPLAY");
    if (platform.startsWith("wayland"))
        return !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY");
    return !qEnvironmentVariableIsEmpty("DISPLAY") || !qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")
        || !platform.isEmpty();
}

int runHeadless(int argc, char **argv, const CommandLineRequest &request)
{
    QCoreApplication app(argc, argv);
    setIdentity();
    QTextStream out(stdout);
    switch (request.action) {
    case CommandLineRequest::Action::ShowHelp:
        out << commandLineHelp();
        return ExitSuccess;
    case CommandLineRequest::Action::ShowVersion:
        // The first line is what scripts and tests match; the second names the Qt libraries
        // this binary runs on and the ones it was built against (they differ after an upgrade).
        out << "Attention Lens " << ATTNLENS_VERSION << '\n'
            << "Qt " << qVersion() << " (built with Qt " << QT_VERSION_STR << ")\n";
        return ExitSuccess;
    case CommandLineRequest::Action::ListScenarios:
        return listScenariosCommand();
    case CommandLineRequest::Action::WriteEvidence:
        // With --npz, one reading of the scenario and one computation of its heads for both.
        return writeEvidenceCommand(request.scenario, request.evidencePath, numpyOptions(request),
                                    request.npzPath);
    case CommandLineRequest::Action::WriteNumpy:
        return writeNumpyCommand(request.scenario, request.npzPath, numpyOptions(request));
    case CommandLineRequest::Action::ExportFigures:
        break;  // main() runs exports with a QApplication
    case CommandLineRequest::Action::OpenWindow: {
        const QString path = fallbackEvidencePath(request.scenario);
        QDir().mkpath(QFileInfo(path).path());
        const int code = writeEvidenceCommand(request.scenario, path, numpyOptions(request));
        if (code != ExitFileError) {
            out << "No display was found, so the window cannot open. The evidence of "
                << (request.scenario.isEmpty() ? QStringLiteral("the notebook lesson") : request.scenario)
                << " was written to " << QDir::current().absoluteFilePath(path) << " instead.\n"
                << "Run attnlens on a desktop session (DISPLAY set) to open the window.\n";
        }
        return code;
    }
    }
    return ExitUsage;
}

// Figures are drawn by the widgets themselves, off screen: a QApplication on the offscreen
// platform needs no display, and draws the same on every machine.
int runExport(int argc, char **argv, const CommandLineRequest &request)
{
    // Whatever the environment names (xcb without DISPLAY would abort), figures need no display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // The platform's own notes ("This plugin does not support propagateSizeHints()") would bury
    // the one line that a failure prints; only Qt's critical messages get through.
    qInstallMessageHandler([](QtMsgType type, const QMessageLogContext &, const QString &message) {
        if (type == QtCriticalMsg || type == QtFatalMsg)
            QTextStream(stderr) << message << Qt::endl;
    });
    QApplication app(argc, argv);
    setIdentity();
    installLanguage(request);
    // With --npz, the figures' model hands over the heads it computed (exportcommand.cpp).
    return exportFiguresCommand(request);
}

int runWindow(int argc, char **argv, const CommandLineRequest &request, std::int64_t mainEntered)
{
    // --theme: this run's theme; View > Theme's saved choice is left as it is.
    const std::optional<Theme::Kind> theme = Theme::fromId(request.theme);
    QApplication app(argc, argv);
    setIdentity();
    setDesktopIdentity();
    installLanguage(request);
    auto window = std::make_unique<MainWindow>();
    if (theme)
        window->viewState()->setThemeKind(*theme);
    const QString name = request.scenario.isEmpty() ? QLatin1String(kLessonScenarioId) : request.scenario;
    // A file may also be a PNG figure that carries its scenario; the document controller
    // reads both kinds, as File > Open does. A NumPy capture is read with --batch.
    const Result<Scenario> scenario = QFileInfo(name).isFile() && !isNumpyPath(name)
        ? DocumentController::readDocument(name)
        : openScenario(name, numpyOptions(request));
    printReadNotes(scenario.notes());
    if (scenario) {
        window->openScenario(scenario.value(), name, scenario.notes());
    } else {
        // The window still opens on the lesson, so a mistyped name costs one click, not a restart.
        window->openScenario(loadBuiltinScenario(QLatin1String(kLessonScenarioId)).value(),
                             QLatin1String(kLessonScenarioId));
        QTextStream(stderr) << "attnlens: " << scenario.error().describe() << Qt::endl;
    }
    window->showFitted();
    StartTrace::watch(window.get(), mainEntered);  // the expose arrives from the event loop
    if (!scenario)
        QMessageBox::warning(window.get(), QObject::tr("Scenario not opened"), scenario.error().message);
    const bool restored = window->offerAutosaveRestore();
    if (request.lessonStep)
        window->startLesson(*request.lessonStep - 1);
    else if (!restored && request.scenario.isEmpty() && window->isFirstStart())
        window->startLesson(0);  // a new user meets the lesson, not an unexplained window
    return app.exec();
}

} // namespace

int main(int argc, char **argv)
{
    const std::int64_t mainEntered = StartTrace::now();
    const CommandLineRequest request = parseCommandLine(argumentsOf(argc, argv));
    if (!request.usageError.isEmpty()) {
        QTextStream(stderr) << "attnlens: " << request.usageError << "\n"
                            << "Try 'attnlens --help'." << Qt::endl;
        return ExitUsage;
    }
    if (const QString problem = checkBatchChoice(request); !problem.isEmpty()) {
        QTextStream(stderr) << "attnlens: " << problem << Qt::endl;
        return ExitUsage;
    }
    if (request.action == CommandLineRequest::Action::ExportFigures)
        return runExport(argc, argv, request);
    if (request.action == CommandLineRequest::Action::OpenWindow && hasDisplay())
        return runWindow(argc, argv, request, mainEntered);
    return runHeadless(argc, argv, request);
}
