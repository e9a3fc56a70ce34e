// Lab 4, where Q, K and V come from: the lab panel with the mouse and the keyboard, one undo
// step per gesture that restores the tokens and Q, K and V to the bit, the Matrices editor's
// read-only tables while derived, save and load, the step in Chinese, and the headless figure.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "derivationlabview.h"
#include "derivationplane.h"
#include "evidence.h"
#include "figureexporter.h"
#include "languagesettings.h"
#include "lesson.h"
#include "matrixeditorview.h"
#include "matrixtablemodel.h"
#include "scenariojson.h"
#include "theme.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QScrollArea>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <algorithm>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

Scenario practice()
{
    const Result<Scenario> loaded = loadBuiltinScenario(QStringLiteral("practice-derivation"));
    EXPECT_TRUE(loaded.ok());
    return loaded.ok() ? loaded.value() : Scenario();
}

/// tokens * weights, written out here.
Matrix product(const Matrix &tokens, const Matrix &weights)
{
    Matrix out = Matrix::Zero(tokens.rows(), weights.cols());
    for (Index i = 0; i < tokens.rows(); ++i)
        for (Index c = 0; c < weights.cols(); ++c) {
            double sum = 0;
            for (Index m = 0; m < tokens.cols(); ++m)
                sum = sum + tokens(i, m) * weights(m, c);
            out(i, c) = sum;
        }
    return out;
}

void expectDerived(const Scenario &s)
{
    ASSERT_TRUE(s.derivation);
    const Derivation &d = *s.derivation;
    EXPECT_TRUE(identicalMatrices(s.queries, product(d.x, d.wQ)));
    EXPECT_TRUE(identicalMatrices(s.keys, product(d.keySource(), d.wK)));
    EXPECT_TRUE(identicalMatrices(s.values, product(d.keySource(), d.wV)));
}

struct Lab {
    Lab()
    {
        model.setScenario(practice());
        settleEvents();
        lab.resize(520, 720);
        lab.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&lab));
        settleEvents();
    }
    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    DerivationLabView lab{&model, &viewState};
    QUndoStack *stack() const { return recorder.undoStack(); }
};

TEST(DerivationLab, ShowsTheLessonScenarioAndSaysWhereQKVComeFrom)
{
    Lab f;
    ASSERT_TRUE(f.model.isDerived());
    EXPECT_EQ(f.lab.sourceLine()->text(), QStringLiteral("Q, K and V all come from X (self-attention)"));
    EXPECT_FALSE(f.lab.crossSwitch()->isChecked());
    EXPECT_TRUE(f.lab.detachButton()->isVisible());
    EXPECT_FALSE(f.lab.startButton()->isVisible());
    QDoubleSpinBox *field = f.lab.projectionField(Projection::Query, 1, 0);
    ASSERT_TRUE(field);
    EXPECT_DOUBLE_EQ(field->value(), -0.5);
    // Accessible names on everything a screen reader reaches.
    EXPECT_FALSE(f.lab.accessibleName().isEmpty());
    EXPECT_FALSE(f.lab.plane()->accessibleName().isEmpty());
    EXPECT_TRUE(f.lab.plane()->accessibleDescription().contains(QStringLiteral("x1 (X) at [1, 0.25]")))
        << f.lab.plane()->accessibleDescription().toStdString();
    EXPECT_EQ(field->accessibleName(), QStringLiteral("W_Q row 2, column 1"));
    EXPECT_FALSE(f.lab.crossSwitch()->accessibleName().isEmpty());
}

