#include "workednumbersview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "headtitle.h"
#include "numberformat.h"
#include "offscreendeferral.h"
#include "textfit.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QEvent>
#include <QHelpEvent>
#include <QPaintEvent>
#include <QPainter>
#include <QScrollBar>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attnlens {

WorkedNumbersView::WorkedNumbersView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QAbstractScrollArea(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("workedNumbersView"));
    // The reader scrolling (wheel, keys, the bar) ends the lesson's hold on a section.
    connect(verticalScrollBar(), &QAbstractSlider::actionTriggered, this, [this] {
        if (!m_scrollingToSection)
            m_anchorSection.reset();
    });
    setAccessibleName(tr("Worked numbers"));
    setAccessibleDescription(
        tr("The selected query's attention calculated by hand: dot products, scaling by the "
           "square root of d_k and by the temperature, exponentials after subtracting the "
           "maximum, their sum, the weights, and the context as a weighted sum of the values."));
    // Every pixel is painted by paintEvent(), so neither the viewport nor its parent need to
    // clear it first.
    viewport()->setAutoFillBackground(false);
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent);
    viewport()->setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);

    auto *copy = new QAction(tr("Copy as text"), this);
    copy->setShortcut(QKeySequence::Copy);
    copy->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(copy, &QAction::triggered, this, &WorkedNumbersView::copyToClipboard);
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);

    m_deferral = new OffscreenDeferral(this, {}, [this] { refresh(); });
    connect(m_model, &AttentionModel::resultChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        m_renderer.resetColumns();  // a new scenario starts with fresh column widths
        m_deferral->requestRefresh();
    });
    connect(m_viewState, &ViewState::selectedQueryChanged, m_deferral,
            &OffscreenDeferral::requestRefresh);
    connect(m_viewState, &ViewState::hoverChanged, this, &WorkedNumbersView::onHoverChanged);
    // Predict first: the page is written again at once when the lesson hides numbers, even out
    // of sight, so that bringing it forward never shows them; when they come back, on sight.
    connect(m_viewState, &ViewState::concealedAnswersChanged, this, [this](LessonQuantities concealed) {
        if (concealed)
            refresh();
        else
            m_deferral->requestRefresh();
    });
    // The page holds inks, not colours: a new theme only repaints it.
    connect(m_viewState, &ViewState::themeChanged, viewport(), qOverload<>(&QWidget::update));

    applyFonts();
    // Keyboard and accessibility: a focus ring, and the numbers in the accessible description.
    new AccessibleNumbers(m_model, m_viewState, this, AccessibleNumbers::Content::WeightsAndContext);
}

QSize WorkedNumbersView::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 32, fm.height() * 8);
}

QSize WorkedNumbersView::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 72, fm.height() * 30);
}

// ---------------------------------------------------------------------------------------------
// Reacting to the model

bool WorkedNumbersView::isStale() const
{
    return m_deferral->isPending();
}

void WorkedNumbersView::onHoverChanged()
{
    if (!isStale() && !m_page.refusal && isOnScreen(this))
        viewport()->update();  // only the highlighted rows change
}

void WorkedNumbersView::refresh()
{
    m_deferral->markRefreshed();
    composeToFit();
    applyPendingScroll();
    viewport()->update();
}

void WorkedNumbersView::compose(bool narrow)
{
    m_narrow = narrow;
    WorkedNumbersComposer::compose(m_model->scenario(), m_model->result(), m_model->error(),
                                   m_viewState->selectedQuery(),
                                   WorkedNumbersComposer::Options{narrow, headTag(*m_model), m_viewState->concealedAnswers()},
                                   m_page);
    layoutContent();
}

void WorkedNumbersView::composeToFit()
{
    // The form is kept while it fits, so that a drag does not flip it frame by frame: the narrow
    // form goes back to the wide one only once the viewport has room for what the wide one took.
    const qreal available = viewport()->width();
    compose(m_narrow && !(m_wideWidth > 0.0 && m_wideWidth <= available));
    if (!m_narrow && !m_page.refusal) {
        m_wideWidth = m_renderer.contentSize().width();
        if (m_wideWidth > available)
            compose(true);
    }
}

void WorkedNumbersView::layoutContent()
{
    m_renderer.layout(m_page, viewport()->width());
    updateScrollBars();
}

void WorkedNumbersView::scrollToSection(Section section)
{
    m_pendingSection = section;
    // Kept until the reader scrolls: a new size or a new layout brings the section back to the top.
    m_anchorSection = section;
    if (!isStale())
        applyPendingScroll();
}

