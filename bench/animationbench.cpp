// What an animated figure costs: a 60-frame temperature sweep of the lesson's heatmap at
// 800x600 (or --size), drawn and encoded, against the still PNG of the same view drawn once per
// frame in the same run. Prints milliseconds per frame for drawing, for encoding and for the
// whole file, the file sizes, and the GIF's colour error against the PNG of its middle frame.
// Usage: attnlens_animationbench [--frames N] [--size WxH] [--scenario ID] [--keep DIR]
#include "animationexporter.h"
#include "animationplan.h"
#include "animationwriter.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "figureexporter.h"
#include "scenariosource.h"
#include "viewstate.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QTemporaryDir>
#include <QTextStream>

#include <algorithm>
#include <cmath>

using namespace attnlens;

namespace {

double msSince(const QElapsedTimer &clock)
{
    return double(clock.nsecsElapsed()) / 1e6;
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensBench"));
    QTextStream out(stdout);
    QTextStream err(stderr);

    int frames = 60;
    QSize size(800, 600);
    QString scenarioName = QLatin1String(kLessonScenarioId);
    QString keep;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        const QString &arg = args[i];
        const QString next = args.value(i + 1);
        if (arg == QLatin1String("--frames") && !next.isEmpty()) {
            frames = next.toInt();
            ++i;
        } else if (arg == QLatin1String("--size") && !next.isEmpty()) {
            const QStringList wh = next.split(QLatin1Char('x'));
            size = QSize(wh.value(0).toInt(), wh.value(1).toInt());
            ++i;
        } else if (arg == QLatin1String("--scenario") && !next.isEmpty()) {
            scenarioName = next;
            ++i;
        } else if (arg == QLatin1String("--keep") && !next.isEmpty()) {
            keep = next;
            ++i;
        } else {
            err << "usage: attnlens_animationbench [--frames N] [--size WxH] [--scenario ID] [--keep DIR]\n";
            return 64;
        }
    }
    const Result<Scenario> scenario = openScenario(scenarioName);
    if (!scenario) {
        err << scenario.error().describe() << "\n";
        return 2;
    }
    AttentionModel model;
    ViewState viewState;
    model.setScenario(scenario.value());
    QCoreApplication::processEvents();

    QString specError;
    const auto plan = AnimationPlan::parse(QStringLiteral("temperature=0.1:10"), frames, &specError);
    if (!plan) {
        err << specError << "\n";
        return 64;
    }
    FigureOptions figure;
    figure.view = FigureView::Heatmap;
    figure.size = size;
    figure.theme = Theme::Kind::Light;
    const FigureExporter exporter(&model, &viewState);
    const Scenario start = model.wholeScenario();

    // The reference: the still PNG figure (drawn and encoded), once per frame's state.
    QElapsedTimer clock;
    clock.start();
    qint64 pngBytes = 0;
    for (int i = 0; i < frames; ++i) {
        plan->apply(model, start, i);
        pngBytes += exporter.renderPng(figure).size();
    }
    const double stillMs = msSince(clock) / frames;

    // Drawing alone, keeping the frames for the encoders.
    clock.restart();
    QList<QImage> images;
    for (int i = 0; i < frames; ++i) {
        plan->apply(model, start, i);
        images.append(exporter.renderImage(figure));
    }
    const double drawMs = msSince(clock) / frames;
    model.setScenario(start);

    QTemporaryDir dir;
    const QString folder = keep.isEmpty() ? dir.path() : keep;
    QDir().mkpath(folder);
    out << "animated heatmap, " << frames << " frames of " << size.width() << "x" << size.height() << " ("
        << scenarioName << ", temperature 0.1 to 10)\n";
    out << QStringLiteral("  still PNG figure:   %1 ms per frame (drawn and encoded), %2 KB per PNG\n")
               .arg(stillMs, 0, 'f', 1)
               .arg(double(pngBytes) / frames / 1024.0, 0, 'f', 1);
    out << QStringLiteral("  drawing the frames: %1 ms per frame\n").arg(drawMs, 0, 'f', 1);
    const QList<int> delays(frames, 1000 / 15);
    for (AnimationFormat format : allAnimationFormats()) {
        const QString path = folder + QStringLiteral("/sweep.") + animationFormatSuffix(format);
        clock.restart();
        const auto error = AnimationExporter::writeFrames(images, delays, format, path);
        const double encodeMs = msSince(clock) / frames;
        if (error) {
            err << *error << "\n";
            return 3;
        }
        out << QStringLiteral("  %1: encoding %2 ms per frame, draw + encode %3 ms per frame, file %4 KB\n")
                   .arg(animationFormatSuffix(format).toUpper(), -4)
                   .arg(encodeMs, 0, 'f', 1)
                   .arg(drawMs + encodeMs, 0, 'f', 1)
                   .arg(double(QFileInfo(path).size()) / 1024.0, 0, 'f', 0);
    }

    // The whole pipeline as the command line runs it (draw, encode, write), for the GIF.
    AnimationExporter animation(&model, &viewState);
    AnimationOptions options;
    options.figure = figure;
    clock.restart();
    if (const auto error = animation.exportAnimation(*plan, options, folder + QStringLiteral("/exported.gif"))) {
        err << *error << "\n";
        return 3;
    }
    out << QStringLiteral("  AnimationExporter GIF end to end: %1 ms per frame\n").arg(msSince(clock) / frames, 0, 'f', 1);

    // The palette's error: the GIF's middle frame against the lossless frame.
    const QImage gif = QImage(folder + QStringLiteral("/sweep.gif"));  // Qt reads the first frame
    const QImage &first = images.constFirst();
    double sum = 0.0;
    int worst = 0;
    if (gif.size() == first.size()) {
        const QImage a = gif.convertToFormat(QImage::Format_RGB32);
        const QImage b = first.convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < a.height(); ++y) {
            for (int x = 0; x < a.width(); ++x) {
                const QRgb p = a.pixel(x, y), q = b.pixel(x, y);
                const int d[3] = {std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)), std::abs(qBlue(p) - qBlue(q))};
                sum += d[0] + d[1] + d[2];
                worst = std::max({worst, d[0], d[1], d[2]});
            }
        }
        out << QStringLiteral("  GIF first frame against the PNG: mean channel error %1, max %2 (of 255)\n")
                   .arg(sum / (3.0 * a.width() * a.height()), 0, 'f', 3)
                   .arg(worst);
    }
    return 0;
}
