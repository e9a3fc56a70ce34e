#include "scorelabpainter.h"

#include "attentionresult.h"
#include "numberformat.h"
#include "scenario.h"
#include "scorefunction.h"
#include "textfit.h"
#include "theme.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

class Text {
    Q_DECLARE_TR_FUNCTIONS(attnlens::ScoreLabPainter)
};

constexpr int kMostTermsDrawn = 8;

/// The terms column is drawn for the additive score with a small h only.
bool drawsTerms(const Scenario &s)
{
    return s.score.kind == ScoreFunction::Kind::Additive && s.score.hiddenSize() <= kMostTermsDrawn;
}

QColor signedColor(const Theme &theme, double value)
{
    // Positive like the keys, negative like the first query: the same in every theme.
    return value >= 0 ? theme.keyColor() : theme.queryColor(0);
}

} // namespace

QString ScoreLabPainter::headingText(const Scenario &s, int query)
{
    return headingTexts(s, query).constFirst();
}

QStringList ScoreLabPainter::headingTexts(const Scenario &s, int query)
{
    return {Text::tr("%1 (d_q = %2) scores %3 encoder states (d_k = %4)")
                .arg(s.queryLabel(query))
                .arg(s.queryDimension())
                .arg(s.keyCount())
                .arg(s.keyDimension()),
            Text::tr("%1 scores %2 states: d_q = %3, d_k = %4", "a narrow lab")
                .arg(s.queryLabel(query))
                .arg(s.keyCount())
                .arg(s.queryDimension())
                .arg(s.keyDimension()),
            Text::tr("%1 scores %2 states", "a very narrow lab").arg(s.queryLabel(query)).arg(s.keyCount())};
}

QString ScoreLabPainter::formulaText(const Scenario &s)
{
    return formulaTexts(s).constFirst();
}

QStringList ScoreLabPainter::formulaTexts(const Scenario &s)
{
    switch (s.score.kind) {
    case ScoreFunction::Kind::ScaledDot:
        return {Text::tr("Scaled dot-product: score = q · k / √d_k"), QStringLiteral("q · k / √d_k")};
    case ScoreFunction::Kind::General:
        return {Text::tr("General (Luong): score = q W kᵀ, not divided by √d_k"),
                Text::tr("General: q W kᵀ, no √d_k", "a narrow lab"), QStringLiteral("q W kᵀ")};
    case ScoreFunction::Kind::Additive:
        return {Text::tr("Additive (Bahdanau): score = wᵀ tanh(W_q q + W_k k), h = %1, not "
                         "divided by √d_k")
                    .arg(s.score.hiddenSize()),
                Text::tr("Additive: wᵀ tanh(W_q q + W_k k), h = %1, no √d_k", "a narrow lab")
                    .arg(s.score.hiddenSize()),
                QStringLiteral("wᵀ tanh(W_q q + W_k k)")};
    }
    return {QString()};
}

QString ScoreLabPainter::dimensionNote(const Scenario &s)
{
    return dimensionNotes(s).constFirst();
}

QStringList ScoreLabPainter::dimensionNotes(const Scenario &s)
{
    if (s.queryDimension() == s.keyDimension())
        return {QString()};
    if (s.score.kind == ScoreFunction::Kind::General)
        return {Text::tr("d_q ≠ d_k: q · k is not defined, but W (%1 × %2) carries "
                         "each key into the query's space")
                    .arg(s.queryDimension())
                    .arg(s.keyDimension()),
                Text::tr("d_q ≠ d_k: W (%1 × %2) carries each key to the query's space", "a narrow lab")
                    .arg(s.queryDimension())
                    .arg(s.keyDimension()),
                QStringLiteral("d_q ≠ d_k")};
    return {Text::tr("d_q ≠ d_k: q · k is not defined, but W_q and W_k carry both into one "
                     "space of size h = %1")
                .arg(s.score.hiddenSize()),
            Text::tr("d_q ≠ d_k: W_q and W_k carry both to size h = %1", "a narrow lab").arg(s.score.hiddenSize()),
            QStringLiteral("d_q ≠ d_k")};
}

