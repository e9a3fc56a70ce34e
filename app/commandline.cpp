#include "commandline.h"

#include "animationplan.h"
#include "lesson.h"
#include "numpyscenario.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRegularExpression>

namespace attnlens {

namespace {

// The figure limits of ui/figureoptions.h (FigureOptions::kMinimumSide, ...), repeated here
// because this parser links no widgets; the figure code checks them again when it draws.
constexpr int kMinimumSide = 64;
constexpr int kMaximumSide = 16384;
constexpr double kMinimumDpi = 24.0;
constexpr double kMaximumDpi = 1200.0;

struct Parser {
    QCommandLineParser parser;
    QCommandLineOption evidence{QStringList{QStringLiteral("evidence")},
                                QStringLiteral("Compute the scenario and write its evidence JSON "
                                               "to OUT (\"-\" for standard output); no window."),
                                QStringLiteral("OUT")};
    QCommandLineOption npz{QStringList{QStringLiteral("npz")},
                           QStringLiteral("Compute the scenario and write its inputs and every "
                                          "head's scores, weights and context as a NumPy .npz "
                                          "(read it with np.load); no window. Combines with "
                                          "--evidence and --export."),
                           QStringLiteral("OUT.npz")};
    QCommandLineOption exportFigure{
        QStringList{QStringLiteral("export")},
        QStringLiteral("Save VIEW as a figure in FILE, no window or display needed; repeatable. "
                       "Views: heatmap, keyspace, weights, context, mask, numbers, heads (every "
                       "head side by side), bottleneck (the fixed-context lab), sqrt-dk (the √d_k lab), "
                       "scores (the score-function lab: a query scoring every key), derivation (where Q, "
                       "K and V come from: the tokens and projections of a derived scenario), window. The "
                       "suffix chooses the format: .png, .svg or .pdf; with --animate .gif, .webp "
                       "(lossless) or .apng (a .png is an animated PNG too)."),
        QStringLiteral("VIEW=FILE")};
    QCommandLineOption size{QStringList{QStringLiteral("size")},
                            QStringLiteral("Figure size in logical pixels, e.g. 1600x1200 "
                                           "(default: each view's own size; the window 1280x720)."),
                            QStringLiteral("WxH")};
    QCommandLineOption dpi{QStringList{QStringLiteral("dpi")},
                           QStringLiteral("PNG resolution: 96 is 1x, 192 is 2x, 300 for print "
                                          "(more pixels, same picture). Default 96."),
                           QStringLiteral("N")};
    QCommandLineOption colorMap{QStringList{QStringLiteral("colormap")},
                                QStringLiteral("Heatmap colour map: YlGnBu (default), viridis, "
                                               "cividis or grayscale."),
                                QStringLiteral("NAME")};
    QCommandLineOption values{QStringList{QStringLiteral("values")},
                              QStringLiteral("Write the numbers in the heatmap cells (default on)."),
                              QStringLiteral("on|off")};
    QCommandLineOption query{QStringList{QStringLiteral("query")},
                             QStringLiteral("The query the figures highlight: a number from 1 or "
                                            "a query's label. The heatmap outlines its row, the "
                                            "per-query views show it. Default: no row outlined, "
                                            "query 1 shown."),
                             QStringLiteral("N")};
    QCommandLineOption head{QStringList{QStringLiteral("head")},
                            QStringLiteral("The head the figures show, from 1 (default 1), for a "
                                           "scenario with several heads. A PNG still carries "
                                           "every head."),
                            QStringLiteral("N")};
    QCommandLineOption batch{QStringList{QStringLiteral("batch")},
                             QStringLiteral("The example to open from a NumPy capture whose q is "
                                            "(B, H, N, d), from 1 (default 1); for the window, "
                                            "--evidence and --export."),
                             QStringLiteral("N")};
    QCommandLineOption theme{QStringList{QStringLiteral("theme")},
                             QStringLiteral("light, dark or projector: the window's theme for this "
                                            "run (View > Theme keeps its saved choice), or the "
                                            "figures' theme with --export (default light)."),
                             QStringLiteral("NAME")};
    QCommandLineOption animate{
        QStringList{QStringLiteral("animate")},
        QStringLiteral("Make every --export an animation of SPEC: temperature=FROM:TO (a "
                       "logarithmic sweep, both ends included), query=N:X,Y[:X,Y...] (query N "
                       "moves from where it is through the points of the key plane, its first two "
                       "components), query=N:circle (a full turn on the circle through the keys) or "
                       "mask=causal (the causal mask filled row by row)."),
        QStringLiteral("SPEC")};
    QCommandLineOption frames{QStringList{QStringLiteral("frames")},
                              QStringLiteral("Frames of the animation, 2 to 1000 (default 60; "
                                             "mask=causal: one per query row plus the start)."),
                              QStringLiteral("N")};
    QCommandLineOption fps{QStringList{QStringLiteral("fps")},
                           QStringLiteral("Frames per second of the animation, 1 to 60 (default 15)."),
                           QStringLiteral("N")};
    QCommandLineOption lesson{QStringList{QStringLiteral("lesson")},
                              QStringLiteral("Open the window with the guided lesson at step N "
                                             "(1 = the first step; see Help > Start the Lesson)."),
                              QStringLiteral("N")};
    QCommandLineOption language{QStringList{QStringLiteral("lang")},
                                QStringLiteral("Interface and lesson language: en or zh_TW "
                                               "(default: View > Language, else the system locale)."),
                                QStringLiteral("LANG")};
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
        parser.addOptions({evidence, npz, exportFigure, size, dpi, colorMap, values, query, head, batch, theme, animate,
                           frames, fps, lesson,
                           language, listScenarios, help, version});
        parser.addPositionalArgument(
            QStringLiteral("SCENARIO"),
            QStringLiteral("A scenario file (.json), a NumPy capture (.npz, .npy or a folder of "
                           ".npy files) or a built-in scenario name; the notebook lesson when "
                           "omitted."),
            QStringLiteral("[SCENARIO]"));
    }
};

/// A whole number from `minimum` to `maximum`, or nullopt.
std::optional<int> numberInRange(const QString &word, int minimum, int maximum)
{
    bool ok = false;
    const int number = word.trimmed().toInt(&ok);
    if (!ok || number < minimum || number > maximum)
        return std::nullopt;
    return number;
}

/// Reads --animate, --frames and --fps into `request`; returns the usage error, if any.
QString parseAnimationOptions(const Parser &p, CommandLineRequest &request)
{
    if (p.parser.isSet(p.frames)) {
        const QString word = p.parser.value(p.frames);
        request.animationFrames = numberInRange(word, AnimationPlan::kMinimumFrames, AnimationPlan::kMaximumFrames);
        if (!request.animationFrames) {
            return QStringLiteral("bad --frames '%1': expected a number of frames from %2 to %3")
                .arg(word)
                .arg(AnimationPlan::kMinimumFrames)
                .arg(AnimationPlan::kMaximumFrames);
        }
    }
    if (p.parser.isSet(p.fps)) {
        const QString word = p.parser.value(p.fps);
        request.framesPerSecond = numberInRange(word, 1, 60);
        if (!request.framesPerSecond)
            return QStringLiteral("bad --fps '%1': expected frames per second from 1 to 60").arg(word);
    }
    if (!p.parser.isSet(p.animate)) {
        for (const QCommandLineOption *option : {&p.frames, &p.fps}) {
            if (p.parser.isSet(*option))
                return QStringLiteral("--%1 only applies to --animate").arg(option->names().constFirst());
        }
        return QString();
    }
    request.animate = p.parser.value(p.animate);
    QString error;
    if (!AnimationPlan::parse(request.animate, request.animationFrames, &error))
        return error;
    return QString();
}

/// Reads the figure options into `request`; returns the usage error, if any.
QString parseFigureOptions(const Parser &p, CommandLineRequest &request)
{
    const QStringList views = figureViewWords();
    for (const QString &value : p.parser.values(p.exportFigure)) {
        const int equals = value.indexOf(QLatin1Char('='));
        if (equals <= 0 || equals == value.size() - 1) {
            return QStringLiteral("--export expects VIEW=FILE, got '%1' (views: %2)")
                .arg(value, views.join(QStringLiteral(", ")));
        }
        const QString view = value.left(equals);
        const QString path = value.mid(equals + 1);
        if (!views.contains(view)) {
            return QStringLiteral("unknown view '%1' in --export %2 (views: %3)")
                .arg(view, value, views.join(QStringLiteral(", ")));
        }
        const QString suffix = QFileInfo(path).suffix();
        const QString lower = suffix.toLower();
        const QString shown = suffix.isEmpty() ? QStringLiteral("(none)") : QLatin1Char('.') + suffix;
        const bool animated = p.parser.isSet(p.animate);
        const bool still = lower == QLatin1String("png") || lower == QLatin1String("svg") || lower == QLatin1String("pdf");
        const bool moving = lower == QLatin1String("gif") || lower == QLatin1String("webp")
            || lower == QLatin1String("apng") || lower == QLatin1String("png");
        if (animated && !moving) {
            return QStringLiteral("--animate needs an animated format, not '%1' in --export %2 (use .gif, "
                                  ".webp, .apng or .png)")
                .arg(shown, value);
        }
        if (!animated && !still) {
            if (moving) {
                return QStringLiteral("--export %1 is an animation: add --animate SPEC (or use .png, .svg or "
                                      ".pdf for a still figure)")
                    .arg(value);
            }
            return QStringLiteral("unknown file suffix '%1' in --export %2 (use .png, .svg or .pdf)").arg(shown, value);
        }
        request.exports.append(FigureExportRequest{view, path});
    }

    if (p.parser.isSet(p.size)) {
        const QString word = p.parser.value(p.size);
        static const QRegularExpression pattern(QStringLiteral("^(\\d{1,6})[xX\u00d7](\\d{1,6})$"));
        const QRegularExpressionMatch match = pattern.match(word);
        const int width = match.hasMatch() ? match.captured(1).toInt() : 0;
        const int height = match.hasMatch() ? match.captured(2).toInt() : 0;
        if (!match.hasMatch() || width < kMinimumSide || height < kMinimumSide || width > kMaximumSide
            || height > kMaximumSide) {
            return QStringLiteral("bad --size '%1': expected WIDTHxHEIGHT in logical pixels, each "
                                  "from %2 to %3, e.g. 1600x1200")
                .arg(word)
                .arg(kMinimumSide)
                .arg(kMaximumSide);
        }
        request.figureSize = QSize(width, height);
    }
    if (p.parser.isSet(p.dpi)) {
        const QString word = p.parser.value(p.dpi);
        bool ok = false;
        const double dpi = word.toDouble(&ok);
        if (!ok || !(dpi >= kMinimumDpi && dpi <= kMaximumDpi)) {
            return QStringLiteral("bad --dpi '%1': expected a number from %2 to %3, e.g. 300")
                .arg(word)
                .arg(kMinimumDpi)
                .arg(kMaximumDpi);
        }
        request.figureDpi = dpi;
    }
    if (p.parser.isSet(p.colorMap)) {
        request.colorMap = p.parser.value(p.colorMap);
        if (request.colorMap.isEmpty())
            return QStringLiteral("--colormap needs a name: YlGnBu, viridis, cividis or grayscale");
    }
    if (p.parser.isSet(p.values)) {
        const QString word = p.parser.value(p.values);
        if (word.compare(QLatin1String("on"), Qt::CaseInsensitive) == 0)
            request.showValues = true;
        else if (word.compare(QLatin1String("off"), Qt::CaseInsensitive) == 0)
            request.showValues = false;
        else
            return QStringLiteral("bad --values '%1': expected on or off").arg(word);
    }
    if (p.parser.isSet(p.query)) {
        const QString word = p.parser.value(p.query).trimmed();
        bool isNumber = false;
        const int number = word.toInt(&isNumber);
        if (word.isEmpty() || (isNumber && number < 1)) {
            return QStringLiteral("bad --query '%1': expected a query number from 1 or a query's "
                                  "label")
                .arg(p.parser.value(p.query));
        }
        request.query = word;
    }
    if (p.parser.isSet(p.head)) {
        const QString word = p.parser.value(p.head).trimmed();
        bool isNumber = false;
        const int number = word.toInt(&isNumber);
        if (!isNumber || number < 1)
            return QStringLiteral("bad --head '%1': expected a head number from 1").arg(p.parser.value(p.head));
        request.head = number;
    }
    if (const QString error = parseAnimationOptions(p, request); !error.isEmpty())
        return error;
    if (request.exports.isEmpty()) {
        for (const QCommandLineOption *option :
             {&p.size, &p.dpi, &p.colorMap, &p.values, &p.query, &p.head, &p.animate, &p.frames, &p.fps}) {
            if (p.parser.isSet(*option))
                return QStringLiteral("--%1 only applies to --export").arg(option->names().constFirst());
        }
    }
    return QString();
}

} // namespace

