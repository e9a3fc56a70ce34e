// The context chart's concatenated form (issue 13): [C_1 ... C_H] in place of the selected head's
// context, offered only with several heads, its columns grouped and named by head.
#include "coretestsupport.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "charttestsupport.h"
#include "contextchartview.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QCheckBox>
#include <QGraphicsScene>
#include <QGraphicsView>
#include <QRegularExpression>
#include <QScatterSeries>
#include <QStackedBarSeries>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

class ContextChartHeadsTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario("two-heads-specialise"));
        view = std::make_unique<ContextChartView>(&model, &viewState);
        view->resize(900, 480);
        view->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(view.get()));
        attnlens::test::settleChart();
    }

    QCheckBox *box() const { return view->concatenateCheckBox(); }

    /// The markers against the concatenated context, the stacks against every head's w·v.
    void expectConcatenatedValues(int query)
    {
        const Matrix *concatenated = model.concatenatedContext();
        ASSERT_NE(concatenated, nullptr);
        const Scenario &whole = model.wholeScenario();
        const int perHead = int(whole.valueDimension());
        ASSERT_EQ(concatenated->cols(), perHead * whole.headCount());
        const QList<QPointF> markers = view->contextSeries()->points();
        ASSERT_EQ(markers.size(), concatenated->cols());
        for (int c = 0; c < concatenated->cols(); ++c) {
            EXPECT_EQ(markers.at(c).x(), c);
            EXPECT_DOUBLE_EQ(markers.at(c).y(), (*concatenated)(query, c)) << "column " << c;
            const int head = c / perHead;
            const int dimension = c % perHead;
            const AttentionResult *result = model.headResult(head);
            ASSERT_NE(result, nullptr);
            // Each set is one key (six tokens): its bar is that head's w_j · v_jd.
            double sum = 0.0;
            for (int s = 0; s < view->contributionSets().size(); ++s) {
                const QVector<int> keys = view->keysOfSet(s);
                ASSERT_EQ(keys.size(), 1);
                const double expected = result->weights(query, keys.first()) * whole.headValues(head)(keys.first(), dimension);
                EXPECT_NEAR(view->contributionSets().at(s)->at(c), expected, 1e-12)
                    << "set " << s << " column " << c;
                sum += view->contributionSets().at(s)->at(c);
            }
            EXPECT_NEAR(sum, (*concatenated)(query, c), 1e-9);
        }
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<ContextChartView> view;
};

TEST_F(ContextChartHeadsTest, OfferedOnlyWithSeveralHeadsAndReachableByKeyboard)
{
    ASSERT_NE(box(), nullptr);
    EXPECT_TRUE(box()->isVisible());
    EXPECT_FALSE(box()->isChecked());
    EXPECT_TRUE(box()->focusPolicy() & Qt::TabFocus);
    EXPECT_FALSE(box()->accessibleName().isEmpty());
    EXPECT_FALSE(box()->toolTip().isEmpty());
    // The check box sits in the corner on the title's line: it covers neither the title nor
    // the plot, whether the legend stands beside the plot or under it.
    for (const QSize size : {QSize(900, 480), QSize(420, 260)}) {
        view->resize(size);
        attnlens::test::settleChart();
        const QRectF plot = view->chart()->plotArea();
        EXPECT_FALSE(QRectF(box()->geometry()).intersects(plot)) << size.width();
        const QString title = view->chart()->title();
        ASSERT_FALSE(title.isEmpty());
        bool titleSeen = false;
        for (const DrawnLabel &label : view->drawnLabels()) {
            if (label.text != title)
                continue;
            titleSeen = true;
            EXPECT_FALSE(label.rect.intersects(QRectF(box()->geometry()))) << size.width() << " " << title.toStdString();
        }
        EXPECT_TRUE(titleSeen) << size.width();
    }

    model.setScenario(builtinScenario(kLessonScenarioId));
    attnlens::test::settleChart();
    EXPECT_FALSE(box()->isVisible());
    EXPECT_FALSE(view->showsConcatenated());
}

TEST_F(ContextChartHeadsTest, ConcatenatedValuesAreTheModelsConcatenatedContext)
{
    const int perHead = int(model.scenario().valueDimension());
    ASSERT_EQ(view->contextSeries()->points().size(), perHead) << "one head to start with";

    // Space toggles the focused check box, as a keyboard user would.
    box()->setFocus();
    QTest::keyClick(box(), Qt::Key_Space);
    attnlens::test::settleChart();
    ASSERT_TRUE(view->showsConcatenated());
    expectConcatenatedValues(0);

    viewState.setSelectedQuery(4);
    attnlens::test::settleChart();
    expectConcatenatedValues(4);

    // Columns are named head by head, and each head's group by the head's name.
    const QStringList categories = static_cast<QBarCategoryAxis *>(view->chart()->axes(Qt::Horizontal).first())->categories();
    ASSERT_EQ(categories.size(), 2 * perHead);
    EXPECT_TRUE(categories.first().contains(QLatin1Char('1')));
    EXPECT_TRUE(categories.at(perHead).startsWith(QStringLiteral("h2")) || categories.at(perHead).startsWith(QStringLiteral("2")))
        << categories.at(perHead).toStdString();
    EXPECT_EQ(view->headGroupTexts(), (QStringList{QStringLiteral("previous token"), QStringLiteral("subject")}));
    EXPECT_TRUE(view->chart()->title().contains(QStringLiteral("concatenated"))) << view->chart()->title().toStdString();

    // The heads' names are not covered by the value boxes, even in a short chart.
    for (const QSize size : {QSize(900, 480), QSize(640, 240), QSize(460, 220), QSize(420, 200)}) {
        view->resize(size);
        attnlens::test::settleChart();
        const QVector<DrawnLabel> drawn = view->drawnLabels();
        QVector<QRectF> names;
        QVector<QRectF> values;
        for (const DrawnLabel &label : drawn) {
            if (label.text == QStringLiteral("previous token") || label.text == QStringLiteral("subject"))
                names << label.rect;
            else if (label.text.contains(QRegularExpression(QStringLiteral("^[\\-\u2212]?\\d+\\.\\d{4}$"))))
                values << label.rect;
        }
        ASSERT_EQ(names.size(), 2) << size.width() << "x" << size.height();
        ASSERT_FALSE(values.isEmpty());
        for (const QRectF &name : names)
            for (const QRectF &value : values)
                EXPECT_FALSE(name.intersects(value)) << size.width() << "x" << size.height();
    }

    // An edit of one head's values shows in its columns at once.
    const Scenario &whole = model.wholeScenario();
    Eigen::RowVectorXd value = whole.headValues(1).row(2);
    value(0) += 3.0;
    model.setHeadValueRow(1, 2, value);
    attnlens::test::settleChart();
    expectConcatenatedValues(4);

    // Which head is selected does not change [C_1 ... C_H].
    const QList<QPointF> before = view->contextSeries()->points();
    model.selectHead(1);
    attnlens::test::settleChart();
    EXPECT_EQ(view->contextSeries()->points(), before);

    // Unticked, the chart shows the selected head's own context again.
    QTest::keyClick(box(), Qt::Key_Space);
    attnlens::test::settleChart();
    EXPECT_FALSE(view->showsConcatenated());
    const QList<QPointF> own = view->contextSeries()->points();
    ASSERT_EQ(own.size(), perHead);
    for (int d = 0; d < perHead; ++d)
        EXPECT_DOUBLE_EQ(own.at(d).y(), model.result()->context(4, d));
    EXPECT_TRUE(view->headGroupTexts().isEmpty());
}

} // namespace
