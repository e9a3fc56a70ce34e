#pragma once

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

#include "error.h"
#include "result.h"

namespace attnlens {

/// Reads a whole file, refusing one larger than maxBytes (FileError for I/O problems,
/// InvalidScenario for the size).
Result<QByteArray> readFileBounded(const QString &path, qint64 maxBytes);

/// Writes bytes through QSaveFile: either the whole new file replaces the old one, or the old
/// file stays as it was and the returned FileError says why.
std::optional<Error> writeFileAtomically(const QString &path, const QByteArray &bytes);

/// The object as indented JSON text ending in a newline.
QByteArray toJsonText(const QJsonObject &object);

} // namespace attnlens