QStringList figureViewWords()
{
    return {QStringLiteral("heatmap"), QStringLiteral("keyspace"), QStringLiteral("weights"),
            QStringLiteral("context"), QStringLiteral("mask"),     QStringLiteral("numbers"),
            QStringLiteral("heads"),   QStringLiteral("bottleneck"), QStringLiteral("sqrt-dk"),
            QStringLiteral("scores"),  QStringLiteral("derivation"), QStringLiteral("window")};
}

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

    const int exclusive = int(p.parser.isSet(p.evidence)) + int(p.parser.isSet(p.exportFigure))
        + int(p.parser.isSet(p.listScenarios)) + int(p.parser.isSet(p.help))
        + int(p.parser.isSet(p.version));
    if (exclusive > 1) {
        request.usageError = QStringLiteral(
            "--evidence, --export, --list-scenarios, --help and --version exclude each other");
        return request;
    }
    request.usageError = parseFigureOptions(p, request);
    if (!request.usageError.isEmpty())
        return request;
    if (p.parser.isSet(p.batch)) {
        const QString word = p.parser.value(p.batch).trimmed();
        bool isNumber = false;
        const int number = word.toInt(&isNumber);
        if (!isNumber || number < 1) {
            request.usageError = QStringLiteral("bad --batch '%1': expected an example number from 1")
                                     .arg(p.parser.value(p.batch));
            return request;
        }
        if (request.scenario.isEmpty()) {
            request.usageError = QStringLiteral("--batch chooses an example of a NumPy capture; name the "
                                                "capture (.npz, .npy or a folder of .npy files)");
            return request;
        }
        request.batch = number;
    }
    if (p.parser.isSet(p.theme)) {
        const QString word = p.parser.value(p.theme);
        if (!themeWords().contains(word.toLower())) {
            request.usageError = QStringLiteral("bad --theme '%1': expected one of %2")
                                     .arg(word, themeWords().join(QStringLiteral(", ")));
            return request;
        }
        request.theme = word.toLower();
    }
    if (p.parser.isSet(p.language)) {
        const QString word = p.parser.value(p.language);
        if (!languageWords().contains(word)) {
            request.usageError = QStringLiteral("bad --lang '%1': expected one of %2")
                                     .arg(word, languageWords().join(QStringLiteral(", ")));
            return request;
        }
        request.language = word;
    }
    if (p.parser.isSet(p.lesson)) {
        const QString word = p.parser.value(p.lesson);
        bool ok = false;
        const int step = word.toInt(&ok);
        const int last = Lesson::stepCount();
        if (!ok || step < 1 || step > last) {
            request.usageError = QStringLiteral("bad --lesson '%1': expected a step number from 1 to %2")
                                     .arg(word)
                                     .arg(last);
            return request;
        }
        if (exclusive > 0 || p.parser.isSet(p.npz)) {
            request.usageError = QStringLiteral(
                "--lesson opens the window; it cannot be combined with --evidence, --npz, "
                "--export, --list-scenarios, --help or --version");
            return request;
        }
        if (!request.scenario.isEmpty()) {
            request.usageError = QStringLiteral("--lesson loads the lesson's own scenarios; drop %1 "
                                                "or drop --lesson")
                                     .arg(request.scenario);
            return request;
        }
        request.lessonStep = step;
    }

    if (p.parser.isSet(p.npz)) {
        request.npzPath = p.parser.value(p.npz);
        if (p.parser.isSet(p.listScenarios) || p.parser.isSet(p.help) || p.parser.isSet(p.version)) {
            request.usageError = QStringLiteral(
                "--npz writes a scenario's results; it cannot be combined with --list-scenarios, "
                "--help or --version");
            return request;
        }
        if (request.npzPath.isEmpty() || request.npzPath == QLatin1String("-")) {
            request.usageError = QStringLiteral("--npz needs an output file ending in .npz "
                                                "(standard output cannot hold a ZIP archive)");
            return request;
        }
        if (QFileInfo(request.npzPath).suffix().toLower() != QLatin1String("npz")) {
            request.usageError = QStringLiteral("--npz expects a file ending in .npz, got '%1'")
                                     .arg(request.npzPath);
            return request;
        }
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
    } else if (!request.exports.isEmpty()) {
        request.action = CommandLineRequest::Action::ExportFigures;
    } else if (!request.npzPath.isEmpty()) {
        request.action = CommandLineRequest::Action::WriteNumpy;
    }
    if (request.action != CommandLineRequest::Action::OpenWindow
        && request.action != CommandLineRequest::Action::WriteEvidence
        && request.action != CommandLineRequest::Action::ExportFigures
        && request.action != CommandLineRequest::Action::WriteNumpy && !request.scenario.isEmpty()) {
        request.usageError = QStringLiteral("unexpected argument: %1").arg(request.scenario);
    }
    return request;
}

