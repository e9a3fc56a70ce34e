#include "mainwindow.h"

#include "aboutbox.h"
#include "allheadsforward.h"
#include "animationactions.h"
#include "allheadsview.h"
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "contextchartview.h"
#include "deferreddockcontent.h"
#include "documentcontroller.h"
#include "errorbanner.h"
#include "figureexportactions.h"
#include "headeditor.h"
#include "headselector.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "keyboardtaborder.h"
#include "labdocks.h"
#include "labmaterial.h"
#include "languagemenu.h"
#include "lessonconcealment.h"
#include "lessonpanel.h"
#include "lessonviewrouter.h"
#include "lessonprogress.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "matrixeditorview.h"
#include "numpyscenario.h"
#include "pngscenarioreader.h"
#include "presentationflash.h"
#include "presentationmode.h"
#include "recentfiles.h"
#include "recentfilesmenu.h"
#include "scenariojson.h"
#include "statusmessage.h"
#include "temperaturepanel.h"
#include "themecontroller.h"
#include "undorecorder.h"
#include "unreadableautosave.h"
#include "viewstate.h"
#include "viewstatemenus.h"
#include "weightschartview.h"
#include "weightstableview.h"
#include "workednumbersview.h"

#include <QAction>
#include <QApplication>
#include <QChildEvent>
#include <QCloseEvent>
#include <QDir>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPointer>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QUndoStack>
#include <QUndoView>
#include <QUrl>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlens {

namespace {

const char *const kSettingsGeometry = "window/geometry";
const char *const kSettingsState = "window/state";
const char *const kSettingsColorMap = "view/colorMap";
const char *const kSettingsShowValues = "view/showValues";
// Bump when the dock arrangement changes so that an old saved layout is not restored onto it.
constexpr int kLayoutVersion = 4;

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new AttentionModel(this))
    , m_viewState(new ViewState(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    // Docks slide into place once the window is up; while it is being built and first shown
    // (the lesson opening its column, a restored layout) every dock goes straight to its place,
    // instead of laying its content out again on each step of a slide nobody sees.
    setDockOptions(QMainWindow::AllowTabbedDocks);
    QTimer::singleShot(0, this, [this] { setDockOptions(dockOptions() | QMainWindow::AnimatedDocks); });
    createViews();
    createDocks();
    createEditing();
    createDocument();
    createLesson();
    createWeightsTable();
    createAllHeads();
    m_labs = new LabDocks({this, m_model, m_viewState, m_heatmapDock, m_keySpace, m_heatmap, m_weightsChart,
                           m_contextChart, m_workedNumbers},
                          this);
    m_labs->createLabs();
    // Another document leaves no set-aside scenario for a lab to go back to.
    connect(m_document, &DocumentController::documentReplaced, m_labs->material(), &LabMaterial::forgetUserScenario);
    createMenus();
    createLessonViewRouter();
    m_figureExport->installViewMenus();
    m_defaultState = saveState(kLayoutVersion);
    restoreSettings();
    // The lesson opens only when asked for (Help > Start the Lesson, View > Lesson, --lesson).
    m_lessonDock->hide();

    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        m_viewState->clampToQueryCount(static_cast<int>(m_model->scenario().queryCount()));
        updateTitle();
    });
    // With several heads the views name the head they show in their own titles (a dock tab
    // has no room for it); the mask and the temperature panels say they belong to every head.
    // The View > Panels entries keep their plain names.
    const QList<QDockWidget *> sharedDocks = {m_maskDock, m_temperatureDock};
    QList<QString> plainTitles;
    for (QDockWidget *dock : sharedDocks)
        plainTitles << dock->windowTitle();
    const auto nameHeads = [this, sharedDocks, plainTitles] {
        for (int i = 0; i < sharedDocks.size(); ++i) {
            QDockWidget *dock = sharedDocks.at(i);
            const QString &plain = plainTitles.at(i);
            const QString title = m_model->headCount() < 2
                ? plain
                : tr("%1 (all heads)", "a panel shared by every head").arg(plain);
            if (dock->windowTitle() != title) {
                dock->setWindowTitle(title);
                dock->toggleViewAction()->setText(plain);
            }
        }
    };
    connect(m_model, &AttentionModel::scenarioReset, this, nameHeads);
    nameHeads();
    connect(m_maskGrid, &MaskGridView::editRefused, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusMessageMs); });
    statusBar()->showMessage(tr("Drag a query arrow, slide the temperature or click a mask cell."));
    // One line that is always in sight while the lesson is closed says how to open it.
    auto *lessonHint = new QLabel(tr("F9: the guided lesson"), this);
    lessonHint->setObjectName(QStringLiteral("lessonHint"));
    lessonHint->setAccessibleName(tr("How to open the lesson"));
    statusBar()->addPermanentWidget(lessonHint);
    connect(m_lessonDock->toggleViewAction(), &QAction::toggled, lessonHint,
            [lessonHint](bool shown) { lessonHint->setVisible(!shown); });
    lessonHint->setVisible(!m_lessonDock->toggleViewAction()->isChecked());
    // Keyboard users start where the lesson does: the arrow keys move the query at once.
    m_keySpace->setFocus(Qt::OtherFocusReason);
    // A note about the opened file is shown until the status bar says something else (it times out,
    // or a menu's tip covers it); until then no keyboard hint covers it.
    connect(statusBar(), &QStatusBar::messageChanged, this, [this](const QString &message) {
        if (message != m_openNote)
            m_openNote.clear();
    });
    // Arriving at a view from the keyboard, its keys are named in the status bar.
    connect(qApp, &QApplication::focusChanged, this, [this](QWidget *, QWidget *now) {
        if (m_openNote.isEmpty() && now && isAncestorOf(now) && !now->statusTip().isEmpty())
            statusBar()->showMessage(now->statusTip(), kStatusMessageMs);
    });
}

