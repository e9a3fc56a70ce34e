#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "keyspaceview.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "temperaturepanel.h"
#include "undorecorder.h"
#include "undorowcommand.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QSignalBlocker>
#include <QSignalSpy>
#include <QSlider>
#include <QStyle>
#include <QStyleOptionSlider>
#include <QTest>
#include <QUndoStack>

#include "../support/widgetgestures.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::notebookLessonScenario;

// Every undoable change of the model: recorded as one step, undone and redone to the exact
// doubles, with the model's own signals.
namespace {

using test::matrixOf;
using test::rowOf;

Scenario threeQueries()
{
    Scenario s = notebookLessonScenario();
    s.name = QStringLiteral("three");
    s.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0.25}});
    s.queryLabels = QStringList{QStringLiteral("q1"), QStringLiteral("q2"), QStringLiteral("q3")};
    return s;
}

/// A model holding `scenario` (its first load is the baseline, not an undo step) and a recorder.
struct Fixture {
    explicit Fixture(const Scenario &scenario)
    {
        model.setScenario(scenario);
        settleEvents();
    }
    AttentionModel model;
    UndoRecorder recorder{&model};
    QUndoStack *stack() const { return recorder.undoStack(); }
};

// ---- Rows ---------------------------------------------------------------------------------------

TEST(UndoRecorder, TheFirstLoadIsTheBaselineNotAStep)
{
    AttentionModel model;
    UndoRecorder recorder(&model);
    model.setScenario(notebookLessonScenario());
    EXPECT_EQ(recorder.undoStack()->count(), 0);
    EXPECT_FALSE(recorder.undoStack()->canUndo());
}

TEST(UndoRecorder, QueryKeyAndValueRowEditsUndoAndRedoToTheExactDoubles)
{
    Fixture f(notebookLessonScenario());
    const Eigen::RowVectorXd odd = rowOf({0.1 + 0.2, -0.0});
    f.model.setQueryRow(0, odd);
    f.model.setKeyRow(2, rowOf({1e-300, 3.0 / 7.0}));
    f.model.setValueRow(1, rowOf({-2.5, 1.0 / 3.0}));
    ASSERT_EQ(f.stack()->count(), 3);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Edit query q"));
    EXPECT_EQ(f.stack()->text(1), QStringLiteral("Edit key memory C"));
    EXPECT_EQ(f.stack()->text(2), QStringLiteral("Edit value memory B"));
    const Scenario edited = f.model.scenario();

    QSignalSpy queries(&f.model, &AttentionModel::queryChanged);
    QSignalSpy keys(&f.model, &AttentionModel::keyChanged);
    QSignalSpy values(&f.model, &AttentionModel::valueChanged);
    QSignalSpy resets(&f.model, &AttentionModel::scenarioReset);
    f.stack()->undo();
    ASSERT_EQ(values.count(), 1);
    EXPECT_EQ(values.at(0).at(0).toInt(), 1);
    f.stack()->undo();
    ASSERT_EQ(keys.count(), 1);
    EXPECT_EQ(keys.at(0).at(0).toInt(), 2);
    f.stack()->undo();
    ASSERT_EQ(queries.count(), 1);
    EXPECT_EQ(queries.at(0).at(0).toInt(), 0);
    EXPECT_EQ(resets.count(), 0) << "a row edit is undone row by row";
    EXPECT_EQ(f.model.scenario(), notebookLessonScenario());
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries, notebookLessonScenario().queries));
    EXPECT_EQ(f.stack()->count(), 3) << "undo itself is not recorded";

    f.stack()->redo();
    f.stack()->redo();
    f.stack()->redo();
    EXPECT_EQ(queries.count(), 2);
    EXPECT_EQ(keys.count(), 2);
    EXPECT_EQ(values.count(), 2);
    EXPECT_EQ(f.model.scenario(), edited);
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries.row(0), odd));
    EXPECT_EQ(f.stack()->count(), 3);
    settleEvents();
    EXPECT_TRUE(f.model.isValid());
}

