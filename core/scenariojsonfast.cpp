#include "scenariojsonfast.h"

#include "evidence.h"
#include "scenariofields.h"
#include "scenariojson.h"

#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string_view>
#include <vector>

namespace attnlens {

namespace {

namespace dom = simdjson::dom;

/// Deeper than any scenario or evidence file; a deeper document goes to the Qt reader, which
/// has its own nesting limit and message.
constexpr size_t kMaxDepth = 64;

/// Thrown (and caught in parseScenarioFast) when the fast reader meets anything it does not
/// take: the Qt reader then reads the document and says what is wrong.
struct NotForTheFastPath {};

[[noreturn]] void giveUp() { throw NotForTheFastPath{}; }

/// Bytes both readers might treat differently: control characters (JSON allows only tab, line
/// feed and carriage return, as white space) and a byte order mark.
bool hasUnusualBytes(const QByteArray &json)
{
    if (json.startsWith("\xEF\xBB\xBF"))
        return true;
    const auto *data = reinterpret_cast<const unsigned char *>(json.constData());
    const qsizetype size = json.size();
    unsigned char unusual = 0;
    for (qsizetype i = 0; i < size; ++i) {
        const unsigned char c = data[i];
        // Branch-free so the compiler vectorises it: 1 for a control byte other than \t \n \r.
        unusual |= (c < 0x20) & (c != '\t') & (c != '\n') & (c != '\r');
    }
    return unusual != 0;
}

/// An object's fields, refusing a repeated key (the Qt reader reports those).
std::vector<std::pair<std::string_view, dom::element>> fieldsOf(dom::object object)
{
    std::vector<std::pair<std::string_view, dom::element>> fields;
    for (const dom::key_value_pair field : object) {
        for (const auto &seen : fields) {
            if (seen.first == field.key)
                giveUp();
        }
        fields.emplace_back(field.key, field.value);
    }
    return fields;
}

std::optional<dom::element> find(const std::vector<std::pair<std::string_view, dom::element>> &fields,
                                 std::string_view key)
{
    for (const auto &field : fields) {
        if (field.first == key)
            return field.second;
    }
    return std::nullopt;
}

QString text(dom::element value, int maxChars)
{
    std::string_view utf8;
    if (value.get_string().get(utf8) != simdjson::SUCCESS)
        giveUp();
    // A \uD800 escape on its own would come out as a surrogate's bytes, which is not UTF-8.
    if (!simdjson::validate_utf8(utf8))
        giveUp();
    QString result = QString::fromUtf8(utf8.data(), qsizetype(utf8.size()));
    if (result.size() > maxChars || !result.isValidUtf16())
        giveUp();
    return result;
}

/// A missing or null text is empty, as in the Qt reader.
QString optionalText(const std::optional<dom::element> &value, int maxChars)
{
    if (!value || value->is_null())
        return QString();
    return text(*value, maxChars);
}

/// The document's text, asked only when a number reads as zero: simdjson turns a number below
/// the smallest double ("1e-400", or "0.000000000000000000000000000001e-299") into 0, where Qt
/// refuses it ("illegal number": invalid_json). A number below the smallest double is refused
/// however it is written, and the fast reader leaves every such document to the Qt reader.
class Source {
public:
    explicit Source(const QByteArray &json) : m_json(json) {}

    /// Whether some number in the text might be below the smallest double: its first significant
    /// digit stands at 10^-300 or below, counting the digits before it as well as the exponent
    /// (a false alarm only sends the document to the Qt reader; underflow itself starts below
    /// 10^-323).
    bool mayUnderflow() const
    {
        if (!m_mayUnderflow)
            m_mayUnderflow = scan();
        return *m_mayUnderflow;
    }

    /// Whether the text might hold the number -0 written without a point or an exponent (a
    /// false alarm only sends the document to the Qt reader).
    bool mayHoldNegativeIntegerZero() const
    {
        if (!m_mayHoldNegativeIntegerZero) {
            const char *data = m_json.constData();
            const qsizetype size = m_json.size();
            bool found = false;
            for (qsizetype i = 0; i + 1 < size && !found; ++i) {
                if (data[i] != '-' || data[i + 1] != '0')
                    continue;
                const char next = i + 2 < size ? data[i + 2] : ' ';
                found = next != '.' && next != 'e' && next != 'E' && (next < '0' || next > '9');
            }
            m_mayHoldNegativeIntegerZero = found;
        }
        return *m_mayHoldNegativeIntegerZero;
    }

private:
    static bool isDigit(char c) { return c >= '0' && c <= '9'; }

