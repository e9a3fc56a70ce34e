#pragma once

#include "lessonstep.h"
#include "workedpage.h"

#include <QCoreApplication>

#include <optional>

namespace attnlens {

struct AttentionResult;
struct Error;
struct Scenario;

/// How WorkedNumbersComposer writes the page.
struct WorkedNumbersOptions {
    /// The narrow form: the terms of each sum on rows of their own, the headers on two lines
    /// and no key column, for a panel too narrow for the wide tables.
    bool narrow = false;
    /// The head the page works out ("head 2 “subject”", headtitle.h), named in its title; empty
    /// for a one-head scenario.
    QString headTag;
    /// What the open lesson step asks to predict, with what would give it back
    /// (ViewState::concealedAnswers(): the weights hide exp(z − m) too): those numbers are
    /// written "?" and a line over the page says they wait for the reveal.
    LessonQuantities concealed;
};

/// Writes the selected query's attention worked out by hand, as the lesson does it, into a
/// WorkedPage: each dot product with its terms, the division by √d_k and by T, the exponentials
/// after subtracting the row maximum, their sum, the weights, and each context coordinate as
/// Σ wᵢ·vᵢ with its terms. Masked keys appear as "masked → weight 0" and are left out of the
/// maximum, the sum and the context. While the scenario is refused the page holds the refusal
/// instead.
///
/// Scores, weights and context are the result's; the other numbers are plain arithmetic on the
/// scenario and those scores. Past kMaxKeyRows keys (or kMaxDimensionRows context dimensions)
/// the first rows are written with a note saying how many more there are.
///
/// Needs no widget and no font: what it writes is plain data (see WorkedPage).
class WorkedNumbersComposer
{
    Q_DECLARE_TR_FUNCTIONS(attnlens::WorkedNumbersComposer)

public:
    static constexpr int kMaxKeyRows = 16;
    static constexpr int kMaxDimensionRows = 16;
    /// Terms written out in one sum before it is shortened to "+ … (n more terms)".
    static constexpr int kMaxTerms = 4;

    using Options = WorkedNumbersOptions;

    /// Writes the page for query row `selectedQuery` (clamped to the scenario) into `page`,
    /// reusing its storage. `result` is nullptr while the model refuses the scenario; `error`
    /// then says why.
    static void compose(const Scenario &scenario, const AttentionResult *result,
                        const std::optional<Error> &error, int selectedQuery, const Options &options,
                        WorkedPage &page);
    static WorkedPage compose(const Scenario &scenario, const AttentionResult *result,
                              const std::optional<Error> &error, int selectedQuery,
                              const Options &options = Options());

private:
    explicit WorkedNumbersComposer(WorkedPage &page) : m_page(page) {}

    void composeCalculation(const Scenario &scenario, const AttentionResult &result);
    void composeRefusal(const QString &text);
    /// The scores of a general or additive score function (workednumbersscores.cpp): per key the
    /// intermediate vector (W kᵀ, or the tanh terms) and the sum that gives the score, then
    /// ÷ T = z. Writes the header row and one row per shown key; returns the column count.
    int composeWeightedScores(const Scenario &scenario, const AttentionResult &result,
                              const QVector<double> &z, int shownKeys);
    /// The note beside the scores heading for a general or additive score.
    static QString weightedScoreNote(const Scenario &scenario);

    void beginBlock(double gapAbove, bool table = false, bool wrap = false);
    void beginRow(WorkedPage::Background background = WorkedPage::Background::None);
    void beginCell(bool alignRight = false, int span = 1);
    void words(const QString &text, WorkedPage::Font font, WorkedPage::Ink ink, bool rich = false);
    void glyphs(const QString &text, WorkedPage::Font font = WorkedPage::Font::Regular,
                WorkedPage::Ink ink = WorkedPage::Ink::Text);
    void number(double value, const QString &text, WorkedPage::Font font, WorkedPage::Quantity quantity,
                int key, int dimension);
    /// A computed number, to 4 decimals.
    void compact(double value, WorkedPage::Quantity quantity, int key = -1, int dimension = -1,
                 WorkedPage::Font font = WorkedPage::Font::Regular);
    /// A factor from the scenario, as short as it is, negative ones in parentheses.
    void factor(double value, WorkedPage::Quantity quantity, int key, int dimension);
    /// A result of plain arithmetic on the inputs, as short as it is.
    void exact(double value, WorkedPage::Quantity quantity, int key = -1, int dimension = -1);

    /// The row just begun (for sectionRows and keyRows).
    int currentRow() const { return static_cast<int>(m_page.rows.size()) - 1; }

    /// Whether the lesson keeps `quantity` back until its reveal.
    bool conceals(WorkedPage::Quantity quantity) const;
    /// The line under a part's heading that says which of `quantities` wait for the reveal
    /// (nothing when none of them does).
    void composeConcealmentNote(LessonQuantities quantities);

    WorkedPage &m_page;
    QString m_headTag;
    LessonQuantities m_concealed;
};

} // namespace attnlens
