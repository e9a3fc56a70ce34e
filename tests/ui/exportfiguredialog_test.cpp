#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "exportfiguredialog.h"
#include "figureexportactions.h"
#include "figureexporter.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "scenariojson.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QAction>
#include <QApplication>
#include <QChartView>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

void clearExportSettings()
{
    QSettings settings;
    settings.remove(QStringLiteral("export"));
}

template <typename T>
T *child(QWidget *parent, const char *name)
{
    T *found = parent->findChild<T *>(QLatin1String(name));
    EXPECT_NE(found, nullptr) << name;
    return found;
}

QAction *actionNamed(QWidget *widget, const QString &name)
{
    for (QAction *action : widget->actions()) {
        if (action->objectName() == name)
            return action;
    }
    return nullptr;
}

class ExportFigureDialogTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        clearExportSettings();
        model.setScenario(builtinScenario("causal-padding"));
        QCoreApplication::processEvents();
    }
    void TearDown() override { clearExportSettings(); }

    AttentionModel model;
    ViewState viewState;
    FigureExporter exporter{&model, &viewState};
};

} // namespace

TEST_F(ExportFigureDialogTest, StartsOnTheViewAtItsSizeWithAFileNamedAfterIt)
{
    ExportFigureDialog dialog(&exporter, FigureView::Weights, QStringLiteral("Causal mask and padding"),
                              QStringLiteral("a caption"));
    const FigureOptions o = dialog.options();
    EXPECT_EQ(o.view, FigureView::Weights);
    EXPECT_EQ(o.format, FigureFormat::Png);
    EXPECT_EQ(o.size, exporter.defaultSize(FigureView::Weights));
    EXPECT_DOUBLE_EQ(o.dpi, 96.0);
    EXPECT_FALSE(o.transparent);
    EXPECT_TRUE(o.caption.isEmpty());
    EXPECT_TRUE(dialog.filePath().endsWith(QStringLiteral("causal-mask-and-padding-weights.png")))
        << dialog.filePath().toStdString();

    // The made-up name follows the view.
    dialog.setView(FigureView::Heatmap);
    EXPECT_TRUE(dialog.filePath().endsWith(QStringLiteral("causal-mask-and-padding-heatmap.png")));
    EXPECT_EQ(dialog.options().size, exporter.defaultSize(FigureView::Heatmap));
}

TEST_F(ExportFigureDialogTest, SuffixAndFormatFollowEachOther)
{
    ExportFigureDialog dialog(&exporter, FigureView::Heatmap, QStringLiteral("x"), QString());
    auto *format = child<QComboBox>(&dialog, "exportFormatCombo");
    auto *path = child<QLineEdit>(&dialog, "exportPathEdit");
    auto *resolution = child<QComboBox>(&dialog, "exportResolutionCombo");

    // Typing a suffix chooses the format.
    path->clear();
    QTest::keyClicks(path, QStringLiteral("/home/student/figures/figure.svg"));
    EXPECT_EQ(dialog.options().format, FigureFormat::Svg);
    EXPECT_FALSE(resolution->isEnabled());  // a vector drawing has no resolution
    path->clear();
    QTest::keyClicks(path, QStringLiteral("/home/student/figures/figure.PDF"));
    EXPECT_EQ(dialog.options().format, FigureFormat::Pdf);

    // Choosing a format changes the suffix.
    format->setCurrentIndex(format->findData(static_cast<int>(FigureFormat::Png)));
    EXPECT_EQ(dialog.filePath(), QStringLiteral("/home/student/figures/figure.png"));
    EXPECT_TRUE(resolution->isEnabled());

    // A bare name gets the format's suffix.
    path->setText(QStringLiteral("/home/student/figures/bare"));
    EXPECT_EQ(dialog.filePath(), QStringLiteral("/home/student/figures/bare.png"));
}

