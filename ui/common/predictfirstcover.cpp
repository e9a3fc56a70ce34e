#include "predictfirstcover.h"

#include "theme.h"

#include <QEvent>

namespace attnlens {

PredictFirstCover::PredictFirstCover(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("predictFirstCover"));
    setWordWrap(true);
    setAlignment(Qt::AlignCenter);
    setTextFormat(Qt::RichText);
    setAutoFillBackground(true);
    setMargin(fontMetrics().height());
    setAccessibleName(tr("Hidden until the reveal"));
    // A cover of the whole parent follows its size itself, so that no view has to.
    if (parent)
        parent->installEventFilter(this);
    hide();
}

bool PredictFirstCover::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::Resize && watched == parentWidget() && m_covering && m_area.isEmpty())
        setGeometry(parentWidget()->rect());
    return false;
}

QString PredictFirstCover::headline()
{
    return tr("Predict first");
}

void PredictFirstCover::cover(const QString &hidden, const QRect &area)
{
    const QString text = QStringLiteral("<p style=\"font-size:large\"><b>%1</b></p><p>%2</p>")
                             .arg(headline().toHtmlEscaped(), hidden.toHtmlEscaped());
    if (text != this->text()) {
        setText(text);
        setAccessibleDescription(hidden);
    }
    m_hidden = hidden;
    m_area = area;
    m_covering = true;
    if (parentWidget())
        setGeometry(m_area.isEmpty() ? parentWidget()->rect() : m_area);
    show();
    raise();
}

void PredictFirstCover::uncover()
{
    m_covering = false;
    hide();
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
}

void PredictFirstCover::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::ParentChange && parentWidget() && m_covering)
        setGeometry(m_area.isEmpty() ? parentWidget()->rect() : m_area);
    if (event->type() == QEvent::FontChange)
        setMargin(fontMetrics().height());
}

} // namespace attnlens
