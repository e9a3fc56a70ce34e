#include "mainwindow.h"

#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "contextchartview.h"
#include "errorbanner.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "maskgridview.h"
#include "scenariojson.h"
#include "temperaturepanel.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

namespace attnlens {

namespace {

constexpr int kStatusMessageMs = 6000;
const char *const kSettingsGeometry = "window/geometry";
const char *const kSettingsState = "window/state";
const char *const kSettingsColorMap = "view/colorMap";
const char *const kSettingsShowValues = "view/showValues";
const char *const kSettingsLastFolder = "files/lastFolder";
// Bump when the dock arrangement changes so that an old saved layout is not restored onto it.
constexpr int kLayoutVersion = 1;

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_model(new AttentionModel(this))
    , m_viewState(new ViewState(this))
{
    setObjectName(QStringLiteral("mainWindow"));
    setDockOptions(QMainWindow::AnimatedDocks | QMainWindow::AllowTabbedDocks);
    createViews();
    createDocks();
    createMenus();
    m_defaultState = saveState(kLayoutVersion);
    restoreSettings();

    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        m_viewState->clampToQueryCount(static_cast<int>(m_model->scenario().queryCount()));
        updateTitle();
    });
    connect(m_maskGrid, &MaskGridView::editRefused, this,
            [this](const QString &message) { statusBar()->showMessage(message, kStatusMessageMs); });
    statusBar()->showMessage(tr("Drag a query arrow, slide the temperature or click a mask cell."));
}

MainWindow::~MainWindow() = default;

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

QDockWidget *MainWindow::addDock(QWidget *view, const QString &title, Qt::DockWidgetArea area)
{
    auto *dock = new QDockWidget(title, this);
    // saveState() identifies docks by object name.
    dock->setObjectName(view->objectName() + QStringLiteral("Dock"));
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
    m_numbersDock = addDock(m_workedNumbers, tr("Worked numbers"), Qt::RightDockWidgetArea);

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

void MainWindow::createMenus()
{
    QMenu *fileMenu = menuBar()->addMenu(tr("&File"));
    QAction *openAction = fileMenu->addAction(tr("&Open Scenario…"), this, &MainWindow::openScenarioFile);
    openAction->setShortcut(QKeySequence::Open);
    QMenu *builtinMenu = fileMenu->addMenu(tr("Open &Built-in Scenario"));
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        QAction *action = builtinMenu->addAction(info.title, this,
                                                 [this, id = info.id] { openBuiltinScenario(id); });
        action->setStatusTip(info.description);
        action->setToolTip(info.description);
    }
    builtinMenu->setToolTipsVisible(true);
    fileMenu->addSeparator();
    QAction *quitAction = fileMenu->addAction(tr("&Quit"), this, &QWidget::close);
    quitAction->setShortcut(QKeySequence::Quit);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QMenu *colorMenu = m_viewMenu->addMenu(tr("&Colour Map"));
    auto *colorGroup = new QActionGroup(this);
    for (ColorMap::Kind kind : ColorMap::allKinds()) {
        QAction *action = colorMenu->addAction(ColorMap::displayName(kind));
        action->setCheckable(true);
        action->setChecked(kind == m_viewState->colorMapKind());
        action->setData(ColorMap::id(kind));
        colorGroup->addAction(action);
        connect(action, &QAction::triggered, this, [this, kind] { m_viewState->setColorMapKind(kind); });
    }
    connect(m_viewState, &ViewState::colorMapChanged, colorGroup, [this, colorGroup] {
        for (QAction *action : colorGroup->actions())
            action->setChecked(action->data().toString() == ColorMap::id(m_viewState->colorMapKind()));
    });

    QAction *valuesAction = m_viewMenu->addAction(tr("Show &Values in Cells"));
    valuesAction->setCheckable(true);
    valuesAction->setChecked(m_viewState->showValues());
    connect(valuesAction, &QAction::toggled, m_viewState, &ViewState::setShowValues);
    connect(m_viewState, &ViewState::showValuesChanged, valuesAction, &QAction::setChecked);

    QMenu *quantityMenu = m_viewMenu->addMenu(tr("&Heatmap Shows"));
    auto *quantityGroup = new QActionGroup(this);
    const struct {
        QString text;
        ViewState::HeatmapQuantity quantity;
        QKeySequence shortcut;
    } quantities[] = {
        {tr("Softmax &Weights"), ViewState::HeatmapQuantity::Weights, QKeySequence(Qt::CTRL | Qt::Key_W)},
        {tr("Scaled &Scores"), ViewState::HeatmapQuantity::Scores, QKeySequence(Qt::CTRL | Qt::Key_E)},
    };
    for (const auto &entry : quantities) {
        QAction *action = quantityMenu->addAction(entry.text);
        action->setCheckable(true);
        action->setShortcut(entry.shortcut);
        action->setChecked(m_viewState->heatmapQuantity() == entry.quantity);
        quantityGroup->addAction(action);
        connect(action, &QAction::triggered, this,
                [this, quantity = entry.quantity] { m_viewState->setHeatmapQuantity(quantity); });
        connect(m_viewState, &ViewState::heatmapQuantityChanged, action,
                [this, action, quantity = entry.quantity] {
                    action->setChecked(m_viewState->heatmapQuantity() == quantity);
                });
    }

    QAction *snapAction = m_viewMenu->addAction(tr("S&nap Queries to 0.1 Grid"));
    snapAction->setCheckable(true);
    snapAction->setChecked(m_viewState->snapToGrid());
    connect(snapAction, &QAction::toggled, m_viewState, &ViewState::setSnapToGrid);
    connect(m_viewState, &ViewState::snapToGridChanged, snapAction, &QAction::setChecked);

    m_viewMenu->addSeparator();
    QMenu *panelsMenu = m_viewMenu->addMenu(tr("&Panels"));
    for (QDockWidget *dock : {m_heatmapDock, m_weightsDock, m_contextDock, m_temperatureDock,
                              m_maskDock, m_numbersDock})
        panelsMenu->addAction(dock->toggleViewAction());
    m_viewMenu->addAction(tr("&Reset Layout"), this, &MainWindow::resetLayout);

    QMenu *helpMenu = menuBar()->addMenu(tr("&Help"));
    helpMenu->addAction(tr("&About Attention Lens"), this, [this] {
        QMessageBox::about(
            this, tr("About Attention Lens"),
            tr("<h3>Attention Lens %1</h3><p>A desktop lab for scaled dot-product attention:</p>"
               "<p>S = QK<sup>T</sup>/&radic;d<sub>k</sub>, &nbsp; A = softmax over keys of "
               "(S/T + M), &nbsp; C = AV.</p><p>Rows are receiving queries, columns are source "
               "keys.</p>")
                .arg(QStringLiteral(ATTNLENS_VERSION)));
    });
}

