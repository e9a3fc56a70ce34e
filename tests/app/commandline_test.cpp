#include "commandline.h"
#include "lesson.h"

#include <QProcess>

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

TEST(CommandLineParsing, ExportTakesViewsFilesAndFigureOptions)
{
    const CommandLineRequest request = parseCommandLine(
        {QStringLiteral("--export"), QStringLiteral("heatmap=out.png"), QStringLiteral("--export"),
         QStringLiteral("weights=w.SVG"), QStringLiteral("--export=context=c.pdf"),
         QStringLiteral("causal-padding"), QStringLiteral("--size"), QStringLiteral("1600x1200"),
         QStringLiteral("--dpi"), QStringLiteral("300"), QStringLiteral("--colormap"),
         QStringLiteral("viridis"), QStringLiteral("--values"), QStringLiteral("off")});
    ASSERT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, Action::ExportFigures);
    EXPECT_EQ(request.scenario, QStringLiteral("causal-padding"));
    ASSERT_EQ(request.exports.size(), 3);
    EXPECT_EQ(request.exports[0].view, QStringLiteral("heatmap"));
    EXPECT_EQ(request.exports[0].path, QStringLiteral("out.png"));
    EXPECT_EQ(request.exports[1].view, QStringLiteral("weights"));
    EXPECT_EQ(request.exports[1].path, QStringLiteral("w.SVG"));
    EXPECT_EQ(request.exports[2].view, QStringLiteral("context"));
    EXPECT_EQ(request.figureSize, QSize(1600, 1200));
    ASSERT_TRUE(request.figureDpi.has_value());
    EXPECT_DOUBLE_EQ(*request.figureDpi, 300.0);
    EXPECT_EQ(request.colorMap, QStringLiteral("viridis"));
    ASSERT_TRUE(request.showValues.has_value());
    EXPECT_FALSE(*request.showValues);

    // Every view word the help lists is accepted; a path may itself hold '='.
    for (const QString &view : attnlens::figureViewWords()) {
        const CommandLineRequest one = parseCommandLine({QStringLiteral("--export"), view + QStringLiteral("=a=b.pdf")});
        EXPECT_TRUE(one.usageError.isEmpty()) << view.toStdString() << ": " << one.usageError.toStdString();
        ASSERT_EQ(one.exports.size(), 1);
        EXPECT_EQ(one.exports[0].path, QStringLiteral("a=b.pdf"));
        EXPECT_FALSE(one.figureDpi.has_value());
        EXPECT_TRUE(one.figureSize.isEmpty());
    }
}

TEST(CommandLineParsing, ExportUsageErrorsNameTheBadWord)
{
    const struct {
        QStringList arguments;
        const char *word;
    } cases[] = {
        {{QStringLiteral("--export"), QStringLiteral("heatmaps=out.png")}, "heatmaps"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=out.jpg")}, ".jpg"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=out")}, "heatmap=out"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap")}, "heatmap"},
        {{QStringLiteral("--export"), QStringLiteral("=out.png")}, "=out.png"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--size"), QStringLiteral("1600by1200")}, "1600by1200"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--size"), QStringLiteral("16x12")}, "16x12"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--size"), QStringLiteral("99999x100")}, "99999x100"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--dpi"), QStringLiteral("lots")}, "lots"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--dpi"), QStringLiteral("5000")}, "5000"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--values"), QStringLiteral("maybe")}, "maybe"},
        {{QStringLiteral("--size"), QStringLiteral("800x600")}, "--size"},
        {{QStringLiteral("--colormap"), QStringLiteral("viridis")}, "--colormap"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=a.png"), QStringLiteral("--evidence"), QStringLiteral("e.json")}, "--export"},
    };
    for (const auto &c : cases) {
        const CommandLineRequest request = parseCommandLine(c.arguments);
        EXPECT_TRUE(request.usageError.contains(QLatin1String(c.word)))
            << c.arguments.join(QLatin1Char(' ')).toStdString() << " -> " << request.usageError.toStdString();
    }
}

