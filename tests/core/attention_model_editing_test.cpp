#include "attention.h"
#include "attentionmodel.h"
#include "jsonfile.h"
#include "scenariojson.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>

// The structural edits of AttentionModel: renames, inserting and removing queries and keys,
// changing d_k and d_v. Each emits its own signal, then scenarioReset, then one resultChanged;
// a no-op or a refusal emits nothing and leaves every double as it was.
namespace attnlens {
namespace {

using test::matrixOf;
using test::settleEvents;
using test::maskOf;
using test::rowOf;

std::unique_ptr<AttentionModel> settledModel(const Scenario &scenario)
{
    auto model = std::make_unique<AttentionModel>();
    model->setScenario(scenario);
    settleEvents(3);
    return model;
}

Scenario threeQueries()
{
    Scenario s = test::notebookLessonScenario();
    s.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0.25}});
    s.queryLabels = QStringList{QStringLiteral("q1"), QStringLiteral("q2"), QStringLiteral("q3")};
    return s;
}

// Every model signal, in order, with its argument where it has one.
class SignalLog {
public:
    explicit SignalLog(AttentionModel &model)
    {
        auto add = [this](const char *name) {
            return [this, name]() { entries.append(QLatin1String(name)); };
        };
        auto addRow = [this](const char *name) {
            return [this, name](int row) { entries.append(QStringLiteral("%1(%2)").arg(QLatin1String(name)).arg(row)); };
        };
        QObject::connect(&model, &AttentionModel::scenarioReset, &model, add("scenarioReset"));
        QObject::connect(&model, &AttentionModel::resultChanged, &model, add("resultChanged"));
        QObject::connect(&model, &AttentionModel::maskChanged, &model, add("maskChanged"));
        QObject::connect(&model, &AttentionModel::queryChanged, &model, addRow("queryChanged"));
        QObject::connect(&model, &AttentionModel::keyChanged, &model, addRow("keyChanged"));
        QObject::connect(&model, &AttentionModel::valueChanged, &model, addRow("valueChanged"));
        QObject::connect(&model, &AttentionModel::temperatureChanged, &model, add("temperatureChanged"));
        QObject::connect(&model, &AttentionModel::nameChanged, &model, add("nameChanged"));
        QObject::connect(&model, &AttentionModel::queryLabelChanged, &model, addRow("queryLabelChanged"));
        QObject::connect(&model, &AttentionModel::keyLabelChanged, &model, addRow("keyLabelChanged"));
        QObject::connect(&model, &AttentionModel::queryInserted, &model, addRow("queryInserted"));
        QObject::connect(&model, &AttentionModel::queryRemoved, &model, addRow("queryRemoved"));
        QObject::connect(&model, &AttentionModel::keyInserted, &model, addRow("keyInserted"));
        QObject::connect(&model, &AttentionModel::keyRemoved, &model, addRow("keyRemoved"));
        QObject::connect(&model, &AttentionModel::keyDimensionChanged, &model, addRow("keyDimensionChanged"));
        QObject::connect(&model, &AttentionModel::valueDimensionChanged, &model, addRow("valueDimensionChanged"));
    }
    QStringList entries;
};

::testing::AssertionResult showsResultOf(const AttentionModel &model, const Scenario &scenario)
{
    const Result<AttentionResult> expected = computeAttention(scenario);
    if (!expected.ok())
        return ::testing::AssertionFailure() << "the reference scenario is refused";
    const AttentionResult *actual = model.result();
    if (!actual)
        return ::testing::AssertionFailure() << "no result: " << model.error()->describe().toStdString();
    if (!identicalMatrices(actual->weights, expected.value().weights)
        || !identicalMatrices(actual->context, expected.value().context))
        return ::testing::AssertionFailure() << "the result is not the scenario's";
    return ::testing::AssertionSuccess();
}

// ---- Renames ------------------------------------------------------------------------------------

