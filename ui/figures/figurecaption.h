#pragma once

#include <QString>

namespace attnlens {

struct Scenario;

/// The mask in a few words for a caption: "no mask", "causal mask" or "3 of 9 cells masked".
QString maskSummary(const Scenario &scenario);

/// The scenario's name without the temperature it may state ("Three queries, T = 1"): a caption
/// states the live temperature itself, so the name never contradicts it after the slider moved.
/// A remark on that temperature right after it ("T = 2 (softer)") goes with it unless the
/// temperature still holds, in which case only "T = 2" is dropped ("Three queries (softer)").
QString scenarioNameForFigure(const Scenario &scenario);

/// The caption offered under a figure: the scenario's name (scenarioNameForFigure()), the head
/// shown when there are several (`headTag`, headtitle.h; empty for one head), its live
/// temperature and its mask, e.g. "Three queries — temperature T = 0.3261 — causal mask" or
/// "Two heads — head 2 “subject” — temperature T = 1 — causal mask".
QString defaultFigureCaption(const Scenario &scenario, const QString &headTag = QString());

/// The caption of one frame of an animation: defaultFigureCaption(), and where a query moves
/// (`movingQuery`, 0-based; -1 for none) its label and its first two components, e.g.
/// "Lesson — temperature T = 1 — no mask — query “q” at (0.5, 0.866)". Every frame states
/// what changes from one to the next: the temperature, the mask or the query.
QString animationFrameCaption(const Scenario &scenario, const QString &headTag, int movingQuery);

} // namespace attnlens
