#include "animationrecorder.h"

#include "animationmemory.h"
#include "attentionmodel.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "headtitle.h"

#include <QTimer>
#include <QWidget>

#include <algorithm>

namespace attnlens {

AnimationRecorder::AnimationRecorder(AttentionModel *model, ViewState *viewState, const FigureViews &views,
                                     QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_views(views)
    , m_timer(new QTimer(this))
{
    setObjectName(QStringLiteral("animationRecorder"));
    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &AnimationRecorder::tick);
}

AnimationRecorder::~AnimationRecorder() = default;

void AnimationRecorder::setTimerDriven(bool timerDriven)
{
    m_timerDriven = timerDriven;
    if (!timerDriven)
        m_timer->stop();
    else if (m_recording)
        m_timer->start();
}

std::optional<QString> AnimationRecorder::start(const FigureOptions &figure, int framesPerSecond, bool captionEachFrame)
{
    if (m_recording)
        stop();
    auto exporter = std::make_unique<FigureExporter>(m_model, m_viewState, m_views);
    FigureOptions options = figure;
    options.format = FigureFormat::Png;
    // Measured with the first frame's caption, so that the band under the view has its room.
    if (captionEachFrame)
        options.caption = defaultFigureCaption(m_model->scenario(), headTag(*m_model));
    options.size = exporter->figureSize(options);
    if (const auto problem = exporter->validate(options))
        return problem;
    clear();
    m_exporter = std::move(exporter);
    m_figure = options;
    m_captionEachFrame = captionEachFrame;
    m_fps = std::max(1, framesPerSecond);
    m_recording = true;
    m_ticks = 0;
    m_timer->setInterval(1000 / m_fps);
    emit recordingChanged(true);
    // The first frame is the state the recording starts from.
    tick();
    if (m_recording && m_timerDriven)
        m_timer->start();
    return std::nullopt;
}

void AnimationRecorder::stop()
{
    if (!m_recording)
        return;
    m_timer->stop();
    m_recording = false;
    emit recordingChanged(false);
}

void AnimationRecorder::clear()
{
    m_frames.clear();
    m_frameStartTicks.clear();
    m_ticks = 0;
}

int AnimationRecorder::frameLimit() const
{
    return frameLimitFor(m_figure.pixelSize(m_figure.size), m_maximumFrames);
}

qint64 AnimationRecorder::memoryFor(const QSize &pixels, int frames)
{
    const qint64 frameBytes = qint64(pixels.width()) * pixels.height() * 4;
    return qint64(frames) * frameBytes + AnimationMemory::largestEstimate(frames, pixels);
}

int AnimationRecorder::frameLimitFor(const QSize &pixels, int maximumFrames)
{
    // memoryFor() grows with the frames: the largest count that fits, by bisection.
    int low = 1;
    int high = std::max(1, maximumFrames);
    while (low < high) {
        const int middle = low + (high - low + 1) / 2;
        if (memoryFor(pixels, middle) <= kMaximumBytes)
            low = middle;
        else
            high = middle - 1;
    }
    return low;
}

void AnimationRecorder::setConcealedWidgets(const QList<QWidget *> &widgets)
{
    m_concealed.clear();
    for (QWidget *widget : widgets)
        m_concealed.append(widget);
}

void AnimationRecorder::setLimits(int maximumFrames, qint64 maximumMs)
{
    m_maximumFrames = std::clamp(maximumFrames, 1, int(kMaximumFrames));
    m_maximumMs = std::clamp<qint64>(maximumMs, 1, qint64(kMaximumSeconds) * 1000);
}

void AnimationRecorder::tick()
{
    if (!m_recording || !m_exporter)
        return;
    QList<QWidget *> hidden;
    for (QWidget *widget : std::as_const(m_concealed)) {
        if (widget && widget->isVisible()) {
            widget->hide();
            hidden.append(widget);
        }
    }
    if (m_captionEachFrame)
        m_figure.caption = defaultFigureCaption(m_model->scenario(), headTag(*m_model));
    QImage image = m_exporter->renderImage(m_figure);
    for (QWidget *widget : std::as_const(hidden))
        widget->show();
    if (m_frames.isEmpty() || image != m_frames.constLast()) {
        // The scenario's text (as large as the scenario's JSON, in UTF-16) is written with the
        // first frame only: the others need not keep it.
        if (!m_frames.isEmpty())
            image.setText(QLatin1String(FigureExporter::kScenarioTextKey), QString());
        if (m_frames.size() >= frameLimit()) {
            stop();
            emit capReached(tr("The recording stopped at its limit of %1 distinct frames.").arg(frameLimit()));
            return;
        }
        m_frames.append(image);
        m_frameStartTicks.append(m_ticks);
    }
    ++m_ticks;
    emit progressed(elapsedMs(), frameCount());
    if (elapsedMs() >= m_maximumMs) {
        stop();
        emit capReached(tr("The recording stopped at its longest length, %1 s.").arg(m_maximumMs / 1000));
    }
}

qint64 AnimationRecorder::tickToMs(qint64 tick) const
{
    return (tick * 1000 + m_fps / 2) / m_fps;
}

qint64 AnimationRecorder::elapsedMs() const
{
    return tickToMs(m_ticks);
}

QList<int> AnimationRecorder::delaysMs() const
{
    QList<int> delays;
    delays.reserve(m_frames.size());
    for (qsizetype i = 0; i < m_frameStartTicks.size(); ++i) {
        const qint64 end = i + 1 < m_frameStartTicks.size() ? m_frameStartTicks[i + 1] : m_ticks;
        delays.append(int(tickToMs(end) - tickToMs(m_frameStartTicks[i])));
    }
    return delays;
}

} // namespace attnlens
