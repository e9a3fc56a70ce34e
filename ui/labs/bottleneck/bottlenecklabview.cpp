#include "bottlenecklabview.h"

#include "attentionmodel.h"
#include "bottleneckcontexts.h"
#include "focusring.h"
#include "numberformat.h"
#include "offscreendeferral.h"
#include "textfit.h"
#include "viewstate.h"

#include <QFocusEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr double kNudgeStep = 0.1;
constexpr double kFineNudgeStep = 0.01;

} // namespace

BottleneckLabView::BottleneckLabView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_drag(model)
    , m_nudgeRun(model)
{
    setObjectName(QStringLiteral("bottleneckLabView"));
    setAccessibleName(tr("Bottleneck lab"));
    setStatusTip(tr("Drag a query's arrow · 1–9 or Q, Shift+Q: choose a query · arrows: move it by "
                    "0.1 (Shift: 0.01)"));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);  // an open hand over a query's tip says it can be dragged
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    m_keyRange = BottleneckLabPainter::fittedKeyRange(model->scenario());

    // A lab behind another tab does nothing on a change (its widest pair compares every two
    // contexts): it catches up once, when it comes on screen.
    m_deferral = new OffscreenDeferral(this, {}, [this] { onChanged(); });
    connect(model, &AttentionModel::resultChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(model, &AttentionModel::scenarioReset, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(viewState, &ViewState::selectedQueryChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(viewState, &ViewState::concealedAnswersChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(viewState, &ViewState::themeChanged, this, qOverload<>(&QWidget::update));
    connect(viewState, &ViewState::lineScaleChanged, this, qOverload<>(&QWidget::update));
    m_deferral->requestRefresh();
}

QSize BottleneckLabView::minimumSizeHint() const
{
    const double lh = QFontMetricsF(font()).height();
    // No more than the heatmap it is tabbed with asks for, so that the dock group keeps its size.
    return QSize(qCeil(18 * lh), qCeil(13 * lh));
}

QSize BottleneckLabView::sizeHint() const
{
    const double lh = QFontMetricsF(font()).height();
    return QSize(qCeil(44 * lh), qCeil(30 * lh));
}

BottleneckLabPainter::Frame BottleneckLabView::frame() const
{
    return BottleneckLabPainter::layout(QRectF(rect()), font(), m_model->scenario(), m_keyRange);
}

QPointF BottleneckLabView::tipPosition(int row) const
{
    const Scenario &s = m_model->scenario();
    if (row < 0 || row >= s.queryCount() || s.keyDimension() != 2)
        return {};
    return frame().keyToPoint(s.queries(row, 0), s.queries(row, 1));
}

void BottleneckLabView::paintLab(QPainter &painter, const QRectF &rect, bool keyboardFocus) const
{
    const Scenario &scenario = m_model->scenario();
    const Theme &theme = m_viewState->theme();
    painter.fillRect(rect, theme.viewBackground());
    // A figure of the lab while it waits off screen is drawn on the plane fitted to today's points.
    const double keyRange = m_deferral->isPending() && m_dragRow < 0
        ? BottleneckLabPainter::fittedKeyRange(scenario) : m_keyRange;
    const BottleneckLabPainter::Frame frame = BottleneckLabPainter::layout(rect, font(), scenario, keyRange);
    BottleneckLabPainter::State state;
    state.selectedQuery = selectedQuery();
    state.keyboardFocus = keyboardFocus;
    state.concealContexts = m_viewState->conceals(LessonQuantity::Context);
    BottleneckLabPainter::paint(painter, frame, scenario, m_model->result(), state, theme,
                                m_viewState->lineWidthFactor(), font());
}

void BottleneckLabView::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintLab(painter, QRectF(rect()), m_keyboardFocus && hasFocus());
    if (m_keyboardFocus && hasFocus())
        FocusRing::paintFrame(painter, this);
}

int BottleneckLabView::selectedQuery() const
{
    const int count = static_cast<int>(m_model->scenario().queryCount());
    return count == 0 ? -1 : std::clamp(m_viewState->selectedQuery(), 0, count - 1);
}

void BottleneckLabView::onChanged()
{
    // The key plane refits to the points, but never under a dragging mouse.
    if (m_dragRow < 0)
        m_keyRange = BottleneckLabPainter::fittedKeyRange(m_model->scenario());
    setAccessibleDescription(numbersDescription());
    update();
}

QString BottleneckLabView::numbersDescription() const
{
    const Scenario &s = m_model->scenario();
    const AttentionResult *result = m_model->result();
    QStringList parts;
    parts.append(tr("Fixed context for every query: last state %1 %2, mean of the values %3.")
                     .arg(quoted(s.keyCount() > 0 ? s.keyLabel(s.keyCount() - 1) : QString()),
                          BottleneckLabPainter::vectorText(lastStateContext(s.values)),
                          BottleneckLabPainter::vectorText(meanStateContext(s.values))));
    if (m_viewState->conceals(LessonQuantity::Context)) {
        parts.append(tr("Attention's contexts are hidden until you reveal the answers: predict first."));
        return parts.join(QLatin1Char(' '));
    }
    for (Index q = 0; q < s.queryCount(); ++q) {
        if (result && result->context.rows() > q) {
            parts.append(tr("Query %1 at %2: attention's context %3.")
                             .arg(quoted(s.queryLabel(q)), BottleneckLabPainter::vectorText(s.queries.row(q)),
                                  BottleneckLabPainter::vectorText(result->context.row(q))));
        }
    }
    if (!result)
        parts.append(tr("The scenario is refused: no attention context."));
    else if (const std::optional<ContextSpread> widest = widestContextPair(result->context))
        parts.append(tr("The contexts of %1 and %2 lie farthest apart: %3 (clearly different from %4).")
                         .arg(quoted(s.queryLabel(widest->first)), quoted(s.queryLabel(widest->second)),
                              formatCompact(widest->distance, 2),
                              QString::number(kClearlyDifferentContexts, 'g', 3)));
    return parts.join(QLatin1Char(' '));
}

int BottleneckLabView::tipAt(const QPointF &pos) const
{
    const Scenario &s = m_model->scenario();
    const BottleneckLabPainter::Frame f = frame();
    if (!f.hasPlanes())
        return -1;
    int best = -1;
    double bestDistance = 0.9 * f.lineHeight;
    // The selected query wins a tie: it is drawn on top.
    for (Index q = s.queryCount() - 1; q >= 0; --q) {
        const QPointF d = f.keyToPoint(s.queries(q, 0), s.queries(q, 1)) - pos;
        const double distance = std::hypot(d.x(), d.y());
        if (distance < bestDistance || (distance <= bestDistance && q == selectedQuery())) {
            best = static_cast<int>(q);
            bestDistance = distance;
        }
    }
    return best;
}

void BottleneckLabView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_dragRow >= 0) {
        QWidget::mousePressEvent(event);
        return;
    }
    const int row = tipAt(event->position());
    if (row < 0)
        return;
    finishNudgeRun();
    m_dragRow = row;
    m_viewState->setSelectedQuery(row);
    m_drag.begin(tr("Drag query %1").arg(quoted(m_model->scenario().queryLabel(row))));
    setCursor(Qt::ClosedHandCursor);
}

