#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "scenariojson.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QCoreApplication>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;
using Part = MatrixTableModel::Part;

namespace {

using test::matrixOf;

class MatrixEditorTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario(kLessonScenarioId));
        settleEvents();
        view.setConfirmation([this](const QString &, const QString &question) {
            ++questions;
            lastQuestion = question;
            return answer;
        });
    }

    void showView(const QSize &size = QSize(600, 400))
    {
        view.resize(size);
        view.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
        settleEvents();
    }

    MatrixTableModel *table(Part part) const { return view.tableModel(part); }

    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    MatrixEditorView view{&model, &viewState};
    int questions = 0;
    QString lastQuestion;
    bool answer = true;
};

// ---- What the tables show -----------------------------------------------------------------------

TEST_F(MatrixEditorTest, TablesShowLabelsAndFourDecimalsWithFullPrecisionInTooltipAndEditor)
{
    model.setKeyRow(1, (Eigen::RowVectorXd(2) << 0.1 + 0.2, -1.0 / 3.0).finished());
    MatrixTableModel *keys = table(Part::Keys);
    ASSERT_EQ(keys->rowCount(), 3);
    ASSERT_EQ(keys->columnCount(), 3);  // label, k1, k2
    EXPECT_EQ(keys->data(keys->index(1, 0)).toString(), QStringLiteral("memory B"));
    EXPECT_EQ(keys->data(keys->index(1, 1)).toString(), QStringLiteral("0.3000"));
    EXPECT_EQ(keys->data(keys->index(1, 2)).toString(), QStringLiteral("\u22120.3333"));
    EXPECT_EQ(keys->data(keys->index(1, 1), Qt::EditRole).toString(), QStringLiteral("0.30000000000000004"));
    EXPECT_TRUE(keys->data(keys->index(1, 2), Qt::ToolTipRole).toString().contains(QStringLiteral("-0.33333333333333331")));
    EXPECT_TRUE(keys->data(keys->index(1, 2), Qt::ToolTipRole).toString().startsWith(QStringLiteral("K row 2 (memory B), column 2")));

    MatrixTableModel *values = table(Part::Values);
    EXPECT_EQ(values->data(values->index(2, 0)).toString(), QStringLiteral("memory C"));
    EXPECT_EQ(values->data(values->index(2, 2)).toString(), QStringLiteral("10.0000"));
    MatrixTableModel *queries = table(Part::Queries);
    EXPECT_EQ(queries->data(queries->index(0, 0)).toString(), QStringLiteral("q"));
}

TEST_F(MatrixEditorTest, EditingACellWritesExactlyThatDoubleThroughTheModel)
{
    QSignalSpy keys(&model, &AttentionModel::keyChanged);
    ASSERT_TRUE(table(Part::Keys)->setData(table(Part::Keys)->index(1, 1), QStringLiteral(" 0.1 ")));
    ASSERT_EQ(keys.count(), 1);
    EXPECT_EQ(keys.at(0).at(0).toInt(), 1);
    EXPECT_TRUE(identicalMatrices(model.scenario().keys, matrixOf({{1, 0}, {0.1, 1}, {1, 1}})));

    // The views' own minus sign and exponents are read too; the shortest round trip comes back.
    ASSERT_TRUE(table(Part::Values)->setData(table(Part::Values)->index(0, 2), QStringLiteral("\u22122.5e-3")));
    EXPECT_TRUE(identicalDoubles(model.scenario().values(0, 1), -2.5e-3));
    const QString shown = table(Part::Values)->data(table(Part::Values)->index(0, 2), Qt::EditRole).toString();
    ASSERT_TRUE(table(Part::Values)->setData(table(Part::Values)->index(0, 2), shown));
    EXPECT_TRUE(identicalDoubles(model.scenario().values(0, 1), -2.5e-3));
    EXPECT_EQ(recorder.undoStack()->count(), 2) << "writing the same number again is no change";
}

