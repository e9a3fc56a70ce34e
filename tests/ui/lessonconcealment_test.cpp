// Predict first, in the window: what a lesson step asks for stays out of the charts, the
// worked numbers, the heatmap, the key space and the weights table (their drawn texts, their
// plain text, tooltips, what a screen reader hears) until the reveal, and comes back with it;
// closing the lesson or self-study uncovers at once.
#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "charttestsupport.h"
#include "contextchartview.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "mainwindow.h"
#include "numberformat.h"
#include "predictfirstcover.h"
#include "presentationflash.h"
#include "presentationmode.h"
#include "textprobe.h"
#include "theme.h"
#include "scalelabcanvas.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "weightstablemodel.h"
#include "weightstableview.h"
#include "workednumbersview.h"

#include <algorithm>
#include <optional>
#include <QDockWidget>
#include <QGraphicsOpacityEffect>
#include <QPropertyAnimation>
#include <QRegularExpression>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

/// The numbers a step's answers give, as the lesson writes them ("0.4011", "4015.1320"): each
/// decimal with three or more digits after the point in an answer checkpoint's expected text or
/// the revealed sentences, without trailing zeros beyond the fourth digit.
QStringList answerNumbers(const LessonStep &step)
{
    // Numbers the step gives in its own words (a reference value in the guess's prompt) are
    // part of the question, not of the answer.
    const QString question = step.text + step.prediction + step.guess.prompt;
    QStringList sources{step.revealed};
    for (const LessonCheckpoint &checkpoint : step.checkpoints) {
        if (checkpoint.kind == LessonCheckpoint::Kind::Answer)
            sources << checkpoint.expected;
    }
    static const QRegularExpression decimal(QStringLiteral("\\d+\\.\\d{3,}"));
    QStringList numbers;
    for (const QString &source : sources) {
        for (auto it = decimal.globalMatch(source); it.hasNext();) {
            const QString number = it.next().captured(0);
            if (!numbers.contains(number) && !question.contains(number))
                numbers << number;
        }
    }
    return numbers;
}

/// Brings `view`'s dock to the front (a tab behind another shows nothing and is written only
/// once it is seen).
void bringForward(QWidget *view)
{
    for (QWidget *up = view; up; up = up->parentWidget()) {
        if (auto *dock = qobject_cast<QDockWidget *>(up)) {
            dock->show();
            dock->raise();
            break;
        }
    }
    settleEvents();
}

/// Every text the covered views put on screen or give a screen reader, each read while it is
/// in front.
QString coveredViewsText(MainWindow &window)
{
    QStringList texts;
    for (BarChartView *chart : {static_cast<BarChartView *>(window.weightsChartView()),
                                static_cast<BarChartView *>(window.contextChartView())}) {
        bringForward(chart);
        EXPECT_TRUE(chart->isVisible()) << chart->objectName().toStdString();
        for (const DrawnLabel &label : chart->drawnLabels())
            texts << label.text;
        texts << chart->accessibleDescription();
    }
    WorkedNumbersView *numbers = window.workedNumbersView();
    bringForward(numbers);
    EXPECT_TRUE(numbers->isVisible());
    texts << numbers->toPlainText() << numbers->accessibleDescription();
    HeatmapView *heatmap = window.findChild<HeatmapView *>(QStringLiteral("heatmapView"));
    bringForward(heatmap);
    texts << heatmap->accessibleDescription();
    // The key space: its labels as the scene writes them, every key's tooltip, its description.
    KeySpaceView *keySpace = window.findChild<KeySpaceView *>();
    for (const QStringList &lines : keySpace->scene().keyLabelLines)
        texts << lines.join(QLatin1Char(' '));
    for (int key = 0; key < window.model()->scenario().keyCount(); ++key)
        texts << keySpace->keyToolTip(key);
    texts << keySpace->accessibleDescription();
    // The weights table, every cell as shown, as a tooltip and as read out.
    const WeightsTableModel *table = window.weightsTableView()->tableModel();
    for (int row = 0; row < table->rowCount(); ++row) {
        for (int column = 0; column < table->columnCount(); ++column) {
            for (int role : {int(Qt::DisplayRole), int(Qt::ToolTipRole), int(Qt::AccessibleDescriptionRole)})
                texts << table->data(table->index(row, column), role).toString();
        }
    }
    return texts.join(QLatin1Char('\n'));
}

struct LessonWindow {
    MainWindow window;