bool MainWindow::event(QEvent *event)
{
    if (event->type() == QEvent::StatusTip && !m_openNote.isEmpty())
        return true;
    // The tab bars of docks tabbed together: whole names, with scroll arrows when they do not
    // all fit (Qt would shorten every name to "Heat…", "Worked num…").
    if (event->type() == QEvent::ChildPolished) {
        if (auto *bar = qobject_cast<QTabBar *>(static_cast<QChildEvent *>(event)->child())) {
            bar->setElideMode(Qt::ElideNone);
            bar->setUsesScrollButtons(true);
        }
    }
    return QMainWindow::event(event);
}

MainWindow::~MainWindow()
{
    // A window closed while presenting gets its own central widget back first: presentation mode
    // holds it outside the window (takeCentralWidget), where nothing would free it.
    if (m_presentation)
        m_presentation->leave();
    // The status bar outlives this class's members (QWidget deletes it later): it must not reach
    // m_openNote then.
    disconnect(statusBar(), nullptr, this, nullptr);
}

void MainWindow::createViews()
{
    m_errorBanner = new ErrorBanner(m_model, this);
    m_keySpace = new KeySpaceView(m_model, m_viewState, this);
    m_heatmap = new HeatmapView(m_model, m_viewState, this);
    m_temperature = new TemperaturePanel(m_model, m_viewState, this);
    m_maskGrid = new MaskGridView(m_model, m_viewState, this);
    m_weightsChart = new WeightsChartView(m_model, m_viewState, this);
    m_contextChart = new ContextChartView(m_model, m_viewState, this);
    m_workedNumbers = new WorkedNumbersView(m_model, m_viewState, this);

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(m_errorBanner);
    layout->addWidget(m_keySpace, 1);
    setCentralWidget(central);
}

QDockWidget *MainWindow::addDock(QWidget *view, const QString &title, Qt::DockWidgetArea area,
                                 DockContent content)
{
    auto *dock = new QDockWidget(title, this);
    // saveState() identifies docks by object name.
    dock->setObjectName(view->objectName() + QStringLiteral("Dock"));
    if (content == DockContent::WhenShown)
        DeferredDockContent::attach(dock, view);
    else
        dock->setWidget(view);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable
                      | QDockWidget::DockWidgetClosable);
    addDockWidget(area, dock);
    return dock;
}

