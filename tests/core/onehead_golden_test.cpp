// A one-head scenario's files are what they were before heads existed. The golden evidence in
// tests/data/golden was written by the release before heads (commit fd1223a) from the input
// files beside it; its numbers are exact in binary (equal keys, weights of 1/2 and 1/4), so no
// build's rounding can change them. Only the "generator" line, which names the release, may
// differ.
#include "attention.h"
#include "evidence.h"
#include "jsonfile.h"
#include "scenariojson.h"

#include "coretestsupport.h"

#include <gtest/gtest.h>

namespace attnlens {
namespace {

QByteArray withoutGeneratorLine(QByteArray text)
{
    const qsizetype start = text.indexOf("\"generator\"");
    if (start < 0)
        return text;
    const qsizetype end = text.indexOf('\n', start);
    return text.remove(start, end - start);
}

QByteArray evidenceText(const QString &input)
{
    const Result<Scenario> scenario = parseScenario(test::readTestData(input), QStringLiteral("golden.json"));
    EXPECT_TRUE(scenario.ok());
    if (!scenario.ok())
        return {};
    EXPECT_EQ(scenario.value().headCount(), 1);
    const Result<AttentionResult> result = computeAttention(scenario.value());
    const QJsonObject evidence = result ? buildEvidence(scenario.value(), &result.value(), nullptr)
                                        : buildEvidence(scenario.value(), nullptr, &result.error());
    return toJsonText(evidence);
}

TEST(OneHeadFiles, EvidenceIsByteForByteWhatTheReleaseBeforeHeadsWrote)
{
    for (const char *name : {"onehead-exact", "onehead-refused"}) {
        const QString base = QStringLiteral("golden/%1").arg(QLatin1String(name));
        const QByteArray golden = test::readTestData(base + QStringLiteral(".evidence.json"));
        ASSERT_FALSE(golden.isEmpty());
        const QByteArray now = evidenceText(base + QStringLiteral(".json"));
        EXPECT_EQ(withoutGeneratorLine(now).toStdString(), withoutGeneratorLine(golden).toStdString()) << name;
        EXPECT_TRUE(now.contains("\"version\": 1")) << name;
    }
}

TEST(OneHeadFiles, SavingAOneHeadScenarioWritesNoTraceOfHeads)
{
    const Result<Scenario> scenario =
        parseScenario(test::readTestData(QStringLiteral("golden/onehead-exact.json")), QStringLiteral("g.json"));
    ASSERT_TRUE(scenario.ok());
    const QByteArray saved = toJsonText(scenarioToJson(scenario.value()));
    EXPECT_FALSE(saved.contains("\"heads\""));
    EXPECT_FALSE(saved.contains("\"head"));
    // The saved scenario is the golden evidence without its results and stamp: the same bytes
    // for every field they share.
    const QByteArray golden = test::readTestData(QStringLiteral("golden/onehead-exact.evidence.json"));
    for (const char *field : {"\"K\": [", "\"Q\": [", "\"V\": [", "\"allowed\": [", "\"key_labels\"",
                              "\"query_labels\"", "\"temperature\"", "\"description\"", "\"name\""}) {
        const qsizetype inSaved = saved.indexOf(field);
        const qsizetype inGolden = golden.indexOf(field);
        ASSERT_GE(inSaved, 0) << field;
        ASSERT_GE(inGolden, 0) << field;
        const QByteArray savedLine = saved.mid(inSaved, saved.indexOf("\n    \"", inSaved + 1) - inSaved);
        const QByteArray goldenLine = golden.mid(inGolden, golden.indexOf("\n    \"", inGolden + 1) - inGolden);
        EXPECT_EQ(savedLine.toStdString(), goldenLine.toStdString()) << field;
    }
}

} // namespace
} // namespace attnlens
