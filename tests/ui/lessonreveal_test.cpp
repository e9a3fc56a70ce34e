// Predict, then reveal: answers hidden until Reveal (button, PageDown, R), typed guesses
// compared with the live result, action checkpoints that wait for the action, the self-study
// switch, a predict box in the theme's colours, fonts that follow the panel's font, a narrow
// column, and the snapshots' labels and colour scale.
#include "attentionmodel.h"
#include "comparisongrid.h"
#include "comparisonview.h"
#include "coretestsupport.h"
#include "lessonconventionview.h"
#include "lessonpanel.h"
#include "lessonprogress.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QSettings>
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

    explicit Fixture(int width = 480)
    {
        QSettings().remove(QStringLiteral("lesson/revealOnDemand"));
        auto *layout = new QVBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        panel = new LessonPanel(&model, &viewState, &window);
        layout->addWidget(panel);
        window.resize(width, 900);
        window.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
    }

    void goTo(const char *id)
    {
        for (int i = 0; i < panel->stepCount(); ++i) {
            if (panel->progress()->step(i).id == QLatin1String(id)) {
                panel->goToStep(i);
                settleEvents();
                return;
            }
        }
        ADD_FAILURE() << id;
    }

    QString allCheckpointText() const
    {
        QStringList texts;
        for (QLabel *label : panel->checkpointLabels())
            texts << label->text();
        return texts.join(QLatin1Char('\n'));
    }

    void type(const QString &text)
    {
        panel->guessField()->setFocus();
        panel->guessField()->clear();
        QTest::keyClicks(panel->guessField(), text);
    }
};

} // namespace

TEST(LessonReveal, WeightsStayHiddenUntilTheRevealButton)
{
    Fixture f;
    f.goTo("softmax-weights");
    EXPECT_FALSE(f.allCheckpointText().contains(QStringLiteral("0.4011")));
    EXPECT_FALSE(f.allCheckpointText().contains(QStringLiteral("0.1978")));
    EXPECT_TRUE(f.allCheckpointText().contains(QStringLiteral("Weights of q over A, B, C</b>: ?")))
        << f.allCheckpointText().toStdString();
    EXPECT_FALSE(f.panel->textLabel()->text().contains(QStringLiteral("0.4011")));
    EXPECT_FALSE(f.panel->revealedLabel()->isVisible());
    EXPECT_EQ(f.panel->checkpointLabels().at(0)->accessibleName(),
              QStringLiteral("Weights of q over A, B, C: answer hidden until the reveal"));

    QTest::mouseClick(f.panel->revealButton(), Qt::LeftButton);
    settleEvents();
    EXPECT_TRUE(f.allCheckpointText().contains(QStringLiteral("0.4011")));
    EXPECT_TRUE(f.panel->revealedLabel()->isVisible());
    EXPECT_TRUE(f.panel->revealedLabel()->text().contains(QStringLiteral("0.1978")));
    EXPECT_EQ(f.panel->checkpointLabels().at(0)->accessibleName(), QStringLiteral("Weights of q: holds"));

    // Another step hides again, and so does coming back.
    f.goTo("weighted-sum");
    EXPECT_FALSE(f.panel->answersShown());
    EXPECT_FALSE(f.allCheckpointText().contains(QStringLiteral("8.0222")));
    f.goTo("softmax-weights");
    EXPECT_FALSE(f.allCheckpointText().contains(QStringLiteral("0.4011")));
}

TEST(LessonReveal, PageDownRevealsThenMovesOn)
{
    Fixture f;
    f.goTo("weighted-sum");
    const int step = f.panel->currentStep();
    f.panel->setFocus();
    QTest::keyClick(f.panel, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), step);
    EXPECT_TRUE(f.allCheckpointText().contains(QStringLiteral("8.0222")));
    EXPECT_TRUE(f.panel->revealedLabel()->text().contains(QStringLiteral("Coordinate 1 comes from A and C")));
    EXPECT_FALSE(f.panel->textLabel()->text().contains(QStringLiteral("Coordinate 1 comes from A and C")))
        << "the text no longer answers its own question";
    QTest::keyClick(f.panel, Qt::Key_PageDown);
    EXPECT_EQ(f.panel->currentStep(), step + 1);
    QTest::keyClick(f.panel, Qt::Key_PageUp);
    EXPECT_EQ(f.panel->currentStep(), step);
    EXPECT_FALSE(f.panel->answersShown());
}