void MainWindow::createDocks()
{
    m_temperatureDock = addDock(m_temperature, tr("Temperature"), Qt::TopDockWidgetArea);
    m_heatmapDock = addDock(m_heatmap, tr("Heatmap"), Qt::RightDockWidgetArea);
    m_weightsDock = addDock(m_weightsChart, tr("Weights"), Qt::BottomDockWidgetArea);
    m_contextDock = addDock(m_contextChart, tr("Context"), Qt::BottomDockWidgetArea);
    m_maskDock = addDock(m_maskGrid, tr("Mask"), Qt::BottomDockWidgetArea);
    m_numbersDock = addDock(m_workedNumbers, tr("Worked numbers"), Qt::RightDockWidgetArea,
                           DockContent::WhenShown);

    splitDockWidget(m_weightsDock, m_contextDock, Qt::Horizontal);
    splitDockWidget(m_contextDock, m_maskDock, Qt::Horizontal);
    tabifyDockWidget(m_heatmapDock, m_numbersDock);
    m_heatmapDock->raise();
    // The bottom row spans the window; the right column stops above it.
    setCorner(Qt::BottomRightCorner, Qt::BottomDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::BottomDockWidgetArea);
    resizeDocks({m_heatmapDock}, {560}, Qt::Horizontal);
    resizeDocks({m_weightsDock}, {240}, Qt::Vertical);
}

void MainWindow::createEditing()
{
    // Every change of the model becomes an undo step; the views declare their gestures (a drag,
    // a slide, a run of nudges, a stroke of mask painting) to the model as one edit each.
    m_undoRecorder = new UndoRecorder(m_model, this);

    m_matrixEditor = new MatrixEditorView(m_model, m_viewState, this);
    m_matricesDock = addDock(m_matrixEditor, tr("Matrices"), Qt::RightDockWidgetArea, DockContent::WhenShown);
    tabifyDockWidget(m_numbersDock, m_matricesDock);
    connect(m_matrixEditor, &MatrixEditorView::editRefused, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusMessageMs); });
    connect(m_matrixEditor, &MatrixEditorView::revealRequested, this, [this] {
        m_matricesDock->show();
        m_matricesDock->raise();
    });

    auto *history = new QUndoView(m_undoRecorder->undoStack(), this);
    history->setObjectName(QStringLiteral("undoHistoryView"));
    history->setAccessibleName(tr("History"));
    history->setAccessibleDescription(tr("Every edit so far, oldest first; click one to go back to it."));
    history->setEmptyLabel(tr("Start"));
    m_historyDock = addDock(history, tr("History"), Qt::RightDockWidgetArea, DockContent::WhenShown);
    tabifyDockWidget(m_matricesDock, m_historyDock);
    m_historyDock->hide();
    // Turned on from View > Panels, a panel comes to the front of its tab group.
    for (QDockWidget *dock : {m_matricesDock, m_historyDock}) {
        connect(dock->toggleViewAction(), &QAction::triggered, dock, [dock](bool shown) {
            if (shown)
                dock->raise();
        });
    }
    m_heatmapDock->raise();
}

