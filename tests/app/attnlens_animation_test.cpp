// --animate, --frames and --fps: what the parser accepts and refuses, and animated exports made
// by the executable with no display, read back by ImageMagick's identify.
#include "../support/headlessrun.h"
#include "../support/identifyframes.h"
#include "commandline.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using attnlens::CommandLineRequest;
using attnlens::parseCommandLine;
using attnlens::test::HeadlessRun;
using attnlens::test::runHeadless;

namespace {

QString usageError(const QStringList &arguments)
{
    return parseCommandLine(arguments).usageError;
}

} // namespace

TEST(AnimationCommandLine, AnimateTakesASpecFramesAndFps)
{
    const CommandLineRequest request =
        parseCommandLine({QStringLiteral("--animate"), QStringLiteral("temperature=0.1:10"), QStringLiteral("--frames"),
                          QStringLiteral("60"), QStringLiteral("--fps"), QStringLiteral("24"), QStringLiteral("--export"),
                          QStringLiteral("heatmap=t.gif"), QStringLiteral("--export"), QStringLiteral("window=w.png")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, CommandLineRequest::Action::ExportFigures);
    EXPECT_EQ(request.animate, QStringLiteral("temperature=0.1:10"));
    EXPECT_EQ(request.animationFrames, 60);
    EXPECT_EQ(request.framesPerSecond, 24);
    ASSERT_EQ(request.exports.size(), 2);
    EXPECT_EQ(request.exports[1].path, QStringLiteral("w.png"));  // an animated PNG

    for (const char *spec : {"query=1:1,0:0,1", "query=2:0.5,0.5", "query=1:circle", "mask=causal"}) {
        EXPECT_TRUE(usageError({QStringLiteral("--animate"), QString::fromUtf8(spec), QStringLiteral("--export"),
                                QStringLiteral("heatmap=a.webp")})
                        .isEmpty())
            << spec;
    }
}

TEST(AnimationCommandLine, MalformedAnimationsAreUsageErrorsNamingTheBadPart)
{
    const QStringList gif{QStringLiteral("--export"), QStringLiteral("heatmap=t.gif")};
    auto with = [&gif](std::initializer_list<const char *> words) {
        QStringList arguments = gif;
        for (const char *word : words)
            arguments.append(QString::fromUtf8(word));
        return usageError(arguments);
    };
    EXPECT_TRUE(with({"--animate", "spin=1:2"}).contains(QStringLiteral("unknown kind 'spin'")));
    EXPECT_TRUE(with({"--animate", "temperature=0.1:x"}).contains(QStringLiteral("temperature=FROM:TO")));
    EXPECT_TRUE(with({"--animate", "query=1:1;0"}).contains(QStringLiteral("'1;0'")));
    EXPECT_TRUE(with({"--animate", "temperature=0.1:10", "--frames", "1"}).contains(QStringLiteral("--frames '1'")));
    EXPECT_TRUE(with({"--animate", "temperature=0.1:10", "--frames", "ten"}).contains(QStringLiteral("--frames 'ten'")));
    EXPECT_TRUE(with({"--animate", "temperature=0.1:10", "--fps", "61"}).contains(QStringLiteral("--fps '61'")));
    EXPECT_TRUE(with({"--animate", "temperature=0.1:10", "--fps", "0"}).contains(QStringLiteral("--fps '0'")));
    EXPECT_TRUE(usageError({QStringLiteral("--frames"), QStringLiteral("10"), QStringLiteral("--export"),
                            QStringLiteral("heatmap=t.png")})
                    .contains(QStringLiteral("--frames only applies to --animate")));
    EXPECT_TRUE(usageError({QStringLiteral("--fps"), QStringLiteral("10"), QStringLiteral("--export"),
                            QStringLiteral("heatmap=t.png")})
                    .contains(QStringLiteral("--fps only applies to --animate")));
    EXPECT_TRUE(usageError({QStringLiteral("--animate"), QStringLiteral("mask=causal")})
                    .contains(QStringLiteral("--animate only applies to --export")));
    EXPECT_TRUE(usageError({QStringLiteral("--animate"), QStringLiteral("mask=causal"), QStringLiteral("--export"),
                            QStringLiteral("heatmap=t.svg")})
                    .contains(QStringLiteral("'.svg'")));
    EXPECT_TRUE(usageError({QStringLiteral("--animate"), QStringLiteral("mask=causal"), QStringLiteral("--export"),
                            QStringLiteral("heatmap=t.pdf")})
                    .contains(QStringLiteral("'.pdf'")));
    EXPECT_TRUE(usageError({QStringLiteral("--export"), QStringLiteral("heatmap=t.gif")})
                    .contains(QStringLiteral("add --animate")));
}

TEST(AnimationCommandLine, HelpListsTheAnimationOptions)
{
    const QString help = attnlens::commandLineHelp();
    for (const char *word : {"--animate <SPEC>", "--frames <N>", "--fps <N>", "temperature=FROM:TO", "mask=causal"})
        EXPECT_TRUE(help.contains(QString::fromUtf8(word))) << word;
}

TEST(AnimationProcess, HeadlessHeatmapGifAndWindowAnimation)
{
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString heatmap = dir.filePath(QStringLiteral("t.gif"));
    const HeadlessRun sweep = runHeadless({QStringLiteral("--animate"), QStringLiteral("temperature=0.1:10"),
                                   QStringLiteral("--frames"), QStringLiteral("8"), QStringLiteral("--size"),
                                   QStringLiteral("400x300"), QStringLiteral("--export"),
                                   QStringLiteral("heatmap=") + heatmap});
    ASSERT_EQ(sweep.exitCode, 0) << sweep.err.toStdString();
    QFile file(heatmap);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    EXPECT_TRUE(file.read(6) == "GIF89a");

    const QString window = dir.filePath(QStringLiteral("q.webp"));
    const HeadlessRun moved = runHeadless({QStringLiteral("--animate"), QStringLiteral("query=1:1,0:0,1"),
                                   QStringLiteral("--frames"), QStringLiteral("4"), QStringLiteral("three-queries"),
                                   QStringLiteral("--export"), QStringLiteral("window=") + window});
    ASSERT_EQ(moved.exitCode, 0) << moved.err.toStdString();
    QFile webp(window);
    ASSERT_TRUE(webp.open(QIODevice::ReadOnly));
    const QByteArray head = webp.read(16);
    EXPECT_TRUE(head.startsWith("RIFF") && head.mid(8, 4) == "WEBP");

    // A scenario that cannot do what the animation asks: exit 64, one line, no file.
    const QString none = dir.filePath(QStringLiteral("none.gif"));
    const HeadlessRun refused = runHeadless({QStringLiteral("--animate"), QStringLiteral("query=7:1,0"), QStringLiteral("--export"),
                                     QStringLiteral("heatmap=") + none});
    EXPECT_EQ(refused.exitCode, 64);
    EXPECT_TRUE(refused.err.contains("query 7")) << refused.err.toStdString();
    EXPECT_EQ(refused.err.count('\n'), 1) << refused.err.toStdString();
    EXPECT_FALSE(QFile::exists(none));
    const HeadlessRun malformed = runHeadless({QStringLiteral("--animate"), QStringLiteral("temperature=hot:cold"),
                                       QStringLiteral("--export"), QStringLiteral("heatmap=") + none});
    EXPECT_EQ(malformed.exitCode, 64);
    EXPECT_TRUE(malformed.err.contains("temperature=hot:cold")) << malformed.err.toStdString();

    const auto frames = attnlens::test::identifyFrames(heatmap);
    if (!frames)
        GTEST_SKIP() << "ImageMagick's identify is not installed (scripts/install-deps.sh installs imagemagick)";
    EXPECT_EQ(frames->size(), 8);
    for (const QSize &frame : *frames)
        EXPECT_EQ(frame, QSize(400, 300));
    const HeadlessRun window2 = runHeadless({QStringLiteral("--animate"), QStringLiteral("query=1:1,0:0,1"),
                                     QStringLiteral("--frames"), QStringLiteral("5"), QStringLiteral("--size"),
                                     QStringLiteral("960x600"), QStringLiteral("three-queries"), QStringLiteral("--export"),
                                     QStringLiteral("window=") + dir.filePath(QStringLiteral("q.gif"))});
    ASSERT_EQ(window2.exitCode, 0) << window2.err.toStdString();
    const auto windowFrames = attnlens::test::identifyFrames(dir.filePath(QStringLiteral("q.gif")));
    ASSERT_TRUE(windowFrames.has_value());
    EXPECT_EQ(windowFrames->size(), 5);
    for (const QSize &frame : *windowFrames)
        EXPECT_EQ(frame, QSize(960, 600));
}

TEST(AnimationProcess, AnAnimationBeyondTheMemoryLimitIsRefusedAtOnceSayingHowToFit)
{
    // The limit is half the computer's memory; the test sets one so that it holds anywhere.
    qputenv("ATTNLENS_ANIMATION_MEMORY_MIB", "64");
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString small = dir.filePath(QStringLiteral("small.gif"));
    const HeadlessRun refused = runHeadless({QStringLiteral("--animate"), QStringLiteral("temperature=0.1:10"),
                                             QStringLiteral("--frames"), QStringLiteral("3"), QStringLiteral("--size"),
                                             QStringLiteral("2000x2000"), QStringLiteral("--export"),
                                             QStringLiteral("heatmap=") + small});
    EXPECT_EQ(refused.exitCode, 64) << refused.err.toStdString();
    EXPECT_EQ(refused.err.count('\n'), 1) << refused.err.toStdString();
    for (const char *part : {"--export heatmap=", "3 frames of 2000 × 2000 pixels would need about",
                             "more than the 64 MiB an animation may use (ATTNLENS_ANIMATION_MEMORY_MIB)",
                             "use fewer --frames, a smaller --size or --dpi 96"})
        EXPECT_TRUE(QString::fromUtf8(refused.err).contains(QString::fromUtf8(part))) << part << ": " << refused.err.toStdString();
    EXPECT_FALSE(QFile::exists(small));

    // The request, 1000 frames of 4000 x 4000 at 2x as a WebP, is refused as quickly
    // (before, it grew to gigabytes and aborted).
    const QString large = dir.filePath(QStringLiteral("anim.webp"));
    const HeadlessRun huge = runHeadless({QStringLiteral("--animate"), QStringLiteral("temperature=0.1:10"),
                                          QStringLiteral("--frames"), QStringLiteral("1000"), QStringLiteral("--size"),
                                          QStringLiteral("4000x4000"), QStringLiteral("--dpi"), QStringLiteral("192"),
                                          QStringLiteral("--export"), QStringLiteral("heatmap=") + large});
    EXPECT_EQ(huge.exitCode, 64) << huge.err.toStdString();
    EXPECT_TRUE(huge.err.contains("1000 frames of 8000 × 8000 pixels")) << huge.err.toStdString();
    EXPECT_FALSE(QFile::exists(large));
    qunsetenv("ATTNLENS_ANIMATION_MEMORY_MIB");
}
