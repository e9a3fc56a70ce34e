#include "numberformat.h"

#include <cmath>

namespace attnlens {

namespace {

const QChar kMinusSign(0x2212);

QString withTypographicMinus(QString text)
{
    if (text.startsWith(QLatin1Char('-')))
        text[0] = kMinusSign;
    return text;
}

// Fixed-point text with a leading '-' only when the rounded value is not zero.
QString fixedText(double value, int decimals)
{
    if (std::isnan(value))
        return QStringLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("\u221e") : QString(kMinusSign) + QStringLiteral("\u221e");
    // Beyond this magnitude fixed-point text stops being readable.
    if (std::abs(value) >= 1e9)
        return QString::number(value, 'e', decimals);
    QString text = QString::number(value, 'f', decimals);
    bool onlyZeros = true;
    for (const QChar c : text) {
        if (c.isDigit() && c != QLatin1Char('0')) {
            onlyZeros = false;
            break;
        }
    }
    if (onlyZeros && text.startsWith(QLatin1Char('-')))
        text.remove(0, 1);
    return text;
}

} // namespace

QString formatCompact(double value, int decimals)
{
    return withTypographicMinus(fixedText(value, decimals));
}

QString formatFull(double value)
{
    return QString::number(value, 'g', 17);
}

QString formatInput(double value, int decimals)
{
    if (!std::isfinite(value))
        return formatCompact(value, decimals);
    const double rounded = std::round(value * std::pow(10.0, decimals)) / std::pow(10.0, decimals);
    if (std::abs(rounded) >= 1e9)
        return withTypographicMinus(QString::number(value, 'g', 6));
    QString text = QString::number(rounded, 'f', decimals);
    if (text.contains(QLatin1Char('.'))) {
        while (text.endsWith(QLatin1Char('0')))
            text.chop(1);
        if (text.endsWith(QLatin1Char('.')))
            text.chop(1);
    }
    if (text == QLatin1String("-0"))
        text = QStringLiteral("0");
    return withTypographicMinus(text);
}

} // namespace attnlens
