#pragma once

#include <QString>

namespace attnlens {

struct Scenario;

/// The mask in a few words for a caption: "no mask", "causal mask" or "3 of 9 cells masked".
QString maskSummary(const Scenario &scenario);

/// The caption offered under a figure: the scenario's name, its temperature and its mask, e.g.
/// "Lesson — temperature T = 0.5 — causal mask".
QString defaultFigureCaption(const Scenario &scenario);

} // namespace attnlens
