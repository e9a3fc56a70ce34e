#include "animationactions.h"
#include "animationrecorder.h"
#include "../support/identifyframes.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "exportanimationdialog.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "mainwindow.h"
#include "presentationmode.h"
#include "recordingindicator.h"
#include "viewstate.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPointer>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <numeric>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::identifyFrames;

namespace {

class AnimationRecorderTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario("lesson"));
        recorder.setTimerDriven(false);
        figure.view = FigureView::Heatmap;
        figure.size = QSize(200, 150);
    }

    /// A change the heatmap shows: a new temperature.
    void change(int step)
    {
        model.setTemperature(0.5 + 0.25 * step);
        QCoreApplication::processEvents();
    }

    AttentionModel model;
    ViewState viewState;
    AnimationRecorder recorder{&model, &viewState, FigureViews()};
    FigureOptions figure;
};

} // namespace

TEST_F(AnimationRecorderTest, RecordsOneNewFrameForEachChange)
{
    QSignalSpy changed(&recorder, &AnimationRecorder::recordingChanged);
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    EXPECT_TRUE(recorder.isRecording());
    EXPECT_EQ(changed.count(), 1);
    EXPECT_EQ(recorder.frameCount(), 1);  // the state it starts from
    constexpr int kChanges = 5;
    for (int step = 1; step <= kChanges; ++step) {
        change(step);
        recorder.tick();
        EXPECT_EQ(recorder.frameCount(), 1 + step);
    }
    recorder.stop();
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_EQ(changed.count(), 2);
    // Ticks after the stop draw nothing.
    change(kChanges + 1);
    recorder.tick();
    EXPECT_EQ(recorder.frameCount(), 1 + kChanges);
    for (const QImage &frame : recorder.frames())
        EXPECT_EQ(frame.size(), figure.pixelSize(figure.size));
}

TEST_F(AnimationRecorderTest, UnchangedTicksLengthenTheLastFrame)
{
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    for (int i = 0; i < 4; ++i)
        recorder.tick();
    EXPECT_EQ(recorder.frameCount(), 1);
    change(1);
    recorder.tick();
    recorder.tick();
    change(2);
    recorder.tick();
    recorder.stop();
    // Ticks 0-4 show the first state, 5-6 the second, 7 the third: 100 ms a tick at 10 fps.
    EXPECT_EQ(recorder.delaysMs(), (QList<int>{500, 200, 100}));
    EXPECT_EQ(recorder.elapsedMs(), 800);
    EXPECT_NE(recorder.frames()[0], recorder.frames()[1]);
}

TEST_F(AnimationRecorderTest, DelaysAddUpToTheLengthAtAnUnevenFrameRate)
{
    ASSERT_FALSE(recorder.start(figure, 7).has_value());
    for (int step = 1; step <= 9; ++step) {
        if (step % 2)
            change(step);
        recorder.tick();
    }
    recorder.stop();
    const QList<int> delays = recorder.delaysMs();
    EXPECT_EQ(std::accumulate(delays.begin(), delays.end(), qint64(0)), recorder.elapsedMs());
    EXPECT_EQ(recorder.elapsedMs(), (10 * 1000 + 3) / 7);
}

TEST_F(AnimationRecorderTest, StopsAtTheFrameLimitWithAMessage)
{
    recorder.setLimits(3, 60000);
    QSignalSpy capped(&recorder, &AnimationRecorder::capReached);
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    for (int step = 1; step <= 5; ++step) {
        change(step);
        recorder.tick();
    }
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_EQ(recorder.frameCount(), 3);
    ASSERT_EQ(capped.count(), 1);
    EXPECT_TRUE(capped.at(0).at(0).toString().contains(QStringLiteral("3"))) << capped.at(0).at(0).toString().toStdString();
}

TEST_F(AnimationRecorderTest, StopsAtTheLongestLength)
{
    recorder.setLimits(AnimationRecorder::kMaximumFrames, 1000);
    QSignalSpy capped(&recorder, &AnimationRecorder::capReached);
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    for (int i = 0; i < 20; ++i)
        recorder.tick();
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_EQ(recorder.elapsedMs(), 1000);
    EXPECT_EQ(capped.count(), 1);
}

TEST_F(AnimationRecorderTest, LargeFramesAreLimitedByMemory)
{
    figure.size = QSize(4000, 4000);
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    recorder.stop();
    // The frames and the memory of saving them fit the cap together (the frames alone filled
    // it before: 16 frames of 64 MB, and saving needed more on top).
    const int kept = recorder.frameLimit();
    EXPECT_LT(kept, int(AnimationRecorder::kMaximumBytes / (4000LL * 4000 * 4)));
    EXPECT_LE(AnimationRecorder::memoryFor(QSize(4000, 4000), kept), AnimationRecorder::kMaximumBytes);
    EXPECT_GE(kept, 1);
}

