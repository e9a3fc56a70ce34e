#pragma once

#include "animationformat.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <memory>

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
};

} // namespace attnlens
