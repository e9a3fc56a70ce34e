#pragma once

#include "attentionresult.h"
#include "error.h"
#include "heatmapimage.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QFont>
#include <QString>
#include <QStringList>

#include <optional>

namespace attnlens {

/// Everything the heatmap says in words, with no widget: its title and scale, the hovered cell's
/// numbers, the refusals, the hint, and the description a screen reader reads (the shape, the
/// selected query's weights and the keyboard cell). The texts keep the HeatmapView translation
/// context, so the view and its describer speak with one voice in every language.
class HeatmapDescriber {
    Q_DECLARE_TR_FUNCTIONS(attnlens::HeatmapView)

public:
    /// "Attention weights  A = softmax(S / T)" or "Scaled scores  S = QKᵀ / √dₖ".
    /// The title; the scores' formula follows the scenario's score function.
    static QString title(bool scores, ScoreFunction::Kind kind = ScoreFunction::Kind::ScaledDot);
    /// The title without its formula, for a narrow view.
    static QString titleName(bool scores);
    /// The scores' moving scale ("colour scale ±max|S| = ±1.2"); empty for weights (the colour
    /// bar says 0..1) and while no numbers are shown.
    static QString scale(bool scores, bool values, double scaleHigh);
    static QString xTitle();
    static QString yTitle();
    static QString yTitleShort();
    static QString undefinedRow();
    /// What the info line says when no cell is hovered and the numbers are shown.
    /// The line shown while no cell is hovered; it names what a hover shows for this score.
    static QString hint(ScoreFunction::Kind kind);
    /// The panel drawn instead of the matrix: refused, or too small to draw.
    static QString refusedHeading(bool refused);
    static QString refusedDetail(bool refused, const QString &refusal);
    /// Why there are no numbers: the queries that may attend to no key, or the model's error.
    static QString refusal(HeatmapImage::State state, const Scenario &scenario,
                           const QVector<bool> &undefinedRows, const std::optional<Error> &error);
    /// The numbers of cell (`queryRow`, `keyRow`): one line for the info line, or every step on
    /// its own line in full precision for the tooltip. `result` is null while refused.
    static QString hoverInfo(const Scenario &scenario, const AttentionResult *result, bool undefinedRow,
                             int queryRow, int keyRow, bool fullPrecision);
    static QString rowLabelToolTip(const QString &label);
    /// `text` in at most two lines of `width` in `font`, never splitting "a = b" pieces.
    static QStringList wrapInfo(const QString &text, const QFont &font, double width);

    /// The shape and what the colours mean.
    static QString shapeDescription(const Scenario &scenario, bool scores);
    /// The shape, the selected query's weights and, when `keyboardQuery` >= 0, the keyboard cell.
    static QString description(const QString &shape, const Scenario &scenario, const AttentionResult *result,
                               const std::optional<Error> &error, int selectedQuery, int keyboardQuery,
                               int keyboardKey);
};

} // namespace attnlens
