#include "npyarray.h"

#include <QtEndian>

#include <cmath>
#include <cstring>
#include <limits>

namespace attnlens {

namespace {

template <typename T>
T loadSwapped(const char *bytes, bool bigEndian)
{
    T value;
    std::memcpy(&value, bytes, sizeof(T));
    if (bigEndian != (QSysInfo::ByteOrder == QSysInfo::BigEndian))
        value = qbswap(value);
    return value;
}

// Every NaN becomes the one quiet NaN that a scenario file's "NaN" reads as, so a capture saved
// as JSON reads back bit for bit (the engine refuses NaN input whatever its bits).
inline double canonical(double x)
{
    return x != x ? std::numeric_limits<double>::quiet_NaN() : x;
}

template <typename Bits, typename Float>
void decodeFloats(const char *data, qint64 count, bool bigEndian, double *out)
{
    static_assert(sizeof(Bits) == sizeof(Float), "same width");
    const bool swap = bigEndian != (QSysInfo::ByteOrder == QSysInfo::BigEndian);
    if (!swap) {
        for (qint64 i = 0; i < count; ++i) {
            Float value;
            std::memcpy(&value, data + i * qint64(sizeof(Float)), sizeof(Float));
            out[i] = canonical(static_cast<double>(value));
        }
        return;
    }
    for (qint64 i = 0; i < count; ++i) {
        Bits bits;
        std::memcpy(&bits, data + i * qint64(sizeof(Bits)), sizeof(Bits));
        bits = qbswap(bits);
        Float value;
        std::memcpy(&value, &bits, sizeof(Float));
        out[i] = canonical(static_cast<double>(value));
    }
}

// Reorders a Fortran-order (first index fastest) buffer into C order (last index fastest).
QByteArray fortranToC(const QByteArray &data, const std::vector<qint64> &shape, int itemBytes)
{
    const int dims = int(shape.size());
    if (dims < 2 || itemBytes == 0)
        return data;
    QByteArray reordered(data.size(), Qt::Uninitialized);
    std::vector<qint64> fortranStride(size_t(dims), 1);
    for (int d = 1; d < dims; ++d)
        fortranStride[size_t(d)] = fortranStride[size_t(d - 1)] * shape[size_t(d - 1)];
    std::vector<qint64> index(size_t(dims), 0);
    const qint64 count = data.size() / itemBytes;
    const qint64 lastStride = fortranStride[size_t(dims - 1)];
    const qint64 lastSize = shape[size_t(dims - 1)];
    const char *from = data.constData();
    char *to = reordered.data();
    // Walk the C order; the innermost (last) index steps by the largest Fortran stride.
    for (qint64 c = 0; c < count; c += lastSize) {
        qint64 base = 0;
        for (int d = 0; d < dims - 1; ++d)
            base += index[size_t(d)] * fortranStride[size_t(d)];
        for (qint64 j = 0; j < lastSize; ++j)
            std::memcpy(to + (c + j) * itemBytes, from + (base + j * lastStride) * itemBytes, size_t(itemBytes));
        for (int d = dims - 2; d >= 0; --d) {
            if (++index[size_t(d)] < shape[size_t(d)])
                break;
            index[size_t(d)] = 0;
        }
    }
    return reordered;
}

} // namespace

double halfToDouble(quint16 bits)
{
    const bool negative = bits & 0x8000;
    const int exponent = (bits >> 10) & 0x1f;
    const int fraction = bits & 0x3ff;
    double magnitude;
    if (exponent == 0)
        magnitude = std::ldexp(double(fraction), -24);  // subnormal (or zero)
    else if (exponent == 31 && fraction != 0)
        return std::numeric_limits<double>::quiet_NaN();  // one NaN, whatever the sign and payload
    else if (exponent == 31)
        magnitude = std::numeric_limits<double>::infinity();
    else
        magnitude = std::ldexp(double(fraction | 0x400), exponent - 25);
    return negative ? -magnitude : magnitude;
}

Result<NpyArray> NpyArray::read(const QString &name, const NpyReadFunction &read, qint64 availableBytes,
                                const QString &source, qint64 maxDataBytes, const HeaderCheck &check)
{
    Result<NpyHeader> header = readNpyHeader(read, source, maxDataBytes);
    if (!header)
        return header.error();
    const NpyHeader &h = header.value();
    if (check) {
        if (auto error = check(h))
            return *error;
    }
    if (availableBytes >= 0) {
        const qint64 present = availableBytes - h.headerBytes;
        if (present != h.dataBytes) {
            return Error{present < h.dataBytes ? ErrorCategory::FileError : ErrorCategory::InvalidScenario,
                         QStringLiteral("%1: its header says shape %2 of %3, which is %4 bytes of data, "
                                        "but the file holds %5 bytes after the header: %6")
                             .arg(source, h.shapeText(), h.dtype.describe())
                             .arg(h.dataBytes)
                             .arg(present)
                             .arg(present < h.dataBytes ? QStringLiteral("the file is truncated or its "
                                                                         "header lies")
                                                        : QStringLiteral("its header lies"))};
        }
    }
    NpyArray array;
    array.m_name = name;
    array.m_header = h;
    array.m_data = QByteArray(qsizetype(h.dataBytes), Qt::Uninitialized);
    const qint64 got = h.dataBytes > 0 ? read(array.m_data.data(), h.dataBytes) : 0;
    if (got < 0)
        return Error{ErrorCategory::FileError, QStringLiteral("%1: the data cannot be read").arg(source)};
    if (got < h.dataBytes) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: the file is truncated: its header says shape %2 of %3 (%4 bytes), "
                                    "but only %5 bytes follow")
                         .arg(source, h.shapeText(), h.dtype.describe())
                         .arg(h.dataBytes)
                         .arg(got)};
    }
    if (availableBytes < 0) {
        char extra;
        if (read(&extra, 1) > 0) {
            return Error{ErrorCategory::InvalidScenario,
                         QStringLiteral("%1: more data follows the %2 bytes its header says (shape %3 of "
                                        "%4): its header lies")
                             .arg(source)
                             .arg(h.dataBytes)
                             .arg(h.shapeText(), h.dtype.describe())};
        }
    }
    if (h.fortranOrder)
        array.m_data = fortranToC(array.m_data, h.shape, h.dtype.itemBytes);
    return array;
}