TEST(CommandLineParsing, HelpDescribesExport)
{
    const QString help = attnlens::commandLineHelp();
    for (const char *word : {"--export", "VIEW=FILE", "--size", "--dpi", "--colormap", "--values", "keyspace", "heads", "window"})
        EXPECT_TRUE(help.contains(QLatin1String(word))) << word;
}

// --lesson N: the window opens at step N of the guided lesson.

TEST(CommandLineLesson, StepNumberIsKept)
{
    const CommandLineRequest request = parseCommandLine({QStringLiteral("--lesson"), QStringLiteral("3")});
    ASSERT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, Action::OpenWindow);
    ASSERT_TRUE(request.lessonStep.has_value());
    EXPECT_EQ(*request.lessonStep, 3);
    EXPECT_TRUE(request.scenario.isEmpty());

    const CommandLineRequest equals = parseCommandLine({QStringLiteral("--lesson=1")});
    ASSERT_TRUE(equals.lessonStep.has_value());
    EXPECT_EQ(*equals.lessonStep, 1);
    EXPECT_FALSE(parseCommandLine({}).lessonStep.has_value());
}

TEST(CommandLineLesson, TheLastStepIsAcceptedAndOneMoreIsNot)
{
    const int last = attnlens::Lesson::stepCount();
    ASSERT_GE(last, 10);
    const CommandLineRequest lastStep = parseCommandLine({QStringLiteral("--lesson"), QString::number(last)});
    EXPECT_TRUE(lastStep.usageError.isEmpty()) << lastStep.usageError.toStdString();
    EXPECT_EQ(lastStep.lessonStep.value_or(-1), last);

    const CommandLineRequest beyond = parseCommandLine({QStringLiteral("--lesson"), QString::number(last + 1)});
    EXPECT_TRUE(beyond.usageError.contains(QString::number(last + 1))) << beyond.usageError.toStdString();
    EXPECT_TRUE(beyond.usageError.contains(QStringLiteral("--lesson")));
    EXPECT_FALSE(beyond.lessonStep.has_value());
}

TEST(CommandLineLesson, OutOfRangeOrNonNumbersAreUsageErrorsNamingTheValue)
{
    for (const char *word : {"0", "-2", "two", "3.5", "99999999999"}) {
        SCOPED_TRACE(word);
        const CommandLineRequest request = parseCommandLine({QStringLiteral("--lesson"), QLatin1String(word)});
        EXPECT_TRUE(request.usageError.contains(QLatin1String(word))) << request.usageError.toStdString();
    }
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--lesson")}).usageError.isEmpty());
}

TEST(CommandLineLesson, DoesNotMixWithOtherActionsOrAScenario)
{
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--lesson"), QStringLiteral("2"), QStringLiteral("--evidence"),
                                   QStringLiteral("-")})
                     .usageError.isEmpty());
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--lesson"), QStringLiteral("2"), QStringLiteral("--version")})
                     .usageError.isEmpty());
    const CommandLineRequest withScenario =
        parseCommandLine({QStringLiteral("--lesson"), QStringLiteral("2"), QStringLiteral("causal-padding")});
    EXPECT_TRUE(withScenario.usageError.contains(QStringLiteral("causal-padding")));
}

TEST(CommandLineLesson, HelpMentionsTheLesson)
{
    EXPECT_TRUE(attnlens::commandLineHelp().contains(QStringLiteral("--lesson N")));
}

TEST(CommandLineLesson, TheExecutableExitsWithUsageForAStepOutOfRange)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(name));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTNLENS_EXECUTABLE), {QStringLiteral("--lesson"), QStringLiteral("42")});
    ASSERT_TRUE(process.waitForFinished(60000));
    EXPECT_EQ(process.exitCode(), 64);
    EXPECT_TRUE(process.readAllStandardError().contains("'42'"));
}

// --lang en|zh_TW: the interface and lesson language, over the saved choice and the locale.