    /// The power of ten of the number's first significant digit, or nothing for a zero. `at` is
    /// the number's first character in JSON that simdjson parsed already; it ends past the number.
    static std::optional<qint64> leadingPower(const char *data, qsizetype size, qsizetype &at)
    {
        // Counts saturate at a billion: a number that far off is as far off either way.
        constexpr qint64 kFar = 1'000'000'000;
        if (at < size && data[at] == '-')
            ++at;
        std::optional<qint64> power;
        qint64 integerDigits = 0;
        for (; at < size && isDigit(data[at]); ++at) {
            if (!power && data[at] != '0')
                power = -integerDigits;  // corrected below by the count of integer digits
            integerDigits = std::min(integerDigits + 1, kFar);
        }
        if (power)
            *power += integerDigits - 1;
        if (at < size && data[at] == '.') {
            qint64 fractionDigits = 0;
            for (++at; at < size && isDigit(data[at]); ++at) {
                fractionDigits = std::min(fractionDigits + 1, kFar);
                if (!power && data[at] != '0')
                    power = -fractionDigits;
            }
        }
        if (at < size && (data[at] == 'e' || data[at] == 'E')) {
            ++at;
            const bool negative = at < size && data[at] == '-';
            if (at < size && (data[at] == '-' || data[at] == '+'))
                ++at;
            qint64 exponent = 0;
            for (; at < size && isDigit(data[at]); ++at)
                exponent = std::min(exponent * 10 + (data[at] - '0'), kFar);
            if (power)
                *power += negative ? -exponent : exponent;
        }
        return power;
    }

    bool scan() const
    {
        const char *data = m_json.constData();
        const qsizetype size = m_json.size();
        bool inString = false;
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
            } else if (c == '-' || isDigit(c)) {
                qsizetype end = i;
                const std::optional<qint64> power = leadingPower(data, size, end);
                if (power && *power <= -300)
                    return true;
                i = end - 1;
            }
        }
        return false;
    }

    const QByteArray &m_json;
    mutable std::optional<bool> m_mayUnderflow;
    mutable std::optional<bool> m_mayHoldNegativeIntegerZero;
};

/// Walks a value the reader ignores, to refuse a repeated key anywhere inside it and a number
/// below the smallest double (both make the whole document invalid for the Qt reader).
void checkIgnored(dom::element value, const Source &source)
{
    dom::object object;
    dom::array array;
    if (value.get_object().get(object) == simdjson::SUCCESS) {
        for (const auto &field : fieldsOf(object))
            checkIgnored(field.second, source);
    } else if (value.get_array().get(array) == simdjson::SUCCESS) {
        for (const dom::element element : array)
            checkIgnored(element, source);
    } else if (value.type() == dom::element_type::DOUBLE
               && value.get_double().value_unsafe() == 0.0 && source.mayUnderflow()) {
        giveUp();
    }
}

/// Checks the fields neither reader reads (an evidence file's results) as checkIgnored() does;
/// a field the format does not declare goes to the Qt reader, so that no field is ever dropped
/// on the fast path that the Qt reader would read.
void skipUnread(const std::vector<std::pair<std::string_view, dom::element>> &fields,
                std::optional<FieldReading> (*readingOf)(std::string_view), const Source &source)
{
    for (const auto &field : fields) {
        const std::optional<FieldReading> reading = readingOf(field.first);
        if (!reading)
            giveUp();
        if (*reading == FieldReading::Neither)
            checkIgnored(field.second, source);
    }
}

double number(dom::element value, const Source &source)
{
    double result = 0;
    switch (value.type()) {
    case dom::element_type::INT64:
        result = double(value.get_int64().value_unsafe());
        // simdjson reads "-0" as the integer 0, without its sign; the Qt reader keeps it.
        if (result == 0.0 && source.mayHoldNegativeIntegerZero())
            giveUp();
        break;
    case dom::element_type::UINT64: result = double(value.get_uint64().value_unsafe()); break;
    case dom::element_type::DOUBLE:
        result = value.get_double().value_unsafe();
        // A number below the smallest double ("1e-400") reads as 0 here, where the Qt reader
        // refuses it: the Qt reader decides those few. A written zero keeps its sign (-0.0).
        if (result == 0.0 && source.mayUnderflow())
            giveUp();
        break;
    case dom::element_type::STRING: {
        const std::string_view word = value.get_string().value_unsafe();
        if (word == "NaN")
            return std::numeric_limits<double>::quiet_NaN();
        if (word == "Infinity")
            return std::numeric_limits<double>::infinity();
        if (word == "-Infinity")
            return -std::numeric_limits<double>::infinity();
        if (word == "-0.0")
            return -0.0;
        giveUp();
    }
    default: giveUp();
    }
    return result;
}