void MainWindow::openScenario(const Scenario &scenario, const QString &source)
{
    m_source = source;
    m_model->setScenario(scenario);
    updateTitle();
    statusBar()->showMessage(tr("Opened %1.").arg(scenario.name.isEmpty() ? source : scenario.name),
                             kStatusMessageMs);
}

void MainWindow::openScenarioFile()
{
    QSettings settings;
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Open Scenario"), settings.value(QLatin1String(kSettingsLastFolder)).toString(),
        tr("Attention Lens scenarios (*.json);;All files (*)"));
    if (path.isEmpty())
        return;
    settings.setValue(QLatin1String(kSettingsLastFolder), QFileInfo(path).absolutePath());
    const Result<Scenario> scenario = readScenarioFile(path);
    if (!scenario) {
        // The open document stays exactly as it was.
        QMessageBox::warning(this, tr("Scenario not opened"),
                             tr("%1\n\n(%2)").arg(scenario.error().message,
                                                  categoryName(scenario.error().category)));
        return;
    }
    openScenario(scenario.value(), path);
}

void MainWindow::openBuiltinScenario(const QString &id)
{
    const Result<Scenario> scenario = loadBuiltinScenario(id);
    if (scenario)
        openScenario(scenario.value(), id);
}

void MainWindow::updateTitle()
{
    const QString name = m_model->scenario().name.isEmpty() ? QFileInfo(m_source).fileName()
                                                            : m_model->scenario().name;
    setWindowTitle(name.isEmpty() ? tr("Attention Lens") : tr("%1 — Attention Lens").arg(name));
}

void MainWindow::restoreSettings()
{
    QSettings settings;
    if (!restoreGeometry(settings.value(QLatin1String(kSettingsGeometry)).toByteArray()))
        resize(1280, 720);
    restoreState(settings.value(QLatin1String(kSettingsState)).toByteArray(), kLayoutVersion);
    if (const auto kind = ColorMap::fromId(settings.value(QLatin1String(kSettingsColorMap)).toString()))
        m_viewState->setColorMapKind(*kind);
    m_viewState->setShowValues(settings.value(QLatin1String(kSettingsShowValues), true).toBool());
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
    restoreState(m_defaultState, kLayoutVersion);
    for (QDockWidget *dock : findChildren<QDockWidget *>())
        dock->show();
    m_heatmapDock->raise();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

} // namespace attnlens
