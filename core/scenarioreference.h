#pragma once

#include "matrixtypes.h"
#include "result.h"
#include "scenario.h"

#include <QByteArray>
#include <QDateTime>
#include <QString>

#include <optional>
#include <variant>

namespace attnlens {

/// The PNG text chunk that a figure of a large scenario carries instead of the scenario: a
/// reference to the saved scenario file it was drawn from (see ScenarioReference).
inline constexpr const char *kPngScenarioReferenceKey = "attnlens-scenario-file";
inline constexpr const char *kScenarioReferenceFormat = "attnlens-scenario-file";
inline constexpr int kScenarioReferenceVersion = 1;
/// A figure carries its scenario (compressed) only while the compressed text is at most this
/// large; above it, a figure of a saved scenario file refers to the file instead. A 2,048-token
/// scenario compresses to about 4 MB, more than its heatmap's pixels.
inline constexpr qint64 kMaxEmbeddedScenarioBytes = 1024 * 1024;
/// The reference chunk's text is small JSON (a path of at most kMaxReferencePathChars); a
/// chunk that inflates to more is refused.
inline constexpr qint64 kMaxScenarioReferenceBytes = 64 * 1024;
inline constexpr int kMaxReferencePathChars = 4096;

/// The shape a reference records, so that a message about a missing file can say what the
/// figure showed, and a file that hashes right but reads as another shape is refused.
struct ScenarioShape {
    qint64 queries = 0;
    qint64 keys = 0;
    qint64 heads = 0;
    qint64 keyDimension = 0;
    qint64 valueDimension = 0;

    static ScenarioShape of(const Scenario &scenario);
    /// "N_q = 2048, N_k = 2048, H = 12, d_k = 64, d_v = 64"
    QString describe() const;
    bool operator==(const ScenarioShape &other) const;
    bool operator!=(const ScenarioShape &other) const { return !(*this == other); }
};

/// What a figure records about the scenario file it refers to: the file's absolute path, its
/// size in bytes, the BLAKE2b-512 hash of its bytes (64 bytes) and the scenario's shape.
struct ScenarioReference {
    QString path;
    qint64 size = 0;
    QByteArray blake2b;
    ScenarioShape shape;
};

/// A scenario file as it was when the scenario in memory was read from it or saved to it (its
/// absolute path, size and last modification), or, for a scenario read through a figure's
/// reference, the hash that the reference promised and the reading checked.
struct ScenarioFileStamp {
    QString path;
    qint64 size = -1;
    QDateTime modified;
    QByteArray blake2b;

    /// The stamp of a regular file as it is now; none for a missing file, a folder, a device, a
    /// FIFO or a PNG figure (a figure never refers to another figure).
    static std::optional<ScenarioFileStamp> of(const QString &path);
    bool operator==(const ScenarioFileStamp &other) const;
    bool operator!=(const ScenarioFileStamp &other) const { return !(*this == other); }
};

/// The reference's chunk text: one line of JSON,
/// {"format": "attnlens-scenario-file", "version": 1, "path": ..., "size": ...,
///  "blake2b_512": "<128 hex digits>", "shape": {"queries", "keys", "heads", "d_k", "d_v"}}.
QByteArray scenarioReferenceJson(const ScenarioReference &reference);

/// Parses a reference chunk's text, refusing anything the writer does not write (not JSON, a
/// field missing or of the wrong type, a path that is not absolute or too long, a size or shape
/// outside the scenario limits, a hash that is not 128 hex digits): an InvalidScenario that
/// starts with `source` and names the field.
Result<ScenarioReference> parseScenarioReference(const QByteArray &json, const QString &source);

/// The reference to the file behind `scenario`, read and hashed now. None when the file is no
/// longer as stamped (another size or modification time, or bytes that do not hash to the
/// stamp's hash): the figure then carries the scenario itself.
std::optional<ScenarioReference> referenceToScenarioFile(const ScenarioFileStamp &stamp,
                                                         const Scenario &scenario);

/// What an Attention Lens PNG carries: the scenario's JSON text, or a reference to its file.
using PngScenarioContent = std::variant<QByteArray, ScenarioReference>;

/// Finds what the PNG carries (the scenario chunk first, else the reference chunk), without
/// reading any other file. A PNG with neither is an InvalidScenario saying it was not made by
/// Attention Lens; a damaged PNG a FileError; a forged reference an InvalidScenario.
Result<PngScenarioContent> pngScenarioContent(const QByteArray &png, const QString &source);

/// Opens the scenario a figure refers to: the file must be there with the reference's size,
/// hash and shape. Otherwise a FileError that names the figure (`pngSource`), the referenced
/// path and what differs (missing, size, contents).
Result<Scenario> followScenarioReference(const ScenarioReference &reference, const QString &pngSource);

/// The file that readScenarioFile(path) takes its scenario from, stamped now: `path` itself
/// for a scenario file; for a figure that refers to its scenario file, that file with the hash
/// the figure records (so a figure made from a figure refers to the same file); none for a
/// figure that carries its scenario, anything that is not a regular file, or a name that is no
/// file (a built-in).
std::optional<ScenarioFileStamp> scenarioFileBehind(const QString &path);

} // namespace attnlens