/// The rows of a list of lists, all of the first row's length, within the limits.
std::vector<dom::array> table(const std::optional<dom::element> &value, Index maxColumns,
                              Index &columns)
{
    dom::array rows;
    if (!value || value->get_array().get(rows) != simdjson::SUCCESS)
        giveUp();
    std::vector<dom::array> result;
    // size() saturates at 0xFFFFFF; far above the limit either way.
    if (Index(rows.size()) > ScenarioLimits::maxRows)
        giveUp();
    result.reserve(rows.size());
    columns = 0;
    for (const dom::element row : rows) {
        dom::array cells;
        if (row.get_array().get(cells) != simdjson::SUCCESS)
            giveUp();
        const Index count = Index(cells.size());
        if (result.empty()) {
            columns = count;
            if (columns > maxColumns)
                giveUp();
        } else if (count != columns) {
            giveUp();
        }
        result.push_back(cells);
    }
    return result;
}

Matrix matrix(const std::optional<dom::element> &value, const Source &source)
{
    Index columns = 0;
    const std::vector<dom::array> rows = table(value, ScenarioLimits::maxColumns, columns);
    Matrix result(Index(rows.size()), columns);
    for (Index i = 0; i < result.rows(); ++i) {
        double *out = result.row(i).data();
        for (const dom::element cell : rows[size_t(i)]) {
            // The common case inline: a double that is neither zero nor subnormal.
            if (cell.type() == dom::element_type::DOUBLE) {
                const double x = cell.get_double().value_unsafe();
                if (std::isnormal(x)) {
                    *out++ = x;
                    continue;
                }
            }
            *out++ = number(cell, source);
        }
    }
    return result;
}

Mask mask(const std::optional<dom::element> &value)
{
    Index columns = 0;
    const std::vector<dom::array> rows = table(value, ScenarioLimits::maxRows, columns);
    Mask result(Index(rows.size()), columns);
    for (Index i = 0; i < result.rows(); ++i) {
        bool *out = result.row(i).data();
        for (const dom::element cell : rows[size_t(i)]) {
            bool allowed = false;
            if (cell.get_bool().get(allowed) != simdjson::SUCCESS)
                giveUp();
            *out++ = allowed;
        }
    }
    return result;
}

/// A label list, one entry per row; a shorter one is filled with defaults ("") and noted.
QStringList labels(const std::optional<dom::element> &value, Index expectedCount,
                   const char *field, const char *matrixName, QStringList &notes)
{
    if (!value || value->is_null())
        return QStringList();
    dom::array list;
    if (value->get_array().get(list) != simdjson::SUCCESS || Index(list.size()) > expectedCount)
        giveUp();
    QStringList result;
    result.reserve(qsizetype(expectedCount));
    for (const dom::element label : list)
        result.append(text(label, ScenarioLimits::maxLabelChars));
    if (result.size() < expectedCount) {
        notes.append(shortLabelListNote(QLatin1String(field), result.size(),
                                        QLatin1String(matrixName), expectedCount));
        result = labelForEveryRow(result, expectedCount);
    }
    return result;
}

qint64 declaredEntries(const std::optional<dom::element> &value)
{
    dom::array rows;
    if (!value || value->get_array().get(rows) != simdjson::SUCCESS || rows.size() == 0)
        return 0;
    dom::array first;
    if (rows.at(0).get_array().get(first) != simdjson::SUCCESS)
        return 0;
    return qint64(rows.size()) * qint64(first.size());
}

