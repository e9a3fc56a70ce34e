#include "attentionmodel.h"
#include "bottleneckcontexts.h"
#include "bottlenecklabview.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "figureviews.h"
#include "languagesettings.h"
#include "lesson.h"
#include "lessonprogress.h"
#include "numberformat.h"
#include "textprobe.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::referenceAttention;
using attnlens::test::rowOf;
using attnlens::test::settleEvents;

namespace {

/// The lab on the lesson-only scenario, shown (offscreen) at a projector-like size.
struct LabFixture {
    LabFixture()
    {
        model.setScenario(builtinScenario("bottleneck"));
        view.resize(900, 600);
        view.show();
        settleEvents();
    }
    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    BottleneckLabView view{&model, &viewState};
};

/// Distance between two 2-D points given as long doubles.
long double distance(long double ax, long double ay, long double bx, long double by)
{
    return std::sqrt((ax - bx) * (ax - bx) + (ay - by) * (ay - by));
}


/// A point inside the numbered disc of a context at `centre`, beside its number.
QPointF besideNumber(const QPointF &centre, const BottleneckLabPainter::Frame &frame)
{
    return centre - QPointF(0.45 * frame.lineHeight, 0.0);
}

bool isColor(const QImage &image, const QPointF &point, const QColor &color, int tolerance = 24)
{
    const QColor actual = image.pixelColor(point.toPoint());
    return std::abs(actual.red() - color.red()) <= tolerance && std::abs(actual.green() - color.green()) <= tolerance
        && std::abs(actual.blue() - color.blue()) <= tolerance;
}

} // namespace

TEST(BottleneckLab, FixedContextsAndAttentionContextsMatchAnIndependentReference)
{
    LabFixture f;
    const Scenario &s = f.model.scenario();
    ASSERT_EQ(s.keyCount(), 6);
    ASSERT_EQ(s.queryCount(), 3);
    // The fixed contexts, straight from the values in long double.
    long double meanX = 0, meanY = 0;
    for (Index k = 0; k < s.keyCount(); ++k) {
        meanX += static_cast<long double>(s.values(k, 0));
        meanY += static_cast<long double>(s.values(k, 1));
    }
    meanX /= s.keyCount();
    meanY /= s.keyCount();
    const Eigen::RowVectorXd mean = meanStateContext(s.values);
    const Eigen::RowVectorXd last = lastStateContext(s.values);
    EXPECT_NEAR(mean(0), static_cast<double>(meanX), 1e-15);
    EXPECT_NEAR(mean(1), static_cast<double>(meanY), 1e-15);
    EXPECT_EQ(last(0), 2.0);
    EXPECT_EQ(last(1), -3.0);

    // Attention's contexts: a hand-written long-double softmax(QKᵀ/√2)V per query.
    const AttentionResult *result = f.model.result();
    ASSERT_NE(result, nullptr);
    long double contexts[3][2] = {};
    for (Index q = 0; q < 3; ++q) {
        long double scores[6];
        long double top = -1e300L;
        for (Index k = 0; k < 6; ++k) {
            scores[k] = (static_cast<long double>(s.queries(q, 0)) * s.keys(k, 0)
                         + static_cast<long double>(s.queries(q, 1)) * s.keys(k, 1))
                      / std::sqrt(2.0L);
            top = std::max(top, scores[k]);
        }
        long double sum = 0;
        for (long double &score : scores) {
            score = std::exp(score - top);
            sum += score;
        }
        for (Index k = 0; k < 6; ++k) {
            contexts[q][0] += scores[k] / sum * s.values(k, 0);
            contexts[q][1] += scores[k] / sum * s.values(k, 1);
        }
        EXPECT_NEAR(result->context(q, 0), static_cast<double>(contexts[q][0]), 1e-13);
        EXPECT_NEAR(result->context(q, 1), static_cast<double>(contexts[q][1]), 1e-13);
        // The lab writes these numbers, two decimals, in its description.
        EXPECT_TRUE(f.view.numbersDescription().contains(
            QStringLiteral("[%1, %2]").arg(formatCompact(static_cast<double>(contexts[q][0]), 2),
                                           formatCompact(static_cast<double>(contexts[q][1]), 2))))
            << f.view.numbersDescription().toStdString();
    }
    // The widest pair of contexts, against the reference.
    long double widest = 0;
    for (int i = 0; i < 3; ++i)
        for (int j = i + 1; j < 3; ++j)
            widest = std::max(widest, distance(contexts[i][0], contexts[i][1], contexts[j][0], contexts[j][1]));
    const std::optional<ContextSpread> spread = widestContextPair(result->context);
    ASSERT_TRUE(spread.has_value());
    EXPECT_NEAR(spread->distance, static_cast<double>(widest), 1e-13);
    EXPECT_LT(spread->distance, kClearlyDifferentContexts) << "the step starts with the contexts close";
    // And the whole result agrees with the test support's own reference too.
    EXPECT_TRUE(test::matricesClose(result->context, referenceAttention(s).context, 1e-13, 1e-13));
}

