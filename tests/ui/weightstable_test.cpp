// Weights as a table: every cell is the model's number (4 decimals, full precision in the
// tooltip), masked keys read "masked", a row with no allowed key reads "undefined", the headers
// are the token labels, and the table follows the model and the selection.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "numberformat.h"
#include "textprobe.h"
#include "viewstate.h"
#include "weightstablemodel.h"
#include "weightstableview.h"

#include <QHeaderView>
#include <QImage>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::builtinScenario;

namespace {

class WeightsTableTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario(kLessonScenarioId));
        view = std::make_unique<WeightsTableView>(&model, &viewState);
        view->resize(600, 300);
        view->show();
        settleEvents();
    }

    QString cell(int row, int column, int role = Qt::DisplayRole) const
    {
        WeightsTableModel *table = view->tableModel();
        return table->data(table->index(row, column), role).toString();
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<WeightsTableView> view;
};

} // namespace

TEST_F(WeightsTableTest, CellsAreTheModelsWeightsAndContextWithTokenHeaders)
{
    WeightsTableModel *table = view->tableModel();
    const Scenario &scenario = model.scenario();
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    ASSERT_EQ(table->rowCount(), scenario.queryCount());
    ASSERT_EQ(table->columnCount(), scenario.keyCount() + scenario.valueDimension());
    EXPECT_EQ(table->headerData(0, Qt::Vertical).toString(), QStringLiteral("q"));
    EXPECT_EQ(table->headerData(0, Qt::Horizontal).toString(), QStringLiteral("memory A"));
    EXPECT_EQ(table->headerData(2, Qt::Horizontal).toString(), QStringLiteral("memory C"));
    EXPECT_TRUE(table->isContextColumn(3));
    for (int key = 0; key < scenario.keyCount(); ++key) {
        EXPECT_EQ(cell(0, key), formatCompact(result->weights(0, key), 4));
        EXPECT_TRUE(cell(0, key, Qt::ToolTipRole).contains(formatFull(result->weights(0, key))));
    }
    EXPECT_EQ(cell(0, 0), QStringLiteral("0.4011"));
    EXPECT_EQ(cell(0, 1), QStringLiteral("0.1978"));
    for (int j = 0; j < scenario.valueDimension(); ++j)
        EXPECT_EQ(cell(0, int(scenario.keyCount()) + j), formatCompact(result->context(0, j), 4));
    // What a screen reader reads for the cell: query, key, number.
    EXPECT_EQ(cell(0, 0, Qt::AccessibleDescriptionRole), QStringLiteral("q, memory A: weight 0.4011"));
    EXPECT_EQ(view->table()->model(), table);
}

TEST_F(WeightsTableTest, FollowsTheModelWhenAQueryMoves)
{
    QSignalSpy changed(view->tableModel(), &QAbstractItemModel::dataChanged);
    const QString before = cell(0, 0);
    Eigen::RowVectorXd q(2);
    q << 0.2, 1.5;
    model.setQueryRow(0, q);
    settleEvents();
    EXPECT_GE(changed.count(), 1);
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    EXPECT_NE(cell(0, 0), before);
    for (int key = 0; key < 3; ++key)
        EXPECT_EQ(cell(0, key), formatCompact(result->weights(0, key), 4));
    EXPECT_TRUE(view->accessibleDescription().contains(formatCompact(result->weights(0, 1), 4)));
}

TEST_F(WeightsTableTest, MaskedCellsReadMaskedNotZero)
{
    model.setScenario(builtinScenario("causal-self-attention"));
    settleEvents();
    const Scenario &scenario = model.scenario();
    ASSERT_TRUE(scenario.allowed.has_value());
    int masked = 0;
    for (int q = 0; q < scenario.queryCount(); ++q) {
        for (int k = 0; k < scenario.keyCount(); ++k) {
            if (!scenario.isAllowed(q, k)) {
                ++masked;
                EXPECT_EQ(cell(q, k), QStringLiteral("masked"));
            } else {
                EXPECT_EQ(cell(q, k), formatCompact(model.result()->weights(q, k), 4));
            }
        }
    }
    EXPECT_GT(masked, 0);
    EXPECT_EQ(view->tableModel()->rowCount(), scenario.queryCount());
    EXPECT_EQ(view->tableModel()->headerData(1, Qt::Vertical).toString(), scenario.queryLabel(1));
}