QString checkBatchChoice(const CommandLineRequest &request)
{
    if (!request.batch)
        return QString();
    const int batch = *request.batch;
    const QString &name = request.scenario;
    if (!QFileInfo::exists(name) || !isNumpyPath(name)) {
        return QStringLiteral("bad --batch %1: %2 is not a NumPy capture (.npz, .npy or a folder of "
                              ".npy files), so it has no examples to choose from")
            .arg(batch)
            .arg(name);
    }
    const Result<NumpyBatchInfo> info = readNumpyBatchInfo(name);
    if (!info)
        return QString();  // opening the capture reports why it cannot be read
    if (!info.value().hasBatch) {
        return QStringLiteral("bad --batch %1: %2 has no batch dimension (q is %3; a batch comes "
                              "first, as in (B, H, N, d)); leave --batch out")
            .arg(batch)
            .arg(name, info.value().queryShape);
    }
    const Index count = info.value().batchCount;
    if (batch > count) {
        return count == 1 ? QStringLiteral("bad --batch %1: %2 has 1 example (use --batch 1 or leave it out)")
                                .arg(batch)
                                .arg(name)
                          : QStringLiteral("bad --batch %1: %2 has %3 examples (choose 1 to %3)")
                                .arg(batch)
                                .arg(name)
                                .arg(count);
    }
    return QString();
}

