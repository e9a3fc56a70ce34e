#include "attention.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QSignalSpy>
#include <QStringList>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <memory>
#include <tuple>

namespace attnlens {
namespace {

using test::matricesIdentical;
using test::matrixOf;
using test::settleEvents;
using test::maskOf;

// The three-query scenario of the notebook: rows and keys with distinct indices, so a signal
// carrying the wrong row is caught.
Scenario threeQueries()
{
    Scenario s = test::notebookLessonScenario();
    s.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0}});
    s.queryLabels = QStringList{QStringLiteral("q1"), QStringLiteral("q2"), QStringLiteral("q3")};
    return s;
}

// Records every signal of a model, in order.
class ModelRecorder {
public:
    explicit ModelRecorder(AttentionModel &model)
        : scenarioReset(&model, &AttentionModel::scenarioReset),
          queryChanged(&model, &AttentionModel::queryChanged),
          keyChanged(&model, &AttentionModel::keyChanged),
          valueChanged(&model, &AttentionModel::valueChanged),
          temperatureChanged(&model, &AttentionModel::temperatureChanged),
          maskChanged(&model, &AttentionModel::maskChanged),
          resultChanged(&model, &AttentionModel::resultChanged)
    {
        const auto record = [this](const char *name) { return [this, name]() { order.append(QLatin1String(name)); }; };
        QObject::connect(&model, &AttentionModel::scenarioReset, &model, record("scenarioReset"));
        QObject::connect(&model, &AttentionModel::queryChanged, &model, record("queryChanged"));
        QObject::connect(&model, &AttentionModel::keyChanged, &model, record("keyChanged"));
        QObject::connect(&model, &AttentionModel::valueChanged, &model, record("valueChanged"));
        QObject::connect(&model, &AttentionModel::temperatureChanged, &model, record("temperatureChanged"));
        QObject::connect(&model, &AttentionModel::maskChanged, &model, record("maskChanged"));
        QObject::connect(&model, &AttentionModel::resultChanged, &model, record("resultChanged"));
    }

    int total() const
    {
        return int(scenarioReset.count() + queryChanged.count() + keyChanged.count() + valueChanged.count()
                   + temperatureChanged.count() + maskChanged.count() + resultChanged.count());
    }

    void clear()
    {
        for (QSignalSpy *spy : {&scenarioReset, &queryChanged, &keyChanged, &valueChanged,
                                &temperatureChanged, &maskChanged, &resultChanged})
            spy->clear();
        order.clear();
    }

    QSignalSpy scenarioReset;
    QSignalSpy queryChanged;
    QSignalSpy keyChanged;
    QSignalSpy valueChanged;
    QSignalSpy temperatureChanged;
    QSignalSpy maskChanged;
    QSignalSpy resultChanged;
    QStringList order;
};

// A model holding the scenario with its first recompute done and every signal drained.
std::unique_ptr<AttentionModel> settledModel(const Scenario &scenario)
{
    auto model = std::make_unique<AttentionModel>();
    model->setScenario(scenario);
    settleEvents(3);
    return model;
}

::testing::AssertionResult showsResultOf(const AttentionModel &model, const Scenario &scenario)
{
    const Result<AttentionResult> expected = computeAttention(scenario);
    if (!expected.ok())
        return ::testing::AssertionFailure() << "the reference scenario is refused";
    const AttentionResult *actual = model.result();
    if (!actual)
        return ::testing::AssertionFailure() << "the model shows no result: "
                                             << model.error()->describe().toStdString();
    for (auto [a, e, name] : {std::tuple{&actual->scores, &expected.value().scores, "scores"},
                              std::tuple{&actual->weights, &expected.value().weights, "weights"},
                              std::tuple{&actual->context, &expected.value().context, "context"}}) {
        const ::testing::AssertionResult same = matricesIdentical(*a, *e);
        if (!same)
            return ::testing::AssertionFailure() << name << ": " << same.message();
    }
    return ::testing::AssertionSuccess();
}

// ---- Initial state, scenario replacement ------------------------------------------------------

TEST(AttentionModel, NewModelIsEmptyAndRefused)
{
    AttentionModel model;
    EXPECT_EQ(model.result(), nullptr);
    EXPECT_FALSE(model.isValid());
    ASSERT_TRUE(model.error().has_value());
    EXPECT_EQ(model.error()->category, ErrorCategory::Empty);
}