TEST(DerivationLab, DraggingATokenIsOneUndoStepThatRestoresXAndQKV)
{
    Lab f;
    const Scenario before = f.model.wholeScenario();
    const int steps = f.stack()->count();
    DerivationPlane *plane = f.lab.plane();
    const QPoint start = plane->tokenPosition(TokenStream::X, 1)->toPoint();
    QSignalSpy queries(&f.model, &AttentionModel::queryChanged);
    QTest::mousePress(plane, Qt::LeftButton, Qt::NoModifier, start);
    for (int step = 1; step <= 5; ++step) {
        QMouseEvent move(QEvent::MouseMove, QPointF(start + QPoint(-8 * step, 6 * step)),
                         plane->mapToGlobal(QPointF(start + QPoint(-8 * step, 6 * step))), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(plane, &move);
    }
    QTest::mouseRelease(plane, Qt::LeftButton, Qt::NoModifier, start + QPoint(-40, 30));
    settleEvents();
    // Only token x2's rows moved, and every move re-derived them.
    for (const QList<QVariant> &signal : queries)
        EXPECT_EQ(signal.at(0).toInt(), 1);
    EXPECT_GE(queries.count(), 5);
    const Scenario after = f.model.wholeScenario();
    expectDerived(after);
    EXPECT_LT(after.derivation->x(1, 0), before.derivation->x(1, 0));
    EXPECT_LT(after.derivation->x(1, 1), before.derivation->x(1, 1));
    EXPECT_TRUE(identicalMatrices(after.derivation->x.row(0), before.derivation->x.row(0)));
    ASSERT_EQ(f.stack()->count(), steps + 1) << "one drag, one step";
    EXPECT_EQ(f.stack()->undoText(), QStringLiteral("Move token x2"));

    f.stack()->undo();
    settleEvents();
    EXPECT_TRUE(f.model.wholeScenario() == before);
    expectDerived(f.model.wholeScenario());
    f.stack()->redo();
    settleEvents();
    EXPECT_TRUE(f.model.wholeScenario() == after);
}

TEST(DerivationLab, KeyboardPicksAndMovesTokensAsOneStepPerRun)
{
    Lab f;
    DerivationPlane *plane = f.lab.plane();
    plane->setFocus();
    ASSERT_TRUE(QTest::qWaitFor([&] { return plane->hasFocus(); }));
    const Scenario before = f.model.wholeScenario();
    const int steps = f.stack()->count();
    QTest::keyClick(plane, Qt::Key_PageDown);
    QTest::keyClick(plane, Qt::Key_PageDown);
    EXPECT_EQ(plane->selectedRow(), 2);
    EXPECT_TRUE(plane->accessibleDescription().contains(QStringLiteral("x3 (X) at [\u22120.75, 0.5], selected")));
    // Held down: auto-repeated presses, then one release.
    QTest::keyPress(plane, Qt::Key_Right);
    QKeyEvent repeat(QEvent::KeyPress, Qt::Key_Right, Qt::NoModifier, QString(), true);
    QCoreApplication::sendEvent(plane, &repeat);
    QTest::keyRelease(plane, Qt::Key_Right);
    settleEvents();
    const Scenario &after = f.model.wholeScenario();
    EXPECT_EQ(after.derivation->x(2, 0), -0.55) << "two steps of 0.1, to six decimals";
    EXPECT_EQ(after.derivation->x(2, 1), 0.5);
    expectDerived(after);
    ASSERT_EQ(f.stack()->count(), steps + 1);
    QTest::keyClick(plane, Qt::Key_Up, Qt::ShiftModifier);
    settleEvents();
    EXPECT_EQ(f.model.wholeScenario().derivation->x(2, 1), 0.51);
    EXPECT_EQ(f.stack()->count(), steps + 2);
    f.stack()->undo();
    f.stack()->undo();
    settleEvents();
    EXPECT_TRUE(f.model.wholeScenario() == before);
}

TEST(DerivationLab, CrossSwitchProjectionFieldsAndDetachAreUndoable)
{
    Lab f;
    const Scenario before = f.model.wholeScenario();
    f.lab.crossSwitch()->click();
    settleEvents();
    ASSERT_TRUE(f.model.derivation()->isCross());
    EXPECT_EQ(f.lab.sourceLine()->text(), QStringLiteral("Q comes from X; K and V come from Y (cross-attention)"));
    EXPECT_EQ(f.model.scenario().keyCount(), 3);
    ASSERT_TRUE(f.lab.plane()->tokenPosition(TokenStream::Y, 2));
    expectDerived(f.model.wholeScenario());

    QDoubleSpinBox *field = f.lab.projectionField(Projection::Key, 0, 1);
    ASSERT_TRUE(field);
    field->setValue(2.0);
    settleEvents();
    EXPECT_EQ(f.model.derivation()->wK(0, 1), 2.0);
    expectDerived(f.model.wholeScenario());

    f.lab.detachButton()->click();
    settleEvents();
    EXPECT_FALSE(f.model.isDerived());
    EXPECT_TRUE(f.lab.startButton()->isVisible());
    EXPECT_EQ(f.lab.sourceLine()->text(), QStringLiteral("Q, K and V are typed in, not derived from tokens"));

    for (int i = 0; i < 3; ++i)
        f.recorder.undoStack()->undo();
    settleEvents();
    EXPECT_TRUE(f.model.wholeScenario() == before);
    EXPECT_FALSE(f.lab.crossSwitch()->isChecked());
}

TEST(DerivationLab, StartingTheLabIsRefusedForSeveralHeads)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(loadBuiltinScenario(QStringLiteral("two-heads-specialise")).value());
    DerivationLabView lab(&model, &viewState);
    lab.show();
    settleEvents();
    EXPECT_FALSE(lab.startButton()->isEnabled());
    const QLabel *note = lab.findChild<QLabel *>(QStringLiteral("derivationNote"));
    ASSERT_TRUE(note);
    EXPECT_TRUE(note->text().contains(QStringLiteral("one-head"))) << note->text().toStdString();
    EXPECT_FALSE(model.isDerived());

    model.setScenario(test::notebookLessonScenario());
    settleEvents();
    ASSERT_TRUE(lab.startButton()->isEnabled());
    lab.startButton()->click();
    settleEvents();
    ASSERT_TRUE(model.isDerived());
    EXPECT_EQ(model.scenario().queryCount(), 4);
    expectDerived(model.scenario());
}

