#include "scenarioreference.h"

#include "jsonfile.h"
#include "pngtext.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace attnlens {

namespace {

QByteArray blake2bOf(const QByteArray &bytes)
{
    return QCryptographicHash::hash(bytes, QCryptographicHash::Blake2b_512);
}

constexpr qsizetype kBlake2bBytes = 64;

bool startsAsPng(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && hasPngSignature(file.read(8));
}

Error forgedReference(const QString &source, const QString &problem)
{
    return Error{ErrorCategory::InvalidScenario,
                 QStringLiteral("%1: the scenario file reference in its \"%2\" chunk %3, so it is "
                                "not one the app wrote")
                     .arg(source, QLatin1String(kPngScenarioReferenceKey), problem)};
}

/// A whole number from `low` to `high` in the field, or no value (and `problem` says why).
std::optional<qint64> referenceWholeNumber(const QJsonObject &object, const QString &field, qint64 low,
                                  qint64 high, QString *problem)
{
    const QJsonValue value = object.value(field);
    if (!value.isDouble()) {
        *problem = value.isUndefined()
            ? QStringLiteral("has no field \"%1\"").arg(field)
            : QStringLiteral("has a field \"%1\" that is not a number").arg(field);
        return std::nullopt;
    }
    const double number = value.toDouble();
    // Compared as doubles first: a huge number (1e300) never reaches the integer conversion.
    if (!(number >= double(low) && number <= double(high)) || number != std::floor(number)) {
        *problem = QStringLiteral("has a field \"%1\" of %2, not a whole number from %3 to %4")
                       .arg(field, QString::number(number, 'g', 17))
                       .arg(low)
                       .arg(high);
        return std::nullopt;
    }
    return qint64(number);
}

} // namespace

ScenarioShape ScenarioShape::of(const Scenario &scenario)
{
    ScenarioShape shape;
    shape.queries = scenario.queryCount();
    shape.keys = scenario.keyCount();
    shape.heads = scenario.headCount();
    shape.keyDimension = scenario.keyDimension();
    shape.valueDimension = scenario.valueDimension();
    return shape;
}

QString ScenarioShape::describe() const
{
    // The notation the views and the README use, the same in every language.
    return QStringLiteral("N_q = %1, N_k = %2, H = %3, d_k = %4, d_v = %5")
        .arg(queries)
        .arg(keys)
        .arg(heads)
        .arg(keyDimension)
        .arg(valueDimension);
}

bool ScenarioShape::operator==(const ScenarioShape &other) const
{
    return queries == other.queries && keys == other.keys && heads == other.heads
        && keyDimension == other.keyDimension && valueDimension == other.valueDimension;
}

std::optional<ScenarioFileStamp> ScenarioFileStamp::of(const QString &path)
{
    if (path.isEmpty() || !nonRegularFileKind(path).isEmpty())
        return std::nullopt;
    const QFileInfo info(path);
    if (!info.isFile() || startsAsPng(path))
        return std::nullopt;
    ScenarioFileStamp stamp;
    stamp.path = QDir::cleanPath(info.absoluteFilePath());
    stamp.size = info.size();
    stamp.modified = info.lastModified();
    return stamp;
}

bool ScenarioFileStamp::operator==(const ScenarioFileStamp &other) const
{
    return path == other.path && size == other.size && modified == other.modified
        && blake2b == other.blake2b;
}

QByteArray scenarioReferenceJson(const ScenarioReference &reference)
{
    QJsonObject shape;
    shape.insert(QStringLiteral("queries"), double(reference.shape.queries));
    shape.insert(QStringLiteral("keys"), double(reference.shape.keys));
    shape.insert(QStringLiteral("heads"), double(reference.shape.heads));
    shape.insert(QStringLiteral("d_k"), double(reference.shape.keyDimension));
    shape.insert(QStringLiteral("d_v"), double(reference.shape.valueDimension));
    QJsonObject object;
    object.insert(QStringLiteral("format"), QLatin1String(kScenarioReferenceFormat));
    object.insert(QStringLiteral("version"), kScenarioReferenceVersion);
    object.insert(QStringLiteral("path"), reference.path);
    object.insert(QStringLiteral("size"), double(reference.size));
    object.insert(QStringLiteral("blake2b_512"), QString::fromLatin1(reference.blake2b.toHex()));
    object.insert(QStringLiteral("shape"), shape);
    return QJsonDocument(object).toJson(QJsonDocument::Compact);
}

