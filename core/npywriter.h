#pragma once

#include "matrixtypes.h"

#include <QByteArray>
#include <QStringList>

#include <functional>
#include <vector>

namespace attnlens {

/// One array as NumPy's .npy format stores it (version 1.0): the type string ("<f8", "|b1",
/// "<U5"), the shape, and a function that copies any range of the data bytes (C order,
/// little-endian; dataBytes in all) straight from the matrices. The bytes are produced only as
/// they are written, a piece at a time, so writing an archive never holds an array as bytes. An
/// NpyOutputArray refers to the matrices it was made from: they must outlive it. (Not NpyArray,
/// the reader's class in npyarray.h: two types of one name broke the one-definition rule, and
/// the linker kept one destructor for both.)
struct NpyOutputArray {
    QByteArray descr;
    std::vector<qint64> shape;
    qint64 dataBytes = 0;
    /// Copies data bytes [offset, offset + length) to `destination`; the range lies within
    /// dataBytes.
    std::function<void(qint64 offset, char *destination, qint64 length)> readData;
};

/// The shape as NumPy prints a tuple: "()" for 0-D, "(3,)" for 1-D, "(2, 3, 4)" otherwise.
QByteArray npyShapeText(const std::vector<qint64> &shape);

/// The .npy header, byte for byte as NumPy 1.24's np.save writes it: the magic "\x93NUMPY",
/// version 1.0, the header's length, the dictionary with its sorted keys and the spare space
/// NumPy leaves after it, padded with spaces and a newline so that the data starts at a multiple
/// of 64 bytes. Empty when the header would not fit version 1.0 (65,535 bytes; never for the
/// shapes written here).
QByteArray npyHeader(const QByteArray &descr, const std::vector<qint64> &shape);

/// float64 ("<f8") of the given shape whose data is the parts one after the other, each in
/// row-major order: (H, N, d) from H matrices of N x d. The parts' sizes must add up to the
/// shape's element count.
NpyOutputArray npyFloat64(std::vector<qint64> shape, std::vector<const Matrix *> parts);
/// A 0-D float64 array holding one number.
NpyOutputArray npyScalar(double value);
/// bool ("|b1", one byte 0 or 1) of the mask's shape.
NpyOutputArray npyBool(const Mask &mask);
/// Fixed-width unicode ("<U n", n the longest text in code points, at least 1), shape (count,):
/// what np.array(["a", "bc"]) is.
NpyOutputArray npyUnicode(const QStringList &texts);

/// The whole .npy file of the array: header, then data.
QByteArray npyBytes(const NpyOutputArray &array);
/// npyBytes(array).size(), without producing the data.
qint64 npyByteCount(const NpyOutputArray &array);

} // namespace attnlens
