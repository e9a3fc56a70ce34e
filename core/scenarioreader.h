#pragma once

#include "error.h"
#include "matrixtypes.h"
#include "scenario.h"
#include "scenariojson.h"
#include "textlength.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <cmath>
#include <limits>
#include <optional>

namespace attnlens {

// The Qt JSON reader's building blocks (core/scenariojson.cpp, and the readers of the optional
// objects beside it). Not part of the core's interface.

/// A JSON value as a message names it: "the number 3", "a list", "the text \"abc\"".
QString describeJsonValue(const QJsonValue &value);

/// Reads one scenario object; the first problem found stops it and is kept in `error`.
class ScenarioReader {
public:
    explicit ScenarioReader(QString source) : m_source(std::move(source)) {}

    std::optional<Error> error;
    /// What was read anyway but a person should know, each starting with the source (labels()).
    QStringList notes;

    Error fail(const QString &field, const QString &problem)
    {
        failAt(field, QString(), problem);
        return *error;
    }

    std::optional<double> number(const QJsonValue &value, const QString &field,
                                 const QString &position = QString())
    {
        if (value.isDouble())
            return value.toDouble();
        if (value.isString()) {
            const QString text = value.toString();
            if (text == QLatin1String("NaN"))
                return std::numeric_limits<double>::quiet_NaN();
            if (text == QLatin1String("Infinity"))
                return std::numeric_limits<double>::infinity();
            if (text == QLatin1String("-Infinity"))
                return -std::numeric_limits<double>::infinity();
            if (text == QLatin1String("-0.0"))
                return -0.0;
        }
        failAt(field, position, QStringLiteral("expected a number (or \"NaN\", \"Infinity\", "
                                     "\"-Infinity\", \"-0.0\"), found %1")
                          .arg(describeJsonValue(value)));
        return std::nullopt;
    }

    // Reads a list-of-lists field into `table` (a Matrix or a Mask): checks the shape and
    // bounds first, sizes `table` once to it, then `cell` reads each entry into it and returns
    // false after recording an error.
    template <typename Table, typename Cell>
    bool readTable(const QJsonValue &value, const QString &field, Index maxColumns, Table &table, Cell cell)
    {
        if (!value.isArray()) {
            fail(field, value.isUndefined()
                            ? QStringLiteral("is missing; it must be a list of rows")
                            : QStringLiteral("must be a list of rows, found %1")
                                  .arg(describeJsonValue(value)));
            return false;
        }
        const QJsonArray array = value.toArray();
        const Index rows = array.size();
        if (rows > ScenarioLimits::maxRows) {
            fail(field, QStringLiteral("has %1 rows, more than the limit of %2")
                            .arg(rows)
                            .arg(ScenarioLimits::maxRows));
            return false;
        }
        Index columns = 0;
        for (Index i = 0; i < rows; ++i) {
            const QJsonValue rowValue = array.at(i);
            if (!rowValue.isArray()) {
                fail(field, QStringLiteral("row %1 must be a list, found %2")
                                .arg(i + 1)
                                .arg(describeJsonValue(rowValue)));
                return false;
            }
            const QJsonArray row = rowValue.toArray();
            if (i == 0) {
                columns = row.size();
                if (columns > maxColumns) {
                    fail(field, QStringLiteral("has %1 columns, more than the limit of %2")
                                    .arg(columns)
                                    .arg(maxColumns));
                    return false;
                }
            } else if (row.size() != columns) {
                fail(field, QStringLiteral("row %1 has %2 entries but row 1 has %3; every row "
                                           "must have the same length")
                                .arg(i + 1)
                                .arg(row.size())
                                .arg(columns));
                return false;
            }
        }
        table.resize(rows, columns);
        for (Index i = 0; i < rows; ++i) {
            const QJsonArray row = array.at(i).toArray();
            for (Index j = 0; j < columns; ++j) {
                if (!cell(row.at(j), i, j))
                    return false;
            }
        }
        return true;
    }

    /// The matrix in root's `key`; messages name it `shown` (the key itself when empty).
    std::optional<Matrix> matrix(const QJsonObject &root, const QString &key,
                                 const QString &shown = QString())
    {
        const QString field = shown.isEmpty() ? key : shown;
        Matrix result;
        const bool ok = readTable(root.value(key), field, ScenarioLimits::maxColumns, result,
                                  [&](const QJsonValue &v, Index i, Index j) {
                                      const auto x = number(v, field, cellName(i, j));
                                      if (!x)
                                          return false;
                                      result(i, j) = *x;
                                      return true;
                                  });
        if (!ok)
            return std::nullopt;
        return result;
    }