TEST(BottleneckLab, ADragIsOneUndoStepAndMovesOnlyThatQuerysContext)
{
    LabFixture f;
    const Scenario before = f.model.scenario();
    const Matrix contextBefore = f.model.result()->context;
    const QPointF start = f.view.tipPosition(0);
    ASSERT_FALSE(start.isNull());
    const QPointF target = f.view.frame().keyToPoint(2.0, 0.0);
    QTest::mousePress(&f.view, Qt::LeftButton, {}, start.toPoint());
    for (int i = 1; i <= 8; ++i) {
        const QPointF p = start + (target - start) * (i / 8.0);
        QMouseEvent move(QEvent::MouseMove, p, f.view.mapToGlobal(p), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&f.view, &move);
        settleEvents(1);
    }
    QTest::mouseRelease(&f.view, Qt::LeftButton, {}, target.toPoint());
    settleEvents();

    EXPECT_EQ(f.recorder.undoStack()->count(), 1);
    EXPECT_EQ(f.viewState.selectedQuery(), 0);
    const Scenario &after = f.model.scenario();
    EXPECT_NEAR(after.queries(0, 0), 2.0, 0.05);
    EXPECT_NEAR(after.queries(0, 1), 0.0, 0.05);
    // The memory and so the fixed contexts did not move; neither did the other queries' contexts.
    EXPECT_TRUE(test::matricesIdentical(after.values, before.values));
    EXPECT_TRUE(test::matricesIdentical(after.keys, before.keys));
    const Matrix &context = f.model.result()->context;
    EXPECT_GT(context(0, 0), contextBefore(0, 0) + 1.5) << "query 1's context moved out towards h1";
    for (Index q = 1; q < 3; ++q)
        EXPECT_EQ(context.row(q), contextBefore.row(q));

    f.recorder.undoStack()->undo();
    settleEvents();
    EXPECT_EQ(f.model.scenario(), before);
    f.recorder.undoStack()->redo();
    settleEvents();
    EXPECT_NEAR(f.model.scenario().queries(0, 0), 2.0, 0.05);
}

TEST(BottleneckLab, TheKeyboardChoosesAndMovesAQuery)
{
    LabFixture f;
    f.view.setFocus(Qt::TabFocusReason);
    const double x = f.model.scenario().queries(1, 0);
    const double y = f.model.scenario().queries(1, 1);
    QTest::keyClick(&f.view, Qt::Key_2);
    EXPECT_EQ(f.viewState.selectedQuery(), 1);
    QTest::keyClick(&f.view, Qt::Key_Up);
    QTest::keyClick(&f.view, Qt::Key_Up);
    QTest::keyClick(&f.view, Qt::Key_Left);
    settleEvents();
    EXPECT_NEAR(f.model.scenario().queries(1, 0), x - 0.1, 1e-12);
    EXPECT_NEAR(f.model.scenario().queries(1, 1), y + 0.2, 1e-12);
    EXPECT_EQ(f.model.scenario().queries.row(0), builtinScenario("bottleneck").queries.row(0));
    EXPECT_EQ(f.recorder.undoStack()->count(), 3) << "each press and release is one step";
    QTest::keyClick(&f.view, Qt::Key_Q, Qt::ShiftModifier);
    EXPECT_EQ(f.viewState.selectedQuery(), 0);
    QTest::keyClick(&f.view, Qt::Key_Right, Qt::ShiftModifier);
    settleEvents();
    EXPECT_NEAR(f.model.scenario().queries(0, 0), 0.31, 1e-12);
    EXPECT_FALSE(f.model.isEditing()) << "no edit left open";
}

