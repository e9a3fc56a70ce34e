#include "npyheader.h"

#include <QStringList>

#include <cstring>
#include <limits>

namespace attnlens {

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr int kMagicBytes = 6;

Error headerError(const QString &source, const QString &problem)
{
    return Error{ErrorCategory::InvalidScenario, QStringLiteral("%1: %2").arg(source, problem)};
}

Error truncatedError(const QString &source, const QString &what)
{
    return Error{ErrorCategory::FileError,
                 QStringLiteral("%1: the file is truncated: it ends inside %2").arg(source, what)};
}

/// The header dictionary is a Python literal: {'descr': '<f4', 'fortran_order': False,
/// 'shape': (3, 4), }. This reads exactly that grammar (strings, True/False, tuples of whole
/// numbers) and nothing else; Python is never asked to evaluate anything.
class HeaderDictParser {
public:
    HeaderDictParser(const QByteArray &text, QString source) : m_text(text), m_source(std::move(source)) {}

    std::optional<Error> parse()
    {
        skipSpace();
        if (!take('{'))
            return fail(QStringLiteral("the header is not a Python dictionary"));
        for (;;) {
            skipSpace();
            if (take('}'))
                break;
            QByteArray key;
            if (!readString(key))
                return fail(QStringLiteral("a key of the header dictionary is not a quoted text"));
            skipSpace();
            if (!take(':'))
                return fail(QStringLiteral("':' is missing after '%1' in the header").arg(QString::fromLatin1(key)));
            skipSpace();
            if (key == "descr") {
                if (peek() == '[')
                    return fail(QStringLiteral("the array has a structured dtype (named fields); "
                                               "save plain float, bool or str arrays"));
                if (!readString(descr))
                    return fail(QStringLiteral("'descr' in the header is not a quoted type name"));
                hasDescr = true;
            } else if (key == "fortran_order") {
                if (takeWord("True"))
                    fortranOrder = true;
                else if (takeWord("False"))
                    fortranOrder = false;
                else
                    return fail(QStringLiteral("'fortran_order' in the header is neither True nor False"));
                hasFortranOrder = true;
            } else if (key == "shape") {
                if (auto error = readShape())
                    return error;
                hasShape = true;
            } else {
                return fail(QStringLiteral("the header has the unknown key '%1'").arg(QString::fromLatin1(key)));
            }
            skipSpace();
            if (take(','))
                continue;
            skipSpace();
            if (take('}'))
                break;
            return fail(QStringLiteral("the header dictionary is malformed after '%1'").arg(QString::fromLatin1(key)));
        }
        skipSpace();
        if (m_position != m_text.size())
            return fail(QStringLiteral("the header has text after its dictionary"));
        if (!hasDescr || !hasFortranOrder || !hasShape)
            return fail(QStringLiteral("the header lacks one of 'descr', 'fortran_order' and 'shape'"));
        return std::nullopt;
    }

    QByteArray descr;
    bool fortranOrder = false;
    std::vector<qint64> shape;

private:
    std::optional<Error> fail(const QString &problem) const { return headerError(m_source, problem); }

