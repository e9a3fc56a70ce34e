#include "workednumberscomposer.h"
#include "workedsymbols.h"

#include "attentionresult.h"
#include "error.h"
#include "numberformat.h"
#include "refusaltext.h"
#include "scenario.h"

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <limits>

namespace attnlens {

namespace {

using Font = WorkedPage::Font;
using Ink = WorkedPage::Ink;
using Quantity = WorkedPage::Quantity;
using Section = WorkedPage::Section;

// Gaps above blocks, in line heights.
constexpr double kParagraphGap = 0.6;
constexpr double kSectionGap = 0.9;
constexpr double kUnderHeadingGap = 0.2;

using worked::kEquals;
using worked::kPlus;
using worked::kTimes;

} // namespace

void WorkedNumbersComposer::compose(const Scenario &scenario, const AttentionResult *result,
                                    const std::optional<Error> &error, int selectedQuery,
                                    const Options &options, WorkedPage &page)
{
    page.clear();
    page.narrow = options.narrow;
    page.shownQuery = std::clamp(selectedQuery, 0, std::max(0, static_cast<int>(scenario.queryCount()) - 1));
    WorkedNumbersComposer composer(page);
    composer.m_headTag = options.headTag;
    composer.m_concealed = options.concealed;
    if (!result || page.shownQuery >= result->weights.rows()) {
        page.refusal = true;
        composer.composeRefusal(error ? refusalText(scenario, *error, page.shownQuery) : tr("No query to show"));
    } else {
        composer.composeCalculation(scenario, *result);
    }
}

WorkedPage WorkedNumbersComposer::compose(const Scenario &scenario, const AttentionResult *result,
                                          const std::optional<Error> &error, int selectedQuery,
                                          const Options &options)
{
    WorkedPage page;
    compose(scenario, result, error, selectedQuery, options, page);
    return page;
}

// ---------------------------------------------------------------------------------------------
// Writing runs

void WorkedNumbersComposer::beginBlock(double gapAbove, bool table, bool wrap)
{
    WorkedPage::Block block;
    block.firstRow = static_cast<int>(m_page.rows.size());
    block.table = table;
    block.wrap = wrap;
    block.gapAbove = m_page.blocks.isEmpty() ? 0.0 : gapAbove;
    m_page.blocks.append(block);
}

void WorkedNumbersComposer::beginRow(WorkedPage::Background background)
{
    WorkedPage::Row row;
    row.firstCell = static_cast<int>(m_page.cells.size());
    row.background = background;
    m_page.rows.append(row);
}

void WorkedNumbersComposer::beginCell(bool alignRight, int span)
{
    WorkedPage::Cell cell;
    cell.firstRun = static_cast<int>(m_page.runs.size());
    cell.alignRight = alignRight;
    cell.span = span;
    m_page.cells.append(cell);
}

void WorkedNumbersComposer::words(const QString &text, Font font, Ink ink, bool rich)
{
    WorkedPage::Run run;
    run.kind = WorkedPage::RunKind::Words;
    run.font = font;
    run.ink = ink;
    run.rich = rich;
    run.text = text;
    m_page.runs.append(std::move(run));
}

void WorkedNumbersComposer::glyphs(const QString &text, Font font, Ink ink)
{
    WorkedPage::Run run;
    run.kind = WorkedPage::RunKind::Glyphs;
    run.font = font;
    run.ink = ink;
    run.text = text;
    m_page.runs.append(std::move(run));
}

bool WorkedNumbersComposer::conceals(Quantity quantity) const
{
    switch (quantity) {
    case Quantity::DotProduct:
    case Quantity::Score:
    case Quantity::Scaled:
    case Quantity::Maximum:
    case Quantity::Shifted:
        return m_concealed.testFlag(LessonQuantity::Scores);
    case Quantity::Exponential:
    case Quantity::ExponentialSum:
    case Quantity::Weight:
    case Quantity::WeightSum:
    case Quantity::TermWeight:
        return m_concealed.testFlag(LessonQuantity::Weights);
    case Quantity::Context:
        return m_concealed.testFlag(LessonQuantity::Context);
    default:
        return false;
    }
}

void WorkedNumbersComposer::composeConcealmentNote(LessonQuantities quantities)
{
    QStringList hidden;
    if (quantities.testFlag(LessonQuantity::Scores))
        hidden << tr("the scores");
    if (quantities.testFlag(LessonQuantity::Weights))
        hidden << tr("the weights");
    if (quantities.testFlag(LessonQuantity::Context))
        hidden << tr("the context");
    if (hidden.isEmpty())
        return;
    beginBlock(kUnderHeadingGap, false, true);  // wrapped to the panel's width, however narrow
    beginRow();
    beginCell();
    words(tr("Predict first: %1 are written ? until you reveal the answers (R).")
              .arg(hidden.join(tr(" and ", "joins the hidden quantities"))),
          Font::Italic, Ink::More);
}

void WorkedNumbersComposer::number(double value, const QString &text, Font font, Quantity quantity, int key,
                                   int dimension)
{
    WorkedPage::Run run;
    run.kind = WorkedPage::RunKind::Glyphs;
    run.font = font;
    run.ink = Ink::Text;
    run.quantity = quantity;
    run.key = key;
    run.dimension = dimension;
    run.value = value;
    // Predict first: the number waits for the reveal; the calculation around it stays.
    run.text = conceals(quantity) ? QStringLiteral("?") : text;
    m_page.runs.append(std::move(run));
}

void WorkedNumbersComposer::compact(double value, Quantity quantity, int key, int dimension, Font font)
{
    number(value, formatCompact(value), font, quantity, key, dimension);
}

void WorkedNumbersComposer::factor(double value, Quantity quantity, int key, int dimension)
{
    // Written as short as it is ("1", "0.5", "(−2)").
    const QString text = formatInput(value);
    number(value,
           value < 0 && text != QLatin1String("0") ? QLatin1Char('(') + text + QLatin1Char(')') : text,
           Font::Regular, quantity, key, dimension);
}

void WorkedNumbersComposer::exact(double value, Quantity quantity, int key, int dimension)
{
    // As short as it is ("1", "0.7071", "−3").
    number(value, formatInput(value), Font::Regular, quantity, key, dimension);
}

// ---------------------------------------------------------------------------------------------
// The page

void WorkedNumbersComposer::composeRefusal(const QString &text)
{
    const qsizetype split = text.indexOf(QLatin1Char('\n'));
    const QString headline = split < 0 ? text : text.left(split);
    const QString detail = split < 0 ? QString() : text.mid(split + 1);

    beginBlock(0.0, false, true);
    beginRow();
    beginCell();
    words(headline, Font::Title, Ink::Refusal);
    if (!detail.isEmpty()) {
        beginBlock(kParagraphGap, false, true);
        beginRow();
        beginCell();
        words(detail, Font::Regular, Ink::Refusal);
    }
    beginBlock(kParagraphGap, false, true);
    beginRow();
    beginCell();
    words(tr("No numbers are shown until the scenario can be computed again."), Font::Regular, Ink::Note);
}

void WorkedNumbersComposer::composeCalculation(const Scenario &scenario, const AttentionResult &result)
{
    const int q = m_page.shownQuery;
    const bool narrow = m_page.narrow;
    const int keyCount = static_cast<int>(scenario.keyCount());
    const int keyDim = static_cast<int>(scenario.keyDimension());
    const int queryDim = static_cast<int>(scenario.queryDimension());
    const bool dotProduct = scenario.score.isScaledDot();
    const int valueDim = static_cast<int>(scenario.valueDimension());
    const double sqrtDk = std::sqrt(static_cast<double>(keyDim));
    const double temperature = scenario.temperature;
    const int shownKeys = std::min(keyCount, kMaxKeyRows);
    auto moreNote = [this](int count, const QString &singular, const QString &plural, int columns) {
        beginRow();
        beginCell(false, columns);
        words(tr("\u2026 %1 more %2").arg(count).arg(count == 1 ? singular : plural), Font::Italic, Ink::More);
    };
    auto headerRow = [this](std::initializer_list<QString> headers) {
        beginRow(WorkedPage::Background::Heading);
        for (const QString &header : headers) {
            beginCell();
            words(header, Font::Bold, Ink::Heading, header.contains(QLatin1Char('<')));
        }
    };
    auto heading = [this, narrow](Section section, const QString &title, const QString &note) {
        beginBlock(kSectionGap);
        beginRow();
        m_page.sectionRows[static_cast<size_t>(section)] = currentRow();
        beginCell();
        words(title, Font::Bold, Ink::Text);
        if (narrow) {
            // The note on lines of its own, wrapped to the view.
            beginBlock(kUnderHeadingGap, false, true);
            beginRow();
            beginCell();
        } else {
            glyphs(QStringLiteral(" "), Font::Regular, Ink::Note);
        }
        words(note, Font::Regular, Ink::Note, note.contains(QLatin1Char('<')));
        // Predict first: under the heading of each part with hidden numbers (the lesson scrolls
        // to a part, so a line over the page would be out of sight).
        const LessonQuantities inSection = section == Section::Scores ? LessonQuantities(LessonQuantity::Scores)
            : section == Section::Softmax ? LessonQuantity::Scores | LessonQuantity::Weights
                                          : LessonQuantity::Weights | LessonQuantity::Context;
        composeConcealmentNote(m_concealed & inSection);
    };
    // In the narrow form the terms of a sum go on rows of their own under the table row, two
    // terms to a row.
    auto termsRow = [this, narrow](int span, int termIndex) {
        if (!narrow || termIndex % 2 != 0)
            return;
        beginRow();
        beginCell(false, span);
        glyphs(QStringLiteral("    "));
    };

    // The title, in the query's colour.
    beginBlock(0.0, false, narrow);  // the narrow form wraps a long name
    beginRow();
    m_page.sectionRows[static_cast<size_t>(Section::Query)] = currentRow();
    beginCell();
    words(QStringLiteral("\u25a0"), Font::Mark, Ink::Query);
    glyphs(QStringLiteral(" "), Font::Title);
    words(m_headTag.isEmpty()
              ? tr("Worked numbers for \u201c%1\u201d").arg(scenario.queryLabel(q))
              : tr("Worked numbers for \u201c%1\u201d in %2", "the query, then the head").arg(scenario.queryLabel(q), m_headTag),
          Font::Title, Ink::Text);

    // The query vector and the two divisors.
    beginBlock(kParagraphGap);
    beginRow();
    beginCell();
    words(QStringLiteral("q"), Font::Bold, Ink::Query);
    glyphs(QStringLiteral(" = ["));
    for (int d = 0; d < std::min(queryDim, kMaxTerms); ++d) {
        if (d > 0)
            glyphs(QStringLiteral(", "));
        exact(scenario.queries(q, d), Quantity::QueryEntry, -1, d);
    }
    if (queryDim > kMaxTerms) {
        glyphs(QStringLiteral(", "));
        words(tr("\u2026 %1 more").arg(queryDim - kMaxTerms), Font::Regular, Ink::Text);
    }
    glyphs(narrow ? QStringLiteral("]") : QStringLiteral("]    "));
    if (narrow) {
        beginRow();
        beginCell();
    }
    if (dotProduct) {
        words(tr("d<sub>k</sub> = %1, √d<sub>k</sub>").arg(keyDim), Font::Regular, Ink::Text, true);
        glyphs(kEquals);
        compact(sqrtDk, Quantity::SqrtKeyDimension);
    } else {
        // General and additive scores are not divided by √d_k; d_q may differ from d_k.
        words(tr("d<sub>q</sub> = %1, d<sub>k</sub> = %2, no \u00f7 √d<sub>k</sub>").arg(queryDim).arg(keyDim),
              Font::Regular, Ink::Text, true);
    }
    if (narrow) {
        beginRow();
        beginCell();
    }
    glyphs(narrow ? QStringLiteral("T = ") : QStringLiteral("    T = "));
    exact(temperature, Quantity::Temperature);

    // 1. Scores.
    QVector<double> z(keyCount);
    for (int j = 0; j < keyCount; ++j)
        z[j] = result.scores(q, j) / temperature;
    if (!dotProduct) {
        heading(Section::Scores, tr("1  Scores"), weightedScoreNote(scenario));
        beginBlock(kUnderHeadingGap, true);
        const int columns = composeWeightedScores(scenario, result, z, shownKeys);
        if (keyCount > shownKeys)
            moreNote(keyCount - shownKeys, tr("key"), tr("keys"), columns);
    } else {
        heading(Section::Scores, tr("1  Scores"), tr("dot product, then \u00f7 √d<sub>k</sub> and \u00f7 T"));
        beginBlock(kUnderHeadingGap, true);
        // The narrow form drops the key column: each key's name heads its rows, with the terms of
        // its dot product, and its numbers follow on a row of three columns.
        if (narrow)
            headerRow({QStringLiteral("q\u00b7k"), tr("\u00f7 √d<sub>k</sub><br>= score"), tr("\u00f7 T<br>= z")});
        else
            headerRow({tr("key"), QStringLiteral("q\u00b7k"), tr("\u00f7 √d<sub>k</sub> = score"),
                       tr("\u00f7 T = z")});
        const int scoreColumns = narrow ? 3 : 4;
        for (int j = 0; j < shownKeys; ++j) {
            beginRow();
            m_page.keyRows.append(currentRow());
            beginCell(false, narrow ? scoreColumns : 1);
            words(scenario.keyLabel(j), narrow ? Font::Bold : Font::Regular, Ink::Text);
            double dot = 0.0;
            for (int d = 0; d < keyDim; ++d)
                dot += scenario.queries(q, d) * scenario.keys(j, d);
            if (narrow)
                glyphs(QStringLiteral(":"), Font::Bold);
            else
                beginCell();
            for (int d = 0; d < std::min(keyDim, kMaxTerms); ++d) {
                if (d > 0)
                    termsRow(scoreColumns, d);
                if (d > 0 || narrow)
                    glyphs(d > 0 ? kPlus : QStringLiteral("  "));
                factor(scenario.queries(q, d), Quantity::QueryFactor, j, d);
                glyphs(kTimes);
                factor(scenario.keys(j, d), Quantity::KeyFactor, j, d);
            }
            if (keyDim > kMaxTerms) {
                termsRow(scoreColumns, kMaxTerms);
                glyphs(kPlus);
                words(tr("\u2026 (%1 more terms)").arg(keyDim - kMaxTerms), Font::Regular, Ink::Text);
            }
            if (narrow) {
                beginRow();
                beginCell(true);
            } else {
                glyphs(kEquals);
            }
            exact(dot, Quantity::DotProduct, j);
            beginCell(true);
            compact(result.scores(q, j), Quantity::Score, j);
            beginCell(true);
            compact(z[j], Quantity::Scaled, j);
        }
        if (keyCount > shownKeys)
            moreNote(keyCount - shownKeys, tr("key"), tr("keys"), scoreColumns);
    }

    // 2. Softmax over the allowed keys.
    double maxZ = -std::numeric_limits<double>::infinity();
    int maxKey = -1;
    int maskedCount = 0;
    for (int j = 0; j < keyCount; ++j) {
        if (!scenario.isAllowed(q, j)) {
            ++maskedCount;
            continue;
        }
        if (z[j] > maxZ) {
            maxZ = z[j];
            maxKey = j;
        }
    }
    QVector<double> exps(keyCount, 0.0);
    double expSum = 0.0;
    double weightSum = 0.0;
    for (int j = 0; j < keyCount; ++j) {
        if (scenario.isAllowed(q, j)) {
            exps[j] = std::exp(z[j] - maxZ);
            expSum += exps[j];
        }
        weightSum += result.weights(q, j);
    }
    heading(Section::Softmax, tr("2  Softmax"), tr("subtract the maximum, exponentiate, divide by the sum"));
    beginBlock(kUnderHeadingGap * 2);
    beginRow();
    beginCell();
    words(maskedCount > 0 ? tr("maximum of z over the allowed keys:") : tr("maximum of z:"), Font::Regular,
          Ink::Text);
    if (narrow) {
        beginRow();
        beginCell();
    }
    glyphs(narrow ? QStringLiteral("m = ") : QStringLiteral(" m = "));
    compact(maxZ, Quantity::Maximum, maxKey);
    glyphs(QStringLiteral(" "));
    words(QLatin1Char('(') + scenario.keyLabel(maxKey) + QLatin1Char(')'), Font::Regular, Ink::Note);

    beginBlock(kUnderHeadingGap, true);
    if (narrow)
        headerRow({tr("z \u2212 m"), tr("exp<br>(z \u2212 m)"), tr("\u00f7 \u03a3<br>= weight")});
    else
        headerRow({tr("key"), tr("z \u2212 m"), tr("exp(z \u2212 m)"), tr("\u00f7 \u03a3 = weight")});
    const int softmaxColumns = narrow ? 3 : 4;
    for (int j = 0; j < shownKeys; ++j) {
        beginRow();
        m_page.keyRows.append(currentRow());
        beginCell(false, narrow ? softmaxColumns : 1);
        words(scenario.keyLabel(j), narrow ? Font::Bold : Font::Regular, Ink::Text);
        if (narrow)
            beginRow();
        if (!scenario.isAllowed(q, j)) {
            // The result's weight, exactly 0 for a masked key: written as it is.
            const double weight = result.weights(q, j);
            beginCell(false, 3);
            words(tr("masked \u2192 weight"), Font::Regular, Ink::Masked);
            glyphs(QStringLiteral(" "), Font::Regular, Ink::Masked);
            number(weight, formatInput(weight), Font::Regular, Quantity::Weight, j, -1);
            m_page.runs.last().ink = Ink::Masked;
        } else {
            beginCell(true);
            compact(z[j] - maxZ, Quantity::Shifted, j);
            beginCell(true);
            compact(exps[j], Quantity::Exponential, j);
            beginCell(true);
            compact(result.weights(q, j), Quantity::Weight, j, -1, Font::Bold);
        }
    }
    if (keyCount > shownKeys)
        moreNote(keyCount - shownKeys, tr("key"), tr("keys"), softmaxColumns);
    beginRow(WorkedPage::Background::Sum);
    beginCell();
    words(QStringLiteral("\u03a3"), Font::Bold, Ink::Text);
    if (!narrow)
        beginCell();
    beginCell(true);
    compact(expSum, Quantity::ExponentialSum);
    beginCell(true);
    compact(weightSum, Quantity::WeightSum);
    if (keyCount > shownKeys) {
        beginBlock(kUnderHeadingGap * 2);
        beginRow();
        beginCell();
        words(tr("The maximum and the sum run over all %1 keys.").arg(keyCount), Font::Regular, Ink::Note);
    }

    // 3. Context.
    heading(Section::Context, tr("3  Context"),
            maskedCount > 0 ? tr("c = \u03a3 w\u1d62\u00b7v\u1d62 over the allowed keys "
                                 "(masked keys are left out)")
                            : tr("c = \u03a3 w\u1d62\u00b7v\u1d62"));
    beginBlock(kUnderHeadingGap, true);
    const int shownDims = std::min(valueDim, kMaxDimensionRows);
    for (int d = 0; d < shownDims; ++d) {
        beginRow();
        beginCell();
        words(QStringLiteral("c<sub>%1</sub>").arg(d + 1), Font::Regular, Ink::Text, true);
        if (narrow) {
            // c_d | = value, then the terms on rows of their own.
            beginCell(true);
            glyphs(QStringLiteral("= "));
            compact(result.context(q, d), Quantity::Context, -1, d, Font::Bold);
        } else {
            beginCell();
            glyphs(QStringLiteral("= "));
        }
        int termCount = 0;
        for (int j = 0; j < keyCount; ++j) {
            if (!scenario.isAllowed(q, j))
                continue;
            if (termCount < kMaxTerms) {
                termsRow(2, termCount);
                if (termCount > 0 || narrow)
                    glyphs(termCount > 0 ? kPlus : QStringLiteral("= "));
                compact(result.weights(q, j), Quantity::TermWeight, j, d);
                glyphs(kTimes);
                factor(scenario.values(j, d), Quantity::TermValue, j, d);
            }
            ++termCount;
        }
        if (termCount > kMaxTerms) {
            termsRow(2, kMaxTerms);
            glyphs(kPlus);
            words(tr("\u2026 (%1 more terms)").arg(termCount - kMaxTerms), Font::Regular, Ink::Text);
        }
        if (!narrow) {
            beginCell(true);
            glyphs(QStringLiteral("= "));
            compact(result.context(q, d), Quantity::Context, -1, d, Font::Bold);
        }
    }
    if (valueDim > shownDims)
        moreNote(valueDim - shownDims, tr("dimension"), tr("dimensions"), 3);
}

} // namespace attnlens
