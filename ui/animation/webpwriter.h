#pragma once

#include "animationwriter.h"

#include <QList>

struct WebPAnimEncoder;

namespace attnlens {

/// Animated WebP through libwebp's WebPAnimEncoder (webp/mux.h), lossless: every frame decodes
/// to exactly the pixels it was given. A frame equal to the one before lengthens that frame.
///
/// What it keeps: the frame held until the next different one tells its delay, and libwebp's
/// encoder, which holds three canvases of the frame's size, the candidates of the last frame
/// or two, and every frame it has encoded (a copy in its muxer); finish() assembles the whole
/// file in memory once more before handing it to the sink. So memory grows with the encoded
/// size of the animation, not with its raw pixels (animationmemory.h counts both).
class WebPWriter : public AnimationWriter {
public:
    explicit WebPWriter(const ByteSink &sink);
    ~WebPWriter() override;

    bool addFrame(const QImage &frame, int delayMs) override;
    bool finish() override;

private:
    /// Hands the held frame to the encoder, starting at m_timestampMs.
    bool encodeHeld();

    WebPAnimEncoder *m_encoder = nullptr;
    QImage m_held;        // the last distinct frame, not yet encoded (ARGB32)
    int m_heldDelayMs = 0;
    int m_heldInputs = 0;  // frames added that the held frame stands for
    int m_timestampMs = 0;
    int m_frameCount = 0;
};

} // namespace attnlens
