#pragma once

#include <QMenu>

namespace attnlens {

class DocumentController;
class RecentFiles;

/// File > Open Recent: the recent files, newest first, numbered for the keyboard (&1 … &8), each
/// with its full path as tip, and Clear Recent Files. A file that has gone since is removed from
/// the list with a message naming it; the open document stays as it was.
class RecentFilesMenu : public QMenu
{
    Q_OBJECT

public:
    RecentFilesMenu(RecentFiles *files, DocumentController *document, QWidget *parent);

private:
    void rebuild();
    void open(const QString &path);

    RecentFiles *m_files;
    DocumentController *m_document;
};

} // namespace attnlens
