#include "scalelab.h"

#include "portablenormal.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>

namespace attnlens::scalelab {

namespace {

/// Rows of kMaxKeyDimension coordinates each, of which the first `keyDimension` are kept, so
/// that coordinate c of row i is the same draw at every d_k.
Matrix drawRows(PortableNormal &normal, Index rows, Index keyDimension)
{
    Matrix m(rows, keyDimension);
    for (Index i = 0; i < rows; ++i) {
        for (Index c = 0; c < kMaxKeyDimension; ++c) {
            const double z = normal.next();
            if (c < keyDimension)
                m(i, c) = z;
        }
    }
    return m;
}

} // namespace

Sample sample(quint64 seed, Index keyDimension)
{
    PortableNormal normal(seed);
    Sample drawn;
    drawn.queries = drawRows(normal, kQueries, keyDimension);
    drawn.keys = drawRows(normal, kKeys, keyDimension);
    return drawn;
}

Matrix values()
{
    Matrix v(kKeys, 2);
    for (Index j = 0; j < kKeys; ++j) {
        const double angle = 2.0 * 3.14159265358979323846 * static_cast<double>(j) / kKeys;
        v(j, 0) = std::cos(angle);
        v(j, 1) = std::sin(angle);
    }
    return v;
}

Scenario withSample(Scenario scenario, const ScaleLabSettings &settings, Index keyDimension)
{
    keyDimension = std::clamp(keyDimension, kMinKeyDimension, kMaxKeyDimension);
    Sample drawn = sample(settings.seed, keyDimension);
    if (settings.hasStretch() && settings.stretchedKey < kKeys)
        drawn.keys.row(settings.stretchedKey) *= settings.stretchFactor;
    scenario.queries = std::move(drawn.queries);
    scenario.keys = std::move(drawn.keys);
    scenario.values = values();
    scenario.moreHeads.clear();
    scenario.headName.clear();
    if (scenario.allowed
        && (scenario.allowed->rows() != kQueries || scenario.allowed->cols() != kKeys))
        scenario.allowed.reset();
    // A scenario with a token more or fewer than the sample keeps one label per row.
    scenario.queryLabels = labelsFittedTo(scenario.queryLabels, kQueries);
    scenario.keyLabels = labelsFittedTo(scenario.keyLabels, kKeys);
    scenario.scaleLab = settings;
    return scenario;
}

Scenario defaultScenario()
{
    Scenario scenario;
    scenario.name = QCoreApplication::translate("attnlens::ScaleLab", "Why divide by √d_k");
    scenario.description = QCoreApplication::translate(
        "attnlens::ScaleLab",
        "Sixteen random queries and sixteen random keys whose coordinates are independent with "
        "variance 1. Their dot products spread like √d_k; the scaled scores stay near 1.");
    for (Index i = 0; i < kQueries; ++i)
        scenario.queryLabels.append(QStringLiteral("q%1").arg(i + 1));
    for (Index j = 0; j < kKeys; ++j)
        scenario.keyLabels.append(QStringLiteral("k%1").arg(j + 1));
    scenario.temperature = 1.0;
    return withSample(std::move(scenario), ScaleLabSettings{}, kDefaultKeyDimension);
}

quint64 nextSeed(quint64 seed)
{
    // SplitMix64's mixing step (Steele, Lea and Flood 2014): neighbouring seeds give unrelated
    // successors. A seed that the step would leave as it is moves on by one instead.
    quint64 z = seed + 0x9e3779b97f4a7c15ULL;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z = z ^ (z >> 31);
    return z == seed ? z + 1 : z;
}

} // namespace attnlens::scalelab
