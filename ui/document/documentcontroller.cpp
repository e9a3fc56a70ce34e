#include "documentcontroller.h"

#include "attentionmodel.h"
#include "backgroundread.h"
#include "builtinscenarios.h"
#include "evidence.h"
#include "jsonfile.h"
#include "npzwriter.h"
#include "numpyimportdialog.h"
#include "numpyscenario.h"
#include "pngscenarioreader.h"
#include "scenariojson.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QUrl>
#include <QWidget>

namespace attnlens {

namespace {

const char *const kSettingsLastFolder = "files/lastFolder";

QString describeFailure(const Error &error)
{
    // The message names the file and the field; the category is the stable name a lecturer can
    // look up (invalid_json, invalid_scenario, file_error, ...).
    return QObject::tr("%1\n\nError category: %2").arg(error.message, categoryName(error.category));
}

QString fileBaseFor(const QString &text)
{
    QString base;
    for (const QChar c : text.trimmed()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            base.append(c.toLower());
        else if (!base.endsWith(QLatin1Char('-')))
            base.append(QLatin1Char('-'));
    }
    while (base.endsWith(QLatin1Char('-')))
        base.chop(1);
    return base.left(60).isEmpty() ? QStringLiteral("untitled") : base.left(60);
}

} // namespace

DocumentController::DocumentController(AttentionModel *model, QWidget *parent)
    : QObject(parent)
    , m_model(model)
    , m_parentWidget(parent)
    , m_snapshot(model->scenario())
{
    installDefaultDialogs();
    m_lastDisplayName = displayName();

    // A drag emits a change per mouse move; comparing once per event-loop turn is enough.
    m_checkTimer.setSingleShot(true);
    m_checkTimer.setInterval(0);
    connect(&m_checkTimer, &QTimer::timeout, this, &DocumentController::checkModified);
    connect(m_model, &AttentionModel::scenarioReset, this, &DocumentController::scheduleCheck);
    connect(m_model, &AttentionModel::queryChanged, this, &DocumentController::scheduleCheck);
    connect(m_model, &AttentionModel::keyChanged, this, &DocumentController::scheduleCheck);
    connect(m_model, &AttentionModel::valueChanged, this, &DocumentController::scheduleCheck);
    connect(m_model, &AttentionModel::temperatureChanged, this, &DocumentController::scheduleCheck);
    connect(m_model, &AttentionModel::maskChanged, this, &DocumentController::scheduleCheck);
    // Edits that have no signal of their own (labels, names) still recompute.
    connect(m_model, &AttentionModel::resultChanged, this, &DocumentController::scheduleCheck);
}

bool DocumentController::isModified() const
{
    return !m_snapshot || *m_snapshot != m_model->wholeScenario();
}

std::optional<ScenarioFileStamp> DocumentController::savedFile() const
{
    if (!m_fileStamp || isModified())
        return std::nullopt;
    // A stamp with a hash (a figure opened through its reference) is checked by its hash when a
    // figure is made; one from an open or a save by the file's size and time, now.
    if (!m_fileStamp->blake2b.isEmpty())
        return m_fileStamp;
    const std::optional<ScenarioFileStamp> now = ScenarioFileStamp::of(m_filePath);
    if (!now || *now != *m_fileStamp)
        return std::nullopt;
    return m_fileStamp;
}

QString DocumentController::displayName() const
{
    const QString name = m_model->wholeScenario().name.trimmed();
    if (!name.isEmpty())
        return name;
    if (!m_filePath.isEmpty())
        return QFileInfo(m_filePath).fileName();
    return tr("Untitled");
}

Scenario DocumentController::untitledScenario()
{
    Scenario scenario;
    scenario.name = tr("Untitled");
    scenario.queries.resize(2, 2);
    // The queries point between the keys, so that every weight differs from the start.
    scenario.queries << 1.0, 0.25,
                        -0.5, 1.0;
    scenario.keys.resize(3, 2);
    scenario.keys << 1.0, 0.0,
                     0.0, 1.0,
                     1.0, 1.0;
    scenario.values.resize(3, 2);
    scenario.values << 1.0, 0.0,
                       0.0, 1.0,
                       0.5, 0.5;
    scenario.queryLabels = {QStringLiteral("q1"), QStringLiteral("q2")};
    scenario.keyLabels = {QStringLiteral("k1"), QStringLiteral("k2"), QStringLiteral("k3")};
    return scenario;
}

QString DocumentController::droppedFile(const QMimeData *mimeData)
{
    if (!mimeData || !mimeData->hasUrls())
        return QString();
    for (const QUrl &url : mimeData->urls()) {
        if (!url.isLocalFile())
            continue;
        const QString path = url.toLocalFile();
        const QString suffix = QFileInfo(path).suffix().toLower();
        if (suffix == QLatin1String("json") || suffix == QLatin1String("png") || isNumpyPath(path))
            return path;
    }
    return QString();
}

Result<Scenario> DocumentController::readDocument(const QString &path)
{
    // One loader for every entry point: it reads JSON and PNG figures alike and refuses a
    // FIFO or a device before opening it.
    return readScenarioFile(path);
}

void DocumentController::setDocument(const Scenario &scenario, const QString &filePath,
                                     const QString &builtinId)
{
    replaceDocument(scenario, filePath, builtinId, scenario);
}

void DocumentController::restoreDocument(const Scenario &scenario, const QString &filePath,
                                         const QString &builtinId)
{
    replaceDocument(scenario, filePath, builtinId, std::nullopt);
}

void DocumentController::replaceDocument(const Scenario &scenario, const QString &filePath,
                                         const QString &builtinId, std::optional<Scenario> snapshot)
{
    m_filePath = filePath.isEmpty() ? QString() : QFileInfo(filePath).absoluteFilePath();
    m_builtinId = m_filePath.isEmpty() ? builtinId : QString();
    m_fileStamp = ScenarioFileStamp::of(m_filePath);
    m_snapshot = std::move(snapshot);
    m_model->setScenario(scenario);
    m_model->selectHead(0);  // another document opens on its first head
    emit documentReplaced();
    checkModified();
    m_lastDisplayName = displayName();
    emit documentChanged();
}

void DocumentController::scheduleCheck()
{
    if (!m_checkTimer.isActive())
        m_checkTimer.start();
}

void DocumentController::checkModified()
{
    m_checkTimer.stop();
    const bool modified = isModified();
    if (modified != m_modified) {
        m_modified = modified;
        emit modifiedChanged(modified);
    }
    const QString name = displayName();
    if (name != m_lastDisplayName) {
        m_lastDisplayName = name;
        emit documentChanged();
    }
    emit contentChecked(modified);
}

bool DocumentController::maybeSave()
{
    if (!isModified())
        return true;
    switch (m_dialogs.askUnsavedChanges(displayName())) {
    case UnsavedChoice::Save:
        return save();
    case UnsavedChoice::Discard:
        return true;
    case UnsavedChoice::Cancel:
        break;
    }
    return false;
}

bool DocumentController::newDocument()
{
    if (!maybeSave())
        return false;
    setDocument(untitledScenario(), QString());
    emit statusMessage(tr("New scenario: two queries, three keys, d = 2."));
    return true;
}

bool DocumentController::open()
{
    const QString path = m_dialogs.askOpenPath(lastFolder());
    return !path.isEmpty() && openFile(path);
}

bool DocumentController::openFile(const QString &path)
{
    if (isNumpyPath(path))
        return importFile(path);
    // Read first: a file that cannot be opened leaves the document exactly as it was, and the
    // user is not asked about saving for nothing.
    // Stamped before reading: a file written while it is read is not one a figure may refer to.
    // A figure that refers to its scenario file stamps that file, with the figure's hash.
    const std::optional<ScenarioFileStamp> stampBeforeReading = scenarioFileBehind(path);
    std::optional<Result<Scenario>> read = BackgroundRead::read<Result<Scenario>>(
        m_parentWidget, tr("Reading %1…").arg(QFileInfo(path).fileName()),
        [path] { return readDocument(path); });
    if (!read)
        return false;  // cancelled: the document stays
    const Result<Scenario> &scenario = *read;
    if (!scenario) {
        reportError(tr("Scenario not opened"),
                    tr("%1 could not be opened.\n\n%2")
                        .arg(QDir::toNativeSeparators(path), describeFailure(scenario.error())));
        return false;
    }
    if (!maybeSave())
        return false;
    rememberFolder(path);
    // A PNG is a figure, not the scenario's file: saving must not overwrite it with JSON.
    const bool isPng = looksLikePng(path);
    setDocument(scenario.value(), isPng ? QString() : path);
    if (isPng)
        m_fileStamp = stampBeforeReading;
    else if (m_fileStamp != stampBeforeReading)
        m_fileStamp.reset();
    emit fileOpened(QFileInfo(path).absoluteFilePath());
    const QString opened = isPng && m_fileStamp
        ? tr("Opened %1, the scenario file that %2 refers to.")
              .arg(QDir::toNativeSeparators(m_fileStamp->path), QFileInfo(path).fileName())
        : isPng ? tr("Opened the scenario stored in %1.").arg(QFileInfo(path).fileName())
                : tr("Opened %1.").arg(QFileInfo(path).fileName());
    // What the reader filled in (labels a file left out) is said, not kept quiet.
    emit statusMessage(scenario.notes().isEmpty()
                           ? opened
                           : tr("%1 Note: %2").arg(opened, scenario.notes().join(QLatin1Char(' '))));
    return true;
}

bool DocumentController::import()
{
    const QString path = m_dialogs.askImportPath(lastFolder());
    return !path.isEmpty() && importFile(path);
}

bool DocumentController::importFile(const QString &path)
{
    const QString fileName = QFileInfo(path).fileName();
    const auto readCapture = [this, &path, &fileName](NumpyReadOptions options) -> std::optional<NumpyScenario> {
        std::optional<Result<NumpyScenario>> read = BackgroundRead::read<Result<NumpyScenario>>(
            m_parentWidget, tr("Reading %1…").arg(fileName),
            [path, options] { return readNumpyScenario(path, options); });
        if (!read)
            return std::nullopt;
        if (!*read) {
            reportError(tr("Capture not imported"),
                        tr("%1 could not be imported.\n\n%2")
                            .arg(QDir::toNativeSeparators(path), describeFailure(read->error())));
            return std::nullopt;
        }
        return std::move(*read).value();
    };
    std::optional<NumpyScenario> capture = readCapture({});
    if (!capture)
        return false;
    const std::optional<Index> batch = m_dialogs.askImport(path, *capture);
    if (!batch)
        return false;
    if (*batch != capture->batch) {
        NumpyReadOptions options;
        options.batch = *batch;
        capture = readCapture(options);
        if (!capture)
            return false;
    }
    if (!maybeSave())
        return false;
    rememberFolder(path);
    // Untitled: Save asks where to write the scenario instead of overwriting the capture.
    setDocument(capture->scenario, QString());
    emit fileOpened(QFileInfo(path).absoluteFilePath());
    emit statusMessage(capture->batchCount > 1
                           ? tr("Imported example %1 of %2 from %3.")
                                 .arg(capture->batch + 1)
                                 .arg(capture->batchCount)
                                 .arg(fileName)
                           : tr("Imported %1.").arg(fileName));
    return true;
}

bool DocumentController::openBuiltin(const QString &id)
{
    const Result<Scenario> scenario = loadBuiltinScenario(id);
    if (!scenario) {
        reportError(tr("Scenario not opened"), describeFailure(scenario.error()));
        return false;
    }
    if (!maybeSave())
        return false;
    setDocument(scenario.value(), QString(), id);
    emit statusMessage(tr("Opened the built-in scenario %1.").arg(displayName()));
    return true;
}

bool DocumentController::save()
{
    return isUntitled() ? saveAs() : saveTo(m_filePath);
}

bool DocumentController::saveAs()
{
    const QString path = m_dialogs.askSavePath(tr("Save Scenario As"), suggestedSavePath(),
                                               tr("Attention Lens scenarios (*.json)"));
    return !path.isEmpty() && saveTo(path);
}

bool DocumentController::saveTo(const QString &path)
{
    const Scenario scenario = m_model->wholeScenario();
    if (const std::optional<Error> error = writeFileAtomically(path, scenarioJsonText(scenario))) {
        reportError(tr("Scenario not saved"),
                    tr("%1 could not be saved. The previous file, if there was one, is "
                       "unchanged, and the scenario is still open.\n\n%2")
                        .arg(QDir::toNativeSeparators(path), describeFailure(*error)));
        return false;
    }
    m_filePath = QFileInfo(path).absoluteFilePath();
    m_builtinId.clear();
    m_snapshot = scenario;
    m_fileStamp = ScenarioFileStamp::of(m_filePath);
    rememberFolder(path);
    checkModified();
    m_lastDisplayName = displayName();
    emit documentChanged();
    emit fileSaved(m_filePath);
    emit statusMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()));
    return true;
}

