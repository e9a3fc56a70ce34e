// The √d_k lab's panel: its controls drive the model (one undo step per slider stroke or key
// press), its picture shows the engine's numbers (pixels: the raw products spread wider than the
// scaled scores), it names itself to screen readers, works from the keyboard, speaks Chinese, and
// exports headless as the figure "sqrt-dk".
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "languagesettings.h"
#include "lesson.h"
#include "scalelab.h"
#include "scalelabcanvas.h"
#include "scalelabview.h"
#include "textprobe.h"
#include "undorecorder.h"
#include "viewstate.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QPainter>
#include <QPushButton>
#include <QRegularExpression>
#include <QSlider>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

class LanguageScope {
public:
    explicit LanguageScope(const QString &code) { LanguageSettings::install(code); }
    ~LanguageScope() { LanguageSettings::install(QStringLiteral("en")); }
};

struct Lab {
    Lab()
    {
        model.setScenario(scalelab::defaultScenario());
        settleEvents();
        view.resize(1100, 640);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
        settleEvents();
    }
    AttentionModel model;
    ViewState viewState;
    UndoRecorder recorder{&model};
    ScaleLabView view{&model, &viewState};
    QUndoStack *stack() const { return recorder.undoStack(); }
};

/// The leftmost and rightmost columns of `rows` where a pixel has colour `c`.
std::pair<int, int> horizontalExtent(const QImage &image, int top, int bottom, int left, int right, QColor c)
{
    int first = -1, last = -1;
    for (int y = top; y < bottom; ++y) {
        for (int x = left; x < right; ++x) {
            if (image.pixelColor(x, y) == c) {
                first = first < 0 ? x : std::min(first, x);
                last = std::max(last, x);
            }
        }
    }
    return {first, last};
}

} // namespace

TEST(ScaleLabView, NamesEveryControlToScreenReadersAndDescribesItsNumbers)
{
    Lab lab;
    EXPECT_FALSE(lab.view.accessibleName().isEmpty());
    for (QWidget *w : std::initializer_list<QWidget *>{lab.view.keyDimensionSlider(), lab.view.keyDimensionBox(),
                                                       lab.view.newSampleButton(), lab.view.stretchedKeyBox(),
                                                       lab.view.stretchFactorBox(), lab.view.canvas()}) {
        EXPECT_FALSE(w->accessibleName().isEmpty()) << w->objectName().toStdString();
        // The picture is read out through its description; every control takes Tab.
        if (w != lab.view.canvas()) {
            EXPECT_NE(w->focusPolicy() & Qt::TabFocus, 0) << w->objectName().toStdString();
        }
    }
    const ScaleLabMeasurement *m = lab.view.canvas()->measurement();
    ASSERT_NE(m, nullptr);
    const QString description = lab.view.canvas()->accessibleDescription();
    EXPECT_TRUE(description.contains(QStringLiteral("d_k = 16"))) << description.toStdString();
    EXPECT_TRUE(description.contains(QStringLiteral("√16 = 4.00"))) << description.toStdString();
}

TEST(ScaleLabView, ASliderStrokeIsOneUndoStepAndUndoRestoresTheSample)
{
    Lab lab;
    const Scenario before = lab.model.wholeScenario();
    const int steps = lab.stack()->count();
    QSlider *slider = lab.view.keyDimensionSlider();
    slider->setSliderDown(true);  // sliderPressed: the stroke begins
    for (int v : {20, 60, 140, 300})
        slider->setValue(v);
    slider->setSliderDown(false);  // sliderReleased: the stroke ends
    settleEvents();
    EXPECT_EQ(lab.model.scenario().keyDimension(), 300);
    EXPECT_EQ(lab.stack()->count(), steps + 1);
    EXPECT_EQ(lab.stack()->undoText(), QStringLiteral("Set d_k to 300"));
    lab.stack()->undo();
    settleEvents();
    EXPECT_EQ(lab.model.wholeScenario(), before);
    EXPECT_EQ(slider->value(), 16);
    EXPECT_EQ(lab.view.keyDimensionBox()->value(), 16);
    lab.stack()->redo();
    settleEvents();
    EXPECT_EQ(lab.model.scenario().keyDimension(), 300);
    EXPECT_EQ(lab.model.wholeScenario(), scalelab::withSample(before, *before.scaleLab, 300));
}

