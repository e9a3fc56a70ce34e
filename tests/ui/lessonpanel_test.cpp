// The lesson dock on its own: every step with its ticks, "back to the checkpoint", the keys, the
// reference table, the intervention bench and the framework-convention switch.
#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "comparisongrid.h"
#include "comparisonview.h"
#include "coretestsupport.h"
#include "lessonconventionview.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "lessonreferencetable.h"
#include "viewstate.h"

#include <QComboBox>
#include <QToolButton>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QFontMetrics>
#include <QSettings>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QVBoxLayout>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

struct Fixture {
    QWidget window;
    AttentionModel model;
    ViewState viewState;
    LessonPanel *panel;
    QLineEdit *field;

    Fixture()
    {
        QSettings().remove(QStringLiteral("lesson/revealOnDemand"));  // answers hidden until revealed
        auto *layout = new QVBoxLayout(&window);
        panel = new LessonPanel(&model, &viewState, &window);
        field = new QLineEdit(&window);
        layout->addWidget(panel);
        layout->addWidget(field);
        window.resize(480, 900);
        window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
    }
};

int stepWithId(const LessonPanel &panel, const char *id)
{
    for (int i = 0; i < panel.stepCount(); ++i) {
        if (panel.progress()->step(i).id == QLatin1String(id))
            return i;
    }
    ADD_FAILURE() << id;
    return 0;
}

/// Every checkpoint but the actions (tasks until done) ticked.
bool allTicked(const LessonPanel &panel)
{
    const LessonStep &step = panel.progress()->currentLessonStep();
    for (int i = 0; i < panel.checkpointLabels().size(); ++i) {
        if (step.checkpoints[static_cast<size_t>(i)].kind == LessonCheckpoint::Kind::Action)
            continue;
        QLabel *label = panel.checkpointLabels().at(i);
        if (!label->property("holds").toBool() || !label->text().contains(QStringLiteral("✓")))
            return false;
    }
    return !panel.checkpointLabels().isEmpty();
}

} // namespace

TEST(LessonPanel, NextWalksEveryStepHiddenThenRevealedAndTicked)
{
    Fixture f;
    QSignalSpy views(f.panel, &LessonPanel::viewRequested);
    EXPECT_EQ(f.panel->currentStep(), -1);
    for (int i = 0; i < f.panel->stepCount(); ++i) {
        QTest::mouseClick(f.panel->nextButton(), Qt::LeftButton);
        settleEvents();
        const LessonStep &step = f.panel->progress()->currentLessonStep();
        SCOPED_TRACE(step.id.toStdString());
        EXPECT_EQ(f.panel->currentStep(), i);
        EXPECT_EQ(f.panel->counterText(), QStringLiteral("%1 / %2").arg(i + 1).arg(f.panel->stepCount()));
        EXPECT_EQ(f.panel->titleLabel()->text(), step.title);
        ASSERT_EQ(f.panel->checkpointLabels().size(), static_cast<int>(step.checkpoints.size()));
        // Before the reveal: answers are questions, actions are tasks, no expected numbers.
        ASSERT_TRUE(step.hasHiddenAnswers());
        EXPECT_FALSE(f.panel->answersShown());
        EXPECT_FALSE(f.panel->revealedLabel()->isVisible());
        EXPECT_TRUE(f.panel->revealButton()->isVisible() && f.panel->revealButton()->isEnabled());
        for (int c = 0; c < f.panel->checkpointLabels().size(); ++c) {
            const LessonCheckpoint &checkpoint = step.checkpoints[static_cast<size_t>(c)];
            QLabel *label = f.panel->checkpointLabels().at(c);
            if (checkpoint.kind == LessonCheckpoint::Kind::Given)
                continue;
            EXPECT_FALSE(label->text().contains(checkpoint.expected.toHtmlEscaped())) << label->text().toStdString();
            EXPECT_FALSE(label->text().contains(QStringLiteral("✓")));
            EXPECT_EQ(label->property("state").toString(),
                      checkpoint.kind == LessonCheckpoint::Kind::Action ? QStringLiteral("task") : QStringLiteral("hidden"));
        }
        QTest::mouseClick(f.panel->revealButton(), Qt::LeftButton);
        settleEvents();
        EXPECT_TRUE(f.panel->answersShown());
        EXPECT_FALSE(f.panel->revealButton()->isEnabled());
        EXPECT_EQ(f.panel->revealedLabel()->isVisible(), !step.revealed.isEmpty());
        EXPECT_TRUE(allTicked(*f.panel));
        EXPECT_FALSE(f.panel->backButton()->isVisible());
    }
    EXPECT_FALSE(f.panel->nextButton()->isEnabled());
    EXPECT_EQ(views.count(), f.panel->stepCount());
}

