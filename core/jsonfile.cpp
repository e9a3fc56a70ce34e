#include "jsonfile.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonValue>
#include <QSaveFile>

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace attnlens {

namespace {

bool isResourcePath(const QString &path)
{
    return path.startsWith(QLatin1Char(':')) || path.startsWith(QLatin1String("qrc:"));
}

QString kindOfMode(mode_t mode)
{
    if (S_ISREG(mode))
        return QString();
    if (S_ISDIR(mode))
        return QStringLiteral("a folder");
    if (S_ISFIFO(mode))
        return QStringLiteral("a FIFO (named pipe)");
    if (S_ISCHR(mode))
        return QStringLiteral("a character device");
    if (S_ISBLK(mode))
        return QStringLiteral("a block device");
    if (S_ISSOCK(mode))
        return QStringLiteral("a socket");
    return QStringLiteral("not a regular file");
}

QString systemReason(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

Error writeError(const QString &path, const QString &what, const QString &reason)
{
    return Error{ErrorCategory::FileError, QStringLiteral("%1: %2: %3").arg(path, what, reason)};
}

// A device or FIFO is written in place: renaming a new file over it would replace the device
// (as root, /dev/null itself) with a regular file.
std::optional<Error> writeInPlace(const QString &path, const QByteArray &bytes, bool fifo)
{
    const QByteArray name = QFile::encodeName(path);
    // A FIFO opened for writing waits for a reader; non-blocking, the open fails at once instead.
    const int fd = ::open(name.constData(), O_WRONLY | O_NOCTTY | O_CLOEXEC | (fifo ? O_NONBLOCK : 0));
    if (fd < 0) {
        const int error = errno;
        if (fifo && error == ENXIO) {
            return writeError(path, QStringLiteral("cannot be written"),
                              QStringLiteral("it is a FIFO (named pipe) that no program is "
                                             "reading; nothing was written"));
        }
        return writeError(path, QStringLiteral("cannot be written"), systemReason(error));
    }
    if (fifo)
        ::fcntl(fd, F_SETFL, ::fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    const char *data = bytes.constData();
    qint64 left = bytes.size();
    while (left > 0) {
        const ssize_t written = ::write(fd, data, static_cast<size_t>(left));
        if (written < 0 && errno == EINTR)
            continue;
        if (written <= 0) {
            const int error = written < 0 ? errno : EIO;
            ::close(fd);
            return writeError(path, QStringLiteral("writing failed"), systemReason(error));
        }
        data += written;
        left -= written;
    }
    if (::close(fd) != 0 && errno != EINTR)
        return writeError(path, QStringLiteral("writing failed"), systemReason(errno));
    return std::nullopt;
}

// QSaveFile reports some failures as "Unknown error" (a full disk seen only at flush or commit);
// the system's own reason is more use to a person, when errno still holds one.
QString saveFileReason(const QSaveFile &file, int savedErrno)
{
    const QString reason = file.errorString();
    if (savedErrno != 0 && (reason.isEmpty() || reason == QLatin1String("Unknown error")))
        return systemReason(savedErrno);
    return reason;
}

void appendEscaped(QByteArray &out, const QString &text)
{
    out.append('"');
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"': out.append("\\\""); break;
        case '\\': out.append("\\\\"); break;
        case '\b': out.append("\\b"); break;
        case '\f': out.append("\\f"); break;
        case '\n': out.append("\\n"); break;
        case '\r': out.append("\\r"); break;
        case '\t': out.append("\\t"); break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned char>(c));
                out.append(escape);
            } else {
                out.append(c);
            }
        }
    }
    out.append('"');
}

void appendNumber(QByteArray &out, double value)
{
    if (!std::isfinite(value)) {
        out.append("null");  // as Qt writes them; scenario numbers never get here (numberToJson)
        return;
    }
    if (value == 0.0 && std::signbit(value)) {
        out.append("-0.0");  // "-0" would read back as the integer 0
        return;
    }
    char buffer[64];
    std::to_chars_result end;
    // Whole numbers as integers, as Qt writes them: 3 rather than 3e+00.
    if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0)
        end = std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value));
    else
        end = std::to_chars(buffer, buffer + sizeof buffer, value);
    out.append(buffer, end.ptr - buffer);
}

void appendValue(QByteArray &out, const QJsonValue &value, int indent);

void appendIndent(QByteArray &out, int indent)
{
    out.append(QByteArray(indent, ' '));
}

