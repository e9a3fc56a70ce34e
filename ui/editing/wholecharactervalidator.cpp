#include "wholecharactervalidator.h"

#include "textlength.h"

#include <QLineEdit>

#include <algorithm>

namespace attnlens {

WholeCharacterValidator::WholeCharacterValidator(qsizetype maxUnits, QObject *parent)
    : QValidator(parent), m_maxUnits(maxUnits)
{
}

void WholeCharacterValidator::limit(QLineEdit *edit, qsizetype maxUnits)
{
    auto *validator = new WholeCharacterValidator(maxUnits, edit);
    validator->m_lastAccepted = cutAtWholeCharacters(edit->text(), maxUnits);
    edit->setValidator(validator);
}

QValidator::State WholeCharacterValidator::validate(QString &input, int &position) const
{
    if (input.size() <= m_maxUnits) {
        m_lastAccepted = input;
        return Acceptable;
    }
    // What differs from the last text let through is what was typed or pasted; the text before
    // and after it stays, as with maxLength. Both ends are moved to whole code points, since the
    // inserted text may share a surrogate with its neighbour (two emoji of the same block).
    const QString &before = m_lastAccepted;
    const qsizetype common = std::min(input.size(), before.size());
    qsizetype head = 0;
    while (head < common && input.at(head) == before.at(head))
        ++head;
    qsizetype tail = 0;
    while (tail < common - head && input.at(input.size() - 1 - tail) == before.at(before.size() - 1 - tail))
        ++tail;
    if (head > 0 && input.at(head - 1).isHighSurrogate())
        --head;
    if (tail > 0 && input.at(input.size() - tail).isLowSurrogate())
        --tail;
    const qsizetype insertedSize = input.size() - head - tail;
    const qsizetype room = std::max<qsizetype>(0, m_maxUnits - head - tail);
    const QString kept = cutAtWholeCharacters(input.mid(head, insertedSize), room);
    input = input.left(head) + kept + input.right(tail);
    if (input.size() > m_maxUnits)  // the text around was already too long (set from code)
        input = cutAtWholeCharacters(input, m_maxUnits);
    position = int(std::min<qsizetype>(head + kept.size(), input.size()));
    m_lastAccepted = input;
    return Acceptable;
}

} // namespace attnlens