TEST_F(WeightsTableTest, ARowWithNoAllowedKeyReadsUndefined)
{
    model.setScenario(builtinScenario("three-queries"));
    settleEvents();
    const Scenario &scenario = model.scenario();
    Mask mask = Mask::Constant(scenario.queryCount(), scenario.keyCount(), true);
    mask.row(1).setConstant(false);
    model.setMask(mask);
    settleEvents();
    ASSERT_EQ(model.result(), nullptr);
    for (int k = 0; k < scenario.keyCount(); ++k)
        EXPECT_EQ(cell(1, k), QStringLiteral("undefined: no allowed key"));
    EXPECT_NE(cell(0, 0), QStringLiteral("0.0000"));
    EXPECT_FALSE(cell(0, 0).contains(QLatin1String("nan"), Qt::CaseInsensitive));
    EXPECT_TRUE(view->noteText().contains(scenario.queryLabel(1))) << view->noteText().toStdString();

    model.setMask(std::nullopt);
    settleEvents();
    ASSERT_NE(model.result(), nullptr);
    EXPECT_EQ(cell(1, 0), formatCompact(model.result()->weights(1, 0), 4));
}

TEST_F(WeightsTableTest, TheCurrentRowAndTheSelectedQueryFollowEachOther)
{
    model.setScenario(builtinScenario("three-queries"));
    settleEvents();
    QTableView *table = view->table();
    table->setFocus();
    table->setCurrentIndex(view->tableModel()->index(0, 0));
    QTest::keyClick(table, Qt::Key_Down);
    EXPECT_EQ(viewState.selectedQuery(), 1);
    viewState.setSelectedQuery(2);
    EXPECT_EQ(table->currentIndex().row(), 2);
    EXPECT_TRUE(view->accessibleDescription().contains(model.scenario().queryLabel(2)));
}

// What the table paints at a small and at a large size: every cell in view is drawn with the
// model's number (or "masked") written in full, inside its own cell, and every header label is
// drawn; at the large size the whole table is in view without scrolling.
TEST_F(WeightsTableTest, EveryCellInViewIsDrawnInFullAtSmallAndLargeSizes)
{
    model.setScenario(builtinScenario("causal-self-attention"));
    settleEvents();
    QTableView *table = view->table();
    WeightsTableModel *tableModel = view->tableModel();
    const Scenario &scenario = model.scenario();
    for (const QSize size : {QSize(600, 300), QSize(1400, 900)}) {
        SCOPED_TRACE(std::to_string(size.width()));
        view->resize(size);
        settleEvents();
        const QVector<DrawnText> texts = drawnTexts(view.get());
        const auto drawnInside = [&texts](const QString &text, const QRect &area) {
            for (const DrawnText &drawn : texts) {
                if (drawn.text == text && area.contains(drawn.rect.center().toPoint()))
                    return &drawn;
            }
            return static_cast<const DrawnText *>(nullptr);
        };
        int cellsInView = 0;
        int maskedInView = 0;
        for (int row = 0; row < tableModel->rowCount(); ++row) {
            for (int column = 0; column < tableModel->columnCount(); ++column) {
                const QRect inViewport = table->visualRect(tableModel->index(row, column));
                if (!table->viewport()->rect().contains(inViewport))
                    continue;  // scrolled out of view, or only partly in it
                ++cellsInView;
                const QString expected = cell(row, column);
                maskedInView += expected == QStringLiteral("masked");
                const QRect inView(table->viewport()->mapTo(view.get(), inViewport.topLeft()),
                                   inViewport.size());
                const DrawnText *drawn = drawnInside(expected, inView);
                ASSERT_NE(drawn, nullptr) << "cell (" << row << ", " << column << ") should read "
                                          << expected.toStdString();
                EXPECT_FALSE(isCut(*drawn)) << expected.toStdString();
                EXPECT_LE(drawn->rect.width(), inView.width()) << expected.toStdString();
            }
        }
        EXPECT_GE(cellsInView, 4) << "the table shows at least a few cells";
        EXPECT_GT(maskedInView, 0) << "the causal mask's cells are in view";
        // The headers name the tokens.
        for (int row = 0; row < scenario.queryCount(); ++row) {
            const QString label = scenario.queryLabel(row);
            const bool inView = table->verticalHeader()->sectionViewportPosition(row) >= 0
                && table->verticalHeader()->sectionViewportPosition(row)
                        + table->verticalHeader()->sectionSize(row) <= table->viewport()->height();
            if (!inView)
                continue;
            const auto found = std::find_if(texts.begin(), texts.end(), [&](const DrawnText &t) {
                return t.text == label && !isCut(t);
            });
            EXPECT_NE(found, texts.end()) << "query label " << label.toStdString();
        }
        if (size.width() >= 1400) {
            EXPECT_EQ(cellsInView, tableModel->rowCount() * tableModel->columnCount());
            for (int key = 0; key < scenario.keyCount(); ++key) {
                const QString label = scenario.keyLabel(key);
                const auto found = std::find_if(texts.begin(), texts.end(), [&](const DrawnText &t) {
                    return t.text == label && !isCut(t);
                });
                EXPECT_NE(found, texts.end()) << "key label " << label.toStdString();
            }
        }
    }
}
