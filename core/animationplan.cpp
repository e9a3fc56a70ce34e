#include "animationplan.h"

#include "attentionmodel.h"
#include "scenario.h"

#include <QStringList>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr double kPi = 3.14159265358979323846;

/// A finite number written in the C locale ("0.1", "-2", "1e-3"), or nullopt.
std::optional<double> numberFrom(const QString &word)
{
    bool ok = false;
    const double value = word.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(value))
        return std::nullopt;
    return value;
}

/// "x,y" as a point, or nullopt.
std::optional<QPointF> pointFrom(const QString &word)
{
    const QStringList parts = word.split(QLatin1Char(','));
    if (parts.size() != 2)
        return std::nullopt;
    const auto x = numberFrom(parts[0]);
    const auto y = numberFrom(parts[1]);
    if (!x || !y)
        return std::nullopt;
    return QPointF(*x, *y);
}

std::optional<AnimationPlan> fail(QString *error, const QString &message)
{
    if (error)
        *error = message;
    return std::nullopt;
}

/// The selected head's query row as it was at the start.
Eigen::RowVectorXd startQuery(const AttentionModel &model, const Scenario &start, int row)
{
    return start.headQueries(model.selectedHead()).row(row);
}

/// Centre 0, radius the mean length of the keys in the key plane (their first two components).
double circleRadius(const AttentionModel &model, const Scenario &start)
{
    const Matrix &keys = start.headKeys(model.selectedHead());
    if (keys.rows() == 0 || keys.cols() < 2)
        return 0.0;
    double sum = 0.0;
    for (Index row = 0; row < keys.rows(); ++row)
        sum += std::hypot(keys(row, 0), keys(row, 1));
    return sum / static_cast<double>(keys.rows());
}

double segmentLength(const QPointF &a, const QPointF &b)
{
    return std::hypot(b.x() - a.x(), b.y() - a.y());
}

} // namespace

std::optional<AnimationPlan> AnimationPlan::parse(const QString &spec, std::optional<int> frames, QString *error)
{
    static const QString kinds = QStringLiteral("temperature=FROM:TO, query=N:X,Y[:X,Y...], query=N:circle "
                                                "or mask=causal");
    AnimationPlan plan;
    if (frames) {
        if (*frames < kMinimumFrames || *frames > kMaximumFrames) {
            return fail(error, QStringLiteral("bad --frames %1: expected a number of frames from %2 to %3")
                                   .arg(*frames)
                                   .arg(kMinimumFrames)
                                   .arg(kMaximumFrames));
        }
        plan.frames = *frames;
        plan.framesGiven = true;
    }
    const QString text = spec.trimmed();
    const int equals = text.indexOf(QLatin1Char('='));
    if (equals <= 0)
        return fail(error, QStringLiteral("bad --animate '%1': expected %2").arg(spec, kinds));
    const QString kind = text.left(equals).trimmed().toLower();
    const QString value = text.mid(equals + 1).trimmed();

    if (kind == QLatin1String("temperature")) {
        plan.kind = Kind::Temperature;
        const QStringList ends = value.split(QLatin1Char(':'));
        const auto from = ends.size() == 2 ? numberFrom(ends[0]) : std::nullopt;
        const auto to = ends.size() == 2 ? numberFrom(ends[1]) : std::nullopt;
        if (!from || !to || *from <= 0.0 || *to <= 0.0) {
            return fail(error, QStringLiteral("bad --animate '%1': temperature=FROM:TO needs two positive "
                                              "temperatures, e.g. temperature=0.1:10")
                                   .arg(spec));
        }
        if (*from == *to) {
            return fail(error, QStringLiteral("bad --animate '%1': the temperature goes from %2 to %2, "
                                              "nothing moves")
                                   .arg(spec)
                                   .arg(*from));
        }
        plan.fromTemperature = *from;
        plan.toTemperature = *to;
        return plan;
    }
    if (kind == QLatin1String("query")) {
        const QStringList parts = value.split(QLatin1Char(':'));
        bool isNumber = false;
        const int number = parts.value(0).trimmed().toInt(&isNumber);
        if (!isNumber || number < 1) {
            return fail(error, QStringLiteral("bad --animate '%1': query=N:... needs a query number from 1 "
                                              "before the first ':', got '%2'")
                                   .arg(spec, parts.value(0)));
        }
        plan.query = number - 1;
        if (parts.size() < 2) {
            return fail(error, QStringLiteral("bad --animate '%1': say where query %2 goes, e.g. "
                                              "query=%2:1,0 or query=%2:circle")
                                   .arg(spec)
                                   .arg(number));
        }
        if (parts.size() == 2 && parts[1].trimmed().compare(QLatin1String("circle"), Qt::CaseInsensitive) == 0) {
            plan.kind = Kind::QueryCircle;
            return plan;
        }
        plan.kind = Kind::QueryPath;
        for (int i = 1; i < parts.size(); ++i) {
            const auto point = pointFrom(parts[i]);
            if (!point) {
                return fail(error, QStringLiteral("bad --animate '%1': '%2' is not a point X,Y (or 'circle')")
                                       .arg(spec, parts[i]));
            }
            plan.path.push_back(*point);
        }
        return plan;
    }
    if (kind == QLatin1String("mask")) {
        if (value.compare(QLatin1String("causal"), Qt::CaseInsensitive) != 0)
            return fail(error, QStringLiteral("bad --animate '%1': the mask animation is mask=causal").arg(spec));
        plan.kind = Kind::CausalMask;
        return plan;
    }
    return fail(error, QStringLiteral("bad --animate '%1': unknown kind '%2' (expected %3)")
                           .arg(spec, text.left(equals).trimmed(), kinds));
}