TEST(CommandLineLanguage, KnownLanguagesAreKept)
{
    const CommandLineRequest chinese = parseCommandLine({QStringLiteral("--lang"), QStringLiteral("zh_TW")});
    ASSERT_TRUE(chinese.usageError.isEmpty()) << chinese.usageError.toStdString();
    EXPECT_EQ(chinese.action, Action::OpenWindow);
    EXPECT_EQ(chinese.language, QStringLiteral("zh_TW"));
    EXPECT_EQ(parseCommandLine({QStringLiteral("--lang=en"), QStringLiteral("causal-padding")}).language,
              QStringLiteral("en"));
    EXPECT_TRUE(parseCommandLine({}).language.isEmpty());
    const CommandLineRequest withLesson =
        parseCommandLine({QStringLiteral("--lang"), QStringLiteral("zh_TW"), QStringLiteral("--lesson"), QStringLiteral("2")});
    EXPECT_TRUE(withLesson.usageError.isEmpty()) << withLesson.usageError.toStdString();
    EXPECT_EQ(withLesson.lessonStep.value_or(-1), 2);
}

TEST(CommandLineLanguage, UnknownLanguageIsAUsageErrorNamingIt)
{
    for (const char *word : {"fr", "zh", "zh_CN", "ZH_TW", "english"}) {
        SCOPED_TRACE(word);
        const CommandLineRequest request = parseCommandLine({QStringLiteral("--lang"), QLatin1String(word)});
        EXPECT_TRUE(request.usageError.contains(QStringLiteral("'%1'").arg(QLatin1String(word))))
            << request.usageError.toStdString();
        EXPECT_TRUE(request.language.isEmpty());
    }
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--lang")}).usageError.isEmpty());
}

TEST(CommandLineLanguage, HelpListsTheLanguages)
{
    const QString help = attnlens::commandLineHelp();
    EXPECT_TRUE(help.contains(QStringLiteral("--lang")));
    EXPECT_TRUE(help.contains(QStringLiteral("zh_TW")));
}

TEST(CommandLineLanguage, TheExecutableExitsWithUsageForAnUnknownLanguage)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(name));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTNLENS_EXECUTABLE), {QStringLiteral("--lang"), QStringLiteral("klingon")});
    ASSERT_TRUE(process.waitForFinished(60000));
    EXPECT_EQ(process.exitCode(), 64);
    EXPECT_TRUE(process.readAllStandardError().contains("'klingon'"));
}

TEST(CommandLineParsing, ThemeAndQueryForFigures)
{
    const CommandLineRequest request = parseCommandLine(
        {QStringLiteral("--export"), QStringLiteral("heatmap=out.png"), QStringLiteral("--theme"),
         QStringLiteral("Dark"), QStringLiteral("--query"), QStringLiteral("2"), QStringLiteral("three-queries")});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    EXPECT_EQ(request.action, Action::ExportFigures);
    EXPECT_EQ(request.theme, QStringLiteral("dark"));
    EXPECT_EQ(request.query, QStringLiteral("2"));
    // A label is checked against the scenario later.
    EXPECT_EQ(parseCommandLine({QStringLiteral("--export"), QStringLiteral("heatmap=out.png"),
                                QStringLiteral("--query"), QStringLiteral("q=[1,0]")})
                  .query,
              QStringLiteral("q=[1,0]"));
    // --theme also picks the window's theme; --query only means something for figures.
    const CommandLineRequest window = parseCommandLine({QStringLiteral("--theme"), QStringLiteral("projector")});
    EXPECT_TRUE(window.usageError.isEmpty()) << window.usageError.toStdString();
    EXPECT_EQ(window.action, Action::OpenWindow);
    EXPECT_EQ(window.theme, QStringLiteral("projector"));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--query"), QStringLiteral("1")}).usageError.contains(QStringLiteral("--query")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--theme"), QStringLiteral("sepia")}).usageError.contains(QStringLiteral("sepia")));
    EXPECT_TRUE(parseCommandLine({QStringLiteral("--export"), QStringLiteral("heatmap=out.png"),
                                  QStringLiteral("--query"), QStringLiteral("0")})
                    .usageError.contains(QStringLiteral("'0'")));
    EXPECT_TRUE(attnlens::commandLineHelp().contains(QStringLiteral("--query")));
    EXPECT_TRUE(attnlens::commandLineHelp().contains(QStringLiteral("--theme")));
}