TEST(BottleneckLab, NamesItselfAndDescribesItsNumbers)
{
    LabFixture f;
    EXPECT_EQ(f.view.accessibleName(), QStringLiteral("Bottleneck lab"));
    const QString description = f.view.accessibleDescription();
    EXPECT_TRUE(description.contains(QStringLiteral("[2.00, %1").arg(QChar(0x2212)))) << description.toStdString();
    EXPECT_TRUE(description.contains(QStringLiteral("[0.00, 0.00]"))) << description.toStdString();
    EXPECT_TRUE(description.contains(QStringLiteral("decoder 3"))) << description.toStdString();
    f.model.setQueryRow(0, rowOf({3.0, 0.0}));
    settleEvents();
    EXPECT_NE(f.view.accessibleDescription(), description) << "the description follows the numbers";
    EXPECT_FALSE(f.view.statusTip().isEmpty());
    EXPECT_EQ(f.view.focusPolicy(), Qt::StrongFocus);
}

TEST(BottleneckLab, AHiddenLabWaitsAndCatchesUpWhenShown)
{
    // Nothing invisible computes: behind another tab the lab does not follow the numbers (its
    // widest pair compares every two contexts); shown again, it is up to date at once.
    LabFixture f;
    const QString before = f.view.accessibleDescription();
    f.view.hide();
    f.model.setQueryRow(0, rowOf({3.0, 0.0}));
    f.model.setValueRow(2, rowOf({5.0, 5.0}));
    settleEvents();
    EXPECT_EQ(f.view.accessibleDescription(), before) << "a hidden lab did work";

    // A figure of the waiting lab is drawn from today's numbers all the same.
    QImage hiddenFigure(480, 320, QImage::Format_RGB32);
    {
        QPainter painter(&hiddenFigure);
        f.view.paintLab(painter, QRectF(hiddenFigure.rect()));
    }
    f.view.show();
    settleEvents();
    const QString after = f.view.accessibleDescription();
    EXPECT_NE(after, before);
    BottleneckLabView fresh(&f.model, &f.viewState);
    fresh.resize(900, 600);
    fresh.show();
    settleEvents();
    EXPECT_EQ(after, fresh.accessibleDescription()) << "shown again, it says what a new lab says";
    QImage shownFigure(480, 320, QImage::Format_RGB32);
    {
        QPainter painter(&shownFigure);
        f.view.paintLab(painter, QRectF(shownFigure.rect()));
    }
    EXPECT_EQ(hiddenFigure, shownFigure) << "the figure drawn while hidden used a stale plane";
}

