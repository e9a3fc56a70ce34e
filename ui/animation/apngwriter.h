#pragma once

#include "animationwriter.h"

#include <QList>

namespace attnlens {

/// Animated PNG: each frame is a PNG written by Qt (its codec, libpng's compression); this
/// writer only lays out the APNG chunks around them: acTL after IHDR, an fcTL before each
/// frame, the first frame's IDAT as the default image (so a viewer without APNG shows frame 1),
/// the others' image data as fdAT, with CRCs from zlib. After the first, a frame holds only
/// the rectangle where it differs from the one before (dispose none, blend source). Lossless;
/// loops forever. A frame equal to the one before lengthens that frame. The first frame's text chunks (the scenario of a
/// figure) are kept.
class ApngWriter : public AnimationWriter {
public:
    ApngWriter();
    ~ApngWriter() override;

    bool addFrame(const QImage &frame, int delayMs) override;
    QByteArray finish() override;
    QString errorString() const override { return m_error; }

private:
    QList<QImage> m_frames;
    QList<int> m_delaysMs;
    QString m_error;
};

} // namespace attnlens