bool DocumentController::exportEvidence()
{
    const QString base = isUntitled() ? fileBaseFor(m_builtinId.isEmpty() ? displayName() : m_builtinId)
                                      : QFileInfo(m_filePath).completeBaseName();
    const QString suggested = QDir(lastFolder()).filePath(base + QStringLiteral("-evidence.json"));
    const QString path = m_dialogs.askSavePath(tr("Export Evidence"), suggested,
                                               tr("Evidence JSON (*.json)"));
    return !path.isEmpty() && exportEvidenceTo(path);
}

bool DocumentController::exportEvidenceTo(const QString &path)
{
    const Scenario &scenario = m_model->wholeScenario();
    const AttentionResult *result = m_model->result();
    // Streamed from the matrices a megabyte at a time, as --evidence writes it.
    JsonDraft evidence = result ? evidenceDraft(scenario, result, nullptr)
                                : evidenceDraft(scenario, nullptr, &*m_model->error());
    // The untouched lesson's evidence is the notebook's evidence file, as on the command line.
    if (result && m_builtinId == QLatin1String(kLessonScenarioId) && !isModified())
        addNotebookLessonKeys(evidence);
    if (const std::optional<Error> error = writeFileAtomically(path, jsonDraftProducer(evidence))) {
        reportError(tr("Evidence not exported"),
                    tr("%1 could not be written.\n\n%2")
                        .arg(QDir::toNativeSeparators(path), describeFailure(*error)));
        return false;
    }
    rememberFolder(path);
    emit statusMessage(result ? tr("Evidence written to %1.").arg(QFileInfo(path).fileName())
                              : tr("Evidence written to %1 (it records why the scenario is "
                                   "refused).")
                                    .arg(QFileInfo(path).fileName()));
    return true;
}

