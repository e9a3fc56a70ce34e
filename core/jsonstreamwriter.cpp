#include "jsonstreamwriter.h"

#include "scenariojson.h"

#include <QJsonArray>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace attnlens {

namespace {

/// The buffer is handed to the sink when it holds this much.
constexpr qsizetype kChunkBytes = 1 << 20;

} // namespace

QJsonObject JsonDraft::toObject() const
{
    QJsonObject object = values;
    for (const auto &[key, number] : numbers)
        object.insert(key, numberToJson(number));
    for (const auto &[key, list] : numberLists) {
        QJsonArray array;
        for (const double number : list)
            array.append(numberToJson(number));
        object.insert(key, array);
    }
    for (const auto &[key, matrix] : matrices)
        object.insert(key, matrixToJson(*matrix));
    for (const auto &[key, mask] : masks)
        object.insert(key, maskToJson(*mask));
    for (const auto &[key, list] : lists) {
        QJsonArray array;
        for (const JsonDraft &entry : list)
            array.append(entry.toObject());
        object.insert(key, array);
    }
    for (const auto &[key, member] : objects)
        object.insert(key, member.toObject());
    return object;
}

JsonStreamWriter::JsonStreamWriter(ByteSink sink) : m_sink(std::move(sink))
{
    m_buffer.reserve(size_t(kChunkBytes) + 4096);
}

void JsonStreamWriter::flushIfFull()
{
    if (qsizetype(m_buffer.size()) < kChunkBytes)
        return;
    if (!m_failed && !m_sink(m_buffer.data(), qint64(m_buffer.size())))
        m_failed = true;
    m_buffer.clear();
}

bool JsonStreamWriter::finish()
{
    if (!m_failed && !m_buffer.empty() && !m_sink(m_buffer.data(), qint64(m_buffer.size())))
        m_failed = true;
    m_buffer.clear();
    return !m_failed;
}

void JsonStreamWriter::writeRaw(const char *text, qint64 size)
{
    m_buffer.append(text, size_t(size));
    flushIfFull();
}

void JsonStreamWriter::writeIndent(int indent)
{
    m_buffer.append(size_t(indent), ' ');
}

void JsonStreamWriter::writeString(const QString &text)
{
    put('"');
    const QByteArray utf8 = text.toUtf8();
    for (const char c : utf8) {
        switch (c) {
        case '"': put("\\\""); break;
        case '\\': put("\\\\"); break;
        case '\b': put("\\b"); break;
        case '\f': put("\\f"); break;
        case '\n': put("\\n"); break;
        case '\r': put("\\r"); break;
        case '\t': put("\\t"); break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned char>(c));
                m_buffer.append(escape);
            } else {
                put(c);
            }
        }
    }
    put('"');
    flushIfFull();
}

void JsonStreamWriter::writeNumber(double value)
{
    if (!std::isfinite(value)) {
        put("null");  // as Qt writes them; scenario numbers never get here (numberToJson)
        return;
    }
    if (value == 0.0 && std::signbit(value)) {
        put("-0.0");  // "-0" would read back as the integer 0
        return;
    }
    char buffer[64];
    std::to_chars_result end;
    // Whole numbers as integers, as Qt writes them: 3 rather than 3e+00.
    if (value == std::floor(value) && std::fabs(value) < 9007199254740992.0)
        end = std::to_chars(buffer, buffer + sizeof buffer, static_cast<long long>(value));
    else
        end = std::to_chars(buffer, buffer + sizeof buffer, value);
    m_buffer.append(buffer, size_t(end.ptr - buffer));
}

void JsonStreamWriter::writeScenarioNumber(double value)
{
    if (std::isnan(value))
        put("\"NaN\"");
    else if (std::isinf(value))
        putText(value > 0 ? "\"Infinity\"" : "\"-Infinity\"");
    else
        writeNumber(value);
}

void JsonStreamWriter::writeValue(const QJsonValue &value, int indent)
{
    switch (value.type()) {
    case QJsonValue::Null:
    case QJsonValue::Undefined: put("null"); break;
    case QJsonValue::Bool: putText(value.toBool() ? "true" : "false"); break;
    case QJsonValue::Double: writeNumber(value.toDouble()); break;
    case QJsonValue::String: writeString(value.toString()); break;
    case QJsonValue::Array: writeArray(value.toArray(), indent); break;
    case QJsonValue::Object: writeObject(value.toObject(), indent); break;
    }
}

void JsonStreamWriter::writeArray(const QJsonArray &array, int indent)
{
    if (array.isEmpty()) {
        put("[]");
        return;
    }
    bool nested = false;
    for (const QJsonValue &element : array)
        nested = nested || element.isArray() || element.isObject();
    if (!nested) {
        // A row of a matrix: one line, no spaces, so a 4096 x 1024 matrix stays as small as it
        // can be and a small one still reads row by row.
        put('[');
        for (qsizetype i = 0; i < array.size(); ++i) {
            if (i > 0)
                put(',');
            writeValue(array.at(i), indent);
        }
        put(']');
        flushIfFull();
        return;
    }
    put("[\n");
    for (qsizetype i = 0; i < array.size(); ++i) {
        writeIndent(indent + 4);
        writeValue(array.at(i), indent + 4);
        putText(i + 1 < array.size() ? ",\n" : "\n");
    }
    writeIndent(indent);
    put(']');
}