TEST(DerivationLab, TheMatricesAreReadOnlyWhileDerived)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(practice());
    MatrixEditorView editor(&model, &viewState);
    editor.show();
    settleEvents();
    MatrixTableModel *queries = editor.tableModel(MatrixEditorView::Part::Queries);
    const QModelIndex cell = queries->index(0, 1);
    EXPECT_FALSE(queries->flags(cell) & Qt::ItemIsEditable);
    EXPECT_TRUE(queries->flags(queries->index(0, MatrixTableModel::kLabelColumn)) & Qt::ItemIsEditable);
    QSignalSpy refused(queries, &MatrixTableModel::editRefused);
    EXPECT_FALSE(queries->setData(cell, 7.0, Qt::EditRole));
    EXPECT_EQ(refused.count(), 1);
    EXPECT_EQ(model.scenario().queries(0, 0), 1.375);
    auto *note = editor.findChild<QLabel *>(QStringLiteral("matrixDerivedNote"));
    auto *detach = editor.findChild<QPushButton *>(QStringLiteral("matrixDetachButton"));
    ASSERT_TRUE(note && detach);
    EXPECT_TRUE(note->isVisible());
    EXPECT_FALSE(editor.keyDimensionSpinBox(MatrixEditorView::Part::Queries)->isEnabled());

    detach->click();
    settleEvents();
    EXPECT_FALSE(model.isDerived());
    EXPECT_FALSE(note->isVisible());
    EXPECT_TRUE(queries->flags(cell) & Qt::ItemIsEditable);
    EXPECT_TRUE(queries->setData(cell, 7.0, Qt::EditRole));
    EXPECT_EQ(model.scenario().queries(0, 0), 7.0);
}

TEST(DerivationLab, SaveAndOpenRestoresTheLab)
{
    Lab f;
    f.model.setCrossAttention(true);
    f.model.setToken(TokenStream::Y, 1, test::rowOf({0.75, 0.25}));
    settleEvents();
    const QByteArray text = scenarioJsonText(f.model.wholeScenario());
    const Result<Scenario> read = parseScenario(text, QStringLiteral("lab.json"));
    ASSERT_TRUE(read.ok()) << read.error().message.toStdString();

    AttentionModel other;
    ViewState viewState;
    DerivationLabView lab(&other, &viewState);
    lab.show();
    other.setScenario(read.value());
    settleEvents();
    EXPECT_TRUE(other.wholeScenario() == f.model.wholeScenario());
    EXPECT_TRUE(lab.crossSwitch()->isChecked());
    EXPECT_EQ(other.derivation()->y->row(1)(0), 0.75);
    ASSERT_TRUE(lab.plane()->tokenPosition(TokenStream::Y, 1));
}

