#include <QApplication>
#include <QStandardPaths>

#include <gtest/gtest.h>

// Widget tests render on the offscreen platform: no display, same pixels on every machine.
int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    // Settings and data go to test locations: the developer's own layout and recent files are
    // neither read nor overwritten.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensTests"));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
