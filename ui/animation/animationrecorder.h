#pragma once

#include "figureoptions.h"
#include "figureviews.h"

#include <QImage>
#include <QList>
#include <QObject>
#include <QPointer>

#include <memory>

class QTimer;
class QWidget;

namespace attnlens {

class AttentionModel;
class FigureExporter;
class ViewState;

/// Records a view (or the whole window) while the user works: at every tick the view is drawn
/// off screen with FigureExporter, at the chosen size, never grabbed from the screen. A frame
/// equal to the one before it is not kept: it lengthens that frame's delay instead, so a pause
/// costs no memory.
///
/// Time is counted in ticks, not read from a clock: frame i lasts (ticks until the next frame)
/// × 1000 / fps milliseconds, rounded so that the delays add up to the recording's length. The
/// ticks come from a timer at the frame rate, or, for tests, from calls of tick() alone
/// (setTimerDriven(false)).
///
/// A recording stops by itself at kMaximumSeconds, at kMaximumFrames distinct frames, or when
/// its frames and the saving of them would take more than kMaximumBytes of memory: the frames
/// are kept in memory (4 bytes a pixel; only the first keeps the scenario's text), and saving
/// adds the writer's own memory (AnimationMemory's estimate of the largest format, as the
/// format is chosen after the recording). capReached() says which limit stopped it.
class AnimationRecorder : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaximumSeconds = 120;
    static constexpr int kMaximumFrames = 1500;
    static constexpr qint64 kMaximumBytes = 1024LL * 1024 * 1024;

    AnimationRecorder(AttentionModel *model, ViewState *viewState, const FigureViews &views,
                      QObject *parent = nullptr);
    ~AnimationRecorder() override;

    /// True (the default): a timer ticks at the frame rate while recording. False: only tick().
    void setTimerDriven(bool timerDriven);

    /// Starts a new recording (dropping the frames of the last one) and draws its first frame.
    /// With `captionEachFrame` every frame is captioned with its own state (defaultFigureCaption:
    /// the temperature and the mask as they were when it was drawn) instead of figure.caption.
    /// Returns why it cannot start (a figure that cannot be drawn), if it cannot.
    std::optional<QString> start(const FigureOptions &figure, int framesPerSecond, bool captionEachFrame = false);
    /// Stops recording; the frames stay until the next start() or clear().
    void stop();
    bool isRecording() const { return m_recording; }

    /// One tick: draws the view; a new picture becomes a frame, the same picture lengthens the
    /// last frame.
    void tick();

    /// The distinct frames and how long each is shown, in milliseconds.
    const QList<QImage> &frames() const { return m_frames; }
    QList<int> delaysMs() const;
    int frameCount() const { return int(m_frames.size()); }
    /// The recording's length so far.
    qint64 elapsedMs() const;
    int framesPerSecond() const { return m_fps; }
    const FigureOptions &figureOptions() const { return m_figure; }
    /// The most distinct frames this recording can keep (kMaximumFrames, or fewer when large
    /// frames would pass kMaximumBytes).
    int frameLimit() const;
    /// The most distinct frames of `pixels` whose recording and saving fit kMaximumBytes, at
    /// least 1 and at most maximumFrames.
    static int frameLimitFor(const QSize &pixels, int maximumFrames);
    /// The memory `frames` distinct frames of `pixels` take while they are saved: the frames
    /// and the largest writer's estimate.
    static qint64 memoryFor(const QSize &pixels, int frames);
    /// Lower limits than the defaults (kMaximumFrames distinct frames, kMaximumSeconds): for a
    /// short recording, and for tests that reach the limits in a few ticks.
    void setLimits(int maximumFrames, qint64 maximumMs);
    void clear();

    /// Widgets left out of every frame (hidden while it is drawn, shown again at once): the
    /// recording's own indicator, whose changing text would otherwise make every frame new.
    void setConcealedWidgets(const QList<QWidget *> &widgets);

signals:
    void recordingChanged(bool recording);
    /// After every tick: the length so far and the distinct frames.
    void progressed(qint64 elapsedMs, int frames);
    /// The recording stopped at a limit; `message` says which.
    void capReached(const QString &message);

private:
    qint64 tickToMs(qint64 tick) const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    FigureViews m_views;
    std::unique_ptr<FigureExporter> m_exporter;
    QTimer *m_timer;
    bool m_timerDriven = true;
    bool m_recording = false;
    FigureOptions m_figure;
    bool m_captionEachFrame = false;
    int m_fps = 10;
    int m_maximumFrames = kMaximumFrames;
    qint64 m_maximumMs = qint64(kMaximumSeconds) * 1000;
    qint64 m_ticks = 0;             ///< ticks drawn so far (the first frame is tick 0)
    QList<QImage> m_frames;
    QList<QPointer<QWidget>> m_concealed;
    QList<qint64> m_frameStartTicks;  ///< the tick at which each frame first appeared
};

} // namespace attnlens