void MainWindow::createEditMenu()
{
    QMenu *editMenu = menuBar()->addMenu(tr("&Edit"));
    editMenu->setObjectName(QStringLiteral("editMenu"));
    // The recorder's actions: a gesture still waiting becomes a step before Undo runs.
    QAction *undoAction = m_undoRecorder->createUndoAction(this, tr("&Undo"));
    undoAction->setObjectName(QStringLiteral("undoAction"));
    undoAction->setShortcut(QKeySequence::Undo);
    QAction *redoAction = m_undoRecorder->createRedoAction(this, tr("&Redo"));
    redoAction->setObjectName(QStringLiteral("redoAction"));
    redoAction->setShortcut(QKeySequence::Redo);
    editMenu->addAction(undoAction);
    editMenu->addAction(redoAction);
    editMenu->addSeparator();
    editMenu->addAction(m_matrixEditor->addQueryAction());
    editMenu->addAction(m_matrixEditor->removeQueryAction());
    editMenu->addAction(m_matrixEditor->addKeyAction());
    editMenu->addAction(m_matrixEditor->removeKeyAction());
    editMenu->addAction(m_matrixEditor->renameAction());
    editMenu->addSeparator();
    editMenu->addAction(m_matrixEditor->headEditor()->addHeadAction());
    editMenu->addAction(m_matrixEditor->headEditor()->removeHeadAction());
}

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *newAction = fileMenu->addAction(tr("&New"), this, [this] { m_document->newDocument(); });
    newAction->setShortcut(QKeySequence::New);
    newAction->setStatusTip(tr("Start a small untitled scenario: two queries, three keys, d = 2."));
    QAction *openAction = fileMenu->addAction(tr("&Open…"), this, &MainWindow::openScenarioFile);
    openAction->setShortcut(QKeySequence::Open);
    openAction->setStatusTip(tr("Open a scenario (.json) or a figure exported by Attention Lens (.png)."));
    QAction *importAction = fileMenu->addAction(tr("&Import NumPy Capture…"), this, [this] { m_document->import(); });
    importAction->setObjectName(QStringLiteral("importAction"));
    importAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    importAction->setStatusTip(tr("Open attention captured from a model: q, k, v (and a mask, tokens) "
                                  "saved with NumPy as .npz or .npy."));
    QMenu *builtinMenu = fileMenu->addMenu(tr("Open &Built-in"));
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        QAction *action = builtinMenu->addAction(info.title, this,
                                                 [this, id = info.id] { openBuiltinScenario(id); });
        action->setStatusTip(info.description);
        action->setToolTip(info.description);
    }
    builtinMenu->setToolTipsVisible(true);
    fileMenu->addMenu(new RecentFilesMenu(m_recentFiles, m_document, this));
    fileMenu->addSeparator();
    QAction *saveAction = fileMenu->addAction(tr("&Save"), this, [this] { m_document->save(); });
    saveAction->setShortcut(QKeySequence::Save);
    QAction *saveAsAction = fileMenu->addAction(tr("Save &As…"), this, [this] { m_document->saveAs(); });
    saveAsAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S));
    fileMenu->addSeparator();
    QAction *evidenceAction = fileMenu->addAction(tr("Export &Evidence…"), this,
                                                  [this] { m_document->exportEvidence(); });
    evidenceAction->setStatusTip(tr("Write the scenario with its scores, weights and context (or "
                                    "the reason it is refused) as evidence JSON."));
    QAction *numpyAction = fileMenu->addAction(tr("Export as Num&Py…"), this,
                                               [this] { m_document->exportNumpy(); });
    numpyAction->setObjectName(QStringLiteral("exportNumpyAction"));
    numpyAction->setStatusTip(tr("Write Q, K, V, the mask and every head's scores, weights and "
                                 "context as a NumPy .npz, to read with np.load."));
    addExportActions(fileMenu);
    fileMenu->addSeparator();
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);

    createEditMenu();

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    ViewStateMenus::addDisplayMenus(m_viewMenu, m_viewState);
    // [ and ] step through the heads from anywhere in the window (a text field keeps them for
    // typing); on the window too, so that they work while presenting.
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_temperature->headSelector()->previousHeadAction());
    m_viewMenu->addAction(m_temperature->headSelector()->nextHeadAction());
    addAction(m_temperature->headSelector()->previousHeadAction());
    addAction(m_temperature->headSelector()->nextHeadAction());
    m_viewMenu->addSeparator();
    ViewStateMenus::addSnapAction(m_viewMenu, m_viewState);

    m_viewMenu->addSeparator();
    QMenu *panelsMenu = m_viewMenu->addMenu(tr("&Panels"));
    for (QDockWidget *dock : {m_heatmapDock, m_weightsDock, m_contextDock, m_temperatureDock,
                              m_maskDock, m_numbersDock})
        panelsMenu->addAction(dock->toggleViewAction());
    panelsMenu->addAction(m_matricesDock->toggleViewAction());
    panelsMenu->addAction(m_historyDock->toggleViewAction());
    panelsMenu->addAction(m_weightsTableDock->toggleViewAction());
    panelsMenu->addAction(m_allHeadsDock->toggleViewAction());
    panelsMenu->addAction(m_showAllHeadsAction);
    m_labs->addMenu(m_viewMenu);
    m_viewMenu->addAction(m_lessonDock->toggleViewAction());
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);
    m_viewMenu->addMenu(new LanguageMenu(this));
    addPresentationMenu(m_viewMenu);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    // F9 (View > Lesson) opens the lesson too; the menu names it so that it can be found.
    QAction *lessonAction = helpMenu->addAction(tr("Start the &Lesson") + QStringLiteral("\tF9"), this,
                                                [this] { startLesson(0); });
    lessonAction->setObjectName(QStringLiteral("startLessonAction"));
    lessonAction->setStatusTip(tr("Walk through the notebook's lesson step by step, with live checkpoints."));
    helpMenu->addSeparator();
    helpMenu->addAction(tr("&About Attention Lens"), this, [this] { AboutBox::show(this); })
        ->setObjectName(QStringLiteral("aboutAction"));
}