bool DocumentController::exportNumpy()
{
    const QString base = isUntitled() ? fileBaseFor(m_builtinId.isEmpty() ? displayName() : m_builtinId)
                                      : QFileInfo(m_filePath).completeBaseName();
    const QString suggested = QDir(lastFolder()).filePath(base + QStringLiteral("-results.npz"));
    const QString path = m_dialogs.askSavePath(tr("Export as NumPy"), suggested,
                                               tr("NumPy arrays (*.npz)"));
    return !path.isEmpty() && exportNumpyTo(path);
}

bool DocumentController::exportNumpyTo(const QString &path)
{
    if (const std::optional<Error> error = computeAndWriteNumpyResults(path, m_model->wholeScenario())) {
        const QString text = error->category == ErrorCategory::FileError
            ? tr("%1 could not be written. The previous file, if there was one, is unchanged.\n\n%2")
            : tr("%1 was not written: the scenario is refused, so there are no weights to "
                 "export. Any previous file is unchanged.\n\n%2");
        reportError(tr("NumPy arrays not exported"),
                    text.arg(QDir::toNativeSeparators(path), describeFailure(*error)));
        return false;
    }
    rememberFolder(path);
    emit statusMessage(tr("NumPy arrays written to %1.").arg(QFileInfo(path).fileName()));
    return true;
}