TEST(LessonReveal, ATypedRowIsComparedWithTheLiveWeights)
{
    Fixture f;
    f.goTo("softmax-weights");
    ASSERT_TRUE(f.panel->guessField()->isVisible());
    EXPECT_FALSE(f.panel->guessField()->accessibleName().isEmpty());
    f.type(QStringLiteral("0.4, 0.2, 0.4"));
    EXPECT_TRUE(f.panel->guessResultLabel()->text().startsWith(QStringLiteral("Noted")));
    EXPECT_FALSE(f.panel->guessResultLabel()->text().contains(QStringLiteral("0.4011")));
    QTest::keyClick(f.panel->guessField(), Qt::Key_Return);  // Enter reveals
    settleEvents();
    ASSERT_TRUE(f.panel->answersShown());
    const QString result = f.panel->guessResultLabel()->text();
    EXPECT_TRUE(result.startsWith(QStringLiteral("Close"))) << result.toStdString();
    EXPECT_TRUE(result.contains(QStringLiteral("A: you 0.4, live 0.4011"))) << result.toStdString();
    EXPECT_TRUE(f.panel->guessResultLabel()->property("close").toBool());
    EXPECT_EQ(f.panel->guessResultLabel()->accessibleDescription(), result);

    // A wrong guess says how far off; the comparison follows the live model.
    f.type(QStringLiteral("0.1 0.8 0.1"));
    EXPECT_FALSE(f.panel->guessResultLabel()->property("close").toBool());
    EXPECT_TRUE(f.panel->guessResultLabel()->text().contains(QStringLiteral("B: you 0.8, live 0.1978")))
        << f.panel->guessResultLabel()->text().toStdString();
    Eigen::RowVectorXd q(2);
    q << 0.0, 3.0;
    f.model.setQueryRow(0, q);
    settleEvents();
    EXPECT_FALSE(f.panel->guessResultLabel()->text().contains(QStringLiteral("live 0.1978")))
        << f.panel->guessResultLabel()->text().toStdString();

    // Something unparsable is named.
    f.type(QStringLiteral("0.4 lots 0.4"));
    EXPECT_TRUE(f.panel->guessResultLabel()->text().startsWith(QStringLiteral("Not understood: \"lots\"")))
        << f.panel->guessResultLabel()->text().toStdString();
}

TEST(LessonReveal, ARankingGuessSaysWhichPairIsSwapped)
{
    Fixture f;
    f.goTo("query-and-temperature");
    f.type(QStringLiteral("A > B > C"));
    EXPECT_TRUE(f.panel->guessResultLabel()->text().contains(QStringLiteral("A > B > C")));
    f.panel->revealAnswers();
    settleEvents();
    const QString result = f.panel->guessResultLabel()->text();
    EXPECT_TRUE(result.contains(QStringLiteral("Live: B > A = C"))) << result.toStdString();
    EXPECT_TRUE(result.contains(QStringLiteral("A and B swapped: B comes first."))) << result.toStdString();
    f.type(QStringLiteral("B > A = C"));
    EXPECT_TRUE(f.panel->guessResultLabel()->text().startsWith(QStringLiteral("Right order")));
}

TEST(LessonReveal, TemperatureActionsAreTasksUntilTheModelShowsThemDone)
{
    Fixture f;
    f.goTo("practice-temperature");
    f.panel->revealAnswers();  // even revealed, an action is not pre-filled
    settleEvents();
    QLabel *sharp = f.panel->checkpointLabels().at(0);
    QLabel *soft = f.panel->checkpointLabels().at(1);
    QLabel *compare = f.panel->checkpointLabels().at(2);
    EXPECT_EQ(sharp->property("state").toString(), QStringLiteral("task"));
    EXPECT_TRUE(sharp->text().contains(QStringLiteral("Move T to 0.5"))) << sharp->text().toStdString();
    EXPECT_FALSE(sharp->text().contains(QStringLiteral("0.6728")));
    EXPECT_FALSE(soft->text().contains(QStringLiteral("0.4159")));
    EXPECT_FALSE(compare->text().contains(QStringLiteral("0.8589")));
    EXPECT_EQ(sharp->accessibleName(), QStringLiteral("To do: Move T to 0.5"));

    f.model.setTemperature(0.5);
    settleEvents();
    EXPECT_EQ(sharp->property("state").toString(), QStringLiteral("holds"));
    EXPECT_TRUE(sharp->text().contains(QStringLiteral("0.6728"))) << sharp->text().toStdString();
    EXPECT_EQ(soft->property("state").toString(), QStringLiteral("task"));
    EXPECT_EQ(compare->property("state").toString(), QStringLiteral("task"));
    f.model.setTemperature(2.0);
    settleEvents();
    EXPECT_EQ(sharp->property("state").toString(), QStringLiteral("holds")) << "done stays done";
    EXPECT_TRUE(soft->text().contains(QStringLiteral("0.4159")));
    EXPECT_EQ(compare->property("state").toString(), QStringLiteral("holds"));
}

