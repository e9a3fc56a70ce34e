// Animated exports and memory (issue 25, item 3): the writers keep a few frames whatever the
// length, the memory a request needs is estimated before it runs, and a request beyond the
// limit is refused at once, with what makes it fit.
#include "animationexporter.h"
#include "animationformat.h"
#include "animationmemory.h"
#include "animationplan.h"
#include "animationrecorder.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "viewstate.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <iostream>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

/// A field of /proc/self/status in bytes (VmHWM: the peak resident memory, VmRSS: now).
qint64 statusBytes(const char *field)
{
    QFile status(QStringLiteral("/proc/self/status"));
    if (!status.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : status.readAll().split('\n')) {
        if (line.startsWith(field)) {
            const QList<QByteArray> words = line.simplified().split(' ');
            return words.size() >= 2 ? words[1].toLongLong() * 1024 : -1;
        }
    }
    return -1;
}

/// Starts a new peak: Linux sets VmHWM back to VmRSS when "5" is written to clear_refs. The
/// memory freed before is given back to the system first, so that a later export cannot grow
/// into it unseen.
bool resetPeak()
{
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
    QFile clear(QStringLiteral("/proc/self/clear_refs"));
    return clear.open(QIODevice::WriteOnly) && clear.write("5") == 1;
}

/// Sets ATTNLENS_ANIMATION_MEMORY_MIB for one test.
class MemoryLimit {
public:
    explicit MemoryLimit(int mebibytes) { qputenv("ATTNLENS_ANIMATION_MEMORY_MIB", QByteArray::number(mebibytes)); }
    ~MemoryLimit() { qunsetenv("ATTNLENS_ANIMATION_MEMORY_MIB"); }
};

AnimationPlan sweep(int frames)
{
    QString error;
    return AnimationPlan::parse(QStringLiteral("temperature=0.1:10"), frames, &error).value_or(AnimationPlan());
}

class AnimationMemoryTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        model.setScenario(builtinScenario("lesson"));
        QCoreApplication::processEvents();
        options.figure.view = FigureView::Heatmap;
        options.figure.theme = Theme::Kind::Light;
    }

    QTemporaryDir dir;
    AttentionModel model;
    ViewState viewState;
    AnimationOptions options;
};

} // namespace

TEST_F(AnimationMemoryTest, ThePeakDoesNotGrowWithTheFramesAndStaysUnderTheEstimate)
{
    if (!resetPeak() || statusBytes("VmHWM:") < 0)
        GTEST_SKIP() << "this system does not let a process reset its peak memory (/proc/self/clear_refs)";
    // 48 frames of 1200 x 1200 pixels: 276 MB of frames. Writers that kept every frame (as
    // before) peaked above that; streaming ones keep a few.
    const int frames = 48;
    options.figure.size = QSize(1200, 1200);
    const qint64 frameBytes = 1200LL * 1200 * 4;
    AnimationExporter exporter(&model, &viewState);
    for (AnimationFormat format : allAnimationFormats()) {
        options.format = format;
        const QString file = dir.filePath(QStringLiteral("sweep.") + animationFormatSuffix(format));
        ASSERT_TRUE(resetPeak());
        const qint64 before = statusBytes("VmRSS:");
        ASSERT_EQ(exporter.exportAnimation(sweep(frames), options, file), std::nullopt);
        const qint64 peak = statusBytes("VmHWM:") - before;
        const qint64 estimate = AnimationMemory::estimate(format, frames, options.figure.size);
        std::cout << animationFormatSuffix(format).toStdString() << ": " << frames << " frames of 1200 x 1200 peaked "
                  << peak / (1024 * 1024) << " MiB above the start; estimate " << estimate / (1024 * 1024)
                  << " MiB; file " << QFile(file).size() / 1024 << " KiB\n";
        EXPECT_LT(peak, 12 * frameBytes) << animationFormatSuffix(format).toStdString();
        EXPECT_LE(peak, estimate) << animationFormatSuffix(format).toStdString();
        EXPECT_GT(QFile(file).size(), 0);
    }
}

