#include "framespill.h"

#include <QCoreApplication>
#include <QDir>
#include <QtEndian>

#include <zlib.h>

namespace attnlens {

namespace {

/// A stored frame: its rectangle and the length of the deflated pixels that follow.
struct RecordHeader {
    qint32 x = 0, y = 0, width = 0, height = 0;
    quint64 compressedBytes = 0;
};
constexpr qint64 kHeaderBytes = 4 * 4 + 8;

QByteArray encodeHeader(const RecordHeader &h)
{
    QByteArray out(kHeaderBytes, Qt::Uninitialized);
    char *p = out.data();
    qToLittleEndian(h.x, p);
    qToLittleEndian(h.y, p + 4);
    qToLittleEndian(h.width, p + 8);
    qToLittleEndian(h.height, p + 12);
    qToLittleEndian(h.compressedBytes, p + 16);
    return out;
}

RecordHeader decodeHeader(const QByteArray &in)
{
    const char *p = in.constData();
    RecordHeader h;
    h.x = qFromLittleEndian<qint32>(p);
    h.y = qFromLittleEndian<qint32>(p + 4);
    h.width = qFromLittleEndian<qint32>(p + 8);
    h.height = qFromLittleEndian<qint32>(p + 12);
    h.compressedBytes = qFromLittleEndian<quint64>(p + 16);
    return h;
}

} // namespace

FrameSpill::FrameSpill()
    : m_file(QDir(QDir::tempPath()).filePath(QStringLiteral("attnlens-frames-XXXXXX")))
{
}

FrameSpill::~FrameSpill() = default;

bool FrameSpill::fail(const QString &why)
{
    m_error = QCoreApplication::translate("attnlens::Animation",
                                          "The frames could not be kept in a temporary file in %1: %2")
                  .arg(QDir::toNativeSeparators(QDir::tempPath()), why);
    return false;
}

qint64 FrameSpill::bytes() const
{
    return m_file.isOpen() ? m_file.size() : 0;
}

bool FrameSpill::append(const QImage &frame, const QRect &rect)
{
    if (!m_file.isOpen() && !m_file.open())
        return fail(m_file.errorString());
    // Deflated a row at a time: only the compressed rectangle is ever held.
    z_stream stream{};
    if (deflateInit(&stream, Z_BEST_SPEED) != Z_OK)
        return fail(QStringLiteral("zlib"));
    QByteArray compressed;
    QByteArray buffer(1 << 16, Qt::Uninitialized);
    const uInt rowBytes = uInt(rect.width()) * 4;
    for (int y = rect.top(); y <= rect.bottom() + 1; ++y) {
        const bool last = y > rect.bottom();
        stream.next_in = last ? nullptr : const_cast<Bytef *>(frame.constScanLine(y) + std::size_t(rect.x()) * 4);
        stream.avail_in = last ? 0 : rowBytes;
        do {
            stream.next_out = reinterpret_cast<Bytef *>(buffer.data());
            stream.avail_out = uInt(buffer.size());
            deflate(&stream, last ? Z_FINISH : Z_NO_FLUSH);
            compressed.append(buffer.constData(), buffer.size() - qsizetype(stream.avail_out));
        } while (stream.avail_out == 0);
    }
    deflateEnd(&stream);
    RecordHeader header;
    header.x = rect.x();
    header.y = rect.y();
    header.width = rect.width();
    header.height = rect.height();
    header.compressedBytes = quint64(compressed.size());
    if (m_file.write(encodeHeader(header)) != kHeaderBytes || m_file.write(compressed) != compressed.size())
        return fail(m_file.errorString());
    ++m_frames;
    return true;
}

bool FrameSpill::rewind()
{
    if (!m_file.isOpen())
        return fail(QCoreApplication::translate("attnlens::Animation", "no frame was stored"));
    if (!m_file.flush() || !m_file.seek(0))
        return fail(m_file.errorString());
    return true;
}

bool FrameSpill::readNext(QImage &canvas)
{
    const QByteArray headerBytes = m_file.read(kHeaderBytes);
    if (headerBytes.size() != kHeaderBytes)
        return fail(m_file.errorString());
    const RecordHeader header = decodeHeader(headerBytes);
    const QRect rect(header.x, header.y, header.width, header.height);
    if (!canvas.rect().contains(rect) || header.compressedBytes > quint64(m_file.size()))
        return fail(QStringLiteral("damaged"));
    const QByteArray compressed = m_file.read(qint64(header.compressedBytes));
    if (quint64(compressed.size()) != header.compressedBytes)
        return fail(m_file.errorString());
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        return fail(QStringLiteral("zlib"));
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(compressed.constData()));
    stream.avail_in = uInt(compressed.size());
    bool ok = true;
    for (int y = rect.top(); y <= rect.bottom() && ok; ++y) {
        stream.next_out = canvas.scanLine(y) + std::size_t(rect.x()) * 4;
        stream.avail_out = uInt(rect.width()) * 4;
        while (stream.avail_out > 0) {
            const int status = inflate(&stream, Z_NO_FLUSH);
            if (status != Z_OK && !(status == Z_STREAM_END && stream.avail_out == 0)) {
                ok = false;
                break;
            }
        }
    }
    inflateEnd(&stream);
    return ok || fail(QStringLiteral("damaged"));
}

} // namespace attnlens