TEST(LessonReveal, SelfStudyShowsAnswersAtOnceAndIsRemembered)
{
    {
        Fixture f;
        QTest::mouseClick(f.panel->revealOnDemandBox(), Qt::LeftButton);
        EXPECT_FALSE(f.panel->revealOnDemand());
        f.goTo("softmax-weights");
        EXPECT_TRUE(f.panel->answersShown());
        EXPECT_FALSE(f.panel->revealButton()->isVisible());
        EXPECT_TRUE(f.allCheckpointText().contains(QStringLiteral("0.4011")));
        EXPECT_TRUE(f.panel->revealedLabel()->isVisible());
        EXPECT_FALSE(QSettings().value(QStringLiteral("lesson/revealOnDemand")).toBool());
        // PageDown moves on at once.
        const int step = f.panel->currentStep();
        f.panel->setFocus();
        QTest::keyClick(f.panel, Qt::Key_PageDown);
        EXPECT_EQ(f.panel->currentStep(), step + 1);
    }
    {
        // A new panel reads the setting (the fixture clears it; read it before).
        QSettings().setValue(QStringLiteral("lesson/revealOnDemand"), false);
        AttentionModel model;
        ViewState viewState;
        LessonPanel panel(&model, &viewState);
        EXPECT_FALSE(panel.revealOnDemand());
        EXPECT_FALSE(panel.revealOnDemandBox()->isChecked());
        panel.setRevealOnDemand(true);
        EXPECT_TRUE(QSettings().value(QStringLiteral("lesson/revealOnDemand")).toBool());
    }
}

TEST(LessonReveal, ThePanelDescriptionNamesTheStep)
{
    Fixture f;
    f.goTo("causal-mask");
    const QString description = f.panel->accessibleDescription();
    EXPECT_TRUE(description.contains(QStringLiteral("step %1 of %2: The causal mask")
                                         .arg(f.panel->currentStep() + 1)
                                         .arg(f.panel->stepCount())))
        << description.toStdString();
    EXPECT_TRUE(description.contains(QStringLiteral("hidden")));
    f.panel->revealAnswers();
    EXPECT_TRUE(f.panel->accessibleDescription().contains(QStringLiteral("Answers shown")));
    EXPECT_EQ(f.panel->revealButton()->accessibleName(), QStringLiteral("Reveal the answers"));
    EXPECT_FALSE(f.panel->guessResultLabel()->accessibleName().isEmpty());
    EXPECT_TRUE(f.panel->keyHintLabel()->text().contains(QStringLiteral("PageDown")));
    EXPECT_TRUE(f.panel->keyHintLabel()->text().contains(QStringLiteral(" R ")));
}

TEST(LessonReveal, ThePredictBoxTakesItsColoursFromTheTheme)
{
    Fixture f;
    f.goTo("softmax-weights");
    QLabel *box = f.panel->predictionLabel();
    const auto backgroundOf = [&] {
        settleEvents();
        const QImage image = box->grab().toImage();
        // Inside the box, right of the text's first line: the fill.
        return QColor(image.pixel(image.width() - 3, image.height() / 2));
    };
    const QColor light = backgroundOf();
    EXPECT_EQ(light, f.panel->predictionColors().background);
    EXPECT_GT(light.lightnessF(), 0.8);

    f.viewState.setThemeKind(Theme::Kind::Dark);
    const QColor dark = backgroundOf();
    EXPECT_EQ(dark, f.panel->predictionColors().background);
    EXPECT_LT(dark.lightnessF(), 0.3) << "no bright yellow box in the dark theme";
    EXPECT_GT(f.panel->predictionColors().text.lightnessF(), 0.7) << "light text on it";

    f.viewState.setThemeKind(Theme::Kind::Projector);
    const QColor projector = backgroundOf();
    EXPECT_EQ(projector, f.panel->predictionColors().background);
    EXPECT_EQ(f.panel->predictionColors().text, Theme::make(Theme::Kind::Projector).textColor());
}

