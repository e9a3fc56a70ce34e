#pragma once

#include "error.h"
#include "npywriter.h"

#include <QString>

#include <optional>
#include <utility>
#include <vector>

namespace attnlens {

struct AttentionResult;
struct HeadsResult;
struct Scenario;

/// Every head's results by reference: a HeadsResult's, or those a model keeps, so that they
/// are written without a copy. The pointers must outlive the arrays made from them.
struct HeadsResultView {
    std::vector<const AttentionResult *> heads;
    const Matrix *concatenatedContext = nullptr;

    static HeadsResultView of(const HeadsResult &result);
};

/// One entry of a .npz archive: its name without ".npy" ("weights") and its array.
using NamedNpyArray = std::pair<QString, NpyOutputArray>;

/// Writes the arrays as a .npz archive, the way np.savez does: one "<name>.npy" entry per array,
/// stored uncompressed, in the given order. The archive is written to a temporary file in the
/// same folder and renamed over `path` only when it is complete, so a failed write leaves the old
/// file as it was. Each entry's bytes are copied from the matrices piece by piece as libzip
/// writes them, so memory never holds an array, let alone the archive, as bytes. A folder, a device, a FIFO or
/// a socket is refused by name. Failures are FileErrors that name the path and the reason.
std::optional<Error> writeNpz(const QString &path, const std::vector<NamedNpyArray> &arrays);

/// The arrays writeNumpyResults writes, in its order. They refer to `scenario`, `result` and
/// `allMask` (filled here with an all-true mask when the scenario has none), which must outlive
/// them. A result that does not belong to the scenario (another head count or shape) is an
/// InvalidScenario error, and so is a scenario with a general or additive score (the archive has
/// no place for its weights).
///
///   q, k, v               float64 (H, N_q, d_k), (H, N_k, d_k), (H, N_k, d_v)
///   allowed               bool (N_q, N_k), True = may attend; all True without a mask
///   query_tokens, key_tokens  unicode (N_q,), (N_k,): the labels as shown
///   tokens                unicode (N,), only for self-attention (the same labels both ways)
///   temperature           float64, 0-D
///   head_names            unicode (H,): the names as shown ("head 1" when unnamed)
///   scores, weights       float64 (H, N_q, N_k): Q K^T / sqrt(d_k), and softmax(S / T + M)
///   context               float64 (H, N_q, d_v)
///   concatenated_context  float64 (N_q, H * d_v): [C_1 ... C_H]
struct NumpyResultArrays {
    std::vector<NamedNpyArray> arrays;
    Mask allMask;
};
std::optional<Error> numpyResultArrays(const Scenario &scenario, const HeadsResultView &result,
                                       NumpyResultArrays &out);
std::optional<Error> numpyResultArrays(const Scenario &scenario, const HeadsResult &result,
                                       NumpyResultArrays &out);

/// Writes the scenario's inputs and every head's results (numpyResultArrays) atomically to an
/// uncompressed .npz, so that one np.load brings them into a notebook and Attention Lens opens
/// the file again.
std::optional<Error> writeNumpyResults(const QString &path, const Scenario &scenario,
                                       const HeadsResult &result);
std::optional<Error> writeNumpyResults(const QString &path, const Scenario &scenario,
                                       const HeadsResultView &result);

/// Computes every head and writes them with writeNumpyResults. A scenario the engine refuses
/// (a row with no allowed key, ...) writes nothing and returns the engine's error.
std::optional<Error> computeAndWriteNumpyResults(const QString &path, const Scenario &scenario);

} // namespace attnlens
