#include "textfit.h"

#include <QFontMetricsF>
#include <QWidget>

#include <algorithm>

namespace attnlens {

QFont scaledFont(const QFont &base, double factor)
{
    QFont font = base;
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * factor);
    else if (font.pixelSize() > 0)
        font.setPixelSize(qRound(font.pixelSize() * factor));
    return font;
}

bool isOnScreen(const QWidget *widget)
{
    if (!widget->isVisible())
        return false;
    QRect inParent = widget->rect();
    for (const QWidget *w = widget; !w->isWindow() && w->parentWidget(); w = w->parentWidget()) {
        inParent = inParent.translated(w->pos()) & w->parentWidget()->rect();
        if (inParent.isEmpty())
            return false;
    }
    return true;
}

QString fittedText(const QStringList &candidates, const QFont &font, double width)
{
    const QFontMetricsF fm(font);
    for (const QString &candidate : candidates) {
        if (fm.horizontalAdvance(candidate) <= width)
            return candidate;
    }
    return candidates.isEmpty() ? QString() : fm.elidedText(candidates.constLast(), Qt::ElideRight, width);
}

QString uprightColumn(const QString &text)
{
    QString out;
    for (const QChar c : text) {
        if (c.isSpace())
            continue;
        if (!out.isEmpty())
            out += QLatin1Char('\n');
        out += c;
    }
    return out;
}

bool DrawnLabel::elided() const
{
    return text.contains(QChar(0x2026)) || text.endsWith(QLatin1String("..."));
}

bool isCjkCharacter(QChar c)
{
    switch (c.script()) {
    case QChar::Script_Han:
    case QChar::Script_Hiragana:
    case QChar::Script_Katakana:
    case QChar::Script_Hangul:
    case QChar::Script_Bopomofo:
        return true;
    default:
        return false;
    }
}

bool stacksUpright(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(), isCjkCharacter);
}

} // namespace attnlens
