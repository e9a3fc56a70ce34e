#include "animationwriter.h"

#include "apngwriter.h"
#include "gifwriter.h"
#include "webpwriter.h"

#include <QCoreApplication>

namespace attnlens {

std::unique_ptr<AnimationWriter> AnimationWriter::create(AnimationFormat format, const ByteSink &sink)
{
    switch (format) {
    case AnimationFormat::Gif:
        return std::make_unique<GifWriter>(sink);
    case AnimationFormat::WebP:
        return std::make_unique<WebPWriter>(sink);
    case AnimationFormat::Apng:
        return std::make_unique<ApngWriter>(sink);
    }
    return nullptr;
}

AnimationWriter::AnimationWriter(const ByteSink &sink)
    : m_sink(sink)
{
}

AnimationWriter::~AnimationWriter() = default;

bool AnimationWriter::write(const char *data, qint64 size)
{
    if (m_sinkFailed)
        return false;
    if (size > 0 && !m_sink(data, size)) {
        m_sinkFailed = true;
        m_error = QCoreApplication::translate("attnlens::Animation", "The file could not be written.");
        return false;
    }
    return true;
}

bool AnimationWriter::reportEncoded(int frames)
{
    m_encoded += frames;
    if (m_encodingProgress && !m_encodingProgress(m_encoded, m_added)) {
        m_cancelled = true;
        m_error = QCoreApplication::translate("attnlens::AnimationExporter", "cancelled");
    }
    return !m_cancelled;
}

std::optional<QString> AnimationWriter::frameProblem(const QImage &frame, const QSize &firstSize)
{
    if (frame.isNull())
        return QCoreApplication::translate("attnlens::Animation", "A frame of the animation is empty.");
    if (!firstSize.isEmpty() && frame.size() != firstSize) {
        return QCoreApplication::translate("attnlens::Animation", "A frame is %1 × %2 pixels, not %3 × %4 as the first.")
            .arg(frame.width())
            .arg(frame.height())
            .arg(firstSize.width())
            .arg(firstSize.height());
    }
    return std::nullopt;
}

} // namespace attnlens
