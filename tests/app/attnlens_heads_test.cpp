// The command line with a scenario of several heads (issue 13): --head N chooses the head that
// --export draws, a wrong N is a usage error naming the head count, a PNG carries every head,
// and --evidence writes every head.
#include "../support/headlessrun.h"
#include "builtinscenarios.h"
#include "commandline.h"
#include "scenariojson.h"

#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

using HeadsRun = attnlens::test::HeadlessRun;

HeadsRun runAttnlens(const QStringList &arguments)
{
    return attnlens::test::runHeadless(arguments);
}

const QString kTwoHeads = QStringLiteral("two-heads-specialise");

TEST(CommandLineHead, HeadIsANumberFromOneAndOnlyForExport)
{
    using attnlens::parseCommandLine;
    const auto request = parseCommandLine({QStringLiteral("--export"), QStringLiteral("heatmap=x.png"),
                                           QStringLiteral("--head"), QStringLiteral("2"), kTwoHeads});
    EXPECT_TRUE(request.usageError.isEmpty()) << request.usageError.toStdString();
    ASSERT_TRUE(request.head.has_value());
    EXPECT_EQ(*request.head, 2);
    EXPECT_FALSE(parseCommandLine({QStringLiteral("--export"), QStringLiteral("heatmap=x.png")}).head.has_value());

    for (const char *bad : {"0", "-1", "two", "", "1.5"}) {
        const auto refused = parseCommandLine({QStringLiteral("--export"), QStringLiteral("heatmap=x.png"),
                                               QStringLiteral("--head"), QLatin1String(bad)});
        EXPECT_TRUE(refused.usageError.contains(QStringLiteral("--head"))) << bad;
    }
    const auto withoutExport = parseCommandLine({QStringLiteral("--head"), QStringLiteral("2"), kTwoHeads});
    EXPECT_TRUE(withoutExport.usageError.contains(QStringLiteral("--head only applies to --export")))
        << withoutExport.usageError.toStdString();
    EXPECT_TRUE(attnlens::commandLineHelp().contains(QStringLiteral("--head")));
}

TEST(AttnlensHeads, HeadTwoIsDrawnAndNamedInTheFiguresTitle)
{
    QTemporaryDir dir;
    const QString first = dir.filePath(QStringLiteral("first.png"));
    const QString byDefault = dir.filePath(QStringLiteral("default.png"));
    const QString second = dir.filePath(QStringLiteral("second.png"));
    for (const auto &[path, head] : {std::pair{first, QStringLiteral("1")}, std::pair{second, QStringLiteral("2")}}) {
        const HeadsRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + path,
                                  QStringLiteral("--head"), head, kTwoHeads});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    }
    const HeadsRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + byDefault, kTwoHeads});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();

    QImageReader firstReader(first);
    QImageReader secondReader(second);
    EXPECT_TRUE(firstReader.text(QStringLiteral("Title")).contains(QStringLiteral("head 1 \u201cprevious token\u201d")))
        << firstReader.text(QStringLiteral("Title")).toStdString();
    EXPECT_TRUE(secondReader.text(QStringLiteral("Title")).contains(QStringLiteral("head 2 \u201csubject\u201d")))
        << secondReader.text(QStringLiteral("Title")).toStdString();
    const QImage firstImage = firstReader.read();
    const QImage secondImage = secondReader.read();
    ASSERT_FALSE(firstImage.isNull());
    ASSERT_FALSE(secondImage.isNull());
    EXPECT_NE(firstImage, secondImage) << "the two heads' weights differ";
    EXPECT_EQ(QImage(byDefault), firstImage) << "head 1 without --head";
}

TEST(AttnlensHeads, APngOfSeveralHeadsCarriesEveryHead)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    const HeadsRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + png,
                              QStringLiteral("--head"), QStringLiteral("2"), kTwoHeads});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(png);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const attnlens::Result<attnlens::Scenario> carried = attnlens::parsePngScenario(file.readAll(), png);
    ASSERT_TRUE(carried.ok()) << carried.error().describe().toStdString();
    const attnlens::Scenario expected = attnlens::loadBuiltinScenario(kTwoHeads).value();
    EXPECT_EQ(carried.value().headCount(), 2);
    EXPECT_TRUE(carried.value() == expected);
}

