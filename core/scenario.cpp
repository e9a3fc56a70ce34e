#include "scenario.h"

#include <cstring>

namespace attnlens {


QString Scenario::queryLabel(Index row) const
{
    if (row < queryLabels.size() && !queryLabels.at(row).isEmpty())
        return queryLabels.at(row);
    return QStringLiteral("query %1").arg(row + 1);
}

QString Scenario::keyLabel(Index row) const
{
    if (row < keyLabels.size() && !keyLabels.at(row).isEmpty())
        return keyLabels.at(row);
    return QStringLiteral("key %1").arg(row + 1);
}

bool Scenario::isAllowed(Index queryRow, Index keyRow) const
{
    return !allowed || (*allowed)(queryRow, keyRow);
}

bool Scenario::operator==(const Scenario &other) const
{
    return name == other.name && description == other.description
        && identicalMatrices(queries, other.queries) && identicalMatrices(keys, other.keys)
        && identicalMatrices(values, other.values) && queryLabels == other.queryLabels
        && keyLabels == other.keyLabels && identicalDoubles(temperature, other.temperature)
        && identicalMasks(allowed, other.allowed);
}

bool identicalDoubles(double a, double b)
{
    return std::memcmp(&a, &b, sizeof(double)) == 0;
}

bool identicalMatrices(const Matrix &a, const Matrix &b)
{
    if (a.rows() != b.rows() || a.cols() != b.cols())
        return false;
    return a.size() == 0
        || std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<size_t>(a.size())) == 0;
}

bool identicalMasks(const std::optional<Mask> &a, const std::optional<Mask> &b)
{
    if (a.has_value() != b.has_value())
        return false;
    return !a || (a->rows() == b->rows() && a->cols() == b->cols() && *a == *b);
}

Mask causalMask(Index queryCount, Index keyCount)
{
    Mask mask(queryCount, keyCount);
    for (Index i = 0; i < queryCount; ++i)
        for (Index j = 0; j < keyCount; ++j)
            mask(i, j) = j <= i;
    return mask;
}

Mask paddingMask(Index queryCount, const std::vector<bool> &isRealKey)
{
    Mask mask(queryCount, static_cast<Index>(isRealKey.size()));
    for (Index i = 0; i < queryCount; ++i)
        for (Index j = 0; j < mask.cols(); ++j)
            mask(i, j) = isRealKey[static_cast<size_t>(j)];
    return mask;
}

} // namespace attnlens
