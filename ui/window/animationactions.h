#pragma once

#include "animationexporter.h"
#include "figureviews.h"

#include <QKeySequence>
#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

class QAction;
class QMainWindow;
class QProgressDialog;
class QStatusBar;

namespace attnlens {

class AnimationRecorder;
class AttentionModel;
class ExportAnimationDialog;
class RecordingIndicator;
class ViewState;

/// The window's moving pictures: File > Export Animation… (Ctrl+Shift+A) and File > Start
/// Recording… / Stop Recording (Ctrl+Shift+R toggles). While a recording runs, its indicator
/// shows in the status bar, or over the window's bottom right corner while the status bar is
/// hidden (presentation mode). Encoding shows a progress dialog after half a second, with
/// Cancel: a cancelled export writes nothing; a cancelled save of a recording asks whether to
/// save it again or discard it, so a mis-click loses no frames.
class AnimationActions : public QObject {
    Q_OBJECT

public:
    enum class CancelledSaveChoice { SaveAgain, Discard };

    /// What the user is asked and told. Each defaults to a dialog on the window; tests replace
    /// them.
    struct Dialogs {
        /// Shows the dialog; true when the user accepted it.
        std::function<bool(ExportAnimationDialog &dialog)> configure;
        /// An animation file to write; empty when the user cancels.
        std::function<QString(const QString &title, const QString &suggestedPath)> askSavePath;
        /// A failed export; `text` names the file and says why.
        std::function<void(const QString &title, const QString &text)> reportError;
        /// The save of a recording was cancelled: save again or discard the frames.
        std::function<CancelledSaveChoice()> askAfterCancelledSave;
        /// Called with the progress dialog after each encoded or drawn frame (tests cancel it).
        std::function<void(QProgressDialog *dialog, int done, int total)> onProgress;
    };

    static QKeySequence exportShortcut();
    static QKeySequence recordShortcut();

    AnimationActions(QMainWindow *window, AttentionModel *model, ViewState *viewState,
                     const FigureViews &views);
    ~AnimationActions() override;

    Dialogs &dialogs() { return m_dialogs; }

    QAction *exportAction() const { return m_exportAction; }
    /// Start Recording… while idle, Stop Recording while recording.
    QAction *recordAction() const { return m_recordAction; }
    AnimationRecorder *recorder() const { return m_recorder; }
    RecordingIndicator *indicator() const { return m_indicator; }

    /// Asks what to animate and where to, and writes the file; true when a file was written.
    bool exportAnimation(FigureView view);
    /// Asks what to record and starts; true when recording.
    bool startRecording(FigureView view);
    /// Stops the recording and offers to save it (again after a cancel, until saved or
    /// discarded). True when a file was written.
    bool stopRecording();
    /// The window closes: a running recording stops and is offered for saving first.
    void stopRecordingBeforeClose();

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Runs `work` with a progress dialog; `work` gets the progress callback.
    std::optional<QString> withProgress(const QString &label,
                                        const std::function<std::optional<QString>(const AnimationExporter::Progress &)> &work,
                                        bool *cancelled);
    QString askPath(const QString &title, const QString &baseName);
    void placeIndicator();
    void updateRecordAction();
    void showMessage(const QString &message) const;
    std::optional<FigureView> focusedView() const;

    QMainWindow *m_window;
    /// The status bar the filter watches, named once: the filter never asks the window for it,
    /// since it also sees the events of a window that is being destroyed.
    QPointer<QStatusBar> m_statusBar;
    AttentionModel *m_model;
    ViewState *m_viewState;
    FigureViews m_views;
    Dialogs m_dialogs;
    QAction *m_exportAction;
    QAction *m_recordAction;
    AnimationRecorder *m_recorder;
    RecordingIndicator *m_indicator;
    QString m_folder;
};

} // namespace attnlens
