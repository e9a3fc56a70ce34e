#pragma once

#include "npyheader.h"
#include "result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <functional>

namespace attnlens {

/// One array read from a .npy file or a .npz entry: its header and its raw bytes, always in C
/// (row-major) order (a Fortran-order array is reordered once when read). Elements are decoded
/// on demand, a whole range in one tight loop, into doubles, bools or texts.
class NpyArray {
public:
    /// Checks a header before its data is allocated; returns the refusal, if any.
    using HeaderCheck = std::function<std::optional<Error>(const NpyHeader &)>;

    /// Reads the header, lets `check` refuse it, then reads exactly the data it describes.
    /// `availableBytes` (-1: unknown) is how many bytes the source holds in all; a file that ends
    /// early or holds more than the header says is refused by name before or after reading.
    static Result<NpyArray> read(const QString &name, const NpyReadFunction &read, qint64 availableBytes,
                                 const QString &source, qint64 maxDataBytes, const HeaderCheck &check);

    const QString &name() const { return m_name; }
    const NpyHeader &header() const { return m_header; }
    const std::vector<qint64> &shape() const { return m_header.shape; }
    int dimensions() const { return m_header.dimensions(); }
    qint64 elementCount() const { return m_header.elementCount; }
    const NpyDtype &dtype() const { return m_header.dtype; }

    /// Elements first..first+count-1 (C order) as doubles; float16 is converted exactly.
    /// The array must hold floats.
    void decodeDoubles(qint64 first, qint64 count, double *out) const;
    /// Elements as bools (any non-zero byte is true); the array must hold bools.
    void decodeBools(qint64 first, qint64 count, bool *out) const;
    /// Elements as texts, trailing NULs dropped; an invalid code point is an InvalidScenario
    /// naming the element. The array must hold str.
    Result<QStringList> decodeTexts(qint64 first, qint64 count, const QString &source) const;

private:
    QString m_name;
    NpyHeader m_header;
    QByteArray m_data;
};

/// float16 (IEEE binary16) bits as the double they stand for: exact for every value, with
/// subnormals, infinities, NaN and the sign of zero kept.
double halfToDouble(quint16 bits);

} // namespace attnlens
