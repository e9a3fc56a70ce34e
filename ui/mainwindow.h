#pragma once

#include <QMainWindow>

class QActionGroup;
class QDockWidget;
class QMenu;

namespace attnlens {

class AttentionModel;
class ContextChartView;
class ErrorBanner;
class HeatmapView;
class KeySpaceView;
class MaskGridView;
class TemperaturePanel;
class ViewState;
class WeightsChartView;
class WorkedNumbersView;
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
    /// status bar name.
    void openScenario(const Scenario &scenario, const QString &source);

    KeySpaceView *keySpaceView() const { return m_keySpace; }
    HeatmapView *heatmapView() const { return m_heatmap; }
    TemperaturePanel *temperaturePanel() const { return m_temperature; }
    MaskGridView *maskGridView() const { return m_maskGrid; }
    WeightsChartView *weightsChartView() const { return m_weightsChart; }
    ContextChartView *contextChartView() const { return m_contextChart; }
    WorkedNumbersView *workedNumbersView() const { return m_workedNumbers; }
    ErrorBanner *errorBanner() const { return m_errorBanner; }

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createViews();
    void createDocks();
    void createMenus();
    void openScenarioFile();
    void openBuiltinScenario(const QString &id);
    void updateTitle();
    void restoreSettings();
    void saveSettings() const;
    void resetLayout();
    QDockWidget *addDock(QWidget *view, const QString &title, Qt::DockWidgetArea area);

    AttentionModel *m_model;
    ViewState *m_viewState;
    QString m_source;

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
};

} // namespace attnlens