std::optional<QString> AnimationPlan::check(const AttentionModel &model) const
{
    const Scenario &scenario = model.scenario();
    if (frames < kMinimumFrames || frames > kMaximumFrames)
        return QStringLiteral("the animation needs %1 to %2 frames, not %3").arg(kMinimumFrames).arg(kMaximumFrames).arg(frames);
    switch (kind) {
    case Kind::Temperature:
        if (!(fromTemperature > 0.0) || !(toTemperature > 0.0) || !std::isfinite(fromTemperature)
            || !std::isfinite(toTemperature)) {
            return QStringLiteral("a temperature sweep needs positive temperatures, not %1 to %2")
                .arg(fromTemperature)
                .arg(toTemperature);
        }
        return std::nullopt;
    case Kind::QueryPath:
    case Kind::QueryCircle: {
        if (query < 0 || query >= scenario.queryCount()) {
            return QStringLiteral("the scenario has %1 queries, so there is no query %2 to move")
                .arg(scenario.queryCount())
                .arg(query + 1);
        }
        if (scenario.queryDimension() < 2) {
            return QStringLiteral("a query moves in the plane of its first two components, and this "
                                  "scenario's queries have %1")
                .arg(scenario.queryDimension());
        }
        if (kind == Kind::QueryPath) {
            if (path.empty())
                return QStringLiteral("the query's path has no point to go to");
            const Eigen::RowVectorXd q = scenario.queries.row(query);
            double length = 0.0;
            QPointF previous(q(0), q(1));
            for (const QPointF &point : path) {
                if (!std::isfinite(point.x()) || !std::isfinite(point.y()))
                    return QStringLiteral("the query's path has a point that is not a number");
                length += segmentLength(previous, point);
                previous = point;
            }
            if (length == 0.0)
                return QStringLiteral("query %1 is already at the end of its path, nothing moves").arg(query + 1);
        } else if (circleRadius(model, model.wholeScenario()) == 0.0) {
            return QStringLiteral("the keys all lie at the origin of the key plane, so there is no "
                                  "circle through them");
        }
        return std::nullopt;
    }
    case Kind::CausalMask:
        if (scenario.queryCount() < 1 || scenario.keyCount() < 1)
            return QStringLiteral("a causal mask needs at least one query and one key");
        return std::nullopt;
    }
    return std::nullopt;
}

int AnimationPlan::frameCount(const AttentionModel &model) const
{
    if (kind == Kind::CausalMask && !framesGiven)
        return static_cast<int>(std::min<Index>(model.scenario().queryCount() + 1, kMaximumFrames));
    return frames;
}

double AnimationPlan::temperatureAt(int index, int count) const
{
    if (index <= 0 || count < 2)
        return fromTemperature;
    if (index >= count - 1)
        return toTemperature;
    const double t = static_cast<double>(index) / static_cast<double>(count - 1);
    return std::exp(std::log(fromTemperature) + t * (std::log(toTemperature) - std::log(fromTemperature)));
}

