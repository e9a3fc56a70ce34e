#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace attnlens {

namespace {

const char *const kSettingsRecentFiles = "files/recent";

QString normalised(const QString &path)
{
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

RecentFiles::RecentFiles(QObject *parent)
    : QObject(parent)
{
}

QStringList RecentFiles::files() const
{
    QStringList files = QSettings().value(QLatin1String(kSettingsRecentFiles)).toStringList();
    files.removeAll(QString());
    files.removeDuplicates();
    return files.mid(0, kMaxFiles);
}

void RecentFiles::add(const QString &path)
{
    if (path.isEmpty())
        return;
    const QString file = normalised(path);
    QStringList list = files();
    list.removeAll(file);
    list.prepend(file);
    store(list.mid(0, kMaxFiles));
}

void RecentFiles::remove(const QString &path)
{
    QStringList list = files();
    if (list.removeAll(normalised(path)) + list.removeAll(path) > 0)
        store(list);
}

void RecentFiles::clear()
{
    if (!files().isEmpty())
        store({});
}

void RecentFiles::store(const QStringList &files)
{
    const QStringList before = this->files();
    QSettings().setValue(QLatin1String(kSettingsRecentFiles), files);
    if (before != files)
        emit changed();
}

} // namespace attnlens