TEST_F(AnimationRecorderTest, OnlyTheFirstFrameKeepsTheScenarioText)
{
    // The text is as large as the scenario's JSON: kept with every frame it was memory the
    // cap did not count. The first frame carries it into the file.
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    change(1);
    recorder.tick();
    change(2);
    recorder.tick();
    recorder.stop();
    ASSERT_EQ(recorder.frameCount(), 3);
    const QString key = QString::fromLatin1(FigureExporter::kScenarioTextKey);
    EXPECT_FALSE(recorder.frames()[0].text(key).isEmpty());
    EXPECT_TRUE(recorder.frames()[1].text(key).isEmpty());
    EXPECT_TRUE(recorder.frames()[2].text(key).isEmpty());
}

TEST_F(AnimationRecorderTest, TheFirstFrameIsTheStillFigureOfThatState)
{
    figure.showSelection = true;
    change(3);
    ASSERT_FALSE(recorder.start(figure, 10).has_value());
    recorder.stop();
    const FigureExporter exporter(&model, &viewState);
    FigureOptions still = figure;
    still.format = FigureFormat::Png;
    const QImage expected = exporter.renderImage(still);
    ASSERT_EQ(recorder.frameCount(), 1);
    const QImage frame = recorder.frames()[0];
    ASSERT_EQ(frame.size(), expected.size());
    EXPECT_EQ(frame.convertToFormat(QImage::Format_ARGB32), expected.convertToFormat(QImage::Format_ARGB32));
}

TEST_F(AnimationRecorderTest, CaptionedFramesSayTheTemperatureOfTheirMoment)
{
    change(0);
    ASSERT_FALSE(recorder.start(figure, 10, true).has_value());
    change(2);
    recorder.tick();
    recorder.stop();
    ASSERT_EQ(recorder.frameCount(), 2);
    // Each frame is the still figure of its moment with that moment's caption.
    AttentionModel moment;
    ViewState momentView;
    QStringList captions;
    for (int index : {0, 1}) {
        Scenario state = model.scenario();
        state.temperature = 0.5 + 0.25 * (2 * index);
        moment.setScenario(state);
        QCoreApplication::processEvents();
        FigureOptions still = figure;
        still.format = FigureFormat::Png;
        still.caption = defaultFigureCaption(moment.scenario());
        captions.append(still.caption);
        const QImage expected = FigureExporter(&moment, &momentView).renderImage(still);
        const QImage frame = recorder.frames()[index];
        ASSERT_EQ(frame.size(), expected.size());
        EXPECT_EQ(frame.convertToFormat(QImage::Format_ARGB32), expected.convertToFormat(QImage::Format_ARGB32))
            << still.caption.toStdString();
    }
    EXPECT_TRUE(captions[0].contains(QStringLiteral("T = 0.5"))) << captions[0].toStdString();
    EXPECT_TRUE(captions[1].contains(QStringLiteral("T = 1"))) << captions[1].toStdString();
}

TEST_F(AnimationRecorderTest, AFigureThatCannotBeDrawnDoesNotStart)
{
    figure.size = QSize(FigureOptions::kMaximumSide * 2, 100);
    EXPECT_TRUE(recorder.start(figure, 10).has_value());
    EXPECT_FALSE(recorder.isRecording());
    EXPECT_EQ(recorder.frameCount(), 0);
}

namespace {

class WindowRecordingTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().remove(QStringLiteral("animation"));
        window = std::make_unique<MainWindow>();
        window->openScenario(builtinScenario("lesson"), QStringLiteral("lesson"));
        window->resize(1280, 720);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        QCoreApplication::processEvents();
        actions = window->animationActions();
        ASSERT_NE(actions, nullptr);
        ASSERT_TRUE(folder.isValid());
        actions->recorder()->setTimerDriven(false);
        actions->dialogs().configure = [](ExportAnimationDialog &dialog) {
            dialog.setView(FigureView::Heatmap);
            dialog.setFigureSize(QSize(240, 160));
            dialog.setFramesPerSecond(10);
            return true;
        };
        actions->dialogs().reportError = [this](const QString &, const QString &text) { errors.append(text); };
    }

    /// Starts a recording of the heatmap and records `changes` temperature changes.
    void record(int changes)
    {
        ASSERT_TRUE(actions->startRecording(FigureView::Heatmap));
        for (int step = 1; step <= changes; ++step) {
            window->model()->setTemperature(0.3 + 0.37 * step);
            QCoreApplication::processEvents();
            actions->recorder()->tick();
        }
    }

    std::unique_ptr<MainWindow> window;
    AnimationActions *actions = nullptr;
    QTemporaryDir folder;
    QStringList errors;
};

} // namespace

