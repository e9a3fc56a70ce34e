#pragma once

#include "derivation.h"
#include "matrixtypes.h"
#include "scalelabsettings.h"
#include "scorefunction.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace attnlens {

/// One attention head of a multi-head scenario: its own Q, K and V over the shared tokens.
struct AttentionHead {
    QString name;    ///< empty: the generated name ("head 2")
    Matrix queries;  ///< N_q x d_k
    Matrix keys;     ///< N_k x d_k
    Matrix values;   ///< N_k x d_v

    bool operator==(const AttentionHead &other) const;
    bool operator!=(const AttentionHead &other) const { return !(*this == other); }
};

/// Everything a user sets up: the matrices, their token labels, the temperature and the mask.
/// A label list is empty (every label generated) or has one entry per row, "" standing for the
/// generated label: the model keeps it so, every file is written so (labelsFittedTo), and a file
/// with fewer labels than rows is read so, with a note. A shorter list built by other code still
/// shows generated labels for the rows it lacks.
///
/// A scenario has one head or more. The first head's Q, K and V are `queries`, `keys` and
/// `values` (so a one-head scenario is exactly what it always was); heads 2 to H are in
/// `moreHeads`. Every head shares the token labels, the mask and the temperature, and in a valid
/// scenario every head has the same N_q, N_k, d_k and d_v, as in a transformer layer.
struct Scenario {
    QString name;
    QString description;
    Matrix queries;  ///< N_q x d_k, of the first head
    Matrix keys;     ///< N_k x d_k, of the first head
    Matrix values;   ///< N_k x d_v, of the first head
    QString headName;  ///< the first head's name; empty: "head 1"
    std::vector<AttentionHead> moreHeads;  ///< heads 2..H; empty for a one-head scenario
    QStringList queryLabels;
    QStringList keyLabels;
    double temperature = 1.0;
    std::optional<Mask> allowed;  ///< N_q x N_k; absent means every key is allowed
    /// The √d_k lab's settings when the lab drew this scenario's Q and K; absent otherwise.
    std::optional<ScaleLabSettings> scaleLab;
    /// Where Q, K and V come from, when the derivation lab made them: while present, queries,
    /// keys and values are exactly what it derives (see derive()). Absent: typed in.
    std::optional<Derivation> derivation;
    /// How queries score keys, shared by every head; absent in a file: scaled dot-product.
    ScoreFunction score;

    Index queryCount() const { return queries.rows(); }
    Index keyCount() const { return keys.rows(); }
    /// d_k. With scaled dot-product the queries' length (which must equal the keys'); with a
    /// general or additive score the keys' length, which may differ from d_q.
    Index keyDimension() const { return score.isScaledDot() ? queries.cols() : keys.cols(); }
    /// d_q, the queries' length: d_k itself under scaled dot-product.
    Index queryDimension() const { return queries.cols(); }
    Index valueDimension() const { return values.cols(); }

    Index headCount() const { return 1 + static_cast<Index>(moreHeads.size()); }
    bool hasSeveralHeads() const { return !moreHeads.empty(); }
    /// The name shown for head h (0-based): the given one or "head h+1".
    QString headLabel(Index head) const;
    const Matrix &headQueries(Index head) const;
    const Matrix &headKeys(Index head) const;
    const Matrix &headValues(Index head) const;
    Matrix &headQueries(Index head);
    Matrix &headKeys(Index head);
    Matrix &headValues(Index head);
    /// Head h as an AttentionHead (a copy; its name as stored, possibly empty).
    AttentionHead head(Index head) const;
    /// Replaces head h's name and matrices.
    void setHead(Index head, AttentionHead replacement);
    /// Head h on its own: a one-head scenario with the same name, description, labels, mask and
    /// temperature, whose head name is head h's shown name (written out, so "head 3" stays
    /// "head 3"), except for a one-head scenario, which is returned as it is.
    Scenario headAlone(Index head) const;
    /// Inserts a head before position `head` (headCount() appends) / removes head h. Heads keep
    /// their order; the first head's matrices stay in `queries`, `keys` and `values`.
    void insertHead(Index head, AttentionHead inserted);
    void removeHead(Index head);

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

/// The generated name of head h (0-based): "head h+1".
QString generatedHeadName(Index head);

/// A label list as a file holds it and as the model keeps it: empty (every label generated), or
/// exactly one entry per row, "" standing for a generated label. A shorter list gains "" entries,
/// a longer one loses its extra entries, which belong to no row.
QStringList labelsFittedTo(const QStringList &labels, Index rows);
/// labelsFittedTo(), and an empty list as `rows` "" entries: what a setter that gives one row
/// its label starts from.
QStringList labelForEveryRow(const QStringList &labels, Index rows);

/// Query i may attend to keys 0..i (a decoder's view of the past).
Mask causalMask(Index queryCount, Index keyCount);
/// Every query may attend to every key whose isRealKey entry is true.
Mask paddingMask(Index queryCount, const std::vector<bool> &isRealKey);

} // namespace attnlens
