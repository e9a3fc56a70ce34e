#pragma once

#include <QList>
#include <QSize>
#include <QString>
#include <QStringList>

#include <optional>

namespace attnlens {

/// One `--export VIEW=FILE` of the command line.
struct FigureExportRequest {
    QString view;  ///< "heatmap", "keyspace", "weights", "context", "mask", "numbers" or "window"
    QString path;  ///< ends in .png, .svg or .pdf; with --animate .gif, .webp, .apng or .png (APNG)
};

/// What the user asked the attnlens executable to do.
struct CommandLineRequest {
    enum class Action { OpenWindow, WriteEvidence, ExportFigures, WriteNumpy, ListScenarios, ShowHelp, ShowVersion };

    Action action = Action::OpenWindow;
    QString scenario;      ///< a file or a built-in id; empty means the notebook lesson
    QString evidencePath;  ///< "-" is standard output
    /// --npz: where the inputs and every head's results go as a NumPy .npz; empty when not asked.
    /// Alone it is the action (WriteNumpy); beside --evidence or --export it is written as well.
    QString npzPath;
    QString usageError;    ///< non-empty when the words do not form a valid request

    QList<FigureExportRequest> exports;
    QSize figureSize;                 ///< --size; empty: each view's own size
    std::optional<double> figureDpi;  ///< --dpi (PNG only)
    QString colorMap;                 ///< --colormap, checked against the colour maps when used
    std::optional<bool> showValues;   ///< --values on|off
    /// --query: the query a figure highlights on purpose (the heatmap outlines its row, the
    /// per-query views show it): a number from 1 or a query's label, checked against the
    /// scenario when the figures are drawn. Empty: no row outlined, the per-query views show
    /// query 1.
    QString query;
    /// --head N: the head the figures show, from 1 (default 1); checked against the scenario's
    /// head count when the figures are drawn.
    std::optional<int> head;
    /// --batch N: the example of a NumPy capture with a batch dimension (q of shape
    /// (B, H, N, d)), from 1 like --head; for the window, --evidence and --export alike. Checked
    /// against the capture by checkBatchChoice() before anything is read.
    std::optional<int> batch;
    /// --theme: "light", "dark" or "projector" (lower case). For the window, this run's theme;
    /// for --export, the figures' theme (default light). Empty when not given.
    QString theme;

    /// --animate SPEC: every --export of the run is an animation of SPEC (AnimationPlan::parse,
    /// checked here for its syntax and against the scenario when the frames are drawn). Empty
    /// when not given.
    QString animate;
    std::optional<int> animationFrames;  ///< --frames N (2..1000), only with --animate
    std::optional<int> framesPerSecond;  ///< --fps N (1..60, default 15), only with --animate

    std::optional<int> lessonStep;    ///< --lesson N: open the window at lesson step N (1-based)
    QString language;                 ///< --lang: "en" or "zh_TW"; empty: saved choice, then system locale
};

/// The languages `--lang` accepts, in the order the help lists them ("en", "zh_TW").
QStringList languageWords();

/// The themes `--theme` accepts ("light", "dark", "projector"), as Theme::ids() names them.
QStringList themeWords();

/// The views `--export` accepts, in the order the help lists them.
QStringList figureViewWords();

/// Parses the arguments (without the program name). Never exits and needs no QCoreApplication,
/// so main() can choose between a GUI and a headless application afterwards.
CommandLineRequest parseCommandLine(const QStringList &arguments);

/// The usage error of a --batch that the named capture cannot take (not a NumPy capture, no
/// batch dimension, N beyond B), read from the header of its q array; empty when --batch is
/// absent or fits, and when the capture cannot be read at all (opening it reports that).
QString checkBatchChoice(const CommandLineRequest &request);

/// The text printed by --help.
QString commandLineHelp();

} // namespace attnlens
