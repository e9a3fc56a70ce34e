#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "languagesettings.h"
#include "livereadoutlabel.h"
#include "mainwindow.h"
#include "temperaturepanel.h"
#include "theme.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMap>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSignalSpy>
#include <QSlider>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

// -sum w ln w, written out independently of the code under test.
double expectedEntropy(const Matrix &weights, Index row)
{
    double h = 0.0;
    for (Index j = 0; j < weights.cols(); ++j) {
        const double w = weights(row, j);
        if (w > 0)
            h -= w * std::log(w);
    }
    return h;
}

// The full-precision "H = ..." number from the readout's tooltip.
double shownEntropy(const LiveReadoutLabel *readout)
{
    const QRegularExpression pattern(QStringLiteral("H = ([0-9.eE+-]+) nats"));
    const QRegularExpressionMatch match = pattern.match(readout->toolTip());
    EXPECT_TRUE(match.hasMatch()) << readout->toolTip().toStdString();
    return match.captured(1).toDouble();
}

void saveScreenshot(QWidget *widget, const QString &name)
{
    const QByteArray dir = qgetenv("ATTNLENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/") + name);
}

// Every visible control lies inside the panel and on no other, and wrapped text is not clipped.
void expectTidyLayout(QWidget *panel, const char *name)
{
    ASSERT_TRUE(attnlens::test::waitForStableLayout(panel)) << name;
    const QList<QWidget *> children =
        panel->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
    for (int a = 0; a < children.size(); ++a) {
        if (!children[a]->isVisible())
            continue;
        EXPECT_TRUE(panel->rect().contains(children[a]->geometry()))
            << name << " " << children[a]->objectName().toStdString();
        for (int b = a + 1; b < children.size(); ++b) {
            if (children[b]->isVisible()) {
                EXPECT_FALSE(children[a]->geometry().intersects(children[b]->geometry()))
                    << name << " " << children[a]->objectName().toStdString() << " / "
                    << children[b]->objectName().toStdString();
            }
        }
        if (auto *label = qobject_cast<QLabel *>(children[a]); label && label->wordWrap()) {
            EXPECT_GE(label->height(), label->heightForWidth(label->width()))
                << name << " " << label->objectName().toStdString();
        } else if (label) {
            EXPECT_GE(label->width(), label->sizeHint().width())
                << name << " " << label->objectName().toStdString();
        }
    }
    // The readout sits in a box of its own: it must fill the box and show all of its text.
    auto *readout = panel->findChild<LiveReadoutLabel *>(QStringLiteral("entropyReadout"));
    ASSERT_NE(readout, nullptr);
    ASSERT_TRUE(readout->isVisible()) << name;
    EXPECT_EQ(readout->geometry(), readout->parentWidget()->rect()) << name;
    if (readout->wordWrap())
        EXPECT_GE(readout->height(), readout->heightForWidth(readout->width())) << name;
    else
        EXPECT_GE(readout->width(), readout->sizeHint().width()) << name;
    EXPECT_TRUE(panel->rect().contains(
        QRect(readout->mapTo(panel, QPoint(0, 0)), readout->size()))) << name;
}

/// Counts the layout passes a widget is asked for.
class LayoutRequestCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            ++count;
        return false;
    }
};

class TemperaturePanelTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model = std::make_unique<AttentionModel>();
        viewState = std::make_unique<ViewState>();
        panel = std::make_unique<TemperaturePanel>(model.get(), viewState.get());
        model->setScenario(builtinScenario("lesson"));
        QCoreApplication::processEvents();
        slider = panel->findChild<QSlider *>(QStringLiteral("temperatureSlider"));
        spinBox = panel->findChild<QDoubleSpinBox *>(QStringLiteral("temperatureSpinBox"));
        reset = panel->findChild<QPushButton *>(QStringLiteral("temperatureResetButton"));
        readout = panel->findChild<LiveReadoutLabel *>(QStringLiteral("entropyReadout"));
        stateLine = panel->findChild<QLabel *>(QStringLiteral("temperatureStateLine"));
        ASSERT_TRUE(slider && spinBox && reset && readout && stateLine);
    }

    double temperature() const { return model->scenario().temperature; }

    void showAt(int width, int height)
    {
        panel->resize(width, height);
        panel->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(panel.get()));
        QCoreApplication::processEvents();
    }

    std::unique_ptr<AttentionModel> model;
    std::unique_ptr<ViewState> viewState;
    std::unique_ptr<TemperaturePanel> panel;
    QSlider *slider = nullptr;
    QDoubleSpinBox *spinBox = nullptr;
    QPushButton *reset = nullptr;
    LiveReadoutLabel *readout = nullptr;
    QLabel *stateLine = nullptr;
};

} // namespace

