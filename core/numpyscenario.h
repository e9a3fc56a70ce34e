#pragma once

#include "matrixtypes.h"
#include "result.h"
#include "scenario.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace attnlens {

/// How to read a NumPy capture.
struct NumpyReadOptions {
    /// The 0-based example of a (B, H, N, d) capture; without it the first example is read
    /// (NumpyScenario::batchCount tells how many there are). Giving it for a capture without a
    /// batch dimension, or beyond B, is refused.
    std::optional<Index> batch;
};

/// A scenario read from NumPy arrays, with what the file said about it.
struct NumpyScenario {
    Scenario scenario;        ///< every head, labels, the mask in the "allowed" convention
    QString maskConvention;   ///< "allowed" | "blocked" | "additive_mask" | "key_padding_mask" | "" (none)
    Index batchCount = 1;     ///< B of the file (1 when there is no batch dimension)
    Index batch = 0;          ///< the example read (0-based)
    QStringList arrayNames;   ///< the arrays found, as stored, read or not
};

/// A .npz file, a .npy file or a folder holding .npy files (decided by the suffix, or for a
/// folder by its contents).
bool isNumpyPath(const QString &path);

/// Reads a NumPy capture: arrays q/query, k/key, v/value (names without regard to case) of shape
/// (N, d), (H, N, d) or (B, H, N, d), float16/32/64 in either byte order and C or Fortran order;
/// an optional mask named by its convention (allowed, blocked, additive_mask, key_padding_mask);
/// optional token labels (tokens, or query_tokens and key_tokens) and temperature. Every refusal
/// names the file, the array and its shape. The result is not validated for attention (a row
/// with no allowed key opens and is reported by validateAttentionInput, as for a JSON file).
Result<NumpyScenario> readNumpyScenario(const QString &path, const NumpyReadOptions &options = {});

/// How many examples a capture holds, from the header of its q array alone (nothing else is read):
/// what --batch is checked against before the capture is read.
struct NumpyBatchInfo {
    bool hasBatch = false;   ///< q is (B, H, N, d)
    Index batchCount = 1;    ///< B, or 1 without a batch dimension
    QString queryShape;      ///< q's shape as Python writes it, "(2, 12, 7, 64)"
};
Result<NumpyBatchInfo> readNumpyBatchInfo(const QString &path);

/// The same, for a .npz archive held in memory; `source` names it in messages.
Result<NumpyScenario> readNumpyScenarioFromNpz(const QByteArray &bytes, const QString &source,
                                               const NumpyReadOptions &options = {});

/// One translated sentence saying which mask convention was read and what it means
/// (QCoreApplication::translate context "MaskConvention"); for "" it says there was no mask.
QString maskConventionSentence(const QString &convention);

} // namespace attnlens