TEST(LessonReveal, EveryFontFollowsThePanelFont)
{
    Fixture f;
    f.goTo("softmax-weights");
    const auto sizeOf = [](const QWidget *w) { return QFontInfo(w->font()).pixelSize(); };
    QList<const QWidget *> widgets{f.panel->titleLabel(),  f.panel->predictionLabel(),
                                   f.panel->textLabel(),   f.panel->guessField(),
                                   f.panel->guessPromptLabel(), f.panel->revealButton(),
                                   f.panel->nextButton(),  f.panel->checkpointLabels().at(0),
                                   f.panel->keyHintLabel()};
    QList<int> before;
    for (const QWidget *w : widgets)
        before << sizeOf(w);
    EXPECT_GT(sizeOf(f.panel->titleLabel()), sizeOf(f.panel->textLabel())) << "the title is bigger";

    // What presentation mode does: a bigger font on the window.
    QFont big = f.window.font();
    big.setPointSizeF(big.pointSizeF() * 2.0);
    f.window.setFont(big);
    settleEvents();
    for (int i = 0; i < widgets.size(); ++i) {
        SCOPED_TRACE(widgets.at(i)->objectName().toStdString());
        EXPECT_GE(sizeOf(widgets.at(i)), before.at(i) * 17 / 10);
    }
    // The checkpoints made after the change are big as well.
    f.goTo("weighted-sum");
    EXPECT_GE(sizeOf(f.panel->checkpointLabels().at(0)), before.at(7) * 17 / 10);
}

TEST(LessonReveal, EveryStepFitsANarrowColumnWithoutCuttingWords)
{
    Fixture f(300);
    auto *scroll = f.panel->findChild<QScrollArea *>(QStringLiteral("lessonScroll"));
    ASSERT_NE(scroll, nullptr);
    for (int i = 0; i < 2 * f.panel->stepCount(); ++i) {
        const bool big = i >= f.panel->stepCount();
        if (i == f.panel->stepCount()) {
            // Half as big again: what presentation mode's Ctrl + does to a narrow lesson column.
            QFont font = f.window.font();
            font.setPointSizeF(font.pointSizeF() * 1.5);
            f.window.setFont(font);
        }
        f.panel->goToStep(i % f.panel->stepCount());
        f.panel->revealAnswers();
        f.panel->guessField()->setText(QStringLiteral("1 2 x"));  // a message under the field
        f.model.setTemperature(3.0);  // "You changed the scenario" and its button
        settleEvents();
        SCOPED_TRACE(f.panel->progress()->currentLessonStep().id.toStdString() + (big ? " big" : ""));
        ASSERT_TRUE(f.panel->backButton()->isVisible());
        const int room = scroll->viewport()->width();
        EXPECT_LE(room, 300);
        QStringList wide;  // what a failure should name
        for (QWidget *child : scroll->widget()->findChildren<QWidget *>()) {
            if (child->isVisible() && child->minimumSizeHint().width() > room - 8)
                wide << QStringLiteral("%1 %2 (%3)").arg(QLatin1String(child->metaObject()->className()), child->objectName())
                            .arg(child->minimumSizeHint().width());
        }
        EXPECT_LE(scroll->widget()->width(), room) << "nothing is wider than the column: " << wide.join(QStringLiteral(", ")).toStdString();
        for (QLabel *label : f.panel->findChildren<QLabel *>()) {
            if (!label->isVisible() || label->text().isEmpty() || !label->wordWrap())
                continue;
            // The whole text fits the label's height at its width: nothing is cut off.
            EXPECT_LE(label->heightForWidth(label->width()), label->height()) << label->objectName().toStdString();
            EXPECT_LE(label->mapTo(f.panel, QPoint(label->width(), 0)).x(), f.panel->width())
                << label->objectName().toStdString();
        }
    }
}