TEST_F(WindowRecordingTest, TheIndicatorShowsWhileRecordingAndTheActionToggles)
{
    RecordingIndicator *indicator = actions->indicator();
    EXPECT_FALSE(indicator->isVisible());
    EXPECT_TRUE(actions->recordAction()->text().remove(QLatin1Char('&')).contains(QStringLiteral("Start")));
    record(3);
    EXPECT_TRUE(indicator->isVisible());
    EXPECT_EQ(indicator->parentWidget(), window->statusBar());
    EXPECT_TRUE(indicator->text().contains(QStringLiteral("Recording"))) << indicator->text().toStdString();
    EXPECT_TRUE(indicator->text().contains(QStringLiteral("4 frames"))) << indicator->text().toStdString();
    EXPECT_TRUE(indicator->text().contains(QStringLiteral("0:00"))) << indicator->text().toStdString();
    EXPECT_FALSE(indicator->stopButton()->accessibleName().isEmpty());
    EXPECT_TRUE(actions->recordAction()->text().remove(QLatin1Char('&')).contains(QStringLiteral("Stop")));
    // No export while recording: its frames would be recorded too.
    EXPECT_FALSE(actions->exportAction()->isEnabled());
    EXPECT_FALSE(actions->exportAnimation(FigureView::Heatmap));

    // Stop through the action, the save is cancelled and the frames discarded.
    int asked = 0;
    actions->dialogs().askSavePath = [](const QString &, const QString &) { return QString(); };
    actions->dialogs().askAfterCancelledSave = [&asked] {
        ++asked;
        return AnimationActions::CancelledSaveChoice::Discard;
    };
    actions->recordAction()->trigger();
    EXPECT_FALSE(actions->recorder()->isRecording());
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(actions->recorder()->frameCount(), 0);
    EXPECT_FALSE(indicator->isVisible());
    EXPECT_TRUE(actions->recordAction()->text().remove(QLatin1Char('&')).contains(QStringLiteral("Start")));
    EXPECT_TRUE(actions->exportAction()->isEnabled());
    EXPECT_TRUE(QDir(folder.path()).entryList(QDir::Files).isEmpty());
}

TEST_F(WindowRecordingTest, StopSavesTheRecordedFramesAfterACancelledSave)
{
    record(4);
    const QString path = folder.filePath(QStringLiteral("recording.gif"));
    int pathAsked = 0;
    actions->dialogs().askSavePath = [&pathAsked, path](const QString &, const QString &) {
        // The first time the user cancels the file dialog by mistake.
        return ++pathAsked == 1 ? QString() : path;
    };
    actions->dialogs().askAfterCancelledSave = [] { return AnimationActions::CancelledSaveChoice::SaveAgain; };
    actions->indicator()->stopButton()->click();
    EXPECT_EQ(pathAsked, 2);
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QLatin1Char('\n')).toStdString();
    ASSERT_TRUE(QFile::exists(path));
    const auto frames = identifyFrames(path);
    if (!frames)
        GTEST_SKIP() << "ImageMagick's identify is not installed (scripts/install-deps.sh installs it)";
    EXPECT_EQ(frames->size(), 5);
    for (const QSize &size : *frames)
        EXPECT_EQ(size, QSize(240, 160));
}