TEST_F(TemperaturePanelTest, SliderIsLogarithmicWithOneInTheMiddle)
{
    ASSERT_GE(slider->maximum() - slider->minimum(), 1000);
    EXPECT_EQ(slider->value(), (slider->minimum() + slider->maximum()) / 2) << "T = 1 sits mid-way";

    QTest::keyClick(slider, Qt::Key_Home);
    EXPECT_EQ(temperature(), 0.05);
    QTest::keyClick(slider, Qt::Key_End);
    EXPECT_EQ(temperature(), 20.0);
    slider->setValue(slider->maximum() / 2);
    EXPECT_EQ(temperature(), 1.0);
    // A quarter of the way is the geometric mean of 0.05 and 1 (a linear slider would give 5.04).
    slider->setValue(slider->maximum() / 4);
    EXPECT_NEAR(temperature(), std::sqrt(0.05), 1e-3);
    slider->setValue(slider->maximum() * 3 / 4);
    EXPECT_NEAR(temperature(), std::sqrt(20.0), 1e-2);
}

TEST_F(TemperaturePanelTest, SlidingUpdatesTheModelBeforeRelease)
{
    QSignalSpy changes(model.get(), &AttentionModel::temperatureChanged);
    slider->setSliderDown(true);
    for (int position : {480, 460, 440, 420})
        slider->setSliderPosition(position);
    EXPECT_EQ(changes.count(), 4) << "one setTemperature per slider step, not on release";
    EXPECT_NEAR(temperature(), panel->sliderMapping().valueForPosition(420), 0);
    EXPECT_LT(temperature(), 1.0);
    slider->setSliderDown(false);
    EXPECT_EQ(changes.count(), 4);
    // The spin box followed without writing back a rounded value.
    EXPECT_NEAR(spinBox->value(), temperature(), 0.0005 + 1e-12);
}

TEST_F(TemperaturePanelTest, TypingInTheNumberFieldSetsTemperature)
{
    EXPECT_EQ(spinBox->decimals(), 3);
    EXPECT_EQ(spinBox->minimum(), 0.05);
    EXPECT_EQ(spinBox->maximum(), 20.0);
    spinBox->setFocus();
    spinBox->findChild<QLineEdit *>()->selectAll();
    QTest::keyClicks(spinBox, QStringLiteral("2.5"));
    QTest::keyClick(spinBox, Qt::Key_Return);
    EXPECT_EQ(temperature(), 2.5);
    EXPECT_EQ(slider->value(), panel->sliderMapping().positionForValue(2.5));
    EXPECT_GT(slider->value(), slider->maximum() / 2);

    spinBox->findChild<QLineEdit *>()->selectAll();
    QTest::keyClicks(spinBox, QStringLiteral("0.125"));
    QTest::keyClick(spinBox, Qt::Key_Return);
    EXPECT_EQ(temperature(), 0.125);
}

TEST_F(TemperaturePanelTest, ResetReturnsToExactlyOne)
{
    QTest::keyClick(slider, Qt::Key_Home);
    ASSERT_EQ(temperature(), 0.05);
    QTest::mouseClick(reset, Qt::LeftButton);
    EXPECT_EQ(temperature(), 1.0);
    slider->setValue(737);
    ASSERT_NE(temperature(), 1.0);
    QTest::mouseClick(reset, Qt::LeftButton);
    EXPECT_EQ(temperature(), 1.0);
    EXPECT_EQ(slider->value(), slider->maximum() / 2);
    EXPECT_EQ(spinBox->value(), 1.0);
}

