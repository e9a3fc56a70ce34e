#include "gifwriter.h"

#include <QCoreApplication>
#include <QHash>
#include <QPainter>

#include <gif_lib.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace attnlens {

namespace {

constexpr int kBoxBits = 6;
constexpr int kBoxCount = 1 << (3 * kBoxBits);
constexpr int kPaletteSize = 256;
constexpr int kRefinements = 4;
/// A colour this close to its nearest entry (in distance2() units: about 1.5 per channel) is
/// drawn as that entry, undithered.
constexpr int kFlatDistance2 = 20;

int boxOf(QRgb color)
{
    constexpr int shift = 8 - kBoxBits;
    return ((qRed(color) >> shift) << (2 * kBoxBits)) | ((qGreen(color) >> shift) << kBoxBits) | (qBlue(color) >> shift);
}

int distance2(QRgb a, QRgb b)
{
    const int dr = qRed(a) - qRed(b);
    const int dg = qGreen(a) - qGreen(b);
    const int db = qBlue(a) - qBlue(b);
    // Green counts most, blue least, as the eye does (close to the usual 3:4:2 weights).
    return 3 * dr * dr + 4 * dg * dg + 2 * db * db;
}

/// One box of the median cut: a range of the colour list, with its weighted spread.
struct Box {
    int begin = 0;
    int end = 0;
    double spread = 0.0;  // weighted sum of squared distances to the mean, over the widest channel
    int channel = 0;      // the channel with the largest weighted variance
};

double channelOf(QRgb color, int channel)
{
    return channel == 0 ? qRed(color) : channel == 1 ? qGreen(color) : qBlue(color);
}

void measure(Box &box, const std::vector<QRgb> &colors, const std::vector<double> &weights, const std::vector<int> &order)
{
    std::array<double, 3> sum{}, sum2{};
    double total = 0.0;
    for (int i = box.begin; i < box.end; ++i) {
        const QRgb color = colors[order[i]];
        const double w = weights[order[i]];
        total += w;
        for (int c = 0; c < 3; ++c) {
            const double v = channelOf(color, c);
            sum[c] += w * v;
            sum2[c] += w * v * v;
        }
    }
    box.spread = 0.0;
    box.channel = 0;
    if (box.end - box.begin < 2 || total <= 0.0)
        return;
    for (int c = 0; c < 3; ++c) {
        const double variance = sum2[c] - sum[c] * sum[c] / total;
        if (variance > box.spread) {
            box.spread = variance;
            box.channel = c;
        }
    }
}

QRgb meanOf(const Box &box, const std::vector<QRgb> &colors, const std::vector<double> &weights, const std::vector<int> &order)
{
    std::array<double, 3> sum{};
    double total = 0.0;
    for (int i = box.begin; i < box.end; ++i) {
        const QRgb color = colors[order[i]];
        const double w = weights[order[i]];
        total += w;
        for (int c = 0; c < 3; ++c)
            sum[c] += w * channelOf(color, c);
    }
    if (total <= 0.0)
        return colors[order[box.begin]];
    return qRgb(int(std::lround(sum[0] / total)), int(std::lround(sum[1] / total)), int(std::lround(sum[2] / total)));
}

/// The 8 x 8 Bayer matrix: the order in which the pixels of a tile switch to the second colour.
constexpr int kBayer[8][8] = {
    {0, 32, 8, 40, 2, 34, 10, 42},   {48, 16, 56, 24, 50, 18, 58, 26}, {12, 44, 4, 36, 14, 46, 6, 38},
    {60, 28, 52, 20, 62, 30, 54, 22}, {3, 35, 11, 43, 1, 33, 9, 41},   {51, 19, 59, 27, 49, 17, 57, 25},
    {15, 47, 7, 39, 13, 45, 5, 37},   {63, 31, 55, 23, 61, 29, 53, 21},
};

/// Each exact colour as a mix of its two nearest palette entries, remembered: the share t of
/// the second entry that brings the mix closest to the colour (0 when the nearest entry alone is
/// as close, so a colour the palette holds stays exactly that entry and flat areas stay flat).
/// A pixel takes the second entry where t passes the Bayer threshold of its place, so a
/// gradient between two entries is drawn as a fine, even pattern of the two instead of a band.
class PaletteMixer {
public:
    explicit PaletteMixer(const QVector<QRgb> &palette)
        : m_palette(palette)
    {
    }
    GifByteType operator()(QRgb color, int x, int y)
    {
        color |= 0xff000000u;
        if (color != m_lastColor) {
            auto found = m_cache.constFind(color);
            m_last = found != m_cache.constEnd() ? *found : mixFor(color);
            if (found == m_cache.constEnd())
                m_cache.insert(color, m_last);
            m_lastColor = color;
        }
        if (m_last.share == 0)
            return m_last.nearest;
        return m_last.share > kBayer[y & 7][x & 7] ? m_last.second : m_last.nearest;
    }

private:
    struct Mix {
        GifByteType nearest = 0;
        GifByteType second = 0;
        int share = 0;  // of 64
    };
    Mix mixFor(QRgb color) const
    {
        Mix mix;
        int best = std::numeric_limits<int>::max();
        int secondBest = std::numeric_limits<int>::max();
        for (int i = 0; i < m_palette.size(); ++i) {
            const int d = distance2(color, m_palette[i]);
            if (d < best) {
                secondBest = best;
                mix.second = mix.nearest;
                best = d;
                mix.nearest = GifByteType(i);
            } else if (d < secondBest) {
                secondBest = d;
                mix.second = GifByteType(i);
            }
        }
        // Close enough to be seen as the same colour: stay flat (and small to compress).
        if (best <= kFlatDistance2 || m_palette.size() < 2)
            return mix;
        // The mix along the line from the nearest entry to the second.
        const QRgb a = m_palette[mix.nearest];
        const QRgb b = m_palette[mix.second];
        const double ab[3] = {double(qRed(b) - qRed(a)), double(qGreen(b) - qGreen(a)), double(qBlue(b) - qBlue(a))};
        const double ac[3] = {double(qRed(color) - qRed(a)), double(qGreen(color) - qGreen(a)),
                              double(qBlue(color) - qBlue(a))};
        const double length2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
        if (length2 <= 0.0)
            return mix;
        const double t = std::clamp((ac[0] * ab[0] + ac[1] * ab[1] + ac[2] * ab[2]) / length2, 0.0, 0.5);
        // Only where the mix is really closer than the nearest entry alone.
        double before = 0.0, after = 0.0;
        for (int c = 0; c < 3; ++c) {
            before += ac[c] * ac[c];
            const double rest = ac[c] - t * ab[c];
            after += rest * rest;
        }
        if (after < 0.5 * before)
            mix.share = int(std::lround(t * 64.0));
        return mix;
    }

