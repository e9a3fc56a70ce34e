#include <QApplication>
#include <QByteArray>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

// Like testmain.cpp, but the offscreen platform gets one screen of each size a lecture hall
// has, side by side, so that a test can put the window on any of them.
int main(int argc, char **argv)
{
    QTemporaryDir home;
    if (!home.isValid())
        return 1;
    const QString config = home.filePath(QStringLiteral("screens.json"));
    QFile file(config);
    if (!file.open(QIODevice::WriteOnly))
        return 1;
    file.write(R"({"screens": [
        {"name": "xga", "x": 0, "y": 0, "width": 1024, "height": 768},
        {"name": "hd", "x": 1024, "y": 0, "width": 1280, "height": 720},
        {"name": "wxga", "x": 2304, "y": 0, "width": 1280, "height": 800},
        {"name": "fullhd", "x": 3584, "y": 0, "width": 1920, "height": 1080},
        {"name": "uhd", "x": 5504, "y": 0, "width": 3840, "height": 2160}
    ]})");
    file.close();
    qputenv("QT_QPA_PLATFORM", QByteArray("offscreen:configfile=") + config.toLocal8Bit());
    for (const char *variable : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"})
        qputenv(variable, QByteArray(home.path().toLocal8Bit() + '/' + variable));
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensTests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
