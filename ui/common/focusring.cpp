#include "focusring.h"

#include <QEvent>
#include <QFocusEvent>
#include <QPainter>

#include <algorithm>

namespace attnlens {

FocusRing::FocusRing(QWidget *view, QWidget *focusTarget)
    : QWidget(view)
    , m_view(view)
    , m_focusTarget(focusTarget ? focusTarget : view)
{
    setObjectName(view->objectName() + QStringLiteral("FocusRing"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    m_view->installEventFilter(this);
    if (m_focusTarget != m_view)
        m_focusTarget->installEventFilter(this);
}

bool FocusRing::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::FocusIn:
        if (watched == m_focusTarget)
            m_keyboardFocus = visibleFocus(static_cast<QFocusEvent *>(event)->reason(), m_keyboardFocus);
        follow();
        break;
    case QEvent::FocusOut:
    case QEvent::Resize:
        if (watched == m_view || watched == m_focusTarget)
            follow();
        break;
    default:
        break;
    }
    return QWidget::eventFilter(watched, event);
}

bool FocusRing::visibleFocus(Qt::FocusReason reason, bool before)
{
    switch (reason) {
    case Qt::TabFocusReason:
    case Qt::BacktabFocusReason:
    case Qt::ShortcutFocusReason:
    case Qt::OtherFocusReason:
        return true;
    case Qt::MouseFocusReason:
        return false;
    default:  // the window or a popup came and went: as it was
        return before;
    }
}

void FocusRing::follow()
{
    const bool focused = m_focusTarget->hasFocus() && m_keyboardFocus;
    if (focused) {
        setGeometry(m_view->rect());
        raise();
    }
    setVisible(focused);
}

void FocusRing::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintFrame(painter, this);
}

void FocusRing::paintFrame(QPainter &painter, const QWidget *view)
{
    // Plain enough to see from the back of a room, and thicker with bigger text.
    const qreal width = std::max<qreal>(2.0, view->fontMetrics().height() / 8.0);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setPen(QPen(view->palette().color(QPalette::Highlight), width));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(view->rect()).adjusted(width / 2, width / 2, -width / 2, -width / 2));
    painter.restore();
}

} // namespace attnlens
