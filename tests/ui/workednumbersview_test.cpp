#include "attentionmodel.h"
#include "numberformat.h"
#include "scenario.h"
#include "viewstate.h"
#include "workednumbersview.h"

#include <QAbstractTextDocumentLayout>
#include <QApplication>
#include <QImage>
#include <QScrollBar>
#include <QTextCursor>
#include <QTextDocument>
#include <QToolTip>
#include <QHelpEvent>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

Matrix rows(std::initializer_list<std::initializer_list<double>> values)
{
    Matrix m(static_cast<Index>(values.size()), static_cast<Index>(values.begin()->size()));
    Index i = 0;
    for (const auto &row : values) {
        Index j = 0;
        for (double v : row)
            m(i, j++) = v;
        ++i;
    }
    return m;
}

// The notebook's step 2, written out.
Scenario lesson()
{
    Scenario s;
    s.queries = rows({{1, 0}});
    s.keys = rows({{1, 0}, {0, 1}, {1, 1}});
    s.values = rows({{10, 0}, {0, 10}, {10, 10}});
    s.queryLabels = {QStringLiteral("q")};
    s.keyLabels = {QStringLiteral("memory A"), QStringLiteral("memory B"), QStringLiteral("memory C")};
    return s;
}

class WorkedNumbersViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(lesson());
        view = std::make_unique<WorkedNumbersView>(&model, &viewState);
        view->resize(700, 600);
        view->show();
        settle();
    }

    static void settle()
    {
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
    }

    QString text() const { return view->toPlainText(); }

    // The viewport position of the first occurrence of `needle`, or (-1, -1).
    QPoint positionOf(const QString &needle) const
    {
        const QTextCursor found = view->document()->find(needle);
        if (found.isNull())
            return QPoint(-1, -1);
        QTextCursor middle(view->document());
        middle.setPosition(found.selectionStart() + 1);
        return view->cursorRect(middle).center();
    }

    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<WorkedNumbersView> view;
};

TEST_F(WorkedNumbersViewTest, ShowsTheLessonsNumbers)
{
    const QString t = text();
    for (const char *expected : {"0.7071", "0.4011", "0.1978", "8.0222", "5.9889", "1.4142"})
        EXPECT_TRUE(t.contains(QLatin1String(expected))) << expected << "\n" << t.toStdString();
    // Each dot product written with its terms, as by hand.
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d71 + 0\u00d70 = 1\n"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d70 + 0\u00d71 = 0\n")));
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d71 + 0\u00d71 = 1\n")));
    // The exponentials after subtracting the maximum, and their sum 1 + e^-0.7071 + 1.
    EXPECT_TRUE(t.contains(QStringLiteral("0.4931")));
    EXPECT_TRUE(t.contains(QStringLiteral("2.4931")));
    // Each context coordinate as a weighted sum of the values.
    EXPECT_TRUE(t.contains(QStringLiteral("0.4011\u00d710 + 0.1978\u00d70 + 0.4011\u00d710"))) << t.toStdString();
    EXPECT_FALSE(view->isShowingRefusal());
}

TEST_F(WorkedNumbersViewTest, FollowsTheTemperature)
{
    const QString before = text();
    model.setTemperature(0.5);
    settle();
    const QString after = text();
    EXPECT_NE(after, before);
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    // z = score / T = 0.7071 / 0.5
    EXPECT_TRUE(after.contains(QStringLiteral("1.4142")));
    for (int j = 0; j < 3; ++j)
        EXPECT_TRUE(after.contains(QString::number(result->weights(0, j), 'f', 4))) << j;
    for (int d = 0; d < 2; ++d)
        EXPECT_TRUE(after.contains(QString::number(result->context(0, d), 'f', 4))) << d;
    EXPECT_FALSE(after.contains(QStringLiteral("0.1978")));
}

TEST_F(WorkedNumbersViewTest, MaskedKeysAreLeftOut)
{
    model.setMaskCell(0, 1, false);
    settle();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("masked \u2192 weight 0"))) << t.toStdString();
    // The context sums only the allowed keys: 0.5×10 + 0.5×10.
    EXPECT_TRUE(t.contains(QStringLiteral("= 0.5000\u00d710 + 0.5000\u00d710\n"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("10.0000")));
    // The sum of the exponentials is over A and C only: 1 + 1.
    EXPECT_TRUE(t.contains(QStringLiteral("2.0000")));
}