TEST(UndoRecorder, ChangesInOneEditAreOneStepAndAReturnToTheStartIsNone)
{
    Fixture f(notebookLessonScenario());
    f.model.beginEdit(QStringLiteral("Drag query q"));
    for (int i = 1; i <= 20; ++i)
        f.model.setQueryRow(0, rowOf({1.0 - 0.05 * i, 0.03 * i}));
    EXPECT_EQ(f.stack()->count(), 0) << "nothing is recorded before the edit ends";
    f.model.endEdit();
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Drag query q"));
    const Eigen::RowVectorXd end = f.model.scenario().queries.row(0);
    f.stack()->undo();
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries, notebookLessonScenario().queries));
    f.stack()->redo();
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries.row(0), end));

    // Out and back to exactly where it started: nothing to undo.
    f.model.beginEdit(QStringLiteral("Drag query q"));
    f.model.setQueryRow(0, rowOf({5, 5}));
    f.model.setQueryRow(0, end);
    f.model.endEdit();
    EXPECT_EQ(f.stack()->count(), 1);

    // The next edit is a step of its own.
    f.model.beginEdit(QStringLiteral("Drag query q"));
    f.model.setQueryRow(0, rowOf({2, 2}));
    f.model.endEdit();
    EXPECT_EQ(f.stack()->count(), 2);
}

TEST(UndoRecorder, ADragStepOfA512TokenScenarioStoresOnlyTheMovedRow)
{
    Scenario big;
    std::mt19937 rng(7);
    std::normal_distribution<double> normal;
    big.queries = Matrix(512, 64);
    big.keys = Matrix(512, 64);
    big.values = Matrix(512, 64);
    for (Matrix *m : {&big.queries, &big.keys, &big.values})
        for (Index i = 0; i < m->size(); ++i)
            m->data()[i] = normal(rng);
    Fixture f(big);
    f.model.beginEdit(QStringLiteral("Drag query 300"));
    for (int step = 0; step < 50; ++step) {
        Eigen::RowVectorXd row = f.model.scenario().queries.row(300);
        row(0) += 0.01;
        f.model.setQueryRow(300, row);
    }
    f.model.endEdit();
    ASSERT_EQ(f.stack()->count(), 1);
    const auto *command = dynamic_cast<const UndoRowCommand *>(f.stack()->command(0));
    ASSERT_NE(command, nullptr) << "a drag must not store whole matrices";
    EXPECT_EQ(command->row(), 300);
    EXPECT_EQ(command->before().size(), 64);
    f.stack()->undo();
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries, big.queries));
}

TEST(UndoRecorder, AnEditOfRowsTemperatureAndMaskIsOneStepUndoneBitForBit)
{
    Fixture f(threeQueries());
    const Scenario start = f.model.scenario();
    {
        const AttentionModel::EditScope outer(&f.model, QStringLiteral("Lesson step"));
        f.model.setQueryRow(2, rowOf({0.1 + 0.2, -0.0}));
        {
            const AttentionModel::EditScope inner(&f.model, QStringLiteral("inner"));
            f.model.setKeyRow(0, rowOf({1e-300, 3.0 / 7.0}));
            f.model.setValueRow(1, rowOf({-2.5, 1.0 / 3.0}));
        }
        f.model.setTemperature(0.1 + 0.2);
        f.model.setMaskCell(1, 2, false);
        EXPECT_EQ(f.stack()->count(), 0);
    }
    const Scenario after = f.model.scenario();
    ASSERT_EQ(f.stack()->count(), 1) << "nested edits are one step";
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Lesson step"));
    QSignalSpy resets(&f.model, &AttentionModel::scenarioReset);
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), start);
    EXPECT_EQ(resets.count(), 0) << "undone row by row, not by replacing the scenario";
    f.stack()->redo();
    EXPECT_EQ(f.model.scenario(), after);
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 0.1 + 0.2));
}

TEST(UndoRecorder, AStructuralChangeInsideAnEditRecordsTheWholeScenario)
{
    Fixture f(threeQueries());
    const Scenario start = f.model.scenario();
    f.model.beginEdit(QStringLiteral("Try a fourth key"));
    f.model.setQueryRow(0, rowOf({0.5, 0.5}));
    f.model.insertKey(3, rowOf({-1, 1}), rowOf({7, -0.0}));
    f.model.setKeyRow(3, rowOf({-2, 2}));
    f.model.endEdit();
    const Scenario after = f.model.scenario();
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Try a fourth key"));
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), start);
    f.stack()->redo();
    EXPECT_EQ(f.model.scenario(), after);
}