TEST(LessonReveal, SnapshotsHaveTheirOwnLabelsAndTheDifferenceAColourScale)
{
    Fixture f;
    f.goTo("what-a-plot-explains");
    f.panel->revealAnswers();
    settleEvents();
    ComparisonView *bench = f.panel->comparisonView();
    ASSERT_TRUE(bench->takeSnapshotA());
    f.model.setTemperature(0.5);
    settleEvents();
    ASSERT_TRUE(bench->takeSnapshotB());
    settleEvents();
    const QString a = bench->snapshotALabelText();
    const QString b = bench->snapshotBLabelText();
    EXPECT_NE(a, b);
    EXPECT_TRUE(a.startsWith(QStringLiteral("Snapshot A — "))) << a.toStdString();
    EXPECT_TRUE(a.contains(QStringLiteral("T = 1"))) << a.toStdString();
    EXPECT_TRUE(b.startsWith(QStringLiteral("Snapshot B — "))) << b.toStdString();
    EXPECT_TRUE(b.contains(QStringLiteral("T = 0.5"))) << b.toStdString();
    EXPECT_TRUE(b.contains(QStringLiteral("changed since A: T 1 → 0.5"))) << b.toStdString();

    ComparisonGrid *difference = bench->differenceGrid();
    ASSERT_TRUE(difference->hasMatrix());
    const QRectF legend = difference->legendRect();
    ASSERT_FALSE(legend.isEmpty());
    EXPECT_NEAR(difference->legendRange(), difference->values().cwiseAbs().maxCoeff(), 1e-15);
    EXPECT_EQ(difference->legendLabels().at(1), QStringLiteral("0"));
    EXPECT_TRUE(difference->legendLabels().at(0).startsWith(QStringLiteral("−")));
    EXPECT_TRUE(difference->legendLabels().at(2).startsWith(QStringLiteral("+")));
    EXPECT_TRUE(difference->accessibleDescription().contains(QStringLiteral("Colour scale")));
    // Blue at the left end, white-ish in the middle, red at the right end.
    const QImage image = difference->grab().toImage();
    const int y = static_cast<int>(legend.center().y());
    const QColor left(image.pixel(static_cast<int>(legend.left()) + 2, y));
    const QColor middle(image.pixel(static_cast<int>(legend.center().x()), y));
    const QColor right(image.pixel(static_cast<int>(legend.right()) - 2, y));
    EXPECT_GT(left.blue(), left.red() + 60);
    EXPECT_GT(right.red(), right.blue() + 60);
    EXPECT_GT(middle.lightnessF(), 0.9);
    // The legend's ends are the colours of the largest changes.
    EXPECT_GT(difference->legendRect().bottom(), difference->cellRect(0, 0).bottom());
}

TEST(LessonReveal, TheChosenConventionIsDrawnInThePalettesSelectionColours)
{
    Fixture f;
    f.goTo("padding-mask");
    f.panel->revealAnswers();
    settleEvents();
    LessonConventionView *conventions = f.panel->conventionView();
    auto *answers = conventions->findChild<QLabel *>(QStringLiteral("conventionAnswers"));
    ASSERT_NE(answers, nullptr);
    EXPECT_FALSE(answers->text().contains(QStringLiteral("#fff2b3")));
    QPalette palette = conventions->palette();
    palette.setColor(QPalette::Highlight, QColor(0x12, 0x34, 0x56));
    palette.setColor(QPalette::HighlightedText, QColor(0xfe, 0xdc, 0xba));
    conventions->setPalette(palette);  // what a theme switch does
    settleEvents();
    EXPECT_TRUE(answers->text().contains(QStringLiteral("#123456"))) << answers->text().toStdString();
    EXPECT_TRUE(answers->text().contains(QStringLiteral("#fedcba")));
}

TEST(LessonReveal, ClickingTheSelfStudyWordsTogglesTheBoxOnce)
{
    Fixture f;
    QLabel *words = nullptr;
    for (QLabel *label : f.panel->findChildren<QLabel *>()) {
        if (label->text().startsWith(QStringLiteral("Hide answers until revealed")))
            words = label;
    }
    ASSERT_NE(words, nullptr);
    ASSERT_TRUE(f.panel->revealOnDemandBox()->isChecked());
    QTest::mouseClick(words, Qt::LeftButton);
    EXPECT_FALSE(f.panel->revealOnDemandBox()->isChecked());
    EXPECT_FALSE(f.panel->revealOnDemand());
    QTest::mouseClick(words, Qt::LeftButton);
    EXPECT_TRUE(f.panel->revealOnDemand());
}
