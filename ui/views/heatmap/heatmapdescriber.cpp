#include "heatmapdescriber.h"

#include "numberformat.h"
#include "scenario.h"

#include <QFontMetricsF>

#include <algorithm>

namespace attnlens {

namespace {

const QString kInfoSeparator = QStringLiteral("  \u00b7  ");
// The screen reader hears the weights of this many keys of the selected query.
constexpr int kDescribedKeys = 12;

} // namespace

QString HeatmapDescriber::title(bool scores, ScoreFunction::Kind kind)
{
    if (scores && kind == ScoreFunction::Kind::General)
        return tr("Scores  S = Q W K\u1d40");
    if (scores && kind == ScoreFunction::Kind::Additive)
        return tr("Scores  S\u1d62\u2c7c = w\u1d40 tanh(W_q q\u1d62 + W_k k\u2c7c)");
    if (scores)
        return tr("Scaled scores  S = QK\u1d40 / √d\u2096");
    return tr("Attention weights  A = softmax(S / T)");
}

QString HeatmapDescriber::titleName(bool scores)
{
    return scores ? tr("Scaled scores") : tr("Attention weights");
}

QString HeatmapDescriber::scale(bool scores, bool values, double scaleHigh)
{
    // Weights always use 0..1, which the colour bar shows; the scores' scale moves with them.
    if (!scores || !values)
        return QString();
    return tr("colour scale \u00b1max|S| = \u00b1%1").arg(formatCompact(scaleHigh, 4));
}

QString HeatmapDescriber::xTitle()
{
    return tr("key / source");
}

QString HeatmapDescriber::yTitle()
{
    return tr("query / destination");
}

QString HeatmapDescriber::yTitleShort()
{
    return tr("query");
}

QString HeatmapDescriber::undefinedRow()
{
    return tr("undefined: no allowed key");
}

QString HeatmapDescriber::hint(ScoreFunction::Kind kind)
{
    // Only the scaled dot product has a q·k to show; the others show their formula on hover.
    const QString hover = kind == ScoreFunction::Kind::ScaledDot
                              ? tr("Hover a cell for q\u00b7k, S, S/T and its weight")
                              : tr("Hover a cell for its score S, S/T and its weight");
    return hover + kInfoSeparator + tr("click a row to select its query");
}

QString HeatmapDescriber::refusedHeading(bool refused)
{
    return refused ? tr("No heatmap: the scenario cannot be computed") : tr("Too small to draw the matrix");
}

QString HeatmapDescriber::refusedDetail(bool refused, const QString &refusal)
{
    return refused ? refusal : tr("Enlarge this view to see the heatmap.");
}

QString HeatmapDescriber::refusal(HeatmapImage::State state, const Scenario &scenario,
                                  const QVector<bool> &undefinedRows, const std::optional<Error> &error)
{
    if (state == HeatmapImage::State::UndefinedRows) {
        QStringList names;
        for (int row = 0; row < undefinedRows.size() && names.size() < 3; ++row) {
            if (undefinedRows[row])
                names << QStringLiteral("\u201c%1\u201d").arg(scenario.queryLabel(row));
        }
        return tr("Undefined: %1 may attend to no key, and softmax over no keys is "
                  "undefined. Allow a key in its mask row to see the numbers again.")
            .arg(names.join(QStringLiteral(", ")));
    }
    if (state == HeatmapImage::State::Refused)
        return error ? error->message : tr("The scenario has no queries or no keys.");
    return QString();
}

QString HeatmapDescriber::hoverInfo(const Scenario &scenario, const AttentionResult *result, bool undefinedRow,
                                    int queryRow, int keyRow, bool fullPrecision)
{
    if (queryRow < 0 || keyRow < 0 || queryRow >= scenario.queryCount()
        || keyRow >= scenario.keyCount() || scenario.keyDimension() != scenario.keys.cols())
        return QString();
    // A general or additive score has no q·k (d_q may even differ from d_k): its formula instead.
    const bool dotScore = scenario.score.isScaledDot();
    if (dotScore && scenario.queries.cols() != scenario.keys.cols())
        return QString();
    auto number = [fullPrecision](double value) {
        return fullPrecision ? formatFull(value) : formatCompact(value, 4);
    };
    const double dot = dotScore ? scenario.queries.row(queryRow).dot(scenario.keys.row(keyRow)) : 0.0;
    const bool masked = !scenario.isAllowed(queryRow, keyRow);
    const QString cell = tr("\u201c%1\u201d \u2192 \u201c%2\u201d")
                             .arg(scenario.queryLabel(queryRow), scenario.keyLabel(keyRow));
    const QString formula = scenario.score.kind == ScoreFunction::Kind::General
                                ? tr("S = q W k\u1d40")
                                : tr("S = w\u1d40 tanh(W_q q + W_k k)");
    const QString dotText = dotScore ? tr("q\u00b7k = %1").arg(number(dot)) : formula;

    if (!result || result->scores.rows() != scenario.queryCount()
        || result->scores.cols() != scenario.keyCount()) {
        const QString why = undefinedRow ? tr("weight undefined: no allowed key")
                                         : tr("no weights while the scenario is refused");
        const QString sep = fullPrecision ? QStringLiteral("\n") : kInfoSeparator;
        return cell + (fullPrecision ? QStringLiteral("\n") : QStringLiteral(":  ")) + dotText + sep + why;
    }

    const double score = result->scores(queryRow, keyRow);
    const double temperature = scenario.temperature;
    const double weight = result->weights(queryRow, keyRow);
    const QString scoreText = tr("S = %1").arg(number(score));
    const QString tempered = tr("S/T = %1").arg(number(score / temperature));
    const QString weightText = masked ? tr("weight = 0 (masked)") : tr("weight = %1").arg(number(weight));
    if (fullPrecision) {
        return cell + QStringLiteral("\n") + dotText + QStringLiteral("\n")
            + (dotScore ? tr("S = q\u00b7k / √d\u2096 = %1").arg(number(score)) : tr("S = %1").arg(number(score)))
            + QStringLiteral("\n")
            + tr("S / T = %1 (T = %2)").arg(number(score / temperature), number(temperature))
            + QStringLiteral("\n") + weightText;
    }
    return cell + QStringLiteral(":  ")
        + QStringList{dotText, scoreText, tempered, weightText}.join(kInfoSeparator);
}

QString HeatmapDescriber::rowLabelToolTip(const QString &label)
{
    return tr("\u201c%1\u201d: click to select this query").arg(label);
}

QStringList HeatmapDescriber::wrapInfo(const QString &text, const QFont &font, double width)
{
    QStringList lines;
    if (text.isEmpty())
        return lines;
    const QFontMetricsF fm(font);
    // Pack whole "a = b" pieces first so that a number is never split from its name.
    const QStringList pieces = text.split(kInfoSeparator);
    QString current;
    for (const QString &piece : pieces) {
        const QString candidate = current.isEmpty() ? piece : current + kInfoSeparator + piece;
        if (fm.horizontalAdvance(candidate) <= width || current.isEmpty()) {
            current = candidate;
        } else {
            lines << current;
            current = piece;
        }
    }
    if (!current.isEmpty())
        lines << current;
    // A piece that is still too wide (a long sentence) is wrapped by words.
    QStringList wrapped;
    for (const QString &line : lines) {
        if (fm.horizontalAdvance(line) <= width) {
            wrapped << line;
            continue;
        }
        QString part;
        for (const QString &word : line.split(QLatin1Char(' '))) {
            const QString candidate = part.isEmpty() ? word : part + QLatin1Char(' ') + word;
            if (fm.horizontalAdvance(candidate) <= width || part.isEmpty()) {
                part = candidate;
            } else {
                wrapped << part;
                part = word;
            }
        }
        if (!part.isEmpty())
            wrapped << part;
    }
    if (wrapped.size() > 2) {
        const QString rest = wrapped.mid(1).join(QLatin1Char(' '));
        wrapped = QStringList{wrapped.first(), rest};
    }
    for (QString &line : wrapped)
        line = fm.elidedText(line, Qt::ElideRight, width);
    return wrapped;
}

QString HeatmapDescriber::shapeDescription(const Scenario &scenario, bool scores)
{
    QString description =
        (scores ? tr("Scaled scores of %1 queries (rows) over %2 keys (columns), coloured on a "
                     "scale symmetric about 0: blue below 0, white at 0, red above.")
                : tr("Attention weights of %1 queries (rows) over %2 keys (columns), coloured "
                     "on a fixed scale from 0 to 1."))
            .arg(scenario.queryCount())
            .arg(scenario.keyCount());
    description += QLatin1Char(' ')
        + tr("Masked cells are hatched. Hover a cell for its numbers; click a row or use the "
             "Up and Down keys to select a query.");
    return description;
}

QString HeatmapDescriber::description(const QString &shape, const Scenario &scenario, const AttentionResult *result,
                                      const std::optional<Error> &error, int selectedQuery, int keyboardQuery,
                                      int keyboardKey)
{
    QStringList sentences;
    sentences << shape;
    const int rows = static_cast<int>(scenario.queryCount());
    const bool shaped = result && result->weights.rows() == rows && result->weights.cols() == scenario.keyCount();
    const auto isMasked = [&scenario](int q, int key) {
        return scenario.allowed && q < scenario.allowed->rows() && key < scenario.allowed->cols()
            && !(*scenario.allowed)(q, key);
    };
    if (rows > 0) {
        const int q = std::clamp(selectedQuery, 0, rows - 1);
        if (shaped) {
            QStringList weights;
            const int shown = std::min(static_cast<int>(scenario.keyCount()), kDescribedKeys);
            for (int key = 0; key < shown; ++key) {
                weights << (isMasked(q, key) ? tr("%1 masked").arg(scenario.keyLabel(key))
                                             : tr("%1 %2").arg(scenario.keyLabel(key),
                                                               formatCompact(result->weights(q, key), 4)));
            }
            if (shown < scenario.keyCount())
                weights << tr("and %1 more keys").arg(scenario.keyCount() - shown);
            sentences << tr("Selected query %1, weights: %2.").arg(scenario.queryLabel(q), weights.join(QStringLiteral(", ")));
        } else {
            sentences << tr("No weights: %1.").arg(error ? error->message : tr("no result"));
        }
    }
    const int kq = keyboardQuery;
    const int kk = keyboardKey;
    if (shaped && kq >= 0 && kk >= 0 && kq < rows && kk < scenario.keyCount()) {
        sentences << tr("Keyboard cell %1 → %2: %3.")
                         .arg(scenario.queryLabel(kq), scenario.keyLabel(kk),
                              isMasked(kq, kk) ? tr("masked") : formatCompact(result->weights(kq, kk), 4));
    }
    return sentences.join(QLatin1Char(' '));
}

} // namespace attnlens
