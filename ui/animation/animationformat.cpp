#include "animationformat.h"

#include <QCoreApplication>
#include <QFileInfo>

namespace attnlens {

std::optional<AnimationFormat> animationFormatFromPath(const QString &path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (suffix == QLatin1String("gif"))
        return AnimationFormat::Gif;
    if (suffix == QLatin1String("webp"))
        return AnimationFormat::WebP;
    // An animated PNG is a PNG: a viewer without APNG support shows its first frame.
    if (suffix == QLatin1String("apng") || suffix == QLatin1String("png"))
        return AnimationFormat::Apng;
    return std::nullopt;
}

QString animationFormatSuffix(AnimationFormat format)
{
    switch (format) {
    case AnimationFormat::Gif:
        return QStringLiteral("gif");
    case AnimationFormat::WebP:
        return QStringLiteral("webp");
    case AnimationFormat::Apng:
        return QStringLiteral("apng");
    }
    return QString();
}

QString animationFormatFilter(AnimationFormat format)
{
    switch (format) {
    case AnimationFormat::Gif:
        return QCoreApplication::translate("attnlens::Animation", "Animated GIF (*.gif)");
    case AnimationFormat::WebP:
        return QCoreApplication::translate("attnlens::Animation", "Animated WebP, lossless (*.webp)");
    case AnimationFormat::Apng:
        return QCoreApplication::translate("attnlens::Animation", "Animated PNG (*.apng *.png)");
    }
    return QString();
}

QList<AnimationFormat> allAnimationFormats()
{
    return {AnimationFormat::Gif, AnimationFormat::WebP, AnimationFormat::Apng};
}

} // namespace attnlens
