#include "scenario.h"

#include <cstring>
#include <utility>

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

QString generatedHeadName(Index head)
{
    return QStringLiteral("head %1").arg(head + 1);
}

bool AttentionHead::operator==(const AttentionHead &other) const
{
    return name == other.name && identicalMatrices(queries, other.queries)
        && identicalMatrices(keys, other.keys) && identicalMatrices(values, other.values);
}

QString Scenario::headLabel(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    const QString &given = h == 0 ? headName : moreHeads[size_t(h - 1)].name;
    return given.isEmpty() ? generatedHeadName(h) : given;
}

const Matrix &Scenario::headQueries(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    return h == 0 ? queries : moreHeads[size_t(h - 1)].queries;
}

const Matrix &Scenario::headKeys(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    return h == 0 ? keys : moreHeads[size_t(h - 1)].keys;
}

const Matrix &Scenario::headValues(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    return h == 0 ? values : moreHeads[size_t(h - 1)].values;
}

Matrix &Scenario::headQueries(Index h)
{
    return const_cast<Matrix &>(std::as_const(*this).headQueries(h));
}

Matrix &Scenario::headKeys(Index h)
{
    return const_cast<Matrix &>(std::as_const(*this).headKeys(h));
}

Matrix &Scenario::headValues(Index h)
{
    return const_cast<Matrix &>(std::as_const(*this).headValues(h));
}

AttentionHead Scenario::head(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    if (h > 0)
        return moreHeads[size_t(h - 1)];
    return AttentionHead{headName, queries, keys, values};
}

void Scenario::setHead(Index h, AttentionHead replacement)
{
    Q_ASSERT(h >= 0 && h < headCount());
    if (h > 0) {
        moreHeads[size_t(h - 1)] = std::move(replacement);
        return;
    }
    headName = std::move(replacement.name);
    queries = std::move(replacement.queries);
    keys = std::move(replacement.keys);
    values = std::move(replacement.values);
}

Scenario Scenario::headAlone(Index h) const
{
    Q_ASSERT(h >= 0 && h < headCount());
    if (!hasSeveralHeads())
        return *this;
    Scenario alone;
    alone.name = name;
    alone.description = description;
    alone.queries = headQueries(h);
    alone.keys = headKeys(h);
    alone.values = headValues(h);
    alone.headName = headLabel(h);
    alone.queryLabels = queryLabels;
    alone.keyLabels = keyLabels;
    alone.temperature = temperature;
    alone.allowed = allowed;
    alone.scaleLab = scaleLab;
    alone.derivation = derivation;
    alone.score = score;
    return alone;
}

void Scenario::insertHead(Index h, AttentionHead inserted)
{
    Q_ASSERT(h >= 0 && h <= headCount());
    if (h > 0) {
        moreHeads.insert(moreHeads.begin() + (h - 1), std::move(inserted));
        return;
    }
    moreHeads.insert(moreHeads.begin(), AttentionHead{headName, queries, keys, values});
    setHead(0, std::move(inserted));
}

void Scenario::removeHead(Index h)
{
    Q_ASSERT(h >= 0 && h < headCount() && headCount() > 1);
    if (h > 0) {
        moreHeads.erase(moreHeads.begin() + (h - 1));
        return;
    }
    AttentionHead second = std::move(moreHeads.front());
    moreHeads.erase(moreHeads.begin());
    setHead(0, std::move(second));
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
        && identicalMasks(allowed, other.allowed) && headName == other.headName
        && moreHeads == other.moreHeads && scaleLab == other.scaleLab && derivation == other.derivation
        && score == other.score;
}

QStringList labelsFittedTo(const QStringList &labels, Index rows)
{
    if (labels.isEmpty() || labels.size() == rows)
        return labels;
    QStringList fitted = labels.mid(0, qsizetype(rows));
    while (fitted.size() < rows)
        fitted.append(QString());
    return fitted;
}

QStringList labelForEveryRow(const QStringList &labels, Index rows)
{
    QStringList fitted = labelsFittedTo(labels, rows);
    if (fitted.isEmpty())
        fitted = QStringList(qsizetype(rows), QString());
    return fitted;
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
    // A Mask holds one byte per cell, each 0 or 1 (assigned from bool): comparing the bytes is
    // exact and, at 4 million cells, a hundred times faster than Eigen's cell-by-cell ==.
    return !a
        || (a->rows() == b->rows() && a->cols() == b->cols()
            && (a->size() == 0 || std::memcmp(a->data(), b->data(), sizeof(bool) * static_cast<size_t>(a->size())) == 0));
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
