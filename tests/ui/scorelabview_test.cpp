// The score-function lab: its controls follow the scenario's score function, every edit is one
// undo step that the engine computes with, the picture's bars and tanh cells match the engine's
// numbers (checked against a hand computation), the keyboard points at encoder states, and a
// change of kind or of h keeps the scenario computable.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "labdocks.h"
#include "mainwindow.h"
#include "matrixeditorview.h"
#include "presentationmode.h"
#include "workednumbersview.h"
#include "scorelabpicture.h"
#include "scorelabview.h"
#include "scoreweightseditor.h"
#include "textprobe.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QComboBox>
#include <QDockWidget>
#include <QSettings>
#include <QStyle>
#include <QLabel>
#include <QDoubleSpinBox>
#include <QImage>
#include <QPainter>
#include <QSpinBox>
#include <QStandardItemModel>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;

namespace {

struct Lab {
    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    std::unique_ptr<ScoreLabView> view;

    Lab()
    {
        model.setScenario(builtinScenario("practice-additive-attention"));
        settleEvents();
        view = std::make_unique<ScoreLabView>(&model, &viewState);
        view->resize(900, 560);
        view->show();
        settleEvents();
    }
};

/// The picture painted into an image of its own size; returns its geometry.
ScoreLabPainter::Geometry paintOnce(ScoreLabPicture *picture)
{
    QImage image(picture->size(), QImage::Format_ARGB32);
    QPainter painter(&image);
    return picture->paintPicture(painter, QRectF(image.rect()), picture->font());
}

TEST(ScoreLabView, ShowsTheAdditiveScoreOfTheLessonScenario)
{
    Lab lab;
    EXPECT_EQ(lab.view->kindBox()->currentData().toInt(), int(ScoreFunction::Kind::Additive));
    EXPECT_TRUE(lab.view->hiddenSizeBox()->isVisibleTo(lab.view.get()));
    EXPECT_EQ(lab.view->hiddenSizeBox()->value(), 3);
    // d_q = 2 and d_k = 3: scaled dot-product is not offered.
    auto *items = qobject_cast<QStandardItemModel *>(lab.view->kindBox()->model());
    ASSERT_NE(items, nullptr);
    EXPECT_FALSE(items->item(lab.view->kindBox()->findData(int(ScoreFunction::Kind::ScaledDot)))->isEnabled());
    // W_q is 3 x 2, W_k 3 x 3, w has 3 entries.
    ScoreWeightsEditor *editor = lab.view->weightsEditor();
    EXPECT_NE(editor->box(AttentionModel::ScoreWeight::Query, 2, 1), nullptr);
    EXPECT_EQ(editor->box(AttentionModel::ScoreWeight::Query, 2, 2), nullptr);
    EXPECT_NE(editor->box(AttentionModel::ScoreWeight::Key, 2, 2), nullptr);
    ASSERT_NE(editor->box(AttentionModel::ScoreWeight::Vector, 2, 0), nullptr);
    EXPECT_DOUBLE_EQ(editor->box(AttentionModel::ScoreWeight::Vector, 2, 0)->value(), -1.0);
    EXPECT_EQ(editor->box(AttentionModel::ScoreWeight::Vector, 2, 0)->accessibleName(), QStringLiteral("w entry 3"));
}

TEST(ScoreLabView, LargeTypeInANarrowLabShortensTheHeadingLinesInsteadOfCuttingThem)
{
    // Presentation mode's largest type in a lab about a third of a 1280-pixel screen wide.
    Lab lab;
    QFont large = lab.view->font();
    large.setPixelSize(30);
    lab.view->setFont(large);
    lab.view->resize(430, 700);
    settleEvents();
    int lines = 0;
    auto *picture = lab.view->findChild<ScoreLabPicture *>();
    ASSERT_NE(picture, nullptr);
    for (const DrawnText &text : drawnTexts(picture)) {
        const bool headingLine = text.text.contains(QStringLiteral("scores")) || text.text.startsWith(QStringLiteral("Additive"))
            || text.text.startsWith(QStringLiteral("w\u1d40 tanh")) || text.text.startsWith(QStringLiteral("d_q"));
        if (!headingLine)
            continue;
        ++lines;
        EXPECT_FALSE(isCut(text)) << text.text.toStdString();
        EXPECT_FALSE(text.text.contains(QStringLiteral("\u2026"))) << text.text.toStdString();
    }
    EXPECT_GE(lines, 3);
}

// Issue 27 (3840x2160, the largest text, zh_TW): the kind, h and the seeded-weights button on
// one row asked more width than the lab's column had, and the combo box was squeezed to
// "加性（Bahdanau" without its closing bracket. The controls now ask no more width than the
// weights under them.
TEST(ScoreLabView, AtTheLargestTypeTheControlsAskNoMoreWidthThanTheWeightsUnderThem)
{
    Lab lab;
    QFont large = lab.view->font();
    large.setPixelSize(30);
    lab.view->setFont(large);
    settleEvents();
    const int weights = lab.view->weightsEditor()->minimumSizeHint().width();
    QWidget *reset = lab.view->findChild<QWidget *>(QStringLiteral("scoreReset"));
    ASSERT_NE(reset, nullptr);
    // Each row of controls, as wide as its widgets want, with the layout's spacing between them.
    const int spacing = lab.view->style()->pixelMetric(QStyle::PM_LayoutHorizontalSpacing);
    const auto rowWidth = [spacing](std::initializer_list<const QWidget *> row) {
        int width = 0;
        for (const QWidget *widget : row)
            width += widget->sizeHint().width() + spacing;
        return width;
    };
    const QList<QLabel *> labels = lab.view->findChildren<QLabel *>();
    const auto buddyOf = [&labels](const QWidget *widget) -> const QWidget * {
        for (const QLabel *label : labels) {
            if (label->buddy() == widget)
                return label;
        }
        return widget;
    };
    const QWidget *kind = lab.view->kindBox();
    const QWidget *hidden = lab.view->hiddenSizeBox();
    const QWidget *query = lab.view->queryBox();
    EXPECT_LE(rowWidth({buddyOf(kind), kind, buddyOf(hidden), hidden}), weights);
    EXPECT_LE(rowWidth({buddyOf(query), query, reset}), weights);
    // And the lab laid out at its narrowest gives each control its whole text.
    lab.view->resize(lab.view->minimumSizeHint().width(), 700);
    settleEvents();
    for (const QWidget *widget : {kind, hidden, query, static_cast<const QWidget *>(reset)})
        EXPECT_GE(widget->width(), widget->sizeHint().width()) << widget->objectName().toStdString();
}

TEST(ScoreLabView, PictureBarsAndTermsMatchAHandComputation)
{
    Lab lab;
    const ScoreLabPainter::Geometry g = paintOnce(lab.view->picture());
    ASSERT_EQ(g.rows.size(), 3u);
    ASSERT_EQ(g.weightBars.size(), 3u);
    ASSERT_EQ(g.terms.size(), 3u);
    EXPECT_EQ(g.terms[2].size(), 3u) << "h = 3 tanh cells per encoder state";
    // Weights by hand: encoder C 0.4868, A 0.2819, B 0.2312; bars share one scale from 0 to 1.
    const double a = g.weightBars[0].width(), b = g.weightBars[1].width(), c = g.weightBars[2].width();
    EXPECT_GT(c, a);
    EXPECT_GT(a, b);
    EXPECT_NEAR(c / a, 0.486844107659385 / 0.2819107846275269, 0.02);
    // Every score is positive: the bars start at the same zero line and reach right.
    const double zero = g.scoreBars[0].left();
    for (const QRectF &bar : g.scoreBars)
        EXPECT_NEAR(bar.left(), zero, 1e-9);
    EXPECT_GT(g.scoreBars[2].width(), g.scoreBars[0].width());
    // The screen reader hears the same numbers.
    const QString description = lab.view->picture()->accessibleDescription();
    EXPECT_TRUE(description.contains(QStringLiteral("encoder C: score 2.5643, weight 0.4868")))
        << description.toStdString();
    EXPECT_TRUE(description.contains(QStringLiteral("d_q \u2260 d_k")));
}

TEST(ScoreLabView, EditingWIsOneUndoStepAndMovesTheWeight)
{
    Lab lab;
    QUndoStack *stack = lab.recorder.undoStack();
    const int steps = stack->count();
    QDoubleSpinBox *last = lab.view->weightsEditor()->box(AttentionModel::ScoreWeight::Vector, 2, 0);
    ASSERT_NE(last, nullptr);
    last->setValue(1.0);
    settleEvents();
    EXPECT_EQ(stack->count(), steps + 1);
    EXPECT_EQ(lab.model.wholeScenario().score.scoreVector(2), 1.0);
    ASSERT_NE(lab.model.result(), nullptr);
    // w = [1, 1.5, 1]: A = tanh 1.5 + 1.5 tanh 1.5 + tanh 0.25.
    const double sa = std::tanh(1.5) * 2.5 + std::tanh(0.25);
    const double sb = 1.5 * std::tanh(1.5) + std::tanh(-0.5);
    const double sc = std::tanh(0.75) + 1.5 * std::tanh(2.25) + std::tanh(-0.5);
    EXPECT_NEAR(lab.model.result()->scores(0, 0), sa, 1e-14);
    EXPECT_NEAR(lab.model.result()->weights(0, 0), std::exp(sa) / (std::exp(sa) + std::exp(sb) + std::exp(sc)), 1e-14);

    stack->undo();
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario().score.scoreVector(2), -1.0);
    EXPECT_DOUBLE_EQ(last->value(), -1.0) << "the box follows the undo";
    stack->redo();
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario().score.scoreVector(2), 1.0);
}

