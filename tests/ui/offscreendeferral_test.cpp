#include "offscreendeferral.h"

#include <QCoreApplication>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

#include <memory>

using namespace attnlens;

namespace {

struct Counts {
    int rebuilds = 0;
    int refreshes = 0;
};

} // namespace

TEST(OffscreenDeferralTest, AHiddenViewCatchesUpOnceWhenShown)
{
    QWidget window;
    window.resize(300, 200);
    auto *view = new QWidget(&window);
    view->setGeometry(10, 10, 100, 100);
    Counts counts;
    auto *deferral = new OffscreenDeferral(view, [&] { ++counts.rebuilds; }, [&] { ++counts.refreshes; });

    // Not shown: changes only pile up.
    deferral->requestRefresh();
    deferral->requestRefresh();
    deferral->requestRebuild();
    EXPECT_EQ(counts.rebuilds, 0);
    EXPECT_EQ(counts.refreshes, 0);
    EXPECT_TRUE(deferral->isPending());

    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    EXPECT_EQ(counts.rebuilds, 1) << "one rebuild covers every change missed";
    EXPECT_EQ(counts.refreshes, 0) << "the rebuild includes the refresh";
    EXPECT_FALSE(deferral->isPending());

    // On screen: work happens at once.
    deferral->requestRefresh();
    EXPECT_EQ(counts.refreshes, 1);
}

TEST(OffscreenDeferralTest, AViewMovedOutOfItsWindowWaitsUntilItIsBack)
{
    // A dock tab behind another is visible but lies outside its window: it waits, and catches
    // up when its parent moves it back in.
    QWidget window;
    window.resize(300, 200);
    auto *holder = new QWidget(&window);
    holder->setGeometry(0, 0, 300, 200);
    auto *view = new QWidget(holder);
    view->setGeometry(10, 10, 100, 100);
    Counts counts;
    auto *deferral = new OffscreenDeferral(view, {}, [&] { ++counts.refreshes; });
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));

    holder->move(-1000, 0);
    deferral->requestRefresh();
    deferral->requestRebuild();  // without a rebuild of its own, a refresh
    EXPECT_EQ(counts.refreshes, 0);

    holder->move(0, 0);
    ASSERT_TRUE(QTest::qWaitFor([&] { return counts.refreshes == 1; }, 2000));
    QCoreApplication::processEvents();
    EXPECT_EQ(counts.refreshes, 1);
    EXPECT_FALSE(deferral->isPending());
}
