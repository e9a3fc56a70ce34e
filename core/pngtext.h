#pragma once

#include "jsonfile.h"
#include "result.h"

#include <QByteArray>
#include <QString>

#include <functional>
#include <optional>

namespace attnlens {

/// The PNG text chunk that carries the scenario JSON of an exported figure.
inline constexpr const char *kPngScenarioKey = "attnlens-scenario";
/// The PNG text chunk that names the Attention Lens version that wrote the figure.
inline constexpr const char *kPngVersionKey = "attnlens-version";

/// True when the bytes start with the eight-byte PNG signature.
bool hasPngSignature(const QByteArray &bytes);

/// Looks at each piece of a compressed text as it is inflated (in order, every byte once); a
/// message refuses the text there and then, without inflating the rest. The message says what
/// is wrong with the piece ("holds the byte 0x00 at byte 1, which ..."); findPngText() puts the
/// file and the chunk in front of it.
using PngTextPieceCheck = std::function<std::optional<QString>(const char *data, qsizetype size)>;

/// The text of the first tEXt, zTXt or iTXt chunk with this keyword, as UTF-8 (Qt writes text
/// chunks in UTF-8), or no value when the PNG has no such chunk. The chunks are walked without
/// decoding the image: every declared length is checked against the bytes that are really
/// there before anything is read, a compressed text may not inflate to more than maxTextBytes
/// (inflating stops as soon as it passes them), `check` (if given) sees every inflated piece
/// and may stop it earlier, and the chunk's CRC must match. A damaged file is a FileError, a
/// text too large or refused by `check` an InvalidScenario; every message starts with `source`
/// and names the chunk.
Result<std::optional<QByteArray>> findPngText(const QByteArray &png, const char *keyword,
                                              qint64 maxTextBytes, const QString &source,
                                              const PngTextPieceCheck &check = {});

/// A check for findPngText() that refuses, as soon as it inflates them, bytes the scenario
/// writer never writes: a control character other than tab, line feed and carriage return
/// (JSON escapes them inside texts), or one byte repeated more than kMaxScenarioByteRun times
/// (the writer's longest run is a label or description of identical characters, 4,096 at
/// most, or its indentation). A compressed text made to inflate into a bomb (zeros, spaces,
/// one digit) is refused within its first mebibyte instead of after the size limit.
PngTextPieceCheck scenarioTextCheck();
inline constexpr qint64 kMaxScenarioByteRun = 64 * 1024;

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

/// pngTextChunk() of the text that `produce` hands over a piece at a time (a JSON writer's
/// output), compressed as it comes, so the whole text is never held. No value as soon as the
/// compressed text passes maxPackedBytes: `produce` is told to stop there (its sink returns
/// false) and the rest is neither written nor compressed. An empty chunk when the chunk would be
/// too large for a PNG or `produce` fails for another reason.
std::optional<QByteArray> pngTextChunkWithin(const char *keyword, const ByteProducer &produce,
                                             qint64 maxPackedBytes);

} // namespace attnlens
