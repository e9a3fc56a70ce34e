#include "exportcommand.h"

#include "commandline.h"
#include "exitcode.h"
#include "headlesscommands.h"

#include "animationexporter.h"
#include "animationformat.h"
#include "animationmemory.h"
#include "animationplan.h"
#include "attention.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "mainwindow.h"
#include "scenarioreference.h"
#include "scenariosource.h"
#include "theme.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QTextStream>

#include <memory>

namespace attnlens {

namespace {

void printError(const QString &line)
{
    QTextStream(stderr) << "attnlens: " << line << Qt::endl;
}

std::optional<ColorMap::Kind> colorMapNamed(const QString &name)
{
    if (const auto kind = ColorMap::fromId(name))
        return kind;
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        if (ColorMap::id(kind).compare(name, Qt::CaseInsensitive) == 0)
            return kind;
    }
    return std::nullopt;
}

/// The query row `word` names: a number from 1, or a query's label as the views show it.
std::optional<int> queryNamed(const Scenario &scenario, const QString &word)
{
    bool isNumber = false;
    const int number = word.toInt(&isNumber);
    if (isNumber)
        return number >= 1 && number <= scenario.queryCount() ? std::optional<int>(number - 1) : std::nullopt;
    for (Index row = 0; row < scenario.queryCount(); ++row) {
        if (scenario.queryLabel(row) == word)
            return static_cast<int>(row);
    }
    return std::nullopt;
}

QString queryChoices(const Scenario &scenario)
{
    QStringList labels;
    for (Index row = 0; row < scenario.queryCount() && row < 8; ++row)
        labels.append(QStringLiteral("%1 = %2").arg(row + 1).arg(scenario.queryLabel(row)));
    if (scenario.queryCount() > 8)
        labels.append(QStringLiteral("…"));
    return labels.join(QStringLiteral(", "));
}

QString colorMapChoices()
{
    QStringList ids;
    for (ColorMap::Kind kind : ColorMap::allKinds())
        ids.append(ColorMap::id(kind));
    return ids.join(QStringLiteral(", "));
}

/// The figure options of one --export: its view and format, and the run's size, resolution,
/// theme and selection.
FigureOptions figureOptionsFor(const CommandLineRequest &request, const FigureExportRequest &figure,
                               Theme::Kind theme, bool showSelection)
{
    FigureOptions options;
    options.view = *figureViewFromId(figure.view);
    options.format = figureFormatFromPath(figure.path).value_or(FigureFormat::Png);
    options.size = request.figureSize;
    options.dpi = request.figureDpi.value_or(FigureOptions::kReferenceDpi);
    options.theme = theme;
    options.showSelection = showSelection;
    return options;
}

/// The run's exit code once every figure is written: the figures show a refused scenario's
/// refusal, and the exit code and one line say it too.
int exitCodeAfterFigures(int exitCode, const AttentionModel &model)
{
    if (exitCode == ExitSuccess && model.error()) {
        printError(model.error()->describe());
        return ExitInvalidScenario;
    }
    return exitCode;
}

/// The .npz of --npz, written from the heads the figures' model computed (no second reading of
/// the scenario, no second computation). A refused scenario writes nothing, as writeNumpyCommand().
int writeNumpyFromModel(const CommandLineRequest &request, const AttentionModel &model)
{
    if (request.npzPath.isEmpty())
        return ExitSuccess;
    if (const std::optional<Error> &error = model.error()) {
        printError(QStringLiteral("%1 (nothing was written to %2)").arg(error->describe(), request.npzPath));
        return ExitInvalidScenario;
    }
    // The model's own matrices, not a copy: 12 heads of 1,024 tokens are 200 MB.
    HeadsResultView heads;
    for (Index h = 0; h < model.headCount(); ++h)
        heads.heads.push_back(model.headResult(h));
    heads.concatenatedContext = model.concatenatedContext();
    return writeNumpyResultsReporting(request.npzPath, model.wholeScenario(), heads);
}

/// Every --export of the request as an animation of --animate: the frames drawn like the still
/// figures, the scenario as it was at the end.
int exportAnimations(const CommandLineRequest &request, AttentionModel *model, ViewState *viewState,
                     const FigureViews &views, Theme::Kind theme, std::optional<int> query)
{
    QString parseError;
    const auto plan = AnimationPlan::parse(request.animate, request.animationFrames, &parseError);
    if (!plan) {
        printError(parseError);
        return ExitUsage;
    }
    if (const auto problem = plan->check(*model)) {
        printError(QStringLiteral("bad --animate '%1': %2").arg(request.animate, *problem));
        return ExitUsage;
    }
    // Every animation's memory is estimated before the first is drawn: one too large for the
    // limit is a usage error, refused at once with what makes it fit.
    const FigureExporter still(model, viewState, views);
    const int frames = plan->frameCount(*model);
    for (const FigureExportRequest &figure : request.exports) {
        FigureOptions options = figureOptionsFor(request, figure, theme, query.has_value());
        options.format = FigureFormat::Png;
        if (options.size.isEmpty())
            options.size = still.defaultSize(options);
        if (still.validate(options))
            continue;  // the exporter names that problem itself
        const QSize pixels = options.pixelSize(options.size);
        const AnimationFormat format = animationFormatFromPath(figure.path).value_or(AnimationFormat::Gif);
        const qint64 need = AnimationMemory::estimate(format, frames, pixels);
        const qint64 limit = AnimationMemory::limit();
        if (need > limit) {
            const bool fromEnvironment = !qEnvironmentVariableIsEmpty("ATTNLENS_ANIMATION_MEMORY_MIB");
            printError(QStringLiteral("--export %1=%2: %3 frames of %4 × %5 pixels would need about %6 of memory, "
                                      "more than the %7 an animation may use (%8); use fewer --frames, a "
                                      "smaller --size or --dpi %9")
                           .arg(figure.view, figure.path)
                           .arg(frames)
                           .arg(pixels.width())
                           .arg(pixels.height())
                           .arg(AnimationMemory::describe(need), AnimationMemory::describe(limit),
                                fromEnvironment ? QStringLiteral("ATTNLENS_ANIMATION_MEMORY_MIB")
                                                : QStringLiteral("half of this computer's memory"))
                           .arg(FigureOptions::kReferenceDpi));
            return ExitUsage;
        }
    }
    AnimationExporter exporter(model, viewState, views);
    int exitCode = ExitSuccess;
    for (const FigureExportRequest &figure : request.exports) {
        AnimationOptions options;
        options.figure = figureOptionsFor(request, figure, theme, query.has_value());
        options.format = animationFormatFromPath(figure.path).value_or(AnimationFormat::Gif);
        options.framesPerSecond = request.framesPerSecond.value_or(AnimationOptions::kDefaultFramesPerSecond);
        // A moving figure says what it shows: the temperature and the mask of each frame.
        options.captionEachFrame = true;
        if (const auto error = exporter.exportAnimation(*plan, options, figure.path)) {
            printError(*error);
            exitCode = ExitFileError;
        }
    }
    // The animation leaves the model at its last frame: the .npz is of the scenario as read.
    if (request.npzPath.isEmpty())
        return exitCodeAfterFigures(exitCode, *model);
    NumpyReadOptions numpy;
    if (request.batch)
        numpy.batch = *request.batch - 1;  // --batch counts from 1
    return worseExitCode(exitCodeAfterFigures(exitCode, *model),
                         writeNumpyCommand(request.scenario, request.npzPath, numpy));
}

} // namespace