void appendArray(QByteArray &out, const QJsonArray &array, int indent)
{
    if (array.isEmpty()) {
        out.append("[]");
        return;
    }
    bool nested = false;
    for (const QJsonValue &element : array)
        nested = nested || element.isArray() || element.isObject();
    if (!nested) {
        // A row of a matrix: one line, no spaces, so a 4096 x 1024 matrix stays as small as it
        // can be and a small one still reads row by row.
        out.append('[');
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                out.append(',');
            appendValue(out, array.at(i), indent);
        }
        out.append(']');
        return;
    }
    out.append("[\n");
    for (qsizetype i = 0; i < array.size(); ++i) {
        appendIndent(out, indent + 4);
        appendValue(out, array.at(i), indent + 4);
        out.append(i + 1 < array.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.append(']');
}

void appendObject(QByteArray &out, const QJsonObject &object, int indent)
{
    if (object.isEmpty()) {
        out.append("{}");
        return;
    }
    out.append("{\n");
    qsizetype i = 0;
    for (auto it = object.begin(); it != object.end(); ++it, ++i) {
        appendIndent(out, indent + 4);
        appendEscaped(out, it.key());
        out.append(": ");
        appendValue(out, it.value(), indent + 4);
        out.append(i + 1 < object.size() ? ",\n" : "\n");
    }
    appendIndent(out, indent);
    out.append('}');
}

void appendValue(QByteArray &out, const QJsonValue &value, int indent)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: out.append("null"); break;
    case QJsonValue::Bool: out.append(value.toBool() ? "true" : "false"); break;
    case QJsonValue::Double: appendNumber(out, value.toDouble()); break;
    case QJsonValue::String: appendEscaped(out, value.toString()); break;
    case QJsonValue::Array: appendArray(out, value.toArray(), indent); break;
    case QJsonValue::Object: appendObject(out, value.toObject(), indent); break;
    }
}

} // namespace

QString nonRegularFileKind(const QString &path)
{
    if (isResourcePath(path))
        return QString();
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) != 0)
        return QString();
    return kindOfMode(status.st_mode);
}

Result<QByteArray> readFileBounded(const QString &path, qint64 maxBytes)
{
    // Opening a FIFO for reading blocks until a writer comes: refuse it before opening.
    const QString kind = nonRegularFileKind(path);
    if (!kind.isEmpty()) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be read: it is %2, not a regular file")
                         .arg(path, kind)};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be read: %2").arg(path, file.errorString())};
    }
    const auto tooLarge = [&] {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: the file is larger than the limit of %2 MiB")
                         .arg(path)
                         .arg(maxBytes / (1024 * 1024))};
    };
    if (file.size() > maxBytes)
        return tooLarge();
    // Reading one byte past the limit also catches a file that grew since size() was asked.
    QByteArray bytes = file.read(std::min(file.size(), maxBytes) + 1);
    if (bytes.size() > maxBytes)
        return tooLarge();
    if (file.error() != QFileDevice::NoError) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: reading failed: %2").arg(path, file.errorString())};
    }
    return bytes;
}

std::optional<Error> writeFileAtomically(const QString &path, const QByteArray &bytes)
{
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) == 0 && !S_ISREG(status.st_mode)) {
        if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode))
            return writeInPlace(path, bytes, S_ISFIFO(status.st_mode));
        return writeError(path, QStringLiteral("cannot be written"),
                          QStringLiteral("it is %1, not a regular file; nothing was written")
                              .arg(kindOfMode(status.st_mode)));
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        return writeError(path, QStringLiteral("cannot be written"),
                          saveFileReason(file, errno));
    }
    errno = 0;
    if (file.write(bytes) != bytes.size()) {
        const QString reason = saveFileReason(file, errno);
        file.cancelWriting();
        return writeError(path, QStringLiteral("writing failed, the previous file is unchanged"),
                          reason);
    }
    // A small file sits in QSaveFile's buffer until commit(), and Qt 6.4's commit() reports
    // success even when writing that buffer out fails (a full disk): the old file would be
    // replaced by a cut-off one. Flushing first turns that failure into an error here.
    errno = 0;
    if (!file.flush()) {
        const QString reason = saveFileReason(file, errno);
        file.cancelWriting();
        return writeError(path, QStringLiteral("writing failed, the previous file is unchanged"),
                          reason);
    }
    errno = 0;
    if (!file.commit()) {
        return writeError(path, QStringLiteral("saving failed, the previous file is unchanged"),
                          saveFileReason(file, errno));
    }
    return std::nullopt;
}

QByteArray toJsonText(const QJsonObject &object)
{
    QByteArray out;
    appendObject(out, object, 0);
    out.append('\n');
    return out;
}

} // namespace attnlens
