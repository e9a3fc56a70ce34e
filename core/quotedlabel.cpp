#include "quotedlabel.h"

namespace attnlens {

QString quotedInFull(const QString &label)
{
    return QStringLiteral("\u201c") + label + QStringLiteral("\u201d");
}

QString quoted(const QString &label)
{
    // A title never needs more of a label than a line holds; shaping all 256 characters of a
    // long one on every resize would be wasted work.
    constexpr int kShownChars = 40;
    if (label.size() <= kShownChars)
        return quotedInFull(label);
    return quotedInFull(label.left(kShownChars - 1) + QChar(0x2026));
}

} // namespace attnlens