FigureViews MainWindow::figureViews() const
{
    FigureViews views;
    views.window = const_cast<MainWindow *>(this);
    views.heatmap = m_heatmap;
    views.keySpace = m_keySpace;
    views.weights = m_weightsChart;
    views.context = m_contextChart;
    views.mask = m_maskGrid;
    views.numbers = m_workedNumbers;
    views.heads = m_allHeads;
    m_labs->addFigureViews(views);
    return views;
}

void MainWindow::addExportActions(QMenu *fileMenu)
{
    m_figureExport = new FigureExportActions(this, m_model, m_viewState, figureViews());
    m_figureExport->setScenarioFileSource([this] { return m_document->savedFile(); });
    fileMenu->addAction(m_figureExport->exportAction());
    m_animation = new AnimationActions(this, m_model, m_viewState, figureViews());
    fileMenu->addAction(m_animation->exportAction());
    fileMenu->addAction(m_animation->recordAction());
}

void MainWindow::openScenario(const Scenario &scenario, const QString &source, const QStringList &notes)
{
    m_source = source;
    const QFileInfo file(source);
    // A scenario file becomes the document's file; a built-in, a PNG figure or a NumPy capture
    // opens untitled, so Save asks where to write instead of overwriting something that is not a
    // scenario file.
    const bool isScenarioFile = file.isFile() && !looksLikePng(source) && !isNumpyPath(source);
    m_document->setDocument(scenario, isScenarioFile ? file.absoluteFilePath() : QString(),
                            file.isFile() ? QString() : source);
    if (file.isFile())
        m_recentFiles->add(file.absoluteFilePath());
    updateTitle();
    const QString opened = tr("Opened %1.").arg(scenario.name.isEmpty() ? source : scenario.name);
    m_openNote = notes.isEmpty() ? QString() : tr("%1 Note: %2").arg(opened, notes.join(QLatin1Char(' ')));
    // A note stays twice as long: it says something about the file, not about a key.
    statusBar()->showMessage(notes.isEmpty() ? opened : m_openNote,
                             notes.isEmpty() ? kStatusMessageMs : 2 * kStatusMessageMs);
}

void MainWindow::openScenarioFile()
{
    m_document->open();
}

void MainWindow::openBuiltinScenario(const QString &id)
{
    m_document->openBuiltin(id);
}

void MainWindow::createDocument()
{
    m_document = new DocumentController(m_model, this);
    m_autoSaver = new AutoSaver(m_model, m_document, this);
    m_recentFiles = new RecentFiles(this);
    connect(m_document, &DocumentController::modifiedChanged, this, &QWidget::setWindowModified);
    connect(m_document, &DocumentController::documentChanged, this, &MainWindow::updateTitle);
    connect(m_document, &DocumentController::statusMessage, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusMessageMs); });
    connect(m_document, &DocumentController::fileOpened, m_recentFiles, &RecentFiles::add);
    connect(m_document, &DocumentController::fileSaved, m_recentFiles, &RecentFiles::add);
    connect(m_autoSaver, &AutoSaver::failed, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusMessageMs); });
    setAcceptDrops(true);
}