TEST(UndoRecorder, AnUndoDuringAnOpenEditKeepsTheHistoryInStep)
{
    Fixture f(threeQueries());
    const Scenario start = f.model.scenario();
    f.model.setTemperature(2.0);
    const Scenario warm = f.model.scenario();
    f.model.beginEdit(QStringLiteral("Drag query q1"));
    f.model.setQueryRow(0, rowOf({0.25, 0.75}));
    f.stack()->undo();  // Ctrl+Z while the mouse is still down
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 1.0));
    f.model.setQueryRow(0, rowOf({0.5, 0.75}));
    f.model.endEdit();
    const Scenario dragged = f.model.scenario();
    ASSERT_EQ(f.stack()->count(), 1) << "the drag replaced the undone temperature step";
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Drag query q1"));
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), start);
    f.stack()->redo();
    EXPECT_EQ(f.model.scenario(), dragged);
    EXPECT_NE(dragged, warm);
}

TEST(UndoRecorder, AChangeTheRecorderDidNotSeeIsKeptAsAStepOfItsOwn)
{
    Fixture f(threeQueries());
    const Scenario start = f.model.scenario();
    {
        // A change whose signal never arrives: the recorder's record falls out of step.
        const QSignalBlocker silence(&f.model);
        f.model.setKeyRow(1, rowOf({9, 9}));
    }
    const Scenario unseen = f.model.scenario();
    f.model.beginEdit(QStringLiteral("Drag query q1"));
    f.model.setQueryRow(0, rowOf({0.25, 0.75}));
    f.model.endEdit();
    ASSERT_EQ(f.stack()->count(), 2) << "nothing is dropped or folded into the drag";
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Change scenario"));
    EXPECT_EQ(f.stack()->text(1), QStringLiteral("Drag query q1"));
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), unseen);
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), start);
}

// ---- Temperature --------------------------------------------------------------------------------

TEST(UndoRecorder, TemperatureChangesInOneEditAreOneStep)
{
    Fixture f(notebookLessonScenario());
    f.model.beginEdit(QStringLiteral("Set temperature to 0.3"));
    f.model.setTemperature(0.9);
    f.model.setTemperature(0.5);
    f.model.setTemperature(0.1 + 0.2);
    f.model.endEdit();
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Set temperature to 0.3"));
    QSignalSpy temperature(&f.model, &AttentionModel::temperatureChanged);
    f.stack()->undo();
    ASSERT_EQ(temperature.count(), 1);
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 1.0));
    f.stack()->redo();
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 0.1 + 0.2));

    // Outside any edit, each change is a step of its own, named by what it changed.
    f.model.setTemperature(2.0);
    f.model.setTemperature(4.0);
    ASSERT_EQ(f.stack()->count(), 3);
    EXPECT_EQ(f.stack()->text(1), QStringLiteral("Temperature 0.3 \u2192 2"));
    EXPECT_EQ(f.stack()->text(2), QStringLiteral("Temperature 2 \u2192 4"));
    f.stack()->undo();
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 2.0));
    f.stack()->undo();
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 0.1 + 0.2));
}

TEST(UndoRecorder, AChangeAfterAnUndoReplacesTheUndoneStep)
{
    Fixture f(notebookLessonScenario());
    f.model.setTemperature(0.5);
    f.stack()->undo();
    f.model.setTemperature(0.7);
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Temperature 1 \u2192 0.7"));
}

TEST(UndoRecorder, ASlideOfTheTemperatureSliderIsOneStep)
{
    Fixture f(notebookLessonScenario());
    ViewState viewState;
    TemperaturePanel panel(&f.model, &viewState);
    panel.resize(700, 120);
    panel.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
    settleEvents();

    auto *slider = panel.findChild<QSlider *>(QStringLiteral("temperatureSlider"));
    ASSERT_NE(slider, nullptr);
    const QPoint handle = attnlens::test::sliderHandleCentre(slider);
    QTest::mousePress(slider, Qt::LeftButton, Qt::NoModifier, handle);
    for (int dx = 10; dx <= 120; dx += 10) {
        QTest::mouseMove(slider, handle + QPoint(dx, 0));
        QCoreApplication::processEvents();  // each move handled before the next
    }
    QTest::mouseRelease(slider, Qt::LeftButton, Qt::NoModifier, handle + QPoint(120, 0));
    settleEvents();

    const double end = f.model.scenario().temperature;
    EXPECT_GT(end, 1.5) << "the slide moved T";
    ASSERT_EQ(f.stack()->count(), 1);
    f.stack()->undo();
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, 1.0));
    f.stack()->redo();
    EXPECT_TRUE(identicalDoubles(f.model.scenario().temperature, end));
}

// ---- Mask ---------------------------------------------------------------------------------------

