// Animated figures: the files are read back by independent decoders (giflib's DGifSlurp,
// ImageMagick's identify, libwebp's animation decoder, the APNG chunks by hand), and their first
// and last frames are compared with the still figures of the same states.
#include "animationactions.h"
#include "animationexporter.h"
#include "animationformat.h"
#include "animationplan.h"
#include "animationdecoders.h"
#include "animationwriter.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "exportanimationdialog.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "gifwriter.h"
#include "numberformat.h"
#include "mainwindow.h"
#include "undorecorder.h"
#include "viewstate.h"

#include "../support/identifyframes.h"

#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QSet>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

using namespace attnlens;
using attnlens::test::builtinScenario;
using namespace attnlens::test;

namespace {

/// The palette's colour error the GIF may show against the lossless figure (channels 0-255),
/// measured on 60-frame temperature sweeps of the lesson's and three-queries' heatmaps. Whole
/// figure: mean under 1, largest pixel under 24 (antialiased text edges). The colour bar: each
/// pixel within 16 of the PNG (the two palette entries its ordered mix alternates between); the
/// mean of every 4 x 4 block, which is what the eye sees, within 1.5, and the change from one
/// block to the next within 2.25 of the PNG's. (The palette without the ordered mix shows bands
/// in the bar's dark blue end: 1.75 and 2.75 on three-queries, which these bounds refuse.)
constexpr double kGifMeanChannelError = 1.0;
constexpr int kGifMaxChannelError = 24;
constexpr int kGifColourBarMaxError = 16;
constexpr double kGifColourBarBlockError = 1.5;
constexpr double kGifColourBarStepError = 2.25;

/// The still figure of the state `plan` brings frame `index` to, drawn on a model of its own.
QImage stillOfFrame(const Scenario &scenario, const AnimationPlan &plan, int index, const FigureOptions &figure)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(scenario);
    plan.apply(model, model.wholeScenario(), index);
    QCoreApplication::processEvents();
    return FigureExporter(&model, &viewState).renderImage(figure);
}

AnimationPlan planOf(const char *spec, std::optional<int> frames)
{
    QString error;
    const auto plan = AnimationPlan::parse(QString::fromUtf8(spec), frames, &error);
    EXPECT_TRUE(plan) << error.toStdString();
    return plan.value_or(AnimationPlan());
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

class AnimationExportTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        model.setScenario(builtinScenario("lesson"));
        QCoreApplication::processEvents();
        options.figure.view = FigureView::Heatmap;
        options.figure.size = QSize(480, 360);
        options.figure.theme = Theme::Kind::Light;
    }
    QString path(const char *name) const { return dir.filePath(QString::fromUtf8(name)); }

    /// The frames of `plan` exported as a lossless WebP with each frame captioned.
    Decoded exportCaptioned(const AnimationPlan &plan, const char *name)
    {
        options.format = AnimationFormat::WebP;
        options.captionEachFrame = true;
        AnimationExporter exporter(&model, &viewState);
        const QString file = path(name);
        EXPECT_EQ(exporter.exportAnimation(plan, options, file), std::nullopt);
        return decodeWebP(file);
    }

    /// The still figure of frame `index` of `plan`, drawn on its own with the caption that frame
    /// should carry (animationFrameCaption, `movingQuery` -1 for none), returned in `caption`.
    QImage captionedStill(const AnimationPlan &plan, int index, int movingQuery, QString *caption,
                          Scenario *state = nullptr) const
    {
        AttentionModel alone;
        ViewState aloneView;
        alone.setScenario(model.wholeScenario());
        plan.apply(alone, model.wholeScenario(), index);
        FigureOptions figure = options.figure;
        figure.caption = animationFrameCaption(alone.scenario(), QString(), movingQuery);
        *caption = figure.caption;
        if (state)
            *state = alone.scenario();
        return FigureExporter(&alone, &aloneView).renderImage(figure);
    }

    QTemporaryDir dir;
    AttentionModel model;
    ViewState viewState;
    AnimationOptions options;
};

} // namespace

