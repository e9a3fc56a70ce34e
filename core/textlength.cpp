#include "textlength.h"

#include <QTextBoundaryFinder>

namespace attnlens {

QString cutAtWholeCharacters(const QString &text, qsizetype maxUnits)
{
    if (text.size() <= maxUnits)
        return text;
    if (maxUnits <= 0)
        return QString();
    // Whether `maxUnits` is a boundary depends only on the characters before it and the one
    // after it (a surrogate pair at most): no need to look at the whole of a pasted book.
    const QString start = text.left(maxUnits + 2);
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, start);
    graphemes.setPosition(maxUnits);
    qsizetype end = graphemes.isAtBoundary() ? maxUnits : graphemes.toPreviousBoundary();
    if (end <= 0) {
        end = maxUnits;
        if (text.at(end - 1).isHighSurrogate() && text.at(end).isLowSurrogate())
            --end;
    }
    return text.left(end);
}

qsizetype visibleCharacterCount(const QString &text)
{
    QTextBoundaryFinder graphemes(QTextBoundaryFinder::Grapheme, text);
    qsizetype count = 0;
    while (graphemes.toNextBoundary() > 0)
        ++count;
    return count;
}

QString tooLongText(const QString &text, qsizetype maxUnits)
{
    const qsizetype characters = visibleCharacterCount(text);
    if (characters == text.size()) {
        return QStringLiteral("has %1 characters, more than the limit of %2")
            .arg(characters)
            .arg(maxUnits);
    }
    return QStringLiteral("has %1 characters, which take %2 UTF-16 code units, more than the "
                          "limit of %3 (an emoji or a character built of several code points "
                          "takes two or more)")
        .arg(characters)
        .arg(text.size())
        .arg(maxUnits);
}

} // namespace attnlens
