#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "numberformat.h"
#include "scenario.h"
#include "textprobe.h"
#include "viewstate.h"
#include "workednumbersview.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDockWidget>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QMainWindow>
#include <QScreen>
#include <QScrollBar>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

using namespace attnlens;
using attnlens::test::settleEvents;
using attnlens::test::notebookLessonScenario;

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

class WorkedNumbersViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(notebookLessonScenario());
        view = std::make_unique<WorkedNumbersView>(&model, &viewState);
        view->resize(700, 600);
        view->show();
        settleEvents();
    }

    static void settleEvents()
    {
        for (int i = 0; i < 3; ++i)
            QCoreApplication::processEvents();
    }

    QString text() const { return view->toPlainText(); }

    // The viewport position of the middle of the first text containing `needle`, or (-1, -1).
    QPoint positionOf(const QString &needle) const
    {
        const QRectF found = view->textRect(needle);
        return found.isEmpty() ? QPoint(-1, -1) : found.center().toPoint();
    }

    // The viewport drawn as the user sees it, one pixel per logical pixel.
    QImage viewportImage() const { return logicalImage(view->viewport()); }

    static QImage logicalImage(QWidget *widget)
    {
        QImage image = widget->grab().toImage();
        if (image.size() != widget->size())
            image = image.scaled(widget->size());  // sampled, so colours stay exact
        image.setDevicePixelRatio(1.0);
        return image;
    }

    static int darkPixels(const QImage &image, const QRect &area)
    {
        int dark = 0;
        for (int y = std::max(0, area.top()); y <= std::min(image.height() - 1, area.bottom()); ++y)
            for (int x = std::max(0, area.left()); x <= std::min(image.width() - 1, area.right()); ++x)
                dark += qGray(image.pixel(x, y)) < 110;
        return dark;
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
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d71 + 0\u00d70 = 1\t"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d70 + 0\u00d71 = 0\t")));
    EXPECT_TRUE(t.contains(QStringLiteral("1\u00d71 + 0\u00d71 = 1\t")));
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
    settleEvents();
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
    settleEvents();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("masked \u2192 weight 0"))) << t.toStdString();
    // The context sums only the allowed keys: 0.5×10 + 0.5×10.
    EXPECT_TRUE(t.contains(QStringLiteral("= 0.5000\u00d710 + 0.5000\u00d710\t"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("10.0000")));
    // The sum of the exponentials is over A and C only: 1 + 1.
    EXPECT_TRUE(t.contains(QStringLiteral("2.0000")));
}

TEST_F(WorkedNumbersViewTest, EmptyRowExplainsUndefinedSoftmax)
{
    for (int j = 0; j < 3; ++j)
        model.setMaskCell(0, j, false);
    settleEvents();
    ASSERT_EQ(model.result(), nullptr);
    const QString t = text();
    EXPECT_TRUE(view->isShowingRefusal());
    EXPECT_TRUE(t.contains(QStringLiteral("undefined: no allowed key")));
    EXPECT_TRUE(t.contains(QStringLiteral("softmax over no keys is undefined")));
    EXPECT_FALSE(t.contains(QStringLiteral("0.4011")));
    EXPECT_FALSE(t.contains(QStringLiteral("NaN")));
    view->grab().toImage().save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-worked-error.png")));

    model.setMaskCell(0, 0, true);
    settleEvents();
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
    Scenario s = notebookLessonScenario();
    s.queries = rows({{1, 0}, {0, 1}});
    s.queryLabels = {QStringLiteral("q"), QStringLiteral("second query")};
    model.setScenario(s);
    settleEvents();
    viewState.setSelectedQuery(1);
    settleEvents();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("second query")));
    EXPECT_TRUE(t.contains(QStringLiteral("0\u00d71 + 1\u00d71 = 1\t")));
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
    settleEvents();
    const QString t = text();
    EXPECT_TRUE(t.contains(QStringLiteral("\u2026 24 more keys"))) << t.toStdString();
    EXPECT_TRUE(t.contains(QStringLiteral("\u2026 4 more dimensions")));
    EXPECT_TRUE(t.contains(QStringLiteral("key 16")));
    EXPECT_FALSE(t.contains(QStringLiteral("key 17")));
    EXPECT_LT(t.size(), 20000);
}

