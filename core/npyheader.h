#pragma once

#include "result.h"

#include <QString>

#include <functional>
#include <vector>

namespace attnlens {

/// The element types Attention Lens reads from a .npy array.
struct NpyDtype {
    enum class Kind { Float16, Float32, Float64, Bool, Unicode };
    Kind kind = Kind::Float64;
    bool bigEndian = false;
    int itemBytes = 8;  ///< bytes of one element; for Unicode 4 per character (UTF-32)

    bool isFloat() const { return kind == Kind::Float16 || kind == Kind::Float32 || kind == Kind::Float64; }
    /// NumPy's name of the type, e.g. "float32", "bool", "str (<U5)".
    QString describe() const;
};

/// Bounds a .npy header must keep before anything it describes is allocated.
struct NpyLimits {
    /// NumPy writes headers of a few hundred bytes; 64 KiB leaves room for any future padding.
    static constexpr qint64 maxHeaderBytes = 65536;
    /// q, k and v have at most 4 dimensions (B, H, N, d); so do masks.
    static constexpr int maxDimensions = 4;
    /// Examples B in a (B, H, N, d) capture.
    static constexpr qint64 maxBatch = 4096;
};

/// What the header of one .npy array says: element type, order, shape and where data starts.
struct NpyHeader {
    NpyDtype dtype;
    bool fortranOrder = false;
    std::vector<qint64> shape;  ///< empty for a 0-d array (one element)
    qint64 headerBytes = 0;     ///< magic, version, length and header dictionary together
    qint64 elementCount = 1;
    qint64 dataBytes = 0;       ///< elementCount * itemBytes

    int dimensions() const { return static_cast<int>(shape.size()); }
    /// "(12, 7, 64)" as Python writes the shape; "()" for a 0-d array.
    QString shapeText() const;
};

/// Reads up to `size` bytes into `buffer` and returns how many were read (fewer only at the end
/// of the data), or -1 after a read error.
using NpyReadFunction = std::function<qint64(char *buffer, qint64 size)>;

/// Reads and checks a .npy header (NumPy's format versions 1.0, 2.0 and 3.0) from the start of
/// `read`. `source` starts every message ("capture.npz, array \"q\""). Object arrays (stored with
/// pickle) and structured types are refused and nothing after the header is read; the element
/// count and byte count are computed without overflow and bounded by `maxDataBytes`.
Result<NpyHeader> readNpyHeader(const NpyReadFunction &read, const QString &source, qint64 maxDataBytes);

} // namespace attnlens
