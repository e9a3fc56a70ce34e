#include "scenariofields.h"

#include <algorithm>
#include <iterator>
#include <utility>

namespace attnlens {

namespace {

using Field = std::pair<std::string_view, FieldReading>;

constexpr Field kScenarioFields[] = {
    {"format", FieldReading::Both},
    {"version", FieldReading::Both},
    {"name", FieldReading::Both},
    {"description", FieldReading::Both},
    {"heads", FieldReading::Both},
    {"Q", FieldReading::Both},
    {"K", FieldReading::Both},
    {"V", FieldReading::Both},
    {"query_labels", FieldReading::Both},
    {"key_labels", FieldReading::Both},
    {"temperature", FieldReading::Both},
    {"allowed", FieldReading::Both},
    // A score other than scaled dot-product (scorefunction.h), checked against Q and K.
    {"score", FieldReading::QtReader},
    // The √d_k lab's settings (scalelabjson.cpp).
    {"scale_lab", FieldReading::QtReader},
    // X and the W matrices Q, K and V come from, checked against Q, K and V.
    {"derivation", FieldReading::QtReader},
    // What an evidence file adds (evidence.cpp).
    {"generator", FieldReading::Neither},
    {"score_formula", FieldReading::Neither},
    {"scores", FieldReading::Neither},
    {"weights", FieldReading::Neither},
    {"context", FieldReading::Neither},
    {"concatenated_context", FieldReading::Neither},
    {"error", FieldReading::Neither},
    {"causal_weights", FieldReading::Neither},
    {"seed", FieldReading::Neither},
    {"interpretation", FieldReading::Neither},
    // The course notebook's cases carry the results they expect.
    {"expected", FieldReading::Neither},
};

constexpr Field kHeadFields[] = {
    {"name", FieldReading::Both},
    {"Q", FieldReading::Both},
    {"K", FieldReading::Both},
    {"V", FieldReading::Both},
    // An evidence file's results of the head.
    {"scores", FieldReading::Neither},
    {"weights", FieldReading::Neither},
    {"context", FieldReading::Neither},
};

template <size_t N>
std::optional<FieldReading> lookUp(const Field (&fields)[N], std::string_view name)
{
    const auto found = std::find_if(std::begin(fields), std::end(fields),
                                    [name](const Field &field) { return field.first == name; });
    if (found == std::end(fields))
        return std::nullopt;
    return found->second;
}

} // namespace

std::optional<FieldReading> scenarioFieldReading(std::string_view name)
{
    return lookUp(kScenarioFields, name);
}

std::optional<FieldReading> headFieldReading(std::string_view name)
{
    return lookUp(kHeadFields, name);
}

} // namespace attnlens
