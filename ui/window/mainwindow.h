#pragma once

#include "figureviews.h"

#include <QMainWindow>

#include <memory>

class QActionGroup;
class QDockWidget;
class QDragEnterEvent;
class QDropEvent;
class QMenu;

namespace attnlens {

class AnimationActions;
class AttentionModel;
class AutoSaver;
class DocumentController;
class RecentFiles;
class ContextChartView;
class ErrorBanner;
class FigureExportActions;
class AllHeadsView;
class HeatmapView;
class KeySpaceView;
class KeyboardTabOrder;
class LabDocks;
class LessonPanel;
class LessonViewRouter;
class PresentationMode;
class ThemeController;
class MatrixEditorView;
class MaskGridView;
class TemperaturePanel;
class UndoRecorder;
class ViewState;
class WeightsChartView;
class WorkedNumbersView;
class WeightsTableView;
struct Scenario;

/// The live attention window: the key space in the middle, every other view in a dock around it.
/// Owns the one AttentionModel and the one ViewState that all views share.
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    AttentionModel *model() const { return m_model; }
    ViewState *viewState() const { return m_viewState; }

    /// Shows `scenario`; `source` (a path or a built-in id) is what the title and the
    /// status bar name. `notes` are what the reader filled in (Result::notes(), e.g. labels a
    /// file left out): the status bar says them after "Opened …", as File > Open does.
    void openScenario(const Scenario &scenario, const QString &source,
                      const QStringList &notes = {});

    KeySpaceView *keySpaceView() const { return m_keySpace; }
    HeatmapView *heatmapView() const { return m_heatmap; }
    TemperaturePanel *temperaturePanel() const { return m_temperature; }
    MaskGridView *maskGridView() const { return m_maskGrid; }
    WeightsChartView *weightsChartView() const { return m_weightsChart; }
    ContextChartView *contextChartView() const { return m_contextChart; }
    WorkedNumbersView *workedNumbersView() const { return m_workedNumbers; }
    /// The live views, as the figure code looks them up.
    FigureViews figureViews() const;
    ErrorBanner *errorBanner() const { return m_errorBanner; }
    /// File > Export Animation… and the recording (animationactions.h).
    AnimationActions *animationActions() const { return m_animation; }

    /// Undo and redo of every edit, the Q/K/V tables and the optional history panel.
    UndoRecorder *undoRecorder() const { return m_undoRecorder; }
    MatrixEditorView *matrixEditorView() const { return m_matrixEditor; }
    QDockWidget *matricesDock() const { return m_matricesDock; }
    QDockWidget *historyDock() const { return m_historyDock; }

    /// The open document: its file, its unsaved state, the File commands and their dialogs.
    DocumentController *documentController() const { return m_document; }
    AutoSaver *autoSaver() const { return m_autoSaver; }
    RecentFiles *recentFiles() const { return m_recentFiles; }
    /// If an autosave was left behind (a crash or a kill), offers to restore it; called once
    /// after the window is shown. Returns true when the autosave was restored.
    bool offerAutosaveRestore();

    /// The guided lesson (issue 5): its dock is hidden until the lesson is started.
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    QDockWidget *lessonDock() const { return m_lessonDock; }
    /// Shows the lesson dock at step `stepIndex` (0-based) and loads that step's scenario.
    void startLesson(int stepIndex = 0);

    /// Weights as a table, for screen readers and keyboard users: hidden until View > Panels.
    WeightsTableView *weightsTableView() const { return m_weightsTable; }
    QDockWidget *weightsTableDock() const { return m_weightsTableDock; }

    /// Every head side by side (View > Panels > All heads, Ctrl+Shift+H), tabbed with the heatmap.
    AllHeadsView *allHeadsView() const { return m_allHeads; }
    QDockWidget *allHeadsDock() const { return m_allHeadsDock; }
    /// The "why" labs (issue 15), each in a dock of its own.
    LabDocks *labDocks() const { return m_labs; }
    /// Ctrl+Shift+H: brings the all-heads view forward (while presenting: into the large place).
    QAction *showAllHeadsAction() const { return m_showAllHeadsAction; }

    /// View > Theme and the text size (themecontroller.h); View > Presentation Mode, F5
    /// (presentationmode.h).
    ThemeController *themeController() const { return m_themeController; }
    PresentationMode *presentationMode() const { return m_presentation; }

