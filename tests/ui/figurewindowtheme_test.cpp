// Figures of the whole window and figures in another style than the screen's: the window drawn
// without the hover or a focus ring and with its heatmap and key space painted again sharp, and
// every style (dark, light for print, projector) keeping every label and number.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "coretestsupport.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "figuretestsupport.h"
#include "focusring.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "languagesettings.h"
#include "mainwindow.h"
#include "numberformat.h"
#include "scenario.h"
#include "scenariojson.h"
#include "theme.h"
#include "tokenpalette.h"
#include "viewstate.h"
#include "weightschartview.h"

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QImageReader>
#include <QPainter>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QtMath>
#include <QtSvg/QSvgRenderer>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;
using namespace attnlens::test;

namespace {

/// Pixels inside `rect` within 60 of `ink` in every channel.
int inkPixels(const QImage &image, const QRect &rect, QColor ink)
{
    int count = 0;
    const QRect r = rect.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QRgb p = image.pixel(x, y);
            count += std::abs(qRed(p) - ink.red()) < 60 && std::abs(qGreen(p) - ink.green()) < 60
                && std::abs(qBlue(p) - ink.blue()) < 60;
        }
    }
    return count;
}

} // namespace

TEST(FigureWindowTest, WholeWindowAndSharpViewsInside)
{
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();

    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    EXPECT_EQ(exporter.defaultSize(FigureView::Window), window.size());
    // The heatmap's size on screen, cut to what its matrix fills: as wide or as tall.
    const QSize heatmapSize = exporter.defaultSize(FigureView::Heatmap);
    const QSize onScreen = window.heatmapView()->size();
    EXPECT_TRUE(heatmapSize.width() == onScreen.width() || heatmapSize.height() == onScreen.height())
        << heatmapSize.width() << " x " << heatmapSize.height();
    EXPECT_LE(heatmapSize.width(), onScreen.width());
    EXPECT_LE(heatmapSize.height(), onScreen.height());

    FigureOptions o;
    o.view = FigureView::Window;
    o.dpi = 300;
    const QImage image = exporter.renderImage(o);
    ASSERT_EQ(image.size(), o.pixelSize(window.size()));
    maybeSave(exporter.renderPng(o), QStringLiteral("window-300dpi.png"));
    o.dpi = 96;
    maybeSave(exporter.renderPng(o), QStringLiteral("window-1x.png"));
    const QImage small = exporter.renderImage(o);
    EXPECT_GT(distinctColours(image), 50);

    // The heatmap inside the window is drawn again at 300 dpi, not enlarged from the screen:
    // its edges are much sharper than the same area of the 1x picture enlarged smoothly.
    const QRect heatmap(window.heatmapView()->mapTo(&window, QPoint(0, 0)), window.heatmapView()->size());
    const double scale = 300.0 / 96.0;
    const QRect scaled(QPoint(qRound(heatmap.x() * scale), qRound(heatmap.y() * scale)),
                       QSize(qRound(heatmap.width() * scale), qRound(heatmap.height() * scale)));
    const QImage enlarged = small.scaled(image.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    const double crisp = sharpEdgeShare(image, scaled);
    const double blurry = sharpEdgeShare(enlarged, scaled);
    EXPECT_GT(crisp, 1.5 * blurry) << crisp << " vs " << blurry;

    o.format = FigureFormat::Svg;
    const QByteArray svg = exporter.renderSvg(o);
    maybeSave(svg, QStringLiteral("window.svg"));
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
    EXPECT_TRUE(containsText(svgTexts(svg), QStringLiteral("key / source")));
    o.format = FigureFormat::Pdf;
    const QByteArray pdf = exporter.renderPdf(o);
    maybeSave(pdf, QStringLiteral("window.pdf"));
    EXPECT_EQ(countPdfPages(pdf), 1);
}

TEST(FigureThemeTest, DarkThemeHeatmapKeepsNumbersAndLabelsAtEveryResolution)
{
    // The lesson's heatmap exported from a dark window at its size on screen: at 1x, 2x and
    // 300 dpi every key label is whole and every weight is written in its cell.
    MainWindow window;
    window.openScenario(builtinScenario("lesson"), QStringLiteral("lesson"));
    window.viewState()->setThemeKind(Theme::Kind::Dark);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    const Scenario &scenario = window.model()->scenario();
    const Matrix &weights = window.model()->result()->weights;

    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    FigureOptions o;
    o.view = FigureView::Heatmap;
    o.format = FigureFormat::Svg;
    o.caption = defaultFigureCaption(scenario);
    const QByteArray svg = exporter.renderSvg(o);
    maybeSave(svg, QStringLiteral("lesson-dark.svg"));
    const QStringList texts = svgTexts(svg);
    for (Index key = 0; key < scenario.keyCount(); ++key)
        EXPECT_TRUE(texts.contains(scenario.keyLabel(key))) << scenario.keyLabel(key).toStdString() << " in " << texts.join(QLatin1Char('|')).toStdString();
    for (Index key = 0; key < scenario.keyCount(); ++key)
        EXPECT_TRUE(texts.contains(formatCompact(weights(0, key), 4))) << key;
    EXPECT_FALSE(containsText(texts, QStringLiteral("\u2026"))) << texts.join(QLatin1Char('|')).toStdString();

    // The same figure in pixels: each cell holds its number (ink of the cell's text colour in
    // its middle), at every resolution. Where the cells are comes from a heatmap laid out as the
    // figure's (figure mode, the figure's size).
    o.format = FigureFormat::Png;
    o.caption.clear();
    HeatmapView reference(window.model(), window.viewState());
    reference.setFigureMode(true);
    reference.setFont(QApplication::font());
    reference.setAttribute(Qt::WA_DontShowOnScreen);
    reference.resize(exporter.figureSize(o));
    reference.show();
    QCoreApplication::processEvents();
    ASSERT_TRUE(reference.areValuesVisible());
    for (double dpi : {96.0, 192.0, 300.0}) {
        o.dpi = dpi;
        const QImage image = exporter.renderImage(o);
        ASSERT_FALSE(image.isNull());
        maybeSave(exporter.renderPng(o), QStringLiteral("lesson-dark-%1dpi.png").arg(dpi));
        // Dark: the background is the dark theme's.
        EXPECT_LT(qGray(image.pixel(2, 2)), 60) << dpi;
        const double s = dpi / 96.0;
        int cellsWithNumbers = 0;
        for (Index key = 0; key < scenario.keyCount(); ++key) {
            const QRgb fill = window.viewState()->colorMap().rgbAt(weights(0, key));
            const QRectF cell = reference.cellRect(0, int(key));
            ASSERT_FALSE(cell.isEmpty());
            const QRect middle(qRound(cell.left() * s), qRound((cell.center().y() - cell.height() / 6) * s),
                               qRound(cell.width() * s), qRound(cell.height() / 3 * s));
            cellsWithNumbers += inkPixels(image, middle, ColorMap::textColorOn(fill)) > 20 * s * s;
        }
        EXPECT_EQ(cellsWithNumbers, int(scenario.keyCount())) << dpi;
    }
}

TEST(FigureThemeTest, PrintStyleIsLightWhateverTheScreenShows)
{
    // A dark window; the figure asked for in Light (print) is dark text on white, with the
    // Light query colours; the window keeps its dark colours afterwards.
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.viewState()->setThemeKind(Theme::Kind::Dark);
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    const QColor darkQueryColour = window.viewState()->theme().queryColor(0);
    ASSERT_NE(darkQueryColour, Theme::make(Theme::Kind::Light).queryColor(0));

    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    FigureOptions o;
    o.view = FigureView::Heatmap;
    o.theme = Theme::Kind::Light;
    o.caption = QStringLiteral("printed");
    const QImage light = exporter.renderImage(o);
    maybeSave(exporter.renderPng(o), QStringLiteral("three-queries-print.png"));
    EXPECT_EQ(light.pixel(1, 1), qRgb(255, 255, 255));
    EXPECT_EQ(light.pixel(1, light.height() - 2), qRgb(255, 255, 255)) << "the caption's band";
    // The swatches are in the Light query colours (exactly, in their middle).
    EXPECT_GT(countExactly(light, Theme::make(Theme::Kind::Light).queryColor(0).rgb()), 20);
    EXPECT_EQ(countExactly(light, darkQueryColour.rgb()), 0);
    // The screen's colours are back.
    EXPECT_EQ(window.viewState()->theme().queryColor(0), darkQueryColour);
    EXPECT_EQ(window.viewState()->themeKind(), Theme::Kind::Dark);

    // As on screen: dark, caption band included.
    o.theme.reset();
    const QImage dark = exporter.renderImage(o);
    EXPECT_LT(qGray(dark.pixel(1, 1)), 60);
    EXPECT_LT(qGray(dark.pixel(1, dark.height() - 2)), 60);

    // The other way round: a Dark figure from a Light screen, and the Light colours stay.
    window.viewState()->setThemeKind(Theme::Kind::Light);
    QCoreApplication::processEvents();
    const QColor lightQueryColour = window.viewState()->theme().queryColor(0);
    o.theme = Theme::Kind::Dark;
    EXPECT_LT(qGray(exporter.renderImage(o).pixel(1, 1)), 60);
    EXPECT_EQ(window.viewState()->theme().queryColor(0), lightQueryColour);
}

TEST(FigureWindowTest, TheWholeWindowIsDrawnWithoutTheHover)
{
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    FigureOptions o;
    o.view = FigureView::Window;
    window.viewState()->setHover(-1, -1);
    QCoreApplication::processEvents();
    const QImage away = exporter.renderImage(o);
    // The mouse over a heatmap cell: every view shows it on screen, none in the figure.
    window.viewState()->setHover(1, 2);
    QCoreApplication::processEvents();
    const QImage hovering = exporter.renderImage(o);
    maybeSave(exporter.renderPng(o), QStringLiteral("window-hovering.png"));
    EXPECT_TRUE(hovering == away) << "the hover shows in the window's figure";
    EXPECT_EQ(window.viewState()->hoveredQuery(), 1);
    EXPECT_EQ(window.viewState()->hoveredKey(), 2);
    // The heatmap on screen is itself again (not left in figure mode).
    EXPECT_FALSE(window.heatmapView()->isFigureMode());
}

TEST(FigureThemeTest, EveryStyleKeepsEveryLabelAndNumber)
{
    // From a light window, at the size offered (the heatmap's on screen, fitted, with the
    // caption's room added): every style writes every label whole and every number, Projector's
    // bigger type included.
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.resize(1280, 720);
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    const Scenario &scenario = window.model()->scenario();
    const Matrix &weights = window.model()->result()->weights;
    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    for (Theme::Kind kind : Theme::kinds()) {
        FigureOptions o;
        o.view = FigureView::Heatmap;
        o.format = FigureFormat::Svg;
        o.theme = kind;
        o.caption = defaultFigureCaption(scenario);
        const QByteArray svg = exporter.renderSvg(o);
        maybeSave(svg, QStringLiteral("three-queries-%1.svg").arg(Theme::id(kind)));
        const QStringList texts = svgTexts(svg);
        const std::string id = Theme::id(kind).toStdString();
        EXPECT_FALSE(containsText(texts, QStringLiteral("\u2026"))) << id << ": " << texts.join(QLatin1Char('|')).toStdString();
        for (Index key = 0; key < scenario.keyCount(); ++key)
            EXPECT_TRUE(texts.contains(scenario.keyLabel(key))) << id << ": " << scenario.keyLabel(key).toStdString();
        for (Index query = 0; query < scenario.queryCount(); ++query) {
            EXPECT_TRUE(texts.contains(scenario.queryLabel(query))) << id << ": " << scenario.queryLabel(query).toStdString();
            for (Index key = 0; key < scenario.keyCount(); ++key)
                EXPECT_TRUE(texts.contains(formatCompact(weights(query, key), 4))) << id << ": " << query << "," << key;
        }
        EXPECT_TRUE(containsText(texts, QStringLiteral("key / source"))) << id;
        EXPECT_TRUE(containsText(texts, QStringLiteral("query / destination"))) << id;
    }
}

TEST(FigureWindowTest, TheWholeWindowIsDrawnWithoutAFocusRing)
{
    MainWindow window;
    window.openScenario(builtinScenario("three-queries"), QStringLiteral("three-queries"));
    window.resize(1280, 720);
    window.show();
    window.activateWindow();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    QCoreApplication::processEvents();
    FigureExporter exporter(window.model(), window.viewState(), window.figureViews());
    FigureOptions o;
    o.view = FigureView::Window;
    QWidget *chart = window.weightsChartView();
    window.keySpaceView()->setFocus(Qt::MouseFocusReason);
    QCoreApplication::processEvents();
    const QImage unfocused = exporter.renderImage(o);
    // The keyboard on the weights chart: its ring shows on screen, not in the figure.
    chart->setFocus(Qt::TabFocusReason);
    QCoreApplication::processEvents();
    ASSERT_TRUE(chart->hasFocus());
    FocusRing *shown = nullptr;
    for (FocusRing *ring : window.findChildren<FocusRing *>())
        shown = ring->isVisible() ? ring : shown;
    ASSERT_NE(shown, nullptr) << "no focus ring on screen";
    const QImage focused = exporter.renderImage(o);
    EXPECT_TRUE(focused == unfocused) << "the focus ring shows in the window's figure";
    EXPECT_TRUE(shown->isVisible()) << "the ring is back on screen";
}