    /// At 1280 × 720; `presenting`: under F5.
    explicit LessonWindow(bool presenting = false)
    {
        QSettings().remove(QStringLiteral("lesson/revealOnDemand"));
        window.documentController()->dialogs().askUnsavedChanges = [](const QString &) {
            return DocumentController::UnsavedChoice::Discard;
        };
        window.resize(1280, 720);
        window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
        if (presenting) {
            window.presentationMode()->enter();
            settleEvents();
        }
    }

    int stepWithId(const char *id) const
    {
        const LessonPanel &panel = *window.lessonPanel();
        for (int i = 0; i < panel.stepCount(); ++i) {
            if (panel.progress()->step(i).id == QLatin1String(id))
                return i;
        }
        ADD_FAILURE() << id;
        return 0;
    }
};

} // namespace

TEST(LessonConcealment, TheWeightsStepCoversTheChartsAndTheNumbersUntilTheReveal)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("softmax-weights"));
    settleEvents();
    EXPECT_EQ(w.window.viewState()->concealedAnswers(), LessonQuantity::Weights | LessonQuantity::Context);
    EXPECT_TRUE(w.window.weightsChartView()->isCoveredForPrediction());
    // The context's stacks are weight × value: covered too.
    EXPECT_TRUE(w.window.contextChartView()->isCoveredForPrediction());
    auto *cover = w.window.weightsChartView()->findChild<QLabel *>(QStringLiteral("weightsChartCover"));
    ASSERT_NE(cover, nullptr);
    EXPECT_TRUE(cover->isVisible());
    EXPECT_FALSE(cover->accessibleName().isEmpty());
    EXPECT_TRUE(cover->text().contains(QStringLiteral("Predict first"))) << cover->text().toStdString();
    const QString before = coveredViewsText(w.window);
    for (const char *number : {"0.4011", "0.1978"})
        EXPECT_FALSE(before.contains(QLatin1String(number))) << number << "\n" << before.toStdString();
    // The worked numbers keep the calculation and write the weights "?".
    WorkedNumbersView *numbers = w.window.workedNumbersView();
    bringForward(numbers);
    EXPECT_TRUE(numbers->toPlainText().contains(QStringLiteral("Predict first"))) << numbers->toPlainText().toStdString();

    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    EXPECT_FALSE(w.window.viewState()->concealedAnswers());
    EXPECT_FALSE(w.window.weightsChartView()->isCoveredForPrediction());
    // The card fades out (a short, calm transition), then is gone.
    EXPECT_TRUE(QTest::qWaitFor([cover] { return !cover->isVisible(); }));
    // The numbers are back where the student looks: the charts' labels and the page.
    bringForward(numbers);
    const QString after = coveredViewsText(w.window);
    EXPECT_TRUE(after.contains(QStringLiteral("0.4011"))) << after.toStdString();
    EXPECT_FALSE(numbers->toPlainText().contains(QStringLiteral("Predict first")));
}

TEST(LessonConcealment, EveryStepsAnswerNumbersStayOutOfTheViewsUntilTheReveal)
{
    LessonWindow w;
    LessonPanel *panel = w.window.lessonPanel();
    int checkedSteps = 0;
    for (int index = 0; index < panel->stepCount(); ++index) {
        const LessonStep &step = panel->progress()->step(index);
        w.window.startLesson(index);
        settleEvents();
        EXPECT_EQ(w.window.viewState()->concealedAnswers(), ViewState::withImplied(step.answersAbout))
            << step.id.toStdString();
        const QStringList numbers = answerNumbers(step);
        if (!step.answersAbout || numbers.isEmpty())
            continue;
        ++checkedSteps;
        const QString before = coveredViewsText(w.window);
        for (const QString &number : numbers)
            EXPECT_FALSE(before.contains(number)) << step.id.toStdString() << " shows " << number.toStdString();
        panel->revealAnswers();
        settleEvents();
        EXPECT_FALSE(w.window.viewState()->concealedAnswers()) << step.id.toStdString();
        EXPECT_FALSE(w.window.weightsChartView()->isCoveredForPrediction()) << step.id.toStdString();
        EXPECT_FALSE(w.window.contextChartView()->isCoveredForPrediction()) << step.id.toStdString();
    }
    // The steps about scores, weights and the context, with numbers in their answers.
    EXPECT_GE(checkedSteps, 6);
}

