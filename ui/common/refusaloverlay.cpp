#include "refusaloverlay.h"

#include <QEvent>

namespace attnlens {

RefusalOverlay::RefusalOverlay(QWidget *parent)
    : QLabel(parent)
{
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setTextFormat(Qt::RichText);
    setAutoFillBackground(true);
    setMargin(fontMetrics().height());
    QPalette greyed = palette();
    // Nearly opaque: the chart behind only shows as a faint shape, never as readable numbers.
    greyed.setColor(QPalette::Window, QColor(232, 232, 232, 236));
    greyed.setColor(QPalette::WindowText, QColor(0x30, 0x30, 0x30));
    setPalette(greyed);
    hide();
}

void RefusalOverlay::showRefusal(const QString &text)
{
    if (text != m_refusal) {
        m_refusal = text;
        const qsizetype split = text.indexOf(QLatin1Char('\n'));
        const QString headline = split < 0 ? text : text.left(split);
        const QString detail = split < 0 ? QString() : text.mid(split + 1);
        setText(QStringLiteral("<p style=\"font-size:large\"><b>%1</b></p><p>%2</p>")
                    .arg(headline.toHtmlEscaped(), detail.toHtmlEscaped()));
    }
    if (parentWidget())
        setGeometry(parentWidget()->rect());
    show();
    raise();
}

void RefusalOverlay::clearRefusal()
{
    m_refusal.clear();
    hide();
}

void RefusalOverlay::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::ParentChange && parentWidget())
        setGeometry(parentWidget()->rect());
    if (event->type() == QEvent::FontChange)
        setMargin(fontMetrics().height());
}

} // namespace attnlens