TEST(AnimationMemoryEstimate, GrowsWithThePixelsAndOnlyWebPWithTheFrames)
{
    const QSize small(400, 300), large(4000, 3000);
    for (AnimationFormat format : allAnimationFormats()) {
        EXPECT_LT(AnimationMemory::estimate(format, 60, small), AnimationMemory::estimate(format, 60, large));
        const bool keepsFrames = format == AnimationFormat::WebP;
        EXPECT_EQ(AnimationMemory::estimate(format, 60, large) < AnimationMemory::estimate(format, 1000, large), keepsFrames)
            << animationFormatSuffix(format).toStdString();
        EXPECT_LE(AnimationMemory::estimate(format, 1000, large), AnimationMemory::largestEstimate(1000, large));
    }
    // The request: 1000 frames of 4000 x 4000 as a GIF no longer needs its frames in
    // memory (5.8 GB and std::bad_alloc before); at twice the resolution, four times the pixels.
    const qint64 gif = AnimationMemory::estimate(AnimationFormat::Gif, 1000, QSize(4000, 4000));
    EXPECT_LT(gif, 1024LL * 1024 * 1024);
    EXPECT_EQ(AnimationMemory::estimate(AnimationFormat::Gif, 1000, QSize(8000, 8000)) - AnimationMemory::estimate(AnimationFormat::Gif, 1, QSize(8000, 8000)), 0);
}

TEST(AnimationMemoryEstimate, TheLimitIsHalfThePhysicalMemoryUnlessTheEnvironmentSetsIt)
{
    qunsetenv("ATTNLENS_ANIMATION_MEMORY_MIB");
    const qint64 half = AnimationMemory::halfOfPhysicalMemory();
    if (half > 0) {
        EXPECT_EQ(AnimationMemory::limit(), half);
    }
    {
        MemoryLimit limit(300);
        EXPECT_EQ(AnimationMemory::limit(), 300LL * 1024 * 1024);
    }
    EXPECT_EQ(AnimationMemory::describe(300LL * 1024 * 1024), QStringLiteral("300 MiB"));
    EXPECT_EQ(AnimationMemory::describe(3LL * 512 * 1024 * 1024), QStringLiteral("1.5 GiB"));
    EXPECT_FALSE(AnimationMemory::problem(100, 100).has_value());
    const auto problem = AnimationMemory::problem(3LL * 512 * 1024 * 1024, 300LL * 1024 * 1024);
    ASSERT_TRUE(problem.has_value());
    EXPECT_EQ(problem->toStdString(), "This animation would need about 1.5 GiB of memory, more than the 300 MiB an "
                                      "animation may use: choose fewer frames, a smaller size or 1×.");
}

TEST_F(AnimationMemoryTest, ARequestOverTheLimitIsRefusedBeforeAnythingIsDrawn)
{
    MemoryLimit limit(64);
    options.figure.size = QSize(3000, 3000);
    AnimationExporter exporter(&model, &viewState);
    const Scenario before = model.wholeScenario();
    int steps = 0;
    const QString file = dir.filePath(QStringLiteral("big.gif"));
    const auto error = exporter.exportAnimation(sweep(200), options, file, [&steps](int, int) {
        ++steps;
        return true;
    });
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(QStringLiteral("big.gif"))) << error->toStdString();
    EXPECT_TRUE(error->contains(QStringLiteral("more than the 64 MiB an animation may use: choose fewer frames, a "
                                               "smaller size or 1×")))
        << error->toStdString();
    EXPECT_EQ(steps, 0);
    EXPECT_FALSE(QFile::exists(file));
    EXPECT_TRUE(model.wholeScenario() == before);
    // The same request at a size that fits is written.
    options.figure.size = QSize(320, 240);
    EXPECT_EQ(exporter.exportAnimation(sweep(4), options, file), std::nullopt);
    EXPECT_TRUE(QFile::exists(file));
}

TEST(AnimationRecorderMemory, TheRecordingAndItsSavingFitTheCap)
{
    // The recorder keeps its frames in memory; saving them adds the writer's memory. The cap
    // counts both (before, only the frames: 16 frames of 4000 x 4000 filled the whole GiB).
    for (const QSize &pixels : {QSize(1280, 720), QSize(2560, 1440), QSize(4000, 4000)}) {
        const int kept = AnimationRecorder::frameLimitFor(pixels, AnimationRecorder::kMaximumFrames);
        EXPECT_LE(AnimationRecorder::memoryFor(pixels, kept), AnimationRecorder::kMaximumBytes) << pixels.width();
        EXPECT_GT(AnimationRecorder::memoryFor(pixels, kept + 1), AnimationRecorder::kMaximumBytes) << pixels.width();
        EXPECT_GE(AnimationRecorder::memoryFor(pixels, kept), qint64(kept) * pixels.width() * pixels.height() * 4);
    }
    EXPECT_EQ(AnimationRecorder::frameLimitFor(QSize(64, 64), AnimationRecorder::kMaximumFrames),
              AnimationRecorder::kMaximumFrames);
}
