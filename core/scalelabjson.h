#pragma once

#include "scalelabsettings.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <variant>

namespace attnlens {

/// The scenario file's optional "scale_lab" field: {"seed": "20261202", "stretched_key": 3,
/// "stretch_factor": 2}. The seed is a text of decimal digits because a JSON number (a double)
/// cannot hold every 64-bit seed; "stretched_key" counts from 0 and is absent when no key is
/// stretched.
QJsonObject scaleLabToJson(const ScaleLabSettings &settings);

/// Reads the field back for a scenario with `keyCount` keys: the settings, or what is wrong
/// with them, in words for the file's author.
std::variant<ScaleLabSettings, QString> scaleLabFromJson(const QJsonValue &value, Index keyCount);

} // namespace attnlens
