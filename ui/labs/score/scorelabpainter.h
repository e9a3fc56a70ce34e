#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <QStringList>

#include <vector>

class QPainter;

namespace attnlens {

struct AttentionResult;
struct Scenario;
class Theme;

/// The score lab's picture: one decoder query (its hidden state) scoring every encoder state
/// (the keys). A heading names the query, d_q and d_k and the formula; then one row per encoder
/// state with, for the additive score, its h terms tanh(W_q q + W_k k) as small signed cells,
/// then its score as a bar either side of 0 and its weight as a bar from 0 to 1, each with its
/// number. When d_q ≠ d_k a line says that a dot product could not compare them. Used by the
/// lab on screen and by the figure export, so both draw the same thing.
class ScoreLabPainter {
public:
    struct Input {
        const Scenario *scenario = nullptr;  ///< the shown head as a one-head scenario
        const AttentionResult *result = nullptr;  ///< nullptr while refused
        QString refusal;  ///< what to write instead of the numbers while refused
        int query = 0;
        int hoveredKey = -1;
        const Theme *theme = nullptr;
        QFont font;
        double lineWidth = 1.0;
        /// A lesson step asks for them (predict first): their bars and numbers wait, a "?" stands
        /// in for each number.
        bool concealScores = false;
        bool concealWeights = false;
    };

    /// Where each encoder state's row was drawn (for hover and tests), filled by paint().
    struct Geometry {
        std::vector<QRectF> rows;
        std::vector<QRectF> scoreBars;
        std::vector<QRectF> weightBars;
        std::vector<std::vector<QRectF>> terms;  ///< per key, its h tanh cells (additive only)
        QRectF heading;
    };

    static Geometry paint(QPainter &painter, const QRectF &rect, const Input &input);
    /// The height the picture needs for `keys` rows at this font.
    static double preferredHeight(const QFont &font, int keys);

    /// The heading's text: "decoder 1 (d_q = 2) scores 3 encoder states (d_k = 3)".
    static QString headingText(const Scenario &scenario, int query);
    /// headingText() and its shorter forms, longest first, for fittedText().
    static QStringList headingTexts(const Scenario &scenario, int query);
    /// The formula line of the score function.
    static QString formulaText(const Scenario &scenario);
    /// formulaText() and its shorter forms, longest first.
    static QStringList formulaTexts(const Scenario &scenario);
    /// The line about different lengths, or empty when d_q = d_k.
    static QString dimensionNote(const Scenario &scenario);
    /// dimensionNote() and its shorter forms, longest first (one empty text: no note).
    static QStringList dimensionNotes(const Scenario &scenario);
};

} // namespace attnlens
