#include "commandline.h"

#include <QCommandLineParser>

namespace attnlens {

namespace {

struct Parser {
    QCommandLineParser parser;
    QCommandLineOption evidence{QStringList{QStringLiteral("evidence")},
                                QStringLiteral("Compute the scenario and write its evidence JSON "
                                               "to OUT (\"-\" for standard output); no window."),
                                QStringLiteral("OUT")};
    QCommandLineOption listScenarios{QStringLiteral("list-scenarios"),
                                     QStringLiteral("List the built-in scenarios and exit.")};
    QCommandLineOption help{QStringList{QStringLiteral("h"), QStringLiteral("help")},
                            QStringLiteral("Show this help and exit.")};
    QCommandLineOption version{QStringList{QStringLiteral("v"), QStringLiteral("version")},
                               QStringLiteral("Show the version and exit.")};

    Parser()
    {
        parser.setApplicationDescription(
            QStringLiteral("Attention Lens: a desktop lab for scaled dot-product attention."));
        parser.addOptions({evidence, listScenarios, help, version});
        parser.addPositionalArgument(
            QStringLiteral("SCENARIO"),
            QStringLiteral("A scenario file (.json) or a built-in scenario name; the notebook "
                           "lesson when omitted."),
            QStringLiteral("[SCENARIO]"));
    }
};

} // namespace

CommandLineRequest parseCommandLine(const QStringList &arguments)
{
    Parser p;
    CommandLineRequest request;
    // QCommandLineParser expects the program name first.
    if (!p.parser.parse(QStringList{QStringLiteral("attnlens")} + arguments)) {
        request.usageError = p.parser.errorText();
        return request;
    }
    const QStringList positional = p.parser.positionalArguments();
    if (positional.size() > 1) {
        request.usageError = QStringLiteral("expected at most one SCENARIO, got %1: %2")
                                 .arg(positional.size())
                                 .arg(positional.join(QStringLiteral(" ")));
        return request;
    }
    request.scenario = positional.value(0);

    const int exclusive = int(p.parser.isSet(p.evidence)) + int(p.parser.isSet(p.listScenarios))
        + int(p.parser.isSet(p.help)) + int(p.parser.isSet(p.version));
    if (exclusive > 1) {
        request.usageError =
            QStringLiteral("--evidence, --list-scenarios, --help and --version exclude each other");
        return request;
    }
    if (p.parser.isSet(p.help)) {
        request.action = CommandLineRequest::Action::ShowHelp;
    } else if (p.parser.isSet(p.version)) {
        request.action = CommandLineRequest::Action::ShowVersion;
    } else if (p.parser.isSet(p.listScenarios)) {
        request.action = CommandLineRequest::Action::ListScenarios;
    } else if (p.parser.isSet(p.evidence)) {
        request.action = CommandLineRequest::Action::WriteEvidence;
        request.evidencePath = p.parser.value(p.evidence);
        if (request.evidencePath.isEmpty())
            request.usageError = QStringLiteral("--evidence needs an output path (or \"-\")");
    }
    if (request.action != CommandLineRequest::Action::OpenWindow
        && request.action != CommandLineRequest::Action::WriteEvidence && !request.scenario.isEmpty()) {
        request.usageError = QStringLiteral("unexpected argument: %1").arg(request.scenario);
    }
    return request;
}

QString commandLineHelp()
{
    Parser p;
    QString text = p.parser.helpText();
    text += QStringLiteral(
        "\nUsage:\n"
        "  attnlens [SCENARIO]                       open the window\n"
        "  attnlens --evidence OUT.json [SCENARIO]   write evidence, no window or display needed\n"
        "  attnlens --list-scenarios | --help | --version\n"
        "\nExit codes: 0 done; 2 the scenario is invalid (the evidence file still holds the "
        "error);\n3 a file could not be read or written; 64 bad usage.\n");
    return text;
}

} // namespace attnlens
