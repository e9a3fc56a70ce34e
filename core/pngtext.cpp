#include "pngtext.h"

#include <QString>

#include <algorithm>
#include <cstring>
#include <memory>

#include <zlib.h>

namespace attnlens {

namespace {

const char kSignature[] = "\x89PNG\r\n\x1a\n";
constexpr qsizetype kSignatureBytes = 8;
// The PNG specification caps a chunk at 2^31 - 1 bytes; a keyword has 1 to 79 characters.
constexpr quint32 kMaxChunkLength = 0x7fffffffU;
constexpr qsizetype kMaxKeywordBytes = 79;

quint32 bigEndian32(const char *p)
{
    const auto *u = reinterpret_cast<const unsigned char *>(p);
    return (quint32(u[0]) << 24) | (quint32(u[1]) << 16) | (quint32(u[2]) << 8) | quint32(u[3]);
}

// A chunk type is four ASCII letters; anything else in a damaged file is shown in hex.
QString chunkName(const QByteArray &type)
{
    for (const char c : type) {
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z')))
            return QStringLiteral("0x") + QString::fromLatin1(type.toHex());
    }
    return QString::fromLatin1(type);
}

Error damaged(const QString &source, const QString &problem)
{
    return Error{ErrorCategory::FileError,
                 QStringLiteral("%1: cannot be read as a PNG image: %2").arg(source, problem)};
}

QString mebibytes(qint64 bytes)
{
    // A limit a test sets below 1 MiB is still named, not rounded to 0.
    return bytes % (1024 * 1024) == 0 ? QString::number(bytes / (1024 * 1024))
                                      : QString::number(double(bytes) / (1024 * 1024), 'g', 3);
}

Error tooLarge(const QString &source, const QByteArray &type, qint64 maxBytes, bool compressed)
{
    return Error{ErrorCategory::InvalidScenario,
                 QStringLiteral("%1: the scenario text in its %2 chunk %3 more than %4 MiB, more "
                                "than the largest scenario file the app opens")
                     .arg(source, chunkName(type),
                          compressed ? QStringLiteral("inflates to") : QStringLiteral("holds"),
                          mebibytes(maxBytes))};
}

// Inflates a zlib stream, stopping as soon as the output passes maxBytes or `check` refuses a
// piece: a small chunk that inflates to gigabytes costs at most one step past the bound.
Result<QByteArray> inflateBounded(const char *data, qsizetype size, qint64 maxBytes,
                                  const QString &source, const QByteArray &type,
                                  const PngTextPieceCheck &check)
{
    z_stream stream{};
    if (inflateInit(&stream) != Z_OK)
        return damaged(source, QStringLiteral("the text cannot be decompressed"));
    stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
    stream.avail_in = static_cast<uInt>(size);
    QByteArray out;
    constexpr qsizetype kStep = 1 << 20;
    int status = Z_OK;
    while (status != Z_STREAM_END) {
        if (out.size() > maxBytes) {
            inflateEnd(&stream);
            return tooLarge(source, type, maxBytes, true);
        }
        const qsizetype before = out.size();
        out.resize(before + std::min<qint64>(kStep, maxBytes - before + 1));
        stream.next_out = reinterpret_cast<Bytef *>(out.data() + before);
        stream.avail_out = static_cast<uInt>(out.size() - before);
        status = inflate(&stream, Z_NO_FLUSH);
        out.resize(out.size() - stream.avail_out);
        if (status != Z_OK && status != Z_STREAM_END) {
            inflateEnd(&stream);
            return damaged(source, QStringLiteral("the compressed text is damaged"));
        }
        if (check) {
            if (const auto refusal = check(out.constData() + before, out.size() - before)) {
                inflateEnd(&stream);
                return Error{ErrorCategory::InvalidScenario,
                             QStringLiteral("%1: the scenario text in its %2 chunk %3, so it is "
                                            "not a scenario the app wrote")
                                 .arg(source, chunkName(type), *refusal)};
            }
        }
        if (status == Z_OK && stream.avail_in == 0 && stream.avail_out != 0) {
            inflateEnd(&stream);
            return damaged(source, QStringLiteral("the compressed text is cut off"));
        }
    }
    inflateEnd(&stream);
    if (out.size() > maxBytes)
        return tooLarge(source, type, maxBytes, true);
    return out;
}

} // namespace

bool hasPngSignature(const QByteArray &bytes)
{
    return bytes.size() >= kSignatureBytes
        && std::memcmp(bytes.constData(), kSignature, kSignatureBytes) == 0;
}

Result<std::optional<QByteArray>> findPngText(const QByteArray &png, const char *keyword,
                                              qint64 maxTextBytes, const QString &source,
                                              const PngTextPieceCheck &check)
{
    if (!hasPngSignature(png))
        return damaged(source, QStringLiteral("it does not start with the PNG signature"));
    const qsizetype wantedLength = qsizetype(std::strlen(keyword));
    qsizetype pos = kSignatureBytes;
    while (true) {
        if (png.size() - pos < 12)
            return damaged(source, QStringLiteral("the file is cut off before its end chunk"));
        const char *header = png.constData() + pos;
        const quint32 length = bigEndian32(header);
        const QByteArray type(header + 4, 4);
        // The declared length is checked before anything is read or allocated: a forged
        // length costs nothing.
        if (length > kMaxChunkLength || qint64(length) > png.size() - pos - 12) {
            return damaged(source, QStringLiteral("chunk \"%1\" declares %2 bytes, but only %3 "
                                                  "bytes follow it in the file")
                                       .arg(chunkName(type))
                                       .arg(length)
                                       .arg(png.size() - pos - 12));
        }
        const char *data = header + 8;
        if (type == "IEND")
            return std::optional<QByteArray>();
        const bool isText = type == "tEXt" || type == "zTXt" || type == "iTXt";
        const qsizetype keywordEnd = isText
            ? qsizetype(std::find(data, data + std::min<qsizetype>(length, kMaxKeywordBytes + 1),
                                  '\0') - data)
            : -1;
        // The keyword must end in a NUL inside the chunk, or the text would start past its end.
        if (isText && keywordEnd == wantedLength && keywordEnd < qsizetype(length)
            && std::memcmp(data, keyword, size_t(wantedLength)) == 0) {
            const uLong crc = crc32(crc32(0L, Z_NULL, 0),
                                    reinterpret_cast<const Bytef *>(header + 4), uInt(length + 4));
            if (crc != bigEndian32(data + length))
                return damaged(source, QStringLiteral("the \"%1\" chunk fails its checksum")
                                           .arg(QLatin1String(keyword)));
            const char *text = data + keywordEnd + 1;
            const char *end = data + length;
            if (type == "tEXt") {
                if (end - text > maxTextBytes)
                    return tooLarge(source, type, maxTextBytes, false);
                return std::optional<QByteArray>(QByteArray(text, end - text));
            }
            bool compressed = type == "zTXt";
            if (type == "iTXt") {
                // compression flag, method, language tag\0, translated keyword\0, text
                if (end - text < 2)
                    return damaged(source, QStringLiteral("the \"%1\" chunk is cut off")
                                               .arg(QLatin1String(keyword)));
                compressed = text[0] != 0;
                text += 2;
                for (int field = 0; field < 2; ++field) {
                    text = std::find(text, end, '\0');
                    if (text == end)
                        return damaged(source, QStringLiteral("the \"%1\" chunk is cut off")
                                                   .arg(QLatin1String(keyword)));
                    ++text;
                }
            } else {
                ++text;  // zTXt: the compression method byte
                if (text > end)
                    return damaged(source, QStringLiteral("the \"%1\" chunk is cut off")
                                               .arg(QLatin1String(keyword)));
            }
            if (!compressed) {
                if (end - text > maxTextBytes)
                    return tooLarge(source, type, maxTextBytes, false);
                return std::optional<QByteArray>(QByteArray(text, end - text));
            }
            Result<QByteArray> inflated =
                inflateBounded(text, end - text, maxTextBytes, source, type, check);
            if (!inflated)
                return inflated.error();
            return std::optional<QByteArray>(std::move(inflated).value());
        }
        pos += 12 + qsizetype(length);
    }
}

PngTextPieceCheck scenarioTextCheck()
{
    // The state runs across pieces: a run of one byte may span two of them.
    struct State {
        qint64 offset = 0;     // bytes seen before this piece
        qint64 runStart = 0;   // where the current run of one byte began
        int runByte = -1;
    };
    auto state = std::make_shared<State>();
    return [state](const char *data, qsizetype size) -> std::optional<QString> {
        for (qsizetype i = 0; i < size; ++i) {
            const auto byte = static_cast<unsigned char>(data[i]);
            const qint64 at = state->offset + i;
            if (byte < 0x20 && byte != '\t' && byte != '\n' && byte != '\r') {
                return QStringLiteral("holds the control byte 0x%1 at byte %2, which JSON never "
                                      "holds outside a text and escapes inside one")
                    .arg(QString::number(byte, 16).rightJustified(2, QLatin1Char('0')))
                    .arg(at + 1);
            }
            if (byte != state->runByte) {
                state->runByte = byte;
                state->runStart = at;
            } else if (at - state->runStart + 1 > kMaxScenarioByteRun) {
                return QStringLiteral("repeats the byte '%1' more than %2 times from byte %3, "
                                      "longer than any run the scenario writer makes")
                    .arg(QChar(byte))
                    .arg(kMaxScenarioByteRun)
                    .arg(state->runStart + 1);
            }
        }
        state->offset += size;
        return std::nullopt;
    };
}

namespace {

/// `chunk` holds an iTXt chunk's data of `length` bytes from offset 8: sized to the chunk and given
/// its length, type and CRC. Empty when the data is longer than a PNG chunk may be.
QByteArray framedITxtChunk(QByteArray &chunk, quint64 length)
{
    if (length > kMaxChunkLength)
        return QByteArray();
    chunk.resize(8 + qsizetype(length) + 4);
    const auto putBigEndian = [](char *p, quint32 value) {
        for (int i = 0; i < 4; ++i)
            p[i] = char((value >> (24 - 8 * i)) & 0xff);
    };
    putBigEndian(chunk.data(), quint32(length));
    std::memcpy(chunk.data() + 4, "iTXt", 4);
    const uLong crc = crc32(crc32(0L, Z_NULL, 0), reinterpret_cast<const Bytef *>(chunk.constData() + 4),
                            uInt(length + 4));
    putBigEndian(chunk.data() + 8 + length, quint32(crc));
    return chunk;
}

} // namespace

QByteArray pngTextChunk(const char *keyword, const QByteArray &text)
{
    const qsizetype keywordBytes = qsizetype(std::strlen(keyword));
    uLongf packedBytes = compressBound(uLong(text.size()));
    // keyword\0, compressed, method 0, no language tag\0, no translated keyword\0, the text
    const qsizetype header = keywordBytes + 5;
    QByteArray chunk(8 + header + qsizetype(packedBytes) + 4, Qt::Uninitialized);
    char *data = chunk.data() + 8;
    std::memcpy(data, keyword, size_t(keywordBytes));
    std::memcpy(data + keywordBytes, "\0\1\0\0\0", 5);
    if (compress2(reinterpret_cast<Bytef *>(data + header), &packedBytes,
                  reinterpret_cast<const Bytef *>(text.constData()), uLong(text.size()),
                  Z_BEST_SPEED)
        != Z_OK)
        return QByteArray();
    return framedITxtChunk(chunk, quint64(header) + packedBytes);
}

std::optional<QByteArray> pngTextChunkWithin(const char *keyword, const ByteProducer &produce,
                                             qint64 maxPackedBytes)
{
    const qsizetype keywordBytes = qsizetype(std::strlen(keyword));
    const qsizetype header = keywordBytes + 5;
    const qsizetype start = 8 + header;
    z_stream stream{};
    if (deflateInit(&stream, Z_BEST_SPEED) != Z_OK)
        return QByteArray();
    QByteArray chunk;
    chunk.resize(start + (qsizetype(1) << 16));
    bool overLimit = false;
    bool failed = false;
    // Deflates `size` bytes (none with Z_FINISH), growing the chunk as the output needs.
    const auto pack = [&](const char *data, qint64 size, int flush) {
        stream.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(data));
        stream.avail_in = uInt(size);
        while (true) {
            if (stream.total_out + start + 4 >= uLong(chunk.size()))
                chunk.resize(chunk.size() * 2);
            const qsizetype at = start + qsizetype(stream.total_out);
            stream.next_out = reinterpret_cast<Bytef *>(chunk.data() + at);
            stream.avail_out = uInt(chunk.size() - 4 - at);
            const int status = deflate(&stream, flush);
            if (qint64(stream.total_out) > maxPackedBytes) {
                overLimit = true;
                return false;
            }
            if (status == Z_STREAM_END)
                return true;
            if (status != Z_OK && status != Z_BUF_ERROR) {
                failed = true;
                return false;
            }
            if (flush == Z_NO_FLUSH && stream.avail_in == 0)
                return true;
        }
    };
    const bool produced = produce([&](const char *data, qint64 size) {
        // One piece is at most a writer's buffer (a mebibyte or so): it fits in a uInt.
        return pack(data, size, Z_NO_FLUSH);
    });
    const bool finished = produced && pack(nullptr, 0, Z_FINISH);
    const quint64 packedBytes = stream.total_out;
    deflateEnd(&stream);
    if (overLimit)
        return std::nullopt;
    if (failed || !finished)
        return QByteArray();
    if (quint64(header) + packedBytes > kMaxChunkLength)
        return QByteArray();
    char *data = chunk.data() + 8;
    std::memcpy(data, keyword, size_t(keywordBytes));
    // keyword\0, compressed, method 0, no language tag\0, no translated keyword\0, the text
    std::memcpy(data + keywordBytes, "\0\1\0\0\0", 5);
    return framedITxtChunk(chunk, quint64(header) + packedBytes);
}

QByteArray withPngChunk(const QByteArray &png, const QByteArray &chunk)
{
    // Before the image data, where readers that look only at a PNG's header (QImageReader::text())
    // find text chunks, as Qt writes them.
    if (chunk.isEmpty() || !hasPngSignature(png))
        return QByteArray();
    qsizetype pos = kSignatureBytes;
    while (png.size() - pos >= 12) {
        const quint32 length = bigEndian32(png.constData() + pos);
        if (length > kMaxChunkLength || qint64(length) > png.size() - pos - 12)
            return QByteArray();
        if (std::memcmp(png.constData() + pos + 4, "IDAT", 4) == 0) {
            QByteArray result;
            result.reserve(png.size() + chunk.size());
            result.append(png.constData(), pos);
            result.append(chunk);
            result.append(png.constData() + pos, png.size() - pos);
            return result;
        }
        pos += 12 + qsizetype(length);
    }
    return QByteArray();
}

QByteArray withPngText(const QByteArray &png, const char *keyword, const QByteArray &text)
{
    return withPngChunk(png, pngTextChunk(keyword, text));
}

} // namespace attnlens