TEST(AttentionModelEditing, RenamingAQueryEmitsItsRowThenReset)
{
    auto model = settledModel(threeQueries());
    SignalLog log(*model);
    QSignalSpy labelSpy(model.get(), &AttentionModel::queryLabelChanged);
    model->setQueryLabel(1, QStringLiteral("the cat"));
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"queryLabelChanged(1)", "scenarioReset", "resultChanged"}));
    ASSERT_EQ(labelSpy.count(), 1);
    EXPECT_EQ(model->scenario().queryLabel(1), QStringLiteral("the cat"));
    EXPECT_EQ(model->scenario().queryLabel(0), QStringLiteral("q1"));
    EXPECT_TRUE(identicalMatrices(model->scenario().queries, threeQueries().queries));

    log.entries.clear();
    model->setQueryLabel(1, QStringLiteral("the cat"));
    settleEvents(3);
    EXPECT_TRUE(log.entries.isEmpty()) << "the same label is no change";
}

TEST(AttentionModelEditing, RenamingAKeyBeyondAShortLabelListKeepsTheOthersGenerated)
{
    Scenario s = test::notebookLessonScenario();
    s.keyLabels.clear();
    auto model = settledModel(s);
    SignalLog log(*model);
    model->setKeyLabel(2, QStringLiteral("C"));
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"keyLabelChanged(2)", "scenarioReset", "resultChanged"}));
    EXPECT_EQ(model->scenario().keyLabel(0), QStringLiteral("key 1"));
    EXPECT_EQ(model->scenario().keyLabel(1), QStringLiteral("key 2"));
    EXPECT_EQ(model->scenario().keyLabel(2), QStringLiteral("C"));

    log.entries.clear();
    model->setKeyLabel(0, QStringLiteral("key 1"));  // what it already shows
    settleEvents(3);
    EXPECT_TRUE(log.entries.isEmpty());
}

TEST(AttentionModelEditing, RenamingTheScenario)
{
    auto model = settledModel(threeQueries());
    SignalLog log(*model);
    QSignalSpy nameSpy(model.get(), &AttentionModel::nameChanged);
    model->setScenarioName(QStringLiteral("my lesson"));
    model->setScenarioName(QStringLiteral("my lesson"));
    settleEvents(3);
    ASSERT_EQ(nameSpy.count(), 1);
    EXPECT_EQ(nameSpy.at(0).at(0).toString(), QStringLiteral("my lesson"));
    EXPECT_EQ(log.entries, (QStringList{"nameChanged", "scenarioReset", "resultChanged"}));
    EXPECT_EQ(model->scenario().name, QStringLiteral("my lesson"));
}

TEST(AttentionModelEditing, LabelsAndNamesAreCutToWhatAFileMayHold)
{
    // Whatever is typed must save and open again: the loader refuses labels over 256 characters.
    auto model = settledModel(threeQueries());
    const QString pasted(100000, QLatin1Char('x'));
    model->setScenarioName(pasted);
    model->setQueryLabel(0, pasted);
    model->setKeyLabel(1, pasted);
    model->insertQuery(1, model->scenario().queries.row(0), pasted);
    settleEvents(3);
    EXPECT_EQ(model->scenario().name.size(), ScenarioLimits::maxLabelChars);
    EXPECT_EQ(model->scenario().queryLabels.at(0).size(), ScenarioLimits::maxLabelChars);
    EXPECT_EQ(model->scenario().queryLabels.at(1).size(), ScenarioLimits::maxLabelChars);
    EXPECT_EQ(model->scenario().keyLabels.at(1).size(), ScenarioLimits::maxLabelChars);
    const Result<Scenario> reopened =
        parseScenario(toJsonText(scenarioToJson(model->scenario())), QStringLiteral("typed.json"));
    ASSERT_TRUE(reopened.ok()) << reopened.error().describe().toStdString();
    EXPECT_TRUE(reopened.value() == model->scenario());
}