TEST(LessonPanel, MovingTheQueryUnticksTheWeightsAndBackRestoresThem)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "softmax-weights"));
    f.panel->revealAnswers();
    settleEvents();
    ASSERT_TRUE(allTicked(*f.panel));
    Eigen::RowVectorXd q(2);
    q << 0.3, 0.8;
    f.model.setQueryRow(0, q);
    settleEvents();
    EXPECT_FALSE(f.panel->checkpointLabels().at(0)->property("holds").toBool());
    EXPECT_TRUE(f.panel->checkpointLabels().at(0)->text().contains(QStringLiteral("○")));
    EXPECT_TRUE(f.panel->changedLabel()->isVisible());
    ASSERT_TRUE(f.panel->backButton()->isVisible());

    QTest::mouseClick(f.panel->backButton(), Qt::LeftButton);
    settleEvents();
    EXPECT_TRUE(allTicked(*f.panel));
    EXPECT_FALSE(f.panel->backButton()->isVisible());
    EXPECT_DOUBLE_EQ(f.model.scenario().queries(0, 0), 1.0);
}

TEST(LessonPanel, PageKeysAlwaysMoveArrowsOnlyOutsideFields)
{
    Fixture f;
    f.panel->goToStep(0);
    f.panel->setFocus();
    settleEvents();
    // PageDown first reveals the step's answers, then goes on; so does Right in the panel.
    QTest::keyClick(f.panel, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), 0);
    EXPECT_TRUE(f.panel->answersShown());
    QTest::keyClick(f.panel, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), 1);
    EXPECT_FALSE(f.panel->answersShown()) << "the next step hides its answers again";
    QTest::keyClick(f.panel, Qt::Key_Right);
    EXPECT_EQ(f.panel->currentStep(), 1);
    EXPECT_TRUE(f.panel->answersShown());
    QTest::keyClick(f.panel, Qt::Key_Right);
    EXPECT_EQ(f.panel->currentStep(), 2);
    QTest::keyClick(f.panel, Qt::Key_Left);
    EXPECT_EQ(f.panel->currentStep(), 1);
    QTest::keyClick(f.panel, Qt::Key_PageUp);
    EXPECT_EQ(f.panel->currentStep(), 0);
    QTest::keyClick(f.panel, Qt::Key_PageUp);
    EXPECT_EQ(f.panel->currentStep(), 0) << "no step before the first";
    QTest::keyClick(f.panel, Qt::Key_5, Qt::ControlModifier);
    EXPECT_EQ(f.panel->currentStep(), 4);
    QTest::keyClick(f.panel, Qt::Key_1, Qt::ControlModifier);
    EXPECT_EQ(f.panel->currentStep(), 0);

    // In a text field the arrows move the cursor; a clicker's PageDown still moves the lesson.
    f.field->setFocus();
    f.field->setText(QStringLiteral("abc"));
    f.field->setCursorPosition(0);
    ASSERT_TRUE(f.field->hasFocus());
    QTest::keyClick(f.field, Qt::Key_Right);
    EXPECT_EQ(f.panel->currentStep(), 0);
    EXPECT_EQ(f.field->cursorPosition(), 1);
    QTest::keyClick(f.field, Qt::Key_PageDown);
    EXPECT_TRUE(f.panel->answersShown());
    QTest::keyClick(f.field, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), 1);
    QTest::keyClick(f.field, Qt::Key_3, Qt::ControlModifier);
    EXPECT_EQ(f.panel->currentStep(), 2);

    // A list inside the panel keeps its arrows too.
    f.panel->goToStep(stepWithId(*f.panel, "reference-check"));
    f.panel->revealAnswers();  // the table comes with the answers
    settleEvents();
    auto *cases = f.panel->findChild<QComboBox *>(QStringLiteral("referenceCase"));
    ASSERT_NE(cases, nullptr);
    cases->setFocus();
    ASSERT_TRUE(cases->hasFocus());
    const int step = f.panel->currentStep();
    QTest::keyClick(cases, Qt::Key_Right);
    EXPECT_EQ(f.panel->currentStep(), step);
    QTest::keyClick(cases, Qt::Key_Left);
    EXPECT_EQ(f.panel->currentStep(), step);
    QTest::keyClick(cases, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), step + 1);
}