TEST(AttentionModel, SetScenarioResetsThenPublishesOneResult)
{
    AttentionModel model;
    ModelRecorder spies(model);
    model.setScenario(threeQueries());
    EXPECT_EQ(spies.scenarioReset.count(), 1);
    EXPECT_EQ(spies.resultChanged.count(), 0) << "the recompute waits for the event loop";

    ASSERT_TRUE(spies.resultChanged.wait(1000));
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
    EXPECT_EQ(spies.order, (QStringList{"scenarioReset", "resultChanged"}));
    EXPECT_TRUE(model.scenario() == threeQueries());
    EXPECT_TRUE(showsResultOf(model, threeQueries()));
    EXPECT_FALSE(model.error().has_value());
}

TEST(AttentionModel, SetScenarioWithTheSameScenarioDoesNothing)
{
    const auto model = settledModel(threeQueries());
    const quint64 computed = model->computeCount();
    ModelRecorder spies(*model);
    model->setScenario(threeQueries());
    settleEvents(3);
    EXPECT_EQ(spies.total(), 0) << spies.order.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(model->computeCount(), computed);
}

TEST(AttentionModel, SetScenarioChangesShapes)
{
    const auto model = settledModel(threeQueries());
    Scenario bigger;
    bigger.queries = Matrix::Random(5, 4);
    bigger.keys = Matrix::Random(7, 4);
    bigger.values = Matrix::Random(7, 3);
    model->setScenario(bigger);
    ASSERT_NE(model->result(), nullptr);
    EXPECT_EQ(model->result()->weights.rows(), 5);
    EXPECT_EQ(model->result()->weights.cols(), 7);
    EXPECT_EQ(model->result()->context.cols(), 3);
    EXPECT_TRUE(showsResultOf(*model, bigger));
}

// ---- One setter at a time ----------------------------------------------------------------------

TEST(AttentionModel, SetQueryRowEmitsItsRowThenOneResult)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    Eigen::RowVectorXd query(2);
    query << 0.5, -2;
    model->setQueryRow(2, query);
    ASSERT_EQ(spies.queryChanged.count(), 1);
    EXPECT_EQ(spies.queryChanged.at(0).at(0).toInt(), 2);
    ASSERT_TRUE(spies.resultChanged.wait(1000));
    settleEvents(3);
    EXPECT_EQ(spies.order, (QStringList{"queryChanged", "resultChanged"}));
    EXPECT_TRUE(identicalMatrices(model->scenario().queries.row(2), query));

    Scenario expected = threeQueries();
    expected.queries.row(2) = query;
    EXPECT_TRUE(showsResultOf(*model, expected));
}

TEST(AttentionModel, SetKeyRowEmitsItsRow)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    Eigen::RowVectorXd key(2);
    key << -1, 3;
    model->setKeyRow(1, key);
    ASSERT_EQ(spies.keyChanged.count(), 1);
    EXPECT_EQ(spies.keyChanged.at(0).at(0).toInt(), 1);
    settleEvents(3);
    EXPECT_EQ(spies.order, (QStringList{"keyChanged", "resultChanged"}));
    Scenario expected = threeQueries();
    expected.keys.row(1) = key;
    EXPECT_TRUE(showsResultOf(*model, expected));
}

TEST(AttentionModel, SetValueRowEmitsItsRow)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    Eigen::RowVectorXd value(2);
    value << 100, 100;
    model->setValueRow(1, value);
    ASSERT_EQ(spies.valueChanged.count(), 1);
    EXPECT_EQ(spies.valueChanged.at(0).at(0).toInt(), 1);
    settleEvents(3);
    EXPECT_EQ(spies.order, (QStringList{"valueChanged", "resultChanged"}));
    Scenario expected = threeQueries();
    expected.values.row(1) = value;
    EXPECT_TRUE(showsResultOf(*model, expected));
}

TEST(AttentionModel, SetTemperatureEmitsTheNewValue)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    model->setTemperature(0.5);
    ASSERT_EQ(spies.temperatureChanged.count(), 1);
    EXPECT_EQ(spies.temperatureChanged.at(0).at(0).toDouble(), 0.5);
    settleEvents(3);
    EXPECT_EQ(spies.order, (QStringList{"temperatureChanged", "resultChanged"}));
    Scenario expected = threeQueries();
    expected.temperature = 0.5;
    EXPECT_TRUE(showsResultOf(*model, expected));
}

