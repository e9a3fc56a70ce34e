#include "commandline.h"

#include <gtest/gtest.h>

using attnlens::CommandLineRequest;
using attnlens::parseCommandLine;
using Action = CommandLineRequest::Action;

TEST(CommandLineParsing, NoArgumentsOpensTheWindowOnTheLesson)
{
    const CommandLineRequest request = parseCommandLine({});
    EXPECT_TRUE(request.usageError.isEmpty());
    EXPECT_EQ(request.action, Action::OpenWindow);
    EXPECT_TRUE(request.scenario.isEmpty());
}

TEST(CommandLineParsing, ScenarioArgumentIsKept)
{
    const CommandLineRequest request = parseCommandLine({QStringLiteral("causal-padding")});
    EXPECT_EQ(request.action, Action::OpenWindow);
    EXPECT_EQ(request.scenario, QStringLiteral("causal-padding"));
}

TEST(CommandLineParsing, EvidenceTakesAnOutputAndAScenario)
{
    const CommandLineRequest request = parseCommandLine(
        {QStringLiteral("--evidence"), QStringLiteral("out.json"), QStringLiteral("my.json")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, Action::WriteEvidence);
    EXPECT_EQ(request.evidencePath, QStringLiteral("out.json"));
    EXPECT_EQ(request.scenario, QStringLiteral("my.json"));
}

TEST(CommandLineParsing, EvidenceToStandardOutput)
{
    const CommandLineRequest request = parseCommandLine({QStringLiteral("--evidence"), QStringLiteral("-")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.evidencePath, QStringLiteral("-"));
}

TEST(CommandLineParsing, UsageErrorsNameTheProblem)
{
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--bogus")}).usageError.contains(QStringLiteral("bogus")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--evidence")}).usageError.contains(QStringLiteral("evidence")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("a.json"), QStringLiteral("b.json")})
                    .usageError.contains(QStringLiteral("b.json")));
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--list-scenarios"), QStringLiteral("--version")})
                     .usageError.isEmpty());
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--version"), QStringLiteral("lesson")}).usageError.isEmpty());
}

TEST(CommandLineParsing, InformationalActions)
{
    EXPECT_EQ(parseCommandLine({QStringLiteral("--help")}).action, Action::ShowHelp);
    EXPECT_EQ(parseCommandLine({QStringLiteral("-h")}).action, Action::ShowHelp);
    EXPECT_EQ(parseCommandLine({QStringLiteral("--version")}).action, Action::ShowVersion);
    EXPECT_EQ(parseCommandLine({QStringLiteral("--list-scenarios")}).action, Action::ListScenarios);
}