TEST(LessonPanel, RRevealsButIsALetterWhileTyping)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "softmax-weights"));
    settleEvents();
    f.panel->guessField()->setFocus();
    ASSERT_TRUE(f.panel->guessField()->hasFocus());
    QTest::keyClick(f.panel->guessField(), Qt::Key_R);
    EXPECT_FALSE(f.panel->answersShown());
    EXPECT_EQ(f.panel->guessField()->text(), QStringLiteral("r"));
    f.field->setFocus();
    QTest::keyClick(f.field, Qt::Key_R);
    EXPECT_FALSE(f.panel->answersShown());
    f.panel->setFocus();
    QTest::keyClick(f.panel, Qt::Key_R);
    EXPECT_TRUE(f.panel->answersShown());
    EXPECT_EQ(f.panel->currentStep(), stepWithId(*f.panel, "softmax-weights")) << "R never moves the step";
}

TEST(LessonPanel, TheGuessFieldOffersToClearWhatWasTyped)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "softmax-weights"));
    settleEvents();
    QLineEdit *guess = f.panel->guessField();
    guess->setFocus();
    QTest::keyClicks(guess, QStringLiteral("0.5"));
    ASSERT_TRUE(guess->isClearButtonEnabled());
    // Qt's clear button is a tool button inside the field (not public API: this fails loudly if
    // a Qt version builds it differently); clicking it empties the guess.
    QToolButton *clear = nullptr;
    for (QToolButton *button : guess->findChildren<QToolButton *>()) {
        if (button->isVisible())
            clear = button;
    }
    ASSERT_NE(clear, nullptr) << "the guess field shows no clear button";
    QTest::mouseClick(clear, Qt::LeftButton);
    EXPECT_TRUE(guess->text().isEmpty());
}

TEST(LessonPanel, KeysDoNothingWhileTheLessonIsHidden)
{
    Fixture f;
    f.panel->goToStep(0);
    f.panel->hide();
    f.field->setFocus();
    QTest::keyClick(f.field, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), 0);
}

TEST(LessonPanel, ReferenceStepShowsEveryCellWithinTolerance)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "reference-check"));
    f.panel->revealAnswers();
    settleEvents();
    LessonReferenceTable *reference = f.panel->referenceTable();
    ASSERT_TRUE(reference->isVisible());
    EXPECT_FALSE(f.panel->comparisonView()->isVisible());
    QTableWidget *table = reference->table();
    EXPECT_EQ(reference->currentCase(), QStringLiteral("nb_single_query"));
    ASSERT_EQ(table->rowCount(), 3 + 3 + 2);
    for (int row = 0; row < table->rowCount(); ++row) {
        EXPECT_TRUE(table->item(row, LessonReferenceTable::DifferenceColumn)->text().startsWith(QStringLiteral("✓")));
        EXPECT_EQ(table->item(row, LessonReferenceTable::EngineColumn)->text(),
                  table->item(row, LessonReferenceTable::ReferenceColumn)->text());
    }
    EXPECT_EQ(table->item(3, LessonReferenceTable::EngineColumn)->text(), QStringLiteral("0.4011120927"));
    reference->setCase(QStringLiteral("nb_causal_padding"));
    EXPECT_EQ(table->rowCount(), 9 + 9 + 6);
    EXPECT_TRUE(reference->summaryLabel()->text().startsWith(QStringLiteral("144 of 144")))
        << reference->summaryLabel()->text().toStdString();
}

