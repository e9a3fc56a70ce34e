#include "scenariojson.h"

#include "evidence.h"
#include "jsonfile.h"
#include "pngtext.h"
#include "scenarioreference.h"
#include "scalelabjson.h"
#include "scenariojsonfast.h"
#include "scenarioreader.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>
#include <limits>

namespace attnlens {

namespace {

// Python's json module writes NaN and infinities as the bare words NaN, Infinity and -Infinity,
// which strict JSON does not allow. Files made that way are common in courses, so those three
// words (outside strings) are read as the quoted forms this format defines. A negative zero
// (-0.0, -0, -0e5) is a JSON number like any other, but Qt's reader drops its sign; it is read
// as the quoted form "-0.0", which keeps it.
struct RewrittenJson {
    QByteArray text;  ///< empty when there was nothing to rewrite
    /// Each rewritten span: where it starts in `text`, and how many bytes longer it is there.
    std::vector<std::pair<qsizetype, qsizetype>> edits;

    /// The offset in the original text of an offset in the rewritten one.
    qsizetype originalOffset(qsizetype offset) const
    {
        qsizetype growth = 0;
        for (const auto &[start, longer] : edits) {
            if (start >= offset)
                break;
            growth += longer;
        }
        return offset - growth;
    }
};

/// The length of the negative zero numeral at `data[i]` ("-0", "-0.000", "-0e7", "-0.0E-3"), or
/// 0 when no such numeral starts there ("-0.5" and "-01" are no zero).
qsizetype negativeZeroLength(const char *data, qsizetype size, qsizetype i)
{
    const auto isDigit = [&](qsizetype k) { return k < size && data[k] >= '0' && data[k] <= '9'; };
    if (i + 1 >= size || data[i] != '-' || data[i + 1] != '0')
        return 0;
    if (i > 0 && (data[i - 1] == 'e' || data[i - 1] == 'E'))
        return 0;  // the exponent of another number ("1e-0")
    qsizetype end = i + 2;
    if (end < size && data[end] == '.') {
        if (!isDigit(end + 1))
            return 0;
        ++end;
        while (end < size && data[end] == '0')
            ++end;
    }
    if (end < size && (data[end] == 'e' || data[end] == 'E')) {
        qsizetype digits = end + 1;
        if (digits < size && (data[digits] == '+' || data[digits] == '-'))
            ++digits;
        if (!isDigit(digits))
            return 0;
        while (isDigit(digits))
            ++digits;
        end = digits;
    }
    // A digit or a point left over means the number is not zero (or not a number at all).
    if (isDigit(end) || (end < size && (data[end] == '.' || data[end] == 'e' || data[end] == 'E')))
        return 0;
    return end - i;
}

RewrittenJson quoteSpecialNumbers(const QByteArray &json)
{
    RewrittenJson result;
    // Most files hold none of them: one fast search each.
    if (!json.contains("NaN") && !json.contains("Infinity") && !json.contains("-0"))
        return result;
    static const char *const words[] = {"-Infinity", "Infinity", "NaN"};
    QByteArray &rewritten = result.text;
    rewritten.reserve(json.size() + 64);
    const char *const data = json.constData();
    const qsizetype size = json.size();
    bool inString = false;
    qsizetype copiedUpTo = 0;  // bytes before this are already in `rewritten`
    const auto replace = [&](qsizetype i, qsizetype length, const char *quoted, qsizetype quotedLength) {
        rewritten.append(data + copiedUpTo, i - copiedUpTo);
        result.edits.emplace_back(rewritten.size(), quotedLength - length);
        rewritten.append(quoted, quotedLength);
        copiedUpTo = i + length;
    };
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"') {
            inString = true;
            continue;
        }
        if (c != 'N' && c != 'I' && c != '-')
            continue;
        if (const qsizetype zero = negativeZeroLength(data, size, i)) {
            static const char quotedZero[] = "\"-0.0\"";
            replace(i, zero, quotedZero, qsizetype(sizeof quotedZero - 1));
            i += zero - 1;
            continue;
        }
        for (const char *word : words) {
            const qsizetype length = qsizetype(std::strlen(word));
            if (i + length <= size && std::memcmp(data + i, word, size_t(length)) == 0) {
                const QByteArray quoted = '"' + QByteArray(word, length) + '"';
                replace(i, length, quoted.constData(), quoted.size());
                i += length - 1;
                break;
            }
        }
    }
    if (result.edits.empty()) {
        result.text.clear();
        return result;
    }
    rewritten.append(data + copiedUpTo, size - copiedUpTo);
    return result;
}