/// Everything on screen: every text the window draws (labels, buttons, the views' own painting,
/// each view as it stands now, docks in front only) and what every visible widget tells a
/// screen reader.
QString screenText(MainWindow &window)
{
    QStringList texts;
    for (const DrawnText &text : drawnTexts(&window)) {
        const QWidget *in = window.childAt(text.rect.center().toPoint());
        // A view's own painting under its opaque "Predict first" card is not on screen.
        const auto *card = qobject_cast<const PredictFirstCover *>(in);
        if (card && card->isCovering())
            continue;
        texts << text.text + QStringLiteral("  [drawn in ") + QLatin1String(in ? in->metaObject()->className() : "window")
                + QLatin1Char(']');
    }
    for (QWidget *widget : window.findChildren<QWidget *>()) {
        if (!widget->isVisible() || widget->visibleRegion().isEmpty())
            continue;
        const QString where = QStringLiteral("  [") + QLatin1String(widget->metaObject()->className()) + QLatin1Char(' ')
            + widget->objectName() + QLatin1Char(']');
        for (const QString &text : {widget->accessibleName(), widget->accessibleDescription(), widget->toolTip()}) {
            if (!text.isEmpty())
                texts << text + where;
        }
    }
    return texts.join(QLatin1Char('\n'));
}

TEST(LessonConcealment, NoWidgetOnScreenShowsAStepsAnswerBeforeTheReveal)
{
    // In the normal window and under F5, at every step with numbers in its answers.
    for (const bool presenting : {false, true}) {
        LessonWindow w(presenting);
        LessonPanel *panel = w.window.lessonPanel();
        int checkedSteps = 0;
        for (int index = 0; index < panel->stepCount(); ++index) {
            const LessonStep &step = panel->progress()->step(index);
            w.window.startLesson(index);
            settleEvents();
            const QStringList numbers = answerNumbers(step);
            if (!step.answersAbout || numbers.isEmpty())
                continue;
            ++checkedSteps;
            const QString before = screenText(w.window);
            for (const QString &number : numbers) {
                QStringList lines;
                for (const QString &line : before.split(QLatin1Char('\n')))
                    if (line.contains(number))
                        lines << line.right(160);
                EXPECT_TRUE(lines.isEmpty()) << (presenting ? "F5, " : "") << step.id.toStdString() << " shows "
                                             << number.toStdString() << ":\n  " << lines.join(QStringLiteral("\n  ")).toStdString();
            }
            panel->revealAnswers();
            settleEvents();
            // After it, the window shows every number; a presentation, whose views may be too
            // small for numbers in their cells, has the lesson's answer in sight at least.
            const QString after = screenText(w.window);
            for (const QString &number : numbers) {
                EXPECT_TRUE(presenting || after.contains(number))
                    << step.id.toStdString() << " never shows " << number.toStdString();
            }
            if (!step.revealed.isEmpty()) {
                EXPECT_FALSE(panel->revealedLabel()->visibleRegion().isEmpty())
                    << (presenting ? "F5, " : "") << step.id.toStdString() << ": the answer is out of sight";
            }
        }
        EXPECT_GE(checkedSteps, 6);
    }
}

TEST(LessonConcealment, ClosingTheLessonOrSelfStudyUncoversAtOnce)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("weighted-sum"));
    settleEvents();
    EXPECT_EQ(w.window.viewState()->concealedAnswers(), LessonQuantities(LessonQuantity::Context));
    EXPECT_TRUE(w.window.contextChartView()->isCoveredForPrediction());
    // The weights were the step before's answer: the weights chart stays live.
    EXPECT_FALSE(w.window.weightsChartView()->isCoveredForPrediction());

    w.window.lessonDock()->hide();
    settleEvents();
    EXPECT_FALSE(w.window.viewState()->concealedAnswers());
    EXPECT_FALSE(w.window.contextChartView()->isCoveredForPrediction());

    w.window.lessonDock()->show();
    settleEvents();
    EXPECT_TRUE(w.window.contextChartView()->isCoveredForPrediction());
    w.window.lessonPanel()->setRevealOnDemand(false);
    settleEvents();
    EXPECT_FALSE(w.window.viewState()->concealedAnswers());
    EXPECT_FALSE(w.window.contextChartView()->isCoveredForPrediction());
    w.window.lessonPanel()->setRevealOnDemand(true);
    QSettings().remove(QStringLiteral("lesson/revealOnDemand"));
}

