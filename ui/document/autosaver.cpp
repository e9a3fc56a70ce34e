#include "autosaver.h"

#include "attentionmodel.h"
#include "documentcontroller.h"
#include "evidence.h"
#include "jsonfile.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLockFile>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>
#include <chrono>

#include <cerrno>
#include <csignal>

#include <utility>

namespace attnlens {

namespace {

const char *const kAutosaveFormat = "attnlens-autosave";
constexpr int kAutosaveVersion = 1;
// However long a drag goes on, its state reaches the disk within this many intervals.
constexpr int kMaxDelayIntervals = 4;

qint64 steadyMsecs()
{
    using namespace std::chrono;
    return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

} // namespace

AutoSaver::AutoSaver(AttentionModel *model, DocumentController *document, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_document(document)
    , m_now(steadyMsecs)
{
    // In the body: claimSlot() fills m_slotLock, which is constructed after m_filePath.
    m_filePath = claimSlot();
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &AutoSaver::onTimeout);
    connect(m_document, &DocumentController::contentChecked, this, &AutoSaver::onContentChecked);
}

AutoSaver::~AutoSaver() = default;

QString AutoSaver::defaultFilePath()
{
    return slotFilePath(1);
}

QString AutoSaver::slotFilePath(int slot)
{
    const QString name = slot <= 1 ? QStringLiteral("autosave.json") : QStringLiteral("autosave-%1.json").arg(slot);
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(name);
}

QString AutoSaver::claimSlot()
{
    QDir().mkpath(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation));
    for (int slot = 1; slot <= kMaxSlots; ++slot) {
        const QString path = slotFilePath(slot);
        auto lock = std::make_unique<QLockFile>(path + QStringLiteral(".lock"));
        // Only a dead owner makes a lock stale: a window left open for hours keeps its file.
        lock->setStaleLockTime(0);
        if (lock->tryLock(0)) {
            m_slotLock = std::move(lock);
            return path;
        }
    }
    // Every slot is held by a running window: this one still autosaves, in a file of its own.
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave-p%1.json").arg(QCoreApplication::applicationPid()));
}

namespace {

bool processIsRunning(qint64 pid)
{
    return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

// No running window writes this autosave file any more.
bool isOrphan(const QString &path)
{
    static const QRegularExpression fallback(QStringLiteral("^autosave-p(\\d+)\\.json$"));
    const QRegularExpressionMatch match = fallback.match(QFileInfo(path).fileName());
    if (match.hasMatch()) {
        const qint64 pid = match.captured(1).toLongLong();
        // A file named after this very process was left by an earlier one with the same id.
        return pid == QCoreApplication::applicationPid() || !processIsRunning(pid);
    }
    QLockFile lock(path + QStringLiteral(".lock"));
    lock.setStaleLockTime(0);
    return lock.tryLock(0);  // free, or held by a dead process; released again on return
}

} // namespace

bool AutoSaver::adoptOrphan()
{
    if (hasAutosave())
        return false;
    const QDir folder = QFileInfo(m_filePath).absoluteDir();
    const QFileInfoList candidates = folder.entryInfoList(
        {QStringLiteral("autosave*.json")}, QDir::Files, QDir::Time);  // newest first
    for (const QFileInfo &candidate : candidates) {
        if (candidate.absoluteFilePath() == QFileInfo(m_filePath).absoluteFilePath()
            || !isOrphan(candidate.absoluteFilePath()))
            continue;
        if (QFile::rename(candidate.absoluteFilePath(), m_filePath))
            return true;
    }
    return false;
}

void AutoSaver::setFilePath(const QString &path)
{
    m_filePath = path;
    m_slotLock.reset();
}

void AutoSaver::setInterval(int milliseconds)
{
    m_interval = std::max(0, milliseconds);
}

void AutoSaver::setClock(std::function<qint64()> msecsNow)
{
    m_now = std::move(msecsNow);
}

void AutoSaver::runScheduledWrite()
{
    if (!m_timer.isActive())
        return;
    m_timer.stop();
    onTimeout();
}

void AutoSaver::onTimeout()
{
    if (m_document->isModified())
        writeNow();
}

bool AutoSaver::hasAutosave() const
{
    return QFileInfo(m_filePath).isFile();
}

void AutoSaver::onContentChecked(bool modified)
{
    if (!modified) {
        // Saved, or undone back to what the file holds: nothing to recover any more.
        m_timer.stop();
        if (m_ownsFile)
            discard();
        return;
    }
    if (!m_timer.isActive())
        m_pendingSinceMs = m_now();
    const qint64 left = qint64(m_interval) * kMaxDelayIntervals - (m_now() - m_pendingSinceMs);
    m_timer.start(static_cast<int>(std::clamp<qint64>(left, 0, m_interval)));
}

std::optional<Error> AutoSaver::writeNow()
{
    m_timer.stop();
    // Streamed from the matrices and the mask, with no JSON value per cell.
    JsonDraft draft;
    QJsonObject &object = draft.values;
    object.insert(QStringLiteral("format"), QLatin1String(kAutosaveFormat));
    object.insert(QStringLiteral("version"), kAutosaveVersion);
    object.insert(QStringLiteral("savedAt"),
                  QDateTime::currentDateTimeUtc().toString(Qt::ISODateWithMs));
    object.insert(QStringLiteral("documentPath"), m_document->filePath());
    object.insert(QStringLiteral("builtinId"), m_document->builtinId());
    object.insert(QStringLiteral("documentName"), m_document->displayName());
    draft.objects.emplace(QStringLiteral("scenario"), scenarioDraft(m_model->wholeScenario()));

    QDir().mkpath(QFileInfo(m_filePath).absolutePath());
    std::optional<Error> error = writeFileAtomically(m_filePath, jsonDraftProducer(draft));
    if (error) {
        emit failed(tr("Autosave failed: %1").arg(error->message));
        return error;
    }
    m_ownsFile = true;
    emit written(m_filePath);
    return std::nullopt;
}

void AutoSaver::discard()
{
    m_timer.stop();
    if (QFileInfo::exists(m_filePath))
        QFile::remove(m_filePath);
    m_ownsFile = false;
}

Result<AutoSaver::Recovered> AutoSaver::read() const
{
    const Result<QByteArray> bytes = readFileBounded(m_filePath, ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    QJsonParseError parseError;
    // A negative zero keeps its sign through the tree (read back as the string "-0.0").
    const QJsonDocument document = parseJsonKeepingSpecialNumbers(bytes.value(), &parseError);
    const QJsonObject object = document.object();
    if (parseError.error != QJsonParseError::NoError || !document.isObject()
        || object.value(QStringLiteral("format")).toString() != QLatin1String(kAutosaveFormat)) {
        return Error{ErrorCategory::InvalidJson,
                     tr("%1: not an Attention Lens autosave").arg(m_filePath)};
    }
    // Written again by the app's own writer, which keeps every double (and -0.0) as it was.
    const QByteArray scenarioJson = toJsonText(object.value(QStringLiteral("scenario")).toObject());
    Result<Scenario> scenario = parseScenario(scenarioJson, QFileInfo(m_filePath).fileName());
    if (!scenario)
        return scenario.error();
    Recovered recovered;
    recovered.notes = scenario.notes();
    recovered.scenario = std::move(scenario).value();
    recovered.documentPath = object.value(QStringLiteral("documentPath")).toString();
    recovered.builtinId = object.value(QStringLiteral("builtinId")).toString();
    recovered.savedAt = QDateTime::fromString(object.value(QStringLiteral("savedAt")).toString(),
                                              Qt::ISODateWithMs);
    recovered.savedAt = recovered.savedAt.isValid() ? recovered.savedAt.toLocalTime()
                                                    : QFileInfo(m_filePath).lastModified();
    return recovered;
}

} // namespace attnlens