TEST_F(WorkedNumbersViewTest, RendersAtProjectorAndLargeSizes)
{
    // At each size the view paints what it laid out, where it laid it out, nothing cut short.
    // Words and labels are painted as text (read back with the text probe); the numbers are
    // painted as glyph runs, which carry no characters, so they are checked by their ink: each
    // number in view is inked across its whole box, and two different numbers look different.
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    const QStringList words{QStringLiteral("1  Scores"), QStringLiteral("2  Softmax"),
                            QStringLiteral("3  Context"), QStringLiteral("memory A"),
                            QStringLiteral("memory B"), QStringLiteral("memory C"),
                            QStringLiteral("weight")};
    QStringList numbers;
    for (Index j = 0; j < result->weights.cols(); ++j)
        numbers.append(formatCompact(result->weights(0, j), 4));
    for (Index d = 0; d < result->context.cols(); ++d)
        numbers.append(formatCompact(result->context(0, d), 4));
    ASSERT_EQ(numbers, (QStringList{QStringLiteral("0.4011"), QStringLiteral("0.1978"),
                                    QStringLiteral("0.4011"), QStringLiteral("8.0222"),
                                    QStringLiteral("5.9889")}));

    for (const QSize size : {QSize(1280, 720), QSize(2560, 1440), QSize(600, 400)}) {
        SCOPED_TRACE(std::to_string(size.width()));
        view->resize(size);
        settleEvents();
        const QRectF viewport(view->viewport()->rect());
        const QPoint viewportOrigin = view->viewport()->mapTo(view.get(), QPoint(0, 0));

        const QVector<DrawnText> texts = drawnTexts(view.get());
        int wordsInView = 0;
        for (const QString &word : words) {
            const QRectF laidOut = view->textRect(word);
            ASSERT_FALSE(laidOut.isEmpty()) << word.toStdString();
            if (!viewport.contains(laidOut))
                continue;  // below the fold at this size
            ++wordsInView;
            const QRectF where = laidOut.translated(viewportOrigin);
            const auto drawn = std::find_if(texts.begin(), texts.end(), [&](const DrawnText &t) {
                return t.text == word && where.contains(t.rect.center());
            });
            ASSERT_NE(drawn, texts.end()) << word.toStdString() << " is not painted where it is laid out";
            EXPECT_FALSE(isCut(*drawn)) << word.toStdString();
        }

        const QImage image = viewportImage();
        const auto inkColumns = [&image](const QRect &box) {
            QVector<int> columns;
            for (int x = box.left(); x <= box.right(); ++x) {
                for (int y = box.top(); y <= box.bottom(); ++y) {
                    if (image.rect().contains(x, y) && qGray(image.pixel(x, y)) < 110) {
                        columns.append(x);
                        break;
                    }
                }
            }
            return columns;
        };
        int numbersInView = 0;
        for (const QString &number : std::as_const(numbers)) {
            const QRectF laidOut = view->textRect(number);
            ASSERT_FALSE(laidOut.isEmpty()) << number.toStdString();
            if (!viewport.contains(laidOut))
                continue;
            ++numbersInView;
            const QRect box = laidOut.toAlignedRect();
            const QVector<int> ink = inkColumns(box);
            ASSERT_FALSE(ink.isEmpty()) << number.toStdString() << " is not painted";
            // The first and the last digit are both there: ink from one end of the box to the other.
            EXPECT_LE(ink.first(), box.left() + 3) << number.toStdString();
            EXPECT_GE(ink.last(), box.right() - 3) << number.toStdString();
            EXPECT_GE(ink.size(), box.width() / 2) << number.toStdString();
        }
        // Different numbers are different ink.
        const QRect a = view->textRect(QStringLiteral("0.4011")).toAlignedRect();
        const QRect b = view->textRect(QStringLiteral("0.1978")).toAlignedRect();
        if (viewport.contains(a) && viewport.contains(b)) {
            int differing = 0;
            for (int y = 0; y < std::min(a.height(), b.height()); ++y)
                for (int x = 0; x < std::min(a.width(), b.width()); ++x)
                    differing += (qGray(image.pixel(a.topLeft() + QPoint(x, y))) < 110)
                                 != (qGray(image.pixel(b.topLeft() + QPoint(x, y))) < 110);
            EXPECT_GT(differing, 10);
        }
        // Everything fits at projector size and above; the small size shows at least its top.
        if (size.height() >= 720) {
            EXPECT_EQ(wordsInView, words.size());
            EXPECT_EQ(numbersInView, numbers.size());
        } else {
            EXPECT_GE(wordsInView + numbersInView, 3);
        }
    }
}

