#include "animationwriter.h"

#include "apngwriter.h"
#include "gifwriter.h"
#include "webpwriter.h"

#include <QCoreApplication>

namespace attnlens {

std::unique_ptr<AnimationWriter> AnimationWriter::create(AnimationFormat format)
{
    switch (format) {
    case AnimationFormat::Gif:
        return std::make_unique<GifWriter>();
    case AnimationFormat::WebP:
        return std::make_unique<WebPWriter>();
    case AnimationFormat::Apng:
        return std::make_unique<ApngWriter>();
    }
    return nullptr;
}

AnimationWriter::~AnimationWriter() = default;

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