Result<ScenarioReference> parseScenarioReference(const QByteArray &json, const QString &source)
{
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(json, &parseError);
    if (parseError.error != QJsonParseError::NoError)
        return forgedReference(source, QStringLiteral("is not JSON (%1 at byte %2)")
                                  .arg(parseError.errorString())
                                  .arg(parseError.offset + 1));
    if (!document.isObject())
        return forgedReference(source, QStringLiteral("is not a JSON object"));
    const QJsonObject object = document.object();
    if (object.value(QLatin1String("format")).toString() != QLatin1String(kScenarioReferenceFormat))
        return forgedReference(source, QStringLiteral("has no field \"format\" of \"%1\"")
                                  .arg(QLatin1String(kScenarioReferenceFormat)));
    QString problem;
    const auto version = referenceWholeNumber(object, QStringLiteral("version"), 1, 1000, &problem);
    if (!version)
        return forgedReference(source, problem);
    if (*version > kScenarioReferenceVersion)
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: its scenario file reference is of version %2, from a newer "
                                    "release of Attention Lens (this one reads version %3)")
                         .arg(source)
                         .arg(*version)
                         .arg(kScenarioReferenceVersion)};

    ScenarioReference reference;
    const QJsonValue path = object.value(QLatin1String("path"));
    if (!path.isString())
        return forgedReference(source, QStringLiteral("has no text field \"path\""));
    reference.path = path.toString();
    if (reference.path.size() > kMaxReferencePathChars)
        return forgedReference(source, QStringLiteral("has a path of %1 characters, more than %2")
                                  .arg(reference.path.size())
                                  .arg(kMaxReferencePathChars));
    if (reference.path.isEmpty() || QDir::isRelativePath(reference.path)
        || reference.path.contains(QChar(0)))
        return forgedReference(source, QStringLiteral("has a path that is not an absolute path"));

    const auto size = referenceWholeNumber(object, QStringLiteral("size"), 0, ScenarioLimits::maxFileBytes, &problem);
    if (!size)
        return forgedReference(source, problem);
    reference.size = *size;

    const QJsonValue hash = object.value(QLatin1String("blake2b_512"));
    const QByteArray hex = hash.toString().toLatin1();
    bool isHex = hash.isString() && hex.size() == 2 * kBlake2bBytes;
    for (const char c : hex)
        isHex = isHex && ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'));
    if (!isHex)
        return forgedReference(source, QStringLiteral("has no field \"blake2b_512\" of %1 lower-case hex digits")
                                  .arg(2 * kBlake2bBytes));
    reference.blake2b = QByteArray::fromHex(hex);

    const QJsonValue shapeValue = object.value(QLatin1String("shape"));
    if (!shapeValue.isObject())
        return forgedReference(source, QStringLiteral("has no object field \"shape\""));
    const QJsonObject shape = shapeValue.toObject();
    const struct {
        const char *field;
        qint64 high;
        qint64 *into;
    } fields[] = {
        {"queries", ScenarioLimits::maxRows, &reference.shape.queries},
        {"keys", ScenarioLimits::maxRows, &reference.shape.keys},
        {"heads", ScenarioLimits::maxHeads, &reference.shape.heads},
        {"d_k", ScenarioLimits::maxColumns, &reference.shape.keyDimension},
        {"d_v", ScenarioLimits::maxColumns, &reference.shape.valueDimension},
    };
    for (const auto &field : fields) {
        const auto number = referenceWholeNumber(shape, QLatin1String(field.field), 1, field.high, &problem);
        if (!number)
            return forgedReference(source, QStringLiteral("in \"shape\" ") + problem);
        *field.into = *number;
    }
    return reference;
}

std::optional<ScenarioReference> referenceToScenarioFile(const ScenarioFileStamp &stamp,
                                                         const Scenario &scenario)
{
    const std::optional<ScenarioFileStamp> now = ScenarioFileStamp::of(stamp.path);
    if (!now || now->size != stamp.size || now->size > ScenarioLimits::maxFileBytes)
        return std::nullopt;
    // A stamp from a reference promises a hash; one from an open or a save, the file's time.
    if (stamp.blake2b.isEmpty() && now->modified != stamp.modified)
        return std::nullopt;
    const Result<QByteArray> bytes = readFileBounded(stamp.path, ScenarioLimits::maxFileBytes);
    if (!bytes || bytes.value().size() != stamp.size)
        return std::nullopt;
    ScenarioReference reference;
    reference.path = now->path;
    reference.size = bytes.value().size();
    reference.blake2b = blake2bOf(bytes.value());
    if (!stamp.blake2b.isEmpty() && reference.blake2b != stamp.blake2b)
        return std::nullopt;
    // Written between the stamp and the read? Then the bytes are not surely the scenario's.
    const std::optional<ScenarioFileStamp> after = ScenarioFileStamp::of(stamp.path);
    if (!after || after->size != now->size || after->modified != now->modified)
        return std::nullopt;
    reference.shape = ScenarioShape::of(scenario);
    return reference;
}

