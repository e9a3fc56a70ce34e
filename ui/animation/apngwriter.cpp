#include "apngwriter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QImageWriter>
#include <QRect>
#include <QtEndian>

#include <zlib.h>

#include <algorithm>

namespace attnlens {

namespace {

const QByteArray kSignature("\x89PNG\r\n\x1a\n", 8);

struct Chunk {
    QByteArray type;
    QByteArray data;
};

/// The chunks of a PNG file, or an empty list when it is not one.
QList<Chunk> chunksOf(const QByteArray &png)
{
    QList<Chunk> chunks;
    if (!png.startsWith(kSignature))
        return chunks;
    qsizetype at = kSignature.size();
    while (at + 12 <= png.size()) {
        const quint32 length = qFromBigEndian<quint32>(png.constData() + at);
        if (at + 12 + qsizetype(length) > png.size())
            return {};
        chunks.append(Chunk{png.mid(at + 4, 4), png.mid(at + 8, length)});
        at += 12 + length;
    }
    return chunks;
}

void appendUint32(QByteArray &out, quint32 value)
{
    char bytes[4];
    qToBigEndian(value, bytes);
    out.append(bytes, 4);
}

void appendUint16(QByteArray &out, quint16 value)
{
    char bytes[2];
    qToBigEndian(value, bytes);
    out.append(bytes, 2);
}

void appendChunk(QByteArray &out, const QByteArray &type, const QByteArray &data)
{
    appendUint32(out, quint32(data.size()));
    const QByteArray body = type + data;
    out.append(body);
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(body.constData()), uInt(body.size()));
    appendUint32(out, quint32(crc));
}

/// An fcTL: `rect` of the canvas, shown for delayMs, replacing what was there (the rest of the
/// canvas keeps the frame before).
QByteArray frameControl(quint32 sequence, const QRect &rect, int delayMs)
{
    QByteArray data;
    appendUint32(data, sequence);
    appendUint32(data, quint32(rect.width()));
    appendUint32(data, quint32(rect.height()));
    appendUint32(data, quint32(rect.x()));
    appendUint32(data, quint32(rect.y()));
    // The delay is a fraction; milliseconds fit 16 bits up to a minute, hundredths beyond.
    if (delayMs <= 65535) {
        appendUint16(data, quint16(delayMs));
        appendUint16(data, 1000);
    } else {
        appendUint16(data, quint16(std::min(65535, (delayMs + 5) / 10)));
        appendUint16(data, 100);
    }
    data.append(char(0));  // APNG_DISPOSE_OP_NONE
    data.append(char(0));  // APNG_BLEND_OP_SOURCE
    return data;
}

/// The smallest rectangle holding every pixel where `a` and `b` differ (one pixel when none do).
QRect changedRect(const QImage &a, const QImage &b)
{
    int left = a.width(), top = a.height(), right = -1, bottom = -1;
    for (int y = 0; y < a.height(); ++y) {
        const QRgb *p = reinterpret_cast<const QRgb *>(a.constScanLine(y));
        const QRgb *q = reinterpret_cast<const QRgb *>(b.constScanLine(y));
        if (std::equal(p, p + a.width(), q))
            continue;
        top = std::min(top, y);
        bottom = y;
        int x0 = 0;
        while (p[x0] == q[x0])
            ++x0;
        int x1 = a.width() - 1;
        while (p[x1] == q[x1])
            --x1;
        left = std::min(left, x0);
        right = std::max(right, x1);
    }
    return right < 0 ? QRect(0, 0, 1, 1) : QRect(QPoint(left, top), QPoint(right, bottom));
}

} // namespace

ApngWriter::ApngWriter() = default;
ApngWriter::~ApngWriter() = default;

bool ApngWriter::addFrame(const QImage &frame, int delayMs)
{
    if (const auto problem = frameProblem(frame, m_frames.isEmpty() ? QSize() : m_frames.constFirst().size())) {
        m_error = *problem;
        return false;
    }
    delayMs = std::max(0, delayMs);
    if (!m_frames.isEmpty() && frame == m_frames.constLast()) {
        m_delaysMs.last() += delayMs;
        return true;
    }
    m_frames.append(frame);
    m_delaysMs.append(delayMs);
    return true;
}

QByteArray ApngWriter::finish()
{
    if (m_frames.isEmpty()) {
        if (m_error.isEmpty())
            m_error = QCoreApplication::translate("attnlens::Animation", "The animation has no frames.");
        return QByteArray();
    }
    // Every frame in the same pixel format, so one IHDR describes them all.
    const bool alpha = std::any_of(m_frames.cbegin(), m_frames.cend(), [](const QImage &f) { return f.hasAlphaChannel(); });
    const QImage::Format format = alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32;
    QByteArray output = kSignature;
    quint32 sequence = 0;
    QByteArray header;
    QImage previous;
    for (int f = 0; f < m_frames.size(); ++f) {
        const QImage whole = m_frames[f].convertToFormat(format);
        // After the first frame, only the rectangle that changed (32-bit pixels on both sides).
        const QRect rect = f == 0 ? whole.rect() : changedRect(whole, previous);
        QImage image = f == 0 ? whole : whole.copy(rect);
        previous = whole;
        if (f > 0) {
            // Only the first frame's text goes into the file.
            for (const QString &key : image.textKeys())
                image.setText(key, QString());
        }
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter writer(&buffer, "png");
        if (!writer.write(image)) {
            m_error = QCoreApplication::translate("attnlens::Animation", "The PNG encoder failed: %1")
                          .arg(writer.errorString());
            return QByteArray();
        }
        const QList<Chunk> chunks = chunksOf(png);
        if (chunks.isEmpty() || chunks.constFirst().type != "IHDR") {
            m_error = QCoreApplication::translate("attnlens::Animation", "The PNG encoder wrote no PNG.");
            return QByteArray();
        }
        if (f == 0) {
            header = chunks.constFirst().data;
            appendChunk(output, "IHDR", header);
            // Every frame's IHDR must agree with this one but for the size.
            header = header.mid(8);
            QByteArray control;
            appendUint32(control, quint32(m_frames.size()));
            appendUint32(control, 0);  // plays forever
            appendChunk(output, "acTL", control);
        } else if (chunks.constFirst().data.mid(8) != header) {
            m_error = QCoreApplication::translate("attnlens::Animation", "The PNG encoder wrote frames of different kinds.");
            return QByteArray();
        }
        bool controlWritten = false;
        for (const Chunk &chunk : chunks) {
            if (chunk.type == "IHDR" || chunk.type == "IEND")
                continue;
            if (chunk.type == "IDAT") {
                if (!controlWritten) {
                    appendChunk(output, "fcTL", frameControl(sequence++, rect, m_delaysMs[f]));
                    controlWritten = true;
                }
                if (f == 0) {
                    appendChunk(output, "IDAT", chunk.data);
                } else {
                    QByteArray data;
                    appendUint32(data, sequence++);
                    data.append(chunk.data);
                    appendChunk(output, "fdAT", data);
                }
            } else if (f == 0 && !controlWritten) {
                // The first frame's palette, resolution and text, before its image data.
                appendChunk(output, chunk.type, chunk.data);
            }
        }
        if (!reportEncoding(f + 1, int(m_frames.size()))) {
            m_error = QCoreApplication::translate("attnlens::AnimationExporter", "cancelled");
            return QByteArray();
        }
    }
    appendChunk(output, "IEND", QByteArray());
    m_frames.clear();
    return output;
}

} // namespace attnlens
