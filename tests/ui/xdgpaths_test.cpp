// Where the window writes (issue 16): settings, recent files and the autosave follow the XDG
// base directories, and nothing else lands in HOME. The process's HOME and XDG_* variables are
// set by main() below, before Qt reads them, to folders of a temporary HOME with names that no
// default would give: a path hard-coded to ~/.config or ~/.local/share would show up as a file
// outside them.
#include "attentionmodel.h"
#include "autosaver.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

QString g_root;  // the temporary folder holding HOME and the scenario files (outside HOME)

QString home() { return g_root + QStringLiteral("/home"); }
QString xdg(const char *variable) { return qEnvironmentVariable(variable); }

QStringList xdgFolders()
{
    return {xdg("XDG_CONFIG_HOME"), xdg("XDG_DATA_HOME"), xdg("XDG_CACHE_HOME"), xdg("XDG_STATE_HOME")};
}

bool isUnder(const QString &path, const QString &folder)
{
    return path.startsWith(folder + QLatin1Char('/'));
}

// Every file and folder under HOME that is not one of the XDG folders or inside one.
QStringList strayPaths()
{
    QStringList stray;
    QDirIterator it(home(), QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        bool inside = false;
        for (const QString &folder : xdgFolders())
            inside = inside || path == folder || isUnder(path, folder);
        if (!inside)
            stray.append(path);
    }
    return stray;
}

} // namespace

TEST(XdgPaths, SettingsRecentFilesAndTheAutosaveStayInTheXdgFoldersAndNothingElseIsWrittenToHome)
{
    ASSERT_TRUE(QDir(home()).exists());
    const QString file = g_root + QStringLiteral("/files/lecture.json");
    ASSERT_TRUE(QDir().mkpath(QFileInfo(file).path()));
    {
        MainWindow window;
        window.autoSaver()->setInterval(20);
        window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
        window.show();
        ASSERT_TRUE(window.documentController()->saveTo(file));  // a recent file
        auto *dark = window.findChild<QAction *>(QStringLiteral("themeAction_dark"));  // View > Theme > Dark
        ASSERT_NE(dark, nullptr);
        dark->trigger();
        window.model()->setTemperature(0.37);                    // unsaved work: an autosave
        ASSERT_TRUE(QTest::qWaitFor([] { return QFileInfo::exists(AutoSaver::defaultFilePath()); }, 5000));
        EXPECT_TRUE(isUnder(AutoSaver::defaultFilePath(), xdg("XDG_DATA_HOME")))
            << AutoSaver::defaultFilePath().toStdString();
        EXPECT_EQ(strayPaths(), QStringList());
        ASSERT_TRUE(window.documentController()->saveTo(file));
        window.close();  // saved: no question; the settings are written
    }
    QCoreApplication::processEvents();

    const QString settings = xdg("XDG_CONFIG_HOME") + QStringLiteral("/AttentionLens/Attention Lens.conf");
    QFile settingsFile(settings);
    ASSERT_TRUE(settingsFile.open(QIODevice::ReadOnly)) << settings.toStdString();
    const QByteArray content = settingsFile.readAll();
    EXPECT_TRUE(content.contains("lecture.json")) << "recent files are not in the settings";
    EXPECT_TRUE(content.contains("dark")) << "the theme is not in the settings";
    EXPECT_EQ(strayPaths(), QStringList());
}

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QTemporaryDir root;
    if (!root.isValid())
        return 1;
    g_root = root.path();
    const QString homePath = g_root + QStringLiteral("/home");
    QDir().mkpath(homePath);
    qputenv("HOME", homePath.toLocal8Bit());
    qputenv("XDG_CONFIG_HOME", (homePath + QStringLiteral("/xdg-config")).toLocal8Bit());
    qputenv("XDG_DATA_HOME", (homePath + QStringLiteral("/xdg-data")).toLocal8Bit());
    qputenv("XDG_CACHE_HOME", (homePath + QStringLiteral("/xdg-cache")).toLocal8Bit());
    qputenv("XDG_STATE_HOME", (homePath + QStringLiteral("/xdg-state")).toLocal8Bit());
    QApplication app(argc, argv);
    // The names main() of the app gives: they name its settings file and data folder.
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLens"));
    QCoreApplication::setApplicationName(QStringLiteral("Attention Lens"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
