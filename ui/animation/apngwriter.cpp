#include "apngwriter.h"

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
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

QString tempFailure(const QString &why)
{
    return QCoreApplication::translate("attnlens::Animation",
                                       "The frames could not be kept in a temporary file in %1: %2")
        .arg(QDir::toNativeSeparators(QDir::tempPath()), why);
}

} // namespace

ApngWriter::ApngWriter(const ByteSink &sink)
    : AnimationWriter(sink)
    , m_body(QDir(QDir::tempPath()).filePath(QStringLiteral("attnlens-apng-XXXXXX")))
{
}

ApngWriter::~ApngWriter() = default;

bool ApngWriter::addFrame(const QImage &frame, int delayMs)
{
    if (const auto problem = frameProblem(frame, m_last.isNull() ? QSize() : m_last.size())) {
        setError(*problem);
        return false;
    }
    countAdded();
    delayMs = std::max(0, delayMs);
    if (m_format == QImage::Format_Invalid)
        m_format = frame.hasAlphaChannel() ? QImage::Format_ARGB32 : QImage::Format_RGB32;
    QImage whole = frame.convertToFormat(m_format);
    QRect rect = whole.rect();
    if (!m_last.isNull()) {
        // After the first frame, only the rectangle that changed (32-bit pixels on both sides).
        rect = AnimationWriter::differingRect(whole, m_last);
        if (rect.isEmpty()) {
            m_pendingDelayMs += delayMs;
            ++m_pendingInputs;
            return true;
        }
        if (!flushPending())
            return false;
    }
    m_pendingDelayMs = delayMs;
    return encode(whole, rect);
}

bool ApngWriter::encode(const QImage &whole, const QRect &rect)
{
    const bool first = m_last.isNull();
    QImage image = first ? whole : whole.copy(rect);
    if (!first) {
        // Only the first frame's text goes into the file.
        for (const QString &key : image.textKeys())
            image.setText(key, QString());
    }
    QByteArray png;
    {
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        QImageWriter writer(&buffer, "png");
        if (!writer.write(image)) {
            setError(QCoreApplication::translate("attnlens::Animation", "The PNG encoder failed: %1").arg(writer.errorString()));
            return false;
        }
    }
    image = QImage();
    const QList<Chunk> chunks = chunksOf(png);
    png.clear();
    if (chunks.isEmpty() || chunks.constFirst().type != "IHDR") {
        setError(QCoreApplication::translate("attnlens::Animation", "The PNG encoder wrote no PNG."));
        return false;
    }
    if (first) {
        m_header = chunks.constFirst().data;
        // Every frame's IHDR must agree with this one but for the size.
        m_headerTail = m_header.mid(8);
    } else if (chunks.constFirst().data.mid(8) != m_headerTail) {
        setError(QCoreApplication::translate("attnlens::Animation", "The PNG encoder wrote frames of different kinds."));
        return false;
    }
    m_pendingData.clear();
    bool imageData = false;
    for (const Chunk &chunk : chunks) {
        if (chunk.type == "IHDR" || chunk.type == "IEND")
            continue;
        if (chunk.type == "IDAT") {
            imageData = true;
            appendChunk(m_pendingData, "IDAT", chunk.data);
        } else if (first && !imageData) {
            // The first frame's palette, resolution and text, before its image data.
            appendChunk(m_pendingData, chunk.type, chunk.data);
        }
    }
    m_pendingRect = rect;
    m_pendingInputs = 1;
    m_hasPending = true;
    // The text (a figure's scenario) is not needed to compare the next frame.
    m_last = whole;
    for (const QString &key : m_last.textKeys())
        m_last.setText(key, QString());
    return true;
}

bool ApngWriter::flushPending()
{
    if (!m_hasPending)
        return true;
    if (!m_body.isOpen() && !m_body.open()) {
        setError(tempFailure(m_body.errorString()));
        return false;
    }
    // The pending chunks, with the fcTL (which needs the delay) before the image data, and the
    // image data of every frame after the first renamed fdAT with its sequence number.
    QByteArray out;
    bool controlWritten = false;
    const bool first = m_frames == 0;
    qsizetype at = 0;
    while (at + 12 <= m_pendingData.size()) {
        const quint32 length = qFromBigEndian<quint32>(m_pendingData.constData() + at);
        const QByteArray type = m_pendingData.mid(at + 4, 4);
        if (type == "IDAT") {
            if (!controlWritten) {
                appendChunk(out, "fcTL", frameControl(m_sequence++, m_pendingRect, m_pendingDelayMs));
                controlWritten = true;
            }
            if (first) {
                out.append(m_pendingData.constData() + at, 12 + qsizetype(length));
            } else {
                QByteArray data;
                appendUint32(data, m_sequence++);
                data.append(m_pendingData.constData() + at + 8, length);
                appendChunk(out, "fdAT", data);
            }
        } else {
            out.append(m_pendingData.constData() + at, 12 + qsizetype(length));
        }
        at += 12 + qsizetype(length);
        // Write as it goes: a large frame's chunks are not copied whole once more.
        if (out.size() >= (1 << 20)) {
            if (m_body.write(out) != out.size()) {
                setError(tempFailure(m_body.errorString()));
                return false;
            }
            out.clear();
        }
    }
    if (m_body.write(out) != out.size()) {
        setError(tempFailure(m_body.errorString()));
        return false;
    }
    m_pendingData.clear();
    m_hasPending = false;
    ++m_frames;
    return reportEncoded(m_pendingInputs);
}

bool ApngWriter::finish()
{
    if (m_last.isNull()) {
        if (errorString().isEmpty())
            setError(QCoreApplication::translate("attnlens::Animation", "The animation has no frames."));
        return false;
    }
    m_last = QImage();
    if (!flushPending())
        return false;
    QByteArray head = kSignature;
    appendChunk(head, "IHDR", m_header);
    QByteArray control;
    appendUint32(control, quint32(m_frames));
    appendUint32(control, 0);  // plays forever
    appendChunk(head, "acTL", control);
    if (!write(head))
        return false;
    if (!m_body.flush() || !m_body.seek(0)) {
        setError(tempFailure(m_body.errorString()));
        return false;
    }
    QByteArray block;
    while (!(block = m_body.read(1 << 20)).isEmpty()) {
        if (!write(block))
            return false;
    }
    if (m_body.pos() != m_body.size()) {
        setError(tempFailure(m_body.errorString()));
        return false;
    }
    QByteArray end;
    appendChunk(end, "IEND", QByteArray());
    return write(end);
}

} // namespace attnlens
