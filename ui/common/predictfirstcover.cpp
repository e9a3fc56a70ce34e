#include "predictfirstcover.h"

#include "theme.h"

#include <QEvent>
#include <QGraphicsOpacityEffect>
#include <QPropertyAnimation>
#include <QPainter>

namespace attnlens {

PredictFirstCover::PredictFirstCover(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("predictFirstCover"));
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setTextFormat(Qt::RichText);
    setAutoFillBackground(true);
    setAccessibleName(tr("Hidden until the reveal"));
    // A cover of the whole parent follows its size itself, so that no view has to.
    if (parent)
        parent->installEventFilter(this);
    hide();
}

bool PredictFirstCover::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == parentWidget() && m_covering && m_area.isEmpty()) {
        setGeometry(parentWidget()->rect());
        refreshText();
    }
    return false;
}

QString PredictFirstCover::headline()
{
    return tr("Predict first");
}

void PredictFirstCover::cover(const QString &hidden, const QRect &area)
{
    m_hidden = hidden;
    m_area = area;
    m_covering = true;
    stopFading();
    if (parentWidget())
        setGeometry(m_area.isEmpty() ? parentWidget()->rect() : m_area);
    setAccessibleDescription(hidden);
    refreshText();
    show();
    raise();
}

void PredictFirstCover::refreshText()
{
    // A card too small for its words (a matrix of a few cells) shows a large question mark; the
    // view then says the words where it has room (its info line).
    const int line = fontMetrics().height();
    const QString full = QStringLiteral("<p style=\"font-size:large\"><b>%1</b></p><p>%2</p>")
                             .arg(headline().toHtmlEscaped(), m_hidden.toHtmlEscaped());
    if (full != text())
        setText(full);
    setMargin(line);
    m_compact = width() < 6 * line || heightForWidth(width()) > height();
    if (m_compact) {
        setMargin(0);
        setText(QStringLiteral("<p style=\"font-size:xx-large\"><b>?</b></p>"));
    }
}

void PredictFirstCover::uncover()
{
    if (!m_covering)
        return;
    m_covering = false;
    if (!isVisible()) {
        hide();
        return;
    }
    // A short, calm fade rather than a jump: the answer comes up through the card. The effect
    // lives only while the card fades: a card that covers is a plain opaque widget.
    auto *effect = new QGraphicsOpacityEffect(this);
    setGraphicsEffect(effect);
    m_fade = new QPropertyAnimation(effect, "opacity", this);
    m_fade->setDuration(kFadeMs);
    m_fade->setStartValue(1.0);
    m_fade->setEndValue(0.0);
    m_fade->setEasingCurve(QEasingCurve::InOutQuad);
    connect(m_fade, &QPropertyAnimation::finished, this, [this] {
        hide();
        setGraphicsEffect(nullptr);  // deletes the effect; the animation deletes itself
    });
    m_fade->start(QAbstractAnimation::DeleteWhenStopped);
}

void PredictFirstCover::stopFading()
{
    if (m_fade)
        m_fade->stop();  // and deletes itself
    if (graphicsEffect())
        setGraphicsEffect(nullptr);
}

void PredictFirstCover::applyTheme(const Theme &theme)
{
    QPalette calm = palette();
    // Opaque: a bar's height or a cell's colour would give the answer away as well as a number.
    QColor card = theme.viewBackground();
    card.setAlpha(255);
    calm.setColor(QPalette::Window, card);
    calm.setColor(QPalette::WindowText, theme.textColor());
    setPalette(calm);
    m_border = theme.gridColor();
    update();
}

void PredictFirstCover::paintEvent(QPaintEvent *event)
{
    QLabel::paintEvent(event);
    // A quiet frame: the card reads as a card, not as an empty view.
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(m_border, 1.5));
    painter.setBrush(Qt::NoBrush);
    const double radius = 0.3 * fontMetrics().height();
    painter.drawRoundedRect(QRectF(rect()).adjusted(1, 1, -1, -1), radius, radius);
}

void PredictFirstCover::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::ParentChange && parentWidget() && m_covering)
        setGeometry(m_area.isEmpty() ? parentWidget()->rect() : m_area);
    if (event->type() == QEvent::FontChange && m_covering)
        refreshText();
}

} // namespace attnlens