TEST(ScoreLabView, KindsAndHiddenSizeKeepTheScenarioComputable)
{
    Lab lab;
    QUndoStack *stack = lab.recorder.undoStack();
    const Scenario before = lab.model.wholeScenario();
    lab.view->chooseKind(ScoreFunction::Kind::General);
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario().score.kind, ScoreFunction::Kind::General);
    EXPECT_EQ(lab.model.wholeScenario().score.general.rows(), 2);
    EXPECT_EQ(lab.model.wholeScenario().score.general.cols(), 3);
    ASSERT_NE(lab.model.result(), nullptr) << "seeded W fits d_q x d_k";
    EXPECT_NE(lab.view->weightsEditor()->box(AttentionModel::ScoreWeight::General, 1, 2), nullptr);
    EXPECT_FALSE(lab.view->hiddenSizeBox()->isVisibleTo(lab.view.get()));
    // Scaled dot-product cannot compare d_q = 2 with d_k = 3: refused, nothing changes.
    lab.view->chooseKind(ScoreFunction::Kind::ScaledDot);
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario().score.kind, ScoreFunction::Kind::General);

    lab.view->chooseKind(ScoreFunction::Kind::Additive);
    lab.view->setHiddenSize(5);
    settleEvents();
    const ScoreFunction &score = lab.model.wholeScenario().score;
    EXPECT_EQ(score.hiddenSize(), 5);
    EXPECT_EQ(score.keyWeight.rows(), 5);
    EXPECT_EQ(score.scoreVector.size(), 5);
    ASSERT_NE(lab.model.result(), nullptr);
    EXPECT_EQ(paintOnce(lab.view->picture()).terms[0].size(), 5u);

    // Back through every step to the lesson's own weights.
    while (stack->canUndo() && lab.model.wholeScenario() != before)
        stack->undo();
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario(), before);
}

