#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <functional>
#include <optional>

#include "error.h"
#include "result.h"

namespace attnlens {

/// Reads a whole file, refusing one larger than maxBytes (FileError for I/O problems,
/// InvalidScenario for the size). Only regular files (and Qt resources) are read: a FIFO, a
/// device, a socket or a folder is refused by name before it is opened, so reading never blocks
/// on a pipe that nobody writes to.
/// The bytes come with at least kReadPaddingBytes of allocated room after their end (see
/// QByteArray::capacity()), which the JSON parser reads past the text.
Result<QByteArray> readFileBounded(const QString &path, qint64 maxBytes);
inline constexpr qsizetype kReadPaddingBytes = 64;

/// Writes bytes where a user asked for them, as every save in Attention Lens does. A regular
/// file (or a new one) is replaced atomically through QSaveFile: either the whole new file
/// replaces the old one, or the old file stays as it was and the returned FileError says why.
/// A character device (/dev/null) or a FIFO is written directly, never renamed over; a FIFO
/// that no program is reading is refused at once instead of blocking. A folder, a block device
/// or a socket is refused. Failures name the system's reason ("No space left on device").
std::optional<Error> writeFileAtomically(const QString &path, const QByteArray &bytes);

/// Writes what `produce` hands its sink, a piece at a time, in the same way (atomically through
/// QSaveFile, or in place for a device or FIFO), so a large file is never held whole in memory.
/// `produce` returns false once the sink has failed; the error then names the system's reason.
using ByteSink = std::function<bool(const char *data, qint64 size)>;
using ByteProducer = std::function<bool(const ByteSink &sink)>;
std::optional<Error> writeFileAtomically(const QString &path, const ByteProducer &produce);

/// What kind of non-regular file a path is ("a FIFO (named pipe)", "a device", ...), or an
/// empty text when it is a regular file or does not exist.
QString nonRegularFileKind(const QString &path);

/// The object as JSON text ending in a newline: objects indented, a list of numbers, texts or
/// booleans on one line (so a matrix row is one line and a large matrix stays compact), every
/// finite double written with the fewest digits that read back as the same double.
QByteArray toJsonText(const QJsonObject &object);

/// The longest text toJsonText() writes for one double: a sign, 17 digits, a point and a
/// three-digit negative exponent ("-2.2250738585072014e-308").
inline constexpr int kMaxJsonDoubleChars = 24;

} // namespace attnlens