    const QVector<QRgb> &m_palette;
    QHash<QRgb, Mix> m_cache;
    QRgb m_lastColor = 0;  // never a real colour: real ones have alpha 255
    Mix m_last;
};

QString gifError(int code)
{
    const char *text = GifErrorString(code);
    return QCoreApplication::translate("attnlens::Animation", "The GIF encoder failed: %1")
        .arg(text ? QString::fromLatin1(text) : QString::number(code));
}

/// An opaque RGB32 copy of `frame`: transparent parts show white, as on a slide.
QImage opaqueFrame(const QImage &frame)
{
    if (!frame.hasAlphaChannel())
        return frame.convertToFormat(QImage::Format_RGB32);
    QImage opaque(frame.size(), QImage::Format_RGB32);
    opaque.setDotsPerMeterX(frame.dotsPerMeterX());
    opaque.setDotsPerMeterY(frame.dotsPerMeterY());
    opaque.fill(Qt::white);
    QPainter painter(&opaque);
    painter.drawImage(0, 0, frame);
    return opaque;
}

} // namespace

GifWriter::GifWriter(const ByteSink &sink)
    : AnimationWriter(sink)
{
}

GifWriter::~GifWriter() = default;

bool GifWriter::addFrame(const QImage &frame, int delayMs)
{
    if (const auto problem = frameProblem(frame, m_last.isNull() ? QSize() : m_last.size())) {
        setError(*problem);
        return false;
    }
    if (frame.width() > 65535 || frame.height() > 65535) {
        setError(QCoreApplication::translate("attnlens::Animation", "A GIF can be at most 65535 pixels wide and high."));
        return false;
    }
    countAdded();
    QImage opaque = opaqueFrame(frame);
    delayMs = std::max(0, delayMs);
    // Only the part that changed is stored; the spill draws it over the frame before.
    const QRect changed = m_last.isNull() ? opaque.rect() : AnimationWriter::differingRect(opaque, m_last);
    if (changed.isEmpty()) {
        m_delaysMs.last() += delayMs;
        ++m_inputFrames.last();
        return true;
    }
    countColors(opaque);
    if (!m_spill.append(opaque, changed)) {
        setError(m_spill.errorString());
        return false;
    }
    // The text (a figure's scenario, once per frame) is not needed to compare the next frame.
    for (const QString &key : opaque.textKeys())
        opaque.setText(key, QString());
    m_last = opaque;
    m_delaysMs.append(delayMs);
    m_inputFrames.append(1);
    return true;
}