TEST(LessonConcealment, TheSqrtDkStepCoversTheLabsSpreadsUntilTheReveal)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("why-sqrt-dk"));
    settleEvents();
    EXPECT_EQ(w.window.viewState()->concealedAnswers(), LessonQuantities(LessonQuantity::Spread));
    auto *canvas = w.window.findChild<ScaleLabCanvas *>();
    ASSERT_NE(canvas, nullptr);
    bringForward(canvas);
    ASSERT_TRUE(canvas->isVisible());
    EXPECT_TRUE(canvas->isCoveredForPrediction());
    auto *cover = canvas->findChild<QLabel *>(QStringLiteral("scaleLabCover"));
    ASSERT_NE(cover, nullptr);
    EXPECT_TRUE(cover->isVisible());
    EXPECT_EQ(cover->geometry(), canvas->rect());
    // The cover follows the lab's size by itself.
    w.window.resize(1180, 680);
    settleEvents();
    EXPECT_EQ(cover->geometry(), canvas->rect());
    // Neither the measured nor the expected spread reaches a screen reader.
    EXPECT_FALSE(canvas->accessibleDescription().contains(QStringLiteral("expected")))
        << canvas->accessibleDescription().toStdString();
    // The charts and the numbers stay live: the step asks about the lab's spreads only.
    EXPECT_FALSE(w.window.weightsChartView()->isCoveredForPrediction());

    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    EXPECT_FALSE(canvas->isCoveredForPrediction());
    // The card fades out (a short, calm transition), then is gone.
    EXPECT_TRUE(QTest::qWaitFor([cover] { return !cover->isVisible(); }));
    EXPECT_TRUE(canvas->accessibleDescription().contains(QStringLiteral("expected")))
        << canvas->accessibleDescription().toStdString();
}

TEST(LessonConcealment, TheHeatmapCoversItsCellsWhenTheStepAsksForTheWeights)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("query-and-temperature"));
    settleEvents();
    auto *heatmap = w.window.findChild<HeatmapView *>(QStringLiteral("heatmapView"));
    ASSERT_NE(heatmap, nullptr);
    bringForward(heatmap);
    EXPECT_TRUE(heatmap->isCoveredForPrediction());
    auto *cover = heatmap->findChild<QLabel *>(QStringLiteral("heatmapCover"));
    ASSERT_NE(cover, nullptr);
    EXPECT_TRUE(cover->isVisible());
    // Under the title, over the cells: every cell of the matrix lies under the cover.
    EXPECT_GT(cover->geometry().top(), 0);
    EXPECT_TRUE(heatmap->accessibleDescription().contains(QStringLiteral("hidden until you reveal")))
        << heatmap->accessibleDescription().toStdString();
    EXPECT_FALSE(heatmap->accessibleDescription().contains(QStringLiteral("0.4011")));
    // The selected row's outline does not stick out of the card's edge (it would frame a
    // covered row): no pixel in the query's colour in a band around the card, in the window and
    // under F5 (thicker lines).
    const auto outlinedAroundTheCard = [&] {
        const QImage picture = heatmap->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QRect card = cover->geometry();
        const int band = heatmap->fontMetrics().height();
        const QColor outline = w.window.viewState()->theme().queryColor(w.window.viewState()->selectedQuery());
        int outlined = 0;
        for (int y = std::max(0, card.top() - band); y <= std::min(picture.height() - 1, card.bottom() + band); ++y) {
            for (int x = card.left(); x <= std::min(picture.width() - 1, card.right() + band); ++x) {
                if (!card.contains(x, y) && QColor(picture.pixel(x, y)) == outline)
                    ++outlined;
            }
        }
        return outlined;
    };
    EXPECT_EQ(outlinedAroundTheCard(), 0) << "in the window";
    w.window.presentationMode()->enter();
    settleEvents();
    ASSERT_TRUE(cover->isVisible());
    EXPECT_EQ(outlinedAroundTheCard(), 0) << "under F5";
    w.window.presentationMode()->leave();
    settleEvents();
    // Nor does the line under it invite hovering a covered cell.
    EXPECT_FALSE(heatmap->infoText().contains(QStringLiteral("Hover"))) << heatmap->infoText().toStdString();
    // Hovering a cell tells nothing either.
    w.window.viewState()->setHover(2, 1);
    settleEvents();
    EXPECT_TRUE(heatmap->accessibleDescription().contains(QStringLiteral("hidden until you reveal")));
    w.window.viewState()->setHover(-1, -1);

    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    EXPECT_FALSE(heatmap->isCoveredForPrediction());
    // The card fades out (a short, calm transition), then is gone.
    EXPECT_TRUE(QTest::qWaitFor([cover] { return !cover->isVisible(); }));
}

