#include "animationwriter.h"

#include "apngwriter.h"
#include "gifwriter.h"
#include "webpwriter.h"

#include <QCoreApplication>
#include <QRect>

#include <algorithm>

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

QRect AnimationWriter::differingRect(const QImage &a, const QImage &b)
{
    int left = a.width(), top = a.height(), right = -1, bottom = -1;
    for (int y = 0; y < a.height(); ++y) {
        const QRgb *p = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const QRgb *q = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        if (std::equal(p, p + a.width(), q))
            continue;
        top = std::min(top, y);
        bottom = y;
        int x0 = 0;
        while (p[x0] == q[x0])
            ++x0;
        int x1 = a.width() - 1;
        while (p[x1] == q[x1])
            --x1;
        left = std::min(left, x0);
        right = std::max(right, x1);
    }
    return right < 0 ? QRect() : QRect(QPoint(left, top), QPoint(right, bottom));
}

} // namespace attnlens