TEST_F(AnimationExportTest, GifHasEveryFrameAtTheFigureSizeForIndependentDecoders)
{
    const AnimationPlan plan = planOf("temperature=0.1:10", 12);
    AnimationExporter exporter(&model, &viewState);
    const QString file = path("sweep.gif");
    ASSERT_EQ(exporter.exportAnimation(plan, options, file), std::nullopt);
    EXPECT_FALSE(exporter.wasCancelled());

    const Decoded gif = decodeGif(file);
    EXPECT_EQ(gif.canvas, QSize(480, 360));
    ASSERT_EQ(gif.frames.size(), 12);
    // 15 frames per second: 12 frames take 0.8 s, each 6 or 7 hundredths.
    int total = 0;
    for (int delay : gif.delaysCs) {
        EXPECT_TRUE(delay == 6 || delay == 7) << delay;
        total += delay;
    }
    EXPECT_EQ(total, 80);

    const auto frames = attnlens::test::identifyFrames(file);
    if (!frames)
        GTEST_SKIP() << "ImageMagick's identify is not installed (scripts/install-deps.sh installs imagemagick)";
    ASSERT_EQ(frames->size(), 12);
    for (const QSize &frame : *frames)
        EXPECT_EQ(frame, QSize(480, 360));
}

TEST_F(AnimationExportTest, GifFirstAndLastFramesMatchTheStillFiguresWithinThePaletteError)
{
    const AnimationPlan plan = planOf("temperature=0.1:10", 60);
    AnimationExporter exporter(&model, &viewState);
    const QString file = path("sweep60.gif");
    ASSERT_EQ(exporter.exportAnimation(plan, options, file), std::nullopt);
    const Decoded gif = decodeGif(file);
    ASSERT_EQ(gif.frames.size(), 60);
    const Scenario start = model.wholeScenario();
    for (int index : {0, 59}) {
        const QImage still = stillOfFrame(start, plan, index, options.figure);
        const ColourError whole = colourError(gif.frames[index], still);
        std::cout << "GIF frame " << index << " against the PNG: mean channel error " << whole.mean << ", max "
                  << whole.max << "\n";
        EXPECT_LE(whole.mean, kGifMeanChannelError) << index;
        EXPECT_LE(whole.max, kGifMaxChannelError) << index;
        // The frames really are the two ends: far from each other's still figure.
        const QImage other = stillOfFrame(start, plan, 59 - index, options.figure);
        EXPECT_GT(colourError(gif.frames[index], other).mean, 3.0 * whole.mean + 0.5) << index;
    }
}

