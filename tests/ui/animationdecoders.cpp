#include "animationdecoders.h"

#include <QFile>
#include <QtEndian>

#include <gif_lib.h>
#include <webp/demux.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace attnlens::test {

/// Reads every frame of a GIF with giflib, drawing each sub-image over the one before
/// (disposal "do not dispose", as our writer uses).
Decoded decodeGif(const QString &path)
{
    Decoded decoded;
    int error = 0;
    GifFileType *gif = DGifOpenFileName(QFile::encodeName(path).constData(), &error);
    if (!gif) {
        ADD_FAILURE() << "giflib cannot open " << path.toStdString() << ": " << GifErrorString(error);
        return decoded;
    }
    if (DGifSlurp(gif) != GIF_OK) {
        ADD_FAILURE() << "giflib cannot read " << path.toStdString() << ": " << GifErrorString(gif->Error);
        DGifCloseFile(gif, &error);
        return decoded;
    }
    decoded.canvas = QSize(gif->SWidth, gif->SHeight);
    QImage canvas(decoded.canvas, QImage::Format_RGB32);
    canvas.fill(Qt::black);
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage &image = gif->SavedImages[i];
        const ColorMapObject *map = image.ImageDesc.ColorMap ? image.ImageDesc.ColorMap : gif->SColorMap;
        const GifImageDesc &d = image.ImageDesc;
        for (int y = 0; y < d.Height; ++y) {
            for (int x = 0; x < d.Width; ++x) {
                const GifColorType c = map->Colors[image.RasterBits[y * d.Width + x]];
                canvas.setPixel(d.Left + x, d.Top + y, qRgb(c.Red, c.Green, c.Blue));
            }
        }
        GraphicsControlBlock control;
        decoded.delaysCs.append(DGifSavedExtensionToGCB(gif, i, &control) == GIF_OK ? control.DelayTime : -1);
        decoded.frames.append(canvas.copy());
    }
    DGifCloseFile(gif, &error);
    return decoded;
}

Decoded decodeWebP(const QString &path)
{
    Decoded decoded;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read " << path.toStdString();
        return decoded;
    }
    const QByteArray bytes = file.readAll();
    WebPData data{reinterpret_cast<const uint8_t *>(bytes.constData()), size_t(bytes.size())};
    WebPAnimDecoderOptions options;
    WebPAnimDecoderOptionsInit(&options);
    options.color_mode = MODE_BGRA;  // QImage::Format_ARGB32 in memory on little-endian
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
    if (!decoder) {
        ADD_FAILURE() << "libwebp cannot read " << path.toStdString();
        return decoded;
    }
    WebPAnimInfo info;
    WebPAnimDecoderGetInfo(decoder, &info);
    decoded.canvas = QSize(int(info.canvas_width), int(info.canvas_height));
    int previous = 0;
    while (WebPAnimDecoderHasMoreFrames(decoder)) {
        uint8_t *pixels = nullptr;
        int timestamp = 0;
        if (!WebPAnimDecoderGetNext(decoder, &pixels, &timestamp))
            break;
        QImage frame(pixels, decoded.canvas.width(), decoded.canvas.height(), QImage::Format_ARGB32);
        decoded.frames.append(frame.copy());
        decoded.delaysCs.append((timestamp - previous) / 10);
        previous = timestamp;
    }
    WebPAnimDecoderDelete(decoder);
    return decoded;
}

QList<Chunk> pngChunks(const QByteArray &png)
{
    QList<Chunk> chunks;
    qsizetype at = 8;
    while (at + 12 <= png.size()) {
        const quint32 length = qFromBigEndian<quint32>(png.constData() + at);
        chunks.append(Chunk{png.mid(at + 4, 4), png.mid(at + 8, length)});
        at += 12 + length;
    }
    return chunks;
}

QByteArray chunkBytes(const QByteArray &type, const QByteArray &data)
{
    QByteArray out(4, '\0');
    qToBigEndian(quint32(data.size()), out.data());
    out += type + data;
    // Qt's PNG reader checks CRCs: compute them as the PNG specification does.
    quint32 crc = 0xffffffffu;
    const QByteArray body = type + data;
    for (char ch : body) {
        crc ^= quint8(ch);
        for (int k = 0; k < 8; ++k)
            crc = (crc >> 1) ^ (0xedb88320u & (0u - (crc & 1u)));
    }
    QByteArray tail(4, '\0');
    qToBigEndian(crc ^ 0xffffffffu, tail.data());
    return out + tail;
}