    char peek() const { return m_position < m_text.size() ? m_text.at(m_position) : '\0'; }
    bool take(char c)
    {
        if (peek() != c)
            return false;
        ++m_position;
        return true;
    }
    bool takeWord(const char *word)
    {
        const qsizetype length = qsizetype(std::strlen(word));
        if (m_text.mid(m_position, length) != word)
            return false;
        m_position += length;
        return true;
    }
    void skipSpace()
    {
        while (m_position < m_text.size() && (m_text.at(m_position) == ' ' || m_text.at(m_position) == '\n'
                                              || m_text.at(m_position) == '\t' || m_text.at(m_position) == '\r'))
            ++m_position;
    }
    bool readString(QByteArray &out)
    {
        const char quote = peek();
        if (quote != '\'' && quote != '"')
            return false;
        const qsizetype end = m_text.indexOf(quote, m_position + 1);
        if (end < 0)
            return false;
        out = m_text.mid(m_position + 1, end - m_position - 1);
        m_position = end + 1;
        return !out.contains('\\');
    }
    std::optional<Error> readShape()
    {
        if (!take('('))
            return fail(QStringLiteral("'shape' in the header is not a tuple"));
        for (;;) {
            skipSpace();
            if (take(')'))
                return std::nullopt;
            qint64 value = 0;
            int digits = 0;
            while (peek() >= '0' && peek() <= '9') {
                if (value > (std::numeric_limits<qint64>::max() - 9) / 10)
                    return fail(QStringLiteral("a dimension of 'shape' is too large to be a size"));
                value = value * 10 + (peek() - '0');
                ++digits;
                ++m_position;
            }
            if (digits == 0)
                return fail(QStringLiteral("'shape' in the header holds something other than whole "
                                           "numbers (a negative or missing size)"));
            shape.push_back(value);
            if (shape.size() > size_t(NpyLimits::maxDimensions))
                return fail(QStringLiteral("the array has more than %1 dimensions").arg(NpyLimits::maxDimensions));
            skipSpace();
            if (take(','))
                continue;
            skipSpace();
            if (take(')'))
                return std::nullopt;
            return fail(QStringLiteral("'shape' in the header is malformed"));
        }
    }

    QByteArray m_text;
    QString m_source;
    qsizetype m_position = 0;
    bool hasDescr = false;
    bool hasFortranOrder = false;
    bool hasShape = false;
};

std::optional<Error> parseDescr(const QByteArray &descr, NpyDtype &dtype, const QString &source)
{
    const auto refuse = [&](const QString &why) {
        return headerError(source, QStringLiteral("the dtype '%1' %2").arg(QString::fromLatin1(descr), why));
    };
    if (descr.isEmpty())
        return refuse(QStringLiteral("is empty"));
    const char order = descr.at(0);
    QByteArray rest = descr;
    if (order == '<' || order == '>' || order == '|' || order == '=')
        rest = descr.mid(1);
    if (rest.startsWith('O')) {
        return headerError(source, QStringLiteral("holds Python objects (dtype 'O'), which NumPy stores "
                                                  "with pickle; Attention Lens never unpickles a file. "
                                                  "Save numbers (float16/32/64), bool or str arrays"));
    }
    dtype.bigEndian = order == '>';
    if (rest == "f2" || rest == "e") {
        dtype.kind = NpyDtype::Kind::Float16;
        dtype.itemBytes = 2;
    } else if (rest == "f4") {
        dtype.kind = NpyDtype::Kind::Float32;
        dtype.itemBytes = 4;
    } else if (rest == "f8") {
        dtype.kind = NpyDtype::Kind::Float64;
        dtype.itemBytes = 8;
    } else if (rest == "b1" || rest == "?") {
        dtype.kind = NpyDtype::Kind::Bool;
        dtype.itemBytes = 1;
    } else if (rest.startsWith('U')) {
        bool ok = false;
        const int characters = rest.mid(1).toInt(&ok);
        if (!ok || characters < 0 || characters > 4096)
            return refuse(QStringLiteral("is a text type of an unreadable or too large width"));
        dtype.kind = NpyDtype::Kind::Unicode;
        dtype.itemBytes = 4 * characters;
    } else {
        return refuse(QStringLiteral("is not read: use float16, float32, float64, bool or str arrays"));
    }
    if (order == '|' && dtype.itemBytes > 1 && dtype.kind != NpyDtype::Kind::Unicode)
        return refuse(QStringLiteral("has no byte order"));
    return std::nullopt;
}

bool readExactly(const NpyReadFunction &read, char *buffer, qint64 size)
{
    return read(buffer, size) == size;
}

quint32 littleEndian(const unsigned char *bytes, int count)
{
    quint32 value = 0;
    for (int i = count - 1; i >= 0; --i)
        value = (value << 8) | bytes[i];
    return value;
}

} // namespace

QString NpyDtype::describe() const
{
    const QString order = bigEndian ? QStringLiteral("big-endian ") : QString();
    switch (kind) {
    case Kind::Float16: return order + QStringLiteral("float16");
    case Kind::Float32: return order + QStringLiteral("float32");
    case Kind::Float64: return order + QStringLiteral("float64");
    case Kind::Bool: return QStringLiteral("bool");
    case Kind::Unicode: return QStringLiteral("str (U%1)").arg(itemBytes / 4);
    }
    return QString();
}