TEST(ScoreLabView, ArrowKeysPointAtEncoderStatesAndEveryControlIsNamed)
{
    Lab lab;
    ScoreLabPicture *picture = lab.view->picture();
    picture->setFocus();
    QTest::keyClick(picture, Qt::Key_Down);
    EXPECT_EQ(lab.viewState.hoveredQuery(), 0);
    EXPECT_EQ(lab.viewState.hoveredKey(), 0);
    QTest::keyClick(picture, Qt::Key_Down);
    QTest::keyClick(picture, Qt::Key_Down);
    QTest::keyClick(picture, Qt::Key_Down);
    EXPECT_EQ(lab.viewState.hoveredKey(), 2) << "stops at the last encoder state";
    for (QWidget *w : {static_cast<QWidget *>(lab.view->kindBox()), static_cast<QWidget *>(lab.view->hiddenSizeBox()),
                       static_cast<QWidget *>(lab.view->queryBox()), static_cast<QWidget *>(picture)})
        EXPECT_FALSE(w->accessibleName().isEmpty()) << w->objectName().toStdString();
    EXPECT_FALSE(lab.view->accessibleName().isEmpty());
}

TEST(ScoreLabView, EveryViewOfTheWindowWorksWithAnAdditiveScoreOfOtherLengths)
{
    QSettings().clear();
    MainWindow window;
    window.presentationMode()->setFullScreenEnabled(false);
    window.resize(1280, 720);
    window.openScenario(builtinScenario("practice-additive-attention"), QStringLiteral("practice-additive-attention"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    ASSERT_NE(window.model()->result(), nullptr);

    // The key space says in words that queries and keys share no plane, and draws no points.
    KeySpaceView *keySpace = window.keySpaceView();
    EXPECT_FALSE(keySpace->showsPlane());
    EXPECT_TRUE(keySpace->accessibleDescription().contains(QStringLiteral("d_q = 2")))
        << keySpace->accessibleDescription().toStdString();
    const Scenario before = window.model()->wholeScenario();
    keySpace->setFocus();
    QTest::keyClick(keySpace, Qt::Key_Right);
    QTest::mouseClick(keySpace, Qt::LeftButton, Qt::NoModifier, keySpace->rect().center());
    settleEvents();
    EXPECT_EQ(window.model()->wholeScenario(), before) << "nothing in the key space moves a vector";
    const QImage keySpaceImage = keySpace->grab().toImage();
    EXPECT_FALSE(keySpaceImage.isNull());

    // The window (every dock) paints; the lab's dock is there and shows the step's numbers.
    EXPECT_FALSE(window.grab().toImage().isNull());
    QDockWidget *dock = window.labDocks()->dock(LessonView::ScoreLab);
    ASSERT_NE(dock, nullptr);
    auto *lab = qobject_cast<ScoreLabView *>(window.labDocks()->lab(LessonView::ScoreLab));
    ASSERT_NE(lab, nullptr);
    EXPECT_EQ(lab->parentWidget(), dock);
    EXPECT_TRUE(lab->picture()->accessibleDescription().contains(QStringLiteral("0.4868")));

    // A query added in the matrix editor has d_q columns, not d_k, and the scenario still computes.
    window.model()->insertQuery(1, Eigen::RowVectorXd::Zero(window.model()->scenario().queryDimension()));
    settleEvents();
    EXPECT_EQ(window.model()->wholeScenario().queries.rows(), 2);
    ASSERT_NE(window.model()->result(), nullptr);
    window.viewState()->setSelectedQuery(1);
    settleEvents();
    EXPECT_FALSE(window.grab().toImage().isNull());

    // Every figure draws headless, the score lab's among them.
    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    for (FigureView view : allFigureViews()) {
        FigureOptions options;
        options.view = view;
        options.format = FigureFormat::Png;
        options.size = QSize(720, 480);
        const QImage image = exporter.renderImage(options);
        EXPECT_FALSE(image.isNull()) << figureViewId(view).toStdString();
    }
}

} // namespace
