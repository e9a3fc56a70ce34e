// The caches behind a drag's texts and pictures: each value is made once while it is in use,
// the size stays bounded, and filling up never throws away what was just asked for.
#include "twogenerationcache.h"

#include <QString>

#include <gtest/gtest.h>

using namespace attnlens;

TEST(TwoGenerationCache, AValueIsMadeOnceAndThenFound)
{
    TwoGenerationCache<QString, int> cache(4);
    int made = 0;
    auto make = [&] { return ++made; };
    EXPECT_EQ(cache.value(QStringLiteral("a"), make), 1);
    EXPECT_EQ(cache.value(QStringLiteral("a"), make), 1);
    EXPECT_EQ(made, 1);
    EXPECT_EQ(cache.value(QStringLiteral("b"), make), 2);
    EXPECT_EQ(made, 2);
    cache.clear();
    EXPECT_EQ(cache.size(), 0);
    EXPECT_EQ(cache.value(QStringLiteral("a"), make), 3);
}

TEST(TwoGenerationCache, WhatIsStillInUseSurvivesFillingUpAndTheSizeStaysBounded)
{
    // A drag asks for the same label ("key 1") on every step and for a new number each time:
    // the label is never made again however many numbers pass, and the cache holds at most two
    // generations.
    TwoGenerationCache<QString, int> cache(8);
    int madeLabel = 0;
    int madeNumbers = 0;
    for (int step = 0; step < 1000; ++step) {
        cache.value(QStringLiteral("key 1"), [&] { return ++madeLabel; });
        cache.value(QString::number(step), [&] { return ++madeNumbers; });
        EXPECT_LE(cache.size(), 16) << step;
    }
    EXPECT_EQ(madeLabel, 1);
    EXPECT_EQ(madeNumbers, 1000);

    // A number last asked for two generations ago is gone; one from the previous is kept.
    int remade = 0;
    cache.value(QStringLiteral("0"), [&] { return ++remade; });
    EXPECT_EQ(remade, 1);
    cache.value(QStringLiteral("999"), [&] { return ++remade; });
    EXPECT_EQ(remade, 1);
}