TEST(UndoRecorder, MaskTogglesAndPresetsUndoToTheExactMask)
{
    Fixture f(threeQueries());
    f.model.setMaskCell(0, 1, false);
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Block q1 \u2192 memory B"));
    f.model.setMask(causalMask(3, 3));
    EXPECT_EQ(f.stack()->text(1), QStringLiteral("Causal mask"));
    f.model.setMask(std::nullopt);
    EXPECT_EQ(f.stack()->text(2), QStringLiteral("Allow every key"));

    QSignalSpy mask(&f.model, &AttentionModel::maskChanged);
    f.stack()->undo();
    EXPECT_TRUE(identicalMasks(f.model.scenario().allowed, causalMask(3, 3)));
    f.stack()->undo();
    Mask oneOff = Mask::Constant(3, 3, true);
    oneOff(0, 1) = false;
    EXPECT_TRUE(identicalMasks(f.model.scenario().allowed, oneOff));
    f.stack()->undo();
    EXPECT_FALSE(f.model.scenario().allowed.has_value()) << "no mask at all, as at the start";
    EXPECT_EQ(mask.count(), 3);
    EXPECT_EQ(f.model.scenario(), threeQueries());

    for (int i = 0; i < 3; ++i)
        f.stack()->redo();
    EXPECT_FALSE(f.model.scenario().allowed.has_value());
    f.stack()->undo();
    EXPECT_TRUE(identicalMasks(f.model.scenario().allowed, causalMask(3, 3)));
}

TEST(UndoRecorder, PaintingMaskCellsWithOnePressIsOneStep)
{
    Fixture f(threeQueries());
    ViewState viewState;
    MaskGridView view(&f.model, &viewState);
    view.resize(600, 400);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    settleEvents();

    MaskGridCanvas *grid = view.grid();
    QTest::mousePress(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 1).center());
    QTest::mouseMove(grid, grid->cellRect(0, 2).center());
    QTest::mouseMove(grid, grid->cellRect(1, 2).center());
    QTest::mouseRelease(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(1, 2).center());
    settleEvents();
    ASSERT_TRUE(f.model.scenario().allowed.has_value());
    EXPECT_FALSE(f.model.scenario().isAllowed(0, 1));
    EXPECT_FALSE(f.model.scenario().isAllowed(0, 2));
    EXPECT_FALSE(f.model.scenario().isAllowed(1, 2));
    ASSERT_EQ(f.stack()->count(), 1);
    EXPECT_EQ(f.stack()->text(0), QStringLiteral("Paint mask (3 cells)"));
    f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), threeQueries());

    // A click afterwards is a step of its own.
    f.stack()->redo();
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(2, 0).center());
    settleEvents();
    EXPECT_EQ(f.stack()->count(), 2);
}

// ---- Structure and loads ------------------------------------------------------------------------

struct StructuralCase {
    const char *text;
    std::function<void(AttentionModel &)> edit;
};

TEST(UndoRecorder, EveryStructuralEditIsOneStepUndoneBitForBit)
{
    const std::vector<StructuralCase> cases = {
        {"Add query query 4", [](AttentionModel &m) { m.insertQuery(1, rowOf({0.5, 0.1 + 0.2})); }},
        {"Remove query q2", [](AttentionModel &m) { ASSERT_FALSE(m.removeQuery(1)); }},
        {"Add key key 4", [](AttentionModel &m) { m.insertKey(3, rowOf({-1, 1}), rowOf({7, -0.0})); }},
        {"Remove key memory B", [](AttentionModel &m) { ASSERT_FALSE(m.removeKey(1)); }},
        {"Rename query q1 to the cat", [](AttentionModel &m) { m.setQueryLabel(0, QStringLiteral("the cat")); }},
        {"Rename key memory C to sat", [](AttentionModel &m) { m.setKeyLabel(2, QStringLiteral("sat")); }},
        {"Rename scenario to mine", [](AttentionModel &m) { m.setScenarioName(QStringLiteral("mine")); }},
        {"Change d_k from 2 to 3", [](AttentionModel &m) { ASSERT_FALSE(m.setKeyDimension(3)); }},
        {"Change d_k from 2 to 1", [](AttentionModel &m) { ASSERT_FALSE(m.setKeyDimension(1)); }},
        {"Change d_v from 2 to 1", [](AttentionModel &m) { ASSERT_FALSE(m.setValueDimension(1)); }},
        {"Load scenario notebook lesson", [](AttentionModel &m) { m.setScenario(notebookLessonScenario()); }},
    };
    for (const StructuralCase &c : cases) {
        SCOPED_TRACE(c.text);
        Scenario start = threeQueries();
        start.allowed = causalMask(3, 3);
        start.keys(1, 1) = 0.1 + 0.2;
        Fixture f(start);
        c.edit(f.model);
        const Scenario after = f.model.scenario();
        ASSERT_NE(after, start);
        ASSERT_EQ(f.stack()->count(), 1);
        EXPECT_EQ(f.stack()->text(0), QLatin1String(c.text));

        QSignalSpy resets(&f.model, &AttentionModel::scenarioReset);
        QSignalSpy results(&f.model, &AttentionModel::resultChanged);
        f.stack()->undo();
        EXPECT_EQ(resets.count(), 1);
        EXPECT_EQ(f.model.scenario(), start);
        EXPECT_TRUE(identicalMatrices(f.model.scenario().keys, start.keys));
        EXPECT_TRUE(identicalMasks(f.model.scenario().allowed, start.allowed));
        settleEvents();
        EXPECT_EQ(results.count(), 1);
        f.stack()->redo();
        EXPECT_EQ(resets.count(), 2);
        EXPECT_EQ(f.model.scenario(), after);
        EXPECT_EQ(f.stack()->count(), 1);
    }
}

