#pragma once

#include "animationformat.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace attnlens {

/// Encodes frames into an animated image file in memory. Every frame has the first frame's
/// size; a frame equal to the previous one lengthens the previous frame's delay instead of
/// being stored again. The animation loops forever.
class AnimationWriter {
public:
    static std::unique_ptr<AnimationWriter> create(AnimationFormat format);
    virtual ~AnimationWriter();

    /// Adds one frame shown for delayMs; every frame has the first frame's size.
    virtual bool addFrame(const QImage &frame, int delayMs) = 0;
    /// The encoded file (empty on failure; errorString() says why).
    virtual QByteArray finish() = 0;
    virtual QString errorString() const = 0;

    /// (frames encoded, frames to encode); return false to stop.
    using Progress = std::function<bool(int done, int total)>;
    /// Called by finish() after each frame it encodes (the GIF and APNG writers encode there,
    /// the WebP writer as the frames come); returning false stops it: finish() then returns an
    /// empty file and wasCancelled() is true.
    void setEncodingProgress(const Progress &progress) { m_encodingProgress = progress; }
    bool wasCancelled() const { return m_cancelled; }

protected:
    /// Why `frame` cannot be added after frames of `firstSize` (an empty size: it is the first),
    /// in the user's language; nothing when it can.
    static std::optional<QString> frameProblem(const QImage &frame, const QSize &firstSize);

    /// Reports encoding progress; false when the caller asked to stop.
    bool reportEncoding(int done, int total)
    {
        if (m_encodingProgress && !m_encodingProgress(done, total))
            m_cancelled = true;
        return !m_cancelled;
    }

private:
    Progress m_encodingProgress;
    bool m_cancelled = false;
};

} // namespace attnlens