// Issue 25, item 6: an emoji at the 257th code unit was cut in half, saved as "?" and reopened
// different. Every setter cuts between whole characters as shown: never half of a surrogate
// pair, never an accent without its letter, never half of a flag.
TEST(AttentionModelEditing, LabelsAndNamesAreCutBetweenWholeCharacters)
{
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");                  // 2 code units
    const QString flag = QString::fromUtf8("\xF0\x9F\x87\xB9\xF0\x9F\x87\xBC");  // 2 code points
    const QString accented = QStringLiteral("e\u0301");                              // é as e + accent
    const int limit = ScenarioLimits::maxLabelChars;
    const struct {
        QString typed;
        QString kept;
    } cases[] = {
        {QString(limit - 1, QLatin1Char('x')) + emoji + QStringLiteral("tail"), QString(limit - 1, QLatin1Char('x'))},
        {QString(limit - 2, QLatin1Char('x')) + flag, QString(limit - 2, QLatin1Char('x'))},
        {QString(limit - 1, QLatin1Char('x')) + accented, QString(limit - 1, QLatin1Char('x'))},
        {QString(limit - 2, QLatin1Char('x')) + emoji + emoji, QString(limit - 2, QLatin1Char('x')) + emoji},
    };
    for (const auto &c : cases) {
        auto model = settledModel(threeQueries());
        ASSERT_TRUE(model->insertHead(1, model->scenario().head(0)) == std::nullopt);
        AttentionHead named = model->scenario().head(0);
        named.name = c.typed;
        ASSERT_TRUE(model->insertHead(2, named) == std::nullopt);
        model->setScenarioName(c.typed);
        model->setQueryLabel(0, c.typed);
        model->setKeyLabel(1, c.typed);
        model->insertQuery(1, model->scenario().queries.row(0), c.typed);
        model->insertKey(0, model->scenario().keys.row(0), model->scenario().values.row(0), c.typed);
        model->setHeadName(1, c.typed);
        settleEvents(3);
        const Scenario &now = model->wholeScenario();
        for (const QString &kept : {now.name, now.queryLabels.at(0), now.queryLabels.at(1), now.keyLabels.at(0),
                                    now.keyLabels.at(2), now.head(1).name, now.head(2).name}) {
            EXPECT_EQ(kept, c.kept) << kept.size();
            EXPECT_TRUE(kept.isValidUtf16());
        }
        const Result<Scenario> reopened =
            parseScenario(toJsonText(scenarioToJson(now)), QStringLiteral("typed.json"));
        ASSERT_TRUE(reopened.ok()) << reopened.error().describe().toStdString();
        EXPECT_TRUE(reopened.value() == now) << "what was typed reopens as it was";
    }
}

// ---- Queries ------------------------------------------------------------------------------------

TEST(AttentionModelEditing, InsertingAQueryInTheMiddleKeepsTheOtherRowsAndAllowsEveryKey)
{
    Scenario s = threeQueries();
    s.allowed = maskOf({{true, false, false}, {true, true, false}, {true, true, true}});
    auto model = settledModel(s);
    SignalLog log(*model);
    model->insertQuery(1, rowOf({0.5, -0.125}));
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"queryInserted(1)", "scenarioReset", "resultChanged"}));

    const Scenario &now = model->scenario();
    ASSERT_EQ(now.queryCount(), 4);
    EXPECT_TRUE(identicalMatrices(now.queries, matrixOf({{1, 0}, {0.5, -0.125}, {0, 1}, {-1, 0.25}})));
    EXPECT_TRUE(identicalMasks(now.allowed, maskOf({{true, false, false},
                                                    {true, true, true},
                                                    {true, true, false},
                                                    {true, true, true}})));
    EXPECT_EQ(now.queryLabels, (QStringList{"q1", "query 4", "q2", "q3"}));
    EXPECT_TRUE(identicalMatrices(now.keys, s.keys));
    EXPECT_TRUE(identicalMatrices(now.values, s.values));
    EXPECT_TRUE(showsResultOf(*model, now));
}

