#pragma once

#include <QTextBrowser>
#include <QVector>

#include <optional>

namespace attnlens {

class AttentionModel;
class ViewState;

/// The selected query's attention worked out by hand, as the lesson does it, updating live:
/// each dot product with its terms, the division by √d_k and by T, the exponentials after
/// subtracting the row maximum, their sum, the weights, and each context coordinate as
/// Σ wᵢ·vᵢ with its terms. Masked keys appear as "masked → weight 0" and are left out of the
/// maximum, the sum and the context.
///
/// Scores, weights and context are the model's; the other numbers are plain arithmetic on the
/// scenario and those scores. Numbers show 4 decimals; hovering one shows it to full precision.
/// Past kMaxKeyRows keys (or kMaxDimensionRows context dimensions) the first rows are shown with
/// a note saying how many more there are.
class WorkedNumbersView : public QTextBrowser {
    Q_OBJECT

public:
    static constexpr int kMaxKeyRows = 16;
    static constexpr int kMaxDimensionRows = 16;
    /// Terms written out in one sum before it is shortened to "+ … (n more terms)".
    static constexpr int kMaxTerms = 4;

    WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    int shownQuery() const { return m_shownQuery; }
    /// The full-precision value of the number under `viewportPos`, if there is one.
    std::optional<double> valueAt(const QPoint &viewportPos) const;
    /// True while the view explains a refusal instead of showing numbers.
    bool isShowingRefusal() const { return m_showingRefusal; }

protected:
    bool viewportEvent(QEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void applyFonts();
    QString buildCalculation();
    QString buildRefusal(const QString &text) const;
    /// A number shown with 4 decimals whose full value is kept for the tooltip.
    QString number(double value);
    /// A factor from the scenario, written as short as it is ("1", "0.5", "(−2)").
    QString factor(double value);
    /// A result of plain arithmetic on the inputs, as short as it is ("1", "0.7071", "−3").
    QString exact(double value);
    QString anchored(double value, const QString &text);

    AttentionModel *m_model;
    ViewState *m_viewState;
    QVector<double> m_values;
    int m_shownQuery = 0;
    bool m_showingRefusal = false;
};

} // namespace attnlens