TEST_F(MatrixEditorTest, AWordIsRefusedNamingTheCellAndTheModelStaysUnchanged)
{
    QSignalSpy refused(table(Part::Keys), &MatrixTableModel::editRefused);
    QSignalSpy keys(&model, &AttentionModel::keyChanged);
    EXPECT_FALSE(table(Part::Keys)->setData(table(Part::Keys)->index(1, 1), QStringLiteral("abc")));
    ASSERT_EQ(refused.count(), 1);
    EXPECT_EQ(refused.at(0).at(0).toString(), QStringLiteral("K row 2 (memory B), column 1: 'abc' is not a number"));
    EXPECT_EQ(view.message(), QStringLiteral("K row 2 (memory B), column 1: 'abc' is not a number"));

    for (const char *bad : {"NaN", "nan", "inf", "-Infinity", "", "1,5", "1.2.3", "0x10"}) {
        SCOPED_TRACE(bad);
        EXPECT_FALSE(table(Part::Keys)->setData(table(Part::Keys)->index(1, 1), QString::fromLatin1(bad)));
    }
    EXPECT_EQ(refused.count(), 9);
    EXPECT_EQ(refused.at(1).at(0).toString(),
              QStringLiteral("K row 2 (memory B), column 1: 'NaN' is not a finite number (the engine "
                             "refuses NaN and infinities)"));
    EXPECT_EQ(refused.at(6).at(0).toString(), QStringLiteral("K row 2 (memory B), column 1: '1,5' is not a number"));
    QSignalSpy queryRefused(table(Part::Queries), &MatrixTableModel::editRefused);
    EXPECT_FALSE(table(Part::Queries)->setData(table(Part::Queries)->index(0, 1),
                                              std::numeric_limits<double>::quiet_NaN()));
    ASSERT_EQ(queryRefused.count(), 1);
    EXPECT_TRUE(queryRefused.at(0).at(0).toString().startsWith(QStringLiteral("Q row 1 (q), column 1: nan is not a finite")))
        << queryRefused.at(0).at(0).toString().toStdString();
    EXPECT_EQ(keys.count(), 0);
    EXPECT_EQ(model.scenario(), builtinScenario(kLessonScenarioId));
    EXPECT_EQ(recorder.undoStack()->count(), 0);

    // An accepted edit clears the message.
    EXPECT_TRUE(table(Part::Keys)->setData(table(Part::Keys)->index(1, 1), QStringLiteral("2")));
    EXPECT_TRUE(view.message().isEmpty());
}

TEST_F(MatrixEditorTest, TypingAWordInTheCellEditorIsRefusedVisibly)
{
    showView();
    view.tabs()->setCurrentIndex(1);
    QTableView *keyTable = view.tableView(Part::Keys);
    const QModelIndex cell = table(Part::Keys)->index(1, 1);
    keyTable->setCurrentIndex(cell);
    keyTable->edit(cell);
    settleEvents();
    auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(editor, nullptr) << "a line editor opens on the cell";
    EXPECT_EQ(editor->text(), QStringLiteral("0")) << "the editor starts from the exact number";
    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("abc"));
    QTest::keyClick(editor, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(model.scenario(), builtinScenario(kLessonScenarioId));
    auto *message = view.findChild<QLabel *>(QStringLiteral("matrixEditMessage"));
    ASSERT_NE(message, nullptr);
    EXPECT_TRUE(message->isVisible());
    EXPECT_EQ(message->text(), QStringLiteral("K row 2 (memory B), column 1: 'abc' is not a number"));
    EXPECT_EQ(table(Part::Keys)->data(cell).toString(), QStringLiteral("0.0000"));
    // The editor stays open with the word, tinted, so that it can be corrected.
    ASSERT_EQ(QApplication::focusWidget(), editor);
    EXPECT_TRUE(editor->isVisible());
    EXPECT_EQ(editor->text(), QStringLiteral("abc"));
    EXPECT_GT(editor->palette().color(QPalette::Base).red(), editor->palette().color(QPalette::Base).green());

    editor->selectAll();
    QTest::keyClicks(editor, QStringLiteral("-0.75"));
    QTest::keyClick(editor, Qt::Key_Return);
    settleEvents();
    EXPECT_TRUE(identicalDoubles(model.scenario().keys(1, 0), -0.75));
    EXPECT_FALSE(message->isVisible());
}