TEST(BottleneckLab, ThePictureShowsOneFixedMarkerAndAContextPerQuery)
{
    LabFixture f;
    const Theme &theme = f.viewState.theme();
    const BottleneckLabPainter::Frame frame = f.view.frame();
    ASSERT_TRUE(frame.hasPlanes());
    EXPECT_GE(frame.valuePlane.width(), 250.0);
    const Matrix contextBefore = f.model.result()->context;
    QImage image = f.view.grab().toImage();
    const QPointF mean = frame.valueToPoint(0.0, 0.0);
    EXPECT_TRUE(isColor(image, mean, theme.textColor())) << "the mean's black diamond";
    for (Index q = 0; q < 3; ++q) {
        const QPointF c = frame.valueToPoint(contextBefore(q, 0), contextBefore(q, 1));
        EXPECT_TRUE(isColor(image, besideNumber(c, frame), theme.queryColor(static_cast<int>(q)))) << q;
    }

    f.model.setQueryRow(0, rowOf({2.0, 0.0}));
    settleEvents();
    image = f.view.grab().toImage();
    const Matrix &context = f.model.result()->context;
    EXPECT_TRUE(isColor(image, besideNumber(frame.valueToPoint(context(0, 0), context(0, 1)), frame), theme.queryColor(0)));
    EXPECT_FALSE(isColor(image, besideNumber(frame.valueToPoint(contextBefore(0, 0), contextBefore(0, 1)), frame),
                         theme.queryColor(0)))
        << "query 1's dot has left its old place";
    EXPECT_TRUE(isColor(image, mean, theme.textColor())) << "the fixed context stays";
}

TEST(BottleneckLab, ANarrowDockShortensTheTableHeadingsInsteadOfCuttingThem)
{
    // About the width the lab's dock gets beside the key space in a 1280 x 720 window.
    LabFixture f;
    f.view.resize(400, 330);
    settleEvents();
    int headings = 0;
    for (const DrawnText &text : drawnTexts(&f.view)) {
        const bool heading = text.text.startsWith(QStringLiteral("\u25a0")) || text.text.startsWith(QStringLiteral("\u25c6"));
        if (!heading)
            continue;
        ++headings;
        EXPECT_FALSE(isCut(text)) << text.text.toStdString();
        EXPECT_FALSE(text.text.contains(QStringLiteral("\u2026"))) << text.text.toStdString();
    }
    EXPECT_GE(headings, 2);
}

TEST(BottleneckLab, NoTextIsCutAtTheWidthOfAPresentedLabAt1024)
{
    // The lab's dock in a 1024 x 768 window, and the lab in presentation mode's large place
    // there (about 410 pixels wide, at the larger text presentation mode uses): headline, plane
    // titles and table keep every word.
    LabFixture f;
    const QFont normal = f.view.font();
    QFont large = normal;
    large.setPointSizeF(large.pointSizeF() * 1.35);
    for (const auto &[size, font] : {std::pair{QSize(400, 330), normal}, std::pair{QSize(410, 640), large}}) {
        f.view.setFont(font);
        f.view.resize(size);
        settleEvents();
        int texts = 0;
        for (const DrawnText &text : drawnTexts(&f.view)) {
            ++texts;
            EXPECT_FALSE(isCut(text)) << size.width() << ": " << text.text.toStdString();
        }
        EXPECT_GE(texts, 10) << size.width();
    }
}

TEST(BottleneckLab, APredictionAboutTheContextsHidesThemUntilTheReveal)
{
    LabFixture f;
    const Matrix &context = f.model.result()->context;
    const QString first = BottleneckLabPainter::vectorText(context.row(0));
    const std::optional<ContextSpread> widest = widestContextPair(context);
    ASSERT_TRUE(widest);
    const QString gap = formatCompact(widest->distance, 2);
    const auto shown = [&f] {
        QStringList texts;
        for (const DrawnText &text : drawnTexts(&f.view))
            texts << text.text;
        texts << f.view.accessibleDescription();
        return texts.join(QLatin1Char('\n'));
    };
    ASSERT_TRUE(shown().contains(first)) << shown().toStdString();
    ASSERT_TRUE(shown().contains(gap)) << shown().toStdString();
    const Theme &theme = f.viewState.theme();
    const BottleneckLabPainter::Frame frame = f.view.frame();
    const QPointF dot = besideNumber(frame.valueToPoint(context(1, 0), context(1, 1)), frame);
    ASSERT_TRUE(isColor(f.view.grab().toImage(), dot, theme.queryColor(1)));

    f.viewState.setConcealedAnswers(LessonQuantity::Context);
    settleEvents();
    const QString concealed = shown();
    EXPECT_FALSE(concealed.contains(first)) << concealed.toStdString();
    EXPECT_FALSE(concealed.contains(gap)) << concealed.toStdString();
    EXPECT_TRUE(concealed.contains(QStringLiteral("predict first"), Qt::CaseInsensitive)) << concealed.toStdString();
    // The fixed contexts stay: the student predicts against them.
    EXPECT_TRUE(concealed.contains(QStringLiteral("[0.00, 0.00]"))) << concealed.toStdString();
    EXPECT_FALSE(isColor(f.view.grab().toImage(), dot, theme.queryColor(1))) << "a context's dot is drawn";
    // The query can still be dragged: the picture follows, the contexts stay hidden.
    f.model.setQueryRow(0, rowOf({2.0, 0.0}));
    settleEvents();
    EXPECT_FALSE(shown().contains(BottleneckLabPainter::vectorText(f.model.result()->context.row(0))));

    f.viewState.setConcealedAnswers({});
    settleEvents();
    EXPECT_TRUE(shown().contains(BottleneckLabPainter::vectorText(f.model.result()->context.row(0))));
}

