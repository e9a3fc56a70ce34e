#pragma once

#include "animationformat.h"
#include "jsonfile.h"

#include <QByteArray>
#include <QImage>
#include <QString>

#include <functional>
#include <memory>
#include <optional>

namespace attnlens {

/// Encodes frames into an animated image file that it hands to a sink a piece at a time, so a
/// long or large animation is never held whole in memory: what a writer keeps between frames
/// is bounded by a few frames (see animationmemory.h for each format's figures). Every frame
/// has the first frame's size; a frame equal to the previous one lengthens the previous
/// frame's delay instead of being stored again. The animation loops forever.
class AnimationWriter {
public:
    /// A writer of `format` that writes the file into `sink` as it encodes.
    static std::unique_ptr<AnimationWriter> create(AnimationFormat format, const ByteSink &sink);
    virtual ~AnimationWriter();

    /// Adds one frame shown for delayMs; every frame has the first frame's size. False on a
    /// failure (errorString(), or sinkFailed()) or when the progress callback cancelled.
    virtual bool addFrame(const QImage &frame, int delayMs) = 0;
    /// Writes the rest of the file; false as addFrame().
    virtual bool finish() = 0;
    QString errorString() const { return m_error; }
    /// The sink refused bytes: the file could not be written (its owner knows why).
    bool sinkFailed() const { return m_sinkFailed; }

    /// (frames encoded, frames added); return false to stop.
    using Progress = std::function<bool(int encoded, int added)>;
    /// Called whenever more of the added frames are encoded: during addFrame() for the writers
    /// that encode as the frames come (APNG, WebP), in finish() for the GIF writer, which needs
    /// every frame's colours first. A frame equal to the one before counts as encoded with it.
    /// Returning false stops the writer: addFrame() or finish() returns false and
    /// wasCancelled() is true.
    void setEncodingProgress(const Progress &progress) { m_encodingProgress = progress; }
    bool wasCancelled() const { return m_cancelled; }
    /// Frames given to addFrame() so far, and how many of them are encoded.
    int framesAdded() const { return m_added; }
    int framesEncoded() const { return m_encoded; }

protected:
    explicit AnimationWriter(const ByteSink &sink);

    /// Why `frame` cannot be added after frames of `firstSize` (an empty size: it is the first),
    /// in the user's language; nothing when it can.
    static std::optional<QString> frameProblem(const QImage &frame, const QSize &firstSize);
    /// The smallest rectangle holding every pixel where `a` and `b` (same size, 32-bit) differ;
    /// empty when they are equal. GIF and APNG store only that part of a frame.
    static QRect differingRect(const QImage &a, const QImage &b);

    /// Hands bytes to the sink; false (and sinkFailed()) when it refuses them.
    bool write(const char *data, qint64 size);
    bool write(const QByteArray &bytes) { return write(bytes.constData(), bytes.size()); }
    void setError(const QString &error) { m_error = error; }
    /// One more frame given to addFrame().
    void countAdded() { ++m_added; }
    /// `frames` more of the added frames are encoded; false when the caller asked to stop.
    bool reportEncoded(int frames);

private:
    ByteSink m_sink;
    Progress m_encodingProgress;
    QString m_error;
    int m_added = 0;
    int m_encoded = 0;
    bool m_cancelled = false;
    bool m_sinkFailed = false;
};

} // namespace attnlens
