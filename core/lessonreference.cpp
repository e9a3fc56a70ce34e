#include "lessonreference.h"

#include "jsonfile.h"
#include "scenariojson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace attnlens {

namespace {

const char *const kCaseIds[] = {
    "nb_single_query",     "nb_three_queries_T1",      "nb_three_queries_T0p5",
    "nb_three_queries_T2", "nb_causal_self_attention", "nb_causal_padding",
    "nb_changed_value_B",  "nb_removed_key_B",
};

std::optional<Matrix> readMatrix(const QJsonValue &value)
{
    if (!value.isArray())
        return std::nullopt;
    const QJsonArray rows = value.toArray();
    if (rows.isEmpty() || !rows.first().isArray())
        return std::nullopt;
    const Index columns = rows.first().toArray().size();
    Matrix matrix(rows.size(), columns);
    for (Index i = 0; i < matrix.rows(); ++i) {
        const QJsonArray row = rows.at(static_cast<int>(i)).toArray();
        if (row.size() != columns)
            return std::nullopt;
        for (Index j = 0; j < columns; ++j) {
            const QJsonValue cell = row.at(static_cast<int>(j));
            if (!cell.isDouble())
                return std::nullopt;
            matrix(i, j) = cell.toDouble();
        }
    }
    return matrix;
}

void compareQuantity(const QString &name, const Matrix &engine, const Matrix &reference,
                     std::vector<LessonReferenceCell> &cells)
{
    if (engine.rows() != reference.rows() || engine.cols() != reference.cols()) {
        LessonReferenceCell cell;
        cell.quantity = name;
        cell.row = -1;
        cell.column = -1;
        cell.absoluteDifference = std::numeric_limits<double>::infinity();
        cells.push_back(cell);
        return;
    }
    for (Index i = 0; i < engine.rows(); ++i) {
        for (Index j = 0; j < engine.cols(); ++j) {
            LessonReferenceCell cell;
            cell.quantity = name;
            cell.row = i;
            cell.column = j;
            cell.engine = engine(i, j);
            cell.reference = reference(i, j);
            cell.absoluteDifference = std::abs(cell.engine - cell.reference);
            cell.tolerance = LessonReference::toleranceFor(cell.reference);
            // Written so that a NaN on either side fails.
            cell.withinTolerance = cell.absoluteDifference <= cell.tolerance;
            cells.push_back(cell);
        }
    }
}

} // namespace

QStringList LessonReference::caseIds()
{
    QStringList ids;
    for (const char *id : kCaseIds)
        ids.append(QLatin1String(id));
    return ids;
}

Result<LessonReferenceCase> LessonReference::loadCase(const QString &id)
{
    const QString path = QStringLiteral(":/reference/%1.json").arg(id);
    const Result<QByteArray> bytes = readFileBounded(path, ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    Result<Scenario> scenario = parseScenario(bytes.value(), id);
    if (!scenario)
        return scenario.error();
    const QJsonObject root = QJsonDocument::fromJson(bytes.value()).object();
    const QJsonObject expected = root.value(QLatin1String("expected")).toObject();
    const std::optional<Matrix> scores = readMatrix(expected.value(QLatin1String("scores")));
    const std::optional<Matrix> weights = readMatrix(expected.value(QLatin1String("weights")));
    const std::optional<Matrix> context = readMatrix(expected.value(QLatin1String("context")));
    if (!scores || !weights || !context) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: \"expected\" needs the matrices scores, weights and context")
                         .arg(id)};
    }
    LessonReferenceCase reference;
    reference.id = id;
    reference.description = root.value(QLatin1String("description")).toString();
    reference.scenario = std::move(scenario).value();
    reference.expected = AttentionResult{*scores, *weights, *context};
    return reference;
}

double LessonReference::toleranceFor(double reference)
{
    return kRelativeTolerance * std::abs(reference) + kAbsoluteFloor;
}

std::vector<LessonReferenceCell> LessonReference::compare(const LessonReferenceCase &reference,
                                                          const AttentionResult &engine)
{
    std::vector<LessonReferenceCell> cells;
    compareQuantity(QStringLiteral("scores"), engine.scores, reference.expected.scores, cells);
    compareQuantity(QStringLiteral("weights"), engine.weights, reference.expected.weights, cells);
    compareQuantity(QStringLiteral("context"), engine.context, reference.expected.context, cells);
    return cells;
}

bool LessonReference::agrees(const LessonReferenceCase &reference, const AttentionResult &engine)
{
    const std::vector<LessonReferenceCell> cells = compare(reference, engine);
    return !cells.empty()
        && std::all_of(cells.begin(), cells.end(),
                       [](const LessonReferenceCell &cell) { return cell.withinTolerance; });
}

} // namespace attnlens