TEST_F(AnimationExportTest, GifColourBarDoesNotBand)
{
    // The colour bar is the image's longest run of smoothly changing colours: the column with
    // the most distinct colours in the still figure. A viewer sees the bar's colour averaged
    // over a few pixels; compare 4 x 4 blocks of it (the bar without its outline) with the PNG.
    const AnimationPlan plan = planOf("temperature=0.1:10", 60);
    options.figure.size = QSize(800, 600);
    model.setScenario(builtinScenario("three-queries"));
    AnimationExporter exporter(&model, &viewState);
    const QString file = path("bar.gif");
    ASSERT_EQ(exporter.exportAnimation(plan, options, file), std::nullopt);
    const Decoded gif = decodeGif(file);
    ASSERT_EQ(gif.frames.size(), 60);
    for (int index : {0, 30, 59}) {
        const QImage still = stillOfFrame(model.wholeScenario(), plan, index, options.figure);
        const QImage &frame = gif.frames[index];
        int column = 0;
        int distinct = 0;
        for (int x = 0; x < still.width(); ++x) {
            QSet<QRgb> colours;
            for (int y = 0; y < still.height(); ++y)
                colours.insert(still.pixel(x, y));
            if (colours.size() > distinct) {
                distinct = colours.size();
                column = x;
            }
        }
        ASSERT_GT(distinct, 100) << "no colour bar found";
        // The bar's rows: where the column's colour changes smoothly from row to row.
        int top = 0;
        while (top + 1 < still.height() && still.pixel(column, top) == still.pixel(column, top + 1))
            ++top;
        int bottom = still.height() - 1;
        while (bottom > top && still.pixel(column, bottom) == still.pixel(column, bottom - 1))
            --bottom;
        top += 4;  // clear of the outline
        bottom -= 4;
        ASSERT_GT(bottom - top, 100);
        double worstBlock = 0.0;
        double worstStep = 0.0;  // the GIF's change from one block to the next against the PNG's
        double previousA[3] = {}, previousB[3] = {};
        for (int y = top; y + 4 <= bottom; y += 4) {
            double a[3] = {}, b[3] = {};
            for (int dy = 0; dy < 4; ++dy) {
                for (int dx = -2; dx < 2; ++dx) {
                    const QRgb p = frame.pixel(column + dx, y + dy), q = still.pixel(column + dx, y + dy);
                    a[0] += qRed(p), a[1] += qGreen(p), a[2] += qBlue(p);
                    b[0] += qRed(q), b[1] += qGreen(q), b[2] += qBlue(q);
                }
            }
            for (int c = 0; c < 3; ++c) {
                worstBlock = std::max(worstBlock, std::abs(a[c] - b[c]) / 16.0);
                if (y > top)
                    worstStep = std::max(worstStep, std::abs((a[c] - previousA[c]) - (b[c] - previousB[c])) / 16.0);
                previousA[c] = a[c];
                previousB[c] = b[c];
            }
        }
        const ColourError pixels = colourError(frame, still, QRect(column - 2, top, 4, bottom - top));
        std::cout << "frame " << index << ": colour bar of " << distinct << " colours (column " << column
                  << ", rows " << top << "-" << bottom << "): largest error of a 4x4 block's mean " << worstBlock
                  << ", of a step between blocks " << worstStep
                  << ", of a pixel " << pixels.max << ", mean " << pixels.mean << "\n";
        EXPECT_LE(worstBlock, kGifColourBarBlockError) << index;
        EXPECT_LE(worstStep, kGifColourBarStepError) << index;
        EXPECT_LE(pixels.max, kGifColourBarMaxError) << index;
    }
}

TEST_F(AnimationExportTest, WebPAndApngAreLosslessAtBothEnds)
{
    const AnimationPlan plan = planOf("query=1:0,1:-1,0", 10);
    const Scenario start = model.wholeScenario();
    const QImage first = stillOfFrame(start, plan, 0, options.figure);
    const QImage last = stillOfFrame(start, plan, 9, options.figure);
    ASSERT_FALSE(samePixels(first, last));
    AnimationExporter exporter(&model, &viewState);

    options.format = AnimationFormat::WebP;
    const QString webpFile = path("path.webp");
    ASSERT_EQ(exporter.exportAnimation(plan, options, webpFile), std::nullopt);
    const Decoded webp = decodeWebP(webpFile);
    EXPECT_EQ(webp.canvas, QSize(480, 360));
    ASSERT_EQ(webp.frames.size(), 10);
    EXPECT_TRUE(samePixels(webp.frames.constFirst(), first));
    EXPECT_TRUE(samePixels(webp.frames.constLast(), last));

    options.format = AnimationFormat::Apng;
    const QString apngFile = path("path.apng");
    ASSERT_EQ(exporter.exportAnimation(plan, options, apngFile), std::nullopt);
    int announced = 0;
    const Decoded apng = decodeApng(apngFile, &announced);
    EXPECT_EQ(announced, 10);
    EXPECT_EQ(apng.canvas, QSize(480, 360));
    ASSERT_EQ(apng.frames.size(), 10);
    EXPECT_TRUE(samePixels(apng.frames.constFirst(), first));
    EXPECT_TRUE(samePixels(apng.frames.constLast(), last));
    // A viewer without APNG shows the first frame; it carries the scenario like a still PNG.
    const QImage plain(apngFile, "PNG");
    EXPECT_TRUE(samePixels(plain, first));
    EXPECT_FALSE(plain.text(QString::fromLatin1(FigureExporter::kScenarioTextKey)).isEmpty());
}