TEST(AttentionModel, SetMaskCellCreatesAMaskWithOnlyThatCellOff)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    model->setMaskCell(1, 2, false);
    EXPECT_EQ(spies.maskChanged.count(), 1);
    ASSERT_TRUE(model->scenario().allowed.has_value());
    EXPECT_EQ(*model->scenario().allowed,
              maskOf({{true, true, true}, {true, true, false}, {true, true, true}}));
    settleEvents(3);
    EXPECT_EQ(spies.order, (QStringList{"maskChanged", "resultChanged"}));
    ASSERT_NE(model->result(), nullptr);
    EXPECT_EQ(model->result()->weights(1, 2), 0.0);
    EXPECT_NEAR(model->result()->weights.row(1).sum(), 1.0, 1e-15);
}

TEST(AttentionModel, SetMaskReplacesOrRemovesTheMask)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    const Mask causal = causalMask(3, 3);
    model->setMask(causal);
    EXPECT_EQ(spies.maskChanged.count(), 1);
    model->setMask(causal);
    EXPECT_EQ(spies.maskChanged.count(), 1) << "the same mask again is no change";
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
    ASSERT_NE(model->result(), nullptr);
    EXPECT_TRUE(matricesIdentical(model->result()->weights.row(0), matrixOf({{1, 0, 0}})));

    model->setMask(std::nullopt);
    EXPECT_EQ(spies.maskChanged.count(), 2);
    EXPECT_FALSE(model->scenario().allowed.has_value());
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 2);
    EXPECT_TRUE(showsResultOf(*model, threeQueries()));
}

// ---- Early returns ------------------------------------------------------------------------------

TEST(AttentionModel, SettersReturnEarlyWhenNothingChanges)
{
    const Scenario s = threeQueries();
    const auto model = settledModel(s);
    const quint64 computed = model->computeCount();
    ModelRecorder spies(*model);

    model->setQueryRow(1, s.queries.row(1));
    model->setKeyRow(2, s.keys.row(2));
    model->setValueRow(0, s.values.row(0));
    model->setTemperature(s.temperature);
    model->setMaskCell(0, 0, true);  // every key is allowed already
    model->setMask(std::nullopt);
    settleEvents(3);

    EXPECT_EQ(spies.total(), 0) << spies.order.join(QStringLiteral(", ")).toStdString();
    EXPECT_EQ(model->computeCount(), computed);
    EXPECT_FALSE(model->scenario().allowed.has_value()) << "allowing an allowed cell created a mask";
}

TEST(AttentionModel, EarlyReturnComparesBitsSoNaNIsNoChangeTwice)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    model->setTemperature(std::numeric_limits<double>::quiet_NaN());
    model->setTemperature(std::numeric_limits<double>::quiet_NaN());
    EXPECT_EQ(spies.temperatureChanged.count(), 1);
    Eigen::RowVectorXd row(2);
    row << 2, std::numeric_limits<double>::quiet_NaN();
    model->setKeyRow(0, row);
    model->setKeyRow(0, row);
    EXPECT_EQ(spies.keyChanged.count(), 1);
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
}

TEST(AttentionModel, ChangingAndRestoringStillRecomputes)
{
    // Two real changes that cancel out are still changes: the named signals fire both times,
    // and the one recompute shows the original result.
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    model->setTemperature(3.0);
    model->setTemperature(1.0);
    EXPECT_EQ(spies.temperatureChanged.count(), 2);
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
    EXPECT_TRUE(showsResultOf(*model, threeQueries()));
}

// ---- Coalescing and freshness -----------------------------------------------------------------