TEST_F(TemperaturePanelTest, EntropyMatchesTheWeightsAndFallsWithTemperature)
{
    ASSERT_NE(model->result(), nullptr);
    const double h1 = shownEntropy(readout);
    EXPECT_NEAR(h1, expectedEntropy(model->result()->weights, 0), 1e-14);
    // The lesson's row [0.4011, 0.1978, 0.4011]: H = 1.05 nats, e^H = 2.87 of 3 keys.
    EXPECT_TRUE(readout->text().contains(QStringLiteral("<b>1.05</b> nats"))) << readout->text().toStdString();
    EXPECT_TRUE(readout->text().contains(QStringLiteral("<b>2.87</b> of 3"))) << readout->text().toStdString();

    slider->setValue(panel->sliderMapping().positionForValue(0.3));
    QCoreApplication::processEvents();
    const double hCold = shownEntropy(readout);
    EXPECT_NEAR(hCold, expectedEntropy(model->result()->weights, 0), 1e-14);
    EXPECT_LT(hCold, h1 - 0.1) << "lower T sharpens the row";

    QTest::keyClick(slider, Qt::Key_Home);
    QCoreApplication::processEvents();
    const double hColdest = shownEntropy(readout);
    EXPECT_LT(hColdest, hCold);
    EXPECT_NEAR(hColdest, expectedEntropy(model->result()->weights, 0), 1e-14);
    // At T = 0.05 the two tied keys A and C share everything: e^H -> 2.
    EXPECT_TRUE(readout->text().contains(QStringLiteral("<b>2.00</b> of 3"))) << readout->text().toStdString();

    QTest::keyClick(slider, Qt::Key_End);
    QCoreApplication::processEvents();
    EXPECT_GT(shownEntropy(readout), h1) << "higher T flattens the row";
    EXPECT_LT(shownEntropy(readout), std::log(3.0));
}

TEST_F(TemperaturePanelTest, NewWeightsUpdateTheReadoutWithoutARelayout)
{
    // A drag changes the weights on every mouse move: the readout follows, but the panel (and so
    // its dock and the main window) must not be laid out again each time.
    for (const int width : {1280, 460}) {
        model->setScenario(builtinScenario(width > 1000 ? "three-queries" : "lesson"));
        showAt(width, 170);
        ASSERT_TRUE(attnlens::test::waitForStableLayout(panel.get()));
        LayoutRequestCounter counter;
        panel->installEventFilter(&counter);
        QStringList shown;
        for (int step = 1; step <= 8; ++step) {
            Eigen::RowVectorXd query = model->scenario().queries.row(0);
            query(0) += 0.37 * step;
            model->setQueryRow(0, query);
            QCoreApplication::processEvents();
            shown << readout->text();
            EXPECT_NEAR(shownEntropy(readout), expectedEntropy(model->result()->weights, 0), 1e-14);
        }
        shown.removeDuplicates();
        EXPECT_GE(shown.size(), 4) << "the readout follows the weights";
        EXPECT_EQ(counter.count, 0) << width;
        panel->removeEventFilter(&counter);
        expectTidyLayout(panel.get(), width > 1000 ? "wide" : "narrow");
    }
}

TEST_F(TemperaturePanelTest, NewWeightsRepaintOnlyTheReadout)
{
    // While a query is dragged the readout changes on every step: it repaints itself alone,
    // never the panel, its dock or the window behind it, and still shows its number in bold.
    showAt(1280, 170);
    ASSERT_TRUE(attnlens::test::waitForStableLayout(panel.get()));
    struct PaintCounter : QObject {
        QMap<QObject *, int> counts;
        bool eventFilter(QObject *watched, QEvent *event) override
        {
            if (event->type() == QEvent::Paint)
                ++counts[watched];
            return false;
        }
    } paints;
    panel->installEventFilter(&paints);
    readout->installEventFilter(&paints);
    readout->parentWidget()->installEventFilter(&paints);
    for (int step = 1; step <= 5; ++step) {
        Eigen::RowVectorXd query = model->scenario().queries.row(0);
        query(0) += 0.37 * step;
        model->setQueryRow(0, query);
        ASSERT_TRUE(QTest::qWaitFor([&] { return paints.counts.value(readout) >= step; }, 2000));
    }
    EXPECT_EQ(paints.counts.value(panel.get()), 0);
    EXPECT_EQ(paints.counts.value(readout->parentWidget()), 0);

    // The readout's pixels: the query's coloured square at the left, dark text after it.
    const QImage image = readout->grab().toImage();
    const QColor square = viewState->theme().queryColor(0);
    bool foundSquare = false;
    for (int x = 0; x < 3 * readout->fontMetrics().height() && !foundSquare; ++x) {
        for (int y = 0; y < image.height(); ++y) {
            const QColor pixel = image.pixelColor(x, y);
            if (std::abs(pixel.red() - square.red()) < 12 && std::abs(pixel.green() - square.green()) < 12
                && std::abs(pixel.blue() - square.blue()) < 12) {
                foundSquare = true;
                break;
            }
        }
    }
    EXPECT_TRUE(foundSquare) << "the selected query's colour square is drawn";
    EXPECT_TRUE(readout->plainText().contains(QStringLiteral("entropy")))
        << readout->plainText().toStdString();
    EXPECT_FALSE(readout->plainText().contains(QLatin1Char('<'))) << "no markup is shown";
}

