#pragma once
// Independent readers of the animated files the app writes, for the tests: giflib's DGifSlurp for
// GIF, libwebp's animation decoder for WebP, the APNG chunks by hand; and the colour error between
// two images.

#include <QByteArray>
#include <QImage>
#include <QList>
#include <QRect>
#include <QSize>
#include <QString>

namespace attnlens::test {

struct Decoded {
    QList<QImage> frames;  // whole canvas after each frame
    QList<int> delaysCs;
    QSize canvas;
};

/// Reads every frame of a GIF with giflib, drawing each sub-image over the one before
/// (disposal "do not dispose", as our writer uses).
Decoded decodeGif(const QString &path);
/// Reads every frame of an animated WebP with libwebp's animation decoder.
Decoded decodeWebP(const QString &path);
/// Reads an APNG's frames by hand from its chunks; `announced` gets the frame count of its acTL.
Decoded decodeApng(const QString &path, int *announced);

struct Chunk {
    QByteArray type;
    QByteArray data;
};
/// A PNG's chunks in file order.
QList<Chunk> pngChunks(const QByteArray &png);
/// One chunk as a PNG file holds it: length, type, data and CRC.
QByteArray chunkBytes(const QByteArray &type, const QByteArray &data);

struct ColourError {
    double mean = 0.0;
    int max = 0;
};
/// The mean and largest channel difference (0-255) of two images of one size within `area`.
ColourError colourError(const QImage &a, const QImage &b, const QRect &area = QRect());
bool samePixels(const QImage &a, const QImage &b);

} // namespace attnlens::test
