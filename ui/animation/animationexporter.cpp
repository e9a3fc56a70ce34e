#include "animationexporter.h"

#include "animationmemory.h"
#include "animationplan.h"
#include "animationwriter.h"
#include "attentionmodel.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "headtitle.h"
#include "jsonfile.h"

#include <QCoreApplication>
#include <QDir>

#include <cmath>

namespace attnlens {

namespace {

QString notWritten(const QString &path, const QString &why)
{
    return QCoreApplication::translate("attnlens::AnimationExporter", "%1: not written: %2").arg(QDir::toNativeSeparators(path), why);
}

/// Frame i's delay at `framesPerSecond`, rounded on the running clock so the delays add up.
int frameDelayMs(int index, int framesPerSecond)
{
    const double step = 1000.0 / framesPerSecond;
    return int(std::lround((index + 1) * step) - std::lround(index * step));
}

/// Brings the model back to `start` through the setter the plan used, so nothing else (the
/// views, the selection) is reset; the whole scenario only when something else moved with it
/// (a derived scenario's Q is detached from its tokens when a query row is set).
void restore(AttentionModel &model, const AnimationPlan &plan, const Scenario &start)
{
    switch (plan.kind) {
    case AnimationPlan::Kind::Temperature:
        model.setTemperature(start.temperature);
        break;
    case AnimationPlan::Kind::CausalMask:
        model.setMask(start.allowed);
        break;
    case AnimationPlan::Kind::QueryPath:
    case AnimationPlan::Kind::QueryCircle:
        if (plan.query >= 0 && plan.query < start.queryCount()) {
            const Index head = model.selectedHead();
            model.setHeadQueryRow(head, plan.query, start.headQueries(head).row(plan.query));
        }
        break;
    }
    if (model.wholeScenario() != start) {
        const Index head = model.selectedHead();
        model.setScenario(start);
        model.selectHead(head);
    }
}

/// The export's progress: a frame is two steps, drawn (or handed over) and encoded, reported
/// whenever their sum grows (the writer encodes as frames come, or all at the end).
class StepReporter {
public:
    StepReporter(const AnimationExporter::Progress &progress, int frames)
        : m_progress(progress)
        , m_total(2 * frames)
    {
    }
    /// Reports `drawn` + the writer's encoded frames; false when the caller cancelled.
    bool report(int drawn, int encoded)
    {
        const int done = drawn + encoded;
        if (!m_progress || done <= m_reported)
            return true;
        m_reported = done;
        return m_progress(done, m_total);
    }

private:
    AnimationExporter::Progress m_progress;
    int m_total;
    int m_reported = 0;
};

} // namespace

AnimationExporter::AnimationExporter(AttentionModel *model, ViewState *viewState, const FigureViews &views)
    : m_model(model)
    , m_viewState(viewState)
    , m_views(views)
{
}

bool AnimationExporter::wasCancelled() const
{
    return m_cancelled;
}

QString AnimationExporter::cancelledMessage()
{
    return QCoreApplication::translate("attnlens::AnimationExporter", "cancelled");
}

std::optional<QString> AnimationExporter::exportAnimation(const AnimationPlan &plan, const AnimationOptions &options,
                                                          const QString &path, const Progress &progress)
{
    m_cancelled = false;
    if (options.framesPerSecond < AnimationOptions::kMinimumFramesPerSecond
        || options.framesPerSecond > AnimationOptions::kMaximumFramesPerSecond) {
        return notWritten(path, QCoreApplication::translate("attnlens::AnimationExporter", "%1 frames per second is out of range (%2 to %3).")
                                    .arg(options.framesPerSecond)
                                    .arg(AnimationOptions::kMinimumFramesPerSecond)
                                    .arg(AnimationOptions::kMaximumFramesPerSecond));
    }
    if (const auto problem = plan.check(*m_model))
        return notWritten(path, *problem);

    // In the window, the frames of a view are drawn from a copy of the document: the live views,
    // the undo history, the autosave and the lesson see nothing move. The whole window is drawn
    // from the window itself, and so from the live document (inside one edit that ends where it
    // began); so is every animation of the command line, whose model nothing else shows (and
    // whose heads, handed over from --npz, are not computed twice).
    const bool live = !m_views.window || options.figure.view == FigureView::Window;
    AttentionModel copy;
    if (!live) {
        copy.setScenario(m_model->wholeScenario());
        copy.selectHead(m_model->selectedHead());
    }
    AttentionModel &model = live ? *m_model : copy;
    const FigureExporter exporter(&model, m_viewState, m_views);
    FigureOptions figure = options.figure;
    figure.format = FigureFormat::Png;
    const int total = plan.frameCount(model);
    // Refused before anything is drawn or written when it would need more memory than allowed.
    {
        FigureOptions sized = figure;
        if (sized.size.isEmpty())
            sized.size = exporter.defaultSize(sized);
        if (!exporter.validate(sized)) {
            const qint64 need = AnimationMemory::estimate(options.format, total, sized.pixelSize(sized.size));
            if (const auto problem = AnimationMemory::problem(need, AnimationMemory::limit()))
                return notWritten(path, *problem);
        }
    }
    const Scenario start = model.wholeScenario();
    std::optional<QString> failure;
    bool sinkFailed = false;  // writeFileAtomically() names the system's reason
    int drawn = 0;
    StepReporter steps(progress, total);
    // The file is written as the frames are encoded (atomically: a failure or a cancel leaves
    // an existing file as it was).
    const std::optional<Error> written = writeFileAtomically(path, [&](const ByteSink &sink) {
        std::unique_ptr<AnimationWriter> writer = AnimationWriter::create(options.format, sink);
        writer->setEncodingProgress([&](int encoded, int) {
            return steps.report(drawn, encoded);
        });
        // On the live document the frames are not edits: they happen inside one edit that ends
        // where it began, so the undo history records nothing and the document is not modified.
        // (The edit's name is never shown: an edit that changes nothing leaves no step.)
        const bool queryMoves = plan.kind == AnimationPlan::Kind::QueryPath || plan.kind == AnimationPlan::Kind::QueryCircle;
        const int movingQuery = queryMoves ? plan.query : -1;
        if (live)
            m_model->beginEdit(QStringLiteral("Animation"));
        for (int index = 0; index < total && !failure && !m_cancelled && !sinkFailed; ++index) {
            plan.apply(model, start, index);
            if (live && m_views.window) {
                // The live window's views follow the model on its signals.
                QCoreApplication::sendPostedEvents();
                QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
            }
            if (options.captionEachFrame)
                figure.caption = animationFrameCaption(model.scenario(), headTag(model), movingQuery);
            if (index == 0) {
                // One size for every frame, measured on the first (with its caption).
                if (figure.size.isEmpty())
                    figure.size = exporter.defaultSize(figure);
                if (const auto problem = exporter.validate(figure)) {
                    failure = notWritten(path, *problem);
                    break;
                }
            }
            QImage frame = exporter.renderImage(figure);
            drawn = index + 1;
            if (frame.isNull()) {
                failure = notWritten(path, QCoreApplication::translate("attnlens::AnimationExporter", "the figure could not be drawn."));
            } else if (!writer->addFrame(frame, frameDelayMs(index, options.framesPerSecond))) {
                if (writer->wasCancelled())
                    m_cancelled = true;
                else if (!writer->sinkFailed())
                    failure = notWritten(path, writer->errorString());
                else
                    sinkFailed = true;
            } else if (!steps.report(drawn, writer->framesEncoded())) {
                m_cancelled = true;
            }
        }
        if (live) {
            restore(*m_model, plan, start);
            m_model->endEdit();
        }
        if (live && m_views.window) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        }
        if (failure || m_cancelled || sinkFailed)
            return false;
        if (writer->finish())
            return true;
        if (writer->wasCancelled())
            m_cancelled = true;
        else if (!writer->sinkFailed())
            failure = notWritten(path, writer->errorString());
        return false;
    });
    if (m_cancelled)
        return std::nullopt;
    if (failure)
        return failure;
    if (written)
        return written->message;
    return std::nullopt;
}