TEST(LessonConcealment, TheKeySpaceKeepsTheDotProductsAndTheHalosBack)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("scaled-scores"));
    settleEvents();
    KeySpaceView *keySpace = w.window.findChild<KeySpaceView *>();
    ASSERT_NE(keySpace, nullptr);
    // Step 3 asks for the scaled scores: every key's label and tooltip says q·k = ?.
    EXPECT_TRUE(keySpace->scene().dotsHidden);
    for (int key = 0; key < w.window.model()->scenario().keyCount(); ++key) {
        EXPECT_TRUE(keySpace->keyToolTip(key).contains(QStringLiteral("q\u00b7k = ?"))) << keySpace->keyToolTip(key).toStdString();
        EXPECT_FALSE(keySpace->keyToolTip(key).contains(QStringLiteral("0.7071")));
    }
    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    EXPECT_FALSE(keySpace->scene().dotsHidden);
    EXPECT_TRUE(keySpace->keyToolTip(0).contains(QStringLiteral("0.7071"))) << keySpace->keyToolTip(0).toStdString();

    // A step about the weights draws no halo (their size is the weight) until the reveal.
    w.window.startLesson(w.stepWithId("softmax-weights"));
    settleEvents();
    for (bool drawn : keySpace->scene().haloDrawn)
        EXPECT_FALSE(drawn);
    EXPECT_TRUE(keySpace->accessibleDescription().contains(QStringLiteral("hidden until you reveal")))
        << keySpace->accessibleDescription().toStdString();
    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    int halos = 0;
    for (bool drawn : keySpace->scene().haloDrawn)
        halos += drawn ? 1 : 0;
    EXPECT_GT(halos, 0);
}

TEST(LessonConcealment, TheWeightsTableWritesTheAskedNumbersAsQuestionMarks)
{
    LessonWindow w;
    w.window.startLesson(w.stepWithId("weighted-sum"));
    settleEvents();
    const WeightsTableModel *table = w.window.weightsTableView()->tableModel();
    ASSERT_GT(table->rowCount(), 0);
    const int context = table->keyColumnCount();  // the first context column
    ASSERT_TRUE(table->isContextColumn(context));
    // The step asks for the context: its coordinates are "?", the weights (step 3's answer) stay.
    EXPECT_EQ(table->data(table->index(0, context)).toString(), QStringLiteral("?"));
    EXPECT_NE(table->data(table->index(0, 0)).toString(), QStringLiteral("?"));
    EXPECT_FALSE(table->cellSentence(0, context).isEmpty());
    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    EXPECT_NE(table->data(table->index(0, context)).toString(), QStringLiteral("?"));
}

TEST(LessonConcealment, TheCardFadesOutCalmlyAndComesBackAtOnce)
{
    QWidget view;
    view.resize(400, 300);
    auto *card = new PredictFirstCover(&view);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    card->cover(QStringLiteral("The weights are hidden until you reveal the answers (R)."));
    EXPECT_TRUE(card->isVisible());
    EXPECT_EQ(card->geometry(), view.rect());
    card->uncover();
    // Uncovered at once for everything that asks; on screen, the card fades over kFadeMs.
    EXPECT_FALSE(card->isCovering());
    EXPECT_TRUE(card->isVisible());
    auto *fade = qobject_cast<QGraphicsOpacityEffect *>(card->graphicsEffect());
    ASSERT_NE(fade, nullptr);
    EXPECT_TRUE(QTest::qWaitFor([fade] { return fade->opacity() < 1.0; }));
    EXPECT_TRUE(QTest::qWaitFor([card] { return !card->isVisible(); }));
    EXPECT_EQ(card->graphicsEffect(), nullptr) << "a card keeps no effect once faded";
    EXPECT_TRUE(QTest::qWaitFor([card] { return card->findChild<QPropertyAnimation *>() == nullptr; }));
    // Covered again (the next step): whole and opaque at once.
    card->cover(QStringLiteral("The context is hidden until you reveal the answers (R)."));
    EXPECT_TRUE(card->isVisible());
    EXPECT_EQ(card->graphicsEffect(), nullptr);
    // A card covering again in the middle of its fade stays, opaque, with no fade running on.
    card->uncover();
    ASSERT_NE(card->findChild<QPropertyAnimation *>(), nullptr);
    card->cover(QStringLiteral("The scores are hidden until you reveal the answers (R)."));
    const QPropertyAnimation *left = card->findChild<QPropertyAnimation *>();
    EXPECT_TRUE(!left || left->state() == QAbstractAnimation::Stopped) << "the fade would hide a covering card";
    EXPECT_EQ(card->graphicsEffect(), nullptr);
    EXPECT_TRUE(card->isVisible());
}