void GifWriter::countColors(const QImage &frame)
{
    if (m_boxCount.empty()) {
        m_boxCount.assign(kBoxCount, 0);
        m_boxSum.assign(3 * kBoxCount, 0);
    }
    for (int y = 0; y < frame.height(); ++y) {
        const QRgb *line = reinterpret_cast<const QRgb *>(frame.constScanLine(y));
        for (int x = 0; x < frame.width(); ++x) {
            const QRgb color = line[x];
            const int box = boxOf(color);
            ++m_boxCount[box];
            m_boxSum[3 * box] += qRed(color);
            m_boxSum[3 * box + 1] += qGreen(color);
            m_boxSum[3 * box + 2] += qBlue(color);
        }
    }
}

QVector<QRgb> GifWriter::paletteFor(const std::vector<QRgb> &colors, const std::vector<double> &weights, int size)
{
    QVector<QRgb> palette;
    if (colors.empty())
        return palette;
    std::vector<int> order(colors.size());
    std::iota(order.begin(), order.end(), 0);
    if (int(colors.size()) <= size) {
        for (QRgb color : colors)
            palette.append(color | 0xff000000u);
        return palette;
    }

    // Median cut: split the box whose colours spread most (weighted variance along its widest
    // channel) at the weighted median of that channel, until there are `size` boxes.
    std::vector<Box> boxes;
    Box all{0, int(colors.size())};
    measure(all, colors, weights, order);
    boxes.push_back(all);
    while (int(boxes.size()) < size) {
        auto widest = std::max_element(boxes.begin(), boxes.end(),
                                       [](const Box &a, const Box &b) { return a.spread < b.spread; });
        if (widest->spread <= 0.0)
            break;
        Box box = *widest;
        const int channel = box.channel;
        std::sort(order.begin() + box.begin, order.begin() + box.end, [&](int a, int b) {
            return channelOf(colors[a], channel) < channelOf(colors[b], channel);
        });
        double total = 0.0;
        for (int i = box.begin; i < box.end; ++i)
            total += weights[order[i]];
        double running = 0.0;
        int split = box.begin + 1;
        for (int i = box.begin; i < box.end - 1; ++i) {
            running += weights[order[i]];
            split = i + 1;
            if (running >= total / 2.0)
                break;
        }
        Box low{box.begin, split};
        Box high{split, box.end};
        measure(low, colors, weights, order);
        measure(high, colors, weights, order);
        *widest = low;
        boxes.push_back(high);
    }
    for (const Box &box : boxes)
        palette.append(meanOf(box, colors, weights, order));

    // A few rounds of k-means move each entry to the weighted mean of the colours nearest it.
    std::vector<std::array<double, 4>> sums(palette.size());
    for (int round = 0; round < kRefinements; ++round) {
        std::fill(sums.begin(), sums.end(), std::array<double, 4>{});
        for (std::size_t i = 0; i < colors.size(); ++i) {
            int best = 0;
            int bestDistance = std::numeric_limits<int>::max();
            for (int p = 0; p < palette.size(); ++p) {
                const int d = distance2(colors[i], palette[p]);
                if (d < bestDistance) {
                    bestDistance = d;
                    best = p;
                }
            }
            sums[best][0] += weights[i] * qRed(colors[i]);
            sums[best][1] += weights[i] * qGreen(colors[i]);
            sums[best][2] += weights[i] * qBlue(colors[i]);
            sums[best][3] += weights[i];
        }
        for (int p = 0; p < palette.size(); ++p) {
            if (sums[p][3] > 0.0) {
                palette[p] = qRgb(int(std::lround(sums[p][0] / sums[p][3])), int(std::lround(sums[p][1] / sums[p][3])),
                                  int(std::lround(sums[p][2] / sums[p][3])));
            }
        }
    }
    return palette;
}