std::optional<QString> AnimationExporter::writeFrames(const QList<QImage> &frames, const QList<int> &delaysMs,
                                                      AnimationFormat format, const QString &path,
                                                      const Progress &progress)
{
    if (frames.isEmpty())
        return notWritten(path, QCoreApplication::translate("attnlens::AnimationExporter", "the recording has no frames."));
    if (delaysMs.size() != frames.size())
        return notWritten(path, QCoreApplication::translate("attnlens::AnimationExporter", "each frame needs its delay."));
    const int total = int(frames.size());
    std::optional<QString> failure;
    bool cancelled = false;
    int handed = 0;
    StepReporter steps(progress, total);
    const std::optional<Error> written = writeFileAtomically(path, [&](const ByteSink &sink) {
        std::unique_ptr<AnimationWriter> writer = AnimationWriter::create(format, sink);
        writer->setEncodingProgress([&](int encoded, int) {
            return steps.report(handed, encoded);
        });
        const auto stopped = [&] {
            if (writer->wasCancelled())
                cancelled = true;
            else if (!writer->sinkFailed())
                failure = notWritten(path, writer->errorString());
            return false;
        };
        for (int index = 0; index < total; ++index) {
            handed = index + 1;
            if (!writer->addFrame(frames[index], delaysMs[index]))
                return stopped();
            if (!steps.report(handed, writer->framesEncoded())) {
                cancelled = true;
                return false;
            }
        }
        return writer->finish() || stopped();
    });
    if (cancelled)
        return cancelledMessage();
    if (failure)
        return failure;
    if (written)
        return written->message;
    return std::nullopt;
}

} // namespace attnlens