TEST(UndoRecorder, RemovingAKeyAndUndoingBringsBackItsValueRowBitForBit)
{
    Scenario start = notebookLessonScenario();
    start.values(1, 0) = 0.1 + 0.2;
    start.values(1, 1) = -0.0;
    start.allowed = Mask::Constant(1, 3, true);
    Fixture f(start);
    ASSERT_FALSE(f.model.removeKey(1).has_value());
    EXPECT_EQ(f.model.scenario().values.rows(), 2);
    EXPECT_EQ(f.model.scenario().keys.rows(), 2);
    f.stack()->undo();
    EXPECT_TRUE(identicalMatrices(f.model.scenario().values, start.values));
    EXPECT_TRUE(identicalMatrices(f.model.scenario().keys, start.keys));
    EXPECT_EQ(f.model.scenario().keyLabels, start.keyLabels);
    EXPECT_TRUE(identicalMasks(f.model.scenario().allowed, start.allowed));
}

TEST(UndoRecorder, RowEditsAfterAStructuralEditUndoInOrder)
{
    Fixture f(threeQueries());
    f.model.insertKey(0, rowOf({2, 2}), rowOf({1, 1}));
    f.model.setKeyRow(0, rowOf({3, -3}));
    f.model.setQueryRow(2, rowOf({0.125, 0}));
    ASSERT_FALSE(f.model.removeQuery(0));
    ASSERT_EQ(f.stack()->count(), 4);
    while (f.stack()->canUndo())
        f.stack()->undo();
    EXPECT_EQ(f.model.scenario(), threeQueries());
    while (f.stack()->canRedo())
        f.stack()->redo();
    EXPECT_EQ(f.model.scenario().queryCount(), 2);
    EXPECT_TRUE(identicalMatrices(f.model.scenario().keys.row(0), rowOf({3, -3})));
    EXPECT_TRUE(identicalMatrices(f.model.scenario().queries.row(1), rowOf({0.125, 0})));
}

// ---- The key space ------------------------------------------------------------------------------

class KeySpaceUndo : public ::testing::Test {
protected:
    void SetUp() override
    {
        view.resize(600, 400);
        model.setScenario(notebookLessonScenario());
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        settleEvents();
    }

    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    KeySpaceView view{&model, &viewState};
};

TEST_F(KeySpaceUndo, AMouseDragOfTheQueryIsExactlyOneStep)
{
    QSignalSpy started(&view, &KeySpaceView::dragStarted);
    const QPoint from = view.tipPosition(0).toPoint();
    const QPoint to = view.dataToWidget(QPointF(-0.3, 1.1)).toPoint();
    QTest::mousePress(&view, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 10; ++i) {
        QTest::mouseMove(&view, from + (to - from) * i / 10);
        settleEvents();
    }
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::NoModifier, to);
    settleEvents();
    ASSERT_EQ(started.count(), 1);
    const Eigen::RowVectorXd dragged = model.scenario().queries.row(0);
    EXPECT_NEAR(dragged(0), -0.3, 0.05);
    EXPECT_NEAR(dragged(1), 1.1, 0.05);
    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Drag query \u201cq\u201d"));

    QSignalSpy queries(&model, &AttentionModel::queryChanged);
    recorder.undoStack()->undo();
    EXPECT_EQ(queries.count(), 1);
    EXPECT_TRUE(identicalMatrices(model.scenario().queries, notebookLessonScenario().queries));
    settleEvents();
    EXPECT_NEAR(view.tipPosition(0).x(), from.x(), 1.0) << "the arrow is back";
    recorder.undoStack()->redo();
    EXPECT_TRUE(identicalMatrices(model.scenario().queries.row(0), dragged));
}

