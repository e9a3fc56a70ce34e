#include <QCoreApplication>

#include <gtest/gtest.h>

// The model coalesces changes through the event loop, so the core tests run inside a
// QCoreApplication; none of them needs a display.
int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
