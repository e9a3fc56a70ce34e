#pragma once

#include "animationformat.h"

#include <QSize>
#include <QString>

#include <optional>

namespace attnlens {

/// The memory an animated export will need, estimated before it runs, and the limit it must
/// stay under: a request beyond the limit is refused at once (the command line, the Export
/// Animation dialog and AnimationExporter all ask here) instead of growing until the system
/// refuses memory half-way.
///
/// The writers keep a few frames whatever the length (GIF and APNG put their frames in a
/// temporary file), so the estimate is a fixed part, a part per pixel of one frame, and, for
/// WebP only, a part per pixel of every frame (libwebp keeps each encoded frame and assembles
/// the file in memory). The figures were calibrated by measuring the peak resident memory of
/// `attnlens --animate temperature=0.1:10 --export VIEW=FILE --size WxH --frames N` for each
/// format against the same command with one small frame (see the README, Reliability); each
/// is the largest measured, rounded up.
struct AnimationMemory {
    /// Bytes the export adds to the program: the figure drawn, the writer's frames and buffers.
    static qint64 estimate(AnimationFormat format, int frames, const QSize &pixelSize);
    /// The largest estimate of the three formats: the dialog's, before a file's suffix chooses.
    static qint64 largestEstimate(int frames, const QSize &pixelSize);

    /// Half of this computer's physical memory (the other half left to the window, the
    /// desktop and other programs), or the mebibytes in ATTNLENS_ANIMATION_MEMORY_MIB when set.
    static qint64 limit();
    /// Half of the physical memory, whatever the environment says; 0 when it cannot be read.
    static qint64 halfOfPhysicalMemory();

    /// "120 MiB", "1.5 GiB": bytes as a person reads them.
    static QString describe(qint64 bytes);
    /// Why a request of `estimate` bytes cannot run under `limit`, in the user's language, with
    /// what makes it fit; nothing when it fits.
    static std::optional<QString> problem(qint64 estimate, qint64 limit);
};

} // namespace attnlens