TEST(DerivationLab, StepAndLabReadInChinese)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const std::vector<LessonStep> steps = Lesson::steps();
    const auto step = std::find_if(steps.begin(), steps.end(),
                                   [](const LessonStep &s) { return s.id == QLatin1String("practice-derivation"); });
    ASSERT_NE(step, steps.end());
    EXPECT_NE(step->title, QStringLiteral("Practice 5: where Q, K and V come from"));
    EXPECT_TRUE(step->title.contains(QStringLiteral("5"))) << step->title.toStdString();
    for (const LessonCheckpoint &checkpoint : step->checkpoints) {
        EXPECT_FALSE(checkpoint.name.isEmpty());
        if (checkpoint.kind == LessonCheckpoint::Kind::Action) {
            EXPECT_FALSE(checkpoint.task.contains(QStringLiteral("Drag"))) << checkpoint.task.toStdString();
        }
    }
    EXPECT_EQ(step->checkpoints[1].expected, QStringLiteral("≈ [1.3750, 0.8750]"));
    EXPECT_NE(DerivationPlane::sourceSentence(defaultDerivation()),
              QStringLiteral("Q, K and V all come from X (self-attention)"));
    const Scenario scenario = loadBuiltinScenario(QStringLiteral("practice-derivation")).value();
    EXPECT_NE(scenario.name, QStringLiteral("Practice: where Q, K and V come from"));
    LanguageSettings::install(QStringLiteral("en"));
    QSettings().remove(QStringLiteral("view/language"));
}

TEST(DerivationLab, HeadlessFigureDrawsTheTokens)
{
    AttentionModel model;
    ViewState viewState;
    Scenario s = practice();
    s.derivation->y = test::matrixOf({{1.25, -0.5}});
    s.keyLabels = QStringList{QStringLiteral("y1")};
    derive(s);
    model.setScenario(s);
    settleEvents();
    FigureExporter exporter(&model, &viewState);
    for (Theme::Kind kind : Theme::kinds()) {
        SCOPED_TRACE(Theme::id(kind).toStdString());
        FigureOptions options;
        options.view = FigureView::Derivation;
        options.theme = kind;
        const QImage image = exporter.renderImage(options).convertToFormat(QImage::Format_ARGB32);
        ASSERT_FALSE(image.isNull());
        // In every theme the first token's colour and the key colour are both painted, on the
        // theme's plot background.
        const Theme theme = Theme::make(kind);
        int query = 0;
        int key = 0;
        int plot = 0;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                const QRgb pixel = image.pixel(x, y);
                query += pixel == theme.queryColor(0).rgb();
                key += pixel == theme.keyColor().rgb();
                plot += pixel == theme.plotBackground().rgb();
            }
        EXPECT_GT(query, 20);
        EXPECT_GT(key, 20);
        EXPECT_GT(plot, image.width() * image.height() / 10);
    }
    EXPECT_TRUE(figureViewFromId(QStringLiteral("derivation")) == FigureView::Derivation);
}

} // namespace

TEST(DerivationLab, EveryProjectionFieldStaysWholeAfterTheTextGrows)
{
    // Presentation mode and Ctrl+plus make the type larger after the lab was laid out: the
    // column of matrices (which never scrolls sideways) grows with its fields, none is cut.
    Lab f;
    QFont larger = f.lab.font();
    larger.setPointSizeF(larger.pointSizeF() * 1.6);
    f.lab.setFont(larger);
    f.lab.resize(900, 720);
    settleEvents();
    auto *scroll = f.lab.findChild<QScrollArea *>(QStringLiteral("derivationMatrixScroll"));
    ASSERT_NE(scroll, nullptr);
    const QRect viewport = scroll->viewport()->rect();
    for (Projection which : {Projection::Query, Projection::Key, Projection::Value}) {
        for (int row = 0; row < 2; ++row) {
            for (int column = 0; column < 2; ++column) {
                QDoubleSpinBox *field = f.lab.projectionField(which, row, column);
                ASSERT_NE(field, nullptr);
                const QRect inViewport(field->mapTo(scroll->viewport(), QPoint(0, 0)), field->size());
                EXPECT_GE(viewport.right(), inViewport.right()) << int(which) << " " << row << " " << column;
                EXPECT_GE(field->width(), field->minimumSizeHint().width());
            }
        }
    }
}
