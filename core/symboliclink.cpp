#include "symboliclink.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStringList>

#include <optional>

#include <sys/stat.h>
#include <unistd.h>

namespace attnlens {

namespace {

/// The target of a link as it is written in it, or nothing when `link` is no link.
std::optional<QString> writtenTarget(const QString &link)
{
    QByteArray buffer(4096, Qt::Uninitialized);
    const ssize_t length = ::readlink(QFile::encodeName(link).constData(), buffer.data(),
                                      size_t(buffer.size()));
    if (length < 0)
        return std::nullopt;
    return QFile::decodeName(buffer.left(qsizetype(length)));
}

bool isLink(const QString &path)
{
    struct stat status {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0 && S_ISLNK(status.st_mode);
}

bool existsAtAll(const QString &path)
{
    struct stat status {};
    return ::lstat(QFile::encodeName(path).constData(), &status) == 0;
}

} // namespace

QString brokenSymbolicLink(const QString &path)
{
    struct stat status {};
    if (!isLink(path) || ::stat(QFile::encodeName(path).constData(), &status) == 0)
        return QString();
    // Follow the chain one link at a time, as the system does, to tell a loop from a missing end.
    const QString start = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList chain{start};
    QString current = start;
    const std::optional<QString> first = writtenTarget(start);
    if (!first)
        return QString();
    // The system gives up after 40 links (Linux's limit) and so does this.
    for (int step = 0; step < 40; ++step) {
        const std::optional<QString> written = writtenTarget(current);
        if (!written)
            return QString();
        const QString next = QDir::cleanPath(QDir::isAbsolutePath(*written)
                                                 ? *written
                                                 : QFileInfo(current).absolutePath() + QLatin1Char('/') + *written);
        if (chain.contains(next)) {
            if (next == start && chain.size() == 1)
                return QStringLiteral("a symbolic link that points to itself");
            QStringList names;
            for (const QString &link : chain)
                names.append(QFileInfo(link).fileName());
            names.append(QFileInfo(next).fileName());
            return QStringLiteral("a symbolic link in a loop (%1)").arg(names.join(QStringLiteral(" \u2192 ")));
        }
        if (!existsAtAll(next)) {
            if (chain.size() == 1)
                return QStringLiteral("a symbolic link to \"%1\", which does not exist").arg(*first);
            return QStringLiteral("a symbolic link to \"%1\", which leads to \"%2\", which does not exist")
                .arg(*first, next);
        }
        if (!isLink(next))
            return QString();  // something else stops the system (a folder it may not enter)
        chain.append(next);
        current = next;
    }
    return QStringLiteral("a symbolic link in a chain of more than 40 links, more than the system follows");
}

} // namespace attnlens
