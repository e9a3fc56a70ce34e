#include "animationactions.h"

#include "animationformat.h"
#include "animationrecorder.h"
#include "attentionmodel.h"
#include "exportanimationdialog.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "recordingindicator.h"
#include "statusmessage.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMainWindow>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>

namespace attnlens {

namespace {

/// The progress dialog shows only when the work takes longer than this.
constexpr int kProgressDelayMs = 500;
/// Shared with File > Export Figure: the folder the last figure went to.
const char *const kSettingsFolder = "export/folder";
constexpr int kIndicatorMargin = 8;

} // namespace

QKeySequence AnimationActions::exportShortcut()
{
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A);
}

QKeySequence AnimationActions::recordShortcut()
{
    return QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R);
}

AnimationActions::AnimationActions(QMainWindow *window, AttentionModel *model, ViewState *viewState,
                                   const FigureViews &views)
    : QObject(window)
    , m_window(window)
    , m_model(model)
    , m_viewState(viewState)
    , m_views(views)
{
    setObjectName(QStringLiteral("animationActions"));
    m_dialogs.configure = [](ExportAnimationDialog &dialog) { return dialog.exec() == QDialog::Accepted; };
    m_dialogs.askSavePath = [this](const QString &title, const QString &suggestedPath) {
        QStringList filters;
        for (AnimationFormat format : allAnimationFormats())
            filters.append(animationFormatFilter(format));
        QString selectedFilter = filters.value(0);
        QString path = QFileDialog::getSaveFileName(m_window, title, suggestedPath,
                                                    filters.join(QStringLiteral(";;")), &selectedFilter);
        if (!path.isEmpty() && !animationFormatFromPath(path)) {
            // The filter the user picked decides the suffix of a bare name.
            for (AnimationFormat format : allAnimationFormats()) {
                if (selectedFilter == animationFormatFilter(format))
                    path += QLatin1Char('.') + animationFormatSuffix(format);
            }
        }
        return path;
    };
    m_dialogs.reportError = [this](const QString &title, const QString &text) {
        QMessageBox::warning(m_window, title, text);
    };
    m_dialogs.askAfterCancelledSave = [this] {
        QMessageBox box(QMessageBox::Question, tr("Recording Not Saved"),
                        tr("The recording is not saved yet. Save it again, or discard its frames?"),
                        QMessageBox::NoButton, m_window);
        QPushButton *again = box.addButton(tr("Save Again…"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(again);
        box.exec();
        return box.clickedButton() == again ? CancelledSaveChoice::SaveAgain : CancelledSaveChoice::Discard;
    };

    m_exportAction = new QAction(tr("Export Ani&mation…"), this);
    m_exportAction->setObjectName(QStringLiteral("exportAnimationAction"));
    m_exportAction->setShortcut(exportShortcut());
    m_exportAction->setStatusTip(tr("Save a temperature sweep, a moving query or a causal mask as GIF, WebP or APNG"));
    connect(m_exportAction, &QAction::triggered, this,
            [this] { exportAnimation(focusedView().value_or(FigureView::Heatmap)); });

    m_recordAction = new QAction(this);
    m_recordAction->setObjectName(QStringLiteral("recordAnimationAction"));
    m_recordAction->setShortcut(recordShortcut());
    connect(m_recordAction, &QAction::triggered, this, [this] {
        if (m_recorder->isRecording())
            stopRecording();
        else
            startRecording(focusedView().value_or(FigureView::Window));
    });

    m_recorder = new AnimationRecorder(model, viewState, views, this);
    m_indicator = new RecordingIndicator(window);
    m_indicator->hide();
    // The indicator's text changes with every frame: drawn into a recording of the window it
    // would make every frame new. (The Stop button stays: hiding it would move the focus.)
    m_recorder->setConcealedWidgets(QList<QWidget *>{m_indicator->label()});
    connect(m_indicator, &RecordingIndicator::stopRequested, this, [this] { stopRecording(); });
    connect(m_recorder, &AnimationRecorder::progressed, m_indicator, &RecordingIndicator::setProgress);
    connect(m_recorder, &AnimationRecorder::recordingChanged, this, [this](bool recording) {
        updateRecordAction();
        // An export moves the model through its frames: a running recording would take them in.
        m_exportAction->setEnabled(!recording);
        if (recording)
            placeIndicator();
        else
            m_indicator->hide();
    });
    connect(m_recorder, &AnimationRecorder::capReached, this, [this](const QString &message) {
        showMessage(message);
        // Out of the tick that reached the limit: the save dialog opens from the event loop.
        QTimer::singleShot(0, this, [this] { stopRecording(); });
    });
    updateRecordAction();

    m_statusBar = window->statusBar();
    window->installEventFilter(this);
    m_statusBar->installEventFilter(this);

    QSettings settings;
    m_folder = settings.value(QLatin1String(kSettingsFolder)).toString();
    if (m_folder.isEmpty() || !QFileInfo(m_folder).isDir())
        m_folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (m_folder.isEmpty() || !QFileInfo(m_folder).isDir())
        m_folder = QDir::homePath();
}

AnimationActions::~AnimationActions() = default;

std::optional<FigureView> AnimationActions::focusedView() const
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        return std::nullopt;
    for (FigureView view : allFigureViews()) {
        if (view == FigureView::Window)
            continue;
        const QWidget *widget = m_views.widget(view);
        if (widget && (widget == focus || widget->isAncestorOf(focus)))
            return view;
    }
    return std::nullopt;
}

void AnimationActions::updateRecordAction()
{
    const bool recording = m_recorder->isRecording();
    m_recordAction->setText(recording ? tr("S&top Recording") : tr("S&tart Recording…"));
    m_recordAction->setStatusTip(recording ? tr("Stop the recording and save it as GIF, WebP or APNG")
                                           : tr("Record a view or the whole window while you work"));
}

QString AnimationActions::askPath(const QString &title, const QString &baseName)
{
    const QString suggested = QDir(m_folder).filePath(baseName + QLatin1Char('.')
                                                      + animationFormatSuffix(AnimationFormat::Gif));
    QString path = m_dialogs.askSavePath(title, suggested);
    if (path.isEmpty())
        return path;
    if (!animationFormatFromPath(path)) {
        m_dialogs.reportError(title, tr("%1 is not a GIF, WebP or APNG file name: end it with .gif, "
                                        ".webp or .apng.")
                                         .arg(QDir::toNativeSeparators(path)));
        return QString();
    }
    m_folder = QFileInfo(path).absolutePath();
    QSettings().setValue(QLatin1String(kSettingsFolder), m_folder);
    return path;
}

std::optional<QString> AnimationActions::withProgress(
    const QString &label, const std::function<std::optional<QString>(const AnimationExporter::Progress &)> &work,
    bool *cancelled)
{
    QProgressDialog dialog(label, tr("Cancel"), 0, 0, m_window);
    dialog.setObjectName(QStringLiteral("animationProgress"));
    dialog.setWindowTitle(tr("Exporting Animation"));
    dialog.setAccessibleName(tr("Animation export progress"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setMinimumDuration(kProgressDelayMs);
    // Wide enough for its title and a long file name.
    dialog.setMinimumWidth(dialog.fontMetrics().averageCharWidth() * 48);
    *cancelled = false;
    const AnimationExporter::Progress progress = [&](int done, int total) {
        if (dialog.maximum() != total)
            dialog.setMaximum(total);
        dialog.setValue(done);
        if (m_dialogs.onProgress)
            m_dialogs.onProgress(&dialog, done, total);
        if (dialog.wasCanceled())
            *cancelled = true;
        return !*cancelled;
    };
    QApplication::setOverrideCursor(Qt::BusyCursor);
    const auto error = work(progress);
    QApplication::restoreOverrideCursor();
    return error;
}

bool AnimationActions::exportAnimation(FigureView view)
{
    if (m_recorder->isRecording())
        return false;
    const FigureExporter exporter(m_model, m_viewState, m_views);
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Export, m_model, &exporter, view,
                                 m_viewState->selectedQuery(), m_window);
    if (!m_dialogs.configure(dialog))
        return false;
    const AnimationPlan plan = dialog.plan();
    AnimationOptions options = dialog.options();
    const QString name = figureFileSlug(scenarioNameForFigure(m_model->scenario()));
    const QString path = askPath(tr("Export Animation"),
                                 (name.isEmpty() ? QString() : name + QLatin1Char('-')) + figureViewId(options.figure.view));
    if (path.isEmpty())
        return false;
    options.format = *animationFormatFromPath(path);

    AnimationExporter animator(m_model, m_viewState, m_views);
    bool cancelled = false;
    const auto error = withProgress(
        tr("Drawing and encoding %1…").arg(QFileInfo(path).fileName()),
        [&](const AnimationExporter::Progress &progress) { return animator.exportAnimation(plan, options, path, progress); },
        &cancelled);
    if (cancelled || animator.wasCancelled()) {
        showMessage(tr("Animation export cancelled; nothing was written."));
        return false;
    }
    if (error) {
        m_dialogs.reportError(tr("Animation not exported"), *error);
        return false;
    }
    showMessage(tr("Exported an animation of the %1 to %2.")
                    .arg(figureViewTitle(options.figure.view).toLower(), QDir::toNativeSeparators(path)));
    return true;
}

bool AnimationActions::startRecording(FigureView view)
{
    if (m_recorder->isRecording())
        return true;
    const FigureExporter exporter(m_model, m_viewState, m_views);
    ExportAnimationDialog dialog(ExportAnimationDialog::Mode::Record, m_model, &exporter, view,
                                 m_viewState->selectedQuery(), m_window);
    if (!m_dialogs.configure(dialog))
        return false;
    const AnimationOptions options = dialog.options();
    if (const auto problem = m_recorder->start(options.figure, options.framesPerSecond, options.captionEachFrame)) {
        m_dialogs.reportError(tr("Recording not started"), *problem);
        return false;
    }
    showMessage(tr("Recording the %1. Stop with %2 or the Stop button.")
                    .arg(figureViewTitle(options.figure.view).toLower(),
                         recordShortcut().toString(QKeySequence::NativeText)));
    return true;
}

bool AnimationActions::stopRecording()
{
    m_recorder->stop();
    if (m_recorder->frames().isEmpty())
        return false;
    const QString name = figureFileSlug(scenarioNameForFigure(m_model->scenario()));
    const QString baseName = (name.isEmpty() ? QString() : name + QLatin1Char('-')) + tr("recording");
    while (true) {
        const QString path = askPath(tr("Save Recording"), baseName);
        if (!path.isEmpty()) {
            bool cancelled = false;
            const auto format = *animationFormatFromPath(path);
            const auto error = withProgress(
                tr("Encoding %1…").arg(QFileInfo(path).fileName()),
                [&](const AnimationExporter::Progress &progress) {
                    return AnimationExporter::writeFrames(m_recorder->frames(), m_recorder->delaysMs(), format,
                                                          path, progress);
                },
                &cancelled);
            if (!cancelled && !error) {
                showMessage(tr("Saved the recording to %1 (frames: %2).")
                                .arg(QDir::toNativeSeparators(path))
                                .arg(m_recorder->frameCount()));
                m_recorder->clear();
                return true;
            }
            if (error && !cancelled)
                m_dialogs.reportError(tr("Recording not saved"), *error);
        }
        if (m_dialogs.askAfterCancelledSave() == CancelledSaveChoice::Discard) {
            m_recorder->clear();
            showMessage(tr("The recording was discarded."));
            return false;
        }
    }
}

void AnimationActions::stopRecordingBeforeClose()
{
    if (m_recorder->isRecording())
        stopRecording();
}

bool AnimationActions::eventFilter(QObject *watched, QEvent *event)
{
    // Compares pointers only: the window hides itself in ~QWidget, after QMainWindow's layout
    // (which statusBar() reads) is gone, and a recording may still run then.
    const QEvent::Type type = event->type();
    if (m_recorder->isRecording()
        && ((watched == m_statusBar && (type == QEvent::Show || type == QEvent::Hide))
            || (watched == m_window && type == QEvent::Resize)))
        QTimer::singleShot(0, this, [this] {
            if (m_recorder->isRecording())
                placeIndicator();
        });
    return QObject::eventFilter(watched, event);
}

void AnimationActions::placeIndicator()
{
    QStatusBar *statusBar = m_window->statusBar();
    if (!statusBar->isHidden()) {
        if (m_indicator->parentWidget() != statusBar) {
            m_indicator->setAutoFillBackground(false);
            statusBar->addPermanentWidget(m_indicator);
        }
    } else {
        // Presenting: the status bar is hidden, so the indicator floats over the bottom right
        // corner, where it keeps clear of the lesson's Previous and Next buttons.
        if (m_indicator->parentWidget() == statusBar)
            statusBar->removeWidget(m_indicator);
        if (m_indicator->parentWidget() != m_window)
            m_indicator->setParent(m_window);
        m_indicator->setAutoFillBackground(true);
        m_indicator->adjustSize();
        m_indicator->move(m_window->width() - m_indicator->width() - kIndicatorMargin,
                          m_window->height() - m_indicator->height() - kIndicatorMargin);
        m_indicator->raise();
    }
    m_indicator->show();
}

void AnimationActions::showMessage(const QString &message) const
{
    m_window->statusBar()->showMessage(message, kStatusMessageMs);
}

} // namespace attnlens
