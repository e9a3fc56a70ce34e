#pragma once

#include "animationwriter.h"
#include "framespill.h"

#include <QList>
#include <QRgb>
#include <QVector>

#include <cstdint>
#include <vector>

namespace attnlens {

/// Animated GIF through giflib, with one palette for the whole animation.
///
/// The palette is made once from every frame's colours: a variance-splitting median cut over a
/// histogram of 6-bit-per-channel boxes (each box keeps the exact mean of its colours), refined
/// by a few rounds of k-means, with each colour weighted by the square root of how often it
/// appears, so that the large flat areas (background, cells) do not crowd out the few pixels of
/// a colour bar. Every exact colour then takes its nearest palette entry, or, when it lies
/// between two entries, an ordered (Bayer 8 x 8) mix of the two nearest in the right proportion:
/// a colour the palette holds stays flat, and a colour bar shows no bands. A frame is written as the rectangle where it
/// differs from the frame before (the rest stays), looping forever (NETSCAPE2.0), with its
/// delay in a graphics control extension (hundredths of a second, rounded so that the sum of
/// the delays stays on the frame rate's clock).
///
/// The palette needs every frame's colours before the first frame is written, so the frames
/// wait in a FrameSpill (a temporary file, each frame's changed rectangle deflated) and are
/// read back one at a time by finish(): memory holds the last frame added, the histogram, and
/// while writing one canvas with two frames of palette indices, however many frames there are.
class GifWriter : public AnimationWriter {
public:
    explicit GifWriter(const ByteSink &sink);
    ~GifWriter() override;

    bool addFrame(const QImage &frame, int delayMs) override;
    bool finish() override;

    /// The palette finish() used (empty before it ran): for tests and the README's error figures.
    const QVector<QRgb> &palette() const { return m_palette; }

    /// A palette of at most `size` entries for `colors`, each counted with its weight (see the
    /// class description): the colours themselves when there are few enough.
    static QVector<QRgb> paletteFor(const std::vector<QRgb> &colors, const std::vector<double> &weights, int size);

private:
    void countColors(const QImage &frame);
    bool writeFrames(const QSize &size);

    FrameSpill m_spill;       // every distinct frame, in order
    QImage m_last;            // the last distinct frame (RGB32), to compare the next with
    QList<int> m_delaysMs;    // of each distinct frame
    QList<int> m_inputFrames; // frames added that each distinct frame stands for
    // Per 6-bit box: how many pixels, and the sums of their exact channels.
    std::vector<std::uint64_t> m_boxCount;
    std::vector<std::uint64_t> m_boxSum;  // 3 per box
    QVector<QRgb> m_palette;
};

} // namespace attnlens