    /// Where Tab goes, in order: the key space, heatmap, temperature, mask, charts, worked
    /// numbers, tables, matrices, lesson, then anything else (the dock tabs); only what can
    /// take the focus now (shown, enabled).
    QList<QWidget *> tabStops() const;
    KeyboardTabOrder tabOrder() const;

    /// Whether no window of Attention Lens was ever closed on this account (no saved layout):
    /// the first start opens the lesson.
    bool isFirstStart() const { return m_firstStart; }
    /// Shows the window; at the first start on a screen too small for 1280x720 and a title bar
    /// (a projector), maximized.
    void showFitted();

protected:
    void closeEvent(QCloseEvent *event) override;
    /// While a note about the opened file shows, a hovered widget's status tip does not cover it.
    bool event(QEvent *event) override;
    bool focusNextPrevChild(bool next) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createViews();
    void createDocks();
    void createMenus();
    /// File > Export Figure…, placed by createMenus() (figureexportactions.h).
    void addExportActions(QMenu *fileMenu);
    void createEditing();
    void createEditMenu();
    void openScenarioFile();
    void openBuiltinScenario(const QString &id);
    void createDocument();
    void updateTitle();
    void restoreSettings();
    void saveSettings() const;
    void resetLayout();
    /// How a dock receives its view: at once, or when the dock is first shown (a view behind
    /// another tab or hidden until asked for is not laid out at every start).
    enum class DockContent { Now, WhenShown };
    QDockWidget *addDock(QWidget *view, const QString &title, Qt::DockWidgetArea area,
                         DockContent content = DockContent::Now);
    /// The lesson dock, its scenario loading through the document, and its view requests.
    void createLesson();
    void createLessonViewRouter();
    /// View > Theme, text size and Presentation Mode (PRESENT).
    void addPresentationMenu(QMenu *viewMenu);
    /// The weights table's dock, tabbed with the worked numbers and hidden by default.
    void createWeightsTable();
    /// The all-heads dock, tabbed behind the heatmap, and its action.
    void createAllHeads();

    AttentionModel *m_model;
    ViewState *m_viewState;
    QString m_source;
    /// The "Opened … Note: …" message while the status bar shows it: a view taking the focus does
    /// not cover it with its keyboard hint (at start the key space takes the focus just after the
    /// file is shown).
    QString m_openNote;
    bool m_firstStart = false;

    ErrorBanner *m_errorBanner = nullptr;
    KeySpaceView *m_keySpace = nullptr;
    HeatmapView *m_heatmap = nullptr;
    TemperaturePanel *m_temperature = nullptr;
    MaskGridView *m_maskGrid = nullptr;
    WeightsChartView *m_weightsChart = nullptr;
    ContextChartView *m_contextChart = nullptr;
    WorkedNumbersView *m_workedNumbers = nullptr;

    QDockWidget *m_heatmapDock = nullptr;
    QDockWidget *m_weightsDock = nullptr;
    QDockWidget *m_contextDock = nullptr;
    QDockWidget *m_temperatureDock = nullptr;
    QDockWidget *m_maskDock = nullptr;
    QDockWidget *m_numbersDock = nullptr;
    QMenu *m_viewMenu = nullptr;
    QByteArray m_defaultState;

    UndoRecorder *m_undoRecorder = nullptr;
    MatrixEditorView *m_matrixEditor = nullptr;
    QDockWidget *m_matricesDock = nullptr;
    QDockWidget *m_historyDock = nullptr;

    DocumentController *m_document = nullptr;
    AutoSaver *m_autoSaver = nullptr;
    RecentFiles *m_recentFiles = nullptr;

    FigureExportActions *m_figureExport = nullptr;
    AnimationActions *m_animation = nullptr;
    std::unique_ptr<LessonViewRouter> m_lessonViews;

    LessonPanel *m_lessonPanel = nullptr;
    QDockWidget *m_lessonDock = nullptr;

    ThemeController *m_themeController = nullptr;
    PresentationMode *m_presentation = nullptr;

    WeightsTableView *m_weightsTable = nullptr;
    QDockWidget *m_weightsTableDock = nullptr;

    AllHeadsView *m_allHeads = nullptr;
    QDockWidget *m_allHeadsDock = nullptr;
    LabDocks *m_labs = nullptr;
    QAction *m_showAllHeadsAction = nullptr;
};

} // namespace attnlens