void BottleneckLabView::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragRow < 0) {
        setCursor(tipAt(event->position()) >= 0 ? Qt::OpenHandCursor : Qt::ArrowCursor);
        return;
    }
    const Scenario &s = m_model->scenario();
    if (m_dragRow >= s.queryCount() || s.keyDimension() != 2) {
        finishDrag();
        return;
    }
    const QPointF data = frame().pointToKey(event->position());
    Eigen::RowVectorXd query(2);
    query << data.x(), data.y();
    const Gesture::Step step(m_drag);
    m_model->setQueryRow(m_dragRow, query);
}

void BottleneckLabView::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_dragRow >= 0)
        finishDrag();
}

void BottleneckLabView::finishDrag()
{
    if (m_dragRow < 0)
        return;
    m_dragRow = -1;
    unsetCursor();
    m_drag.end();
    onChanged();
}

void BottleneckLabView::keyPressEvent(QKeyEvent *event)
{
    const int count = static_cast<int>(m_model->scenario().queryCount());
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    const int key = event->key();
    if (key >= Qt::Key_1 && key <= Qt::Key_9 && key - Qt::Key_1 < count) {
        finishNudgeRun();
        m_viewState->setSelectedQuery(key - Qt::Key_1);
    } else if (key == Qt::Key_Q && count > 0) {
        finishNudgeRun();
        m_viewState->setSelectedQuery((selectedQuery() + (fine ? count - 1 : 1)) % count);
    } else if (key == Qt::Key_Left) {
        nudge(-1, 0, fine);
    } else if (key == Qt::Key_Right) {
        nudge(1, 0, fine);
    } else if (key == Qt::Key_Up) {
        nudge(0, 1, fine);
    } else if (key == Qt::Key_Down) {
        nudge(0, -1, fine);
    } else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void BottleneckLabView::keyReleaseEvent(QKeyEvent *event)
{
    const int key = event->key();
    if (!event->isAutoRepeat()
        && (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down)) {
        finishNudgeRun();
        event->accept();
        return;
    }
    QWidget::keyReleaseEvent(event);
}

void BottleneckLabView::nudge(int dx, int dy, bool fine)
{
    const Scenario &s = m_model->scenario();
    const int row = selectedQuery();
    if (row < 0 || s.keyDimension() != 2 || m_dragRow >= 0)
        return;
    m_nudgeRun.begin(tr("Nudge query %1").arg(quoted(s.queryLabel(row))));
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    Eigen::RowVectorXd query = s.queries.row(row);
    query(0) += dx * step;
    query(1) += dy * step;
    const Gesture::Step own(m_nudgeRun);
    m_model->setQueryRow(row, query);
}

void BottleneckLabView::finishNudgeRun()
{
    m_nudgeRun.end();
}

void BottleneckLabView::focusInEvent(QFocusEvent *event)
{
    m_keyboardFocus = FocusRing::visibleFocus(event->reason(), m_keyboardFocus);
    QWidget::focusInEvent(event);
    update();
}

void BottleneckLabView::focusOutEvent(QFocusEvent *event)
{
    finishNudgeRun();
    finishDrag();
    m_keyboardFocus = FocusRing::visibleFocus(event->reason(), m_keyboardFocus);
    QWidget::focusOutEvent(event);
    update();
}

void BottleneckLabView::hideEvent(QHideEvent *event)
{
    finishNudgeRun();
    finishDrag();
    QWidget::hideEvent(event);
}

void BottleneckLabView::drawFigure(QPainter &painter, const QSizeF &, bool) const
{
    paintLab(painter, QRectF(rect()));
}

} // namespace attnlens
