#pragma once

#include "animationwriter.h"

#include <QList>

struct WebPAnimEncoder;

namespace attnlens {

/// Animated WebP through libwebp's WebPAnimEncoder (webp/mux.h), lossless: every frame decodes
/// to exactly the pixels it was given. A frame equal to the one before lengthens that frame.
class WebPWriter : public AnimationWriter {
public:
    WebPWriter();
    ~WebPWriter() override;

    bool addFrame(const QImage &frame, int delayMs) override;
    QByteArray finish() override;
    QString errorString() const override { return m_error; }

private:
    /// Hands the held frame to the encoder, starting at m_timestampMs.
    bool encodeHeld();

    WebPAnimEncoder *m_encoder = nullptr;
    QImage m_held;        // the last distinct frame, not yet encoded (ARGB32)
    int m_heldDelayMs = 0;
    int m_timestampMs = 0;
    int m_frameCount = 0;
    QString m_error;
};

} // namespace attnlens