TEST(ScaleLabView, TheKeyboardMovesDkOneStepPerPressAndTheButtonsWork)
{
    Lab lab;
    QSlider *slider = lab.view.keyDimensionSlider();
    slider->setFocus();
    const int steps = lab.stack()->count();
    QTest::keyClick(slider, Qt::Key_Right);
    settleEvents();
    EXPECT_EQ(lab.model.scenario().keyDimension(), 17);
    QTest::keyClick(slider, Qt::Key_PageUp);
    settleEvents();
    EXPECT_EQ(lab.model.scenario().keyDimension(), 33);
    QTest::keyClick(slider, Qt::Key_End);
    settleEvents();
    EXPECT_EQ(lab.model.scenario().keyDimension(), 512);
    EXPECT_EQ(lab.stack()->count(), steps + 3);

    // New sample: the next seed, one step, undone to the old seed.
    const quint64 seed = lab.model.scenario().scaleLab->seed;
    lab.view.newSampleButton()->setFocus();
    QTest::keyClick(lab.view.newSampleButton(), Qt::Key_Space);
    settleEvents();
    EXPECT_EQ(lab.model.scenario().scaleLab->seed, scalelab::nextSeed(seed));
    EXPECT_EQ(lab.model.scenario().keyDimension(), 512);
    lab.stack()->undo();
    settleEvents();
    EXPECT_EQ(lab.model.scenario().scaleLab->seed, seed);

    // Stretch key k4 by 2 from the keyboard: the lab shows the exact ratio.
    QComboBox *key = lab.view.stretchedKeyBox();
    key->setFocus();
    for (int i = 0; i < 4; ++i)
        QTest::keyClick(key, Qt::Key_Down);
    settleEvents();
    ASSERT_TRUE(lab.model.scenario().scaleLab->hasStretch());
    EXPECT_EQ(lab.model.scenario().scaleLab->stretchedKey, 3);
    EXPECT_EQ(lab.model.scenario().scaleLab->stretchFactor, 2.0);
    const ScaleLabMeasurement *m = lab.view.canvas()->measurement();
    ASSERT_TRUE(m && m->stretch);
    EXPECT_EQ(m->stretch->smallestRatio, 2.0);
    EXPECT_EQ(m->stretch->largestRatio, 2.0);
    EXPECT_TRUE(lab.view.canvas()->accessibleDescription().contains(QStringLiteral("ratio 2 ")));
    QDoubleSpinBox *factor = lab.view.stretchFactorBox();
    factor->setFocus();
    QTest::keyClick(factor, Qt::Key_Up);
    settleEvents();
    EXPECT_EQ(lab.model.scenario().scaleLab->stretchFactor, 2.25);
}