TEST_F(AnimationExportTest, EachFrameCanSayWhatItShows)
{
    const AnimationPlan plan = planOf("temperature=0.1:10", 5);
    const Decoded webp = exportCaptioned(plan, "captioned.webp");
    ASSERT_EQ(webp.frames.size(), 5);
    // Each end equals the still figure with the caption of its own state...
    QStringList captions;
    for (int index : {0, 4}) {
        QString caption;
        const QImage still = captionedStill(plan, index, -1, &caption);
        captions.append(caption);
        EXPECT_TRUE(samePixels(webp.frames[index], still)) << caption.toStdString();
    }
    // ... which names its temperature (and, with no query moving, is the still figure's caption).
    EXPECT_TRUE(captions[0].contains(QStringLiteral("T = 0.1"))) << captions[0].toStdString();
    EXPECT_TRUE(captions[1].contains(QStringLiteral("T = 10"))) << captions[1].toStdString();
    EXPECT_EQ(animationFrameCaption(model.scenario(), QString(), -1), defaultFigureCaption(model.scenario()));
}

TEST_F(AnimationExportTest, AMovingQueryIsNamedWithItsPlaceInEveryFrame)
{
    const AnimationPlan plan = planOf("query=1:circle", 4);
    const Decoded webp = exportCaptioned(plan, "circle.webp");
    ASSERT_EQ(webp.frames.size(), 4);
    QStringList captions;
    for (int index : {0, 3}) {
        QString caption;
        Scenario state;
        const QImage still = captionedStill(plan, index, 0, &caption, &state);
        captions.append(caption);
        // The caption names the query and where it is, to the digits the inputs show.
        EXPECT_TRUE(caption.contains(QStringLiteral("(%1, %2)").arg(formatInput(state.queries(0, 0)),
                                                                    formatInput(state.queries(0, 1)))))
            << caption.toStdString();
        EXPECT_TRUE(caption.contains(state.queryLabel(0))) << caption.toStdString();
        EXPECT_TRUE(samePixels(webp.frames[index], still)) << caption.toStdString();
    }
    // A quarter turn apart, the frames say so.
    EXPECT_NE(captions[0], captions[1]);
}

TEST(WindowAnimationCaption, TheWindowsSweepSaysTheTemperatureOfEveryFrame)
{
    QSettings().remove(QStringLiteral("animation"));
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    MainWindow window;
    window.openScenario(builtinScenario("lesson"), QStringLiteral("lesson"));
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    AnimationActions *actions = window.animationActions();
    ASSERT_NE(actions, nullptr);
    const auto exportSweep = [&](bool caption, const QString &file, AnimationOptions *chosen) {
        actions->dialogs().configure = [caption, chosen](ExportAnimationDialog &dialog) {
            auto *check = dialog.findChild<QCheckBox *>(QStringLiteral("animationCaptionCheck"));
            EXPECT_NE(check, nullptr);
            if (!check)
                return false;
            // Captioned unless the user says otherwise, as on the command line.
            EXPECT_TRUE(check->isChecked());
            EXPECT_FALSE(check->accessibleName().isEmpty());
            check->setChecked(caption);
            dialog.setMotion(AnimationPlan::Kind::Temperature);
            dialog.setTemperatureRange(0.1, 10.0);
            dialog.setFrames(3);
            dialog.setFigureSize(QSize(480, 360));
            *chosen = dialog.options();
            return !dialog.problem().has_value();
        };
        actions->dialogs().askSavePath = [file](const QString &, const QString &) { return file; };
        return actions->exportAnimation(FigureView::Heatmap);
    };
    AnimationOptions captioned;
    AnimationOptions bare;
    const QString captionedFile = dir.filePath(QStringLiteral("captioned.webp"));
    const QString bareFile = dir.filePath(QStringLiteral("bare.webp"));
    ASSERT_TRUE(exportSweep(true, captionedFile, &captioned));
    QSettings().remove(QStringLiteral("animation"));
    ASSERT_TRUE(exportSweep(false, bareFile, &bare));
    QSettings().remove(QStringLiteral("animation"));
    EXPECT_TRUE(captioned.captionEachFrame);
    EXPECT_TRUE(captioned.figure.caption.contains(QStringLiteral("T = 1"))) << captioned.figure.caption.toStdString();
    EXPECT_FALSE(bare.captionEachFrame);
    EXPECT_TRUE(bare.figure.caption.isEmpty());

    const Decoded withCaption = decodeWebP(captionedFile);
    const Decoded without = decodeWebP(bareFile);
    ASSERT_EQ(withCaption.frames.size(), 3);
    ASSERT_EQ(without.frames.size(), 3);
    // The caption takes a band at the foot of each frame; there the first frame (T = 0.1) and
    // the last (T = 10) differ, while the uncaptioned frames' feet are the heatmap's margin.
    const QImage first = withCaption.frames.constFirst();
    const QImage last = withCaption.frames.constLast();
    const int band = first.height() / 10;
    const QRect foot(0, first.height() - band, first.width(), band);
    EXPECT_NE(first.copy(foot), last.copy(foot));
    EXPECT_NE(first.copy(foot), without.frames.constFirst().copy(foot));
}