TEST(BottleneckLab, HeadlessFigureIsANonEmptyPngOfTheSizeAsked)
{
    AttentionModel model;
    model.setScenario(builtinScenario("bottleneck"));
    ViewState viewState;
    settleEvents();
    const FigureExporter exporter(&model, &viewState, FigureViews());
    ASSERT_EQ(figureViewFromId(QStringLiteral("bottleneck")), FigureView::Bottleneck);
    FigureOptions options;
    options.view = FigureView::Bottleneck;
    options.size = QSize(960, 640);
    const QByteArray png = exporter.renderPng(options);
    ASSERT_FALSE(png.isEmpty());
    const QImage image = QImage::fromData(png, "PNG");
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), QSize(960, 640));
    // Drawn, not blank: the query colours appear.
    int queryPixels = 0;
    const QColor first = viewState.theme().queryColor(0);
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            queryPixels += image.pixelColor(x, y) == first;
    EXPECT_GT(queryPixels, 20);
}

class BottleneckStep : public ::testing::TestWithParam<const char *> {
protected:
    void SetUp() override { ASSERT_TRUE(LanguageSettings::install(QString::fromLatin1(GetParam()))); }
    void TearDown() override
    {
        LanguageSettings::install(QStringLiteral("en"));
        QSettings().remove(QStringLiteral("view/language"));
    }
};

TEST_P(BottleneckStep, ComesFirstAndTicksItsActionsOnlyWhenDone)
{
    AttentionModel model;
    LessonProgress progress(&model);
    const int index = attnlens::test::lessonStepIndex("bottleneck");
    EXPECT_EQ(index, 0);
    ASSERT_TRUE(progress.goToStep(index));
    settleEvents(1);
    const LessonStep &step = progress.currentLessonStep();
    EXPECT_EQ(step.view, LessonView::BottleneckLab);
    ASSERT_EQ(step.checkpoints.size(), 4u);
    const bool chinese = QLatin1String(GetParam()) == QLatin1String("zh_TW");
    EXPECT_EQ(step.title, chinese ? QStringLiteral("為何需要注意力：每個查詢都拿到同一個固定上下文")
                                  : QStringLiteral("Why attention: one fixed context for every query"));
    // The threshold is written in the texts, in both languages.
    EXPECT_TRUE(step.checkpoints[2].expected.contains(QLatin1Char('3'))) << step.checkpoints[2].expected.toStdString();
    EXPECT_TRUE(step.checkpoints[2].task.contains(QLatin1Char('3')));
    EXPECT_EQ(step.checkpoints[0].kind, LessonCheckpoint::Kind::Given);
    EXPECT_EQ(step.checkpoints[1].kind, LessonCheckpoint::Kind::Answer);
    EXPECT_EQ(step.checkpoints[2].kind, LessonCheckpoint::Kind::Action);
    EXPECT_EQ(step.checkpoints[3].kind, LessonCheckpoint::Kind::Action);
    EXPECT_TRUE(progress.checkpointStates()[0]);
    EXPECT_TRUE(progress.checkpointStates()[1]);
    EXPECT_FALSE(progress.checkpointStates()[2]);
    EXPECT_FALSE(progress.checkpointStates()[3]);

    // Two queries pulled apart, from the same memory: contexts ≥ 3 apart.
    model.setQueryRow(0, rowOf({2.0, 0.0}));
    model.setQueryRow(1, rowOf({-1.0, 2.0}));
    settleEvents(1);
    const Matrix &c = model.result()->context;
    ASSERT_GE(distance(c(0, 0), c(0, 1), c(1, 0), c(1, 1)), 3.0L);
    EXPECT_TRUE(progress.checkpointStates()[2]);
    EXPECT_FALSE(progress.checkpointStates()[1]) << "the contexts have left the mean";
    EXPECT_FALSE(progress.checkpointStates()[3]);

    // One query pointed at h6's key hands back (nearly) the last state.
    model.setQueryRow(2, rowOf({1.0, -2.0}));
    settleEvents(1);
    const Matrix &d = model.result()->context;
    ASSERT_LE(distance(d(2, 0), d(2, 1), 2.0L, -3.0L), 1.0L);
    EXPECT_TRUE(progress.checkpointStates()[3]);
}