TEST_F(ExportFigureDialogTest, ResolutionPresetsAndPixelCount)
{
    ExportFigureDialog dialog(&exporter, FigureView::Heatmap, QStringLiteral("x"), QString());
    auto *resolution = child<QComboBox>(&dialog, "exportResolutionCombo");
    auto *dpi = child<QDoubleSpinBox>(&dialog, "exportDpiSpin");
    auto *summary = child<QLabel>(&dialog, "exportSummaryLabel");
    dialog.setFigureSize(QSize(600, 400));

    resolution->setCurrentIndex(1);
    EXPECT_DOUBLE_EQ(dialog.options().dpi, 192.0);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("1200 × 800"))) << summary->text().toStdString();
    resolution->setCurrentIndex(2);
    EXPECT_DOUBLE_EQ(dialog.options().dpi, 300.0);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("1875 × 1250"))) << summary->text().toStdString();
    EXPECT_FALSE(dpi->isEnabled());
    resolution->setCurrentIndex(3);
    EXPECT_TRUE(dpi->isEnabled());
    dpi->setValue(150);
    EXPECT_DOUBLE_EQ(dialog.options().dpi, 150.0);

    // Too many pixels: said so, and Export is off.
    dialog.setFigureSize(QSize(16000, 16000));
    dpi->setValue(1200);
    EXPECT_TRUE(summary->text().contains(QStringLiteral("too large"))) << summary->text().toStdString();
    EXPECT_FALSE(child<QPushButton>(&dialog, "exportButton")->isEnabled());
}

TEST_F(ExportFigureDialogTest, CaptionAndBackgroundAndRememberedChoices)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    {
        ExportFigureDialog dialog(&exporter, FigureView::Heatmap, QStringLiteral("x"),
                                  QStringLiteral("Causal — temperature T = 1 — causal mask"));
        auto *caption = child<QCheckBox>(&dialog, "exportCaptionCheck");
        EXPECT_FALSE(caption->isChecked());
        caption->setChecked(true);
        EXPECT_EQ(dialog.options().caption, QStringLiteral("Causal — temperature T = 1 — causal mask"));
        child<QCheckBox>(&dialog, "exportTransparentCheck")->setChecked(true);
        EXPECT_TRUE(dialog.options().transparent);
        dialog.setFilePath(dir.filePath(QStringLiteral("f.svg")));
        dialog.setDpi(300);
        dialog.accept();
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
    }
    QSettings settings;
    EXPECT_EQ(settings.value(QStringLiteral("export/format")).toString(), QStringLiteral("svg"));
    EXPECT_DOUBLE_EQ(settings.value(QStringLiteral("export/dpi")).toDouble(), 300.0);
    EXPECT_TRUE(settings.value(QStringLiteral("export/transparent")).toBool());
    EXPECT_TRUE(settings.value(QStringLiteral("export/caption")).toBool());
    EXPECT_EQ(settings.value(QStringLiteral("export/folder")).toString(), dir.path());

    // The next dialog starts from these choices, in that folder.
    ExportFigureDialog next(&exporter, FigureView::Mask, QStringLiteral("x"), QStringLiteral("c"));
    const FigureOptions o = next.options();
    EXPECT_EQ(o.format, FigureFormat::Svg);
    EXPECT_DOUBLE_EQ(o.dpi, 300.0);
    EXPECT_TRUE(o.transparent);
    EXPECT_EQ(o.caption, QStringLiteral("c"));
    EXPECT_EQ(QFileInfo(next.filePath()).absolutePath(), dir.path());
    EXPECT_EQ(QFileInfo(next.filePath()).fileName(), QStringLiteral("x-mask.svg"));

    // The whole window has no transparent option.
    next.setView(FigureView::Window);
    EXPECT_FALSE(child<QCheckBox>(&next, "exportTransparentCheck")->isEnabled());
    EXPECT_FALSE(next.options().transparent);
}