TEST_F(TemperaturePanelTest, ReadoutFollowsTheSelectedQuery)
{
    model->setScenario(builtinScenario("three-queries"));
    QCoreApplication::processEvents();
    viewState->setSelectedQuery(2);
    EXPECT_TRUE(readout->text().contains(QStringLiteral("row 3"))) << readout->text().toStdString();
    EXPECT_NEAR(shownEntropy(readout), expectedEntropy(model->result()->weights, 2), 1e-14);
    viewState->setSelectedQuery(1);
    EXPECT_NEAR(shownEntropy(readout), expectedEntropy(model->result()->weights, 1), 1e-14);
}

TEST_F(TemperaturePanelTest, MaskedRowCountsOnlyAllowedKeys)
{
    Scenario masked = builtinScenario("lesson");
    masked.allowed = Mask::Constant(1, 3, true);
    (*masked.allowed)(0, 1) = false;
    model->setScenario(masked);
    QCoreApplication::processEvents();
    // [0.5, 0, 0.5]: H = ln 2, two effective keys of the two allowed.
    EXPECT_NEAR(shownEntropy(readout), std::log(2.0), 1e-15);
    EXPECT_TRUE(readout->text().contains(QStringLiteral("<b>2.00</b> of 2 allowed")))
        << readout->text().toStdString();
}

TEST_F(TemperaturePanelTest, OutOfRangeTemperatureIsShownAtTheLimitButNotClamped)
{
    showAt(700, 150);
    QSignalSpy changes(model.get(), &AttentionModel::temperatureChanged);
    Scenario hot = builtinScenario("lesson");
    hot.temperature = 100.0;
    model->setScenario(hot);
    QCoreApplication::processEvents();
    expectTidyLayout(panel.get(), "beyond");
    saveScreenshot(panel.get(), QStringLiteral("controls-temperature-beyond.png"));
    EXPECT_EQ(temperature(), 100.0);
    EXPECT_EQ(changes.count(), 0) << "showing the value must not write it back";
    EXPECT_EQ(slider->value(), slider->maximum());
    EXPECT_EQ(spinBox->value(), 20.0);
    EXPECT_FALSE(stateLine->isHidden());
    EXPECT_TRUE(stateLine->text().contains(QStringLiteral("100"))) << stateLine->text().toStdString();

    Scenario cold = builtinScenario("lesson");
    cold.temperature = 0.01;
    model->setScenario(cold);
    QCoreApplication::processEvents();
    EXPECT_EQ(temperature(), 0.01);
    EXPECT_EQ(changes.count(), 0);
    EXPECT_EQ(slider->value(), 0);
    EXPECT_EQ(spinBox->value(), 0.05);
    ASSERT_NE(model->result(), nullptr) << "T = 0.01 is valid, only beyond the control";

    // Only a move by the user changes it.
    QTest::keyClick(slider, Qt::Key_Right);
    EXPECT_EQ(changes.count(), 1);
    EXPECT_EQ(temperature(), panel->sliderMapping().valueForPosition(slider->value()));
    EXPECT_TRUE(stateLine->isHidden());
}

