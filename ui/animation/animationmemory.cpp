#include "animationmemory.h"

#include <QCoreApplication>
#include <QLocale>

#include <algorithm>
#include <cmath>

#if defined(Q_OS_UNIX)
#include <unistd.h>
#endif

namespace attnlens {

namespace {

// Calibrated on 2026-12-06 with /usr/bin/time -v (peak resident memory) of
// `attnlens --animate temperature=0.1:10 --export heatmap=FILE`, less the same command at
// --frames 2 --size 200x200 (33-41 MB):
//   GIF   4 Mpx x 200 frames  93 MB,  9 Mpx x 20 frames 140 MB,  16 Mpx x 20 frames 218 MB
//   APNG  4 Mpx x 200 frames  62 MB,  9 Mpx x 20 frames 162 MB
//   WebP  4 Mpx x 200 frames 194 MB,  9 Mpx x 20 frames 368 MB
// so about 55 MB + 10 B a pixel for GIF, 18 B a pixel for APNG and 41 B a pixel for WebP; the
// figures below keep at least a third more.

/// The bytes every export adds whatever its size (the GIF's colour histogram, zlib's and the
/// encoders' tables, the drawing's caches).
constexpr qint64 kFixedBytes = 48LL * 1024 * 1024;

/// Bytes per pixel of one frame: the figure drawn (4), the frame the writer keeps to compare
/// the next with (4), its converted copy (4), and the writer's own: the GIF's canvas and two
/// frames of palette indices while writing (6), the APNG's PNG encoding of a frame, libwebp's
/// three canvases and its candidate encodings.
double bytesPerPixel(AnimationFormat format)
{
    switch (format) {
    case AnimationFormat::Gif:
        return 24.0;
    case AnimationFormat::Apng:
        return 24.0;
    case AnimationFormat::WebP:
        return 56.0;
    }
    return 56.0;
}

/// Bytes per pixel of every frame: only WebP keeps its encoded frames (twice: libwebp's muxer
/// and the assembled file). One bit a pixel a frame in each copy: twenty times what the
/// window (0.012 bytes a pixel a frame, query going round the circle) and the heatmap (0.0006,
/// a temperature sweep) measured, for figures busier than both.
double bytesPerPixelPerFrame(AnimationFormat format)
{
    return format == AnimationFormat::WebP ? 0.25 : 0.0;
}

} // namespace

qint64 AnimationMemory::estimate(AnimationFormat format, int frames, const QSize &pixelSize)
{
    const double pixels = double(std::max(0, pixelSize.width())) * std::max(0, pixelSize.height());
    const double bytes = double(kFixedBytes) + bytesPerPixel(format) * pixels
        + bytesPerPixelPerFrame(format) * pixels * std::max(0, frames);
    return qint64(std::ceil(bytes));
}

qint64 AnimationMemory::largestEstimate(int frames, const QSize &pixelSize)
{
    qint64 largest = 0;
    for (AnimationFormat format : allAnimationFormats())
        largest = std::max(largest, estimate(format, frames, pixelSize));
    return largest;
}

qint64 AnimationMemory::halfOfPhysicalMemory()
{
#if defined(Q_OS_UNIX)
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long pageSize = sysconf(_SC_PAGESIZE);
    if (pages > 0 && pageSize > 0)
        return qint64(pages) * pageSize / 2;
#endif
    return 0;
}

qint64 AnimationMemory::limit()
{
    bool ok = false;
    const qint64 mebibytes = qEnvironmentVariable("ATTNLENS_ANIMATION_MEMORY_MIB").toLongLong(&ok);
    if (ok && mebibytes > 0)
        return mebibytes * 1024 * 1024;
    const qint64 half = halfOfPhysicalMemory();
    // A system that does not say: 2 GiB, what a 4 GiB machine would allow.
    return half > 0 ? half : 2LL * 1024 * 1024 * 1024;
}

QString AnimationMemory::describe(qint64 bytes)
{
    const QLocale locale;
    constexpr double kMiB = 1024.0 * 1024.0;
    constexpr double kGiB = 1024.0 * kMiB;
    if (bytes >= qint64(kGiB))
        return QCoreApplication::translate("attnlens::Animation", "%1 GiB").arg(locale.toString(bytes / kGiB, 'f', 1));
    return QCoreApplication::translate("attnlens::Animation", "%1 MiB").arg(std::max<qint64>(1, qint64(std::ceil(bytes / kMiB))));
}

std::optional<QString> AnimationMemory::problem(qint64 estimate, qint64 limit)
{
    if (estimate <= limit)
        return std::nullopt;
    return QCoreApplication::translate("attnlens::Animation",
                                       "This animation would need about %1 of memory, more than the %2 an "
                                       "animation may use: choose fewer frames, a smaller size or 1×.")
        .arg(describe(estimate), describe(limit));
}

} // namespace attnlens