TEST_F(ExportFigureDialogTest, StyleAndSelectionAreOfferedAndRemembered)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    {
        ExportFigureDialog dialog(&exporter, FigureView::Heatmap, QStringLiteral("x"), QStringLiteral("c"));
        // By default a figure is drawn as on screen and shows no selection.
        FigureOptions o = dialog.options();
        EXPECT_FALSE(o.theme.has_value());
        EXPECT_FALSE(o.showSelection);
        auto *style = child<QComboBox>(&dialog, "exportThemeCombo");
        auto *selection = child<QCheckBox>(&dialog, "exportSelectionCheck");
        ASSERT_EQ(style->count(), 4);
        EXPECT_TRUE(style->itemText(1).contains(QStringLiteral("print")));
        EXPECT_FALSE(style->accessibleName().isEmpty());
        style->setCurrentIndex(1);
        selection->setChecked(true);
        o = dialog.options();
        EXPECT_EQ(o.theme, Theme::Kind::Light);
        EXPECT_TRUE(o.showSelection);
        const QSize lightSize = dialog.options().size;
        dialog.setFigureTheme(Theme::Kind::Projector);
        EXPECT_EQ(dialog.options().theme, Theme::Kind::Projector);
        // Projector's bigger type gets a bigger figure, so that its labels and numbers fit.
        EXPECT_GT(dialog.options().size.width(), lightSize.width());
        FigureOptions unsized = dialog.options();
        unsized.size = QSize();
        EXPECT_EQ(dialog.options().size, exporter.figureSize(unsized));
        dialog.setFigureTheme(Theme::Kind::Light);
        EXPECT_EQ(dialog.options().size, lightSize);

        // Only the heatmap outlines a selection; the whole window keeps its own theme.
        dialog.setView(FigureView::Weights);
        EXPECT_FALSE(selection->isEnabled());
        EXPECT_FALSE(dialog.options().showSelection);
        EXPECT_EQ(dialog.options().theme, Theme::Kind::Light);
        dialog.setView(FigureView::Window);
        EXPECT_FALSE(style->isEnabled());
        EXPECT_FALSE(dialog.options().theme.has_value());
        EXPECT_TRUE(dialog.options().showSelection);
        dialog.setView(FigureView::Heatmap);

        dialog.setFilePath(dir.filePath(QStringLiteral("f.png")));
        dialog.accept();
        EXPECT_EQ(dialog.result(), QDialog::Accepted);
    }
    QSettings settings;
    EXPECT_EQ(settings.value(QStringLiteral("export/theme")).toString(), QStringLiteral("light"));
    EXPECT_TRUE(settings.value(QStringLiteral("export/showSelection")).toBool());
    ExportFigureDialog next(&exporter, FigureView::Heatmap, QStringLiteral("x"), QStringLiteral("c"));
    EXPECT_EQ(next.options().theme, Theme::Kind::Light);
    EXPECT_TRUE(next.options().showSelection);
}

class FigureExportActionsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        clearExportSettings();
        window = std::make_unique<MainWindow>();
        window->openScenario(builtinScenario("lesson"), QStringLiteral("lesson"));
        window->resize(1280, 720);
        window->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(window.get()));
        QCoreApplication::processEvents();
        actions = window->findChild<FigureExportActions *>();
        ASSERT_NE(actions, nullptr);
    }
    void TearDown() override
    {
        window.reset();
        clearExportSettings();
    }

    std::unique_ptr<MainWindow> window;
    FigureExportActions *actions = nullptr;
};

TEST_F(FigureExportActionsTest, FileMenuHasExportFigureBeforeQuit)
{
    QMenu *file = nullptr;
    for (QAction *action : window->menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
            file = action->menu();
    }
    ASSERT_NE(file, nullptr);
    const QList<QAction *> items = file->actions();
    int exportIndex = -1;
    int quitIndex = -1;
    for (int i = 0; i < items.size(); ++i) {
        if (items[i]->objectName() == QStringLiteral("exportFigureAction"))
            exportIndex = i;
        if (items[i]->text().remove(QLatin1Char('&')) == QStringLiteral("Quit"))
            quitIndex = i;
    }
    ASSERT_GE(exportIndex, 0);
    EXPECT_LT(exportIndex, quitIndex);
    EXPECT_TRUE(items[exportIndex]->text().contains(QStringLiteral("Figure")));
}