TEST(ScaleLabView, ThePictureShowsTheRawProductsSpreadWiderThanTheScaledScores)
{
    Lab lab;
    lab.model.setScaleLab(*lab.model.scenario().scaleLab, 256);
    settleEvents();
    ScaleLabCanvas *canvas = lab.view.canvas();
    QImage image(canvas->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        canvas->paintLab(painter, QRectF(image.rect()));
    }
    const Theme &theme = lab.viewState.theme();
    const QColor raw = theme.queryColor(1);
    const QColor scaled = theme.queryColor(0);
    // The histograms fill the left 58 %: the raw one on top, the scaled one below it. The
    // colour swatches beside their titles sit in the first 40 pixels; the bars lie beyond.
    const int left = int(image.width() * 0.55);
    const auto [rawFirst, rawLast] = horizontalExtent(image, 0, image.height() / 2, 40, left, raw);
    const auto [scaledFirst, scaledLast] = horizontalExtent(image, image.height() / 2, image.height(), 40, left, scaled);
    ASSERT_GE(rawFirst, 0);
    ASSERT_GE(scaledFirst, 0);
    // √256 = 16 times the spread on one shared axis: the raw bars are many times wider.
    EXPECT_GT(rawLast - rawFirst, 5 * (scaledLast - scaledFirst)) << rawLast - rawFirst << " " << scaledLast - scaledFirst;
    // Both are centred on 0, the middle of the axis.
    const double middle = 0.5 * (rawFirst + rawLast);
    EXPECT_NEAR(0.5 * (scaledFirst + scaledLast), middle, 0.1 * (rawLast - rawFirst));
    // The weights panel: at d_k = 256 the unscaled bars reach far further on average.
    const auto [uFirst, uLast] = horizontalExtent(image, 0, image.height(), left + 40, image.width(), raw);
    const auto [sFirst, sLast] = horizontalExtent(image, image.height() / 4, image.height(), left + 40, image.width(), scaled);
    EXPECT_GT(uLast, sLast);
}

TEST(ScaleLabView, TheLessonStepAndTheLabSpeakChinese)
{
    const LanguageScope scope(QStringLiteral("zh_TW"));
    const std::vector<LessonStep> steps = Lesson::steps();
    const LessonStep *step = nullptr;
    for (const LessonStep &s : steps) {
        if (s.id == QLatin1String("why-sqrt-dk"))
            step = &s;
    }
    ASSERT_NE(step, nullptr);
    EXPECT_NE(step->title, QStringLiteral("Why divide by √d_k"));
    EXPECT_TRUE(step->title.contains(QStringLiteral("√d_k")));
    for (const LessonCheckpoint &c : step->checkpoints) {
        EXPECT_FALSE(c.name.contains(QStringLiteral("the "))) << c.name.toStdString();
        EXPECT_FALSE(c.expected.contains(QStringLiteral("the "))) << c.expected.toStdString();
    }
    // The numbers in the texts survive the translation.
    EXPECT_TRUE(step->checkpoints[0].expected.contains(QStringLiteral("√16 = 4")));
    EXPECT_TRUE(step->checkpoints[1].expected.contains(QStringLiteral("256")));
    EXPECT_TRUE(step->checkpoints[2].expected.contains(QStringLiteral("2")));
    // And the checkpoints still follow the lab.
    AttentionModel model;
    model.setScenario(Lesson::loadScenario(step->scenarioId).value());
    settleEvents();
    EXPECT_TRUE(step->checkpoints[0].holds(model.scenario(), model.result()));
    EXPECT_FALSE(step->checkpoints[1].holds(model.scenario(), model.result()));
    model.setScaleLab(*model.scenario().scaleLab, 512);
    settleEvents();
    EXPECT_TRUE(step->checkpoints[1].holds(model.scenario(), model.result()));

    ViewState viewState;
    ScaleLabView view(&model, &viewState);
    EXPECT_NE(view.newSampleButton()->text(), QStringLiteral("&New sample"));
    EXPECT_NE(view.accessibleName(), QStringLiteral("√d_k lab"));
    EXPECT_NE(figureViewTitle(FigureView::ScaleLab), QStringLiteral("√d_k lab"));
}