    std::optional<Mask> mask(const QJsonObject &root, const QString &field)
    {
        Mask result;
        const bool ok = readTable(root.value(field), field, ScenarioLimits::maxRows, result,
                                  [&](const QJsonValue &v, Index i, Index j) {
                                      if (!v.isBool()) {
                                          failAt(field, cellName(i, j),
                                                 QStringLiteral("expected true or false, found %1")
                                                     .arg(describeJsonValue(v)));
                                          return false;
                                      }
                                      result(i, j) = v.toBool();
                                      return true;
                                  });
        if (!ok)
            return std::nullopt;
        return result;
    }

    std::optional<QStringList> labels(const QJsonObject &root, const QString &field,
                                      Index expectedCount, const QString &matrixName)
    {
        const QJsonValue value = root.value(field);
        if (value.isUndefined() || value.isNull())
            return QStringList();
        if (!value.isArray()) {
            fail(field, QStringLiteral("must be a list of texts, found %1")
                            .arg(describeJsonValue(value)));
            return std::nullopt;
        }
        const QJsonArray array = value.toArray();
        // Fewer labels than rows: the rest take their defaults (and a note says so). More: a
        // label without a row is a mistake to report, not to guess at.
        if (array.size() > expectedCount) {
            fail(field, QStringLiteral("has %1 labels but %2 has %3 rows; give one label per row")
                            .arg(array.size())
                            .arg(matrixName)
                            .arg(expectedCount));
            return std::nullopt;
        }
        QStringList result;
        result.reserve(array.size());
        for (int i = 0; i < array.size(); ++i) {
            if (!array.at(i).isString()) {
                fail(field, QStringLiteral("label %1 must be a text, found %2")
                                .arg(i + 1)
                                .arg(describeJsonValue(array.at(i))));
                return std::nullopt;
            }
            const QString label = array.at(i).toString();
            if (label.size() > ScenarioLimits::maxLabelChars) {
                failAt(field, QStringLiteral("row %1").arg(i + 1),
                       QStringLiteral("the label ") + tooLongText(label, ScenarioLimits::maxLabelChars));
                return std::nullopt;
            }
            if (const std::optional<QString> problem = unicodeProblem(label)) {
                failAt(field, QStringLiteral("row %1").arg(i + 1), *problem);
                return std::nullopt;
            }
            result.append(label);
        }
        if (result.size() < expectedCount) {
            notes.append(QStringLiteral("%1: %2").arg(
                m_source, shortLabelListNote(field, result.size(), matrixName, expectedCount)));
            result = labelForEveryRow(result, expectedCount);
        }
        return result;
    }

    std::optional<QString> optionalText(const QJsonObject &root, const QString &key,
                                        int maxChars, const QString &shown = QString())
    {
        const QString field = shown.isEmpty() ? key : shown;
        const QJsonValue value = root.value(key);
        if (value.isUndefined() || value.isNull())
            return QString();
        if (!value.isString()) {
            fail(field, QStringLiteral("must be a text, found %1").arg(describeJsonValue(value)));
            return std::nullopt;
        }
        const QString text = value.toString();
        if (text.size() > maxChars) {
            fail(field, tooLongText(text, maxChars));
            return std::nullopt;
        }
        if (const std::optional<QString> problem = unicodeProblem(text)) {
            fail(field, *problem);
            return std::nullopt;
        }
        return text;
    }

private:
    /// Why a text cannot be kept, or nothing. A JSON escape can name half of a UTF-16 surrogate
    /// pair (D800 to DFFF) on its own; that is no character, and UTF-8 (which every save writes)
    /// cannot hold it, so a scenario that kept it would not read back as it was.
    static std::optional<QString> unicodeProblem(const QString &text)
    {
        if (text.isValidUtf16())
            return std::nullopt;
        for (qsizetype i = 0; i < text.size(); ++i) {
            const QChar c = text.at(i);
            const bool paired = c.isHighSurrogate()
                ? i + 1 < text.size() && text.at(i + 1).isLowSurrogate()
                : !c.isLowSurrogate();
            if (!paired) {
                return QStringLiteral("character %1 is half of a UTF-16 surrogate pair "
                                      "(\\u%2) without its other half, which is not a character")
                    .arg(i + 1)
                    .arg(c.unicode(), 4, 16, QLatin1Char('0'));
            }
            if (c.isHighSurrogate())
                ++i;
        }
        return QStringLiteral("is not valid Unicode");
    }

    static QString cellName(Index row, Index column)
    {
        return QStringLiteral("row %1, column %2").arg(row + 1).arg(column + 1);
    }

    // Messages read: <source>: field "Q", row 2, column 1: <problem>.
    void failAt(const QString &field, const QString &position, const QString &problem)
    {
        if (error)
            return;
        const QString subject = position.isEmpty()
            ? QStringLiteral("field \"%1\"").arg(field)
            : QStringLiteral("field \"%1\", %2").arg(field, position);
        error = Error{ErrorCategory::InvalidScenario,
                      QStringLiteral("%1: %2: %3").arg(m_source, subject, problem)};
    }

    QString m_source;
};

} // namespace attnlens