// QJsonDocument keeps the last of two equal keys without a word. Of a document that parsed,
// returns the first key that an object repeats ("temperature" given twice is a mistake to
// report, not to guess at). Keys are compared as written.
std::optional<QByteArray> firstDuplicateKey(const QByteArray &json)
{
    struct Level {
        bool object = false;
        bool expectKey = false;
        std::vector<QByteArray> keys;
    };
    std::vector<Level> levels;
    const char *const data = json.constData();
    const qsizetype size = json.size();
    for (qsizetype i = 0; i < size; ++i) {
        const char c = data[i];
        switch (c) {
        case '"': {
            qsizetype end = i + 1;
            while (end < size && data[end] != '"')
                end += data[end] == '\\' ? 2 : 1;
            if (!levels.empty() && levels.back().object && levels.back().expectKey) {
                QByteArray key(data + i + 1, end - i - 1);
                std::vector<QByteArray> &keys = levels.back().keys;
                if (std::find(keys.begin(), keys.end(), key) != keys.end())
                    return key;
                keys.push_back(std::move(key));
                levels.back().expectKey = false;
            }
            i = end;
            break;
        }
        case '{': levels.push_back(Level{true, true, {}}); break;
        case '[': levels.push_back(Level{}); break;
        case '}':
        case ']':
            if (!levels.empty())
                levels.pop_back();
            break;
        case ',':
            if (!levels.empty() && levels.back().object)
                levels.back().expectKey = true;
            break;
        default: break;
        }
    }
    return std::nullopt;
}

/// rows x columns of a list of lists as written (its first row's length), without reading it.
qint64 declaredEntries(const QJsonValue &table)
{
    const QJsonArray rows = table.toArray();
    return rows.isEmpty() ? 0 : qint64(rows.size()) * qint64(rows.first().toArray().size());
}

/// Reads the "heads" list of a version-2 scenario into `scenario`. Its count and the entries of
/// all its matrices are checked against the limits before any matrix is read.
bool readHeads(ScenarioReader &reader, const QJsonObject &root, const QJsonValue &heads,
               Scenario &scenario)
{
    const QString field = QStringLiteral("heads");
    for (const char *single : {"Q", "K", "V"}) {
        if (root.contains(QLatin1String(single))) {
            reader.fail(QLatin1String(single),
                        QStringLiteral("is given beside \"heads\"; a scenario holds either Q, K "
                                       "and V (one head) or a list of heads, not both"));
            return false;
        }
    }
    if (!heads.isArray()) {
        reader.fail(field, QStringLiteral("must be a list of heads, found %1").arg(describeJsonValue(heads)));
        return false;
    }
    const QJsonArray list = heads.toArray();
    if (list.isEmpty()) {
        reader.fail(field, QStringLiteral("is empty; a scenario needs at least one head"));
        return false;
    }
    if (list.size() > ScenarioLimits::maxHeads) {
        reader.fail(field, QStringLiteral("has %1 heads, more than the limit of %2")
                               .arg(list.size())
                               .arg(ScenarioLimits::maxHeads));
        return false;
    }
    qint64 entries = 0;
    for (int h = 0; h < list.size(); ++h) {
        if (!list.at(h).isObject()) {
            reader.fail(field, QStringLiteral("head %1 must be an object with the fields Q, K and "
                                              "V, found %2")
                                   .arg(h + 1)
                                   .arg(describeJsonValue(list.at(h))));
            return false;
        }
        const QJsonObject head = list.at(h).toObject();
        for (const char *matrix : {"Q", "K", "V"})
            entries += declaredEntries(head.value(QLatin1String(matrix)));
    }
    if (entries > ScenarioLimits::maxHeadEntries) {
        reader.fail(field, QStringLiteral("the heads hold %1 numbers in Q, K and V together, more "
                                          "than the limit of %2")
                               .arg(entries)
                               .arg(ScenarioLimits::maxHeadEntries));
        return false;
    }
    for (int h = 0; h < list.size(); ++h) {
        const QJsonObject object = list.at(h).toObject();
        const QString prefix = QStringLiteral("heads\", head %1, \"").arg(h + 1);
        AttentionHead head;
        const auto name = reader.optionalText(object, QStringLiteral("name"), ScenarioLimits::maxLabelChars,
                                              prefix + QStringLiteral("name"));
        if (!name)
            return false;
        head.name = *name;
        auto queries = reader.matrix(object, QStringLiteral("Q"), prefix + QStringLiteral("Q"));
        if (!queries)
            return false;
        auto keys = reader.matrix(object, QStringLiteral("K"), prefix + QStringLiteral("K"));
        if (!keys)
            return false;
        auto values = reader.matrix(object, QStringLiteral("V"), prefix + QStringLiteral("V"));
        if (!values)
            return false;
        head.queries = std::move(*queries);
        head.keys = std::move(*keys);
        head.values = std::move(*values);
        if (h == 0)
            scenario.setHead(0, std::move(head));
        else
            scenario.moreHeads.push_back(std::move(head));
    }
    return true;
}

