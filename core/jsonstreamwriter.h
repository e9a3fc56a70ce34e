#pragma once

#include "jsonfile.h"
#include "matrixtypes.h"

#include <QByteArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace attnlens {

/// A JSON object whose large members stay in their matrices until they are written: the small
/// members are a QJsonObject, a matrix or mask member is written row by row straight from its
/// Eigen storage, a number or a list of numbers (the temperature, a score vector) is kept as a
/// double, a list member holds objects of the same kind (the heads), and an object member
/// is one (the scenario inside an autosave). Written, its
/// members come in QJsonObject's order (sorted keys), so the text is the same as toJsonText()
/// of toObject(), except for -0.0: written here as the number -0.0 (JSON numbers carry their
/// sign), it is the string "-0.0" in the tree, where a QJsonValue cannot hold the sign. The
/// matrices are referenced, not copied: `keepAlive` may own them.
struct JsonDraft {
    QJsonObject values;
    std::map<QString, double> numbers;
    std::map<QString, std::vector<double>> numberLists;
    std::map<QString, const Matrix *> matrices;
    std::map<QString, const Mask *> masks;
    std::map<QString, std::vector<JsonDraft>> lists;
    std::map<QString, JsonDraft> objects;
    std::vector<std::shared_ptr<const void>> keepAlive;

    /// The same object as a QJsonObject tree (numbers through numberToJson()).
    QJsonObject toObject() const;
};

/// Writes JSON text in toJsonText()'s layout (objects indented by four spaces, a list of plain
/// values on one line, every finite double with the fewest digits that read back as the same
/// double, by std::to_chars) into a sink, a megabyte at a time: memory does not grow with the
/// length of the text.
class JsonStreamWriter {
public:
    explicit JsonStreamWriter(ByteSink sink);

    void writeObject(const QJsonObject &object, int indent = 0);
    void writeDraft(const JsonDraft &draft, int indent = 0);
    void writeValue(const QJsonValue &value, int indent);
    void writeMatrix(const Matrix &matrix, int indent);
    void writeMask(const Mask &mask, int indent);
    void writeRaw(const char *text, qint64 size);
    /// Hands what is buffered to the sink; false when the sink failed at any point.
    bool finish();

private:
    void writeArray(const QJsonArray &array, int indent);
    void writeString(const QString &text);
    void writeNumber(double value);
    /// A double of a scenario: NaN and infinities as the strings "NaN", "Infinity" and
    /// "-Infinity" (JSON has no such numbers), every other double as a number, -0.0 included.
    void writeScenarioNumber(double value);
    void writeIndent(int indent);
    void put(char c) { m_buffer.push_back(c); }
    template <size_t N>
    void put(const char (&literal)[N])
    {
        m_buffer.append(literal, N - 1);
    }
    void putText(const char *text) { m_buffer.append(text); }
    void flushIfFull();

    ByteSink m_sink;
    std::string m_buffer;
    bool m_failed = false;
};

/// Writes `draft` and a final newline through a JsonStreamWriter: the text of
/// toJsonText(draft.toObject()), for writeFileAtomically(). The draft must outlive the producer.
ByteProducer jsonDraftProducer(const JsonDraft &draft);

} // namespace attnlens
