#pragma once

#include <QList>
#include <QProcess>
#include <QSize>
#include <QStandardPaths>
#include <QString>

#include <gtest/gtest.h>

#include <optional>

namespace attnlens::test {

/// The size of every frame of an animated file (its canvas) as ImageMagick's `identify`, a
/// decoder that is not ours, reads it; nothing when identify is not installed. A file identify
/// cannot read is a test failure.
inline std::optional<QList<QSize>> identifyFrames(const QString &path)
{
    const QString identify = QStandardPaths::findExecutable(QStringLiteral("identify"));
    if (identify.isEmpty())
        return std::nullopt;
    QProcess process;
    process.start(identify, {QStringLiteral("-format"), QStringLiteral("%W %H\\n"), path});
    if (!process.waitForFinished(60000) || process.exitCode() != 0)
        ADD_FAILURE() << "identify failed on " << path.toStdString() << ": " << process.readAllStandardError().toStdString();
    QList<QSize> frames;
    const QStringList lines = QString::fromLocal8Bit(process.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (const QString &line : lines) {
        const QStringList parts = line.split(QLatin1Char(' '));
        if (parts.size() == 2)
            frames.append(QSize(parts[0].toInt(), parts[1].toInt()));
    }
    return frames;
}

} // namespace attnlens::test