/// Reads the optional "derivation" object ({"X", "Y" (cross-attention only), "W_Q", "W_K",
/// "W_V"}) into `scenario`, whose Q, K and V are read already. They must be exactly what the
/// derivation derives (the writer writes every double so that it reads back the same, so a
/// saved file always is): a file whose Q, K or V differ from X W_Q, ... is refused, naming the
/// first cell that differs, rather than one of the two silently winning.
bool readDerivation(ScenarioReader &reader, const QJsonValue &value, Scenario &scenario)
{
    const QString field = QStringLiteral("derivation");
    if (!value.isObject()) {
        reader.fail(field, QStringLiteral("must be an object with the fields X, W_Q, W_K and W_V "
                                          "(and Y for cross-attention), found %1")
                               .arg(describeJsonValue(value)));
        return false;
    }
    const QJsonObject object = value.toObject();
    const QString prefix = QStringLiteral("derivation\", \"");
    Derivation derivation;
    const struct {
        const char *key;
        Matrix *target;
    } parts[] = {{"X", &derivation.x}, {"W_Q", &derivation.wQ}, {"W_K", &derivation.wK},
                 {"W_V", &derivation.wV}};
    for (const auto &part : parts) {
        auto matrix = reader.matrix(object, QLatin1String(part.key), prefix + QLatin1String(part.key));
        if (!matrix)
            return false;
        *part.target = std::move(*matrix);
    }
    const QJsonValue y = object.value(QLatin1String("Y"));
    if (!y.isUndefined() && !y.isNull()) {
        auto matrix = reader.matrix(object, QStringLiteral("Y"), prefix + QStringLiteral("Y"));
        if (!matrix)
            return false;
        derivation.y = std::move(*matrix);
    }
    Scenario derived = scenario;
    derived.derivation = std::move(derivation);
    if (const std::optional<Error> refusal = derivationRefusal(derived)) {
        reader.fail(field, refusal->message);
        return false;
    }
    derive(derived);
    const struct {
        const char *name;
        const Matrix *stored;
        const Matrix *expected;
        const char *formula;
    } checks[] = {{"Q", &scenario.queries, &derived.queries, "X W_Q"},
                  {"K", &scenario.keys, &derived.keys, derived.derivation->isCross() ? "Y W_K" : "X W_K"},
                  {"V", &scenario.values, &derived.values, derived.derivation->isCross() ? "Y W_V" : "X W_V"}};
    for (const auto &check : checks) {
        if (check.stored->rows() != check.expected->rows() || check.stored->cols() != check.expected->cols()) {
            reader.fail(QLatin1String(check.name),
                        QStringLiteral("is %1\u00d7%2 but the derivation makes %3 = %4\u00d7%5")
                            .arg(check.stored->rows())
                            .arg(check.stored->cols())
                            .arg(QLatin1String(check.formula))
                            .arg(check.expected->rows())
                            .arg(check.expected->cols()));
            return false;
        }
        for (Index i = 0; i < check.stored->rows(); ++i) {
            for (Index j = 0; j < check.stored->cols(); ++j) {
                // The file writes every NaN as "NaN": a product that overflows to -NaN (or any
                // other NaN) is read back as NaN, which is the same value.
                const double stored = (*check.stored)(i, j);
                const double expected = (*check.expected)(i, j);
                if (!identicalDoubles(stored, expected) && !(std::isnan(stored) && std::isnan(expected))) {
                    reader.fail(QLatin1String(check.name),
                                QStringLiteral("row %1, column %2 is %3 but %4 gives %5; Q, K and "
                                               "V must be what the derivation derives")
                                    .arg(i + 1)
                                    .arg(j + 1)
                                    .arg((*check.stored)(i, j), 0, 'g', 17)
                                    .arg(QLatin1String(check.formula))
                                    .arg((*check.expected)(i, j), 0, 'g', 17));
                    return false;
                }
            }
        }
    }
    // What the derivation derives, bit for bit (its NaNs as derived): the scenario the app had
    // when it saved the file.
    scenario = std::move(derived);
    return true;
}

