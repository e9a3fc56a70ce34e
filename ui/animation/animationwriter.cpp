#include "animationwriter.h"

#include "apngwriter.h"
#include "gifwriter.h"
#include "webpwriter.h"

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

} // namespace attnlens