bool GifWriter::finish()
{
    if (m_last.isNull()) {
        if (errorString().isEmpty())
            setError(QCoreApplication::translate("attnlens::Animation", "The animation has no frames."));
        return false;
    }
    // The frames come back from the spill: the last one need not stay in memory as well.
    const QSize size = m_last.size();
    m_last = QImage();
    return writeFrames(size);
}

bool GifWriter::writeFrames(const QSize &size)
{
    // The colours: each occupied box stands for the exact mean of its pixels, weighted by the
    // square root of their number.
    std::vector<QRgb> colors;
    std::vector<double> weights;
    for (int box = 0; box < kBoxCount; ++box) {
        const std::uint64_t count = m_boxCount[box];
        if (count == 0)
            continue;
        const double n = double(count);
        colors.push_back(qRgb(int(std::lround(m_boxSum[3 * box] / n)), int(std::lround(m_boxSum[3 * box + 1] / n)),
                              int(std::lround(m_boxSum[3 * box + 2] / n))));
        weights.push_back(std::sqrt(n));
    }
    m_palette = paletteFor(colors, weights, kPaletteSize);
    // giflib wants a power of two.
    int paletteSize = 2;
    while (paletteSize < m_palette.size())
        paletteSize *= 2;

    int error = 0;
    GifFileType *gif = EGifOpen(this, [](GifFileType *file, const GifByteType *data, int length) {
        auto *writer = static_cast<GifWriter *>(file->UserData);
        return writer->write(reinterpret_cast<const char *>(data), length) ? length : 0;
    }, &error);
    if (!gif) {
        setError(gifError(error));
        return false;
    }
    auto fail = [&](int code) {
        if (!sinkFailed())
            setError(gifError(code));
        int closeError = 0;
        EGifCloseFile(gif, &closeError);
        return false;
    };
    EGifSetGifVersion(gif, true);

    std::vector<GifColorType> entries(paletteSize);
    for (int i = 0; i < paletteSize; ++i) {
        const QRgb color = i < m_palette.size() ? m_palette[i] : qRgb(0, 0, 0);
        entries[i] = GifColorType{GifByteType(qRed(color)), GifByteType(qGreen(color)), GifByteType(qBlue(color))};
    }
    ColorMapObject *colorMap = GifMakeMapObject(paletteSize, entries.data());
    const int width = size.width();
    const int height = size.height();
    const int screenResult = EGifPutScreenDesc(gif, width, height, 8, 0, colorMap);
    GifFreeMapObject(colorMap);
    if (screenResult == GIF_ERROR)
        return fail(gif->Error);

    // Loop forever.
    const GifByteType netscape[] = {'N', 'E', 'T', 'S', 'C', 'A', 'P', 'E', '2', '.', '0'};
    const GifByteType loop[] = {1, 0, 0};
    if (EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR
        || EGifPutExtensionBlock(gif, sizeof netscape, netscape) == GIF_ERROR
        || EGifPutExtensionBlock(gif, sizeof loop, loop) == GIF_ERROR || EGifPutExtensionTrailer(gif) == GIF_ERROR)
        return fail(gif->Error);

    PaletteMixer mixer(m_palette);
    std::vector<GifByteType> previous;
    std::vector<GifByteType> indices(std::size_t(width) * height);
    qint64 elapsedMs = 0;
    // The frames come back from the spill one at a time, each drawn over the one before.
    QImage frame(width, height, QImage::Format_RGB32);
    if (!m_spill.rewind()) {
        setError(m_spill.errorString());
        int closeError = 0;
        EGifCloseFile(gif, &closeError);
        return false;
    }
    for (int f = 0; f < m_delaysMs.size(); ++f) {
        if (!m_spill.readNext(frame)) {
            setError(m_spill.errorString());
            int closeError = 0;
            EGifCloseFile(gif, &closeError);
            return false;
        }
        for (int y = 0; y < height; ++y) {
            const QRgb *line = reinterpret_cast<const QRgb *>(frame.constScanLine(y));
            GifByteType *out = indices.data() + std::size_t(y) * width;
            for (int x = 0; x < width; ++x)
                out[x] = mixer(line[x], x, y);
        }
        // Only the rectangle that changed; the rest of the previous frame stays.
        int left = 0, top = 0, right = width - 1, bottom = height - 1;
        if (!previous.empty()) {
            left = width;
            top = height;
            right = -1;
            bottom = -1;
            for (int y = 0; y < height; ++y) {
                const GifByteType *a = indices.data() + std::size_t(y) * width;
                const GifByteType *b = previous.data() + std::size_t(y) * width;
                if (std::equal(a, a + width, b))
                    continue;
                top = std::min(top, y);
                bottom = y;
                int x0 = 0;
                while (a[x0] == b[x0])
                    ++x0;
                int x1 = width - 1;
                while (a[x1] == b[x1])
                    --x1;
                left = std::min(left, x0);
                right = std::max(right, x1);
            }
            if (right < 0) {
                // Different colours that share a palette entry: one pixel, to carry the delay.
                left = right = top = bottom = 0;
            }
        }
        // Delays in hundredths of a second, rounded on the running clock so they add up.
        const qint64 startCs = (elapsedMs + 5) / 10;
        elapsedMs += m_delaysMs[f];
        const qint64 endCs = (elapsedMs + 5) / 10;
        GraphicsControlBlock control;
        control.DisposalMode = DISPOSE_DO_NOT;
        control.UserInputFlag = false;
        control.DelayTime = int(std::clamp<qint64>(endCs - startCs, 0, 65535));
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const size_t extensionLength = EGifGCBToExtension(&control, extension);
        if (EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, int(extensionLength), extension) == GIF_ERROR)
            return fail(gif->Error);
        const int w = right - left + 1;
        const int h = bottom - top + 1;
        if (EGifPutImageDesc(gif, left, top, w, h, false, nullptr) == GIF_ERROR)
            return fail(gif->Error);
        for (int y = top; y <= bottom; ++y) {
            if (EGifPutLine(gif, indices.data() + std::size_t(y) * width + left, w) == GIF_ERROR)
                return fail(gif->Error);
        }
        previous.swap(indices);
        if (indices.empty())
            indices.resize(std::size_t(width) * height);
        if (!reportEncoded(m_inputFrames[f])) {
            int closeError = 0;
            EGifCloseFile(gif, &closeError);
            return false;
        }
    }
    if (EGifCloseFile(gif, &error) == GIF_ERROR) {
        if (!sinkFailed())
            setError(gifError(error));
        return false;
    }
    return true;
}

} // namespace attnlens
