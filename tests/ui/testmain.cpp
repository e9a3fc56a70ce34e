#include <QApplication>
#include <QByteArray>
#include <QTemporaryDir>

#include <gtest/gtest.h>

// Widget tests render on the offscreen platform: no display, same pixels on every machine.
int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    // Settings, recent files and the autosave go to folders of this process alone: the
    // developer's own layout and files are neither read nor overwritten, and test processes
    // that CTest runs side by side cannot see each other's autosave or settings.
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    for (const char *variable : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
        qputenv(variable, QByteArray(home.path().toLocal8Bit() + '/' + variable));
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensTests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
