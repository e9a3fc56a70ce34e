#pragma once

#include "matrixtypes.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace attnlens {

/// Everything a user sets up: the matrices, their token labels, the temperature and the mask.
/// Label lists may be shorter than the matrices; the missing labels are generated.
struct Scenario {
    QString name;
    QString description;
    Matrix queries;  ///< N_q x d_k
    Matrix keys;     ///< N_k x d_k
    Matrix values;   ///< N_k x d_v
    QStringList queryLabels;
    QStringList keyLabels;
    double temperature = 1.0;
    std::optional<Mask> allowed;  ///< N_q x N_k; absent means every key is allowed

    Index queryCount() const { return queries.rows(); }
    Index keyCount() const { return keys.rows(); }
    Index keyDimension() const { return queries.cols(); }
    Index valueDimension() const { return values.cols(); }

    /// The label shown for query row i: the given one or "query i+1".
    QString queryLabel(Index row) const;
    /// The label shown for key row j: the given one or "key j+1".
    QString keyLabel(Index row) const;
    bool isAllowed(Index queryRow, Index keyRow) const;

    bool operator==(const Scenario &other) const;
    bool operator!=(const Scenario &other) const { return !(*this == other); }
};

/// Bitwise equality: NaN equals NaN and -0.0 differs from 0.0, so "the same doubles" after a
/// save and load really means the same bits.
bool identicalDoubles(double a, double b);
bool identicalMatrices(const Matrix &a, const Matrix &b);
/// Equal shapes and entries; two absent masks are identical.
bool identicalMasks(const std::optional<Mask> &a, const std::optional<Mask> &b);

/// Query i may attend to keys 0..i (a decoder's view of the past).
Mask causalMask(Index queryCount, Index keyCount);
/// Every query may attend to every key whose isRealKey entry is true.
Mask paddingMask(Index queryCount, const std::vector<bool> &isRealKey);

} // namespace attnlens