TEST_F(AnimationExportTest, ModelEndsAsItStartedWithNoUndoStep)
{
    UndoRecorder recorder(&model);
    model.setTemperature(0.7);  // one step of the user's own
    QCoreApplication::processEvents();
    const int steps = recorder.undoStack()->count();
    const Scenario before = model.wholeScenario();
    AnimationExporter exporter(&model, &viewState);
    for (const char *spec : {"temperature=0.1:10", "query=1:0,1", "query=1:circle", "mask=causal"}) {
        ASSERT_EQ(exporter.exportAnimation(planOf(spec, 6), options, path("any.gif")), std::nullopt) << spec;
        QCoreApplication::processEvents();
        EXPECT_TRUE(model.wholeScenario() == before) << spec;
        EXPECT_EQ(recorder.undoStack()->count(), steps) << spec;
    }
    // Undo still undoes the user's step, not a frame.
    recorder.undoStack()->undo();
    EXPECT_EQ(model.scenario().temperature, builtinScenario("lesson").temperature);
}

TEST_F(AnimationExportTest, QueryOfTheShownHeadMovesAndComesBack)
{
    model.setScenario(builtinScenario("two-heads-specialise"));
    model.selectHead(1);
    QCoreApplication::processEvents();
    const Scenario before = model.wholeScenario();
    const AnimationPlan plan = planOf("query=2:circle", 6);
    // Head 2's query moves: the last frame is the still figure of head 2 with that query moved,
    // not of head 1.
    AttentionModel alone;
    ViewState aloneView;
    alone.setScenario(before);
    alone.selectHead(1);
    plan.apply(alone, before, 5);
    EXPECT_TRUE(identicalMatrices(alone.wholeScenario().headQueries(0), before.headQueries(0)));
    EXPECT_FALSE(identicalMatrices(alone.wholeScenario().headQueries(1), before.headQueries(1)));
    options.format = AnimationFormat::WebP;
    options.figure.view = FigureView::KeySpace;
    const QImage last = FigureExporter(&alone, &aloneView).renderImage(options.figure);
    AnimationExporter exporter(&model, &viewState);
    ASSERT_EQ(exporter.exportAnimation(plan, options, path("head2.webp")), std::nullopt);
    const Decoded webp = decodeWebP(path("head2.webp"));
    ASSERT_EQ(webp.frames.size(), 6);
    EXPECT_TRUE(samePixels(webp.frames.constLast(), last));
    EXPECT_TRUE(model.wholeScenario() == before);
    EXPECT_EQ(model.selectedHead(), 1);
}