/// Reads the optional "score" object: {"function": "general", "W": [[...]]} or
/// {"function": "additive", "W_q": [[...]], "W_k": [[...]], "w": [...]}; "scaled-dot" or no
/// object at all is today's scaled dot-product. Whether the weights fit Q and K is the engine's
/// check (a file may be saved mid-edit); here only the form is checked.
bool readScore(ScenarioReader &reader, const QJsonValue &value, Scenario &scenario)
{
    const QString field = QStringLiteral("score");
    if (!value.isObject()) {
        reader.fail(field, QStringLiteral("must be an object such as {\"function\": \"additive\", "
                                          "\"W_q\": ..., \"W_k\": ..., \"w\": ...}, found %1")
                               .arg(describeJsonValue(value)));
        return false;
    }
    const QJsonObject object = value.toObject();
    const QJsonValue function = object.value(QLatin1String("function"));
    const auto kind = function.isString() ? scoreFunctionFromFileName(function.toString())
                                          : std::nullopt;
    if (!kind) {
        reader.fail(QStringLiteral("score\", \"function"),
                    QStringLiteral("must be \"scaled-dot\", \"general\" or \"additive\", found %1")
                        .arg(describeJsonValue(function)));
        return false;
    }
    QStringList expected{QStringLiteral("function")};
    if (*kind == ScoreFunction::Kind::General)
        expected << QStringLiteral("W");
    else if (*kind == ScoreFunction::Kind::Additive)
        expected << QStringLiteral("W_q") << QStringLiteral("W_k") << QStringLiteral("w");
    for (const QString &key : object.keys()) {
        if (!expected.contains(key)) {
            reader.fail(QStringLiteral("score\", \"") + key,
                        QStringLiteral("does not belong to the %1 score, which has the fields %2")
                            .arg(function.toString(), expected.join(QStringLiteral(", "))));
            return false;
        }
    }
    ScoreFunction score;
    score.kind = *kind;
    const QString prefix = QStringLiteral("score\", \"");
    if (*kind == ScoreFunction::Kind::General) {
        auto general = reader.matrix(object, QStringLiteral("W"), prefix + QStringLiteral("W"));
        if (!general)
            return false;
        score.general = std::move(*general);
    } else if (*kind == ScoreFunction::Kind::Additive) {
        auto queryWeight = reader.matrix(object, QStringLiteral("W_q"), prefix + QStringLiteral("W_q"));
        if (!queryWeight)
            return false;
        auto keyWeight = reader.matrix(object, QStringLiteral("W_k"), prefix + QStringLiteral("W_k"));
        if (!keyWeight)
            return false;
        const QJsonValue vector = object.value(QLatin1String("w"));
        if (!vector.isArray()) {
            reader.fail(prefix + QStringLiteral("w"),
                        QStringLiteral("must be a list of numbers, found %1").arg(describeJsonValue(vector)));
            return false;
        }
        const QJsonArray entries = vector.toArray();
        if (entries.size() > ScenarioLimits::maxColumns) {
            reader.fail(prefix + QStringLiteral("w"),
                        QStringLiteral("has %1 entries, more than the limit of %2")
                            .arg(entries.size())
                            .arg(ScenarioLimits::maxColumns));
            return false;
        }
        score.scoreVector.resize(entries.size());
        for (int m = 0; m < entries.size(); ++m) {
            const auto x = reader.number(entries.at(m), prefix + QStringLiteral("w"),
                                         QStringLiteral("entry %1").arg(m + 1));
            if (!x)
                return false;
            score.scoreVector(m) = *x;
        }
        score.queryWeight = std::move(*queryWeight);
        score.keyWeight = std::move(*keyWeight);
    }
    scenario.score = std::move(score);
    return true;
}


} // namespace

