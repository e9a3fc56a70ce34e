#include "keyspacedescriber.h"
#include "keyspacesafety.h"

#include "attentionresult.h"
#include "keyspacescene.h"
#include "numberformat.h"
#include "principalplane.h"
#include "scenario.h"

#include <QStringList>
#include <QVector>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace attnlens {

namespace {

/// Beyond this many keys the description names only the heaviest ones.
constexpr int kDescribedKeys = 12;

/// A vector in full: every number reads back as the same double.
QString fullVector(const Eigen::RowVectorXd &row)
{
    QStringList parts;
    for (Index j = 0; j < row.size(); ++j)
        parts << formatFull(row(j));
    return QLatin1Char('[') + parts.join(QStringLiteral(", ")) + QLatin1Char(']');
}

using keyspace::isAllowedSafely;

} // namespace

QString KeySpaceDescriber::numbersDescription(const Scenario &scenario, const AttentionResult *result,
                                              const std::optional<Error> &error, int selectedQuery, int keyboardKey,
                                              LessonQuantities concealed)
{
    if (scenario.queryCount() == 0)
        return tr("No queries.");
    const int q = std::clamp(selectedQuery, 0, int(scenario.queryCount()) - 1);
    const auto coordinates = [](const Eigen::RowVectorXd &row) {
        QStringList parts;
        for (Index j = 0; j < row.size(); ++j)
            parts << formatInput(row(j));
        return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
    };
    QStringList sentences;
    sentences << tr("Query %1 at %2.").arg(scenario.queryLabel(q), coordinates(scenario.queries.row(q)));
    const bool shaped = result && result->weights.rows() == scenario.queryCount()
        && result->weights.cols() == scenario.keyCount() && result->context.rows() == scenario.queryCount();
    if (!shaped) {
        sentences << tr("Weights undefined: %1.").arg(error ? error->message : tr("no result"));
    } else {
        QVector<int> keys(int(scenario.keyCount()));
        std::iota(keys.begin(), keys.end(), 0);
        if (keys.size() > kDescribedKeys) {
            std::stable_sort(keys.begin(), keys.end(), [&](int a, int b) {
                return result->weights(q, a) > result->weights(q, b);
            });
            keys.resize(kDescribedKeys);
        }
        QStringList weights;
        for (int key : keys) {
            const bool masked = !isAllowedSafely(scenario, q, key);
            weights << (masked ? tr("%1 masked").arg(scenario.keyLabel(key))
                               : tr("%1 %2").arg(scenario.keyLabel(key), formatCompact(result->weights(q, key), 4)));
        }
        QString list = weights.join(QStringLiteral(", "));
        if (keys.size() < scenario.keyCount())
            list = tr("%1 and %2 lighter keys").arg(list).arg(scenario.keyCount() - keys.size());
        QStringList context;
        for (Index j = 0; j < result->context.cols(); ++j)
            context << formatCompact(result->context(q, j), 4);
        // Predict first: what the lesson keeps back until its reveal is not read out either.
        const QString hidden = tr("hidden until you reveal the lesson's answers");
        sentences << tr("Weights: %1.").arg(concealed.testFlag(LessonQuantity::Weights) ? hidden : list);
        sentences << tr("Context (%1).").arg(concealed.testFlag(LessonQuantity::Context) ? hidden
                                                                                          : context.join(QStringLiteral(", ")));
    }
    if (keyboardKey >= 0 && keyboardKey < scenario.keyCount())
        sentences << tr("Arrow keys move key %1 at %2.")
                         .arg(scenario.keyLabel(keyboardKey), coordinates(scenario.keys.row(keyboardKey)));
    return sentences.join(QLatin1Char(' '));
}

QString KeySpaceDescriber::helpDescription()
{
    return tr("Keys are labelled points and queries are arrows from the origin, with equal scales on "
              "both axes. Drag an arrow's tip to move that query; hold Ctrl and drag a key to move it. "
              "From the keyboard: Q and Shift+Q choose the query, K and Shift+K choose a key, the "
              "arrow keys move what is chosen by 0.1 (with Shift by 0.01), Escape goes back to the "
              "query.");
}

QString KeySpaceDescriber::statusTip()
{
    return tr("Q / Shift+Q: choose the query · K / Shift+K: choose a key · arrow keys: move "
              "it by 0.1 (Shift: 0.01) · Esc: back to the query");
}