TEST(AttentionModelEditing, InsertedQueriesGetFreshNamesAndTheOthersKeepTheirs)
{
    Scenario s = threeQueries();
    s.queryLabels.clear();  // "query 1" .. "query 3", generated
    auto model = settledModel(s);
    model->insertQuery(0, rowOf({0, 0}));
    EXPECT_EQ(model->scenario().queryLabels, (QStringList{"query 4", "query 1", "query 2", "query 3"}));
    model->insertQuery(4, rowOf({0, 0}), QStringLiteral("last"));
    EXPECT_EQ(model->scenario().queryLabel(4), QStringLiteral("last"));
}

TEST(AttentionModelEditing, RemovingAQueryTakesItsMaskRow)
{
    Scenario s = threeQueries();
    s.allowed = maskOf({{true, false, false}, {false, true, false}, {false, false, true}});
    auto model = settledModel(s);
    SignalLog log(*model);
    EXPECT_FALSE(model->removeQuery(1).has_value());
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"queryRemoved(1)", "scenarioReset", "resultChanged"}));
    EXPECT_TRUE(identicalMatrices(model->scenario().queries, matrixOf({{1, 0}, {-1, 0.25}})));
    EXPECT_TRUE(identicalMasks(model->scenario().allowed, maskOf({{true, false, false}, {false, false, true}})));
    EXPECT_EQ(model->scenario().queryLabels, (QStringList{"q1", "q3"}));
    EXPECT_TRUE(showsResultOf(*model, model->scenario()));
}

TEST(AttentionModelEditing, TheLastQueryCannotBeRemoved)
{
    auto model = settledModel(test::notebookLessonScenario());
    SignalLog log(*model);
    EXPECT_TRUE(model->queryRemovalRefusal(0).has_value());
    const std::optional<Error> refusal = model->removeQuery(0);
    settleEvents(3);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(refusal->category, ErrorCategory::Empty);
    EXPECT_TRUE(refusal->message.contains(QStringLiteral("q"))) << refusal->message.toStdString();
    EXPECT_TRUE(log.entries.isEmpty());
    EXPECT_EQ(model->scenario(), test::notebookLessonScenario());
}

// ---- Keys and their values ------------------------------------------------------------------------

TEST(AttentionModelEditing, InsertingAKeyInsertsItsValueAndAnAllowedMaskColumn)
{
    Scenario s = threeQueries();
    s.allowed = maskOf({{true, false, false}, {true, true, false}, {true, true, true}});
    auto model = settledModel(s);
    SignalLog log(*model);
    model->insertKey(1, rowOf({-0.5, 2}), rowOf({3, -7}), QStringLiteral("memory X"));
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"keyInserted(1)", "scenarioReset", "resultChanged"}));
    const Scenario &now = model->scenario();
    EXPECT_TRUE(identicalMatrices(now.keys, matrixOf({{1, 0}, {-0.5, 2}, {0, 1}, {1, 1}})));
    EXPECT_TRUE(identicalMatrices(now.values, matrixOf({{10, 0}, {3, -7}, {0, 10}, {10, 10}})));
    EXPECT_EQ(now.keyLabels, (QStringList{"memory A", "memory X", "memory B", "memory C"}));
    EXPECT_TRUE(identicalMasks(now.allowed, maskOf({{true, true, false, false},
                                                    {true, true, true, false},
                                                    {true, true, true, true}})));
    EXPECT_TRUE(showsResultOf(*model, now));
    EXPECT_EQ(model->result()->weights.cols(), 4);
}