TEST(LessonPanel, InterventionStepShowsBeforeAndAfter)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "what-a-plot-explains"));
    f.panel->revealAnswers();
    settleEvents();
    ComparisonView *bench = f.panel->comparisonView();
    ASSERT_TRUE(bench->isVisible());
    EXPECT_EQ(bench->keyRow(), 1) << "memory B, as in the notebook";
    ASSERT_TRUE(bench->beforeGrid()->hasMatrix() && bench->afterGrid()->hasMatrix());
    EXPECT_EQ(bench->beforeGrid()->values(), bench->afterGrid()->values()) << "a value change keeps the weights";
    EXPECT_TRUE(bench->verdictLabel()->text().contains(QStringLiteral("bit for bit")));

    bench->setChange(ComparisonView::Change::KeyMasked);
    const Matrix &after = bench->afterGrid()->values();
    EXPECT_DOUBLE_EQ(after(0, 0), 0.5);
    EXPECT_EQ(after(0, 1), 0.0);
    EXPECT_DOUBLE_EQ(after(0, 2), 0.5);
    // The masked cell is hatched grey, not coloured as a weight.
    EXPECT_EQ(bench->afterGrid()->cellColor(0, 1), QColor(0xd9, 0xd9, 0xd9));
    EXPECT_NE(bench->beforeGrid()->cellColor(0, 1), QColor(0xd9, 0xd9, 0xd9));

    // The bench follows the model live.
    Eigen::RowVectorXd q(2);
    q << 0.0, 1.0;
    f.model.setQueryRow(0, q);
    settleEvents();
    EXPECT_NEAR(bench->beforeGrid()->values()(0, 1), 0.4011120926797859, 1e-12);
}

TEST(LessonPanel, SnapshotsShowTheirDifference)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "what-a-plot-explains"));
    f.panel->revealAnswers();
    settleEvents();
    ComparisonView *bench = f.panel->comparisonView();
    EXPECT_FALSE(bench->differenceGrid()->hasMatrix());
    QTest::mouseClick(bench->snapshotAButton(), Qt::LeftButton);
    f.model.setTemperature(0.5);
    settleEvents();
    QTest::mouseClick(bench->snapshotBButton(), Qt::LeftButton);
    ASSERT_TRUE(bench->differenceGrid()->hasMatrix());
    const Matrix &d = bench->differenceGrid()->values();
    EXPECT_NEAR(d(0, 0), 0.44580827410760315 - 0.4011120926797859, 1e-12);
    EXPECT_NEAR(d(0, 1), 0.10838345178479356 - 0.1977758146404282, 1e-12);
    EXPECT_NEAR(d.sum(), 0.0, 1e-12);
    // Sharper: A gains (red), B loses (blue).
    const QColor gain = bench->differenceGrid()->cellColor(0, 0);
    const QColor loss = bench->differenceGrid()->cellColor(0, 1);
    EXPECT_GT(gain.red(), gain.blue());
    EXPECT_GT(loss.blue(), loss.red());

    f.panel->goToStep(stepWithId(*f.panel, "causal-mask"));
    settleEvents();
    ASSERT_TRUE(bench->takeSnapshotB());
    EXPECT_FALSE(bench->differenceGrid()->hasMatrix()) << "1 x 3 and 3 x 3 have no cell-by-cell difference";
}

TEST(LessonPanel, ConventionSwitchShowsTheFourAnswersAndTheEngineStillRefuses)
{
    Fixture f;
    f.panel->goToStep(stepWithId(*f.panel, "padding-mask"));
    f.panel->revealAnswers();
    settleEvents();
    LessonConventionView *conventions = f.panel->conventionView();
    ASSERT_TRUE(conventions->isVisible());
    EXPECT_EQ(conventions->convention(), FrameworkConvention::Refuse);
    EXPECT_EQ(conventions->answerText(FrameworkConvention::Refuse), QStringLiteral("undefined: no allowed key"));
    EXPECT_EQ(conventions->answerText(FrameworkConvention::NaN), QStringLiteral("NaN, NaN, NaN"));
    EXPECT_EQ(conventions->answerText(FrameworkConvention::UniformFill), QStringLiteral("0.3333, 0.3333, 0.3333"));
    EXPECT_EQ(conventions->answerText(FrameworkConvention::Zeros), QStringLiteral("0.0000, 0.0000, 0.0000"));
    QSignalSpy spy(conventions, &LessonConventionView::conventionChanged);
    conventions->setConvention(FrameworkConvention::NaN);
    EXPECT_EQ(spy.count(), 1);
    // The switch teaches; it never changes the engine's answer or the model.
    EXPECT_NE(f.model.result(), nullptr);
    EXPECT_FALSE(f.panel->progress()->scenarioChanged());
    EXPECT_TRUE(conventions->engineLabel()->text().contains(QStringLiteral("no allowed key")));
}