TEST_F(TemperaturePanelTest, NonpositiveTemperatureShowsTheErrorState)
{
    showAt(900, 140);
    const QColor normalBase = spinBox->palette().color(QPalette::Base);
    Scenario frozen = builtinScenario("lesson");
    frozen.temperature = 0.0;
    model->setScenario(frozen);
    QCoreApplication::processEvents();
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::NonpositiveTemperature);
    EXPECT_EQ(temperature(), 0.0) << "the widget must not clamp the model";
    EXPECT_TRUE(stateLine->isVisible());
    EXPECT_TRUE(stateLine->text().contains(QStringLiteral("invalid"))) << stateLine->text().toStdString();
    expectTidyLayout(panel.get(), "error");
    saveScreenshot(panel.get(), QStringLiteral("controls-temperature-error.png"));
    EXPECT_TRUE(readout->text().contains(QStringLiteral("undefined"))) << readout->text().toStdString();
    EXPECT_FALSE(readout->text().contains(QStringLiteral("nats")));
    const QColor errorBase = spinBox->palette().color(QPalette::Base);
    EXPECT_NE(errorBase, normalBase);
    EXPECT_GT(errorBase.red(), errorBase.blue() + 20) << "the number field turns red";

    QTest::mouseClick(reset, Qt::LeftButton);
    QCoreApplication::processEvents();
    EXPECT_FALSE(model->error().has_value());
    EXPECT_TRUE(stateLine->isHidden());
    EXPECT_EQ(spinBox->palette().color(QPalette::Base), normalBase);
}

TEST_F(TemperaturePanelTest, RendersWithoutOverlapsAtProjectorAndLargeSizes)
{
    struct Size {
        int width;
        int height;
        const char *name;
    };
    for (const Size size : {Size{1280, 110, "controls-temperature-1280.png"},
                            Size{2560, 160, "controls-temperature-2560.png"},
                            Size{460, 170, "controls-temperature-narrow.png"}}) {
        showAt(size.width, size.height);
        ASSERT_GE(panel->width(), panel->minimumSizeHint().width());
        saveScreenshot(panel.get(), QString::fromLatin1(size.name));
        const QImage image = panel->grab().toImage();
        // Not blank: plenty of pixels differ from the background.
        const QRgb background = image.pixel(1, 1);
        int differing = 0;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2)
                differing += image.pixel(x, y) != background ? 1 : 0;
        EXPECT_GT(differing, 200) << size.name;

        expectTidyLayout(panel.get(), size.name);
    }
}

TEST_F(TemperaturePanelTest, AWrappedReadoutIsNeverClipped)
{
    // In a narrow dock the readout wraps under the controls; its box is measured when the panel
    // is shown and again on every resize, so every line of it stays visible.
    Scenario lesson = builtinScenario("lesson");
    lesson.queryLabels = QStringList{QStringLiteral("a rather long name for the only query")};
    model->setScenario(lesson);
    QCoreApplication::processEvents();
    for (const int width : {320, 420, 360}) {
        showAt(width, 220);
        ASSERT_TRUE(attnlens::test::waitForStableLayout(panel.get()));
        ASSERT_TRUE(readout->wordWrap()) << width;
        EXPECT_GE(readout->height(), readout->heightForWidth(readout->width())) << width;
        EXPECT_GT(readout->height(), readout->fontMetrics().height()) << "wraps at " << width;
        expectTidyLayout(panel.get(), "narrow");
    }
}

// The readout's words, in the panel's coordinates.
QRectF readoutTextInPanel(const LiveReadoutLabel *readout, const QWidget *panel)
{
    return readout->textRect().translated(readout->mapTo(panel, QPoint(0, 0)));
}

/// Room enough that the last word does not seem to touch the panel's edge: two digits' width.
int roomAfterTheWords(const QWidget *panel)
{
    return panel->fontMetrics().horizontalAdvance(QLatin1Char('0')) * 2;
}

/// Switches the interface language for one test and back to English afterwards.
class LanguageScope {
public:
    explicit LanguageScope(const QString &code) { LanguageSettings::install(code); }
    ~LanguageScope() { LanguageSettings::install(QStringLiteral("en")); }
};

