#include "presentationflash.h"

#include "viewstate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>
#include <QVariantAnimation>

#include <algorithm>

namespace attnlens {

PresentationFlash *PresentationFlash::flash(QWidget *target, const ViewState *viewState)
{
    if (!target)
        return nullptr;
    for (PresentationFlash *running : target->findChildren<PresentationFlash *>(QString(), Qt::FindDirectChildrenOnly))
        running->deleteLater();
    return new PresentationFlash(target, viewState->theme().highlightColor());
}

PresentationFlash::PresentationFlash(QWidget *target, const QColor &color)
    : QWidget(target)
    , m_color(color)
{
    setObjectName(QStringLiteral("presentationFlash"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    // As thick as the text is big, so that it reads on a projector.
    m_width = std::max(4.0, 0.3 * QFontMetricsF(target->font()).height());
    setGeometry(target->rect());
    target->installEventFilter(this);
    raise();
    show();

    m_animation = new QVariantAnimation(this);
    m_animation->setDuration(kDurationMs);
    m_animation->setStartValue(1.0);
    m_animation->setEndValue(0.0);
    m_animation->setEasingCurve(QEasingCurve::InQuad);
    connect(m_animation, &QVariantAnimation::valueChanged, this, [this](const QVariant &value) {
        m_opacity = value.toDouble();
        update();
    });
    connect(m_animation, &QVariantAnimation::finished, this, &QObject::deleteLater);
    m_animation->start();
}

void PresentationFlash::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor color = m_color;
    color.setAlphaF(std::clamp(m_opacity, 0.0, 1.0));
    painter.setPen(QPen(color, m_width));
    painter.setBrush(Qt::NoBrush);
    const double inset = m_width / 2;
    painter.drawRoundedRect(QRectF(rect()).adjusted(inset, inset, -inset, -inset), 6, 6);
}

bool PresentationFlash::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == parent() && event->type() == QEvent::Resize)
        setGeometry(parentWidget()->rect());
    return QWidget::eventFilter(watched, event);
}

} // namespace attnlens