bool MainWindow::offerAutosaveRestore()
{
    m_autoSaver->adoptOrphan();  // a copy left in another slot or a fallback file is offered too
    if (!m_autoSaver->hasAutosave())
        return false;
    const Result<AutoSaver::Recovered> recovered = m_autoSaver->read();
    if (!recovered) {
        // The user's work may be in it: kept, said, and offered (never deleted).
        const QString kept = keepUnreadableAutosave(m_autoSaver->filePath(), recovered.error(),
                                                    *m_document);
        statusBar()->showMessage(tr("The autosave could not be read; it is kept as %1.")
                                     .arg(QDir::toNativeSeparators(kept)),
                                 kStatusMessageMs);
        return false;
    }
    const AutoSaver::Recovered &autosave = recovered.value();
    QString name = autosave.scenario.name.trimmed();
    if (name.isEmpty())
        name = autosave.documentPath.isEmpty() ? tr("Untitled") : QFileInfo(autosave.documentPath).fileName();
    if (!m_document->dialogs().askRestore(name, autosave.savedAt)) {
        m_autoSaver->discard();
        return false;
    }
    m_autoSaver->claim();
    m_document->restoreDocument(autosave.scenario, autosave.documentPath, autosave.builtinId);
    const QString restored = tr("Restored “%1”; it is not saved yet.").arg(name);
    statusBar()->showMessage(autosave.notes.isEmpty()
                                 ? restored
                                 : tr("%1 Note: %2").arg(restored, autosave.notes.join(QLatin1Char(' '))),
                             kStatusMessageMs);
    return true;
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    if (DocumentController::droppedFile(event->mimeData()).isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QString path = DocumentController::droppedFile(event->mimeData());
    if (path.isEmpty()) {
        event->ignore();
        return;
    }
    event->acceptProposedAction();
    // Opened after the drop has finished: the unsaved-changes question and an error dialog are
    // modal, and the application the file was dragged from must not wait for them.
    QTimer::singleShot(0, this, [this, path] { m_document->openFile(path); });
}

void MainWindow::updateTitle()
{
    QString title = m_document->displayName();
    if (!m_document->isUntitled()) {
        const QString fileName = QFileInfo(m_document->filePath()).fileName();
        if (fileName != title)
            title = tr("%1 (%2)").arg(title, fileName);
    }
    // [*] is where Qt shows the unsaved mark (setWindowModified).
    setWindowTitle(tr("%1[*] — Attention Lens").arg(title));
    setWindowModified(m_document->isModified());
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    m_firstStart = !settings.contains(QLatin1String(kSettingsGeometry));
    if (!restoreGeometry(settings.value(QLatin1String(kSettingsGeometry)).toByteArray()))
        resize(1280, 720);
    restoreState(settings.value(QLatin1String(kSettingsState)).toByteArray(), kLayoutVersion);
    if (const auto kind = ColorMap::fromId(settings.value(QLatin1String(kSettingsColorMap)).toString()))
        m_viewState->setColorMapKind(*kind);
    m_viewState->setShowValues(settings.value(QLatin1String(kSettingsShowValues), true).toBool());
}

void MainWindow::showFitted()
{
    // The first start fills a projector's 1280x720 or 1024x768 (the window manager's title bar
    // would push a 1280x720 window's status bar off such a screen); on a larger screen, or with
    // a remembered geometry, the window opens as it is.
    const QRect available = screen() ? screen()->availableGeometry() : QRect();
    if (m_firstStart && available.isValid() && (available.width() < width() + 80 || available.height() < height() + 80))
        showMaximized();
    else
        show();
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(QLatin1String(kSettingsGeometry), saveGeometry());
    settings.setValue(QLatin1String(kSettingsState), saveState(kLayoutVersion));
    settings.setValue(QLatin1String(kSettingsColorMap), ColorMap::id(m_viewState->colorMapKind()));
    settings.setValue(QLatin1String(kSettingsShowValues), m_viewState->showValues());
}

void MainWindow::resetLayout()
{
    const bool lessonShown = m_lessonDock->isVisible();
    restoreState(m_defaultState, kLayoutVersion);
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->show();
    // The history and the weights table are optional panels: shown only on request.
    m_historyDock->hide();
    m_weightsTableDock->hide();
    m_labs->hideAll();
    m_lessonDock->setVisible(lessonShown);
    m_heatmapDock->raise();
}

void MainWindow::createLesson()
{
    m_lessonPanel = new LessonPanel(m_model, m_viewState, this);
    m_lessonDock = addDock(m_lessonPanel, tr("Lesson"), Qt::LeftDockWidgetArea);
    m_lessonDock->hide();
    // Predict first: while the lesson is open, no view shows what its step asks for.
    new LessonConcealment(m_lessonPanel->progress(), m_lessonPanel, m_viewState, this);
    // While shown, the lesson is a full-height column on the left; while hidden the left area is
    // empty and these corners change nothing.
    setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    QAction *toggle = m_lessonDock->toggleViewAction();
    toggle->setText(tr("&Lesson"));
    toggle->setObjectName(QStringLiteral("lessonDockAction"));
    toggle->setShortcut(QKeySequence(Qt::Key_F9));
    toggle->setStatusTip(tr("Show or hide the guided lesson."));
    connect(toggle, &QAction::triggered, this, [this](bool shown) {
        // While presenting the lesson's column belongs to the stage; its dock stays hidden.
        if (m_presentation && m_presentation->isActive()) {
            m_lessonDock->hide();
            if (shown && m_lessonPanel->currentStep() < 0)
                m_lessonPanel->goToStep(0);
            m_presentation->setLessonShown(shown);
            return;
        }
        if (shown && m_lessonPanel->currentStep() < 0)
            startLesson(0);
        else if (shown)
            m_lessonDock->raise();
    });
    // Steps load through the document: the title names the step's scenario, and unsaved work of
    // the user's own (a file, or a new scenario) is offered for saving first. A built-in that was
    // only played with is replaced without asking; undo still brings it back.
    m_lessonPanel->progress()->setScenarioLoader([this](const Scenario &scenario, const QString &id) {
        const bool ownWork = m_document->isModified()
            && (!m_document->isUntitled() || m_document->builtinId().isEmpty());
        if (ownWork && !m_document->maybeSave())
            return false;
        m_document->setDocument(scenario, QString(), id);
        return true;
    });
    connect(m_lessonPanel, &LessonPanel::viewRequested, this,
            [this](LessonView view) { m_lessonViews->show(view, LessonViewRouter::Origin::Lesson); });
}

void MainWindow::startLesson(int stepIndex)
{
    if (m_presentation->isActive()) {
        m_presentation->setLessonShown(true);
    } else if (!m_lessonDock->isVisible()) {
        m_lessonDock->show();
        // Room for the lesson's text; the heatmap keeps a third of the width so that its numbers
        // stay written in the cells on a wide screen, and the key space takes the rest.
        const int lessonWidth = std::max(m_lessonPanel->minimumSizeHint().width(), this->width() * 28 / 100);
        const int heatmapWidth = std::max(m_heatmap->minimumSizeHint().width(), this->width() * 32 / 100);
        resizeDocks({m_lessonDock, m_heatmapDock}, {lessonWidth, heatmapWidth}, Qt::Horizontal);
    }
    m_lessonDock->raise();
    if (!m_lessonPanel->goToStep(stepIndex))
        m_lessonPanel->goToStep(0);
    m_lessonPanel->setFocus();
}

void MainWindow::createLessonViewRouter()
{
    m_lessonViews = std::make_unique<LessonViewRouter>(m_presentation, m_viewState, m_workedNumbers);
    m_lessonViews->setPlace(LessonView::KeySpace, nullptr, m_keySpace);  // central: always in sight
    m_lessonViews->setPlace(LessonView::Heatmap, m_heatmapDock, m_heatmap);
    m_lessonViews->setPlace(LessonView::WorkedNumbers, m_numbersDock, m_workedNumbers);
    m_lessonViews->setPlace(LessonView::Weights, m_weightsDock, m_weightsChart);
    m_lessonViews->setPlace(LessonView::Context, m_contextDock, m_contextChart);
    m_lessonViews->setPlace(LessonView::Temperature, m_temperatureDock, m_temperature);
    m_lessonViews->setPlace(LessonView::Mask, m_maskDock, m_maskGrid);
    m_lessonViews->setPlace(LessonView::Lesson, m_lessonDock, m_lessonPanel);
    m_labs->placeIn(m_lessonViews.get());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    m_animation->stopRecordingBeforeClose();
    if (!m_document->maybeSave()) {
        event->ignore();
        return;
    }
    // Saved or discarded on purpose: the copy kept for a crash is no longer needed.
    m_autoSaver->discard();
    saveSettings();
    QMainWindow::closeEvent(event);
}

// Weights as a table (ACCESS): a dock of its own, tabbed with the worked numbers, hidden until
// asked for; shown from View > Panels it comes to the front of its tab group.
void MainWindow::createWeightsTable()
{
    m_weightsTable = new WeightsTableView(m_model, m_viewState, this);
    m_weightsTableDock = addDock(m_weightsTable, tr("Weights table"), Qt::RightDockWidgetArea,
                                 DockContent::WhenShown);
    tabifyDockWidget(m_numbersDock, m_weightsTableDock);
    m_weightsTableDock->hide();
    QAction *toggle = m_weightsTableDock->toggleViewAction();
    toggle->setObjectName(QStringLiteral("weightsTableDockAction"));
    toggle->setStatusTip(tr("Show the weights and the context vector as a table that a screen "
                            "reader reads cell by cell."));
    connect(toggle, &QAction::triggered, m_weightsTableDock, [this](bool shown) {
        if (shown)
            m_weightsTableDock->raise();
    });
    m_heatmapDock->raise();
}

// Every head side by side (issue 13): a dock tabbed behind the heatmap. Ctrl+Shift+H brings it
// forward; while presenting (where docks are hidden) it takes the large place, and again gives it
// back to the view that had it.
void MainWindow::createAllHeads()
{
    m_allHeads = new AllHeadsView(m_model, m_viewState, this);
    m_allHeadsDock = addDock(m_allHeads, tr("All heads"), Qt::RightDockWidgetArea, DockContent::WhenShown);
    tabifyDockWidget(m_heatmapDock, m_allHeadsDock);
    QAction *toggle = m_allHeadsDock->toggleViewAction();
    toggle->setObjectName(QStringLiteral("allHeadsDockAction"));
    toggle->setStatusTip(tr("Show every head's weights side by side"));
    connect(toggle, &QAction::triggered, m_allHeadsDock, [this](bool shown) {
        if (shown)
            m_allHeadsDock->raise();
    });
    m_showAllHeadsAction = new AllHeadsForward(this, m_allHeads, m_allHeadsDock,
                                               [this] { return m_presentation; }, m_keySpace);
    m_heatmapDock->raise();
}

// Keyboard-only use (ACCESS): Tab visits the views in the order the lesson reads them, whatever
// order they were created or docked in (keyboardtaborder.h).
KeyboardTabOrder MainWindow::tabOrder() const
{
    QList<QWidget *> order = {m_keySpace, m_heatmap, m_allHeads, m_temperature, m_maskGrid, m_weightsChart,
                              m_contextChart, m_workedNumbers, m_weightsTable, m_matrixEditor};
    order += m_labs->labs();
    order.append(m_lessonPanel);
    return KeyboardTabOrder(const_cast<MainWindow *>(this), order);
}

QList<QWidget *> MainWindow::tabStops() const
{
    return tabOrder().stops();
}

bool MainWindow::focusNextPrevChild(bool next)
{
    return tabOrder().step(focusWidget(), next) || QMainWindow::focusNextPrevChild(next);
}

// Themes and presentation mode (PRESENT): View > Theme (saved in QSettings "view/theme"), the
// text size, and F5 for a lecture. While presenting, only the key space and these docks stay.
void MainWindow::addPresentationMenu(QMenu *viewMenu)
{
    m_themeController = new ThemeController(m_viewState, this, this);
    m_themeController->restoreSavedTheme();
    m_presentation = new PresentationMode(this, m_viewState, this);
    m_presentation->setBaseFont(m_themeController->baseFont());
    // The step's view in the large place; beside it the two that explain it best.
    PresentationMode::Arrangement arrangement;
    arrangement.lessonDock = m_lessonDock;
    arrangement.banner = m_errorBanner;
    arrangement.strip = m_temperature;
    arrangement.views = {m_keySpace, m_heatmap, m_weightsChart, m_contextChart, m_maskGrid, m_workedNumbers,
                         m_allHeads};
    arrangement.companions = {
        {m_keySpace, {m_heatmap, m_weightsChart}},     {m_heatmap, {m_keySpace, m_weightsChart}},
        {m_weightsChart, {m_keySpace, m_heatmap}},     {m_contextChart, {m_weightsChart, m_keySpace}},
        {m_maskGrid, {m_heatmap, m_keySpace}},         {m_workedNumbers, {m_heatmap, m_keySpace}},
        {m_allHeads, {m_keySpace, m_weightsChart}},
    };
    m_labs->addToArrangement(arrangement);
    arrangement.defaultFocal = m_keySpace;
    arrangement.naturalHeights = {{m_heatmap, [this](int width) { return m_heatmap->naturalHeight(width); }}};
    m_presentation->setArrangement(arrangement);

    viewMenu->addSeparator();
    m_themeController->addThemeMenu(viewMenu);
    QMenu *textMenu = viewMenu->addMenu(tr("Te&xt Size"));
    textMenu->setObjectName(QStringLiteral("textSizeMenu"));
    textMenu->addAction(m_presentation->largerTextAction());
    textMenu->addAction(m_presentation->smallerTextAction());
    textMenu->addAction(m_presentation->normalTextAction());
    viewMenu->addAction(m_presentation->toggleAction());
}

} // namespace attnlens
