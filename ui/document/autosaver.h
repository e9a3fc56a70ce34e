#pragma once

#include "error.h"
#include "result.h"
#include "scenario.h"

#include <QDateTime>
#include <QObject>
#include <QString>
#include <QTimer>

#include <functional>
#include <memory>
#include <optional>

class QLockFile;

namespace attnlens {

class AttentionModel;
class DocumentController;

/// Keeps a copy of unsaved work in the app's data folder, so a crash or a kill loses at most a
/// few seconds. A few seconds after a change to a modified document the scenario is written
/// atomically to autosave.json, with the document's path and name; a burst of changes (a drag)
/// gives one write, and a write is never postponed by more than four intervals. The copy is
/// removed when the document is saved or becomes clean again, and by discard() on a clean close.
/// A write waits for nothing else: one that comes due while an edit is open (a drag, a slider
/// stroke, a typed value not yet committed) writes the scenario as it stands, edit and all. It
/// does not end the edit: the history's steps never depend on when a timer fired, and a gesture
/// whose end never comes (a release lost to a dialog, a field that keeps the focus) can no longer
/// keep the copy old. A drag that never pauses still reaches the disk within four intervals.
///
/// Each running window owns one file, held by a lock beside it: the first window autosave.json,
/// a second one started meanwhile autosave-2.json, and so on, so that two windows never write
/// over each other's work. A lock left by a process that no longer runs is taken over, and with
/// it that crash's file, which the new window then offers to restore.
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
        QStringList notes;     ///< what the reader filled in (Result::notes)
    };

    AutoSaver(AttentionModel *model, DocumentController *document, QObject *parent = nullptr);
    ~AutoSaver() override;

    /// <AppDataLocation>/autosave.json, the first window's file.
    static QString defaultFilePath();
    /// The file of the n-th window running at once (1: autosave.json, 2: autosave-2.json, ...).
    static QString slotFilePath(int slot);
    /// How many windows at once get a file of their own (beyond, one per process id, unlocked).
    static constexpr int kMaxSlots = 16;

    QString filePath() const { return m_filePath; }
    /// Uses `path` instead of the slot taken at construction (tests); no lock guards it.
    void setFilePath(const QString &path);
    int interval() const { return m_interval; }
    /// Tests shorten the delay; the app keeps kDefaultIntervalMs.
    void setInterval(int milliseconds);

    /// A write is scheduled and has not happened yet.
    bool isPending() const { return m_timer.isActive(); }
    /// How long the scheduled write was set to wait when it was last (re)scheduled, in
    /// milliseconds; -1 when no write is scheduled.
    int scheduledDelay() const { return m_timer.isActive() ? m_timer.interval() : -1; }
    /// Does at once what the scheduled write's timer does when it fires (nothing when no write is
    /// scheduled), so that tests see a write without waiting for one.
    void runScheduledWrite();
    /// Replaces the clock that bounds how long a burst of changes may postpone a write (a
    /// monotonic time in milliseconds). Tests step it by hand; the app keeps the steady clock.
    void setClock(std::function<qint64()> msecsNow);
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
    /// When this window's own file holds nothing, takes over an autosave in the same folder that
    /// no running window owns: a slot file whose lock is free (its window died), or an
    /// autosave-p<PID>.json written when no slot could be locked, whose process is gone. The
    /// newest such file is moved to filePath(); returns true when one was.
    bool adoptOrphan();

signals:
    void written(const QString &path);
    /// Writing failed; the message names the file and the reason.
    void failed(const QString &message);

private:
    void onContentChecked(bool modified);
    void onTimeout();
    /// Locks the first free slot and returns its file.
    QString claimSlot();

    AttentionModel *m_model;
    DocumentController *m_document;
    QString m_filePath;
    int m_interval = kDefaultIntervalMs;
    QTimer m_timer;
    std::function<qint64()> m_now;
    /// When the first change of the current burst was seen.
    qint64 m_pendingSinceMs = 0;
    /// Only a file this session wrote is removed when the document turns clean: a crash's copy
    /// waits for the restore offer.
    bool m_ownsFile = false;
    std::unique_ptr<QLockFile> m_slotLock;
};

} // namespace attnlens