Result<PngScenarioContent> pngScenarioContent(const QByteArray &png, const QString &source)
{
    const Result<std::optional<QByteArray>> text = findPngText(
        png, kPngScenarioKey, ScenarioLimits::maxPngTextBytes, source, scenarioTextCheck());
    if (!text)
        return text.error();
    if (text.value() && !text.value()->isEmpty())
        return PngScenarioContent(*text.value());
    const Result<std::optional<QByteArray>> referenceText =
        findPngText(png, kPngScenarioReferenceKey, kMaxScenarioReferenceBytes, source);
    if (!referenceText)
        return referenceText.error();
    if (!referenceText.value()) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: this PNG was not made by Attention Lens (no scenario "
                                    "inside)")
                         .arg(source)};
    }
    Result<ScenarioReference> reference = parseScenarioReference(*referenceText.value(), source);
    if (!reference)
        return reference.error();
    return PngScenarioContent(std::move(reference).value());
}

Result<Scenario> followScenarioReference(const ScenarioReference &reference, const QString &pngSource)
{
    const QString path = QDir::toNativeSeparators(reference.path);
    // What is wrong with the file, in a sentence that names the figure and the file.
    const auto refused = [&](const QString &what) {
        return Error{ErrorCategory::FileError,
                     QCoreApplication::translate(
                         "attnlens::ScenarioReference",
                         "%1 does not carry its scenario: it refers to the scenario file %2, %3. "
                         "The figure was made from a file of %4 bytes (%5). Put that file back, "
                         "or open the scenario file itself.")
                         .arg(pngSource, path, what)
                         .arg(reference.size)
                         .arg(reference.shape.describe())};
    };
    const auto sizeChanged = [&](qint64 size) {
        return refused(QCoreApplication::translate("attnlens::ScenarioReference",
                                                   "whose size has changed (it now has %1 bytes)")
                           .arg(size));
    };
    const QFileInfo info(reference.path);
    if (!info.exists())
        return refused(QCoreApplication::translate("attnlens::ScenarioReference", "which is missing"));
    if (!nonRegularFileKind(reference.path).isEmpty() || !info.isFile())
        return refused(QCoreApplication::translate("attnlens::ScenarioReference",
                                                   "which is not a regular file"));
    if (info.size() != reference.size)
        return sizeChanged(info.size());
    // A figure never refers to another figure: following one could go round in circles.
    if (startsAsPng(reference.path))
        return refused(QCoreApplication::translate("attnlens::ScenarioReference",
                                                   "which is another PNG figure, not a scenario file"));
    const Result<QByteArray> bytes = readFileBounded(reference.path, ScenarioLimits::maxFileBytes);
    if (!bytes)
        return refused(QCoreApplication::translate("attnlens::ScenarioReference", "which cannot be read (%1)")
                           .arg(bytes.error().message));
    if (bytes.value().size() != reference.size)
        return sizeChanged(bytes.value().size());
    if (blake2bOf(bytes.value()) != reference.blake2b)
        return refused(QCoreApplication::translate("attnlens::ScenarioReference",
                                                   "whose contents have changed (the same size, other bytes)"));
    Result<Scenario> scenario = parseScenario(bytes.value(), info.fileName());
    if (!scenario)
        return scenario;
    const ScenarioShape shape = ScenarioShape::of(scenario.value());
    if (shape != reference.shape) {
        return Error{ErrorCategory::InvalidScenario,
                     QCoreApplication::translate("attnlens::ScenarioReference",
                                                 "%1 refers to the scenario file %2, which holds a "
                                                 "scenario of %3, not of %4 as the figure says")
                         .arg(pngSource, path, shape.describe(), reference.shape.describe())};
    }
    return scenario;
}

std::optional<ScenarioFileStamp> scenarioFileBehind(const QString &path)
{
    if (!QFileInfo(path).isFile() || !nonRegularFileKind(path).isEmpty())
        return std::nullopt;
    if (!startsAsPng(path))
        return ScenarioFileStamp::of(path);
    const Result<QByteArray> png = readFileBounded(path, ScenarioLimits::maxFileBytes);
    if (!png)
        return std::nullopt;
    const QString source = QFileInfo(path).fileName();
    // A limit of 0 bytes: a scenario chunk is found (and refused as too large) after
    // inflating a byte of it, not the whole scenario. A figure that carries its scenario is
    // the scenario's only file.
    const Result<std::optional<QByteArray>> embedded = findPngText(png.value(), kPngScenarioKey, 0, source);
    if (!embedded || embedded.value())
        return std::nullopt;
    const Result<std::optional<QByteArray>> text =
        findPngText(png.value(), kPngScenarioReferenceKey, kMaxScenarioReferenceBytes, source);
    if (!text || !text.value())
        return std::nullopt;
    const Result<ScenarioReference> reference = parseScenarioReference(*text.value(), source);
    if (!reference)
        return std::nullopt;
    ScenarioFileStamp stamp;
    stamp.path = reference.value().path;
    stamp.size = reference.value().size;
    stamp.blake2b = reference.value().blake2b;
    return stamp;
}

} // namespace attnlens
