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

void appendLittleEndianDoubles(QByteArray &out, const double *values, Index count)
{
    const auto bytes = static_cast<qsizetype>(count * Index(sizeof(double)));
    if constexpr (Q_BYTE_ORDER == Q_LITTLE_ENDIAN) {
        out.append(reinterpret_cast<const char *>(values), bytes);
    } else {
        const qsizetype start = out.size();
        out.resize(start + bytes);
        qToLittleEndian<quint64>(values, count, out.data() + start);
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

NpyArray npyFloat64(std::vector<qint64> shape, std::vector<const Matrix *> parts)
{
    NpyArray array;
    array.descr = "<f8";
    array.dataBytes = elementCount(shape) * qint64(sizeof(double));
    array.shape = std::move(shape);
    array.appendData = [parts = std::move(parts)](QByteArray &out) {
        for (const Matrix *part : parts)
            appendLittleEndianDoubles(out, part->data(), part->size());  // row-major: C order
    };
    return array;
}

NpyArray npyScalar(double value)
{
    NpyArray array;
    array.descr = "<f8";
    array.dataBytes = sizeof(double);
    array.appendData = [value](QByteArray &out) { appendLittleEndianDoubles(out, &value, 1); };
    return array;
}

NpyArray npyBool(const Mask &mask)
{
    NpyArray array;
    array.descr = "|b1";
    array.shape = {qint64(mask.rows()), qint64(mask.cols())};
    array.dataBytes = qint64(mask.size());
    array.appendData = [&mask](QByteArray &out) {
        const qsizetype start = out.size();
        out.resize(start + mask.size());
        char *bytes = out.data() + start;
        const bool *cells = mask.data();  // row-major: C order
        for (Index i = 0; i < mask.size(); ++i)
            bytes[i] = cells[i] ? 1 : 0;
    };
    return array;
}

NpyArray npyUnicode(const QStringList &texts)
{
    std::vector<QList<uint>> codePoints;
    codePoints.reserve(std::size_t(texts.size()));
    qint64 width = 1;  // NumPy's narrowest unicode type, even for empty texts
    for (const QString &text : texts) {
        codePoints.push_back(text.toUcs4());
        width = std::max(width, qint64(codePoints.back().size()));
    }
    NpyArray array;
    array.descr = "<U" + QByteArray::number(width);
    array.shape = {qint64(texts.size())};
    array.dataBytes = qint64(texts.size()) * width * 4;
    array.appendData = [codePoints = std::move(codePoints), width](QByteArray &out) {
        for (const QList<uint> &text : codePoints) {
            const qsizetype start = out.size();
            out.resize(start + width * 4, '\0');  // shorter texts end in NUL code points
            char *cell = out.data() + start;
            for (qsizetype i = 0; i < text.size(); ++i)
                qToLittleEndian<quint32>(text[i], cell + 4 * i);
        }
    };
    return array;
}

QByteArray npyBytes(const NpyArray &array)
{
    QByteArray bytes = npyHeader(array.descr, array.shape);
    bytes.reserve(bytes.size() + array.dataBytes);
    array.appendData(bytes);
    return bytes;
}

qint64 npyByteCount(const NpyArray &array)
{
    return npyHeader(array.descr, array.shape).size() + array.dataBytes;
}

} // namespace attnlens