void JsonStreamWriter::writeObject(const QJsonObject &object, int indent)
{
    if (object.isEmpty()) {
        put("{}");
        return;
    }
    put("{\n");
    qsizetype i = 0;
    for (auto it = object.begin(); it != object.end(); ++it, ++i) {
        writeIndent(indent + 4);
        writeString(it.key());
        put(": ");
        writeValue(it.value(), indent + 4);
        putText(i + 1 < object.size() ? ",\n" : "\n");
    }
    writeIndent(indent);
    put('}');
}

void JsonStreamWriter::writeMatrix(const Matrix &matrix, int indent)
{
    // The text of matrixToJson(matrix) written by writeArray(), without the tree.
    if (matrix.rows() == 0) {
        put("[]");
        return;
    }
    put("[\n");
    for (Index i = 0; i < matrix.rows(); ++i) {
        writeIndent(indent + 4);
        put('[');
        const double *row = matrix.row(i).data();
        for (Index j = 0; j < matrix.cols(); ++j) {
            if (j > 0)
                put(',');
            writeScenarioNumber(row[j]);
        }
        put(']');
        putText(i + 1 < matrix.rows() ? ",\n" : "\n");
        flushIfFull();
        // Nothing more reaches a sink that failed (or said stop): the rest is not formatted.
        if (m_failed)
            return;
    }
    writeIndent(indent);
    put(']');
}

void JsonStreamWriter::writeMask(const Mask &mask, int indent)
{
    if (mask.rows() == 0) {
        put("[]");
        return;
    }
    put("[\n");
    for (Index i = 0; i < mask.rows(); ++i) {
        writeIndent(indent + 4);
        put('[');
        const bool *row = mask.row(i).data();
        for (Index j = 0; j < mask.cols(); ++j) {
            if (j > 0)
                put(',');
            if (row[j])
                put("true");
            else
                put("false");
        }
        put(']');
        putText(i + 1 < mask.rows() ? ",\n" : "\n");
        flushIfFull();
        if (m_failed)
            return;
    }
    writeIndent(indent);
    put(']');
}

void JsonStreamWriter::writeDraft(const JsonDraft &draft, int indent)
{
    // Every member's key, in the order a QJsonObject keeps them.
    enum class Kind { Value, Number, NumberList, Matrix, Mask, List, Object };
    std::vector<std::pair<QString, Kind>> keys;
    for (auto it = draft.values.begin(); it != draft.values.end(); ++it)
        keys.emplace_back(it.key(), Kind::Value);
    for (const auto &member : draft.numbers)
        keys.emplace_back(member.first, Kind::Number);
    for (const auto &member : draft.numberLists)
        keys.emplace_back(member.first, Kind::NumberList);
    for (const auto &member : draft.matrices)
        keys.emplace_back(member.first, Kind::Matrix);
    for (const auto &member : draft.masks)
        keys.emplace_back(member.first, Kind::Mask);
    for (const auto &member : draft.lists)
        keys.emplace_back(member.first, Kind::List);
    for (const auto &member : draft.objects)
        keys.emplace_back(member.first, Kind::Object);
    std::sort(keys.begin(), keys.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    if (keys.empty()) {
        put("{}");
        return;
    }
    put("{\n");
    for (size_t i = 0; i < keys.size(); ++i) {
        const QString &key = keys[i].first;
        writeIndent(indent + 4);
        writeString(key);
        put(": ");
        switch (keys[i].second) {
        case Kind::Value: writeValue(draft.values.value(key), indent + 4); break;
        case Kind::Number: writeScenarioNumber(draft.numbers.at(key)); break;
        case Kind::NumberList: {
            // On one line, as writeArray() writes a list of plain values.
            const std::vector<double> &list = draft.numberLists.at(key);
            put('[');
            for (size_t n = 0; n < list.size(); ++n) {
                if (n > 0)
                    put(',');
                writeScenarioNumber(list[n]);
            }
            put(']');
            break;
        }
        case Kind::Matrix: writeMatrix(*draft.matrices.at(key), indent + 4); break;
        case Kind::Mask: writeMask(*draft.masks.at(key), indent + 4); break;
        case Kind::Object: writeDraft(draft.objects.at(key), indent + 4); break;
        case Kind::List: {
            const std::vector<JsonDraft> &list = draft.lists.at(key);
            if (list.empty()) {
                put("[]");
                break;
            }
            put("[\n");
            for (size_t e = 0; e < list.size(); ++e) {
                writeIndent(indent + 8);
                writeDraft(list[e], indent + 8);
                putText(e + 1 < list.size() ? ",\n" : "\n");
            }
            writeIndent(indent + 4);
            put(']');
            break;
        }
        }
        putText(i + 1 < keys.size() ? ",\n" : "\n");
        flushIfFull();
    }
    writeIndent(indent);
    put('}');
}

ByteProducer jsonDraftProducer(const JsonDraft &draft)
{
    return [&draft](const ByteSink &sink) {
        JsonStreamWriter writer(sink);
        writer.writeDraft(draft);
        writer.writeRaw("\n", 1);
        return writer.finish();
    };
}

} // namespace attnlens
