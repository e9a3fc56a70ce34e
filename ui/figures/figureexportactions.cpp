#include "figureexportactions.h"

#include "attentionmodel.h"
#include "exportfiguredialog.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "headtitle.h"
#include "statusmessage.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>

#include <algorithm>

namespace attnlens {

QKeySequence FigureExportActions::copyShortcut()
{
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C);
}

FigureExportActions::FigureExportActions(QMainWindow *window, AttentionModel *model, ViewState *viewState,
                                         const FigureViews &views)
    : QObject(window)
    , m_window(window)
    , m_model(model)
    , m_viewState(viewState)
    , m_views(views)
{
    setObjectName(QStringLiteral("figureExportActions"));
    m_exportAction = new QAction(tr("Export &Figure…"), this);
    m_exportAction->setObjectName(QStringLiteral("exportFigureAction"));
    m_exportAction->setStatusTip(tr("Save a view or the whole window as PNG, SVG or PDF"));
    connect(m_exportAction, &QAction::triggered, this,
            [this] { exportFigure(focusedView().value_or(FigureView::Heatmap)); });
}

QWidget *FigureExportActions::viewWidget(FigureView view) const
{
    return m_views.widget(view);
}

std::optional<FigureView> FigureExportActions::focusedView() const
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        return std::nullopt;
    for (FigureView view : allFigureViews()) {
        if (view == FigureView::Window)
            continue;
        const QWidget *widget = viewWidget(view);
        if (widget && (widget == focus || widget->isAncestorOf(focus)))
            return view;
    }
    return std::nullopt;
}

void FigureExportActions::installViewMenus()
{
    for (FigureView view : allFigureViews()) {
        if (view != FigureView::Window)
            installOn(viewWidget(view), view);
    }
}

void FigureExportActions::installOn(QWidget *widget, FigureView view)
{
    if (!widget)
        return;
    auto *copy = new QAction(tr("Copy as &Image"), widget);
    copy->setObjectName(QStringLiteral("copyFigureAction"));
    copy->setShortcut(copyShortcut());
    // Only the view that has the focus answers the shortcut.
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    copy->setStatusTip(tr("Copy this view to the clipboard as an image"));
    connect(copy, &QAction::triggered, this, [this, view] { copyToClipboard(view); });

    auto *exportFigureAction = new QAction(tr("&Export Figure…"), widget);
    exportFigureAction->setObjectName(QStringLiteral("exportViewFigureAction"));
    exportFigureAction->setStatusTip(tr("Save this view as PNG, SVG or PDF"));
    connect(exportFigureAction, &QAction::triggered, this, [this, view] { exportFigure(view); });

    // A view with actions of its own (the worked numbers' "Copy as text") keeps them first.
    if (!widget->actions().isEmpty()) {
        auto *separator = new QAction(widget);
        separator->setSeparator(true);
        widget->addAction(separator);
    }
    widget->addAction(copy);
    widget->addAction(exportFigureAction);
    widget->setContextMenuPolicy(Qt::ActionsContextMenu);
}

bool FigureExportActions::exportFigure(FigureView view)
{
    FigureExporter exporter(m_model, m_viewState, m_views);
    if (m_scenarioFileSource)
        exporter.setScenarioFile(m_scenarioFileSource());
    const Scenario &scenario = m_model->scenario();
    // Neither the file name nor the caption repeats a temperature the slider has since changed.
    ExportFigureDialog dialog(&exporter, view, scenarioNameForFigure(scenario), defaultFigureCaption(scenario, headTag(*m_model)),
                              m_window);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    const FigureOptions options = dialog.options();
    const QString path = dialog.filePath();
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const auto error = exporter.exportFigure(options, path);
    QApplication::restoreOverrideCursor();
    if (error) {
        QMessageBox::warning(m_window, tr("Figure not exported"), *error);
        return false;
    }
    showMessage(tr("Exported the %1 to %2.")
                    .arg(figureViewTitle(options.view).toLower(), QDir::toNativeSeparators(path)));
    return true;
}

bool FigureExportActions::copyToClipboard(FigureView view)
{
    const FigureExporter exporter(m_model, m_viewState, m_views);
    const QWidget *widget = viewWidget(view);
    FigureOptions options;
    options.view = view;
    options.format = FigureFormat::Png;
    // Twice the screen's resolution at least: sharp when pasted into slides.
    options.dpi = FigureOptions::kReferenceDpi * std::max<qreal>(2.0, widget ? widget->devicePixelRatioF() : 1.0);
    options.size = exporter.defaultSize(view);
    const QImage image = exporter.renderImage(options);
    if (image.isNull()) {
        showMessage(tr("The %1 could not be copied: it is too large.").arg(figureViewTitle(view).toLower()));
        return false;
    }
    QApplication::clipboard()->setImage(image);
    showMessage(tr("Copied the %1 as an image (%2 × %3 pixels).")
                    .arg(figureViewTitle(view).toLower())
                    .arg(image.width())
                    .arg(image.height()));
    return true;
}

void FigureExportActions::showMessage(const QString &message) const
{
    m_window->statusBar()->showMessage(message, kStatusMessageMs);
}

} // namespace attnlens