void NpyArray::decodeDoubles(qint64 first, qint64 count, double *out) const
{
    const char *data = m_data.constData() + first * m_header.dtype.itemBytes;
    const bool big = m_header.dtype.bigEndian;
    switch (m_header.dtype.kind) {
    case NpyDtype::Kind::Float64:
        decodeFloats<quint64, double>(data, count, big, out);
        return;
    case NpyDtype::Kind::Float32:
        decodeFloats<quint32, float>(data, count, big, out);
        return;
    case NpyDtype::Kind::Float16:
        for (qint64 i = 0; i < count; ++i)
            out[i] = halfToDouble(loadSwapped<quint16>(data + 2 * i, big));
        return;
    case NpyDtype::Kind::Bool:
        for (qint64 i = 0; i < count; ++i)
            out[i] = data[i] != 0 ? 1.0 : 0.0;
        return;
    case NpyDtype::Kind::Unicode:
        break;
    }
    Q_ASSERT_X(false, "NpyArray::decodeDoubles", "not a number array");
}

void NpyArray::decodeBools(qint64 first, qint64 count, bool *out) const
{
    Q_ASSERT(m_header.dtype.kind == NpyDtype::Kind::Bool);
    const char *data = m_data.constData() + first;
    for (qint64 i = 0; i < count; ++i)
        out[i] = data[i] != 0;
}

Result<QStringList> NpyArray::decodeTexts(qint64 first, qint64 count, const QString &source) const
{
    Q_ASSERT(m_header.dtype.kind == NpyDtype::Kind::Unicode);
    const int width = m_header.dtype.itemBytes / 4;
    const bool big = m_header.dtype.bigEndian;
    QStringList texts;
    texts.reserve(int(count));
    std::vector<char32_t> characters(static_cast<size_t>(width));
    for (qint64 i = 0; i < count; ++i) {
        const char *item = m_data.constData() + (first + i) * m_header.dtype.itemBytes;
        int length = 0;
        for (int c = 0; c < width; ++c) {
            const quint32 code = loadSwapped<quint32>(item + 4 * c, big);
            if (code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) {
                return Error{ErrorCategory::InvalidScenario,
                             QStringLiteral("%1: text %2, character %3 is U+%4, which is not a Unicode "
                                            "character")
                                 .arg(source)
                                 .arg(first + i + 1)
                                 .arg(c + 1)
                                 .arg(code, 4, 16, QLatin1Char('0'))};
            }
            characters[size_t(c)] = char32_t(code);
            if (code != 0)
                length = c + 1;  // NumPy pads with NULs at the end only
        }
        texts.append(QString::fromUcs4(characters.data(), length));
    }
    return texts;
}

} // namespace attnlens