void WorkedNumbersView::applyPendingScroll()
{
    if (!m_pendingSection)
        return;
    const int row = m_page.sectionRows[static_cast<size_t>(*m_pendingSection)];
    m_pendingSection.reset();
    if (m_page.refusal || row < 0 || row >= m_page.rows.size())
        return;
    const int top = static_cast<int>(std::floor(m_renderer.rowRect(row).top() - m_renderer.margin() / 2));
    m_scrollingToSection = true;
    verticalScrollBar()->setValue(std::clamp(top, 0, verticalScrollBar()->maximum()));
    horizontalScrollBar()->setValue(0);
    m_scrollingToSection = false;
    viewport()->update();
}

QRectF WorkedNumbersView::sectionRect(Section section) const
{
    const int row = m_page.sectionRows[static_cast<size_t>(section)];
    if (m_page.refusal || row < 0 || row >= m_page.rows.size())
        return QRectF();
    return m_renderer.rowRect(row).translated(-contentOffset());
}

void WorkedNumbersView::setPaperVisible(bool visible)
{
    if (visible == m_paperVisible)
        return;
    m_paperVisible = visible;
    viewport()->setAttribute(Qt::WA_OpaquePaintEvent, visible);
    viewport()->update();
}

void WorkedNumbersView::changeEvent(QEvent *event)
{
    QAbstractScrollArea::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void WorkedNumbersView::applyFonts()
{
    m_renderer.setFont(font());
    refresh();
}

// ---------------------------------------------------------------------------------------------
// Geometry

void WorkedNumbersView::updateScrollBars()
{
    const QSize view = viewport()->size();
    const QSizeF content = m_renderer.contentSize();
    const int width = static_cast<int>(std::ceil(content.width()));
    const int height = static_cast<int>(std::ceil(content.height()));
    const int line = std::max(1, static_cast<int>(m_renderer.lineHeight()));
    horizontalScrollBar()->setRange(0, std::max(0, width - view.width()));
    horizontalScrollBar()->setPageStep(view.width());
    horizontalScrollBar()->setSingleStep(line);
    verticalScrollBar()->setRange(0, std::max(0, height - view.height()));
    verticalScrollBar()->setPageStep(view.height());
    verticalScrollBar()->setSingleStep(line);
}

void WorkedNumbersView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    const qreal available = viewport()->width();
    if (m_page.refusal)
        layoutContent();  // the prose wraps to the new width
    else if (m_narrow != (m_wideWidth > available) || m_narrow)
        composeToFit();  // the other form fits better now (and the narrow form's notes wrap)
    else
        updateScrollBars();
    if (m_anchorSection && !isStale()) {
        m_pendingSection = m_anchorSection;
        applyPendingScroll();
    }
}

QPointF WorkedNumbersView::contentOffset() const
{
    return QPointF(horizontalScrollBar()->value(), verticalScrollBar()->value());
}

void WorkedNumbersView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    const Theme &theme = m_viewState->theme();
    if (m_paperVisible)
        painter.fillRect(event->rect(), WorkedNumbersRenderer::paperColor(m_page, theme));
    const QPointF offset = contentOffset();
    painter.translate(-offset);
    int hoveredKey = -1;
    if (!m_page.refusal && m_viewState->hoveredQuery() == m_page.shownQuery)
        hoveredKey = m_viewState->hoveredKey();
    m_renderer.paint(painter, m_page, QRectF(event->rect()).translated(offset), theme, hoveredKey);
}

// ---------------------------------------------------------------------------------------------
// Reading back what is shown

std::optional<double> WorkedNumbersView::valueAt(const QPoint &viewportPos) const
{
    const int run = m_renderer.numberAt(m_page, QPointF(viewportPos) + contentOffset());
    if (run < 0)
        return std::nullopt;
    return m_page.runs.at(run).value;
}

QRectF WorkedNumbersView::textRect(const QString &needle) const
{
    const QRectF found = m_renderer.textRect(m_page, needle);
    return found.isNull() ? QRectF() : found.translated(-contentOffset());
}

void WorkedNumbersView::copyToClipboard() const
{
    QApplication::clipboard()->setText(toPlainText());
}

bool WorkedNumbersView::viewportEvent(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const std::optional<double> value = valueAt(help->pos()))
            QToolTip::showText(help->globalPos(), formatFull(*value), viewport());
        else
            QToolTip::hideText();
        return true;
    }
    return QAbstractScrollArea::viewportEvent(event);
}

} // namespace attnlens
