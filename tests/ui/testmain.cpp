#include <QApplication>

#include <gtest/gtest.h>

// Widget tests render on the offscreen platform: no display, same pixels on every machine.
int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
