#pragma once

#include <QImage>
#include <QRect>
#include <QString>
#include <QTemporaryFile>

namespace attnlens {

/// Frames kept out of memory until they can be encoded (the GIF writer needs every frame's
/// colours before it writes the first): each frame is stored as the rectangle where it differs
/// from the frame before, deflated at zlib's fastest level, in a temporary file in
/// QDir::tempPath() (TMPDIR) that is removed with the spill. Memory holds at most one frame's
/// compressed rectangle while writing and while reading.
///
/// Frames are read back in the order they were stored, each drawn over the one before in one
/// canvas, so what is read is exactly what was appended.
class FrameSpill {
public:
    FrameSpill();
    ~FrameSpill();
    FrameSpill(const FrameSpill &) = delete;
    FrameSpill &operator=(const FrameSpill &) = delete;

    /// Stores `rect` of `frame` (32-bit pixels; the first frame's rect is the whole frame).
    /// False with errorString() when the temporary file cannot be made or written.
    bool append(const QImage &frame, const QRect &rect);
    /// Starts reading at the first frame; `canvas` must be a 32-bit image of the frames' size.
    bool rewind();
    /// Draws the next frame's rectangle into `canvas`, which holds the frame before it.
    bool readNext(QImage &canvas);

    int frameCount() const { return m_frames; }
    /// Bytes in the temporary file.
    qint64 bytes() const;
    QString errorString() const { return m_error; }

private:
    bool fail(const QString &why);

    QTemporaryFile m_file;
    int m_frames = 0;
    QString m_error;
};

} // namespace attnlens
