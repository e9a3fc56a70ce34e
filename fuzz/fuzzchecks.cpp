#include "fuzzchecks.h"

#include "attention.h"
#include "jsonfile.h"
#include "scenario.h"
#include "scenariojson.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace attnlens::fuzz {

void require(bool condition, const char *what)
{
    if (condition)
        return;
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what);
    std::abort();
}

void checkRefusal(const Error &error)
{
    require(!error.message.isEmpty(), "a refusal has a message");
}

namespace {

void checkResult(const Scenario &scenario, const AttentionResult &result)
{
    const Index rows = scenario.queryCount();
    const Index keys = scenario.keyCount();
    require(result.weights.rows() == rows && result.weights.cols() == keys, "weights are N_q x N_k");
    require(result.context.rows() == rows && result.context.cols() == scenario.valueDimension(),
            "context is N_q x d_v");
    for (Index i = 0; i < rows; ++i) {
        double sum = 0.0;
        for (Index j = 0; j < keys; ++j) {
            const double w = result.weights(i, j);
            require(std::isfinite(w), "weights are finite");
            require(w >= 0.0 && w <= 1.0, "weights lie in [0, 1]");
            if (!scenario.isAllowed(i, j))
                require(w == 0.0 && !std::signbit(w), "masked weights are exactly 0");
            sum += w;
        }
        require(std::abs(sum - 1.0) <= 1e-12, "each row's weights sum to 1 within 1e-12");
        for (Index c = 0; c < result.context.cols(); ++c)
            require(std::isfinite(result.context(i, c)), "the context is finite");
    }
}

} // namespace

void checkAcceptedScenario(const Scenario &scenario)
{
    const Result<AttentionResult> result = computeAttention(scenario);
    if (result)
        checkResult(scenario, result.value());
    else
        checkRefusal(result.error());
    // All heads compute together exactly when each computes on its own (a later head's scores
    // may overflow where the first head's do not); a refusal names the first head that failed,
    // and every computed head keeps the same invariants.
    const Result<HeadsResult> heads = computeAllHeads(scenario);
    const std::optional<Error> invalid = validateAttentionInput(scenario);
    int firstFailingHead = invalid ? 0 : -1;
    for (Index h = 0; !invalid && h < scenario.headCount() && firstFailingHead < 0; ++h) {
        AttentionResult alone;
        if (computeHeadInto(scenario, h, alone, InputCheck::AlreadyChecked))
            firstFailingHead = static_cast<int>(h);
    }
    require(result.ok() == (!invalid && firstFailingHead != 0), "the first head computes as computeAttention does");
    require(heads.ok() == (firstFailingHead < 0), "all heads compute exactly when each head computes on its own");
    if (!heads) {
        checkRefusal(heads.error());
        if (!invalid && scenario.hasSeveralHeads())
            require(heads.error().head == firstFailingHead, "a refusal names the first head that fails");
    }
    if (heads) {
        require(heads.value().heads.size() == size_t(scenario.headCount()), "one result per head");
        for (const AttentionResult &head : heads.value().heads)
            checkResult(scenario, head);
        require(heads.value().concatenatedContext.cols() == scenario.headCount() * scenario.valueDimension(),
                "the concatenated context is N_q x H*d_v");
    }

    const QByteArray saved = toJsonText(scenarioToJson(scenario));
    require(saved.size() <= ScenarioLimits::maxFileBytes, "the saved form fits the file limit");
    const Result<Scenario> reopened = parseScenario(saved, QStringLiteral("saved.json"));
    if (!reopened)
        std::fprintf(stderr, "%s\n", qPrintable(reopened.error().describe()));
    require(reopened.ok(), "a saved scenario opens again");
    require(reopened.value() == scenario, "a saved scenario reads back bit for bit");
    require(toJsonText(scenarioToJson(reopened.value())) == saved,
            "saving the reopened scenario writes the same bytes");
}

} // namespace attnlens::fuzz
