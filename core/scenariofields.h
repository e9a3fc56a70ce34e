#pragma once

#include <optional>
#include <string_view>

namespace attnlens {

/// Who reads a field of a scenario file (and of an evidence file, which is a scenario with its
/// results): the one list both readers go by, so that a field added to the format is declared
/// once, here, with who reads it.
enum class FieldReading {
    /// Read by the fast reader (simdjson) and by the Qt reader, to the same scenario.
    Both,
    /// Read by the Qt reader alone (small, rare fields with checks of their own): when it holds
    /// anything but null, the fast reader hands the whole document to the Qt reader.
    QtReader,
    /// Written for people and other programs (an evidence file's results): both readers skip it.
    Neither,
};

/// How a top-level field of a scenario file is read; nullopt for a field the format does not
/// declare, which the fast reader hands to the Qt reader (never dropped on the fast path).
std::optional<FieldReading> scenarioFieldReading(std::string_view name);
/// The same for a field of one of the "heads".
std::optional<FieldReading> headFieldReading(std::string_view name);

} // namespace attnlens
