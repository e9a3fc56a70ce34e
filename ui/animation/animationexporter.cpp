#include "animationexporter.h"

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

/// The file, reporting its encoding as the second half of the steps (frames + 1 .. 2 × frames).
QByteArray finishWithProgress(AnimationWriter &writer, int frames, const AnimationExporter::Progress &progress)
{
    if (progress) {
        writer.setEncodingProgress([&progress, frames](int done, int total) {
            return progress(frames + int(qint64(done) * frames / std::max(1, total)), 2 * frames);
        });
    }
    return writer.finish();
}

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

    const FigureExporter exporter(m_model, m_viewState, m_views);
    FigureOptions figure = options.figure;
    figure.format = FigureFormat::Png;
    std::unique_ptr<AnimationWriter> writer = AnimationWriter::create(options.format);
    const Scenario start = m_model->wholeScenario();
    const int total = plan.frameCount(*m_model);
    // The frames are not edits: they happen inside one edit that ends where it began, so the
    // undo history records nothing and the document is not modified. (The edit's name is never
    // shown: an edit that changes nothing leaves no step.)
    m_model->beginEdit(QStringLiteral("Animation"));
    std::optional<QString> failure;
    for (int index = 0; index < total && !failure && !m_cancelled; ++index) {
        plan.apply(*m_model, start, index);
        if (m_views.window) {
            // The live window's views follow the model on its signals.
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
        }
        if (options.captionEachFrame)
            figure.caption = defaultFigureCaption(m_model->scenario(), headTag(*m_model));
        if (index == 0) {
            // One size for every frame, measured on the first (with its caption).
            if (figure.size.isEmpty())
                figure.size = exporter.defaultSize(figure);
            if (const auto problem = exporter.validate(figure)) {
                failure = notWritten(path, *problem);
                break;
            }
        }
        const QImage frame = exporter.renderImage(figure);
        if (frame.isNull())
            failure = notWritten(path, QCoreApplication::translate("attnlens::AnimationExporter", "the figure could not be drawn."));
        else if (!writer->addFrame(frame, frameDelayMs(index, options.framesPerSecond)))
            failure = notWritten(path, writer->errorString());
        else if (progress && !progress(index + 1, 2 * total))
            m_cancelled = true;
    }
    restore(*m_model, plan, start);
    m_model->endEdit();
    if (m_views.window) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents(QEventLoop::ExcludeUserInputEvents);
    }
    if (failure)
        return failure;
    if (m_cancelled)
        return std::nullopt;

    const QByteArray bytes = finishWithProgress(*writer, total, progress);
    if (writer->wasCancelled()) {
        m_cancelled = true;
        return std::nullopt;
    }
    if (bytes.isEmpty())
        return notWritten(path, writer->errorString());
    if (const auto error = writeFileAtomically(path, bytes))
        return error->message;
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
    std::unique_ptr<AnimationWriter> writer = AnimationWriter::create(format);
    for (int index = 0; index < frames.size(); ++index) {
        if (!writer->addFrame(frames[index], delaysMs[index]))
            return notWritten(path, writer->errorString());
        if (progress && !progress(index + 1, 2 * int(frames.size())))
            return cancelledMessage();
    }
    const QByteArray bytes = finishWithProgress(*writer, int(frames.size()), progress);
    if (writer->wasCancelled())
        return cancelledMessage();
    if (bytes.isEmpty())
        return notWritten(path, writer->errorString());
    if (const auto error = writeFileAtomically(path, bytes))
        return error->message;
    return std::nullopt;
}

} // namespace attnlens
