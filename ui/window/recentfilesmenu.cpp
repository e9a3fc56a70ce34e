#include "recentfilesmenu.h"

#include "documentcontroller.h"
#include "recentfiles.h"

#include <QDir>
#include <QFileInfo>

namespace attnlens {

RecentFilesMenu::RecentFilesMenu(RecentFiles *files, DocumentController *document, QWidget *parent)
    : QMenu(tr("Open &Recent"), parent)
    , m_files(files)
    , m_document(document)
{
    setObjectName(QStringLiteral("recentFilesMenu"));
    setToolTipsVisible(true);
    // Queued: the list changes while one of the menu's own actions is being triggered, and
    // clearing the menu then would delete that action under its feet.
    connect(m_files, &RecentFiles::changed, this, &RecentFilesMenu::rebuild, Qt::QueuedConnection);
    rebuild();
}

void RecentFilesMenu::rebuild()
{
    clear();
    const QStringList files = m_files->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString &path = files.at(i);
        // &1 .. &8: the number is the keyboard accelerator.
        QAction *action = addAction(tr("&%1  %2").arg(i + 1).arg(QFileInfo(path).fileName()), this,
                                    [this, path] { open(path); });
        action->setData(path);
        action->setToolTip(QDir::toNativeSeparators(path));
        action->setStatusTip(QDir::toNativeSeparators(path));
    }
    if (files.isEmpty())
        addAction(tr("No recent files"))->setEnabled(false);
    addSeparator();
    QAction *clearAction = addAction(tr("&Clear Recent Files"), m_files, &RecentFiles::clear);
    clearAction->setEnabled(!files.isEmpty());
}

void RecentFilesMenu::open(const QString &path)
{
    if (!QFileInfo(path).isFile()) {
        m_files->remove(path);
        m_document->dialogs().reportError(
            tr("File not found"),
            tr("%1 no longer exists, so it was removed from the recent files.").arg(QDir::toNativeSeparators(path)));
        return;
    }
    m_document->openFile(path);
}

} // namespace attnlens
