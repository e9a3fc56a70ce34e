#pragma once

#include "error.h"
#include "result.h"
#include "scenario.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QObject>
#include <QString>
#include <QTimer>

#include <optional>

namespace attnlens {

class AttentionModel;
class DocumentController;

/// Keeps a copy of unsaved work in the app's data folder, so a crash or a kill loses at most a
/// few seconds. A few seconds after a change to a modified document the scenario is written
/// atomically to autosave.json, with the document's path and name; a burst of changes (a drag)
/// gives one write, and a write is never postponed by more than four intervals. The copy is
/// removed when the document is saved or becomes clean again, and by discard() on a clean close.
class AutoSaver : public QObject {
    Q_OBJECT

public:
    static constexpr int kDefaultIntervalMs = 2500;

    /// What an autosave file holds.
    struct Recovered {
        Scenario scenario;
        QString documentPath;  ///< the file the scenario belonged to; empty if untitled
        QString builtinId;     ///< the built-in an untitled scenario came from
        QDateTime savedAt;
    };

    AutoSaver(AttentionModel *model, DocumentController *document, QObject *parent = nullptr);

    /// <AppDataLocation>/autosave.json
    static QString defaultFilePath();

    QString filePath() const { return m_filePath; }
    void setFilePath(const QString &path) { m_filePath = path; }
    int interval() const { return m_interval; }
    /// Tests shorten the delay; the app keeps kDefaultIntervalMs.
    void setInterval(int milliseconds);

    /// A write is scheduled and has not happened yet.
    bool isPending() const { return m_timer.isActive(); }
    /// An autosave file exists (this session's or one left behind by a crash).
    bool hasAutosave() const;
    /// Reads the autosave file; an unreadable or foreign file is an Error.
    Result<Recovered> read() const;

    /// Writes the current scenario now, whether or not a write was scheduled.
    std::optional<Error> writeNow();
    /// Cancels a scheduled write and removes the file (a clean close, a refused restore).
    void discard();
    /// Makes an autosave left by an earlier session this session's own, once it has been
    /// restored: it is then removed like any other when the document is saved or closed cleanly.
    void claim() { m_ownsFile = hasAutosave(); }

signals:
    void written(const QString &path);
    /// Writing failed; the message names the file and the reason.
    void failed(const QString &message);

private:
    void onContentChecked(bool modified);

    AttentionModel *m_model;
    DocumentController *m_document;
    QString m_filePath;
    int m_interval = kDefaultIntervalMs;
    QTimer m_timer;
    QElapsedTimer m_pendingSince;
    /// Only a file this session wrote is removed when the document turns clean: a crash's copy
    /// waits for the restore offer.
    bool m_ownsFile = false;
};

} // namespace attnlens
