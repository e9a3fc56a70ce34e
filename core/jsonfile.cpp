#include "jsonfile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QSaveFile>

namespace attnlens {

Result<QByteArray> readFileBounded(const QString &path, qint64 maxBytes)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be read: %2").arg(path, file.errorString())};
    }
    // Reading one byte past the limit detects an oversized file even when size() is unknown
    // (a pipe or a special file).
    QByteArray bytes = file.read(maxBytes + 1);
    if (bytes.size() > maxBytes) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: the file is larger than the limit of %2 MiB")
                         .arg(path)
                         .arg(maxBytes / (1024 * 1024))};
    }
    if (file.error() != QFileDevice::NoError) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: reading failed: %2").arg(path, file.errorString())};
    }
    return bytes;
}

std::optional<Error> writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be written: %2").arg(path, file.errorString())};
    }
    if (file.write(bytes) != bytes.size()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: writing failed, the previous file is unchanged: %2")
                         .arg(path, reason)};
    }
    // A small file sits in QSaveFile's buffer until commit(), and Qt 6.4's commit() reports
    // success even when writing that buffer out fails (a full disk): the old file would be
    // replaced by a cut-off one. Flushing first turns that failure into an error here.
    if (!file.flush()) {
        const QString reason = file.errorString();
        file.cancelWriting();
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: writing failed, the previous file is unchanged: %2")
                         .arg(path, reason)};
    }
    if (!file.commit()) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: saving failed, the previous file is unchanged: %2")
                         .arg(path, file.errorString())};
    }
    return std::nullopt;
}

QByteArray toJsonText(const QJsonObject &object)
{
    return QJsonDocument(object).toJson(QJsonDocument::Indented);
}

} // namespace attnlens