TEST_F(WindowRecordingTest, ACancelledEncodingKeepsTheFramesForAnotherTry)
{
    record(6);
    const QString path = folder.filePath(QStringLiteral("again.webp"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    int encodings = 0;
    actions->dialogs().onProgress = [&encodings](QProgressDialog *dialog, int done, int) {
        if (done == 1 && ++encodings == 1)
            dialog->cancel();
    };
    int asked = 0;
    actions->dialogs().askAfterCancelledSave = [&asked] {
        ++asked;
        return AnimationActions::CancelledSaveChoice::SaveAgain;
    };
    EXPECT_TRUE(actions->stopRecording());
    EXPECT_EQ(asked, 1);
    EXPECT_EQ(encodings, 2);
    EXPECT_TRUE(QFile::exists(path));
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QLatin1Char('\n')).toStdString();
}

TEST_F(WindowRecordingTest, TheCapStopsTheRecordingAndOffersToSave)
{
    actions->recorder()->setLimits(3, 60000);
    int asked = 0;
    actions->dialogs().askSavePath = [&asked](const QString &, const QString &) {
        ++asked;
        return QString();
    };
    actions->dialogs().askAfterCancelledSave = [] { return AnimationActions::CancelledSaveChoice::Discard; };
    QSignalSpy capped(actions->recorder(), &AnimationRecorder::capReached);
    record(5);
    EXPECT_FALSE(actions->recorder()->isRecording());
    EXPECT_EQ(capped.count(), 1);
    EXPECT_TRUE(QTest::qWaitFor([&asked] { return asked == 1; }));
}

TEST_F(WindowRecordingTest, PresentationModeKeepsTheIndicatorInSight)
{
    PresentationMode *presentation = window->presentationMode();
    ASSERT_NE(presentation, nullptr);
    record(1);
    presentation->toggleAction()->trigger();
    ASSERT_TRUE(presentation->isActive());
    for (int i = 0; i < 8; ++i)
        presentation->largerTextAction()->trigger();
    RecordingIndicator *indicator = actions->indicator();
    ASSERT_TRUE(QTest::qWaitFor([indicator, this] {
        return indicator->isVisible() && indicator->parentWidget() == window.get()
            && window->rect().contains(indicator->geometry());
    }));
    EXPECT_TRUE(window->rect().contains(indicator->geometry()))
        << indicator->geometry().x() << "," << indicator->geometry().y() << " " << indicator->width() << "x"
        << indicator->height() << " in " << window->width() << "x" << window->height();
    // Recording goes on while presenting.
    window->model()->setTemperature(3.0);
    QCoreApplication::processEvents();
    actions->recorder()->tick();
    EXPECT_EQ(actions->recorder()->frameCount(), 3);
    EXPECT_TRUE(actions->recorder()->isRecording());
    // Esc leaves presentation mode, never the recording.
    QTest::keyClick(window.get(), Qt::Key_Escape);
    QCoreApplication::processEvents();
    EXPECT_TRUE(actions->recorder()->isRecording());
    if (presentation->isActive())
        presentation->toggleAction()->trigger();
    ASSERT_TRUE(QTest::qWaitFor([indicator, this] { return indicator->parentWidget() == window->statusBar(); }));
    EXPECT_TRUE(indicator->isVisible());
    actions->recorder()->stop();
}

TEST_F(WindowRecordingTest, ARecordingOfTheWholeWindowLeavesOutItsOwnIndicator)
{
    actions->dialogs().configure = [](ExportAnimationDialog &dialog) {
        dialog.setView(FigureView::Window);
        dialog.setFigureSize(QSize(640, 360));
        return true;
    };
    ASSERT_TRUE(actions->startRecording(FigureView::Window));
    // The status bar's message from the start is a change of its own; then the window stands still.
    window->statusBar()->clearMessage();
    QCoreApplication::processEvents();
    actions->recorder()->tick();
    const int framesBefore = actions->recorder()->frameCount();
    const QString indicatorBefore = actions->indicator()->text();
    for (int i = 0; i < 12; ++i) {
        QCoreApplication::processEvents();
        actions->recorder()->tick();
    }
    // The indicator's text moved on, the frames did not.
    EXPECT_NE(actions->indicator()->text(), indicatorBefore);
    EXPECT_EQ(actions->recorder()->frameCount(), framesBefore);
    EXPECT_TRUE(actions->indicator()->label()->isVisible());
    actions->recorder()->stop();
}

TEST_F(WindowRecordingTest, ClosingTheWindowOffersToSaveTheRecording)
{
    record(2);
    const QString path = folder.filePath(QStringLiteral("closing.apng"));
    actions->dialogs().askSavePath = [path](const QString &, const QString &) { return path; };
    window->documentController()->dialogs().askUnsavedChanges = [](const QString &) {
        return DocumentController::UnsavedChoice::Discard;
    };
    window->close();
    EXPECT_FALSE(actions->recorder()->isRecording());
    EXPECT_TRUE(QFile::exists(path));
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QLatin1Char('\n')).toStdString();
}

TEST_F(WindowRecordingTest, AWindowDestroyedWhileRecordingTearsDownCleanly)
{
    // The window goes away with a recording running (the app quit by its last window, a test's
    // teardown): its event filter must not reach into the half-destroyed window, which crashed.
    record(1);
    ASSERT_TRUE(actions->recorder()->isRecording());
    QPointer<QStatusBar> statusBar = window->statusBar();
    window.reset();
    actions = nullptr;
    EXPECT_TRUE(statusBar.isNull());
}