void readHeads(dom::element value, Scenario &scenario, const Source &source)
{
    dom::array list;
    if (value.get_array().get(list) != simdjson::SUCCESS || list.size() == 0
        || Index(list.size()) > ScenarioLimits::maxHeads)
        giveUp();
    std::vector<std::vector<std::pair<std::string_view, dom::element>>> heads;
    qint64 entries = 0;
    for (const dom::element entry : list) {
        dom::object object;
        if (entry.get_object().get(object) != simdjson::SUCCESS)
            giveUp();
        heads.push_back(fieldsOf(object));
        for (const char *name : {"Q", "K", "V"})
            entries += declaredEntries(find(heads.back(), name));
    }
    if (entries > ScenarioLimits::maxHeadEntries)
        giveUp();
    for (size_t h = 0; h < heads.size(); ++h) {
        const auto &fields = heads[h];
        AttentionHead head;
        head.name = optionalText(find(fields, "name"), ScenarioLimits::maxLabelChars);
        head.queries = matrix(find(fields, "Q"), source);
        head.keys = matrix(find(fields, "K"), source);
        head.values = matrix(find(fields, "V"), source);
        skipUnread(fields, headFieldReading, source);
        if (h == 0)
            scenario.setHead(0, std::move(head));
        else
            scenario.moreHeads.push_back(std::move(head));
    }
}

Scenario readScenario(dom::element document, const Source &source, QStringList &notes)
{
    dom::object root;
    if (document.get_object().get(root) != simdjson::SUCCESS)
        giveUp();
    const auto fields = fieldsOf(root);

    if (const auto format = find(fields, "format")) {
        std::string_view name;
        if (format->get_string().get(name) != simdjson::SUCCESS
            || (name != kScenarioFormat && name != kEvidenceFormat))
            giveUp();
    }
    if (const auto version = find(fields, "version")) {
        double v = 0;
        if (!version->is_number() || version->get_double().get(v) != simdjson::SUCCESS
            || v != std::floor(v) || v < 1 || v > kScenarioVersion)
            giveUp();
    }
    // The fields the Qt reader alone reads (a score function other than scaled dot-product, the
    // √d_k lab's settings, a derivation) and any field the format does not declare go to it.
    for (const auto &field : fields) {
        const std::optional<FieldReading> reading = scenarioFieldReading(field.first);
        if (!reading || (*reading == FieldReading::QtReader && !field.second.is_null()))
            giveUp();
    }
    Scenario scenario;
    scenario.name = optionalText(find(fields, "name"), ScenarioLimits::maxLabelChars);
    scenario.description = optionalText(find(fields, "description"),
                                        ScenarioLimits::maxDescriptionChars);
    if (const auto heads = find(fields, "heads")) {
        if (find(fields, "Q") || find(fields, "K") || find(fields, "V"))
            giveUp();
        readHeads(*heads, scenario, source);
    } else {
        scenario.queries = matrix(find(fields, "Q"), source);
        scenario.keys = matrix(find(fields, "K"), source);
        scenario.values = matrix(find(fields, "V"), source);
    }
    scenario.queryLabels = labels(find(fields, "query_labels"), scenario.queryCount(),
                                  "query_labels", "Q", notes);
    scenario.keyLabels = labels(find(fields, "key_labels"), scenario.keyCount(), "key_labels",
                                "K", notes);
    if (const auto temperature = find(fields, "temperature"))
        scenario.temperature = number(*temperature, source);
    if (const auto allowed = find(fields, "allowed"); allowed && !allowed->is_null())
        scenario.allowed = mask(allowed);

    skipUnread(fields, scenarioFieldReading, source);
    return scenario;
}

} // namespace

std::optional<Scenario> parseScenarioFast(const QByteArray &json, QStringList *notes)
{
    if (hasUnusualBytes(json))
        return std::nullopt;
    dom::parser parser;
    if (parser.allocate(size_t(json.size()), kMaxDepth) != simdjson::SUCCESS)
        return std::nullopt;
    dom::element document;
    // simdjson reads in 64-byte blocks past the end of the text: a file read by
    // readFileBounded() has that room already, other text is copied once into a padded buffer.
    const bool padded = json.capacity() - json.size() >= qsizetype(simdjson::SIMDJSON_PADDING);
    if (parser.parse(json.constData(), size_t(json.size()), !padded).get(document)
        != simdjson::SUCCESS)
        return std::nullopt;
    try {
        QStringList read;
        Scenario scenario = readScenario(document, Source(json), read);
        if (notes)
            *notes += read;
        return scenario;
    } catch (const NotForTheFastPath &) {
        return std::nullopt;
    }
}

} // namespace attnlens
