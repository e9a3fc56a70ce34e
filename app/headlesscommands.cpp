#include "headlesscommands.h"

#include "exitcode.h"

#include "attention.h"
#include "builtinscenarios.h"
#include "evidence.h"
#include "jsonfile.h"
#include "jsonstreamwriter.h"
#include "npzwriter.h"
#include "scenariosource.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTextStream>

#include <cstdio>

namespace attnlens {

namespace {

void printError(const QString &line)
{
    QTextStream(stderr) << "attnlens: " << line << Qt::endl;
}

// Streams the JSON text of `draft` to `path` ("-": standard output), a megabyte at a time.
std::optional<Error> writeOutput(const QString &path, const JsonDraft &draft)
{
    const ByteProducer produce = jsonDraftProducer(draft);
    if (path == QLatin1String("-")) {
        QFile out;
        const bool written = out.open(stdout, QIODevice::WriteOnly)
            && produce([&out](const char *data, qint64 size) { return out.write(data, size) == size; })
            && out.flush();
        if (!written) {
            return Error{ErrorCategory::FileError,
                         QStringLiteral("standard output cannot be written")};
        }
        return std::nullopt;
    }
    return writeFileAtomically(path, produce);
}

} // namespace

void printReadNotes(const QStringList &notes)
{
    for (const QString &note : notes)
        QTextStream(stderr) << "attnlens: warning: " << note << Qt::endl;
}

int writeEvidenceCommand(const QString &scenarioName, const QString &outputPath,
                         const NumpyReadOptions &numpy)
{
    const QString name = scenarioName.isEmpty() ? QLatin1String(kLessonScenarioId) : scenarioName;
    const Result<Scenario> scenario = openScenario(name, numpy);
    printReadNotes(scenario.notes());

    // The draft references the scenario's and the result's matrices: both outlive the writing.
    JsonDraft evidence;
    std::optional<Result<AttentionResult>> computed;
    int exitCode = ExitSuccess;
    if (!scenario) {
        if (scenario.error().category == ErrorCategory::FileError) {
            printError(scenario.error().describe());
            return ExitFileError;
        }
        evidence.values = buildErrorEvidence(scenario.error());
        printError(scenario.error().describe());
        exitCode = ExitInvalidScenario;
    } else {
        computed = computeAttention(scenario.value());
        // With several heads, the scenario computes only when every head does: a later head's
        // scores may overflow where the first head's do not. The heads computed here are the
        // ones the evidence writes (not computed a second time).
        std::shared_ptr<const Result<HeadsResult>> heads;
        if (*computed && scenario.value().hasSeveralHeads()) {
            heads = std::make_shared<const Result<HeadsResult>>(computeAllHeads(scenario.value()));
            if (!*heads)
                computed = heads->error();
        }
        const Result<AttentionResult> &result = *computed;
        if (result) {
            evidence = evidenceDraft(scenario.value(), &result.value(), nullptr, heads);
            // The lesson's evidence doubles as the notebook's own evidence file.
            if (scenarioName.isEmpty() || scenarioName == QLatin1String(kLessonScenarioId))
                addNotebookLessonKeys(evidence);
        } else {
            evidence = evidenceDraft(scenario.value(), nullptr, &result.error());
            printError(result.error().describe());
            exitCode = ExitInvalidScenario;
        }
    }

    if (const auto error = writeOutput(outputPath, evidence)) {
        printError(error->describe());
        return ExitFileError;
    }
    return exitCode;
}

int writeNumpyCommand(const QString &scenarioName, const QString &outputPath,
                      const NumpyReadOptions &numpy)
{
    const QString name = scenarioName.isEmpty() ? QLatin1String(kLessonScenarioId) : scenarioName;
    const Result<Scenario> scenario = openScenario(name, numpy);
    printReadNotes(scenario.notes());
    if (!scenario) {
        printError(scenario.error().describe());
        return scenario.error().category == ErrorCategory::FileError ? ExitFileError
                                                                     : ExitInvalidScenario;
    }
    if (const std::optional<Error> error = computeAndWriteNumpyResults(outputPath, scenario.value())) {
        if (error->category == ErrorCategory::FileError) {
            printError(error->describe());
            return ExitFileError;
        }
        printError(QStringLiteral("%1 (nothing was written to %2)").arg(error->describe(), outputPath));
        return ExitInvalidScenario;
    }
    return ExitSuccess;
}

int worseExitCode(int first, int second)
{
    const auto rank = [](int code) {
        return code == ExitFileError ? 2 : code == ExitSuccess ? 0 : 1;
    };
    return rank(second) > rank(first) ? second : first;
}

int listScenariosCommand()
{
    QTextStream out(stdout);
    const QList<BuiltinScenarioInfo> scenarios = builtinScenarios();
    int width = 0;
    for (const BuiltinScenarioInfo &info : scenarios)
        width = std::max(width, static_cast<int>(info.id.size()));
    for (const BuiltinScenarioInfo &info : scenarios)
        out << info.id.leftJustified(width + 2) << info.title << '\n';
    out.flush();
    return ExitSuccess;
}

QString fallbackEvidencePath(const QString &scenarioName)
{
    const QString id = scenarioName.isEmpty() ? QLatin1String(kLessonScenarioId)
                                              : QFileInfo(scenarioName).completeBaseName();
    return QDir(QStringLiteral("artifacts")).filePath(QStringLiteral("%1-evidence.json").arg(id));
}

} // namespace attnlens