QString KeySpaceDescriber::resultNote(const Scenario &scenario, const std::optional<Error> &error)
{
    if (error && error->category == ErrorCategory::AllMaskedRow && error->row >= 0) {
        return tr("Weights undefined: no allowed key for query %1 (%2). Allow at least one "
                  "key in its mask row; points stay draggable.")
            .arg(error->row + 1)
            .arg(scenario.queryLabel(error->row));
    }
    return tr("Result undefined: %1. Weights are not shown; points stay draggable.")
        .arg(error ? error->message : tr("the scenario cannot be computed"));
}

QString KeySpaceDescriber::keyToolTip(const Scenario &scenario, const KeySpaceScene &scene, const Matrix *weights,
                                      int keyRow)
{
    QStringList lines;
    lines << scenario.keyLabel(keyRow);
    lines << tr("k = %1").arg(fullVector(scenario.keys.row(keyRow)));
    const int q = scene.selectedQuery;
    if (q >= 0) {
        const double dot = scene.dots.value(keyRow, std::numeric_limits<double>::quiet_NaN());
        const QString unknown = QStringLiteral("?");
        lines << tr("q\u00b7k = %1 (query %2)").arg(scene.dotsHidden ? unknown : formatFull(dot), scenario.queryLabel(q));
        lines << tr("score q\u00b7k/√d_k = %1")
                     .arg(scene.dotsHidden ? unknown : formatFull(dot / std::sqrt(double(scenario.keyDimension()))));
        if (!isAllowedSafely(scenario, q, keyRow))
            lines << tr("masked for this query: weight exactly 0");
        else if (weights && scene.hasResult)
            lines << tr("weight = %1").arg(formatFull((*weights)(q, keyRow)));
        else if (scene.hasResult)
            lines << tr("weight = %1").arg(QStringLiteral("?"));
        else
            lines << tr("weight undefined (see the note)");
    }
    lines << tr("Ctrl+drag to move this key; its value row stays paired");
    return lines.join(QLatin1Char('\n'));
}

QString KeySpaceDescriber::queryToolTip(const Scenario &scenario, int queryRow)
{
    return tr("%1\nq = %2\ndrag the tip to move it; arrow keys nudge the selected query")
        .arg(scenario.queryLabel(queryRow), fullVector(scenario.queries.row(queryRow)));
}

QString KeySpaceDescriber::sharePercent(double share)
{
    const double percent = 100.0 * std::clamp(share, 0.0, 1.0);
    const double rounded = std::round(percent);
    // "100%" of a share below one (or "0%" of one above zero) would say something false.
    if ((rounded >= 100.0 && percent < 100.0) || (rounded <= 0.0 && percent > 0.0))
        return QString::number(std::clamp(percent, 0.1, 99.9), 'f', 1);
    return QString::number(int(rounded));
}

QString KeySpaceDescriber::principalPlaneNote(const PrincipalPlane &plane)
{
    if (plane.spreadAxes == 0)
        return tr("principal plane: every key is the same point, so it shows key dimensions 1 and 2");
    return tr("principal plane: it shows %1% of the keys' spread; dragging a query changes it only "
              "within this plane")
        .arg(sharePercent(plane.varianceShare));
}

QString KeySpaceDescriber::principalPlaneCaption(const PrincipalPlane &plane)
{
    if (plane.spreadAxes == 0)
        return principalPlaneNote(plane);
    return tr("principal plane of the keys: %1% of their spread").arg(sharePercent(plane.varianceShare));
}

QString KeySpaceDescriber::principalPlaneDescription(const PrincipalPlane &plane)
{
    if (plane.spreadAxes == 0)
        return tr("The plane shows key dimensions 1 and 2: every key is the same point, so there "
                  "are no directions of spread.");
    return tr("The plane shown is the keys' principal plane: of the %1 dimensions of key space, "
              "the two directions along which the keys spread most; it holds %2% of their spread. Keys and queries are "
              "drawn as their projections onto it; dragging or nudging a query moves it only "
              "within this plane and leaves the rest of the query unchanged.")
        .arg(plane.dimension())
        .arg(sharePercent(plane.varianceShare));
}

} // namespace attnlens
