#pragma once

#include "animationwriter.h"

#include <QImage>
#include <QRect>
#include <QTemporaryFile>

namespace attnlens {

/// Animated PNG: each frame is a PNG written by Qt (its codec, libpng's compression); this
/// writer only lays out the APNG chunks around them: acTL after IHDR, an fcTL before each
/// frame, the first frame's IDAT as the default image (so a viewer without APNG shows frame 1),
/// the others' image data as fdAT, with CRCs from zlib. After the first, a frame holds only
/// the rectangle where it differs from the one before (dispose none, blend source). Lossless;
/// loops forever. A frame equal to the one before lengthens that frame. The first frame's text
/// chunks (the scenario of a figure) are kept. The first frame decides whether the file has an
/// alpha channel; later frames are converted to its pixel format.
///
/// Each frame is encoded as it comes; its chunks wait (compressed) until the next different
/// frame tells its delay, and then go to a temporary file, because acTL, which counts the
/// frames, comes before them: finish() writes the header, acTL and the temporary file's chunks
/// to the sink. Memory holds the last frame and one encoded frame.
class ApngWriter : public AnimationWriter {
public:
    explicit ApngWriter(const ByteSink &sink);
    ~ApngWriter() override;

    bool addFrame(const QImage &frame, int delayMs) override;
    bool finish() override;

private:
    /// Encodes `whole` (rect of it after the first frame) as the pending frame.
    bool encode(const QImage &whole, const QRect &rect);
    /// Writes the pending frame's fcTL and data to the temporary file.
    bool flushPending();

    QImage::Format m_format = QImage::Format_Invalid;
    QImage m_last;             // the last distinct frame, in m_format
    QByteArray m_header;       // the first frame's IHDR data
    QByteArray m_headerTail;   // IHDR without the size, which every frame's must match
    QByteArray m_pendingData;  // the pending frame's chunks: ancillary (first frame), then IDAT
    QRect m_pendingRect;
    int m_pendingDelayMs = 0;
    int m_pendingInputs = 0;   // frames added that the pending frame stands for
    bool m_hasPending = false;
    quint32 m_sequence = 0;
    int m_frames = 0;          // frames written to the temporary file
    QTemporaryFile m_body;     // every frame's chunks, from the first fcTL on
};

} // namespace attnlens
