#pragma once

#include "result.h"

#include <QByteArray>

#include <optional>

namespace attnlens {

/// The PNG text chunk that carries the scenario JSON of an exported figure.
inline constexpr const char *kPngScenarioKey = "attnlens-scenario";
/// The PNG text chunk that names the Attention Lens version that wrote the figure.
inline constexpr const char *kPngVersionKey = "attnlens-version";

/// True when the bytes start with the eight-byte PNG signature.
bool hasPngSignature(const QByteArray &bytes);

/// The text of the first tEXt, zTXt or iTXt chunk with this keyword, as UTF-8 (Qt writes text
/// chunks in UTF-8), or no value when the PNG has no such chunk. The chunks are walked without
/// decoding the image: every declared length is checked against the bytes that are really
/// there before anything is read, a compressed text may not inflate to more than maxTextBytes,
/// and the chunk's CRC must match. A damaged file is a FileError whose message starts with
/// `source`.
Result<std::optional<QByteArray>> findPngText(const QByteArray &png, const char *keyword,
                                              qint64 maxTextBytes, const QString &source);

/// The PNG with a compressed iTXt chunk `keyword` holding the UTF-8 `text` inserted before its
/// image data (the first IDAT chunk): what QImage::setText() carries, but compressed at zlib's
/// fastest level (a figure of a 2,048-token scenario carries 35 MB of JSON, most of it a mask,
/// which compresses about as well at any level). Empty when `png` has no image data or the text
/// is too large for one chunk.
QByteArray withPngText(const QByteArray &png, const char *keyword, const QByteArray &text);

/// withPngText() in two steps, so that the text can be compressed while the image is drawn:
/// the whole iTXt chunk (length, type, data, CRC), empty when the text is too large; and the PNG
/// with a chunk inserted before its first IDAT, empty when it has none or `chunk` is empty.
QByteArray pngTextChunk(const char *keyword, const QByteArray &text);
QByteArray withPngChunk(const QByteArray &png, const QByteArray &chunk);

} // namespace attnlens