TEST_F(AnimationExportTest, CancelWritesNothingAndKeepsAnExistingFile)
{
    const AnimationPlan plan = planOf("temperature=0.1:10", 20);
    AnimationExporter exporter(&model, &viewState);
    const Scenario before = model.wholeScenario();
    int calls = 0;
    const auto cancelAtFive = [&calls](int done, int total) {
        ++calls;
        EXPECT_EQ(total, 40);  // 20 frames drawn, 20 encoded
        return done < 5;
    };
    const QString fresh = path("fresh.gif");
    EXPECT_EQ(exporter.exportAnimation(plan, options, fresh, cancelAtFive), std::nullopt);
    EXPECT_TRUE(exporter.wasCancelled());
    EXPECT_EQ(calls, 5);
    EXPECT_FALSE(QFile::exists(fresh));
    EXPECT_TRUE(model.wholeScenario() == before);

    const QString existing = path("existing.gif");
    {
        QFile file(existing);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("old contents");
    }
    EXPECT_EQ(exporter.exportAnimation(plan, options, existing, [](int done, int) { return done < 2; }), std::nullopt);
    EXPECT_TRUE(exporter.wasCancelled());
    EXPECT_EQ(readAll(existing), QByteArray("old contents"));
    QStringList left = QDir(dir.path()).entryList(QDir::Files);
    EXPECT_EQ(left, QStringList{QStringLiteral("existing.gif")});

    // writeFrames cancels the same way.
    const QImage frame = FigureExporter(&model, &viewState).renderImage(options.figure);
    EXPECT_EQ(AnimationExporter::writeFrames({frame, frame}, {100, 100}, AnimationFormat::Gif, existing,
                                             [](int, int) { return false; }),
              AnimationExporter::cancelledMessage());
    EXPECT_EQ(readAll(existing), QByteArray("old contents"));

    // Cancelling while the frames are encoded (the second half of the steps) writes nothing too.
    for (AnimationFormat format : allAnimationFormats()) {
        options.format = format;
        int last = 0;
        EXPECT_EQ(exporter.exportAnimation(plan, options, existing,
                                           [&last](int done, int total) {
                                               EXPECT_GT(done, last);
                                               last = done;
                                               return done < total;
                                           }),
                  std::nullopt);
        EXPECT_TRUE(exporter.wasCancelled()) << animationFormatSuffix(format).toStdString();
        EXPECT_EQ(last, 40);
        EXPECT_EQ(readAll(existing), QByteArray("old contents"));
        EXPECT_EQ(AnimationExporter::writeFrames({frame, frame, frame}, {10, 10, 10}, format, existing,
                                                 [](int done, int total) { return done <= total / 2; }),
                  AnimationExporter::cancelledMessage());
        EXPECT_EQ(readAll(existing), QByteArray("old contents"));
    }
    EXPECT_TRUE(model.wholeScenario() == before);

    // And a finished export replaces it, reporting every step up to the total.
    options.format = AnimationFormat::Gif;
    int reported = 0;
    EXPECT_EQ(exporter.exportAnimation(plan, options, existing, [&reported](int done, int total) {
        EXPECT_EQ(total, 40);
        reported = done;
        return true;
    }),
              std::nullopt);
    EXPECT_EQ(reported, 40);
    EXPECT_FALSE(exporter.wasCancelled());
    EXPECT_TRUE(readAll(existing).startsWith("GIF89a"));
}

TEST_F(AnimationExportTest, EqualFramesLengthenTheOneBefore)
{
    QImage a(64, 48, QImage::Format_RGB32);
    a.fill(qRgb(200, 30, 30));
    QImage b = a;
    b.setPixel(10, 10, qRgb(0, 0, 255));
    const QString file = path("recorded.gif");
    ASSERT_EQ(AnimationExporter::writeFrames({a, a, a, b, b}, {100, 100, 50, 100, 200}, AnimationFormat::Gif, file),
              std::nullopt);
    const Decoded gif = decodeGif(file);
    ASSERT_EQ(gif.frames.size(), 2);
    EXPECT_EQ(gif.delaysCs, (QList<int>{25, 30}));
    EXPECT_EQ(gif.frames[0].pixel(10, 10), qRgb(200, 30, 30));
    EXPECT_EQ(gif.frames[1].pixel(10, 10), qRgb(0, 0, 255));
    EXPECT_EQ(gif.frames[1].pixel(11, 10), qRgb(200, 30, 30));

    const QString webp = path("recorded.webp");
    ASSERT_EQ(AnimationExporter::writeFrames({a, a, b, b}, {100, 100, 100, 100}, AnimationFormat::WebP, webp),
              std::nullopt);
    const Decoded w = decodeWebP(webp);
    ASSERT_EQ(w.frames.size(), 2);
    EXPECT_EQ(w.delaysCs.constFirst(), 20);
    EXPECT_TRUE(samePixels(w.frames[1], b));

    const QString apng = path("recorded.apng");
    ASSERT_EQ(AnimationExporter::writeFrames({a, b, b}, {40, 40, 40}, AnimationFormat::Apng, apng), std::nullopt);
    int announced = 0;
    const Decoded p = decodeApng(apng, &announced);
    EXPECT_EQ(announced, 2);
    EXPECT_EQ(p.delaysCs, (QList<int>{4, 8}));
    ASSERT_EQ(p.frames.size(), 2);
    EXPECT_TRUE(samePixels(p.frames[1], b));

    // Frames of another size are refused with a reason.
    const std::optional<QString> refused =
        AnimationExporter::writeFrames({a, QImage(32, 32, QImage::Format_RGB32)}, {10, 10}, AnimationFormat::Gif, file);
    ASSERT_TRUE(refused.has_value());
    EXPECT_TRUE(refused->contains(QStringLiteral("32 × 32"))) << refused->toStdString();
}

