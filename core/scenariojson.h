#pragma once

#include "matrixtypes.h"
#include "result.h"
#include "scenario.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QJsonValue>

namespace attnlens {

/// Limits that keep a hostile or mistaken file from exhausting memory. Every shape inside them
/// can be saved, autosaved and opened again: maxFileBytes is set from the largest file the app
/// itself writes (see README, "Reliability"). At the limits, Q, K and V are 4096 x 1024 and
/// the mask 4096 x 4096; the evidence of that scenario adds scores and weights of 4096 x 4096 and
/// a context of 4096 x 1024. With at most kMaxJsonDoubleChars + 1 = 25 bytes per number, 6 per
/// mask cell and 6 per label character (control characters are escaped), that evidence file
/// is at most about 1.28 GiB; the limit is 1.5 GiB.
struct ScenarioLimits {
    static constexpr qint64 maxFileBytes = 1536LL * 1024 * 1024;
    static constexpr Index maxRows = 4096;
    static constexpr Index maxColumns = 1024;
    /// Characters in one query or key label, and in the scenario's name.
    static constexpr int maxLabelChars = 256;
    /// Characters in the scenario's description.
    static constexpr int maxDescriptionChars = 4096;
    /// Heads in one scenario (format version 2).
    static constexpr Index maxHeads = 64;
    /// Entries of Q, K and V over every head together: four times a one-head scenario at the
    /// row and column limits (384 MiB of doubles), so 64 heads of 4096 tokens at d_k = d_v = 64
    /// fit. Checked from the lists' lengths before any matrix is allocated.
    static constexpr qint64 maxHeadEntries = 4LL * 3 * maxRows * maxColumns;
    /// What the scenario text inside a figure PNG may inflate to. No bound below the file limit
    /// is safe: the largest scenario the reader accepts (maxHeadEntries numbers in its heads, a
    /// 4096 x 4096 mask, the labels) is about 1308 MiB of the writer's JSON, its derivation
    /// more. A text that cannot be the writer's is refused long before: see scenarioTextCheck().
    static constexpr qint64 maxPngTextBytes = maxFileBytes;
};

inline constexpr const char *kScenarioFormat = "attnlens-scenario";
/// The newest version this build reads. Version 1 holds one head (fields Q, K, V); version 2
/// holds a list of heads (field "heads"); version 3 adds a "score" object (a general or additive
/// score function, see scorefunction.h) to either layout. A one-head scenario with no head name
/// and the scaled dot-product score is written as version 1, byte for byte as before heads
/// existed.
inline constexpr int kScenarioVersion = 3;
/// The version of a scenario with several heads (or a named head) and the dot-product score.
inline constexpr int kHeadsScenarioVersion = 2;
inline constexpr int kOneHeadScenarioVersion = 1;

/// The version a scenario is written as: 3 with a general or additive score, else 1 for one
/// unnamed head, 2 otherwise.
int scenarioVersionFor(const Scenario &scenario);

/// Parses a scenario document. `source` (a file name or a built-in name) starts every message.
/// Unknown fields are ignored so that annotated files (a "description", reference answers)
/// still open.
/// A valid document is read by parseScenarioFast() (simdjson, straight into the matrices); any
/// other goes to parseScenarioWithQt(), whose messages name the file, field, row and column.
Result<Scenario> parseScenario(const QByteArray &json, const QString &source);

/// parseScenario() through Qt's JSON reader only: the reader that words every refusal, and the
/// reference the fast path is tested against.
Result<Scenario> parseScenarioWithQt(const QByteArray &json, const QString &source);

/// Reads and parses a scenario file, refusing files over ScenarioLimits::maxFileBytes and
/// anything that is not a regular file (a FIFO, a device, a folder) before opening it.
/// An Attention Lens PNG figure is read too: the scenario stored in it is parsed, or the saved
/// scenario file it refers to is read when its size and hash are still those the figure
/// recorded (scenarioreference.h). This is the one loader behind File > Open, the window's
/// command line, --evidence and --export.
Result<Scenario> readScenarioFile(const QString &path);

/// Parses the scenario stored in the bytes of an Attention Lens PNG figure. A PNG without one is
/// an InvalidScenario saying so; a damaged PNG is a FileError. A figure that refers to its
/// scenario file is an InvalidScenario naming the file: bytes are never followed to the file
/// system (readScenarioFile() does that).
Result<Scenario> parsePngScenario(const QByteArray &png, const QString &source);

/// The scenario as a JSON object in the attnlens-scenario format.
QJsonObject scenarioToJson(const Scenario &scenario);

/// A number as a QJsonValue: finite doubles as numbers (toJsonText() writes them so that they
/// read back as the same double), NaN and infinities as the strings "NaN", "Infinity" and
/// "-Infinity", and -0.0 as the string "-0.0": a QJsonValue keeps whole numbers as integers,
/// which lose the sign. Files are written from a JsonDraft, whose matrices and numbers keep
/// -0.0 a number (JsonStreamWriter); the readers take both forms.
QJsonValue numberToJson(double value);

/// QJsonDocument::fromJson, except that a negative zero keeps its sign (Qt reads -0.0 as 0) and
/// the bare words NaN, Infinity and -Infinity are read: each comes into the tree as the string
/// this format writes for it ("-0.0", "NaN", ...), which the scenario readers take as the number.
/// For a document that holds a scenario, such as an autosave.
QJsonDocument parseJsonKeepingSpecialNumbers(const QByteArray &json, QJsonParseError *error);

/// The note both readers give for a label list shorter than its matrix (which the app wrote when
/// one token of a scenario without labels was renamed, until December 2026): the file opens,
/// the other rows keep their default labels. `field` is "query_labels" or "key_labels",
/// `matrix` "Q" or "K"; `given` < `rows`.
QString shortLabelListNote(const QString &field, Index given, const QString &matrix, Index rows);
QJsonArray matrixToJson(const Matrix &matrix);
QJsonArray maskToJson(const Mask &mask);

} // namespace attnlens
