#include "scenarioreader.h"

namespace attnlens {

QString describeJsonValue(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null: return QStringLiteral("null");
    case QJsonValue::Bool: return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    case QJsonValue::Double: return QStringLiteral("the number %1").arg(value.toDouble());
    case QJsonValue::String: {
        QString text = value.toString();
        if (text.size() > 40)
            text = text.left(37) + QStringLiteral("...");
        return QStringLiteral("the text \"%1\"").arg(text);
    }
    case QJsonValue::Array: return QStringLiteral("a list");
    case QJsonValue::Object: return QStringLiteral("an object");
    case QJsonValue::Undefined: break;
    }
    return QStringLiteral("nothing");
}

} // namespace attnlens