TEST_F(WorkedNumbersViewTest, NumbersAreDrawnWhereTheyAreLaidOut)
{
    const QImage image = viewportImage();
    // Numbers (glyph runs) and words (static text) both leave ink inside their own boxes...
    for (const char *shown : {"0.1978", "8.0222", "memory B", "Softmax"}) {
        const QRect box = view->textRect(QLatin1String(shown)).toAlignedRect();
        ASSERT_FALSE(box.isEmpty()) << shown;
        EXPECT_GT(darkPixels(image, box), 10) << shown;
    }
    // ...and the paper right of the widest table stays blank.
    const QRect margin(image.width() - 60, 0, 50, image.height());
    EXPECT_EQ(darkPixels(image, margin), 0);
}

TEST_F(WorkedNumbersViewTest, HiddenViewWaitsUntilShown)
{
    // As in the main window, the view sits on a tab that is not in front.
    QTabWidget tabs;
    tabs.addTab(new QWidget, QStringLiteral("heatmap"));
    auto *tabbed = new WorkedNumbersView(&model, &viewState);
    tabs.addTab(tabbed, QStringLiteral("worked numbers"));
    tabs.resize(700, 600);
    tabs.show();
    tabs.setCurrentIndex(1);
    settleEvents();
    ASSERT_TRUE(tabbed->isVisible());
    tabs.setCurrentIndex(0);
    settleEvents();
    ASSERT_FALSE(tabbed->isVisible());

    const QString before = tabbed->toPlainText();
    model.setTemperature(0.5);
    settleEvents();
    EXPECT_TRUE(tabbed->isStale()) << "a hidden view only remembers that it is behind";
    EXPECT_EQ(tabbed->toPlainText(), before) << "a hidden view must not recompute its numbers";
    EXPECT_FALSE(view->isStale()) << "the visible one keeps up";

    tabs.setCurrentIndex(1);
    settleEvents();
    EXPECT_FALSE(tabbed->isStale());
    const QString after = tabbed->toPlainText();
    EXPECT_NE(after, before);
    EXPECT_EQ(after, text()) << "once shown, it shows what a view that never hid shows";
    EXPECT_TRUE(after.contains(QString::number(model.result()->weights(0, 1), 'f', 4))) << after.toStdString();
    EXPECT_TRUE(after.contains(QStringLiteral("T = 0.5")));
}

TEST_F(WorkedNumbersViewTest, ADockTabBehindAnotherWaitsUntilBroughtToTheFront)
{
    // QMainWindow keeps the dock behind visible but moves it out of the window.
    QMainWindow window;
    auto *front = new QDockWidget(QStringLiteral("Heatmap"), &window);
    front->setWidget(new QLabel(QStringLiteral("heatmap")));
    auto *back = new QDockWidget(QStringLiteral("Worked numbers"), &window);
    auto *tabbed = new WorkedNumbersView(&model, &viewState);
    back->setWidget(tabbed);
    window.addDockWidget(Qt::RightDockWidgetArea, front);
    window.addDockWidget(Qt::RightDockWidgetArea, back);
    window.tabifyDockWidget(front, back);
    window.resize(900, 700);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    front->raise();
    settleEvents();

    const QString before = tabbed->toPlainText();
    model.setTemperature(0.5);
    settleEvents();
    EXPECT_TRUE(tabbed->isStale());
    EXPECT_EQ(tabbed->toPlainText(), before);

    back->raise();
    settleEvents();
    EXPECT_FALSE(tabbed->isStale());
    EXPECT_EQ(tabbed->toPlainText(), text());
    // And what is painted is the new calculation.
    const QRectF weight = tabbed->textRect(QString::number(model.result()->weights(0, 1), 'f', 4));
    ASSERT_FALSE(weight.isEmpty());
    EXPECT_GT(darkPixels(logicalImage(tabbed->viewport()), weight.toAlignedRect()), 10);
}

