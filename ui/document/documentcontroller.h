#pragma once

#include "matrixtypes.h"
#include "result.h"
#include "scenario.h"
#include "scenarioreference.h"

#include <QDateTime>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <functional>
#include <optional>

class QMimeData;
class QWidget;

namespace attnlens {

class AttentionModel;
struct NumpyScenario;

/// The open document behind the window: which file (if any) the scenario in the model belongs
/// to, and whether the model still holds exactly what was last opened or saved. It runs the File
/// commands (new, open, save, save as, export evidence, export as NumPy), asks before unsaved changes are lost and
/// reports failures; the questions and reports go through replaceable functions so that tests
/// answer them without a modal loop.
///
/// "Modified" is an exact comparison of the model's scenario with the snapshot taken at the last
/// open or save (the same doubles, labels, name, temperature and mask), so undoing back to the
/// saved state makes the document clean again.
class DocumentController : public QObject {
    Q_OBJECT

public:
    enum class UnsavedChoice { Save, Discard, Cancel };
    /// What to do with an autosave that cannot be read (it is kept either way).
    enum class UnreadableAutosaveChoice { Keep, SaveCopy, ShowFolder };

    /// What the user is asked and told. Each defaults to a dialog on the parent widget.
    struct Dialogs {
        /// "<name> has unsaved changes": save them, discard them, or cancel the command.
        std::function<UnsavedChoice(const QString &documentName)> askUnsavedChanges;
        /// A file to open, starting in `folder`; empty when the user cancels.
        std::function<QString(const QString &folder)> askOpenPath;
        /// A file to write; `title` says what is written. Empty when the user cancels.
        std::function<QString(const QString &title, const QString &suggestedPath,
                              const QString &filter)>
            askSavePath;
        /// A failed open, save or export; `text` names the file and says why.
        std::function<void(const QString &title, const QString &text)> reportError;
        /// A NumPy capture to import (.npz, or a .npy file whose folder holds the others),
        /// starting in `folder`; empty when the user cancels.
        std::function<QString(const QString &folder)> askImportPath;
        /// What an import read, before it replaces the document: the example to open (0-based;
        /// capture.batch at first), or nothing when the user cancels.
        std::function<std::optional<Index>(const QString &path, const NumpyScenario &capture)> askImport;
        /// Offer to restore an autosaved scenario; true restores it.
        std::function<bool(const QString &documentName, const QDateTime &savedAt)> askRestore;
        /// An autosave that cannot be read, kept at `keptAt`; `reason` says why it cannot be
        /// read. The user keeps it there, saves a copy elsewhere or looks at its folder.
        std::function<UnreadableAutosaveChoice(const QString &keptAt, const QString &reason)>
            askUnreadableAutosave;
        /// Shows a folder in the desktop's file manager.
        std::function<void(const QString &folder)> showFolder;
    };

    DocumentController(AttentionModel *model, QWidget *parent);

    Dialogs &dialogs() { return m_dialogs; }

    /// The file the document is saved to; empty while untitled (new, built-in, opened from PNG).
    QString filePath() const { return m_filePath; }
    bool isUntitled() const { return m_filePath.isEmpty(); }
    /// The built-in scenario an untitled document was opened from, if any.
    QString builtinId() const { return m_builtinId; }
    /// Exact: the model's scenario differs from the last opened or saved one.
    bool isModified() const;
    /// The document's file as it was when last opened or saved, while the document is not
    /// modified and the file is still as it was then (its size and modification time); none
    /// otherwise. A figure of a large scenario refers to this file instead of carrying it.
    std::optional<ScenarioFileStamp> savedFile() const;
    /// The scenario's name, else the file's name, else "Untitled".
    QString displayName() const;

    /// The small scenario File > New starts from.
    static Scenario untitledScenario();
    /// The first local file among dropped URLs that openFile() opens (a .json, .png, .npz or
    /// .npy file, or a folder of .npy files), or an empty string.
    static QString droppedFile(const QMimeData *mimeData);
    /// Reads a scenario from a .json file or from a PNG exported by Attention Lens.
    static Result<Scenario> readDocument(const QString &path);

    /// Replaces the document without asking (the app's start, tests). An empty filePath makes it
    /// untitled; builtinId names the built-in it came from.
    void setDocument(const Scenario &scenario, const QString &filePath,
                     const QString &builtinId = QString());
    /// Opens a scenario recovered from an autosave: modified until saved, keeping its old path.
    void restoreDocument(const Scenario &scenario, const QString &filePath,
                         const QString &builtinId = QString());

    // User commands: they ask before unsaved changes are lost, report failures in a dialog and
    // return true when they did what was asked.
    bool newDocument();
    bool open();
    /// Opens a scenario (.json), an Attention Lens figure (.png) or, through importFile(), a
    /// NumPy capture. The file is read on a worker thread (backgroundread.h): the window keeps
    /// painting, a read of more than half a second shows progress, and Cancel keeps the document.
    bool openFile(const QString &path);
    /// File > Import…: asks for a NumPy capture and imports it.
    bool import();
    /// Reads a NumPy capture (.npz, .npy or a folder of .npy), says what it holds (askImport),
    /// reads the chosen example when it is not the first, and opens it untitled: Save writes a
    /// scenario file and never touches the capture.
    bool importFile(const QString &path);
    bool openBuiltin(const QString &id);
    bool save();
    bool saveAs();
    /// Writes the scenario atomically to path and makes it the document's file. On failure the
    /// old file is whole, the error is reported and the document stays modified.
    bool saveTo(const QString &path);
    bool exportEvidence();
    bool exportEvidenceTo(const QString &path);
    /// File > Export as NumPy…: asks for a .npz path (suggested: "<name>-results.npz").
    bool exportNumpy();
    /// Writes the inputs and every head's scores, weights and context as a NumPy .npz
    /// (writeNumpyResults), atomically. A refused scenario writes nothing: the report names the
    /// file and the engine's reason.
    bool exportNumpyTo(const QString &path);
    /// Asks about unsaved changes, if any: true when the caller may go on (saved or discarded).
    bool maybeSave();

    /// The folder the file dialogs start in (remembered in QSettings).
    QString lastFolder() const;

signals:
    void modifiedChanged(bool modified);
    /// The file, the name or the untitled state changed: the title needs redrawing.
    void documentChanged();
    /// The model now holds a different document (new, open, restore): history of the old one no
    /// longer applies.
    void documentReplaced();
    /// The model's scenario was looked at after a change (at most once per event-loop turn):
    /// the point where autosave decides whether there is something to write.
    void contentChecked(bool modified);
    void fileOpened(const QString &path);
    void fileSaved(const QString &path);
    void statusMessage(const QString &message);

private:
    void scheduleCheck();
    void checkModified();
    void replaceDocument(const Scenario &scenario, const QString &filePath,
                         const QString &builtinId, std::optional<Scenario> snapshot);
    void rememberFolder(const QString &path);
    QString suggestedSavePath() const;
    void reportError(const QString &title, const QString &text) const;
    void installDefaultDialogs();

    AttentionModel *m_model;
    QPointer<QWidget> m_parentWidget;
    Dialogs m_dialogs;
    QString m_filePath;
    QString m_builtinId;
    /// m_filePath as it was when the scenario was read from it or saved to it.
    std::optional<ScenarioFileStamp> m_fileStamp;
    /// What the file holds; absent for a restored autosave, which is modified until saved.
    std::optional<Scenario> m_snapshot;
    bool m_modified = false;
    QString m_lastDisplayName;
    QTimer m_checkTimer;
};

} // namespace attnlens