TEST_F(AnimationExportTest, RefusedPlansNameTheProblemAndWriteNothing)
{
    AnimationExporter exporter(&model, &viewState);
    const auto error = exporter.exportAnimation(planOf("query=9:1,1", 5), options, path("no.gif"));
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(QStringLiteral("no.gif"))) << error->toStdString();
    EXPECT_TRUE(error->contains(QStringLiteral("query 9"))) << error->toStdString();
    EXPECT_FALSE(QFile::exists(path("no.gif")));
}

TEST(AnimationFormatTest, SuffixesChooseTheFormat)
{
    EXPECT_EQ(animationFormatFromPath(QStringLiteral("a.GIF")), AnimationFormat::Gif);
    EXPECT_EQ(animationFormatFromPath(QStringLiteral("a.webp")), AnimationFormat::WebP);
    EXPECT_EQ(animationFormatFromPath(QStringLiteral("a.apng")), AnimationFormat::Apng);
    EXPECT_EQ(animationFormatFromPath(QStringLiteral("a.png")), AnimationFormat::Apng);
    EXPECT_EQ(animationFormatFromPath(QStringLiteral("a.svg")), std::nullopt);
    for (AnimationFormat format : allAnimationFormats()) {
        EXPECT_EQ(animationFormatFromPath(QStringLiteral("x.") + animationFormatSuffix(format)), format);
        EXPECT_TRUE(animationFormatFilter(format).contains(QStringLiteral("*.") + animationFormatSuffix(format)));
    }
}

TEST(AnimationWindowTest, WholeWindowAnimatesWithoutTouchingTheDocument)
{
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.resize(1024, 640);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    const int steps = window.undoRecorder()->undoStack()->count();
    const bool modified = window.documentController()->isModified();
    const Scenario before = window.model()->wholeScenario();

    QTemporaryDir dir;
    const QString file = dir.filePath(QStringLiteral("q.gif"));
    AnimationOptions options;
    options.figure.view = FigureView::Window;
    AnimationExporter exporter(window.model(), window.viewState(), window.figureViews());
    const AnimationPlan plan = planOf("query=1:1,0:0,1", 6);
    // query 1 starts at (1, 0): the path passes (1, 0) where it already is and goes to (0, 1).
    ASSERT_EQ(exporter.exportAnimation(plan, options, file), std::nullopt);
    QCoreApplication::processEvents();
    const Decoded gif = decodeGif(file);
    EXPECT_EQ(gif.canvas, window.size());
    EXPECT_EQ(gif.frames.size(), 6);
    EXPECT_TRUE(window.model()->wholeScenario() == before);
    EXPECT_EQ(window.undoRecorder()->undoStack()->count(), steps);
    EXPECT_EQ(window.documentController()->isModified(), modified);
    // The window shows the scenario as it was: its still figure equals the GIF's first frame
    // within the palette's error.
    FigureOptions still;
    still.view = FigureView::Window;
    const QImage now = FigureExporter(window.model(), window.viewState(), window.figureViews()).renderImage(still);
    EXPECT_LE(colourError(gif.frames.constFirst(), now).mean, kGifMeanChannelError);
}