TEST(ScaleLabView, ExportsHeadlessAsTheSqrtDkFigure)
{
    ASSERT_EQ(figureViewFromId(QStringLiteral("sqrt-dk")), FigureView::ScaleLab);
    EXPECT_EQ(figureViewId(FigureView::ScaleLab), QStringLiteral("sqrt-dk"));
    AttentionModel model;
    model.setScenario(scalelab::defaultScenario());
    ViewState viewState;
    settleEvents();
    FigureExporter exporter(&model, &viewState);
    FigureOptions options;
    options.view = FigureView::ScaleLab;
    options.theme = Theme::Kind::Light;
    const QSize size = exporter.defaultSize(options);
    EXPECT_GE(size.width(), 960);
    EXPECT_GE(size.height(), 540);
    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("sqrt-dk.png"));
    const auto error = exporter.exportFigure(options, path);
    ASSERT_FALSE(error.has_value()) << error->toStdString();
    QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), size);
    // Both series' colours are drawn, on the light theme's plot background.
    const Theme light = Theme::make(Theme::Kind::Light);
    int raw = 0, scaled = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            raw += c == light.queryColor(1);
            scaled += c == light.queryColor(0);
        }
    }
    EXPECT_GT(raw, 500);
    EXPECT_GT(scaled, 500);
}

TEST(ScaleLabView, AHiddenLabMeasuresNothingUntilItIsShown)
{
    AttentionModel model;
    model.setScenario(scalelab::defaultScenario());
    ViewState viewState;
    ScaleLabView view(&model, &viewState);
    settleEvents();
    const quint64 before = view.canvas()->measureCount();
    for (int d : {20, 40, 80}) {
        model.setScaleLab(*model.scenario().scaleLab, d);
        settleEvents();
    }
    EXPECT_EQ(view.canvas()->measureCount(), before);
    view.resize(900, 520);
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    ASSERT_TRUE(QTest::qWaitFor([&] { return view.canvas()->measureCount() == before + 1; }));
    ASSERT_NE(view.canvas()->measurement(), nullptr);
    EXPECT_EQ(view.canvas()->measurement()->keyDimension, 80);
    EXPECT_EQ(view.canvas()->measureCount(), before + 1);
    EXPECT_TRUE(view.canvas()->accessibleDescription().contains(QStringLiteral("d_k = 80")));
}

TEST(ScaleLabView, AQueryNearTheLargestDoubleIsDrawnWithFiniteNumbers)
{
    // A user types 1.7e308 into a query of the sample. The keys' first coordinates are kept
    // within ±0.9, so every q·k fits in a double and the engine computes; the lab drew its axis
    // to "−∞" and "∞" and wrote an infinite standard deviation.
    Lab lab;
    Scenario s = lab.model.wholeScenario();
    s.queries(0, 0) = 1.7e308;
    for (Index j = 0; j < s.keyCount(); ++j)
        s.keys(j, 0) = j % 2 == 0 ? 0.9 : -0.9;
    lab.model.setScenario(s);
    settleEvents();
    ScaleLabCanvas *canvas = lab.view.canvas();
    const ScaleLabMeasurement *m = canvas->measurement();
    ASSERT_NE(m, nullptr) << "the engine computes this scenario";
    EXPECT_TRUE(std::isfinite(m->rawDeviation));
    EXPECT_TRUE(std::isfinite(m->scaledDeviation));
    EXPECT_GT(m->rawDeviation, 1e306);
    EXPECT_TRUE(std::isfinite(ScaleLabPainter::axisReach(*m)));
    EXPECT_GE(ScaleLabPainter::axisReach(*m), 0.9 * 1.7e308);

    static const QRegularExpression nonFinite(QStringLiteral("\\b(nan|inf|infinity)\\b|\u221e"),
                                              QRegularExpression::CaseInsensitiveOption);
    canvas->repaint();
    const QVector<DrawnText> texts = drawnTexts(canvas);
    ASSERT_FALSE(texts.isEmpty());
    bool sawLargeTick = false;
    for (const DrawnText &text : texts) {
        EXPECT_FALSE(nonFinite.match(text.text).hasMatch()) << text.text.toStdString();
        sawLargeTick = sawLargeTick || text.text.contains(QStringLiteral("e+308"));
    }
    EXPECT_TRUE(sawLargeTick) << "the axis reaches the large products";
    EXPECT_FALSE(nonFinite.match(canvas->accessibleDescription()).hasMatch())
        << canvas->accessibleDescription().toStdString();
}