TEST(AttentionModelEditing, RemovingAKeyRemovesItsValueAndMaskColumn)
{
    Scenario s = threeQueries();
    s.allowed = maskOf({{true, true, false}, {true, true, true}, {false, true, true}});
    auto model = settledModel(s);
    SignalLog log(*model);
    EXPECT_FALSE(model->removeKey(0).has_value());
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"keyRemoved(0)", "scenarioReset", "resultChanged"}));
    const Scenario &now = model->scenario();
    EXPECT_TRUE(identicalMatrices(now.keys, matrixOf({{0, 1}, {1, 1}})));
    EXPECT_TRUE(identicalMatrices(now.values, matrixOf({{0, 10}, {10, 10}})));
    EXPECT_EQ(now.keyLabels, (QStringList{"memory B", "memory C"}));
    EXPECT_TRUE(identicalMasks(now.allowed, maskOf({{true, false}, {true, true}, {true, true}})));
    EXPECT_TRUE(showsResultOf(*model, now));
}

TEST(AttentionModelEditing, RemovingAKeyThatIsARowsOnlyAllowedKeyIsRefused)
{
    Scenario s = threeQueries();
    s.allowed = maskOf({{true, true, true}, {false, true, false}, {true, true, true}});
    auto model = settledModel(s);
    SignalLog log(*model);
    const std::optional<Error> refusal = model->removeKey(1);
    settleEvents(3);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(refusal->category, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(refusal->row, 1);
    EXPECT_TRUE(refusal->message.contains(QStringLiteral("row 2"))) << refusal->message.toStdString();
    EXPECT_TRUE(refusal->message.contains(QStringLiteral("memory B"))) << refusal->message.toStdString();
    EXPECT_TRUE(log.entries.isEmpty());
    EXPECT_EQ(model->scenario(), s);

    // Another key of that row can go.
    EXPECT_FALSE(model->removeKey(2).has_value());
    EXPECT_EQ(model->scenario().keyCount(), 2);
}

TEST(AttentionModelEditing, TheLastKeyCannotBeRemoved)
{
    Scenario s = test::notebookLessonScenario();
    s.keys = matrixOf({{1, 0}});
    s.values = matrixOf({{10, 0}});
    s.keyLabels = QStringList{QStringLiteral("only")};
    auto model = settledModel(s);
    SignalLog log(*model);
    const std::optional<Error> refusal = model->removeKey(0);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_EQ(refusal->category, ErrorCategory::Empty);
    settleEvents(3);
    EXPECT_TRUE(log.entries.isEmpty());
    EXPECT_EQ(model->scenario(), s);
}

TEST(AttentionModelEditing, InsertThenRemoveGivesBackTheSameDoubles)
{
    Scenario s = threeQueries();
    s.queries(2, 1) = 0.1 + 0.2;  // not a round number
    s.keys(1, 0) = -0.0;
    auto model = settledModel(s);
    model->insertKey(3, rowOf({7, 7}), rowOf({7, 7}));
    model->insertQuery(0, rowOf({7, 7}));
    ASSERT_FALSE(model->removeQuery(0).has_value());
    ASSERT_FALSE(model->removeKey(3).has_value());
    EXPECT_TRUE(identicalMatrices(model->scenario().queries, s.queries));
    EXPECT_TRUE(identicalMatrices(model->scenario().keys, s.keys));
    EXPECT_TRUE(identicalMatrices(model->scenario().values, s.values));
    EXPECT_EQ(model->scenario(), s);
}

// ---- Freshness --------------------------------------------------------------------------------

TEST(AttentionModelEditing, AViewRebuildingOnResetReadsTheNewShapesResult)
{
    // Views rebuild on scenarioReset and may read result() at once: it must be the new
    // scenario's, never the old one with the old number of keys.
    auto model = settledModel(threeQueries());
    QList<Index> keyColumnsSeen;
    QObject::connect(model.get(), &AttentionModel::scenarioReset, model.get(), [&] {
        const AttentionResult *result = model->result();
        keyColumnsSeen.append(result ? result->weights.cols() : -1);
    });
    model->insertKey(0, rowOf({0, 0}), rowOf({0, 0}));
    ASSERT_FALSE(model->removeKey(3).has_value());
    ASSERT_FALSE(model->removeKey(2).has_value());
    Scenario five = threeQueries();
    five.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}, {2, 2}, {3, 3}});
    five.values = five.keys;
    model->setScenario(five);
    EXPECT_EQ(keyColumnsSeen, (QList<Index>{4, 3, 2, 5}));
}