Result<Scenario> parseScenario(const QByteArray &json, const QString &source)
{
    if (json.size() <= ScenarioLimits::maxFileBytes) {
        QStringList notes;
        if (std::optional<Scenario> scenario = parseScenarioFast(json, &notes)) {
            Result<Scenario> read(std::move(*scenario));
            for (QString &note : notes)
                note = QStringLiteral("%1: %2").arg(source, note);
            read.addNotes(notes);
            return read;
        }
    }
    return parseScenarioWithQt(json, source);
}

Result<Scenario> parseScenarioWithQt(const QByteArray &json, const QString &source)
{
    if (json.size() > ScenarioLimits::maxFileBytes) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: the document is larger than the limit of %2 MiB")
                         .arg(source)
                         .arg(ScenarioLimits::maxFileBytes / (1024 * 1024))};
    }
    QJsonParseError parseError;
    const RewrittenJson rewritten = quoteSpecialNumbers(json);
    const QJsonDocument document =
        QJsonDocument::fromJson(rewritten.text.isEmpty() ? json : rewritten.text, &parseError);
    if (parseError.error != QJsonParseError::NoError && !rewritten.text.isEmpty())
        parseError.offset = static_cast<int>(rewritten.originalOffset(parseError.offset));
    if (parseError.error != QJsonParseError::NoError) {
        // Report a line and column: people open the file in an editor, not a hex viewer.
        const QByteArray before = json.left(parseError.offset);
        const int line = before.count('\n') + 1;
        const int column = parseError.offset - (before.lastIndexOf('\n') + 1) + 1;
        return Error{ErrorCategory::InvalidJson,
                     QStringLiteral("%1: not valid JSON at line %2, column %3: %4")
                         .arg(source)
                         .arg(line)
                         .arg(column)
                         .arg(parseError.errorString())};
    }
    if (!document.isObject()) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: a scenario must be a JSON object with the fields Q, K "
                                    "and V, found %2")
                         .arg(source, document.isArray() ? QStringLiteral("a list")
                                                         : QStringLiteral("a single value"))};
    }
    const QJsonObject root = document.object();
    ScenarioReader reader(source);
    if (const auto key = firstDuplicateKey(rewritten.text.isEmpty() ? json : rewritten.text)) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: field \"%2\" is given twice; keep only one")
                         .arg(source, QString::fromUtf8(*key))};
    }

    const QJsonValue format = root.value(QLatin1String("format"));
    // Evidence files carry the scenario they were made from, so they open as scenarios too.
    if (!format.isUndefined() && format.toString() != QLatin1String(kScenarioFormat)
        && format.toString() != QLatin1String(kEvidenceFormat)) {
        return reader.fail(QStringLiteral("format"),
                           QStringLiteral("must be \"%1\", found %2")
                               .arg(QLatin1String(kScenarioFormat), describeJsonValue(format)));
    }
    const QJsonValue version = root.value(QLatin1String("version"));
    if (!version.isUndefined()) {
        if (!version.isDouble() || version.toDouble() != std::floor(version.toDouble())
            || version.toDouble() < 1) {
            return reader.fail(QStringLiteral("version"),
                               QStringLiteral("must be a whole number, found %1")
                                   .arg(describeJsonValue(version)));
        }
        if (version.toDouble() > kScenarioVersion) {
            return reader.fail(QStringLiteral("version"),
                               QStringLiteral("is %1, but this Attention Lens reads version %2 "
                                              "only; the file comes from a newer release")
                                   .arg(version.toDouble())
                                   .arg(kScenarioVersion));
        }
    }

    Scenario scenario;
    const auto name = reader.optionalText(root, QStringLiteral("name"),
                                          ScenarioLimits::maxLabelChars);
    const auto description = name ? reader.optionalText(root, QStringLiteral("description"),
                                                        ScenarioLimits::maxDescriptionChars)
                                  : std::nullopt;
    if (!description)
        return *reader.error;
    scenario.name = *name;
    scenario.description = *description;

    const QJsonValue heads = root.value(QLatin1String("heads"));
    if (heads.isUndefined()) {
        auto queries = reader.matrix(root, QStringLiteral("Q"));
        if (!queries)
            return *reader.error;
        auto keys = reader.matrix(root, QStringLiteral("K"));
        if (!keys)
            return *reader.error;
        auto values = reader.matrix(root, QStringLiteral("V"));
        if (!values)
            return *reader.error;
        scenario.queries = std::move(*queries);
        scenario.keys = std::move(*keys);
        scenario.values = std::move(*values);
    } else if (!readHeads(reader, root, heads, scenario)) {
        return *reader.error;
    }

    auto queryLabels = reader.labels(root, QStringLiteral("query_labels"), scenario.queryCount(),
                                     QStringLiteral("Q"));
    if (!queryLabels)
        return *reader.error;
    auto keyLabels = reader.labels(root, QStringLiteral("key_labels"), scenario.keyCount(),
                                   QStringLiteral("K"));
    if (!keyLabels)
        return *reader.error;
    scenario.queryLabels = std::move(*queryLabels);
    scenario.keyLabels = std::move(*keyLabels);

    const QJsonValue temperature = root.value(QLatin1String("temperature"));
    if (!temperature.isUndefined()) {
        const auto t = reader.number(temperature, QStringLiteral("temperature"));
        if (!t)
            return *reader.error;
        scenario.temperature = *t;
    }

    const QJsonValue allowed = root.value(QLatin1String("allowed"));
    if (!allowed.isUndefined() && !allowed.isNull()) {
        auto mask = reader.mask(root, QStringLiteral("allowed"));
        if (!mask)
            return *reader.error;
        scenario.allowed = std::move(*mask);
    }

    const QJsonValue scaleLab = root.value(QLatin1String("scale_lab"));
    if (!scaleLab.isUndefined() && !scaleLab.isNull()) {
        auto settings = scaleLabFromJson(scaleLab, scenario.keyCount());
        if (const QString *problem = std::get_if<QString>(&settings))
            return reader.fail(QStringLiteral("scale_lab"), *problem);
        scenario.scaleLab = std::get<ScaleLabSettings>(settings);
    }
    const QJsonValue derivation = root.value(QLatin1String("derivation"));
    if (!derivation.isUndefined() && !derivation.isNull()
        && !readDerivation(reader, derivation, scenario))
        return *reader.error;
    const QJsonValue score = root.value(QLatin1String("score"));
    if (!score.isUndefined() && !score.isNull() && !readScore(reader, score, scenario))
        return *reader.error;
    Result<Scenario> read(std::move(scenario));
    read.addNotes(reader.notes);
    return read;
}