TEST_F(WorkedNumbersViewTest, HoveredKeyRowsAreHighlighted)
{
    const QPoint rowB = positionOf(QStringLiteral("memory B"));
    ASSERT_GE(rowB.x(), 0);
    // Just left of the label, inside the row's cell padding.
    const QPoint probe(static_cast<int>(view->textRect(QStringLiteral("memory B")).left()) - 4, rowB.y());
    const QRgb highlight = qRgb(0xff, 0xf1, 0xb8);
    EXPECT_NE(viewportImage().pixel(probe) & 0xffffff, highlight & 0xffffff);

    viewState.setHover(0, 1);
    settleEvents();
    EXPECT_EQ(viewportImage().pixel(probe) & 0xffffff, highlight & 0xffffff);
    // Another key's row is not highlighted.
    const QPoint rowA = positionOf(QStringLiteral("memory A"));
    const QPoint probeA(probe.x(), rowA.y());
    EXPECT_NE(viewportImage().pixel(probeA) & 0xffffff, highlight & 0xffffff);

    viewState.setHover(-1, -1);
    settleEvents();
    EXPECT_NE(viewportImage().pixel(probe) & 0xffffff, highlight & 0xffffff);
}

TEST_F(WorkedNumbersViewTest, NumberColumnsAreRightAlignedAndHoldStillDuringADrag)
{
    // Weights of A and B sit right-aligned in one column.
    const QRectF weightA = view->textRect(QStringLiteral("0.4011"));
    const QRectF sumOfExps = view->textRect(QStringLiteral("2.4931"));
    ASSERT_FALSE(weightA.isEmpty());
    ASSERT_FALSE(sumOfExps.isEmpty());
    const QRectF labelB = view->textRect(QStringLiteral("memory B"));

    // A drag: the query moves step by step and the numbers change width ("−0.2112", "0.05").
    for (int step = 1; step <= 20; ++step) {
        Eigen::RowVectorXd q(2);
        q << std::cos(step * 0.3), std::sin(step * 0.3);
        model.setQueryRow(0, q);
        settleEvents();
        EXPECT_DOUBLE_EQ(view->textRect(QStringLiteral("memory B")).left(), labelB.left());
    }
    const AttentionResult *result = model.result();
    ASSERT_NE(result, nullptr);
    // The sum of the exponentials stays right-aligned under the same column edge as before.
    double expSum = 0.0;
    double maxZ = result->scores.row(0).maxCoeff();
    for (int j = 0; j < 3; ++j)
        expSum += std::exp(result->scores(0, j) - maxZ);
    const QRectF sumNow = view->textRect(formatCompact(expSum));
    ASSERT_FALSE(sumNow.isEmpty()) << text().toStdString();
    EXPECT_NEAR(sumNow.right(), sumOfExps.right(), 0.01);
}

TEST_F(WorkedNumbersViewTest, CopyPutsTheCalculationOnTheClipboard)
{
    QAction *copy = nullptr;
    for (QAction *action : view->actions())
        if (action->shortcut() == QKeySequence(QKeySequence::Copy))
            copy = action;
    ASSERT_NE(copy, nullptr);
    QApplication::clipboard()->clear();
    copy->trigger();
    const QString copied = QApplication::clipboard()->text();
    EXPECT_EQ(copied, text());
    EXPECT_TRUE(copied.contains(QStringLiteral("memory A\t1\u00d71 + 0\u00d70 = 1\t0.7071\t0.7071")))
        << copied.toStdString();
}