TEST(LessonConcealment, AScoresStepHidesWhatGivesTheScoresBackInTheWorkedNumbers)
{
    // exp(z − m) and the weights are a logarithm away from the scores: while a step asks for the
    // scores, they wait too.
    LessonWindow w;
    w.window.startLesson(w.stepWithId("scaled-scores"));
    settleEvents();
    ASSERT_EQ(w.window.viewState()->concealedAnswers(),
              LessonQuantity::Scores | LessonQuantity::Weights | LessonQuantity::Context);
    WorkedNumbersView *numbers = w.window.workedNumbersView();
    bringForward(numbers);
    const AttentionResult *result = w.window.model()->result();
    ASSERT_NE(result, nullptr);
    const int query = w.window.viewState()->selectedQuery();
    QStringList derived;
    const Eigen::RowVectorXd z = result->scores.row(query) / w.window.model()->scenario().temperature;
    for (Index key = 0; key < result->weights.cols(); ++key) {
        derived << formatCompact(result->weights(query, key)) << formatCompact(std::exp(z(key) - z.maxCoeff()));
    }
    derived.removeAll(QStringLiteral("1"));  // exp(0) = 1 is no secret
    derived.removeDuplicates();
    ASSERT_FALSE(derived.isEmpty());
    const QString before = numbers->toPlainText();
    for (const QString &number : derived)
        EXPECT_FALSE(before.contains(number)) << number.toStdString() << "\n" << before.toStdString();
    ASSERT_TRUE(w.window.lessonPanel()->revealAnswers());
    settleEvents();
    const QString after = numbers->toPlainText();
    for (const QString &number : derived)
        EXPECT_TRUE(after.contains(number)) << number.toStdString() << "\n" << after.toStdString();
}

TEST(LessonConcealment, AfterTheRevealWhatIsOnScreenIsWhatTheViewsWouldPaintAfresh)
{
    // The card fades over its own area only; what the view writes beside it (a compact card's
    // "Predict first: ..." line under the matrix) must be painted again too, not left on screen.
    for (const bool presenting : {false, true}) {
        LessonWindow w(presenting);
        LessonPanel *panel = w.window.lessonPanel();
        int compared = 0;
        for (int index = 0; index < panel->stepCount(); ++index) {
            if (!panel->progress()->step(index).answersAbout)
                continue;
            w.window.startLesson(index);
            settleEvents();
            panel->revealAnswers();
            const QList<PredictFirstCover *> cards = w.window.findChildren<PredictFirstCover *>();
            ASSERT_TRUE(QTest::qWaitFor([&cards] {
                return std::none_of(cards.begin(), cards.end(), [](PredictFirstCover *card) { return card->isVisible(); });
            }));
            // (The flash that shows where to look is not what is compared.)
            qDeleteAll(w.window.findChildren<PresentationFlash *>());
            settleEvents();
            const std::vector<QWidget *> views{w.window.findChild<HeatmapView *>(QStringLiteral("heatmapView")),
                                               w.window.weightsChartView(), w.window.contextChartView()};
            for (QWidget *view : views) {
                // Only a view in front (not a tab behind another).
                const QWidget *top = view && view->isVisible()
                    ? view->window()->childAt(view->mapTo(view->window(), view->rect().center()))
                    : nullptr;
                if (!top || (top != view && !view->isAncestorOf(top)))
                    continue;
                const std::optional<int> differing = attnlens::test::pixelsDifferingFromAFullRepaint(view);
                if (!differing)
                    GTEST_SKIP() << "the platform cannot read the window back";
                ++compared;
                EXPECT_EQ(*differing, 0) << (presenting ? "F5, " : "") << panel->progress()->step(index).id.toStdString()
                                         << ": " << view->objectName().toStdString() << " left stale pixels";
            }
        }
        EXPECT_GE(compared, 6);
    }
}