QString NpyHeader::shapeText() const
{
    QStringList parts;
    for (qint64 size : shape)
        parts.append(QString::number(size));
    if (shape.size() == 1)
        return QStringLiteral("(%1,)").arg(parts.constFirst());
    return QLatin1Char('(') + parts.join(QStringLiteral(", ")) + QLatin1Char(')');
}

Result<NpyHeader> readNpyHeader(const NpyReadFunction &read, const QString &source, qint64 maxDataBytes)
{
    unsigned char preamble[12];
    const qint64 got = read(reinterpret_cast<char *>(preamble), 10);
    if (got < 0)
        return Error{ErrorCategory::FileError, QStringLiteral("%1: the data cannot be read").arg(source)};
    if (got < kMagicBytes || std::memcmp(preamble, kMagic, kMagicBytes) != 0) {
        if (got < kMagicBytes && std::memcmp(preamble, kMagic, size_t(got)) == 0)
            return truncatedError(source, QStringLiteral("the NumPy signature"));
        return headerError(source, QStringLiteral("is not a NumPy array (.npy): it does not start with "
                                                  "NumPy's signature \\x93NUMPY"));
    }
    if (got < 10)
        return truncatedError(source, QStringLiteral("the header"));
    const int major = preamble[6];
    const int minor = preamble[7];
    if ((major != 1 && major != 2 && major != 3) || minor != 0) {
        return headerError(source, QStringLiteral("uses .npy format version %1.%2; Attention Lens "
                                                  "reads versions 1.0, 2.0 and 3.0")
                                       .arg(major)
                                       .arg(minor));
    }
    qint64 lengthBytes = 2;
    if (major >= 2) {
        lengthBytes = 4;
        if (!readExactly(read, reinterpret_cast<char *>(preamble) + 10, 2))
            return truncatedError(source, QStringLiteral("the header"));
    }
    const qint64 dictBytes = littleEndian(preamble + 8, int(lengthBytes));
    if (dictBytes > NpyLimits::maxHeaderBytes) {
        return headerError(source, QStringLiteral("its header says it is %1 bytes long, more than the "
                                                  "limit of %2")
                                       .arg(dictBytes)
                                       .arg(NpyLimits::maxHeaderBytes));
    }
    QByteArray text(int(dictBytes), Qt::Uninitialized);
    if (!readExactly(read, text.data(), dictBytes))
        return truncatedError(source, QStringLiteral("the header"));
    if (major < 3) {
        // Versions 1 and 2 are latin-1; the keys and values that matter are ASCII either way.
        for (char c : text) {
            if (static_cast<unsigned char>(c) >= 0x80)
                return headerError(source, QStringLiteral("the header holds a character outside ASCII"));
        }
    }
    HeaderDictParser parser(text, source);
    if (auto error = parser.parse())
        return *error;

    NpyHeader header;
    if (auto error = parseDescr(parser.descr, header.dtype, source))
        return *error;
    header.fortranOrder = parser.fortranOrder;
    header.shape = std::move(parser.shape);
    header.headerBytes = 10 + (lengthBytes - 2) + dictBytes;
    // Every product is bounded before the next multiplication, so none can overflow.
    const qint64 maxElements = header.dtype.itemBytes > 0 ? maxDataBytes / header.dtype.itemBytes
                                                          : maxDataBytes;
    qint64 count = 1;
    for (qint64 size : header.shape) {
        if (size != 0 && count > maxElements / size) {
            return headerError(source, QStringLiteral("its shape %1 of %2 holds more than the limit of "
                                                      "%3 MiB of data")
                                           .arg(header.shapeText(), header.dtype.describe())
                                           .arg(maxDataBytes / (1024 * 1024)));
        }
        count *= size;
    }
    header.elementCount = count;
    header.dataBytes = count * header.dtype.itemBytes;
    return header;
}

} // namespace attnlens