// ---- Dimensions ---------------------------------------------------------------------------------

TEST(AttentionModelEditing, GrowingDkPadsQueriesAndKeysWithZeros)
{
    auto model = settledModel(threeQueries());
    SignalLog log(*model);
    EXPECT_FALSE(model->setKeyDimension(4).has_value());
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"keyDimensionChanged(4)", "scenarioReset", "resultChanged"}));
    EXPECT_TRUE(identicalMatrices(model->scenario().queries,
                                  matrixOf({{1, 0, 0, 0}, {0, 1, 0, 0}, {-1, 0.25, 0, 0}})));
    EXPECT_TRUE(identicalMatrices(model->scenario().keys,
                                  matrixOf({{1, 0, 0, 0}, {0, 1, 0, 0}, {1, 1, 0, 0}})));
    EXPECT_TRUE(identicalMatrices(model->scenario().values, threeQueries().values));
    // Scores are divided by sqrt(4) now.
    EXPECT_TRUE(showsResultOf(*model, model->scenario()));
    EXPECT_EQ(model->result()->scores(0, 0), 0.5);
}

TEST(AttentionModelEditing, ShrinkingDkDropsTrailingColumns)
{
    auto model = settledModel(threeQueries());
    EXPECT_FALSE(model->setKeyDimension(1).has_value());
    EXPECT_TRUE(identicalMatrices(model->scenario().queries, matrixOf({{1}, {0}, {-1}})));
    EXPECT_TRUE(identicalMatrices(model->scenario().keys, matrixOf({{1}, {0}, {1}})));
    settleEvents(3);
    EXPECT_TRUE(showsResultOf(*model, model->scenario()));
}

TEST(AttentionModelEditing, DimensionBelowOneIsRefusedAndTheSameIsNoChange)
{
    auto model = settledModel(threeQueries());
    SignalLog log(*model);
    const std::optional<Error> refusal = model->setKeyDimension(0);
    ASSERT_TRUE(refusal.has_value());
    EXPECT_TRUE(refusal->message.contains(QStringLiteral("d_k")));
    EXPECT_TRUE(model->setValueDimension(0).has_value());
    EXPECT_FALSE(model->setKeyDimension(2).has_value());
    EXPECT_FALSE(model->setValueDimension(2).has_value());
    settleEvents(3);
    EXPECT_TRUE(log.entries.isEmpty());
    EXPECT_EQ(model->scenario(), threeQueries());
}

TEST(AttentionModelEditing, ChangingDvPadsOrDropsValueColumnsOnly)
{
    auto model = settledModel(threeQueries());
    SignalLog log(*model);
    EXPECT_FALSE(model->setValueDimension(3).has_value());
    EXPECT_TRUE(identicalMatrices(model->scenario().values, matrixOf({{10, 0, 0}, {0, 10, 0}, {10, 10, 0}})));
    EXPECT_FALSE(model->setValueDimension(1).has_value());
    settleEvents(3);
    EXPECT_EQ(log.entries, (QStringList{"valueDimensionChanged(3)", "scenarioReset",
                                        "valueDimensionChanged(1)", "scenarioReset", "resultChanged"}));
    EXPECT_TRUE(identicalMatrices(model->scenario().values, matrixOf({{10}, {0}, {10}})));
    EXPECT_TRUE(identicalMatrices(model->scenario().keys, threeQueries().keys));
    EXPECT_TRUE(showsResultOf(*model, model->scenario()));
    EXPECT_EQ(model->result()->context.cols(), 1);
}

} // namespace
} // namespace attnlens
