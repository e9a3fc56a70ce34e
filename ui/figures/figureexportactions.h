#pragma once

#include "figureoptions.h"
#include "figureviews.h"
#include "scenarioreference.h"

#include <QKeySequence>
#include <QObject>

#include <functional>
#include <optional>

class QAction;
class QMainWindow;
class QWidget;

namespace attnlens {

class AttentionModel;
class ViewState;

/// The window's ways to make a figure: File > Export Figure…, and on every view a context menu
/// ("Export Figure…", "Copy as Image") and Ctrl+Shift+C, which copies the view that has the
/// keyboard focus to the clipboard as an image.
class FigureExportActions : public QObject {
    Q_OBJECT

public:
    /// The shortcut that copies the focused view as an image.
    static QKeySequence copyShortcut();

    /// `window` is the dialogs' parent and shows the status messages; `views` are the live
    /// views the figures are taken from.
    FigureExportActions(QMainWindow *window, AttentionModel *model, ViewState *viewState,
                        const FigureViews &views);

    /// File > Export Figure…: opens the dialog on the focused view (the heatmap when none is).
    QAction *exportAction() const { return m_exportAction; }

    /// Where the figures learn whether the scenario is a saved, unchanged file (the document's),
    /// which a PNG of a large scenario refers to instead of carrying it (FigureExporter).
    void setScenarioFileSource(std::function<std::optional<ScenarioFileStamp>()> source)
    {
        m_scenarioFileSource = std::move(source);
    }

    /// Gives every view of the window its context menu and the copy shortcut.
    void installViewMenus();

    /// The view that has the keyboard focus, if any.
    std::optional<FigureView> focusedView() const;
    /// The live widget of a view in the window.
    QWidget *viewWidget(FigureView view) const;

    /// Asks how to export `view` and writes the figure; true when a file was written.
    bool exportFigure(FigureView view);
    /// Puts `view` on the clipboard as an image at its size on screen, twice the screen's
    /// resolution, with the scenario in its metadata. True when it was copied.
    bool copyToClipboard(FigureView view);

private:
    void installOn(QWidget *widget, FigureView view);
    void showMessage(const QString &message) const;

    QMainWindow *m_window;
    AttentionModel *m_model;
    ViewState *m_viewState;
    FigureViews m_views;
    QAction *m_exportAction;
    std::function<std::optional<ScenarioFileStamp>()> m_scenarioFileSource;
};

} // namespace attnlens