QPointF AnimationPlan::queryPointAt(const Scenario &start, int index, int count) const
{
    // `start` is the selected head alone here or the whole scenario with head 1 selected; the
    // callers below pass the selected head's query explicitly.
    const Eigen::RowVectorXd q = start.queries.row(query);
    const QPointF origin(q(0), q(1));
    const double t = count < 2 ? 0.0 : std::clamp(static_cast<double>(index) / (count - 1), 0.0, 1.0);
    if (kind == Kind::QueryCircle) {
        const Matrix &keys = start.keys;
        double radius = 0.0;
        for (Index row = 0; row < keys.rows(); ++row)
            radius += std::hypot(keys(row, 0), keys(row, 1));
        radius /= std::max<Index>(1, keys.rows());
        const double startAngle = (origin.x() == 0.0 && origin.y() == 0.0) ? 0.0 : std::atan2(origin.y(), origin.x());
        // A full turn over the frames, the last one step short of the first: the loop is seamless.
        const double angle = startAngle + 2.0 * kPi * (count < 1 ? 0.0 : static_cast<double>(index) / count);
        return QPointF(radius * std::cos(angle), radius * std::sin(angle));
    }
    if (path.empty() || index <= 0)
        return origin;
    if (index >= count - 1)
        return path.back();
    double total = 0.0;
    QPointF previous = origin;
    for (const QPointF &point : path) {
        total += segmentLength(previous, point);
        previous = point;
    }
    double remaining = t * total;
    previous = origin;
    for (const QPointF &point : path) {
        const double length = segmentLength(previous, point);
        if (remaining <= length && length > 0.0) {
            const double f = remaining / length;
            return QPointF(previous.x() + f * (point.x() - previous.x()), previous.y() + f * (point.y() - previous.y()));
        }
        remaining -= length;
        previous = point;
    }
    return path.back();
}

void AnimationPlan::apply(AttentionModel &model, const Scenario &start, int index) const
{
    const int count = frameCount(model);
    index = std::clamp(index, 0, std::max(0, count - 1));
    switch (kind) {
    case Kind::Temperature:
        model.setTemperature(temperatureAt(index, count));
        return;
    case Kind::QueryPath:
    case Kind::QueryCircle: {
        const Scenario head = start.headCount() > 1 ? start.headAlone(model.selectedHead()) : Scenario();
        const Scenario &plane = start.headCount() > 1 ? head : start;
        const QPointF point = queryPointAt(plane, index, count);
        Eigen::RowVectorXd q = startQuery(model, start, query);
        q(0) = point.x();
        q(1) = point.y();
        model.setQueryRow(query, q);
        return;
    }
    case Kind::CausalMask: {
        const Index rows = start.queryCount();
        const Index keys = start.keyCount();
        // Frame 0 is the mask as it was; the last has every row causal; in between, rows fill
        // from the top at an even pace.
        const Index filled = count < 2 ? rows
                                       : static_cast<Index>(std::llround(static_cast<double>(index) * rows / (count - 1)));
        Mask mask = start.allowed ? *start.allowed : Mask::Constant(rows, keys, true);
        const Mask causal = causalMask(rows, keys);
        for (Index row = 0; row < filled && row < rows; ++row)
            mask.row(row) = causal.row(row);
        if (filled == 0) {
            model.setMask(start.allowed);
            return;
        }
        model.setMask(mask);
        return;
    }
    }
}

QString AnimationPlan::describe() const
{
    switch (kind) {
    case Kind::Temperature:
        return QStringLiteral("temperature %1 → %2").arg(fromTemperature).arg(toTemperature);
    case Kind::QueryPath: {
        QStringList points;
        for (const QPointF &point : path)
            points.append(QStringLiteral("(%1, %2)").arg(point.x()).arg(point.y()));
        return QStringLiteral("query %1 → %2").arg(query + 1).arg(points.join(QStringLiteral(" → ")));
    }
    case Kind::QueryCircle:
        return QStringLiteral("query %1 around the keys").arg(query + 1);
    case Kind::CausalMask:
        return QStringLiteral("causal mask, row by row");
    }
    return QString();
}

} // namespace attnlens
