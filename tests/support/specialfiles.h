#pragma once

// Special files for the reliability tests (issue 11), shared by the core and the process tests:
// what kind of file a path is, and a FIFO in a temporary folder.
#include <QFile>
#include <QString>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <sys/stat.h>

namespace attnlens::test {

/// The file type bits of `path` (S_IFREG, S_IFIFO, S_IFCHR, ...), without following a link;
/// 0 when it does not exist.
inline mode_t fileType(const QString &path)
{
    struct stat status {};
    if (::lstat(QFile::encodeName(path).constData(), &status) != 0)
        return 0;
    return status.st_mode & S_IFMT;
}

/// A FIFO named `name` in `dir`.
inline QString makeFifo(const QTemporaryDir &dir, const char *name)
{
    const QString path = dir.filePath(QLatin1String(name));
    EXPECT_EQ(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
    return path;
}

} // namespace attnlens::test