/// The APNG's frames: each rebuilt as a plain PNG (IHDR with the fcTL's size + its IDAT or fdAT
/// data), decoded by Qt and drawn at the fcTL's offset over the frame before; the number of
/// frames acTL announces.
Decoded decodeApng(const QString &path, int *announced)
{
    Decoded decoded;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read " << path.toStdString();
        return decoded;
    }
    const QByteArray bytes = file.readAll();
    EXPECT_TRUE(bytes.startsWith("\x89PNG\r\n\x1a\n"));
    QByteArray header;
    QList<QByteArray> frameData;
    QList<QRect> frameRects;
    quint32 expectedSequence = 0;
    for (const Chunk &chunk : pngChunks(bytes)) {
        if (chunk.type == "IHDR")
            header = chunk.data;
        else if (chunk.type == "acTL")
            *announced = int(qFromBigEndian<quint32>(chunk.data.constData()));
        else if (chunk.type == "fcTL") {
            EXPECT_EQ(qFromBigEndian<quint32>(chunk.data.constData()), expectedSequence++);
            frameData.append(QByteArray());
            const char *d = chunk.data.constData();
            frameRects.append(QRect(int(qFromBigEndian<quint32>(d + 12)), int(qFromBigEndian<quint32>(d + 16)),
                                    int(qFromBigEndian<quint32>(d + 4)), int(qFromBigEndian<quint32>(d + 8))));
            EXPECT_EQ(chunk.data.at(24), 0) << "dispose none";
            EXPECT_EQ(chunk.data.at(25), 0) << "blend source";
            const int num = qFromBigEndian<quint16>(chunk.data.constData() + 20);
            const int den = qFromBigEndian<quint16>(chunk.data.constData() + 22);
            decoded.delaysCs.append(num * 100 / std::max(1, den));
        } else if (chunk.type == "IDAT" && !frameData.isEmpty())
            frameData.last() += chunk.data;
        else if (chunk.type == "fdAT") {
            EXPECT_EQ(qFromBigEndian<quint32>(chunk.data.constData()), expectedSequence++);
            frameData.last() += chunk.data.mid(4);
        }
    }
    QImage canvas;
    for (int i = 0; i < frameData.size(); ++i) {
        QByteArray sized = header;
        qToBigEndian(quint32(frameRects[i].width()), sized.data());
        qToBigEndian(quint32(frameRects[i].height()), sized.data() + 4);
        const QByteArray png = QByteArray("\x89PNG\r\n\x1a\n", 8) + chunkBytes("IHDR", sized)
            + chunkBytes("IDAT", frameData[i]) + chunkBytes("IEND", QByteArray());
        const QImage part = QImage::fromData(png, "PNG").convertToFormat(QImage::Format_ARGB32);
        EXPECT_EQ(part.size(), frameRects[i].size());
        if (i == 0) {
            EXPECT_EQ(frameRects[0].topLeft(), QPoint(0, 0));
            canvas = part;
        } else {
            for (int y = 0; y < part.height(); ++y) {
                for (int x = 0; x < part.width(); ++x)
                    canvas.setPixel(frameRects[i].x() + x, frameRects[i].y() + y, part.pixel(x, y));
            }
        }
        decoded.frames.append(canvas.copy());
    }
    decoded.canvas = canvas.size();
    return decoded;
}

ColourError colourError(const QImage &a, const QImage &b, const QRect &area)
{
    ColourError e;
    if (a.size() != b.size()) {
        ADD_FAILURE() << "sizes differ";
        e.max = 255;
        return e;
    }
    const QImage x = a.convertToFormat(QImage::Format_RGB32);
    const QImage y = b.convertToFormat(QImage::Format_RGB32);
    const QRect r = area.isNull() ? x.rect() : area.intersected(x.rect());
    double sum = 0.0;
    for (int row = r.top(); row <= r.bottom(); ++row) {
        const QRgb *p = reinterpret_cast<const QRgb *>(x.constScanLine(row));
        const QRgb *q = reinterpret_cast<const QRgb *>(y.constScanLine(row));
        for (int col = r.left(); col <= r.right(); ++col) {
            const int d[3] = {std::abs(qRed(p[col]) - qRed(q[col])), std::abs(qGreen(p[col]) - qGreen(q[col])),
                              std::abs(qBlue(p[col]) - qBlue(q[col]))};
            sum += d[0] + d[1] + d[2];
            e.max = std::max({e.max, d[0], d[1], d[2]});
        }
    }
    e.mean = sum / (3.0 * r.width() * r.height());
    return e;
}

bool samePixels(const QImage &a, const QImage &b)
{
    return a.convertToFormat(QImage::Format_ARGB32) == b.convertToFormat(QImage::Format_ARGB32);
}

} // namespace attnlens::test
