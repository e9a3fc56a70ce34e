// The worked numbers' scores for a general (q W kᵀ) or additive (wᵀ tanh(W_q q + W_k k)) score
// function: the part of WorkedNumbersComposer that scaled dot-product never reaches.
#include "workednumberscomposer.h"
#include "workedsymbols.h"

#include "attentionresult.h"
#include "numberformat.h"
#include "scenario.h"
#include "scorefunction.h"

#include <algorithm>

namespace attnlens {

namespace {

using Font = WorkedPage::Font;
using Ink = WorkedPage::Ink;
using Quantity = WorkedPage::Quantity;

using worked::kEquals;
using worked::kPlus;
using worked::kTimes;

} // namespace

QString WorkedNumbersComposer::weightedScoreNote(const Scenario &scenario)
{
    if (scenario.score.kind == ScoreFunction::Kind::General)
        return tr("general: score = q·(W k), then ÷ T (no ÷ √d<sub>k</sub>)");
    return tr("additive: score = w·tanh(W<sub>q</sub> q + W<sub>k</sub> k), then ÷ T "
              "(no ÷ √d<sub>k</sub>)");
}

int WorkedNumbersComposer::composeWeightedScores(const Scenario &scenario, const AttentionResult &result,
                                                 const QVector<double> &z, int shownKeys)
{
    const int q = m_page.shownQuery;
    const bool narrow = m_page.narrow;
    const bool general = scenario.score.kind == ScoreFunction::Kind::General;
    const int columns = narrow ? 3 : 4;
    const QString vectorName = general ? QStringLiteral("W k") : tr("t = tanh(W<sub>q</sub> q + W<sub>k</sub> k)");
    const QString sumName = general ? QStringLiteral("q·(W k)") : QStringLiteral("w·t");

    beginRow(WorkedPage::Background::Heading);
    const QStringList headers = narrow ? QStringList{vectorName, sumName, tr("÷ T<br>= z")}
                                       : QStringList{tr("key"), vectorName, sumName + tr(" = score"), tr("÷ T = z")};
    for (const QString &header : headers) {
        beginCell();
        words(header, Font::Bold, Ink::Heading, true);
    }

    const Eigen::VectorXd query = scenario.queries.row(q).transpose();
    for (int j = 0; j < shownKeys; ++j) {
        const Eigen::VectorXd key = scenario.keys.row(j).transpose();
        // The vector the score sums over, and the weights it is summed with.
        const Eigen::VectorXd vector = general ? Eigen::VectorXd(scenario.score.general * key)
                                               : additiveHidden(scenario.score, query, key);
        const Eigen::VectorXd &by = general ? query : scenario.score.scoreVector;
        const int length = int(vector.size());

        beginRow();
        m_page.keyRows.append(currentRow());
        beginCell(false, narrow ? columns : 1);
        words(scenario.keyLabel(j), narrow ? Font::Bold : Font::Regular, Ink::Text);
        if (narrow) {
            beginRow();
            beginCell(false, columns);
            words(general ? QStringLiteral("W k") : QStringLiteral("t"), Font::Regular, Ink::Text);
            glyphs(QStringLiteral(" = "));
        } else {
            beginCell();
        }
        glyphs(QStringLiteral("["));
        for (int m = 0; m < std::min(length, kMaxTerms); ++m) {
            if (m > 0)
                glyphs(QStringLiteral(", "));
            compact(vector(m), Quantity::None, j, m);
        }
        if (length > kMaxTerms)
            words(tr(", … %1 more").arg(length - kMaxTerms), Font::Regular, Ink::Text);
        glyphs(QStringLiteral("]"));

        if (narrow) {
            beginRow();
            beginCell(false, columns);
            glyphs(QStringLiteral("  "));
        } else {
            beginCell();
        }
        for (int m = 0; m < std::min(length, kMaxTerms); ++m) {
            // The narrow form: two terms to a row, as the dot product's terms.
            if (narrow && m > 0 && m % 2 == 0) {
                beginRow();
                beginCell(false, columns);
                glyphs(QStringLiteral("    "));
            }
            if (m > 0)
                glyphs(kPlus);
            factor(by(m), Quantity::None, j, m);
            glyphs(kTimes);
            compact(vector(m), Quantity::None, j, m);
        }
        if (length > kMaxTerms) {
            if (narrow) {
                beginRow();
                beginCell(false, columns);
                glyphs(QStringLiteral("    "));
            }
            glyphs(kPlus);
            words(tr("… (%1 more terms)").arg(length - kMaxTerms), Font::Regular, Ink::Text);
        }
        if (narrow) {
            beginRow();
            beginCell(true);
        } else {
            glyphs(kEquals);
        }
        compact(result.scores(q, j), Quantity::Score, j, -1, narrow ? Font::Regular : Font::Bold);
        if (narrow)
            beginCell();
        beginCell(true);
        compact(z[j], Quantity::Scaled, j);
    }
    return columns;
}

} // namespace attnlens
