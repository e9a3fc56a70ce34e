#include "jsonfile.h"

#include "hugepages.h"
#include "jsonstreamwriter.h"
#include "symboliclink.h"

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
std::optional<Error> writeInPlace(const QString &path, const ByteProducer &produce, bool fifo)
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
    int failure = 0;
    const ByteSink sink = [&](const char *data, qint64 left) {
        while (left > 0) {
            const ssize_t written = ::write(fd, data, static_cast<size_t>(left));
            if (written < 0 && errno == EINTR)
                continue;
            if (written <= 0) {
                failure = written < 0 ? errno : EIO;
                return false;
            }
            data += written;
            left -= written;
        }
        return true;
    };
    if (!produce(sink)) {
        ::close(fd);
        return writeError(path, QStringLiteral("writing failed"), systemReason(failure ? failure : EIO));
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
        // "No such file or directory" for a link the user can see in the folder says too little.
        const QString link = brokenSymbolicLink(path);
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be read: %2")
                         .arg(path, link.isEmpty() ? file.errorString() : QStringLiteral("it is ") + link)};
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
    // The 64 bytes of room after the text let the JSON parser (simdjson, which reads in blocks
    // of 64 bytes) read it where it is instead of copying it.
    const qint64 wanted = std::min(file.size(), maxBytes) + 1;
    QByteArray bytes(qsizetype(wanted + kReadPaddingBytes), Qt::Uninitialized);
    adviseHugePages(bytes.data(), size_t(bytes.size()));
    const qint64 got = file.read(bytes.data(), wanted);
    bytes.resize(qsizetype(std::max<qint64>(got, 0)));
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
    return writeFileAtomically(path, [&bytes](const ByteSink &sink) {
        return sink(bytes.constData(), bytes.size());
    });
}

std::optional<Error> writeFileAtomically(const QString &path, const ByteProducer &produce)
{
    struct stat status {};
    if (::stat(QFile::encodeName(path).constData(), &status) == 0 && !S_ISREG(status.st_mode)) {
        if (S_ISCHR(status.st_mode) || S_ISFIFO(status.st_mode))
            return writeInPlace(path, produce, S_ISFIFO(status.st_mode));
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
    int failure = 0;
    const ByteSink sink = [&](const char *data, qint64 size) {
        if (file.write(data, size) == size)
            return true;
        failure = errno;
        return false;
    };
    if (!produce(sink)) {
        const QString reason = saveFileReason(file, failure);
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
    JsonStreamWriter writer([&out](const char *data, qint64 size) {
        out.append(data, qsizetype(size));
        return true;
    });
    writer.writeObject(object);
    writer.writeRaw("\n", 1);
    writer.finish();
    return out;
}

} // namespace attnlens