TEST(AttentionModel, BurstOfSettersGivesOneRecomputeAndOneResultChanged)
{
    const auto model = settledModel(threeQueries());
    const quint64 computed = model->computeCount();
    ModelRecorder spies(*model);

    Scenario expected = threeQueries();
    for (Index i = 0; i < 3; ++i) {
        Eigen::RowVectorXd query(2);
        query << 0.25 * double(i + 1), -1.0 * double(i);
        model->setQueryRow(i, query);
        expected.queries.row(i) = query;
    }
    Eigen::RowVectorXd key(2);
    key << 2, 2;
    model->setKeyRow(0, key);
    expected.keys.row(0) = key;
    Eigen::RowVectorXd value(2);
    value << -5, 5;
    model->setValueRow(2, value);
    expected.values.row(2) = value;
    for (double t : {0.9, 0.8, 0.7}) {
        model->setTemperature(t);
        expected.temperature = t;
    }
    model->setMaskCell(2, 0, false);
    expected.allowed = maskOf({{true, true, true}, {true, true, true}, {false, true, true}});

    EXPECT_EQ(spies.queryChanged.count(), 3);
    EXPECT_EQ(spies.keyChanged.count(), 1);
    EXPECT_EQ(spies.valueChanged.count(), 1);
    EXPECT_EQ(spies.temperatureChanged.count(), 3);
    EXPECT_EQ(spies.maskChanged.count(), 1);
    EXPECT_EQ(spies.resultChanged.count(), 0);
    EXPECT_EQ(model->computeCount(), computed) << "nothing is computed before the event loop runs";

    ASSERT_TRUE(spies.resultChanged.wait(1000));
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
    EXPECT_EQ(model->computeCount(), computed + 1);
    EXPECT_EQ(spies.order.last(), QStringLiteral("resultChanged"));
    EXPECT_TRUE(model->scenario() == expected);
    EXPECT_TRUE(showsResultOf(*model, expected));
}

TEST(AttentionModel, ResultReadBeforeTheEventLoopIsNotStale)
{
    const auto model = settledModel(threeQueries());
    const quint64 computed = model->computeCount();
    ModelRecorder spies(*model);

    model->setTemperature(0.25);
    Scenario expected = threeQueries();
    expected.temperature = 0.25;
    // Read at once, in the same event-loop turn as the change.
    EXPECT_TRUE(showsResultOf(*model, expected));
    EXPECT_EQ(model->computeCount(), computed + 1);

    // The announcement still follows, without computing the same thing twice.
    ASSERT_TRUE(spies.resultChanged.wait(1000));
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1);
    EXPECT_EQ(model->computeCount(), computed + 1);

    // A second change after the read is computed again.
    model->setTemperature(4.0);
    expected.temperature = 4.0;
    EXPECT_TRUE(showsResultOf(*model, expected));
    EXPECT_EQ(model->computeCount(), computed + 2);
}

TEST(AttentionModel, ErrorReadBeforeTheEventLoopIsNotStale)
{
    const auto model = settledModel(threeQueries());
    model->setTemperature(0.0);
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::NonpositiveTemperature);
    EXPECT_EQ(model->result(), nullptr);
}

TEST(AttentionModel, ResultChangedHandlersSeeTheNewResult)
{
    const auto model = settledModel(threeQueries());
    double seenWeight = -1;
    QObject::connect(model.get(), &AttentionModel::resultChanged, model.get(), [&]() {
        seenWeight = model->result() ? model->result()->weights(0, 1) : -2;
    });
    Eigen::RowVectorXd key(2);
    key << 50, 0;
    model->setKeyRow(1, key);  // key B now dominates query 1
    settleEvents(3);
    EXPECT_GT(seenWeight, 0.99);
}

// ---- Error state ---------------------------------------------------------------------------------

TEST(AttentionModel, RefusedScenarioExposesTheErrorAndNoResult)
{
    const auto model = settledModel(threeQueries());
    ModelRecorder spies(*model);
    model->setTemperature(-1.0);
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 1) << "views must hear about the error too";
    EXPECT_EQ(model->result(), nullptr);
    EXPECT_FALSE(model->isValid());
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::NonpositiveTemperature);
    EXPECT_TRUE(model->error()->message.contains(QStringLiteral("-1")));

    model->setTemperature(1.0);
    settleEvents(3);
    EXPECT_EQ(spies.resultChanged.count(), 2);
    EXPECT_TRUE(model->isValid());
    EXPECT_FALSE(model->error().has_value());
    EXPECT_TRUE(showsResultOf(*model, threeQueries()));
}

TEST(AttentionModel, MaskingTheLastKeyOfARowIsAnAllMaskedRowError)
{
    const auto model = settledModel(threeQueries());
    model->setMaskCell(1, 0, false);
    model->setMaskCell(1, 1, false);
    EXPECT_TRUE(model->isValid());
    model->setMaskCell(1, 2, false);
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(model->error()->row, 1);
    EXPECT_TRUE(model->error()->message.contains(QStringLiteral("q2")));
    EXPECT_EQ(model->result(), nullptr);
}

TEST(AttentionModel, NonFiniteEntryNamesItsCell)
{
    const auto model = settledModel(threeQueries());
    Eigen::RowVectorXd value(2);
    value << 1, std::numeric_limits<double>::infinity();
    model->setValueRow(2, value);
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::NonFiniteInput);
    EXPECT_EQ(model->error()->row, 2);
    EXPECT_EQ(model->error()->column, 1);
}