Result<Scenario> readScenarioFile(const QString &path)
{
    Result<QByteArray> bytes = readFileBounded(path, ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    const QString fileName = QFileInfo(path).fileName();
    if (!hasPngSignature(bytes.value()))
        return parseScenario(bytes.value(), fileName);
    // A figure of a large scenario refers to its saved file instead of carrying it.
    const Result<PngScenarioContent> content = pngScenarioContent(bytes.value(), fileName);
    if (!content)
        return content.error();
    if (const auto *reference = std::get_if<ScenarioReference>(&content.value()))
        return followScenarioReference(*reference, fileName);
    return parseScenario(std::get<QByteArray>(content.value()), fileName);
}

Result<Scenario> parsePngScenario(const QByteArray &png, const QString &source)
{
    const Result<PngScenarioContent> content = pngScenarioContent(png, source);
    if (!content)
        return content.error();
    if (const auto *reference = std::get_if<ScenarioReference>(&content.value())) {
        // Bytes alone have no file system behind them: readScenarioFile() follows references.
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: the figure does not carry its scenario but refers to the "
                                    "scenario file %2; open the figure as a file to follow it")
                         .arg(source, reference->path)};
    }
    return parseScenario(std::get<QByteArray>(content.value()), source);
}

QJsonValue numberToJson(double value)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("Infinity") : QStringLiteral("-Infinity");
    // QJsonValue keeps whole numbers as integers, and the integer 0 has no sign.
    if (value == 0.0 && std::signbit(value))
        return QStringLiteral("-0.0");
    return value;
}

