#pragma once

#include <QList>
#include <QString>

#include <optional>

namespace attnlens {

/// The file formats of an animated figure; a file's suffix chooses one.
enum class AnimationFormat { Gif, WebP, Apng };

/// The format named by a file's suffix (case-insensitive): .gif, .webp, .apng or .png (APNG).
std::optional<AnimationFormat> animationFormatFromPath(const QString &path);
/// "gif", "webp" or "apng".
QString animationFormatSuffix(AnimationFormat format);
/// "Animated GIF (*.gif)", for file dialogs.
QString animationFormatFilter(AnimationFormat format);
/// GIF, WebP, APNG.
QList<AnimationFormat> allAnimationFormats();

} // namespace attnlens
