#pragma once

#include <QPointF>
#include <QString>

#include <optional>
#include <vector>

namespace attnlens {

class AttentionModel;
struct Scenario;

/// What moves in an animated figure, and how, frame by frame.
///
/// A plan is data: it names the kind of motion and its ends, and apply() brings a model to the
/// state of any frame through the model's public setters, always from the same starting
/// scenario, so frame i is the same whatever frames were drawn before it. The first and the
/// last frames are exactly the ends (no rounding drift): frame 0 of a temperature sweep has
/// T = fromTemperature, the last T = toTemperature.
struct AnimationPlan {
    enum class Kind { Temperature, QueryPath, QueryCircle, CausalMask };

    static constexpr int kMinimumFrames = 2;
    static constexpr int kMaximumFrames = 1000;
    static constexpr int kDefaultFrames = 60;

    Kind kind = Kind::Temperature;
    int frames = kDefaultFrames;     ///< --frames; CausalMask: rows + 1 when not given
    bool framesGiven = false;        ///< whether `frames` was asked for (CausalMask's default)
    double fromTemperature = 0.1, toTemperature = 10.0;  ///< logarithmic in between, both ends included
    int query = 0;                   ///< 0-based query row that moves (QueryPath, QueryCircle)
    /// QueryPath: the points the query passes through, in the key plane's coordinates (first
    /// two components of q); one point = from the current position to it. With several points
    /// the query also starts where it is and passes through each in turn, so frame 0 is always
    /// the scenario as it was. It moves at constant speed along the polyline; the other
    /// components of q stay as they were.
    std::vector<QPointF> path;

    /// Parses "temperature=0.1:10", "query=1:1,0:0,1" (query 1 through (1,0) then (0,1)),
    /// "query=2:0.5,0.5" (from where it is to there), "query=1:circle" (a full turn on the
    /// circle through the keys: centre 0, radius the mean key length, starting at the query's
    /// angle), "mask=causal". Query numbers count from 1 as on the command line. `frames` is
    /// --frames (nullopt: the kind's default).
    /// On error returns nullopt and sets *error to a sentence naming the bad part.
    static std::optional<AnimationPlan> parse(const QString &spec, std::optional<int> frames, QString *error);
    /// Why this plan cannot run on this model (query out of range, d_k < 2 for a query path,
    /// a non-positive temperature, ...), if it cannot.
    std::optional<QString> check(const AttentionModel &model) const;
    /// Number of frames this plan draws on this model.
    int frameCount(const AttentionModel &model) const;
    /// Brings `model` to the state of frame `index` (0 .. frameCount-1) through its public
    /// setters, starting from `start` (the scenario at frame 0, captured before the first frame).
    void apply(AttentionModel &model, const Scenario &start, int index) const;

    /// The temperature of frame `index` of `count` frames: fromTemperature · (to/from)^(i/(n-1)),
    /// with both ends exact.
    double temperatureAt(int index, int count) const;
    /// The query's point in the key plane at frame `index` of `count`, starting from `start`.
    QPointF queryPointAt(const Scenario &start, int index, int count) const;
    /// A short description for titles and messages, e.g. "temperature 0.1 → 10".
    QString describe() const;
};

} // namespace attnlens