TEST_F(FigureExportActionsTest, EveryViewHasTheContextMenuAndShortcut)
{
    for (FigureView view : allFigureViews()) {
        if (view == FigureView::Window)
            continue;
        QWidget *widget = actions->viewWidget(view);
        ASSERT_NE(widget, nullptr);
        EXPECT_EQ(widget->contextMenuPolicy(), Qt::ActionsContextMenu) << figureViewId(view).toStdString();
        QAction *copy = actionNamed(widget, QStringLiteral("copyFigureAction"));
        ASSERT_NE(copy, nullptr) << figureViewId(view).toStdString();
        EXPECT_EQ(copy->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
        EXPECT_EQ(copy->shortcutContext(), Qt::WidgetWithChildrenShortcut);
        EXPECT_NE(actionNamed(widget, QStringLiteral("exportViewFigureAction")), nullptr);
    }
    // The worked numbers keep their own "Copy as text" first.
    const QList<QAction *> numbers = window->workedNumbersView()->actions();
    ASSERT_GE(numbers.size(), 3);
    EXPECT_TRUE(numbers.first()->text().contains(QStringLiteral("text")));
}

TEST_F(FigureExportActionsTest, CtrlShiftCCopiesTheFocusedViewAsImage)
{
    QApplication::clipboard()->clear();
    window->activateWindow();
    window->heatmapView()->setFocus();
    QCoreApplication::processEvents();
    ASSERT_EQ(actions->focusedView(), FigureView::Heatmap);
    QTest::keyClick(window->heatmapView(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    QImage copied = QApplication::clipboard()->image();
    ASSERT_FALSE(copied.isNull());
    // The heatmap's size on screen, cut to what its 1 x 3 matrix fills.
    const QSize fitted = FigureExporter(window->model(), window->viewState(), window->figureViews()).defaultSize(FigureView::Heatmap);
    EXPECT_EQ(copied.size(), fitted * 2);
    EXPECT_LE(fitted.width(), window->heatmapView()->width());
    EXPECT_LE(fitted.height(), window->heatmapView()->height());
    const Result<Scenario> back = parseScenario(
        copied.text(QLatin1String(FigureExporter::kScenarioTextKey)).toUtf8(), QStringLiteral("clipboard"));
    ASSERT_TRUE(back.ok());
    EXPECT_TRUE(back.value() == window->model()->scenario());

    // The chart inside the weights view has the focus: the weights chart is copied.
    QApplication::clipboard()->clear();
    auto *chartView = window->weightsChartView()->findChild<QChartView *>();
    ASSERT_NE(chartView, nullptr);
    chartView->setFocus();
    QCoreApplication::processEvents();
    ASSERT_EQ(actions->focusedView(), FigureView::Weights);
    QTest::keyClick(chartView, Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    copied = QApplication::clipboard()->image();
    ASSERT_FALSE(copied.isNull());
    EXPECT_EQ(copied.size(), window->weightsChartView()->size() * 2);

    // The mask grid, focused in its canvas.
    QApplication::clipboard()->clear();
    window->maskGridView()->grid()->setFocus();
    QCoreApplication::processEvents();
    ASSERT_EQ(actions->focusedView(), FigureView::Mask);
    QTest::keyClick(window->maskGridView()->grid(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    copied = QApplication::clipboard()->image();
    ASSERT_FALSE(copied.isNull());
    EXPECT_EQ(copied.size(), window->maskGridView()->grid()->size() * 2);
}

TEST_F(FigureExportActionsTest, FileExportFigureWritesTheFocusedView)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("keyspace.pdf"));
    window->keySpaceView()->setFocus();
    QCoreApplication::processEvents();

    bool sawDialog = false;
    FigureView shownView = FigureView::Window;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<ExportFigureDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        shownView = dialog->options().view;
        dialog->setFilePath(path);
        dialog->accept();
    });
    window->findChild<QAction *>(QStringLiteral("exportFigureAction"))->trigger();
    EXPECT_TRUE(sawDialog);
    EXPECT_EQ(shownView, FigureView::KeySpace);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.readAll().startsWith("%PDF"));
}

TEST_F(FigureExportActionsTest, ContextMenuExportOfTheWholeWindowAsPng)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("window.png"));
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<ExportFigureDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        dialog->setView(FigureView::Window);
        dialog->setFilePath(path);
        dialog->setDpi(192);
        dialog->accept();
    });
    EXPECT_TRUE(actions->exportFigure(FigureView::Heatmap));
    QImageReader reader(path);
    EXPECT_EQ(reader.size(), window->size() * 2);
    EXPECT_FALSE(reader.text(QLatin1String(FigureExporter::kScenarioTextKey)).isEmpty());
}