TEST_F(MatrixEditorTest, RenamingInTheLabelColumn)
{
    EXPECT_TRUE(table(Part::Values)->setData(table(Part::Values)->index(1, 0), QStringLiteral("cat")));
    EXPECT_EQ(model.scenario().keyLabel(1), QStringLiteral("cat"));
    EXPECT_EQ(table(Part::Keys)->data(table(Part::Keys)->index(1, 0)).toString(), QStringLiteral("cat"))
        << "K and V share their token's label";
    EXPECT_FALSE(table(Part::Queries)->setData(table(Part::Queries)->index(0, 0), QStringLiteral("  ")));
    EXPECT_EQ(model.scenario().queryLabel(0), QStringLiteral("q"));
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Rename key memory B to cat"));

    view.nameEdit()->setText(QStringLiteral("my lesson"));
    emit view.nameEdit()->editingFinished();
    EXPECT_EQ(model.scenario().name, QStringLiteral("my lesson"));
}

// Issue 25, item 6: the scenario's name and a token's label stopped at 256 code units, so an
// emoji at the limit was cut in half and saved as "?". Now what does not fit is cut between whole
// characters; a paste in the middle keeps the text around it, as before.
TEST_F(MatrixEditorTest, NamesAndLabelsTypedPastTheLimitKeepWholeCharacters)
{
    showView();
    const int limit = ScenarioLimits::maxLabelChars;
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
    const QString flag = QString::fromUtf8("\xF0\x9F\x87\xB9\xF0\x9F\x87\xBC");

    QLineEdit *name = view.nameEdit();
    name->setFocus();
    name->setText(QString(limit - 1, QLatin1Char('n')));
    name->end(false);
    name->insert(emoji);
    EXPECT_EQ(name->text(), QString(limit - 1, QLatin1Char('n')));
    name->setText(QString(limit - 6, QLatin1Char('a')));
    name->setCursorPosition(100);
    name->insert(QStringLiteral("bbbbb") + flag + QStringLiteral("ccc"));
    EXPECT_EQ(name->text(), QString(100, QLatin1Char('a')) + QStringLiteral("bbbbb")
                                + QString(limit - 106, QLatin1Char('a')));
    EXPECT_EQ(name->cursorPosition(), 105);
    name->setText(QString(limit - 4, QLatin1Char('a')));
    name->end(false);
    name->insert(flag);
    EXPECT_EQ(name->text(), QString(limit - 4, QLatin1Char('a')) + flag) << "a flag that fits stays whole";
    QTest::keyClick(name, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(model.scenario().name, QString(limit - 4, QLatin1Char('a')) + flag);

    // The label column's editor.
    QTableView *queries = view.tableView(Part::Queries);
    const QModelIndex label = table(Part::Queries)->index(0, MatrixTableModel::kLabelColumn);
    queries->setCurrentIndex(label);
    queries->edit(label);
    settleEvents();
    auto *editor = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    ASSERT_NE(editor, nullptr) << "a line editor opens on the label";
    editor->setText(QString(limit - 1, QLatin1Char('x')));
    editor->end(false);
    editor->insert(emoji);
    EXPECT_TRUE(editor->text().isValidUtf16());
    EXPECT_EQ(editor->text(), QString(limit - 1, QLatin1Char('x')));
    QTest::keyClick(editor, Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(model.scenario().queryLabel(0), QString(limit - 1, QLatin1Char('x')));
}

// ---- Live updates -------------------------------------------------------------------------------

TEST_F(MatrixEditorTest, AMovedQueryUpdatesOnlyItsRow)
{
    Scenario three = builtinScenario(kLessonScenarioId);
    three.queries = matrixOf({{1, 0}, {0, 1}, {-1, 0}});
    three.queryLabels.clear();
    model.setScenario(three);
    settleEvents();
    MatrixTableModel *queries = table(Part::Queries);
    ASSERT_EQ(queries->rowCount(), 3);
    QSignalSpy changed(queries, &QAbstractItemModel::dataChanged);
    QSignalSpy reset(queries, &QAbstractItemModel::modelReset);
    model.setQueryRow(2, (Eigen::RowVectorXd(2) << 0.25, -0.5).finished());
    ASSERT_EQ(changed.count(), 1);
    EXPECT_EQ(changed.at(0).at(0).toModelIndex().row(), 2);
    EXPECT_EQ(changed.at(0).at(1).toModelIndex().row(), 2);
    EXPECT_EQ(reset.count(), 0);
    EXPECT_EQ(queries->data(queries->index(2, 1)).toString(), QStringLiteral("0.2500"));
    EXPECT_EQ(queries->data(queries->index(2, 2)).toString(), QStringLiteral("\u22120.5000"));

    // Keys did not change, so their table says nothing.
    QSignalSpy keysChanged(table(Part::Keys), &QAbstractItemModel::dataChanged);
    model.setQueryRow(0, (Eigen::RowVectorXd(2) << 2, 2).finished());
    EXPECT_EQ(keysChanged.count(), 0);
}

TEST_F(MatrixEditorTest, InsertedAndRemovedTokensAreInsertedAndRemovedTableRows)
{
    QSignalSpy inserted(table(Part::Values), &QAbstractItemModel::rowsInserted);
    QSignalSpy removed(table(Part::Keys), &QAbstractItemModel::rowsRemoved);
    view.tableView(Part::Keys)->setCurrentIndex(table(Part::Keys)->index(0, 1));
    view.addKey();
    ASSERT_EQ(inserted.count(), 1);
    EXPECT_EQ(inserted.at(0).at(1).toInt(), 1) << "after the current key row";
    EXPECT_EQ(table(Part::Values)->rowCount(), 4);
    EXPECT_EQ(table(Part::Keys)->rowCount(), 4);
    EXPECT_EQ(model.scenario().values.rows(), 4);
    EXPECT_TRUE(identicalMatrices(model.scenario().values.row(1), Eigen::RowVectorXd::Zero(2)));
    EXPECT_EQ(view.currentKeyRow(), 1);

    EXPECT_TRUE(view.removeKey(1));
    EXPECT_EQ(removed.count(), 1);
    EXPECT_EQ(model.scenario(), builtinScenario(kLessonScenarioId)) << "labels were written out, but they are the same";
}

// ---- Structural edits through the view ----------------------------------------------------------

TEST_F(MatrixEditorTest, AddingAQuerySelectsItAndRemovingTheLastIsRefused)
{
    QSignalSpy refused(&view, &MatrixEditorView::editRefused);
    view.addQueryAction()->trigger();
    ASSERT_EQ(model.scenario().queryCount(), 2);
    EXPECT_EQ(viewState.selectedQuery(), 1);
    EXPECT_EQ(model.scenario().queryLabel(1), QStringLiteral("query 2"));
    EXPECT_TRUE(identicalMatrices(model.scenario().queries.row(1), Eigen::RowVectorXd::Zero(2)));

    EXPECT_TRUE(view.removeQuery(1));
    EXPECT_EQ(viewState.selectedQuery(), 0);
    view.removeQueryAction()->trigger();
    ASSERT_EQ(refused.count(), 1);
    EXPECT_TRUE(refused.at(0).at(0).toString().contains(QStringLiteral("only query")))
        << refused.at(0).at(0).toString().toStdString();
    EXPECT_EQ(model.scenario().queryCount(), 1);
    EXPECT_FALSE(view.message().isEmpty());
}

TEST_F(MatrixEditorTest, RemovingARowsOnlyAllowedKeyIsRefusedWithTheRowNamed)
{
    Mask mask(1, 3);
    mask << false, true, false;
    model.setMask(mask);
    QSignalSpy refused(&view, &MatrixEditorView::editRefused);
    EXPECT_FALSE(view.removeKey(1));
    ASSERT_EQ(refused.count(), 1);
    EXPECT_TRUE(refused.at(0).at(0).toString().contains(QStringLiteral("row 1"))) << refused.at(0).at(0).toString().toStdString();
    EXPECT_EQ(model.scenario().keyCount(), 3);
    EXPECT_TRUE(view.removeKey(2));
    EXPECT_EQ(model.scenario().keyCount(), 2);
    EXPECT_TRUE(identicalMatrices(model.scenario().values, matrixOf({{10, 0}, {0, 10}})));
}

TEST_F(MatrixEditorTest, DroppingColumnsWithNumbersAsksFirst)
{
    // Growing asks nothing and pads with zeros.
    view.keyDimensionSpinBox(Part::Queries)->setValue(3);
    EXPECT_EQ(questions, 0);
    ASSERT_EQ(model.scenario().keyDimension(), 3);
    EXPECT_EQ(view.keyDimensionSpinBox(Part::Keys)->value(), 3) << "both d_k fields follow";
    EXPECT_EQ(table(Part::Keys)->columnCount(), 4);

    // Dropping the zero column loses nothing: no question.
    EXPECT_TRUE(view.requestKeyDimension(2));
    EXPECT_EQ(questions, 0);

    // Dropping numbers asks; "no" leaves everything as it was.
    answer = false;
    view.keyDimensionSpinBox(Part::Keys)->setValue(1);
    EXPECT_EQ(questions, 1);
    EXPECT_TRUE(lastQuestion.startsWith(QStringLiteral("Make d_k = 1? Column 2 of Q and K will be dropped")))
        << lastQuestion.toStdString();
    EXPECT_EQ(model.scenario(), builtinScenario(kLessonScenarioId));
    EXPECT_EQ(view.keyDimensionSpinBox(Part::Keys)->value(), 2) << "the field shows the model's d_k again";

    answer = true;
    EXPECT_TRUE(view.requestValueDimension(1));
    EXPECT_EQ(questions, 2);
    EXPECT_TRUE(identicalMatrices(model.scenario().values, matrixOf({{10}, {0}, {10}})));
    EXPECT_EQ(view.valueDimensionSpinBox()->value(), 1);
    EXPECT_EQ(table(Part::Values)->columnCount(), 2);

    recorder.undoStack()->undo();
    EXPECT_TRUE(identicalMatrices(model.scenario().values, builtinScenario(kLessonScenarioId).values));
    EXPECT_EQ(view.valueDimensionSpinBox()->value(), 2);
}

TEST_F(MatrixEditorTest, UndoOfATableEditRestoresTheCellAndTheTable)
{
    ASSERT_TRUE(table(Part::Queries)->setData(table(Part::Queries)->index(0, 2), QStringLiteral("0.7")));
    EXPECT_EQ(recorder.undoStack()->undoText(), QStringLiteral("Edit query q"));
    recorder.undoStack()->undo();
    EXPECT_TRUE(identicalMatrices(model.scenario().queries, builtinScenario(kLessonScenarioId).queries));
    EXPECT_EQ(table(Part::Queries)->data(table(Part::Queries)->index(0, 2)).toString(), QStringLiteral("0.0000"));
    recorder.undoStack()->redo();
    EXPECT_TRUE(identicalDoubles(model.scenario().queries(0, 1), 0.7));
}

// ---- How it looks -------------------------------------------------------------------------------

TEST_F(MatrixEditorTest, ScreenshotsAreReadable)
{
    showView(QSize(560, 330));
    view.tabs()->setCurrentIndex(1);
    view.tableView(Part::Keys)->setCurrentIndex(table(Part::Keys)->index(1, 1));
    table(Part::Keys)->setData(table(Part::Keys)->index(1, 1), QStringLiteral("abc"));
    settleEvents();
    EXPECT_TRUE(view.grab().save(attnlens::test::testOutputPath(QStringLiteral("edit-matrix-small.png"))));
    // Every column of K fits without a horizontal scroll bar at the docked size.
    QTableView *keys = view.tableView(Part::Keys);
    EXPECT_LE(keys->horizontalHeader()->length(), keys->viewport()->width());

    Scenario big;
    std::mt19937 rng(3);
    std::normal_distribution<double> normal;
    big.name = QStringLiteral("twelve tokens");
    big.queries = Matrix(12, 4);
    big.keys = Matrix(12, 4);
    big.values = Matrix(12, 3);
    for (Matrix *m : {&big.queries, &big.keys, &big.values})
        for (Index i = 0; i < m->size(); ++i)
            m->data()[i] = normal(rng);
    model.setScenario(big);
    view.resize(1400, 900);
    view.tabs()->setCurrentIndex(0);
    settleEvents();
    EXPECT_TRUE(view.grab().save(attnlens::test::testOutputPath(QStringLiteral("edit-matrix-large.png"))));
}

} // namespace
