#include "workedpage.h"

namespace attnlens {

QString WorkedPage::Run::plainText() const
{
    if (!rich)
        return text;
    // Rich runs use only <sub>…</sub> and <br>: the plain form drops the tags.
    QString plain;
    plain.reserve(text.size());
    bool inTag = false;
    for (const QChar c : text) {
        if (c == QLatin1Char('<'))
            inTag = true;
        else if (c == QLatin1Char('>'))
            inTag = false;
        else if (!inTag)
            plain.append(c);
    }
    return plain;
}

void WorkedPage::clear()
{
    blocks.clear();
    rows.clear();
    cells.clear();
    runs.clear();
    keyRows.clear();
    sectionRows.fill(-1);
    shownQuery = 0;
    refusal = false;
    narrow = false;
}

QString WorkedPage::toPlainText() const
{
    QString text;
    for (int b = 0; b < blocks.size(); ++b) {
        for (int r = blocks.at(b).firstRow; r < rowEnd(b); ++r) {
            if (!text.isEmpty())
                text += QLatin1Char('\n');
            const Row &row = rows.at(r);
            for (int c = row.firstCell; c < cellEnd(r); ++c) {
                if (c > row.firstCell)
                    text += QLatin1Char('\t');
                for (int k = cells.at(c).firstRun; k < runEnd(c); ++k)
                    text += runs.at(k).plainText();
            }
        }
    }
    return text;
}

quint64 WorkedPage::shape() const
{
    // FNV-1a over the query, the form and the cells' spans and alignments.
    quint64 shape = 1469598103934665603ULL;
    auto mix = [&shape](quint64 v) { shape = (shape ^ v) * 1099511628211ULL; };
    mix(static_cast<quint64>(shownQuery));
    mix(refusal);
    mix(narrow);
    mix(static_cast<quint64>(rows.size()));
    for (const Cell &cell : cells)
        mix(static_cast<quint64>(cell.span) * 2 + cell.alignRight);
    return shape;
}

} // namespace attnlens