// ---- Last allowed key ----------------------------------------------------------------------------

TEST(AttentionModel, IsLastAllowedKey)
{
    const auto model = settledModel(threeQueries());
    // Without a mask no key is the last one.
    for (Index i = 0; i < 3; ++i)
        for (Index j = 0; j < 3; ++j)
            EXPECT_FALSE(model->isLastAllowedKey(i, j));

    model->setMaskCell(0, 0, false);
    EXPECT_FALSE(model->isLastAllowedKey(0, 1));
    model->setMaskCell(0, 1, false);
    EXPECT_TRUE(model->isLastAllowedKey(0, 2));
    EXPECT_FALSE(model->isLastAllowedKey(0, 0)) << "a masked cell is not an allowed key";
    EXPECT_FALSE(model->isLastAllowedKey(1, 2)) << "other rows are unaffected";

    model->setMask(causalMask(3, 3));
    EXPECT_TRUE(model->isLastAllowedKey(0, 0));
    EXPECT_FALSE(model->isLastAllowedKey(1, 0));
    EXPECT_FALSE(model->isLastAllowedKey(2, 2));
}

// ---- A query drag at many tokens recomputes only the moved row ---------------------------------

Scenario manyTokenScenario(Index n)
{
    Scenario s;
    s.queries.resize(n, 16);
    s.keys.resize(n, 16);
    s.values.resize(n, 8);
    for (Index i = 0; i < n; ++i) {
        for (Index c = 0; c < 16; ++c) {
            s.queries(i, c) = std::sin(0.37 * double(i) + 1.1 * double(c));
            s.keys(i, c) = std::cos(0.23 * double(i) - 0.7 * double(c));
        }
        for (Index c = 0; c < 8; ++c)
            s.values(i, c) = std::sin(0.05 * double(i * c) + 0.3);
    }
    s.allowed = causalMask(n, n);
    return s;
}

TEST(AttentionModel, MovingQueriesKeepsTheResultEqualToAFullRecompute)
{
    AttentionModel model;
    model.setScenario(manyTokenScenario(200));
    ASSERT_NE(model.result(), nullptr);
    QSignalSpy results(&model, &AttentionModel::resultChanged);
    for (int move = 0; move < 20; ++move) {
        Eigen::RowVectorXd query = model.scenario().queries.row(150);
        query(0) += 0.25;
        query(3) -= 0.125;
        model.setQueryRow(150, query);
        if (move % 5 == 0)
            model.setQueryRow(7, -model.scenario().queries.row(7));
        QCoreApplication::processEvents();
        const Result<AttentionResult> full = computeAttention(model.scenario());
        ASSERT_TRUE(full.ok());
        ASSERT_NE(model.result(), nullptr);
        EXPECT_TRUE(test::matricesClose(model.result()->scores, full.value().scores, 1e-12, 1e-13));
        EXPECT_TRUE(test::matricesClose(model.result()->weights, full.value().weights, 1e-12, 1e-15));
        EXPECT_TRUE(test::matricesClose(model.result()->context, full.value().context, 1e-12, 1e-13));
        // Masked weights stay exact zeros on the row-by-row route too.
        EXPECT_EQ(model.result()->weights(150, 151), 0.0);
    }
    EXPECT_EQ(results.count(), 20);
}

TEST(AttentionModel, AMovedQueryThatBecomesNonFiniteIsRefusedAndRecovers)
{
    AttentionModel model;
    model.setScenario(manyTokenScenario(100));
    ASSERT_NE(model.result(), nullptr);
    Eigen::RowVectorXd bad = model.scenario().queries.row(40);
    bad(2) = std::numeric_limits<double>::infinity();
    model.setQueryRow(40, bad);
    ASSERT_EQ(model.result(), nullptr);
    EXPECT_EQ(model.error()->category, ErrorCategory::NonFiniteInput);
    EXPECT_EQ(model.error()->row, 40);
    EXPECT_EQ(model.error()->column, 2);

    bad(2) = 0.5;
    model.setQueryRow(40, bad);
    ASSERT_NE(model.result(), nullptr);
    EXPECT_TRUE(matricesIdentical(model.result()->weights, computeAttention(model.scenario()).value().weights));
}

} // namespace
} // namespace attnlens
