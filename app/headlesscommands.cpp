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
                         const NumpyReadOptions &numpy, const QString &npzPath)
{
    const QString name = scenarioName.isEmpty() ? QLatin1String(kLessonScenarioId) : scenarioName;
    const Result<Scenario> scenario = openScenario(name, numpy);
    printReadNotes(scenario.notes());

    // The draft references the scenario's and the results' matrices: all outlive the writing.
    JsonDraft evidence;
    std::optional<Result<AttentionResult>> computed;
    std::shared_ptr<const Result<HeadsResult>> heads;
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
        // Every head is computed once for the whole run. With several heads, the scenario
        // computes only when every head does (a later head's scores may overflow where the
        // first head's do not), and the evidence writes every head's numbers; the .npz of
        // --npz is written from the same numbers. The engine reports the first head that fails,
        // so head 1's refusal is the one computeAttention() gives.
        const AttentionResult *result = nullptr;
        const Error *error = nullptr;
        if (scenario.value().hasSeveralHeads() || !npzPath.isEmpty()) {
            heads = std::make_shared<const Result<HeadsResult>>(computeAllHeads(scenario.value()));
            if (*heads)
                result = &heads->value().heads.front();
            else
                error = &heads->error();
        } else {
            computed = computeAttention(scenario.value());
            if (*computed)
                result = &computed->value();
            else
                error = &computed->error();
        }
        if (result) {
            evidence = evidenceDraft(scenario.value(), result, nullptr, heads);
            // The lesson's evidence doubles as the notebook's own evidence file.
            if (scenarioName.isEmpty() || scenarioName == QLatin1String(kLessonScenarioId))
                addNotebookLessonKeys(evidence);
        } else {
            evidence = evidenceDraft(scenario.value(), nullptr, error);
            printError(error->describe());
            exitCode = ExitInvalidScenario;
        }
    }

    if (const auto error = writeOutput(outputPath, evidence)) {
        printError(error->describe());
        exitCode = ExitFileError;
    }
    if (npzPath.isEmpty() || !scenario)
        return exitCode;
    if (!*heads) {
        printError(QStringLiteral("%1 (nothing was written to %2)").arg(heads->error().describe(), npzPath));
        return worseExitCode(exitCode, ExitInvalidScenario);
    }
    return worseExitCode(exitCode, writeNumpyResultsReporting(npzPath, scenario.value(),
                                                                  HeadsResultView::of(heads->value())));
}

namespace {

/// A NumPy results write's outcome as an exit code, its error (if any) printed.
int numpyWriteExitCode(const std::optional<Error> &error, const QString &outputPath)
{
    if (!error)
        return ExitSuccess;
    if (error->category == ErrorCategory::FileError) {
        printError(error->describe());
        return ExitFileError;
    }
    printError(QStringLiteral("%1 (nothing was written to %2)").arg(error->describe(), outputPath));
    return ExitInvalidScenario;
}

} // namespace

int writeNumpyResultsReporting(const QString &outputPath, const Scenario &scenario,
                               const HeadsResultView &heads)
{
    return numpyWriteExitCode(writeNumpyResults(outputPath, scenario, heads), outputPath);
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
    return numpyWriteExitCode(computeAndWriteNumpyResults(outputPath, scenario.value()), outputPath);
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