double ScoreLabPainter::preferredHeight(const QFont &font, int keys)
{
    const QFontMetricsF metrics(font);
    const double line = metrics.height();
    return line * 5.0 + std::max(1, keys) * line * 1.9 + line;
}

ScoreLabPainter::Geometry ScoreLabPainter::paint(QPainter &painter, const QRectF &rect, const Input &in)
{
    Geometry geometry;
    const Scenario &s = *in.scenario;
    const Theme &theme = *in.theme;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect, theme.viewBackground());
    painter.setFont(in.font);
    const QFontMetricsF metrics(in.font);
    // Chinese text comes from a fallback font that may be taller than the font's own lines.
    const double line = std::max(metrics.height(), metrics.boundingRect(QStringLiteral("解Ag_")).height());
    const double pad = std::max(4.0, line * 0.4);
    QRectF area = rect.adjusted(pad, pad, -pad, -pad);
    const int query = std::clamp(in.query, 0, int(std::max<Index>(0, s.queryCount() - 1)));

    // Heading: who scores whom, the formula, and the note on lengths.
    QFont bold = in.font;
    bold.setBold(true);
    painter.setFont(bold);
    painter.setPen(theme.textColor());
    // Each line has shorter forms for a narrow lab (a dock, presentation mode's large type).
    geometry.heading = QRectF(area.left(), area.top(), area.width(), line);
    painter.drawText(geometry.heading, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                     fittedText(headingTexts(s, query), bold, area.width()));
    painter.setFont(in.font);
    double y = area.top() + line * 1.1;
    painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                     fittedText(formulaTexts(s), in.font, area.width()));
    y += line * 1.1;
    const QStringList notes = dimensionNotes(s);
    if (!notes.constFirst().isEmpty()) {
        painter.setPen(theme.hintColor());
        painter.drawText(QRectF(area.left(), y, area.width(), line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                         fittedText(notes, in.font, area.width()));
        painter.setPen(theme.textColor());
    }
    y += line * 1.3;

    if (s.queryCount() == 0 || s.keyCount() == 0) {
        painter.setPen(theme.hintColor());
        painter.drawText(QRectF(area.left(), y, area.width(), area.bottom() - y),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, Text::tr("No queries or no keys to score."));
        painter.restore();
        return geometry;
    }
    if (!in.result || in.result->scores.rows() <= query) {
        painter.setPen(theme.errorText());
        painter.drawText(QRectF(area.left(), y, area.width(), area.bottom() - y),
                         Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, in.refusal);
        painter.restore();
        return geometry;
    }
    const AttentionResult &r = *in.result;
    const Index keys = s.keyCount();
    const bool terms = drawsTerms(s);
    const Index hidden = terms ? s.score.hiddenSize() : 0;

    // Columns: label | terms | score bar | weight bar.
    double labelWidth = metrics.horizontalAdvance(QStringLiteral("encoder C"));
    for (Index j = 0; j < keys; ++j)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(s.keyLabel(j)));
    labelWidth = std::min(labelWidth + pad, area.width() * 0.25);
    const double cell = std::max(line * 1.9, metrics.horizontalAdvance(QStringLiteral("−0.00")) + 4);
    const double termsWidth = terms ? hidden * cell + pad * 2 : 0.0;
    // Too narrow for the terms and the bars side by side (a lab beside the lesson at a large text):
    // each encoder state takes two lines, its terms above its bars.
    const bool stacked = terms
        && area.right() - (area.left() + labelWidth + termsWidth) < metrics.horizontalAdvance(QLatin1Char('x')) * 32;
    const double barsLeft = area.left() + labelWidth + (stacked ? 0.0 : termsWidth);
    const double barsWidth = std::max(40.0, area.right() - barsLeft);
    const double scoreWidth = barsWidth * 0.5 - pad;
    const double weightLeft = barsLeft + barsWidth * 0.5 + pad;
    const double weightWidth = area.right() - weightLeft;

    // Column titles.
    painter.setPen(theme.hintColor());
    const QRectF titles(area.left(), y, area.width(), line);
    if (terms) {
        painter.drawText(QRectF(area.left() + labelWidth, y, termsWidth, line), Qt::AlignCenter | Qt::TextDontClip,
                         fittedText({Text::tr("tanh(W_q q + W_k k)"), Text::tr("tanh terms")}, in.font, termsWidth));
    }
    if (stacked)
        y += line * 1.1;  // the bars' titles under the terms' title
    painter.drawText(QRectF(barsLeft, y, scoreWidth, line), Qt::AlignCenter | Qt::TextDontClip,
                     fittedText({Text::tr("score"), QStringLiteral("S")}, in.font, scoreWidth));
    painter.drawText(QRectF(weightLeft, y, weightWidth, line), Qt::AlignCenter | Qt::TextDontClip,
                     fittedText({Text::tr("weight (softmax)"), Text::tr("weight"), QStringLiteral("A")},
                                in.font, weightWidth));
    Q_UNUSED(titles);
    y += line * 1.2;

    // The additive score's w above its terms: each score is Σ w_m × t_m.
    if (terms) {
        const double wTop = y;
        painter.setPen(theme.hintColor());
        painter.drawText(QRectF(area.left(), wTop, labelWidth, line), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                         QStringLiteral("w"));
        for (Index m = 0; m < hidden; ++m) {
            const QRectF c(area.left() + labelWidth + pad + m * cell + 1, wTop, cell - 2, line);
            painter.setPen(QPen(theme.frameColor(), in.lineWidth));
            painter.setBrush(Qt::NoBrush);
            painter.drawRect(c);
            painter.setPen(theme.textColor());
            painter.drawText(c, Qt::AlignCenter | Qt::TextDontClip, formatCompact(s.score.scoreVector(m), 2));
        }
        y += line * 1.3;
    }

    double largestScore = 1e-12;
    for (Index j = 0; j < keys; ++j)
        largestScore = std::max(largestScore, std::abs(r.scores(query, j)));
    const double rowHeight = stacked
        ? std::min(line * 4.6, std::max(line * 2.0, (area.bottom() - y) / std::max<Index>(1, keys)))
        : std::min(line * 2.6, std::max(line, (area.bottom() - y) / std::max<Index>(1, keys)));
    // Where a row's label and terms go, and where its bars go (the same band unless stacked).
    const double bandHeight = stacked ? rowHeight / 2 : rowHeight;
    const Eigen::VectorXd q = s.queries.row(query).transpose();
    // The zero line: at the left when no score is negative, at the right when none is positive.
    bool anyNegative = false, anyPositive = false;
    for (Index j = 0; j < keys; ++j) {
        anyNegative = anyNegative || r.scores(query, j) < 0;
        anyPositive = anyPositive || r.scores(query, j) > 0;
    }
    const double valueRoom = metrics.horizontalAdvance(QStringLiteral("−0.0000")) + pad;
    const double zeroX = !anyNegative ? barsLeft + valueRoom
                         : !anyPositive ? barsLeft + scoreWidth - valueRoom
                                        : barsLeft + scoreWidth / 2;
    const double reachRight = barsLeft + scoreWidth - zeroX - (anyNegative ? 0.0 : pad);
    const double reachLeft = zeroX - barsLeft - (anyPositive ? 0.0 : pad);
    const double reach = std::max(8.0, anyNegative && anyPositive ? std::min(reachLeft, reachRight) - valueRoom
                                       : anyNegative ? reachLeft : reachRight);
    for (Index j = 0; j < keys; ++j) {
        const QRectF row(area.left(), y, area.width(), rowHeight);
        geometry.rows.push_back(row);
        if (j == in.hoveredKey)
            painter.fillRect(row, theme.highlightColor().lighter(theme.isDark() ? 60 : 170));
        const bool allowed = s.isAllowed(query, j);
        painter.setPen(allowed ? theme.textColor() : theme.maskedColor());
        const double barY = stacked ? y + bandHeight : y;
        painter.drawText(QRectF(area.left(), y, labelWidth, bandHeight), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                         fittedText({s.keyLabel(j)}, in.font, labelWidth - pad / 2));
        const double barHeight = bandHeight * 0.6;
        const double barTop = barY + (bandHeight - barHeight) / 2;

        std::vector<QRectF> termCells;
        if (terms) {
            const Eigen::VectorXd h = additiveHidden(s.score, q, s.keys.row(j).transpose());
            for (Index m = 0; m < hidden; ++m) {
                const double cellHeight = std::min(bandHeight - 2.0, std::max(barHeight, line + 2.0));
                const QRectF c(area.left() + labelWidth + pad + m * cell + 1, y + (bandHeight - cellHeight) / 2,
                               cell - 2, cellHeight);
                termCells.push_back(c);
                QColor fill = signedColor(theme, h(m));
                fill.setAlphaF(0.15 + 0.6 * std::min(1.0, std::abs(h(m))));
                painter.fillRect(c, fill);
                // The text on the colour as it shows over the background.
                const QColor back = theme.viewBackground();
                const double alpha = fill.alphaF();
                const QColor shown = QColor::fromRgbF(fill.redF() * alpha + back.redF() * (1 - alpha),
                                                      fill.greenF() * alpha + back.greenF() * (1 - alpha),
                                                      fill.blueF() * alpha + back.blueF() * (1 - alpha));
                painter.setPen(qGray(shown.rgb()) < 128 ? QColor(Qt::white) : QColor(Qt::black));
                painter.drawText(c, Qt::AlignCenter | Qt::TextDontClip, formatCompact(h(m), 2));
            }
        }
        geometry.terms.push_back(termCells);

        // Score: a bar either side of the zero line.
        const double score = r.scores(query, j);
        const double length = score / largestScore * reach;
        QRectF scoreBar(std::min(zeroX, zeroX + length), barTop, in.concealScores ? 0.0 : std::abs(length), barHeight);
        geometry.scoreBars.push_back(scoreBar);
        if (!in.concealScores)
            painter.fillRect(scoreBar, signedColor(theme, score));
        painter.setPen(QPen(theme.zeroAxisColor(), in.lineWidth));
        painter.drawLine(QPointF(zeroX, barY), QPointF(zeroX, barY + bandHeight));
        painter.setPen(theme.textColor());
        const QString scoreText = in.concealScores ? QStringLiteral("?") : formatCompact(score, 4);
        // The number on the other side of the zero line from its bar.
        const QRectF scoreLabel = score >= 0 || in.concealScores
            ? QRectF(zeroX - valueRoom, barY, valueRoom - pad / 2, bandHeight)
            : QRectF(zeroX + pad / 2, barY, valueRoom, bandHeight);
        painter.drawText(scoreLabel, (score >= 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter | Qt::TextDontClip, scoreText);

        // Weight: a bar from 0 to 1.
        const double weight = r.weights(query, j);
        const double valueWidth = metrics.horizontalAdvance(QStringLiteral("0.0000")) + pad;
        const double room = std::max(10.0, weightWidth - valueWidth);
        const QRectF frame(weightLeft, barTop, room, barHeight);
        painter.setPen(QPen(theme.frameColor(), in.lineWidth));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(frame);
        const QRectF weightBar(weightLeft, barTop, in.concealWeights ? 0.0 : room * weight, barHeight);
        geometry.weightBars.push_back(weightBar);
        if (!in.concealWeights)
            painter.fillRect(weightBar, allowed ? theme.queryColor(query) : theme.maskedFill());
        painter.setPen(allowed ? theme.textColor() : theme.maskedColor());
        painter.drawText(QRectF(weightLeft + room + pad / 2, barY, valueWidth, bandHeight),
                         Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip,
                         !allowed ? Text::tr("masked") : in.concealWeights ? QStringLiteral("?") : formatCompact(weight, 4));
        y += rowHeight;
    }
    painter.restore();
    return geometry;
}

} // namespace attnlens