TEST_P(BottleneckStep, AnotherMemoryDoesNotCount)
{
    AttentionModel model;
    LessonProgress progress(&model);
    ASSERT_TRUE(progress.goToStep(attnlens::test::lessonStepIndex("bottleneck")));
    settleEvents(1);
    // Spreading the values apart spreads the contexts, but that is not two queries asking.
    model.setValueRow(0, rowOf({40.0, 0.0}));
    settleEvents(1);
    const std::optional<ContextSpread> spread = widestContextPair(model.result()->context);
    ASSERT_TRUE(spread.has_value());
    ASSERT_GE(spread->distance, kClearlyDifferentContexts);
    EXPECT_FALSE(progress.checkpointStates()[2]);
    EXPECT_FALSE(progress.checkpointStates()[0]) << "the mean is no longer [0, 0]";
}

INSTANTIATE_TEST_SUITE_P(Languages, BottleneckStep, ::testing::Values("en", "zh_TW"));

TEST(BottleneckLab, HugeValuesGiveAFiniteDistanceOrNone)
{
    // Contexts near 1e300 are finite; their distance must not overflow to ∞ in the lab's words.
    Matrix context(2, 2);
    context << 1.0, 8e299, 7.0, -8e299;
    const std::optional<ContextSpread> spread = widestContextPair(context);
    ASSERT_TRUE(spread.has_value());
    EXPECT_TRUE(std::isfinite(spread->distance));
    EXPECT_NEAR(spread->distance / 1.6e300, 1.0, 1e-12);
    // Beyond a double: no distance at all rather than an infinite one.
    context << 0.0, 1.5e308, 0.0, -1.5e308;
    EXPECT_FALSE(widestContextPair(context).has_value());

    LabFixture f;
    f.model.setValueRow(2, rowOf({0.0, 1e300}));
    settleEvents();
    EXPECT_FALSE(f.view.accessibleDescription().contains(QChar(0x221e))) << f.view.accessibleDescription().toStdString();
    // Planes a trillion units wide draw a grid of at most 20 lines each way (a line per unit
    // would overflow an int and never end); under UBSan the old loop fails here.
    for (const double huge : {1e12, 1e300}) {
        f.model.setValueRow(2, rowOf({0.0, huge}));
        f.model.setQueryRow(0, rowOf({huge, 0.0}));
        settleEvents();
        const QImage image = f.view.grab().toImage();
        ASSERT_FALSE(image.isNull());
        EXPECT_TRUE(f.view.frame().hasPlanes()) << huge;
    }
}
