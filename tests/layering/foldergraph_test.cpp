// The layering the build declares, checked on every source: each folder of ui/ (and the core)
// is a CMake target that names the folders it uses (attnlens_ui_library's DEPENDS); a file may
// include a header of its own folder, of a folder its folder uses (directly or through another),
// or of the core; the core includes only its own. The graph is read from what CMake wrote at
// configure time (ui/CMakeLists.txt), so a new folder or dependency is checked without anyone
// adding a pair here. The build refuses such includes too (each target sees only the include
// folders of what it links); this test names the file and the line.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QRegularExpression>
#include <QSet>
#include <QStringList>
#include <QTextStream>

#include <gtest/gtest.h>

namespace {

struct Folder {
    QString name;
    QString path;
    QStringList dependencies;
};

QVector<Folder> readGraph()
{
    QVector<Folder> folders;
    QFile file(QStringLiteral(ATTNLENS_FOLDER_GRAPH));
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return folders;
    QTextStream in(&file);
    while (!in.atEnd()) {
        const QString line = in.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QStringList parts = line.split(QLatin1Char('|'));
        if (parts.size() != 3)
            continue;
        folders.append({parts[0], QDir::cleanPath(parts[1]), parts[2].split(QLatin1Char(','), Qt::SkipEmptyParts)});
    }
    return folders;
}

QStringList sourcesOf(const QString &folder)
{
    QStringList files;
    for (const QFileInfo &info : QDir(folder).entryInfoList({QStringLiteral("*.h"), QStringLiteral("*.cpp")}, QDir::Files))
        files << info.absoluteFilePath();
    return files;
}

struct Include {
    int line;
    QString name;
};

QVector<Include> includesOf(const QString &path)
{
    QVector<Include> includes;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
        return includes;
    static const QRegularExpression quoted(QStringLiteral("^\\s*#\\s*include\\s*\"([^\"]+)\""));
    QTextStream in(&file);
    for (int line = 1; !in.atEnd(); ++line) {
        const QRegularExpressionMatch match = quoted.match(in.readLine());
        if (match.hasMatch())
            includes.append({line, match.captured(1)});
    }
    return includes;
}

class FolderGraph : public ::testing::Test {
protected:
    void SetUp() override
    {
        folders = readGraph();
        for (int i = 0; i < folders.size(); ++i) {
            index.insert(folders[i].name, i);
            for (const QString &source : sourcesOf(folders[i].path)) {
                if (source.endsWith(QLatin1String(".h")))
                    owners[QFileInfo(source).fileName()].append(i);
            }
        }
    }

    /// The folders `folder` may use: its dependencies, theirs, and so on (and the core).
    QSet<int> reach(int folder) const
    {
        // Depth first over the declared dependencies (an unknown name is reported by
        // TheBuildDeclaresTheCoreAndEveryUiFolder, not followed).
        QSet<int> seen;
        QVector<int> pending{folder};
        while (!pending.isEmpty()) {
            const int at = pending.takeLast();
            if (seen.contains(at))
                continue;
            seen.insert(at);
            for (const QString &dependency : folders[at].dependencies) {
                if (index.contains(dependency))
                    pending.append(index.value(dependency));
            }
        }
        if (folders[folder].name != QLatin1String("core"))
            seen.insert(index.value(QStringLiteral("core")));
        return seen;
    }

    QVector<Folder> folders;
    QHash<QString, int> index;
    QHash<QString, QVector<int>> owners;  ///< header file name -> the folders that have one
};

TEST_F(FolderGraph, TheBuildDeclaresTheCoreAndEveryUiFolder)
{
    ASSERT_GE(folders.size(), 15) << "read " << folders.size() << " folders from " << ATTNLENS_FOLDER_GRAPH;
    EXPECT_TRUE(index.contains(QStringLiteral("core")));
    for (const Folder &folder : folders) {
        EXPECT_TRUE(QFileInfo(folder.path).isDir()) << folder.path.toStdString();
        EXPECT_FALSE(sourcesOf(folder.path).isEmpty()) << folder.name.toStdString();
        for (const QString &dependency : folder.dependencies) {
            EXPECT_TRUE(index.contains(dependency)) << folder.name.toStdString() << " uses an unknown folder " << dependency.toStdString();
        }
    }
    // Every folder of ui/ with sources is a target of the graph: none is left out of the check.
    QSet<QString> declared;
    for (const Folder &folder : folders)
        declared.insert(folder.path);
    QDirIterator it(QStringLiteral(ATTNLENS_SOURCE_DIR "/ui"), QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString dir = QDir::cleanPath(it.next());
        if (!sourcesOf(dir).isEmpty()) {
            EXPECT_TRUE(declared.contains(dir)) << dir.toStdString() << " has sources but is no folder target";
        }
    }
}

TEST_F(FolderGraph, TheGraphHasNoCycleAndNoFolderUsesAWindowOrItself)
{
    for (int i = 0; i < folders.size(); ++i) {
        for (const QString &dependency : folders[i].dependencies) {
            const int used = index.value(dependency, -1);
            ASSERT_GE(used, 0);
            EXPECT_FALSE(reach(used).contains(i)) << folders[i].name.toStdString() << " and " << dependency.toStdString()
                                                  << " use each other";
        }
    }
}

TEST_F(FolderGraph, EveryIncludeOfAProjectHeaderPointsAlongTheGraph)
{
    int checked = 0;
    for (int i = 0; i < folders.size(); ++i) {
        const QSet<int> allowed = reach(i);
        for (const QString &source : sourcesOf(folders[i].path)) {
            for (const Include &include : includesOf(source)) {
                const QString where = QStringLiteral("%1:%2 includes \"%3\"").arg(source).arg(include.line).arg(include.name);
                // Headers are found through the folders' include paths, never by a relative path.
                EXPECT_FALSE(include.name.contains(QLatin1Char('/'))) << where.toStdString();
                const QVector<int> owning = owners.value(QFileInfo(include.name).fileName());
                if (owning.isEmpty())
                    continue;  // generated (moc, attnlensversion.h) or not the project's
                ++checked;
                EXPECT_EQ(owning.size(), 1) << where.toStdString() << ": the name is in several folders";
                EXPECT_TRUE(allowed.contains(owning.first()))
                    << where.toStdString() << ", a header of " << folders[owning.first()].name.toStdString()
                    << ", which " << folders[i].name.toStdString() << " does not use";
            }
        }
    }
    EXPECT_GT(checked, 500);
}

} // namespace