int exportFiguresCommand(const CommandLineRequest &request)
{
    // The parser knows the views by name only; the figure code is the authority.
    for (const FigureExportRequest &figure : request.exports) {
        if (!figureViewFromId(figure.view)) {
            printError(QStringLiteral("unknown view '%1'").arg(figure.view));
            return ExitUsage;
        }
    }
    ColorMap::Kind colorMap = ColorMap::Kind::YlGnBu;
    if (!request.colorMap.isEmpty()) {
        const auto kind = colorMapNamed(request.colorMap);
        if (!kind) {
            printError(QStringLiteral("unknown colour map '%1' for --colormap (choose from %2)")
                           .arg(request.colorMap, colorMapChoices()));
            return ExitUsage;
        }
        colorMap = *kind;
    }

    const QString name = request.scenario.isEmpty() ? QLatin1String(kLessonScenarioId) : request.scenario;
    NumpyReadOptions numpy;
    if (request.batch)
        numpy.batch = *request.batch - 1;  // --batch counts from 1
    // Stamped before reading: a PNG of a large scenario refers to this file instead of carrying
    // the scenario, when the file is still as it was read (a NumPy capture is never referred to).
    const std::optional<ScenarioFileStamp> scenarioFile =
        isNumpyPath(name) ? std::nullopt : scenarioFileBehind(name);
    const Result<Scenario> scenario = openScenario(name, numpy);
    printReadNotes(scenario.notes());
    if (!scenario) {
        printError(scenario.error().describe());
        return scenario.error().category == ErrorCategory::FileError ? ExitFileError : ExitInvalidScenario;
    }

    std::optional<int> query;
    if (!request.query.isEmpty()) {
        query = queryNamed(scenario.value(), request.query);
        if (!query) {
            printError(QStringLiteral("bad --query '%1': choose a query of %2 by number (1 to %3) "
                                      "or by label (%4)")
                           .arg(request.query, name)
                           .arg(scenario.value().queryCount())
                           .arg(queryChoices(scenario.value())));
            return ExitUsage;
        }
    }
    // --head N (from 1) chooses the head the figures show; the PNG carries every head anyway.
    const Index headCount = scenario.value().headCount();
    const int head = request.head.value_or(1);
    if (head < 1 || head > headCount) {
        printError(headCount == 1
                       ? QStringLiteral("bad --head %1: %2 has 1 head (use --head 1 or leave it out)")
                             .arg(head)
                             .arg(name)
                       : QStringLiteral("bad --head %1: %2 has %3 heads (choose 1 to %3)")
                             .arg(head)
                             .arg(name)
                             .arg(headCount));
        return ExitUsage;
    }
    // Figures are drawn in the light theme unless --theme asks for another.
    const Theme::Kind theme = Theme::fromId(request.theme).value_or(Theme::Kind::Light);

    // The whole window needs the window; the views alone need only the model and view state.
    bool wantsWindow = false;
    for (const FigureExportRequest &figure : request.exports)
        wantsWindow = wantsWindow || figure.view == QLatin1String("window");
    std::unique_ptr<MainWindow> window;
    std::unique_ptr<AttentionModel> ownModel;
    std::unique_ptr<ViewState> ownViewState;
    AttentionModel *model = nullptr;
    ViewState *viewState = nullptr;
    if (wantsWindow) {
        window = std::make_unique<MainWindow>();
        window->setAttribute(Qt::WA_DontShowOnScreen, true);
        // Opened untitled: an export does not add its file to the user's recent files.
        window->openScenario(scenario.value(), QFileInfo::exists(name) ? QString() : name);
        model = window->model();
        viewState = window->viewState();
    } else {
        ownModel = std::make_unique<AttentionModel>();
        ownViewState = std::make_unique<ViewState>();
        ownModel->setScenario(scenario.value());
        model = ownModel.get();
        viewState = ownViewState.get();
    }
    model->selectHead(head - 1);
    // The command line draws the same figure on every machine, whatever the window remembers.
    viewState->setColorMapKind(colorMap);
    viewState->setShowValues(request.showValues.value_or(true));
    viewState->setHeatmapQuantity(ViewState::HeatmapQuantity::Weights);
    // --query chooses the query on purpose; without it the per-query views show the first and
    // the heatmap outlines no row.
    viewState->setSelectedQuery(query.value_or(0));
    if (window) {
        // The window's own theme (its ThemeController applies it, token colours and all); the
        // theme saved by View > Theme is left as it is.
        viewState->setThemeKind(theme);
        window->resize(request.figureSize.isEmpty() ? QSize(1280, 720) : request.figureSize);
        window->show();
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
    QCoreApplication::processEvents();

    const FigureViews views = window ? window->figureViews() : FigureViews();
    if (!request.animate.isEmpty())
        return exportAnimations(request, model, viewState, views, theme, query);

    FigureExporter exporter(model, viewState, views);
    exporter.setScenarioFile(scenarioFile);
    int exitCode = ExitSuccess;
    for (const FigureExportRequest &figure : request.exports) {
        const FigureOptions options = figureOptionsFor(request, figure, theme, query.has_value());
        if (const auto error = exporter.exportFigure(options, figure.path)) {
            printError(*error);
            exitCode = ExitFileError;
        }
    }
    return worseExitCode(exitCodeAfterFigures(exitCode, *model), writeNumpyFromModel(request, *model));
}

} // namespace attnlens