QJsonDocument parseJsonKeepingSpecialNumbers(const QByteArray &json, QJsonParseError *error)
{
    const RewrittenJson rewritten = quoteSpecialNumbers(json);
    return QJsonDocument::fromJson(rewritten.text.isEmpty() ? json : rewritten.text, error);
}

QString shortLabelListNote(const QString &field, Index given, const QString &matrix, Index rows)
{
    const QString stem = matrix == QLatin1String("Q") ? QStringLiteral("query") : QStringLiteral("key");
    const QString missing = given + 1 == rows
        ? QStringLiteral("row %1 takes its default label (\"%2 %1\")").arg(rows).arg(stem)
        : QStringLiteral("rows %1 to %2 take their default labels (\"%3 %1\" to \"%3 %2\")")
              .arg(given + 1)
              .arg(rows)
              .arg(stem);
    return QStringLiteral("field \"%1\" has %2 %3 but %4 has %5 rows; %6, and saving writes one "
                          "label per row")
        .arg(field)
        .arg(given)
        .arg(given == 1 ? QStringLiteral("label") : QStringLiteral("labels"))
        .arg(matrix)
        .arg(rows)
        .arg(missing);
}

QJsonArray matrixToJson(const Matrix &matrix)
{
    QJsonArray rows;
    for (Index i = 0; i < matrix.rows(); ++i) {
        QJsonArray row;
        for (Index j = 0; j < matrix.cols(); ++j)
            row.append(numberToJson(matrix(i, j)));
        rows.append(row);
    }
    return rows;
}

QJsonArray maskToJson(const Mask &mask)
{
    QJsonArray rows;
    for (Index i = 0; i < mask.rows(); ++i) {
        QJsonArray row;
        for (Index j = 0; j < mask.cols(); ++j)
            row.append(static_cast<bool>(mask(i, j)));
        rows.append(row);
    }
    return rows;
}

int scenarioVersionFor(const Scenario &scenario)
{
    // A score other than scaled dot-product needs version 3, so that an older release refuses
    // the file ("from a newer release") instead of computing dot products in its place.
    if (!scenario.score.isScaledDot())
        return kScenarioVersion;
    return scenario.hasSeveralHeads() || !scenario.headName.isEmpty() ? kHeadsScenarioVersion
                                                                      : kOneHeadScenarioVersion;
}

QJsonObject scenarioToJson(const Scenario &scenario)
{
    return scenarioDraft(scenario).toObject();
}

} // namespace attnlens
