#pragma once

#include <QObject>
#include <QStringList>

namespace attnlens {

/// The most recently opened or saved scenario files, newest first, kept in QSettings so the
/// File > Open Recent menu survives a restart.
class RecentFiles : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxFiles = 8;

    explicit RecentFiles(QObject *parent = nullptr);

    /// Newest first, at most kMaxFiles absolute paths, as stored in QSettings.
    QStringList files() const;

    /// Puts the file first (moving it up if it was listed) and drops the oldest beyond the cap.
    void add(const QString &path);
    void remove(const QString &path);
    void clear();

signals:
    void changed();

private:
    void store(const QStringList &files);
};

} // namespace attnlens