TEST_F(WorkedNumbersViewTest, RefusalGreysTheViewOut)
{
    for (int j = 0; j < 3; ++j)
        model.setMaskCell(0, j, false);
    settleEvents();
    ASSERT_TRUE(view->isShowingRefusal());
    const QImage image = viewportImage();
    EXPECT_EQ(image.pixel(image.width() - 5, image.height() - 5) & 0xffffff, 0xe8e8e8u);
    EXPECT_FALSE(view->valueAt(positionOf(QStringLiteral("undefined"))).has_value());
    // The explanation wraps inside the view instead of running off to the side.
    view->resize(320, 400);
    settleEvents();
    EXPECT_EQ(view->horizontalScrollBar()->maximum(), 0);
    EXPECT_GT(darkPixels(viewportImage(), QRect(0, 0, 320, 200)), 200);
    viewportImage().save(attnlens::test::testOutputPath(QStringLiteral("perfcharts-worked-error-narrow.png")));
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

// Beside the lesson on a 1280x720 screen the panel is narrow: the wide tables (÷T and weight
// columns) would need a horizontal scroll. The narrow form writes the terms of each sum on rows
// of their own and the long headers on two lines, so that every column is in sight; with room
// again, the wide form comes back.
TEST_F(WorkedNumbersViewTest, ANarrowPanelShowsEveryColumnWithoutScrollingSideways)
{
    view->setFont(QFont(view->font().family(), 12));
    view->resize(900, 600);
    settleEvents();
    EXPECT_FALSE(view->isNarrow());
    const QString wide = text();
    EXPECT_TRUE(wide.contains(QStringLiteral("= score")));

    for (const int width : {380, 330}) {
        view->resize(width, 500);
        settleEvents();
        SCOPED_TRACE(width);
        EXPECT_TRUE(view->isNarrow());
        EXPECT_LE(view->contentSize().width(), view->viewport()->width());
        EXPECT_EQ(view->horizontalScrollBar()->maximum(), 0);
        // The same numbers are written: the weights and the scores are all there.
        const QString narrow = text();
        for (const QString &number : {QStringLiteral("0.4011"), QStringLiteral("0.1978"), QStringLiteral("8.0222"),
                                      QStringLiteral("0.7071")})
            EXPECT_TRUE(narrow.contains(number)) << number.toStdString();
        // The weight column is on screen.
        const QRectF weight = view->textRect(QStringLiteral("= weight"));
        ASSERT_FALSE(weight.isEmpty());
        EXPECT_LE(weight.right(), view->viewport()->width());
    }

    view->resize(900, 600);
    settleEvents();
    EXPECT_FALSE(view->isNarrow());
    EXPECT_EQ(text(), wide);
}

// The lesson brings the part it talks about into view: the scores in one step, the softmax in
// the next, even when the panel is too short to show both.
TEST_F(WorkedNumbersViewTest, ScrollToSectionBringsItsHeadingToTheTop)
{
    view->resize(420, 220);
    settleEvents();
    ASSERT_GT(view->verticalScrollBar()->maximum(), 0);
    for (const auto section : {WorkedNumbersView::Section::Softmax, WorkedNumbersView::Section::Context,
                               WorkedNumbersView::Section::Scores, WorkedNumbersView::Section::Query}) {
        view->scrollToSection(section);
        settleEvents();
        const QRectF heading = view->sectionRect(section);
        ASSERT_FALSE(heading.isEmpty());
        EXPECT_GE(heading.top(), -0.5);
        if (view->verticalScrollBar()->value() < view->verticalScrollBar()->maximum())
            EXPECT_LT(heading.top(), view->fontMetrics().height());
        else
            EXPECT_LE(heading.bottom(), view->viewport()->height());
    }
    view->scrollToSection(WorkedNumbersView::Section::Softmax);
    EXPECT_TRUE(view->textRect(QStringLiteral("2  Softmax")).top() >= -0.5);
    EXPECT_LT(view->textRect(QStringLiteral("2  Softmax")).top(), view->fontMetrics().height());

    // Out of sight, it scrolls once it has caught up.
    view->hide();
    settleEvents();
    model.setTemperature(0.5);
    view->scrollToSection(WorkedNumbersView::Section::Context);
    view->show();
    settleEvents();
    const QRectF context = view->sectionRect(WorkedNumbersView::Section::Context);
    ASSERT_FALSE(context.isEmpty());
    EXPECT_GE(context.top(), -0.5);
    EXPECT_LE(context.bottom(), view->viewport()->height());
}

// The sheet's paper, its heading and sum rows and the hovered key's rows are painted in the
// theme's colours, in every theme, and a new theme repaints the sheet without recomposing it.
TEST_F(WorkedNumbersViewTest, TheSheetIsPaintedInTheThemesColours)
{
    const QRectF labelB = view->textRect(QStringLiteral("memory B"));
    const QRectF sum = view->textRect(QStringLiteral("2.4931"));
    ASSERT_FALSE(labelB.isEmpty());
    ASSERT_FALSE(sum.isEmpty());
    // Just left of a label, inside its row's cell padding; far right, on the bare paper.
    const QPoint rowB(static_cast<int>(labelB.left()) - 4, static_cast<int>(labelB.center().y()));
    const QPoint sumRow(static_cast<int>(sum.right()) + 2, static_cast<int>(sum.center().y()));
    const QPoint paper(view->viewport()->width() - 3, 3);
    viewState.setHover(0, 1);
    for (const Theme::Kind kind : Theme::kinds()) {
        viewState.setThemeKind(kind);
        settleEvents();
        SCOPED_TRACE(Theme::id(kind).toStdString());
        const Theme &theme = viewState.theme();
        const QImage image = viewportImage();
        EXPECT_EQ(QColor(image.pixel(paper)), theme.plotBackground());
        EXPECT_EQ(QColor(image.pixel(rowB)), theme.sheetHighlightBackground());
        EXPECT_EQ(QColor(image.pixel(sumRow)), theme.sheetSumBackground());
        // The numbers are drawn in the sheet's ink: its darkest (lightest on Dark) pixels.
        const QRect digits = view->textRect(QStringLiteral("0.7071")).toAlignedRect();
        int inked = 0;
        for (int y = digits.top(); y <= digits.bottom(); ++y)
            for (int x = digits.left(); x <= digits.right(); ++x)
                inked += QColor(image.pixel(x, y)) == theme.sheetInk();
        EXPECT_GT(inked, 5);
    }
    viewState.setThemeKind(Theme::Kind::Light);
    viewState.setHover(-1, -1);
}

TEST_F(WorkedNumbersViewTest, InProjectorTypeTheSubscriptsStayInPlaceInsideAWindowAndScrolled)
{
    // At projector type the words are drawn as outlines while a subscript (the k of √d_k) is
    // small enough for Qt's glyph cache; Qt 6.4 then misplaces the subscript of a rich static
    // text under an offset painter. Inside a window, the page on screen must be the page drawn
    // on its own; scrolled by s pixels, the same page moved up by s.
    QWidget window;
    window.resize(1700, 1200);
    view->setParent(&window);
    view->move(300, 250);
    QFont large = view->font();
    large.setPixelSize(72);
    view->setFont(large);
    view->resize(1400, 900);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    ASSERT_GT(view->verticalScrollBar()->maximum(), 80);
    ASSERT_TRUE(view->toPlainText().contains(QStringLiteral("√dk")) || view->toPlainText().contains(QStringLiteral("√d_k")))
        << view->toPlainText().left(300).toStdString();
    const auto onScreen = [this] {
        QWidget *viewport = view->viewport();
        return viewport->screen()->grabWindow(viewport->window()->winId())
            .toImage()
            .convertToFormat(QImage::Format_RGB32)
            .copy(QRect(viewport->mapTo(viewport->window(), QPoint(0, 0)), viewport->size()));
    };
    // Ink where the other has paper (edges may be smoothed a shade differently).
    const auto inkDiffers = [](QRgb a, QRgb b) { return std::abs(qGray(a) - qGray(b)) > 96; };
    const QImage drawnAlone = viewportImage().convertToFormat(QImage::Format_RGB32);
    const QImage top = onScreen();
    if (top.isNull())
        GTEST_SKIP() << "the platform cannot read the window back";
    ASSERT_EQ(top.size(), drawnAlone.size());
    int differing = 0;
    for (int y = 0; y < top.height(); ++y)
        for (int x = 0; x < top.width(); ++x)
            differing += inkDiffers(top.pixel(x, y), drawnAlone.pixel(x, y));
    EXPECT_EQ(differing, 0) << "in a window";

    const int scrolled = 80;
    view->verticalScrollBar()->setValue(scrolled);
    settleEvents();
    const QImage moved = onScreen();
    differing = 0;
    for (int y = 0; y + scrolled < top.height(); ++y)
        for (int x = 0; x < top.width(); ++x)
            differing += inkDiffers(top.pixel(x, y + scrolled), moved.pixel(x, y));
    EXPECT_EQ(differing, 0) << "scrolled";
    view->setParent(nullptr);
}