// Issue 10: in Chinese, at step 7 of the lesson in a 1280x720 window, the readout beside the
// controls ran into the panel's right edge.
TEST(TemperaturePanelMargins, TheReadoutsWordsKeepAMarginAtEveryWidthInBothLanguages)
{
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_TW")}) {
        const LanguageScope scope(language);
        AttentionModel model;
        ViewState viewState;
        TemperaturePanel panel(&model, &viewState);
        auto *readout = panel.findChild<LiveReadoutLabel *>(QStringLiteral("entropyReadout"));
        ASSERT_NE(readout, nullptr);
        for (const char *id : {"causal-padding", "practice-cross-attention", "lesson"}) {
            model.setScenario(builtinScenario(id));
            for (int width = 380; width <= 1400; width += 30) {
                panel.resize(width, 160);
                panel.show();
                ASSERT_TRUE(QTest::qWaitForWindowExposed(&panel));
                QCoreApplication::processEvents();
                const int margin = roomAfterTheWords(&panel);
                const QRectF text = readoutTextInPanel(readout, &panel);
                ASSERT_FALSE(text.isEmpty());
                EXPECT_LE(text.right(), panel.width() - margin)
                    << language.toStdString() << " " << id << " at " << width << ": "
                    << readout->plainText().toStdString();
                EXPECT_GE(text.left(), panel.fontMetrics().height() / 2 - 1);
                EXPECT_LE(text.bottom(), panel.height());
                // What the reader sees: nothing of the text is cut off by the readout's box.
                EXPECT_LE(text.right(), readout->width() + readout->mapTo(&panel, QPoint(0, 0)).x());
            }
        }
    }
}

TEST(TemperaturePanelMargins, StepSevenOfTheLessonAt1280x720LeavesRoomRightOfTheReadout)
{
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("zh_TW")}) {
        const LanguageScope scope(language);
        QSettings().clear();
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        window.startLesson(6);
        TemperaturePanel *panel = window.temperaturePanel();
        auto *readout = panel->findChild<LiveReadoutLabel *>(QStringLiteral("entropyReadout"));
        ASSERT_NE(readout, nullptr);
        // The lesson's step lays the docks out in posted events: wait for the readout to show.
        ASSERT_TRUE(QTest::qWaitFor([&] { return readout->isVisible(); }));
        attnlens::test::settleEvents();
        const QRectF text = readoutTextInPanel(readout, panel);
        const int margin = roomAfterTheWords(panel);
        EXPECT_LE(text.right(), panel->width() - margin) << language.toStdString();
        // The panel itself is not cut off by its dock either.
        EXPECT_LE(panel->mapTo(&window, QPoint(panel->width(), 0)).x(), window.width())
            << language.toStdString();
        saveScreenshot(&window, QStringLiteral("lesson-step7-%1.png").arg(language));
    }
}

// The panel reads the model's error inside temperatureChanged (issue 12, point 1): the state line
// must describe the new temperature at once, in the same call, not one event-loop turn later
// when resultChanged arrives.
TEST_F(TemperaturePanelTest, TheErrorStateIsInTheThemesColoursAndFollowsATheme)
{
    showAt(900, 140);
    Scenario frozen = builtinScenario("lesson");
    frozen.temperature = 0.0;
    model->setScenario(frozen);
    QCoreApplication::processEvents();
    ASSERT_TRUE(stateLine->isVisible());
    for (Theme::Kind kind : {Theme::Kind::Dark, Theme::Kind::Projector, Theme::Kind::Light}) {
        viewState->setThemeKind(kind);
        QCoreApplication::processEvents();
        const Theme::FieldColors &colors = viewState->theme().fields();
        EXPECT_EQ(stateLine->palette().color(QPalette::WindowText), colors.invalidText) << Theme::id(kind).toStdString();
        EXPECT_EQ(spinBox->palette().color(QPalette::Base), colors.invalidFill) << Theme::id(kind).toStdString();
    }
    // Dark writes the warning light on dark, Light dark on light.
    EXPECT_GT(Theme::make(Theme::Kind::Dark).fields().invalidText.lightnessF(), 0.6);
    EXPECT_LT(Theme::make(Theme::Kind::Dark).fields().invalidFill.lightnessF(), 0.3);
    EXPECT_LT(Theme::make(Theme::Kind::Light).fields().invalidText.lightnessF(), 0.4);
}

TEST_F(TemperaturePanelTest, TheStateLineNamesAnInvalidTemperatureInTheSameCall)
{
    ASSERT_NE(model->result(), nullptr);  // a fresh result, so a stale one would be kept
    ASSERT_TRUE(stateLine->text().isEmpty());
    model->setTemperature(-0.5);  // no event processing between the setter and the checks
    EXPECT_TRUE(stateLine->text().contains(QStringLiteral("is invalid"))) << stateLine->text().toStdString();
    EXPECT_TRUE(stateLine->text().contains(QStringLiteral("-0.5"))) << stateLine->text().toStdString();

    model->setTemperature(0.7);
    EXPECT_TRUE(stateLine->text().isEmpty()) << stateLine->text().toStdString();
}