TEST_F(KeySpaceUndo, ACtrlDragOfAKeyIsOneStepAndLeavesItsValue)
{
    const QPoint from = view.keyPosition(1).toPoint();  // memory B
    const QPoint to = view.dataToWidget(QPointF(-0.5, 0.5)).toPoint();
    QTest::mousePress(&view, Qt::LeftButton, Qt::ControlModifier, from);
    QTest::mouseMove(&view, (from + to) / 2);
    QTest::mouseMove(&view, to);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::ControlModifier, to);
    settleEvents();
    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Drag key \u201cmemory B\u201d"));
    EXPECT_TRUE(identicalMatrices(model.scenario().values, notebookLessonScenario().values));
    recorder.undoStack()->undo();
    EXPECT_EQ(model.scenario(), notebookLessonScenario());
}

TEST_F(KeySpaceUndo, AnArrowKeyHeldDownIsOneNudgeStep)
{
    view.setFocus();
    // Right held down: a press, two auto-repeats (each a release and a press), the release.
    QTest::sendKeyEvent(QTest::Press, &view, Qt::Key_Right, QString(), Qt::NoModifier);
    for (int i = 0; i < 2; ++i) {
        QKeyEvent release(QEvent::KeyRelease, Qt::Key_Right, Qt::NoModifier, QString(), true);
        QCoreApplication::sendEvent(&view, &release);
        QKeyEvent press(QEvent::KeyPress, Qt::Key_Right, Qt::NoModifier, QString(), true);
        QCoreApplication::sendEvent(&view, &press);
    }
    QTest::sendKeyEvent(QTest::Release, &view, Qt::Key_Right, QString(), Qt::NoModifier);
    settleEvents();
    const Eigen::RowVectorXd nudged = model.scenario().queries.row(0);
    EXPECT_NEAR(nudged(0), 1.3, 1e-12);
    EXPECT_NEAR(nudged(1), 0.0, 1e-12);
    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Nudge query \u201cq\u201d"));
    recorder.undoStack()->undo();
    EXPECT_TRUE(identicalMatrices(model.scenario().queries, notebookLessonScenario().queries));
    recorder.undoStack()->redo();
    EXPECT_TRUE(identicalMatrices(model.scenario().queries.row(0), nudged));

    // A table edit of the same query in between is its own step, and so is the next press.
    model.setQueryRow(0, rowOf({0.5, 0.5}));
    QTest::keyClick(&view, Qt::Key_Left);
    QTest::keyClick(&view, Qt::Key_Up, Qt::ShiftModifier);
    settleEvents();
    EXPECT_EQ(recorder.undoStack()->count(), 4);
}

TEST_F(KeySpaceUndo, ArrowKeyMovesOfAKeyAreOneNudgeStepNotADrag)
{
    view.setFocus();
    QTest::keyClick(&view, Qt::Key_K);  // memory A
    QTest::sendKeyEvent(QTest::Press, &view, Qt::Key_Up, QString(), Qt::NoModifier);
    QKeyEvent repeat(QEvent::KeyPress, Qt::Key_Up, Qt::NoModifier, QString(), true);
    QCoreApplication::sendEvent(&view, &repeat);
    QTest::sendKeyEvent(QTest::Release, &view, Qt::Key_Up, QString(), Qt::NoModifier);
    settleEvents();
    EXPECT_NEAR(model.scenario().keys(0, 1), 0.2, 1e-12);
    ASSERT_EQ(recorder.undoStack()->count(), 1);
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Nudge key \u201cmemory A\u201d"));
    recorder.undoStack()->undo();
    EXPECT_EQ(model.scenario(), notebookLessonScenario());

    // A Ctrl+drag of the same key afterwards is still called a drag.
    const QPoint from = view.keyPosition(0).toPoint();
    const QPoint to = view.dataToWidget(QPointF(0.5, -0.5)).toPoint();
    QTest::mousePress(&view, Qt::LeftButton, Qt::ControlModifier, from);
    QTest::mouseMove(&view, to);
    QTest::mouseRelease(&view, Qt::LeftButton, Qt::ControlModifier, to);
    settleEvents();
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Drag key \u201cmemory A\u201d"));
}

} // namespace
