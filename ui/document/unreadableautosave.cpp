#include "unreadableautosave.h"

#include "documentcontroller.h"
#include "jsonfile.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace attnlens {

QString unreadableAutosaveName(const QString &folder)
{
    const QString stem = QStringLiteral("unreadable-autosave-%1")
                             .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss")));
    const QDir dir(folder);
    QString name = dir.filePath(stem + QStringLiteral(".json"));
    for (int n = 2; QFileInfo::exists(name); ++n)
        name = dir.filePath(QStringLiteral("%1-%2.json").arg(stem).arg(n));
    return name;
}

QString keepUnreadableAutosave(const QString &autosavePath, const Error &reason,
                               DocumentController &document)
{
    const QString kept = unreadableAutosaveName(QFileInfo(autosavePath).absolutePath());
    // A rename within one folder: the bytes stay as they were, and nothing is ever removed.
    const QString keptAt = QFile::rename(autosavePath, kept) ? kept : autosavePath;
    DocumentController::Dialogs &dialogs = document.dialogs();
    switch (dialogs.askUnreadableAutosave(keptAt, reason.message)) {
    case DocumentController::UnreadableAutosaveChoice::Keep:
        break;
    case DocumentController::UnreadableAutosaveChoice::ShowFolder:
        dialogs.showFolder(QFileInfo(keptAt).absolutePath());
        break;
    case DocumentController::UnreadableAutosaveChoice::SaveCopy: {
        const QString suggested = QDir(document.lastFolder()).filePath(QFileInfo(keptAt).fileName());
        const QString copy = dialogs.askSavePath(
            DocumentController::tr("Save a Copy of the Autosave"), suggested,
            DocumentController::tr("JSON files (*.json);;All files (*)"));
        if (copy.isEmpty() || QFileInfo(copy).absoluteFilePath() == QFileInfo(keptAt).absoluteFilePath())
            break;
        // Written as every save is (whole or not at all), a megabyte at a time: the file may be
        // as large as a scenario can be.
        QFile source(keptAt);
        std::optional<Error> error;
        if (!source.open(QIODevice::ReadOnly)) {
            error = Error{ErrorCategory::FileError, source.errorString()};
        } else {
            error = writeFileAtomically(copy, [&source](const ByteSink &sink) {
                QByteArray chunk;
                while (!(chunk = source.read(1 << 20)).isEmpty()) {
                    if (!sink(chunk.constData(), chunk.size()))
                        return false;
                }
                return true;
            });
        }
        if (error) {
            dialogs.reportError(DocumentController::tr("Copy not saved"),
                                DocumentController::tr("%1 could not be written: %2\n\nThe "
                                                       "autosave is still kept as %3.")
                                    .arg(QDir::toNativeSeparators(copy), error->message,
                                         QDir::toNativeSeparators(keptAt)));
        }
        break;
    }
    }
    return keptAt;
}

} // namespace attnlens
