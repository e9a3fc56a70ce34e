#pragma once

#include "animationformat.h"
#include "figureoptions.h"
#include "figureviews.h"

#include <QImage>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace attnlens {

class AttentionModel;
class ViewState;
struct AnimationPlan;

/// How an animated figure looks and plays.
struct AnimationOptions {
    static constexpr int kMinimumFramesPerSecond = 1;
    static constexpr int kMaximumFramesPerSecond = 60;
    static constexpr int kDefaultFramesPerSecond = 15;

    FigureOptions figure;            ///< view, size, dpi, theme, caption (format is ignored)
    AnimationFormat format = AnimationFormat::Gif;
    int framesPerSecond = kDefaultFramesPerSecond;  ///< 1..60
    /// Each frame captioned with what it shows (defaultFigureCaption() of its state: the
    /// scenario, the head, the temperature and the mask, e.g. "... — temperature T = 0.3162 —
    /// no mask"), instead of figure.caption.
    bool captionEachFrame = false;
};

/// Draws an animation plan frame by frame with the still figures' painting code and encodes it.
class AnimationExporter {
public:
    AnimationExporter(AttentionModel *model, ViewState *viewState, const FigureViews &views = FigureViews());

    /// Called after each step: (steps done, total); return false to cancel (nothing is written).
    /// A frame is two steps, drawn (or handed over) and encoded, so total is twice the number of
    /// frames and the last call has done == total.
    using Progress = std::function<bool(int done, int total)>;

    /// Draws every frame of `plan` with FigureExporter (the still figures' painting code, off
    /// screen, at options.figure's size and dpi) and encodes each as it is drawn, writing `path`
    /// atomically (QSaveFile) as the writer goes, so no more than a few frames are in memory.
    /// A request that AnimationMemory estimates above its limit is refused before anything is
    /// drawn, with what makes it fit. The model ends exactly as it started (scenario, selection, no undo entry:
    /// the frames are not edits). Returns a message naming the file or the problem on failure;
    /// nullopt when written or cancelled (wasCancelled() tells which; a cancelled export writes
    /// nothing and leaves an existing file as it was).
    std::optional<QString> exportAnimation(const AnimationPlan &plan, const AnimationOptions &options,
                                           const QString &path, const Progress &progress = {});
    /// Encodes frames the caller already drew (the window's recording) the same way.
    /// A cancel returns "cancelled" (the file is not written).
    static std::optional<QString> writeFrames(const QList<QImage> &frames, const QList<int> &delaysMs,
                                              AnimationFormat format, const QString &path,
                                              const Progress &progress = {});
    bool wasCancelled() const;

    /// What writeFrames() returns when its progress callback cancels.
    static QString cancelledMessage();

private:
    AttentionModel *m_model;
    ViewState *m_viewState;
    FigureViews m_views;
    bool m_cancelled = false;
};

} // namespace attnlens
