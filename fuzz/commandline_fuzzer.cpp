// libFuzzer harness for the command-line parser (app/commandline.cpp). The input is split at
// zero bytes into arguments (UTF-8). Every parse either names a usage error or gives a request
// that the rest of main() can carry out as it is: an action that matches its options, only
// known views, suffixes, themes and languages, a lesson step in range; and parsing is
// deterministic.
#include "fuzzchecks.h"

#include "animationplan.h"
#include "commandline.h"
#include "lesson.h"

#include <QFileInfo>

#include <cmath>
#include <cstddef>
#include <cstdint>

namespace {

using attnlens::CommandLineRequest;
using attnlens::fuzz::require;

bool sameRequest(const CommandLineRequest &a, const CommandLineRequest &b)
{
    if (a.exports.size() != b.exports.size())
        return false;
    for (qsizetype i = 0; i < a.exports.size(); ++i) {
        if (a.exports[i].view != b.exports[i].view || a.exports[i].path != b.exports[i].path)
            return false;
    }
    return a.action == b.action && a.scenario == b.scenario && a.evidencePath == b.evidencePath
        && a.usageError == b.usageError && a.figureSize == b.figureSize
        && a.figureDpi == b.figureDpi && a.colorMap == b.colorMap && a.showValues == b.showValues
        && a.query == b.query && a.theme == b.theme && a.lessonStep == b.lessonStep
        && a.language == b.language && a.animate == b.animate && a.animationFrames == b.animationFrames
        && a.framesPerSecond == b.framesPerSecond;
}

void checkValidRequest(const CommandLineRequest &request)
{
    using Action = CommandLineRequest::Action;
    const QStringList views = attnlens::figureViewWords();
    for (const attnlens::FigureExportRequest &figure : request.exports) {
        require(views.contains(figure.view), "an export names a known view");
        const QString suffix = QFileInfo(figure.path).suffix().toLower();
        if (request.animate.isEmpty()) {
            require(suffix == QLatin1String("png") || suffix == QLatin1String("svg")
                        || suffix == QLatin1String("pdf"),
                    "an export's file ends in .png, .svg or .pdf");
        } else {
            require(suffix == QLatin1String("gif") || suffix == QLatin1String("webp")
                        || suffix == QLatin1String("apng") || suffix == QLatin1String("png"),
                    "an animation's file ends in .gif, .webp, .apng or .png");
        }
    }
    if (!request.animate.isEmpty()) {
        QString error;
        require(attnlens::AnimationPlan::parse(request.animate, request.animationFrames, &error).has_value(),
                "--animate is a valid animation");
    }
    require(!request.animationFrames || (*request.animationFrames >= 2 && *request.animationFrames <= 1000),
            "--frames is 2 to 1000");
    require(!request.framesPerSecond || (*request.framesPerSecond >= 1 && *request.framesPerSecond <= 60),
            "--fps is 1 to 60");
    require(request.animate.isEmpty() ? !request.animationFrames && !request.framesPerSecond : !request.exports.isEmpty(),
            "--frames and --fps only come with --animate, and --animate with --export");
    require(request.exports.isEmpty() == (request.action != Action::ExportFigures),
            "figures are exported exactly when --export is given");
    if (request.exports.isEmpty()) {
        require(request.figureSize.isEmpty() && !request.figureDpi && request.colorMap.isEmpty()
                    && !request.showValues && request.query.isEmpty(),
                "figure options only come with --export");
    }
    if (request.figureDpi)
        require(std::isfinite(*request.figureDpi) && *request.figureDpi > 0.0, "--dpi is positive");
    if (!request.figureSize.isEmpty())
        require(request.figureSize.width() > 0 && request.figureSize.height() > 0, "--size is positive");
    require(request.action != Action::WriteEvidence || !request.evidencePath.isEmpty(),
            "--evidence has a path");
    require(request.theme.isEmpty() || attnlens::themeWords().contains(request.theme),
            "--theme is a known theme");
    require(request.language.isEmpty() || attnlens::languageWords().contains(request.language),
            "--lang is a known language");
    if (request.lessonStep) {
        require(*request.lessonStep >= 1 && *request.lessonStep <= attnlens::Lesson::stepCount(),
                "--lesson is a step of the lesson");
        require(request.action == Action::OpenWindow && request.scenario.isEmpty(),
                "--lesson only opens the window on the lesson");
    }
    if (request.action == Action::ShowHelp || request.action == Action::ShowVersion
        || request.action == Action::ListScenarios) {
        require(request.scenario.isEmpty(), "--help, --version and --list-scenarios take no scenario");
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = QByteArray::fromRawData(reinterpret_cast<const char *>(data),
                                                     static_cast<qsizetype>(size));
    QStringList arguments;
    for (const QByteArray &word : bytes.split('\0'))
        arguments.append(QString::fromUtf8(word));

    const CommandLineRequest request = attnlens::parseCommandLine(arguments);
    if (request.usageError.isEmpty())
        checkValidRequest(request);
    require(sameRequest(request, attnlens::parseCommandLine(arguments)), "parsing is deterministic");
    return 0;
}
