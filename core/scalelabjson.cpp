#include "scalelabjson.h"

#include <cmath>

namespace attnlens {

namespace {

constexpr double kLargestStretch = 1.0e6;

} // namespace

QJsonObject scaleLabToJson(const ScaleLabSettings &settings)
{
    QJsonObject object;
    object.insert(QStringLiteral("seed"), QString::number(settings.seed));
    if (settings.hasStretch())
        object.insert(QStringLiteral("stretched_key"), static_cast<qint64>(settings.stretchedKey));
    object.insert(QStringLiteral("stretch_factor"), settings.stretchFactor);
    return object;
}

std::variant<ScaleLabSettings, QString> scaleLabFromJson(const QJsonValue &value, Index keyCount)
{
    if (!value.isObject())
        return QStringLiteral("must be an object with a \"seed\"");
    const QJsonObject object = value.toObject();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() != QLatin1String("seed") && it.key() != QLatin1String("stretched_key")
            && it.key() != QLatin1String("stretch_factor"))
            return QStringLiteral("has an unknown field \"%1\" (it knows seed, stretched_key and "
                                  "stretch_factor)")
                .arg(it.key());
    }
    ScaleLabSettings settings;
    const QJsonValue seed = object.value(QLatin1String("seed"));
    bool ok = false;
    const QString seedText = seed.toString();
    settings.seed = seedText.toULongLong(&ok, 10);
    if (!seed.isString() || !ok || seedText.startsWith(QLatin1Char('+'))
        || seedText.startsWith(QLatin1Char('-')) || seedText.trimmed() != seedText)
        return QStringLiteral("\"seed\" must be a text of decimal digits from 0 to "
                              "18446744073709551615");
    const QJsonValue key = object.value(QLatin1String("stretched_key"));
    if (!key.isUndefined()) {
        const double k = key.toDouble();
        if (!key.isDouble() || k != std::floor(k) || k < 0 || k >= static_cast<double>(keyCount))
            return QStringLiteral("\"stretched_key\" must be a key's row from 0 to %1")
                .arg(keyCount - 1);
        settings.stretchedKey = static_cast<Index>(k);
    }
    const QJsonValue factor = object.value(QLatin1String("stretch_factor"));
    if (!factor.isUndefined()) {
        const double f = factor.toDouble();
        if (!factor.isDouble() || !(f > 0.0) || f > kLargestStretch)
            return QStringLiteral("\"stretch_factor\" must be a number above 0 and at most %1")
                .arg(kLargestStretch);
        settings.stretchFactor = f;
    }
    return settings;
}

} // namespace attnlens