TEST(LessonPanel, LooksRightSmallAndLarge)
{
    Fixture f;
    for (const char *id : {"padding-mask", "reference-check", "what-a-plot-explains"}) {
        f.panel->goToStep(stepWithId(*f.panel, id));
        f.panel->revealAnswers();
        settleEvents();
        for (const QSize size : {QSize(400, 680), QSize(1400, 900)}) {
            f.window.resize(size);
            settleEvents();
            const QImage image = f.panel->grab().toImage();
            EXPECT_FALSE(image.isNull());
            image.save(attnlens::test::testOutputPath(QStringLiteral("lesson-panel-%1-%2x%3.png").arg(QLatin1String(id)).arg(size.width()).arg(size.height())));
        }
    }
    // Wide enough: before and after side by side; narrow: stacked.
    EXPECT_TRUE(f.panel->comparisonView()->isSideBySide());
    f.window.resize(400, 680);
    settleEvents();
    EXPECT_FALSE(f.panel->comparisonView()->isSideBySide());
}

TEST(LessonPanel, TheQuestionAndRevealStayInSightInANarrowColumnAndTheRevealShowsTheAnswer)
{
    // A 1024 x 768 projector gives the lesson a column of about 340 x 700 pixels at a large text.
    Fixture f;
    QFont large = f.panel->font();
    large.setPointSizeF(large.pointSizeF() * 1.5);
    f.panel->setFont(large);
    f.window.resize(340, 700);
    const auto inSight = [&f](QWidget *widget) {
        if (!widget->isVisible())
            return false;
        // Every ancestor up to the panel shows the whole of it (no scroll area hides a part).
        const QRect onPanel(widget->mapTo(f.panel, QPoint(0, 0)), widget->size());
        QRect visible = onPanel;
        for (QWidget *up = widget->parentWidget(); up && up != f.panel; up = up->parentWidget())
            visible &= QRect(up->mapTo(f.panel, QPoint(0, 0)), up->size());
        return visible == onPanel && f.panel->rect().contains(onPanel);
    };
    int asked = 0;
    for (int index = 0; index < f.panel->stepCount(); ++index) {
        const LessonStep &step = f.panel->progress()->step(index);
        f.panel->goToStep(index);
        settleEvents();
        if (!step.hasHiddenAnswers() || step.revealed.isEmpty())
            continue;
        ++asked;
        SCOPED_TRACE(step.id.toStdString());
        EXPECT_TRUE(inSight(f.panel->revealButton()));
        if (step.guess.kind != LessonGuess::Kind::None) {
            EXPECT_TRUE(inSight(f.panel->guessField()));
        }
        // The step's own text keeps at least as much of the column as the question takes.
        auto *text = f.panel->findChild<QScrollArea *>(QStringLiteral("lessonScroll"));
        auto *question = f.panel->findChild<QScrollArea *>(QStringLiteral("lessonAsk"));
        ASSERT_NE(text, nullptr);
        ASSERT_NE(question, nullptr);
        EXPECT_TRUE(question->isVisible());
        const int questionHeight = question->height() + f.panel->revealButton()->height()
            + (f.panel->guessField()->isVisible() ? f.panel->guessField()->height() : 0);
        EXPECT_GE(text->height() + QFontMetrics(large).height(), questionHeight);
        f.panel->revealAnswers();
        settleEvents();
        // The column has scrolled to the answer: its first line is in sight.
        QLabel *answer = f.panel->revealedLabel();
        const QPoint top = answer->mapTo(text->viewport(), QPoint(0, 0));
        EXPECT_TRUE(text->viewport()->rect().contains(QPoint(4, top.y() + QFontMetrics(large).height() / 2)))
            << top.y() << " in " << text->viewport()->height();
    }
    EXPECT_GE(asked, 10);
}
