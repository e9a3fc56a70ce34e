#include "npywriter.h"

#include <QtEndian>

#include <cstring>
#include <numeric>

namespace attnlens {

namespace {

constexpr int kMagicLength = 6;       // "\x93NUMPY"
constexpr int kPrefixLength = 10;     // magic, two version bytes, uint16 header length
constexpr int kAlignment = 64;        // NumPy's ARRAY_ALIGN
constexpr int kGrowthAxisDigits = 21; // NumPy's GROWTH_AXIS_MAX_DIGITS

qint64 elementCount(const std::vector<qint64> &shape)
{
    return std::accumulate(shape.begin(), shape.end(), qint64(1), std::multiplies<qint64>());
}

/// Copies bytes [offset, offset + length) of the doubles, one part after the other, each part's
/// entries in its storage order, as little-endian bytes.
void readDoubles(const std::vector<const double *> &parts, const std::vector<qint64> &counts,
                 qint64 offset, char *destination, qint64 length)
{
    constexpr qint64 size = sizeof(double);
    qint64 partStart = 0;  // in bytes
    for (std::size_t p = 0; p < parts.size() && length > 0; ++p) {
        const qint64 partBytes = counts[p] * size;
        if (offset >= partStart + partBytes) {
            partStart += partBytes;
            continue;
        }
        const qint64 within = offset - partStart;
        const qint64 take = std::min(length, partBytes - within);
        if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
            std::memcpy(destination, reinterpret_cast<const char *>(parts[p]) + within, std::size_t(take));
        } else {
            for (qint64 b = 0; b < take; ++b) {
                const qint64 at = within + b;
                char little[size];
                qToLittleEndian<double>(parts[p][at / size], little);
                destination[b] = little[at % size];
            }
        }
        destination += take;
        offset += take;
        length -= take;
        partStart += partBytes;
    }
}

} // namespace

QByteArray npyShapeText(const std::vector<qint64> &shape)
{
    QByteArray text("(");
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i > 0)
            text.append(", ");
        text.append(QByteArray::number(shape[i]));
    }
    if (shape.size() == 1)
        text.append(',');
    text.append(')');
    return text;
}

QByteArray npyHeader(const QByteArray &descr, const std::vector<qint64> &shape)
{
    QByteArray dictionary = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': "
        + npyShapeText(shape) + ", }";
    // Room for the first axis to grow in place, as np.save leaves it.
    if (!shape.empty())
        dictionary.append(QByteArray(kGrowthAxisDigits - QByteArray::number(shape.front()).size(), ' '));
    const int withNewline = static_cast<int>(dictionary.size()) + 1;
    const int padding = kAlignment - (kPrefixLength + withNewline) % kAlignment;
    const int headerLength = withNewline + padding;
    if (headerLength > 0xffff)
        return QByteArray();

    QByteArray header("\x93NUMPY", kMagicLength);
    header.append(char(1)).append(char(0));
    header.append(char(headerLength & 0xff)).append(char(headerLength >> 8));
    header.append(dictionary);
    header.append(QByteArray(padding, ' '));
    header.append('\n');
    return header;
}

NpyOutputArray npyFloat64(std::vector<qint64> shape, std::vector<const Matrix *> parts)
{
    NpyOutputArray array;
    array.descr = "<f8";
    array.dataBytes = elementCount(shape) * qint64(sizeof(double));
    array.shape = std::move(shape);
    std::vector<const double *> data;
    std::vector<qint64> counts;
    for (const Matrix *part : parts) {
        data.push_back(part->data());  // row-major: C order
        counts.push_back(qint64(part->size()));
    }
    array.readData = [data = std::move(data), counts = std::move(counts)](qint64 offset, char *destination,
                                                                          qint64 length) {
        readDoubles(data, counts, offset, destination, length);
    };
    return array;
}

NpyOutputArray npyScalar(double value)
{
    NpyOutputArray array;
    array.descr = "<f8";
    array.dataBytes = sizeof(double);
    array.readData = [value](qint64 offset, char *destination, qint64 length) {
        readDoubles({&value}, {1}, offset, destination, length);
    };
    return array;
}

NpyOutputArray npyBool(const Mask &mask)
{
    NpyOutputArray array;
    array.descr = "|b1";
    array.shape = {qint64(mask.rows()), qint64(mask.cols())};
    array.dataBytes = qint64(mask.size());
    array.readData = [&mask](qint64 offset, char *destination, qint64 length) {
        const bool *cells = mask.data() + offset;  // row-major: C order
        for (qint64 i = 0; i < length; ++i)
            destination[i] = cells[i] ? 1 : 0;
    };
    return array;
}

NpyOutputArray npyUnicode(const QStringList &texts)
{
    qint64 width = 1;  // NumPy's narrowest unicode type, even for empty texts
    std::vector<QList<uint>> codePoints;
    codePoints.reserve(std::size_t(texts.size()));
    for (const QString &text : texts) {
        codePoints.push_back(text.toUcs4());
        width = std::max(width, qint64(codePoints.back().size()));
    }
    // Labels are short: their cells are made here, once.
    QByteArray cells(qsizetype(texts.size() * width * 4), '\0');  // shorter texts end in NUL code points
    for (std::size_t t = 0; t < codePoints.size(); ++t) {
        char *cell = cells.data() + qsizetype(t) * width * 4;
        for (qsizetype i = 0; i < codePoints[t].size(); ++i)
            qToLittleEndian<quint32>(codePoints[t][i], cell + 4 * i);
    }
    NpyOutputArray array;
    array.descr = "<U" + QByteArray::number(width);
    array.shape = {qint64(texts.size())};
    array.dataBytes = cells.size();
    array.readData = [cells](qint64 offset, char *destination, qint64 length) {
        std::memcpy(destination, cells.constData() + offset, std::size_t(length));
    };
    return array;
}

QByteArray npyBytes(const NpyOutputArray &array)
{
    QByteArray bytes = npyHeader(array.descr, array.shape);
    const qsizetype headerSize = bytes.size();
    bytes.resize(headerSize + qsizetype(array.dataBytes));
    array.readData(0, bytes.data() + headerSize, array.dataBytes);
    return bytes;
}

qint64 npyByteCount(const NpyOutputArray &array)
{
    return npyHeader(array.descr, array.shape).size() + array.dataBytes;
}

} // namespace attnlens
