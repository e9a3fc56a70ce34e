#pragma once

#include "matrixtypes.h"
#include "result.h"
#include "scenario.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>

namespace attnlens {

/// Limits that keep a hostile or mistaken file from exhausting memory.
struct ScenarioLimits {
    static constexpr qint64 maxFileBytes = 64LL * 1024 * 1024;
    static constexpr Index maxRows = 4096;
    static constexpr Index maxColumns = 1024;
};

inline constexpr const char *kScenarioFormat = "attnlens-scenario";
inline constexpr int kScenarioVersion = 1;

/// Parses a scenario document. `source` (a file name or a built-in name) starts every message.
/// Unknown fields are ignored so that annotated files (a "description", reference answers)
/// still open.
Result<Scenario> parseScenario(const QByteArray &json, const QString &source);

/// Reads and parses a scenario file, refusing files over ScenarioLimits::maxFileBytes.
Result<Scenario> readScenarioFile(const QString &path);

/// The scenario as a JSON object in the attnlens-scenario format.
QJsonObject scenarioToJson(const Scenario &scenario);

/// A number as JSON: finite doubles as numbers (written so they read back as the same double;
/// only the sign of -0.0 is lost, as Qt writes whole numbers as integers), NaN and infinities as
/// the strings "NaN", "Infinity" and "-Infinity".
QJsonValue numberToJson(double value);
QJsonArray matrixToJson(const Matrix &matrix);
QJsonArray maskToJson(const Mask &mask);

} // namespace attnlens