TEST(AttnlensHeads, AHeadBeyondTheScenarioExits64NamingTheHeadCount)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("x.png"));
    const HeadsRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + png,
                              QStringLiteral("--head"), QStringLiteral("3"), kTwoHeads});
    EXPECT_EQ(run.exitCode, 64);
    EXPECT_TRUE(run.err.contains("--head 3")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("has 2 heads")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(png)) << "nothing is drawn";

    const HeadsRun oneHead = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + png,
                                  QStringLiteral("--head"), QStringLiteral("2"), QStringLiteral("lesson")});
    EXPECT_EQ(oneHead.exitCode, 64);
    EXPECT_TRUE(oneHead.err.contains("has 1 head")) << oneHead.err.toStdString();

    const HeadsRun malformed = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + png,
                                    QStringLiteral("--head"), QStringLiteral("second"), kTwoHeads});
    EXPECT_EQ(malformed.exitCode, 64);
    EXPECT_TRUE(malformed.err.contains("--head")) << malformed.err.toStdString();
}

TEST(AttnlensHeads, EvidenceWritesEveryHeadAndTheConcatenatedContext)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("evidence.json"));
    const HeadsRun run = runAttnlens({QStringLiteral("--evidence"), out, kTwoHeads});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject evidence = QJsonDocument::fromJson(file.readAll()).object();
    const QJsonArray heads = evidence.value(QStringLiteral("heads")).toArray();
    ASSERT_EQ(heads.size(), 2) << QJsonDocument(evidence).toJson().left(400).toStdString();
    for (const QJsonValue &head : heads) {
        EXPECT_EQ(head.toObject().value(QStringLiteral("weights")).toArray().size(), 5);
        EXPECT_EQ(head.toObject().value(QStringLiteral("context")).toArray().size(), 5);
    }
    const QJsonArray concatenated = evidence.value(QStringLiteral("concatenated_context")).toArray();
    ASSERT_EQ(concatenated.size(), 5);
    const int perHead = heads.at(0).toObject().value(QStringLiteral("context")).toArray().at(0).toArray().size();
    EXPECT_EQ(concatenated.at(0).toArray().size(), 2 * perHead);
    // Row 3 of [C_1 C_2] is row 3 of C_1 then row 3 of C_2.
    const QJsonArray row = concatenated.at(3).toArray();
    for (int h = 0; h < 2; ++h) {
        const QJsonArray own = heads.at(h).toObject().value(QStringLiteral("context")).toArray().at(3).toArray();
        for (int d = 0; d < perHead; ++d)
            EXPECT_EQ(row.at(h * perHead + d).toDouble(), own.at(d).toDouble()) << h << " " << d;
    }
}

} // namespace

namespace {

// A later head can overflow where the first does not: the scenario is refused as a whole, naming
// that head, and --evidence writes the refusal (found by the NumPy capture fuzzer, which crashed
// the evidence writer with exactly such a scenario).
TEST(CommandLineHead, EvidenceRefusesAScenarioWhoseSecondHeadOverflows)
{
    attnlens::Scenario scenario = attnlens::loadBuiltinScenario(kTwoHeads).value();
    attnlens::AttentionHead second = scenario.head(1);
    second.queries.setConstant(1e200);
    second.keys.setConstant(1e200);
    scenario.setHead(1, second);
    QTemporaryDir dir;
    const QString input = dir.filePath(QStringLiteral("overflow.json"));
    const QString output = dir.filePath(QStringLiteral("evidence.json"));
    QFile file(input);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(QJsonDocument(attnlens::scenarioToJson(scenario)).toJson());
    file.close();

    const HeadsRun run = runAttnlens({QStringLiteral("--evidence"), output, input});
    EXPECT_EQ(run.exitCode, 2) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("head 2")) << run.err.toStdString();
    QFile written(output);
    ASSERT_TRUE(written.open(QIODevice::ReadOnly));
    const QJsonObject evidence = QJsonDocument::fromJson(written.readAll()).object();
    const QJsonObject error = evidence.value(QStringLiteral("error")).toObject();
    EXPECT_EQ(error.value(QStringLiteral("category")).toString(), QStringLiteral("score_overflow"));
    EXPECT_FALSE(evidence.contains(QStringLiteral("concatenated_context")));
}

} // namespace