TEST_F(WorkedNumbersViewTest, EmptyRowExplainsUndefinedSoftmax)
{
    for (int j = 0; j < 3; ++j)
        model.setMaskCell(0, j, false);
    settle();
    ASSERT_EQ(model.result(), nullptr);
    const QString t = text();
    EXPECT_TRUE(view->isShowingRefusal());
    EXPECT_TRUE(t.contains(QStringLiteral("undefined: no allowed key")));
    EXPECT_TRUE(t.contains(QStringLiteral("softmax over no keys is undefined")));
    EXPECT_FALSE(t.contains(QStringLiteral("0.4011")));
    EXPECT_FALSE(t.contains(QStringLiteral("NaN")));
    view->grab().toImage().save(QStringLiteral("/tmp/charts-worked-error.png"));

    model.setMaskCell(0, 0, true);
    settle();
    EXPECT_FALSE(view->isShowingRefusal());
    EXPECT_TRUE(text().contains(QStringLiteral("1.0000")));
}

TEST_F(WorkedNumbersViewTest, HoverRevealsFullPrecision)
{
    const QPoint weight = positionOf(QStringLiteral("0.1978"));
    ASSERT_GE(weight.x(), 0);
    const std::optional<double> value = view->valueAt(weight);
    ASSERT_TRUE(value.has_value());
    EXPECT_EQ(*value, model.result()->weights(0, 1));

    // The tooltip a user sees when resting the mouse on it.
    QHelpEvent help(QEvent::ToolTip, weight, view->viewport()->mapToGlobal(weight));
    QApplication::sendEvent(view->viewport(), &help);
    EXPECT_EQ(QToolTip::text(), QString::number(model.result()->weights(0, 1), 'g', 17));

    const QPoint context = positionOf(QStringLiteral("5.9889"));
    ASSERT_TRUE(view->valueAt(context).has_value());
    EXPECT_EQ(*view->valueAt(context), model.result()->context(0, 1));
}

TEST_F(WorkedNumbersViewTest, SelectionChangeShowsTheOtherQuery)
{
    Scenario s = lesson();
    s.queries = rows({{1, 0}, {0, 1}});
    s.queryLabels = {QStringLiteral("q"), QStringLiteral("second query")};
    model.setScenario(s);
    settle();
    viewState.setSelectedQuery(1);
    settle();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("second query")));
    EXPECT_TRUE(t.contains(QStringLiteral("0\u00d71 + 1\u00d71 = 1\n")));
    EXPECT_TRUE(t.contains(QString::number(model.result()->context(1, 0), 'f', 4)));
}

TEST_F(WorkedNumbersViewTest, LongSequencesAreShortened)
{
    Scenario many;
    const int n = 40;
    many.queries = Matrix::Random(1, 8);
    many.keys = Matrix::Random(n, 8);
    many.values = Matrix::Random(n, 20);
    model.setScenario(many);
    settle();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("\u2026 24 more keys"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("\u2026 4 more dimensions")));
    EXPECT_TRUE(t.contains(QStringLiteral("key 16")));
    EXPECT_FALSE(t.contains(QStringLiteral("key 17")));
    EXPECT_LT(t.size(), 20000);
    view->grab().toImage().save(QStringLiteral("/tmp/charts-worked-many.png"));
}

TEST_F(WorkedNumbersViewTest, RendersAtProjectorAndLargeSizes)
{
    for (const QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(600, 400)}) {
        view->resize(size);
        settle();
        const QImage image = view->grab().toImage();
        image.save(QStringLiteral("/tmp/charts-worked-%1x%2.png").arg(size.width()).arg(size.height()));
        int dark = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x)
                dark += qGray(image.pixel(x, y)) < 100;
        EXPECT_GT(dark, 2000) << size.width();
    }
}

TEST(NumberFormat, CompactFullAndInputForms)
{
    EXPECT_EQ(formatCompact(0.40106), QStringLiteral("0.4011"));
    EXPECT_EQ(formatCompact(-1.5), QStringLiteral("\u22121.5000"));
    EXPECT_EQ(formatCompact(-0.00001), QStringLiteral("0.0000"));  // never "−0.0000"
    EXPECT_EQ(formatFull(0.1), QStringLiteral("0.10000000000000001"));
    EXPECT_EQ(formatInput(2.5), QStringLiteral("2.5"));
    EXPECT_EQ(formatInput(10.0), QStringLiteral("10"));
    EXPECT_EQ(formatInput(-3.0), QStringLiteral("\u22123"));
    EXPECT_EQ(formatInput(-0.00001), QStringLiteral("0"));
    EXPECT_EQ(formatInput(0.123456), QStringLiteral("0.1235"));
}

} // namespace