QStringList themeWords()
{
    // Theme::ids() of ui/theme.h, repeated because this parser links no widgets; exportcommand
    // and main() turn the word into the theme with Theme::fromId().
    return {QStringLiteral("light"), QStringLiteral("dark"), QStringLiteral("projector")};
}

QStringList languageWords()
{
    return {QStringLiteral("en"), QStringLiteral("zh_TW")};
}

QString commandLineHelp()
{
    Parser p;
    QString text = p.parser.helpText();
    text += QStringLiteral(
        "\nUsage:\n"
        "  attnlens [SCENARIO]                       open the window\n"
        "  attnlens --lesson N                       open the window at step N of the lesson\n"
        "  attnlens --evidence OUT.json [SCENARIO]   write evidence, no window or display needed\n"
        "  attnlens --npz OUT.npz [SCENARIO]         write inputs and results for NumPy, no window\n"
        "  attnlens --export VIEW=FILE [--export VIEW=FILE ...] [SCENARIO]\n"
        "           [--size WxH] [--dpi N] [--colormap NAME] [--values on|off]\n"
        "           [--theme light|dark|projector] [--query N] [--head N]\n"
        "                                            save figures, no window or display needed\n"
        "  attnlens --export VIEW=FILE.gif|.webp|.apng --animate SPEC [--frames N] [--fps N]\n"
        "           [figure options] [SCENARIO]      save animated figures, no display needed\n"
        "  attnlens --list-scenarios | --help | --version\n"
        "  attnlens --lang zh_TW [...]               the window and figures in Traditional Chinese\n"
        "  attnlens --theme light|dark|projector [...]  the window (or the figures) in that theme\n"
        "\nExample:\n"
        "  attnlens --export heatmap=out.png --export weights=w.svg --export context=c.pdf \\\n"
        "           three-queries --size 1600x1200 --dpi 300 --colormap viridis --query 2\n"
        "\nAnimations: --animate temperature=0.1:10 --frames 60 --export heatmap=t.gif sweeps the\n"
        "temperature; --animate query=1:1,0:0,1 --export window=q.gif moves query 1 from where it\n"
        "is through (1, 0) to (0, 1); query=2:circle turns query 2 once around the keys;\n"
        "mask=causal fills the causal mask row by row. The suffix chooses the format: .gif (one\n"
        "palette for the whole animation), .webp (lossless) or .apng (a .png with --animate is an\n"
        "animated PNG too). Each frame is captioned with its temperature and mask; --size\n"
        "includes the caption. The scenario itself is not changed.\n"
        "\nFigures show no hover, focus or selection: --query N outlines query N's row in the\n"
        "heatmap on purpose (N from 1, or the query's label) and makes the weights, context,\n"
        "key space and worked numbers show that query (query 1 without --query). Figures are\n"
        "drawn in the light theme unless --theme says otherwise.\n"
        "\nA scenario with several heads: --head N (from 1, default 1) chooses the head the\n"
        "figures show; their titles and captions name it. --evidence writes every head.\n"
        "\n--npz OUT.npz writes q, k, v (H, N, d), allowed, the tokens, temperature, head_names,\n"
        "scores, weights, context (H, ...) and concatenated_context as float64, bool and unicode\n"
        "arrays; in Python: r = np.load(\"OUT.npz\"); r[\"weights\"][0] is head 1's weights.\n"
        "It can be given with --evidence or --export to write both. A refused scenario writes\n"
        "no .npz.\n"
        "\nA NumPy capture (.npz, .npy, or a folder of .npy files) holding q, k, v of shape\n"
        "(B, H, N, d): --batch N (from 1, default 1) chooses the example, for the window,\n"
        "--evidence and --export alike.\n"
        "\nA PNG figure carries its scenario, every head of it: open it with attnlens to get the\n"
        "scenario back.\n"
        "\nIn the window, F5 starts presentation mode: full screen, projector theme, big text;\n"
        "Ctrl +/- change the text size, Esc leaves.\n"
        "\nExit codes: 0 done; 2 the scenario is invalid (the evidence file still holds the "
        "error;\nfigures of a refused scenario are still written and show the refusal; no .npz "
        "is written);\n3 a file could not be read or written; 64 bad usage.\n");
    return text;
}

} // namespace attnlens