QString DocumentController::lastFolder() const
{
    const QString folder = QSettings().value(QLatin1String(kSettingsLastFolder)).toString();
    return folder.isEmpty() || !QFileInfo(folder).isDir() ? QDir::homePath() : folder;
}

void DocumentController::rememberFolder(const QString &path)
{
    QSettings().setValue(QLatin1String(kSettingsLastFolder), QFileInfo(path).absolutePath());
}

QString DocumentController::suggestedSavePath() const
{
    if (!isUntitled())
        return m_filePath;
    const QString base = fileBaseFor(m_builtinId.isEmpty() ? displayName() : m_builtinId);
    // ".attnlens.json": the desktop knows the file type by this suffix, so a double-click opens it.
    return QDir(lastFolder()).filePath(base + QStringLiteral(".attnlens.json"));
}

void DocumentController::reportError(const QString &title, const QString &text) const
{
    m_dialogs.reportError(title, text);
}

void DocumentController::installDefaultDialogs()
{
    m_dialogs.askUnsavedChanges = [this](const QString &name) {
        QMessageBox box(QMessageBox::Warning, tr("Unsaved changes"),
                        tr("“%1” has unsaved changes.").arg(name),
                        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel,
                        m_parentWidget);
        box.setInformativeText(tr("Save them before going on?"));
        box.setDefaultButton(QMessageBox::Save);
        box.setEscapeButton(QMessageBox::Cancel);
        switch (box.exec()) {
        case QMessageBox::Save:
            return UnsavedChoice::Save;
        case QMessageBox::Discard:
            return UnsavedChoice::Discard;
        default:
            return UnsavedChoice::Cancel;
        }
    };
    m_dialogs.askOpenPath = [this](const QString &folder) {
        return QFileDialog::getOpenFileName(
            m_parentWidget, tr("Open Scenario"), folder,
            tr("Scenarios, figures and NumPy captures (*.json *.png *.npz *.npy);;Scenarios (*.json);;"
               "Attention Lens figures (*.png);;NumPy captures (*.npz *.npy);;All files (*)"));
    };
    m_dialogs.askImportPath = [this](const QString &folder) {
        return QFileDialog::getOpenFileName(
            m_parentWidget, tr("Import NumPy Capture"), folder,
            tr("NumPy captures (*.npz *.npy);;All files (*)"));
    };
    m_dialogs.askImport = [this](const QString &path, const NumpyScenario &capture) -> std::optional<Index> {
        NumpyImportDialog dialog(path, capture, m_parentWidget);
        if (dialog.exec() != QDialog::Accepted)
            return std::nullopt;
        return dialog.batch();
    };
    m_dialogs.askSavePath = [this](const QString &title, const QString &suggested,
                                   const QString &filter) {
        QFileDialog dialog(m_parentWidget, title, QFileInfo(suggested).absolutePath(), filter);
        dialog.setAcceptMode(QFileDialog::AcceptSave);
        dialog.setDefaultSuffix(QStringLiteral("json"));
        dialog.selectFile(QFileInfo(suggested).fileName());
        return dialog.exec() == QDialog::Accepted && !dialog.selectedFiles().isEmpty()
            ? dialog.selectedFiles().constFirst()
            : QString();
    };
    m_dialogs.reportError = [this](const QString &title, const QString &text) {
        QMessageBox::warning(m_parentWidget, title, text);
    };
    m_dialogs.askRestore = [this](const QString &name, const QDateTime &savedAt) {
        QMessageBox box(QMessageBox::Question, tr("Restore unsaved scenario?"),
                        tr("Attention Lens did not close cleanly. Restore the unsaved scenario "
                           "from %1?")
                            .arg(QLocale().toString(savedAt, QLocale::ShortFormat)),
                        QMessageBox::NoButton, m_parentWidget);
        box.setInformativeText(tr("“%1” was autosaved then. Discard deletes that copy.").arg(name));
        QPushButton *restore = box.addButton(tr("Restore"), QMessageBox::AcceptRole);
        box.addButton(tr("Discard"), QMessageBox::DestructiveRole);
        box.setDefaultButton(restore);
        box.exec();
        return box.clickedButton() == restore;
    };
    m_dialogs.askUnreadableAutosave = [this](const QString &keptAt, const QString &reason) {
        QMessageBox box(QMessageBox::Warning, tr("Autosave cannot be read"),
                        tr("Attention Lens did not close cleanly, but the copy of the unsaved "
                           "scenario it kept cannot be read."),
                        QMessageBox::NoButton, m_parentWidget);
        box.setInformativeText(tr("The file is kept, unchanged, as %1. You can save a copy of it "
                                  "elsewhere, or show it in its folder.")
                                   .arg(QDir::toNativeSeparators(keptAt)));
        box.setDetailedText(reason);
        QPushButton *copy = box.addButton(tr("Save a Copy…"), QMessageBox::ActionRole);
        QPushButton *folder = box.addButton(tr("Show in Folder"), QMessageBox::ActionRole);
        QPushButton *keep = box.addButton(tr("Keep It There"), QMessageBox::AcceptRole);
        box.setDefaultButton(keep);
        box.setEscapeButton(keep);
        box.exec();
        if (box.clickedButton() == copy)
            return UnreadableAutosaveChoice::SaveCopy;
        if (box.clickedButton() == folder)
            return UnreadableAutosaveChoice::ShowFolder;
        return UnreadableAutosaveChoice::Keep;
    };
    m_dialogs.showFolder = [](const QString &folder) {
        QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
    };
}

} // namespace attnlens
