#pragma once

#include "workednumberscomposer.h"
#include "workednumbersrenderer.h"
#include "workedpage.h"

#include <QAbstractScrollArea>

#include <optional>

namespace attnlens {

class AttentionModel;
class OffscreenDeferral;
class ViewState;

/// The selected query's attention worked out by hand, as the lesson does it, updating live
/// (WorkedNumbersComposer writes what it says). Numbers show 4 decimals; hovering one shows it
/// to full precision.
///
/// The view is painted, not a text document, so that it can follow a drag at frame rate: every
/// update composes a flat WorkedPage (cheap), which WorkedNumbersRenderer lays out and paints
/// from text prepared between frames. While hidden (a dock tab behind another) the view ignores
/// model changes and catches up when it is shown again.
class WorkedNumbersView : public QAbstractScrollArea {
    Q_OBJECT

public:
    static constexpr int kMaxKeyRows = WorkedNumbersComposer::kMaxKeyRows;
    static constexpr int kMaxDimensionRows = WorkedNumbersComposer::kMaxDimensionRows;
    /// Terms written out in one sum before it is shortened to "+ … (n more terms)".
    static constexpr int kMaxTerms = WorkedNumbersComposer::kMaxTerms;

    /// The parts of the calculation, in the order they are written.
    using Section = WorkedPage::Section;

    WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    int shownQuery() const { return m_page.shownQuery; }
    /// The full-precision value of the number under `viewportPos`, if there is one.
    std::optional<double> valueAt(const QPoint &viewportPos) const;
    /// True while the view explains a refusal instead of showing numbers.
    bool isShowingRefusal() const { return m_page.refusal; }
    /// What the view shows as plain text: one line per row, table cells separated by tabs.
    /// This is also what "Copy" puts on the clipboard.
    QString toPlainText() const { return m_page.toPlainText(); }
    /// What the view shows, as data.
    const WorkedPage &page() const { return m_page; }
    /// Where the first piece of text containing `text` is drawn, in viewport coordinates;
    /// an empty rectangle when nothing shown contains it.
    QRectF textRect(const QString &text) const;
    /// True when the model changed while the view was hidden and it has not caught up yet.
    bool isStale() const;

    /// The size of everything the view shows, scrolled or not (what a figure export needs).
    QSizeF contentSize() const { return m_renderer.contentSize(); }
    /// Scrolls so that `section`'s heading is at the top of the view (as far as the scroll range
    /// allows), e.g. when the lesson talks about the softmax. A view that is out of sight
    /// scrolls once it has caught up.
    void scrollToSection(Section section);
    /// Where `section`'s heading is drawn, in viewport coordinates; empty while the view shows
    /// a refusal.
    QRectF sectionRect(Section section) const;
    /// True while the tables are written in their narrow form (the terms of each sum on a line
    /// of their own, the headers on two lines), chosen when the wide form would need a
    /// horizontal scroll bar.
    bool isNarrow() const { return m_narrow; }

    /// Without the white paper the calculation is drawn on a transparent background (figures).
    void setPaperVisible(bool visible);

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool viewportEvent(QEvent *event) override;

private:
    void onHoverChanged();
    void refresh();
    /// Composes and lays out in the wide form, or in the narrow one when the wide one is wider
    /// than the viewport.
    void composeToFit();
    void compose(bool narrow);
    void layoutContent();
    void updateScrollBars();
    void applyPendingScroll();
    void applyFonts();
    void copyToClipboard() const;
    QPointF contentOffset() const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    WorkedPage m_page;
    WorkedNumbersRenderer m_renderer;
    /// While the view is out of sight (hidden, or a dock tab behind another) model changes only
    /// mark it stale; it refreshes once it can be seen again.
    OffscreenDeferral *m_deferral = nullptr;
    bool m_paperVisible = true;
    /// The form the page is written in; kept while it fits (see composeToFit()).
    bool m_narrow = false;
    /// The width the wide form took when it was last laid out.
    qreal m_wideWidth = 0.0;
    std::optional<Section> m_pendingSection;
    /// The section the lesson asked for, kept in view across resizes until the reader scrolls.
    std::optional<Section> m_anchorSection;
    bool m_scrollingToSection = false;
};

} // namespace attnlens
