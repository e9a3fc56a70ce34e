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

class FigureExporterTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario("lesson"));
        QCoreApplication::processEvents();
    }

    FigureOptions options(FigureView view, FigureFormat format, QSize size = QSize(600, 400),
                          double dpi = FigureOptions::kReferenceDpi) const
    {
        FigureOptions o;
        o.view = view;
        o.format = format;
        o.size = size;
        o.dpi = dpi;
        return o;
    }

    AttentionModel model;
    ViewState viewState;
};

} // namespace

TEST(FigureOptionsTest, IdsSuffixesAndPixelSizes)
{
    EXPECT_EQ(allFigureViews().size(), 12);
    for (FigureView view : allFigureViews()) {
        const auto back = figureViewFromId(figureViewId(view));
        ASSERT_TRUE(back.has_value());
        EXPECT_EQ(*back, view);
        EXPECT_FALSE(figureViewTitle(view).isEmpty());
    }
    EXPECT_EQ(figureViewId(FigureView::KeySpace), QStringLiteral("keyspace"));
    EXPECT_FALSE(figureViewFromId(QStringLiteral("heatmaps")).has_value());
    EXPECT_EQ(figureFormatFromPath(QStringLiteral("/a/b.PNG")), FigureFormat::Png);
    EXPECT_EQ(figureFormatFromPath(QStringLiteral("c.svg")), FigureFormat::Svg);
    EXPECT_EQ(figureFormatFromPath(QStringLiteral("c.pdf")), FigureFormat::Pdf);
    EXPECT_FALSE(figureFormatFromPath(QStringLiteral("c.jpg")).has_value());
    EXPECT_FALSE(figureFormatFromPath(QStringLiteral("png")).has_value());

    FigureOptions o;
    o.dpi = 300;
    EXPECT_EQ(o.pixelSize(QSize(600, 400)), QSize(1875, 1250));
    o.dpi = 192;
    EXPECT_EQ(o.pixelSize(QSize(600, 400)), QSize(1200, 800));
}

TEST(FigureCaptionTest, SummarisesTheMask)
{
    Scenario scenario = builtinScenario("lesson");
    EXPECT_EQ(maskSummary(scenario), QStringLiteral("no mask"));
    Scenario causal = builtinScenario("causal-self-attention");
    EXPECT_EQ(maskSummary(causal), QStringLiteral("causal mask"));

    Scenario square = builtinScenario("three-queries");
    ASSERT_EQ(square.queryCount(), 3);
    ASSERT_EQ(square.keyCount(), 3);
    Mask mask = Mask::Constant(3, 3, true);
    mask(0, 1) = false;
    mask(1, 2) = false;
    mask(2, 0) = false;
    square.allowed = mask;
    EXPECT_EQ(maskSummary(square), QStringLiteral("3 of 9 cells masked"));

    square.temperature = 0.5;
    square.name = QStringLiteral("Three queries");
    const QString caption = defaultFigureCaption(square);
    EXPECT_TRUE(caption.contains(QStringLiteral("Three queries"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("T = 0.5"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("3 of 9 cells masked"))) << caption.toStdString();
}

TEST(FigureCaptionTest, StatesTheLiveTemperatureNeverAStaleOne)
{
    // "Three queries, T = 1" after the slider moved to 0.3261: the name's T = 1 no longer holds.
    AttentionModel model;
    model.setScenario(builtinScenario("three-queries"));
    ASSERT_TRUE(model.scenario().name.contains(QStringLiteral("T = 1")));
    EXPECT_EQ(defaultFigureCaption(model.scenario()),
              QStringLiteral("Three queries — temperature T = 1 — no mask"));
    model.setTemperature(0.3261);
    const QString caption = defaultFigureCaption(model.scenario());
    EXPECT_EQ(caption, QStringLiteral("Three queries — temperature T = 0.3261 — no mask"));
    static const QRegularExpression anyTemperature(QStringLiteral("T\\s*=\\s*([0-9.]+)"));
    auto it = anyTemperature.globalMatch(caption);
    int stated = 0;
    while (it.hasNext()) {
        EXPECT_EQ(it.next().captured(1), QStringLiteral("0.3261")) << caption.toStdString();
        ++stated;
    }
    EXPECT_EQ(stated, 1);
    EXPECT_EQ(scenarioNameForFigure(model.scenario()), QStringLiteral("Three queries"));

    // A remark about the starting temperature stays while it holds and goes with it.
    Scenario sharp = builtinScenario("three-queries-sharp");
    ASSERT_EQ(sharp.name, QStringLiteral("Three queries, sharper (starts at T = 0.5)"));
    ASSERT_DOUBLE_EQ(sharp.temperature, 0.5);
    EXPECT_EQ(scenarioNameForFigure(sharp), QStringLiteral("Three queries, sharper"));
    EXPECT_EQ(defaultFigureCaption(sharp), QStringLiteral("Three queries, sharper — temperature T = 0.5 — no mask"));
    sharp.temperature = 3.0;
    EXPECT_EQ(defaultFigureCaption(sharp), QStringLiteral("Three queries — temperature T = 3 — no mask"));
    // The same in a translated name, with full-width brackets and comma.
    sharp.name = QStringLiteral("三個查詢，較尖銳（起始 T = 0.5）");
    EXPECT_EQ(scenarioNameForFigure(sharp), QStringLiteral("三個查詢"));
    sharp.temperature = 0.5;
    EXPECT_EQ(scenarioNameForFigure(sharp), QStringLiteral("三個查詢，較尖銳"));
    // The older form, "Three queries, T = 0.5 (sharper)", is read the same way.
    sharp.name = QStringLiteral("Three queries, T = 0.5 (sharper)");
    EXPECT_EQ(scenarioNameForFigure(sharp), QStringLiteral("Three queries (sharper)"));
    sharp.temperature = 3.0;
    EXPECT_EQ(scenarioNameForFigure(sharp), QStringLiteral("Three queries"));
    // Names without a temperature are kept whole.
    EXPECT_EQ(scenarioNameForFigure(builtinScenario("causal-padding")), QStringLiteral("Causal mask and padding"));
    Scenario bare = builtinScenario("lesson");
    bare.name = QStringLiteral("T=2");
    bare.temperature = 1.0;
    EXPECT_EQ(defaultFigureCaption(bare), QStringLiteral("Untitled scenario — temperature T = 1 — no mask"));
}

TEST(FigureCaptionTest, IsTranslated)
{
    // The caption's words are looked up where lupdate files them.
    Scenario scenario = builtinScenario("causal-self-attention");
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const QString caption = defaultFigureCaption(scenario);
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
    EXPECT_TRUE(caption.contains(QStringLiteral("溫度 T = 1"))) << caption.toStdString();  // 溫度
    EXPECT_TRUE(caption.contains(QStringLiteral("因果遮罩"))) << caption.toStdString();  // 因果遮罩
    EXPECT_FALSE(caption.contains(QStringLiteral("temperature"))) << caption.toStdString();
}

TEST_F(FigureExporterTest, PngHasTheAskedSizeAtEveryResolution)
{
    FigureExporter exporter(&model, &viewState);
    for (FigureView view : {FigureView::Heatmap, FigureView::KeySpace, FigureView::Weights,
                            FigureView::Context, FigureView::Mask, FigureView::Numbers}) {
        for (double dpi : {96.0, 192.0, 300.0}) {
            const QImage image = exporter.renderImage(options(view, FigureFormat::Png, QSize(600, 400), dpi));
            const QSize expected(static_cast<int>(std::lround(600 * dpi / 96)),
                                 static_cast<int>(std::lround(400 * dpi / 96)));
            EXPECT_EQ(image.size(), expected) << figureViewId(view).toStdString() << " at " << dpi;
            EXPECT_EQ(image.dotsPerMeterX(), qRound(dpi / 0.0254));
            // Not blank: text, lines and fills in several colours.
            EXPECT_GT(distinctColours(image), 12) << figureViewId(view).toStdString() << " at " << dpi;
            if (dpi == 300.0) {
                const QByteArray png = exporter.renderPng(options(view, FigureFormat::Png, QSize(600, 400), dpi));
                maybeSave(png, figureViewId(view) + QStringLiteral("-300dpi.png"));
                maybeSave(exporter.renderPng(options(view, FigureFormat::Png)),
                          figureViewId(view) + QStringLiteral("-1x.png"));
            }
        }
    }
}

TEST_F(FigureExporterTest, HeatmapCellsHaveTheColourMapsColours)
{
    FigureExporter exporter(&model, &viewState);
    const QVector<double> weights{model.result()->weights(0, 0), model.result()->weights(0, 1),
                                  model.result()->weights(0, 2)};
    ASSERT_NEAR(weights[0], 0.4011, 1e-4);
    for (ColorMap::Kind kind : {ColorMap::Kind::YlGnBu, ColorMap::Kind::Viridis}) {
        viewState.setColorMapKind(kind);
        for (double dpi : {96.0, 300.0}) {
            const QImage image = exporter.renderImage(options(FigureView::Heatmap, FigureFormat::Png, QSize(600, 400), dpi));
            // Each cell covers thousands of pixels; its colour is the map's colour of its weight.
            const double scale = dpi / 96.0;
            for (double w : weights) {
                const int count = countExactly(image, viewState.colorMap().rgbAt(w));
                EXPECT_GT(count, 1500 * scale * scale)
                    << ColorMap::id(kind).toStdString() << " weight " << w << " at " << dpi;
            }
        }
    }
    // A colour the map does not give these weights is absent: the count above can fail.
    EXPECT_LT(countExactly(exporter.renderImage(options(FigureView::Heatmap, FigureFormat::Png)),
                           viewState.colorMap().rgbAt(0.95)),
              50);
}

TEST_F(FigureExporterTest, AFigureShowsNoHoverOrSelectionUnlessAsked)
{
    // Nobody hovers a printed figure: neither the hovered cell's outline nor its numbers nor the
    // "Hover a cell ..." hint is drawn, and the selected row is outlined only on request.
    model.setScenario(builtinScenario("three-queries"));
    viewState.setSelectedQuery(1);
    viewState.setHover(-1, -1);
    QCoreApplication::processEvents();
    FigureExporter exporter(&model, &viewState);
    FigureOptions o = options(FigureView::Heatmap, FigureFormat::Png);
    const QImage plain = exporter.renderImage(o);
    viewState.setHover(0, 1);
    QCoreApplication::processEvents();
    const QImage hovered = exporter.renderImage(o);
    EXPECT_TRUE(hovered == plain) << "the hovered cell shows in the figure";
    o.format = FigureFormat::Svg;
    const QStringList texts = svgTexts(exporter.renderSvg(o));
    EXPECT_FALSE(containsText(texts, QStringLiteral("Hover"))) << texts.join(QLatin1Char('|')).toStdString();
    EXPECT_FALSE(containsText(texts, QStringLiteral("S/T ="))) << texts.join(QLatin1Char('|')).toStdString();
    EXPECT_FALSE(containsText(texts, QStringLiteral("q\u00b7k"))) << texts.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(containsText(texts, QStringLiteral("key / source")));
    // The live view state is left as it was.
    EXPECT_EQ(viewState.hoveredQuery(), 0);
    EXPECT_EQ(viewState.hoveredKey(), 1);
    EXPECT_EQ(viewState.selectedQuery(), 1);

    // Asked for, the selected query's row gets its frame in the query's colour (besides the
    // small swatch next to its label that every row has).
    o.format = FigureFormat::Png;
    o.showSelection = true;
    const QImage selected = exporter.renderImage(o);
    maybeSave(exporter.renderPng(o), QStringLiteral("three-queries-selected.png"));
    const QRgb colour = viewState.theme().queryColor(1).rgb();
    EXPECT_GT(countExactly(selected, colour), countExactly(plain, colour) + 300)
        << countExactly(selected, colour) << " vs " << countExactly(plain, colour);
}

TEST_F(FigureExporterTest, PngCarriesTheScenarioAndVersion)
{
    // Awkward doubles, a mask, a temperature and a label that is not ASCII.
    Scenario scenario = builtinScenario("three-queries");
    scenario.queries(0, 0) = 0.1 + 0.2;
    scenario.queries(1, 1) = 1.0 / 3.0;
    scenario.keys(2, 0) = -2.5e-7;
    scenario.values(1, 1) = 6.02214076e23;
    scenario.temperature = 0.7;
    scenario.queryLabels = QStringList{QStringLiteral("clé"), QStringLiteral("β"), QStringLiteral("q3")};
    Mask mask = Mask::Constant(scenario.queryCount(), scenario.keyCount(), true);
    mask(0, 2) = false;
    scenario.allowed = mask;
    model.setScenario(scenario);
    QCoreApplication::processEvents();

    QTemporaryDir dir;
    ASSERT_TRUE(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("figure.png"));
    FigureExporter exporter(&model, &viewState);
    const auto error = exporter.exportFigure(options(FigureView::Heatmap, FigureFormat::Png, QSize(500, 360), 300), path);
    ASSERT_FALSE(error.has_value()) << error->toStdString();

    QImageReader reader(path);
    EXPECT_EQ(reader.size(), QSize(1563, 1125));
    const QString json = reader.text(QLatin1String(FigureExporter::kScenarioTextKey));
    ASSERT_FALSE(json.isEmpty());
    EXPECT_TRUE(QRegularExpression(QStringLiteral("^\\d+\\.\\d+\\.\\d+$"))
                    .match(reader.text(QLatin1String(FigureExporter::kVersionTextKey)))
                    .hasMatch());
    const Result<Scenario> back = parseScenario(json.toUtf8(), path);
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_TRUE(identicalMatrices(back.value().queries, scenario.queries));
    EXPECT_TRUE(identicalMatrices(back.value().keys, scenario.keys));
    EXPECT_TRUE(identicalMatrices(back.value().values, scenario.values));
    EXPECT_TRUE(identicalDoubles(back.value().temperature, scenario.temperature));
    EXPECT_TRUE(identicalMasks(back.value().allowed, scenario.allowed));
    EXPECT_EQ(back.value().queryLabels, scenario.queryLabels);
    EXPECT_EQ(back.value().keyLabels, scenario.keyLabels);
    EXPECT_TRUE(back.value() == scenario);

    // The image itself reads back whole.
    const QImage image = reader.read();
    EXPECT_EQ(image.size(), QSize(1563, 1125));
}

// Issue 28: the PNG's scenario was written on a second thread from a pointer into the live
// model, while drawing the figure ran the event loop, where the document can change. The thread
// writes a copy: the file carries the scenario as it was when the export began.
TEST_F(FigureExporterTest, APngCarriesTheScenarioItWasAskedForWhileTheDocumentChanges)
{
    Scenario large;
    large.name = QStringLiteral("large");
    large.queries = Matrix::Random(2048, 64);
    large.keys = Matrix::Random(2048, 64);
    large.values = Matrix::Random(2048, 16);
    large.temperature = 1.0;
    model.setScenario(large);
    QCoreApplication::processEvents();
    Scenario other = large;
    other.name = QStringLiteral("replaced");
    other.queries.setZero();
    other.temperature = 4.0;
    // Runs in the first turn of the event loop the figure's drawing makes.
    QTimer::singleShot(0, &model, [this, other] { model.setScenario(other); });

    FigureExporter exporter(&model, &viewState);
    const QByteArray png = exporter.renderPng(options(FigureView::Weights, FigureFormat::Png, QSize(400, 300)));
    ASSERT_FALSE(png.isEmpty());
    EXPECT_EQ(model.scenario().name, QStringLiteral("replaced")) << "the document changed during the export";
    QBuffer buffer;
    buffer.setData(png);
    QImageReader reader(&buffer, "png");
    const Result<Scenario> back =
        parseScenario(reader.text(QLatin1String(FigureExporter::kScenarioTextKey)).toUtf8(), QStringLiteral("figure.png"));
    ASSERT_TRUE(back.ok()) << back.error().describe().toStdString();
    EXPECT_EQ(back.value().name, QStringLiteral("large"));
    EXPECT_TRUE(identicalMatrices(back.value().queries, large.queries));
    EXPECT_TRUE(identicalDoubles(back.value().temperature, 1.0));
}

TEST_F(FigureExporterTest, SvgIsReadableVectorWithTextKeptAsText)
{
    FigureExporter exporter(&model, &viewState);
    struct Expect {
        FigureView view;
        QStringList texts;
    } expectations[] = {
        {FigureView::Heatmap, {QStringLiteral("key / source"), QStringLiteral("query / destination"),
                               QStringLiteral("memory A"), QStringLiteral("0.4011")}},
        {FigureView::Weights, {QStringLiteral("attention weight"), QStringLiteral("memory B")}},
        {FigureView::Context, {QStringLiteral("memory C")}},
        {FigureView::KeySpace, {QStringLiteral("memory A")}},
        {FigureView::Mask, {QStringLiteral("memory A")}},
        {FigureView::Numbers, {QStringLiteral("memory A")}},
    };
    for (const Expect &e : expectations) {
        const QByteArray svg = exporter.renderSvg(options(e.view, FigureFormat::Svg));
        maybeSave(svg, figureViewId(e.view) + QStringLiteral(".svg"));
        QSvgRenderer renderer(svg);
        EXPECT_TRUE(renderer.isValid()) << figureViewId(e.view).toStdString();
        EXPECT_EQ(renderer.viewBox(), QRect(0, 0, 600, 400));
        const QStringList texts = svgTexts(svg);
        for (const QString &needle : e.texts)
            EXPECT_TRUE(containsText(texts, needle))
                << figureViewId(e.view).toStdString() << " lacks text " << needle.toStdString();
        // Vector: no picture of the view embedded in it, at most small parts (a colour bar).
        EXPECT_LT(largestSvgImageArea(svg), 0.05 * 600 * 400) << figureViewId(e.view).toStdString();
    }
}

TEST_F(FigureExporterTest, PdfHasExactlyOnePage)
{
    FigureExporter exporter(&model, &viewState);
    for (FigureView view : {FigureView::Heatmap, FigureView::KeySpace, FigureView::Weights,
                            FigureView::Context, FigureView::Mask, FigureView::Numbers}) {
        const QByteArray pdf = exporter.renderPdf(options(view, FigureFormat::Pdf));
        maybeSave(pdf, figureViewId(view) + QStringLiteral(".pdf"));
        EXPECT_TRUE(pdf.startsWith("%PDF")) << figureViewId(view).toStdString();
        EXPECT_EQ(countPdfPages(pdf), 1) << figureViewId(view).toStdString();
        // The page is the figure's size: 600 x 400 logical pixels at 96 per inch = 450 x 300 pt.
        EXPECT_TRUE(QString::fromLatin1(pdf).contains(
            QRegularExpression(QStringLiteral("/MediaBox \\[0 0 450(\\.0+)? 300(\\.0+)?\\]"))))
            << figureViewId(view).toStdString();
    }
    // The counter itself tells two pages from one.
    EXPECT_EQ(countPdfPages("<< /Type /Pages >> << /Type /Page >> << /Type /Page >>"), 2);
}

TEST_F(FigureExporterTest, TransparentBackgroundLeavesTheCornersClear)
{
    FigureExporter exporter(&model, &viewState);
    for (FigureView view : {FigureView::Heatmap, FigureView::KeySpace, FigureView::Weights,
                            FigureView::Context, FigureView::Mask, FigureView::Numbers}) {
        FigureOptions o = options(view, FigureFormat::Png);
        o.transparent = true;
        const QImage clear = exporter.renderImage(o);
        maybeSave(exporter.renderPng(o), figureViewId(view) + QStringLiteral("-transparent.png"));
        EXPECT_EQ(qAlpha(clear.pixel(1, 1)), 0) << figureViewId(view).toStdString();
        EXPECT_EQ(qAlpha(clear.pixel(clear.width() - 2, clear.height() - 2)), 0) << figureViewId(view).toStdString();
        EXPECT_GT(distinctColours(clear), 12) << figureViewId(view).toStdString();
        o.transparent = false;
        const QImage solid = exporter.renderImage(o);
        EXPECT_EQ(qAlpha(solid.pixel(1, 1)), 255) << figureViewId(view).toStdString();
    }
}

TEST_F(FigureExporterTest, CaptionIsDrawnUnderTheFigureAndKeptAsText)
{
    FigureExporter exporter(&model, &viewState);
    FigureOptions o = options(FigureView::Heatmap, FigureFormat::Png);
    const QImage plain = exporter.renderImage(o);
    o.caption = defaultFigureCaption(model.scenario());
    const QImage captioned = exporter.renderImage(o);
    maybeSave(exporter.renderPng(o), QStringLiteral("heatmap-caption.png"));
    EXPECT_EQ(captioned.size(), plain.size());
    // The last rows hold the caption's dark text.
    const QImage band = captioned.copy(0, captioned.height() - 40, captioned.width(), 40);
    int dark = 0;
    for (int y = 0; y < band.height(); ++y)
        for (int x = 0; x < band.width(); ++x)
            dark += qGray(band.pixel(x, y)) < 100;
    EXPECT_GT(dark, 100);

    o.format = FigureFormat::Svg;
    const QStringList texts = svgTexts(exporter.renderSvg(o));
    EXPECT_TRUE(containsText(texts, QStringLiteral("temperature"))) << texts.join(QLatin1Char('|')).toStdString();
}

TEST_F(FigureExporterTest, RefusesImpossibleSizesAndNamesTheFileItCannotWrite)
{
    FigureExporter exporter(&model, &viewState);
    FigureOptions o = options(FigureView::Heatmap, FigureFormat::Png, QSize(10, 10));
    EXPECT_TRUE(exporter.validate(o).has_value());
    o.size = QSize(16000, 16000);
    o.dpi = 1200;
    EXPECT_TRUE(exporter.validate(o).has_value());
    EXPECT_TRUE(exporter.renderImage(o).isNull());
    EXPECT_TRUE(exporter.validate(options(FigureView::Window, FigureFormat::Png)).has_value());

    const QString path = QStringLiteral("/nonexistent-folder-for-attnlens/figure.png");
    const auto error = exporter.exportFigure(options(FigureView::Heatmap, FigureFormat::Png), path);
    ASSERT_TRUE(error.has_value());
    EXPECT_TRUE(error->contains(path)) << error->toStdString();
}

TEST_F(FigureExporterTest, RefusedScenarioIsExportedAsRefused)
{
    Scenario scenario = builtinScenario("three-queries");
    Mask mask = Mask::Constant(scenario.queryCount(), scenario.keyCount(), true);
    mask.row(1).setConstant(false);
    scenario.allowed = mask;
    model.setScenario(scenario);
    QCoreApplication::processEvents();
    ASSERT_EQ(model.result(), nullptr);
    FigureExporter exporter(&model, &viewState);
    const QStringList texts = svgTexts(exporter.renderSvg(options(FigureView::Heatmap, FigureFormat::Svg)));
    EXPECT_TRUE(containsText(texts, QStringLiteral("undefined: no allowed key"))) << texts.join(QLatin1Char('|')).toStdString();
}

TEST_F(FigureExporterTest, MaskedCellsAreHatchedInEveryFormat)
{
    model.setScenario(builtinScenario("causal-padding"));
    QCoreApplication::processEvents();
    FigureExporter exporter(&model, &viewState);
    const QRgb maskedFill = qRgb(0xd6, 0xd6, 0xd6);
    for (double dpi : {96.0, 300.0}) {
        const QImage image = exporter.renderImage(options(FigureView::Heatmap, FigureFormat::Png, QSize(600, 400), dpi));
        // The hatching's grey ground covers a good part of the masked cells.
        EXPECT_GT(countExactly(image, maskedFill), 1000 * (dpi / 96) * (dpi / 96)) << dpi;
    }
    for (FigureView view : allFigureViews()) {
        if (view == FigureView::Window)
            continue;
        maybeSave(exporter.renderPng(options(view, FigureFormat::Png, QSize(600, 400), 300)),
                  QStringLiteral("masked-%1-300dpi.png").arg(figureViewId(view)));
        maybeSave(exporter.renderSvg(options(view, FigureFormat::Svg)),
                  QStringLiteral("masked-%1.svg").arg(figureViewId(view)));
        maybeSave(exporter.renderPdf(options(view, FigureFormat::Pdf)),
                  QStringLiteral("masked-%1.pdf").arg(figureViewId(view)));
    }
    const QByteArray svg = exporter.renderSvg(options(FigureView::Mask, FigureFormat::Svg));
    EXPECT_TRUE(QSvgRenderer(svg).isValid());
}

TEST_F(FigureExporterTest, HugeCellsStayOnTheirSeamsAt300Dpi)
{
    // A 3 x 3 matrix filling a 1600 x 1200 figure at 300 dpi: each cell is about 1000 pixels
    // wide, where an enlarged one-pixel-per-cell image would drift into its neighbours.
    model.setScenario(builtinScenario("causal-padding"));
    QCoreApplication::processEvents();
    FigureExporter exporter(&model, &viewState);
    const QSize size(1600, 1200);
    const double dpi = 300;
    const QImage image = exporter.renderImage(options(FigureView::Heatmap, FigureFormat::Png, size, dpi));
    HeatmapView reference(&model, &viewState);
    reference.setFigureMode(true);
    reference.resize(size);
    reference.setAttribute(Qt::WA_DontShowOnScreen);
    reference.show();
    QCoreApplication::processEvents();
    const double scale = dpi / 96.0;
    const auto devicePixels = [scale](const QRectF &r) {
        return QRect(QPoint(qCeil(r.left() * scale), qCeil(r.top() * scale)),
                     QPoint(qFloor(r.right() * scale) - 1, qFloor(r.bottom() * scale) - 1));
    };
    // Query 2 attends to keys 1 and 2; key 3 is masked for it.
    const QRgb allowed = viewState.colorMap().rgbAt(model.result()->weights(1, 1));
    const QRect masked = devicePixels(reference.cellRect(1, 2)).adjusted(4, 4, -4, -4);
    ASSERT_FALSE(masked.isEmpty());
    EXPECT_EQ(countExactly(image.copy(masked), allowed), 0);
    const QRect below = devicePixels(reference.cellRect(2, 1)).adjusted(4, 4, -4, -4);
    EXPECT_EQ(countExactly(image.copy(below), allowed), 0);
    EXPECT_GT(countExactly(image.copy(devicePixels(reference.cellRect(1, 1))), allowed),
              masked.width() * masked.height() / 2);
}

namespace {

/// The share of an image's columns (or rows) in which every pixel has the colour of its
/// top-left corner (the background).
double blankShare(const QImage &image, bool columns)
{
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    const QRgb background = rgb.pixel(0, 0);
    const int outer = columns ? rgb.width() : rgb.height();
    const int inner = columns ? rgb.height() : rgb.width();
    int blank = 0;
    for (int i = 0; i < outer; ++i) {
        bool empty = true;
        for (int j = 0; j < inner && empty; ++j)
            empty = (columns ? rgb.pixel(i, j) : rgb.pixel(j, i)) == background;
        blank += empty;
    }
    return double(blank) / outer;
}
} // namespace

TEST_F(FigureExporterTest, AHeatmapFigureFillsItsCanvas)
{
    // The lesson's 1 x 3 matrix at the default size (as on the command line): no blank third.
    FigureExporter exporter(&model, &viewState);
    FigureOptions o;
    o.view = FigureView::Heatmap;
    o.format = FigureFormat::Png;
    const QImage image = exporter.renderImage(o);
    maybeSave(exporter.renderPng(o), QStringLiteral("lesson-default.png"));
    EXPECT_LT(blankShare(image, true), 0.12) << image.width() << " x " << image.height();
    EXPECT_LT(blankShare(image, false), 0.12) << image.width() << " x " << image.height();
    // The SVG's drawing covers its page as well.
    o.format = FigureFormat::Svg;
    const QByteArray svg = exporter.renderSvg(o);
    QSvgRenderer renderer(svg);
    ASSERT_TRUE(renderer.isValid());
    QImage drawn(exporter.figureSize(o), QImage::Format_RGB32);
    drawn.fill(Qt::white);
    {
        QPainter painter(&drawn);
        renderer.render(&painter);
    }
    EXPECT_LT(blankShare(drawn, true), 0.12);
    EXPECT_LT(blankShare(drawn, false), 0.12);
    // Cut to its content, the figure keeps every label whole and every number.
    const QStringList texts = svgTexts(svg);
    EXPECT_FALSE(containsText(texts, QStringLiteral("\u2026"))) << texts.join(QLatin1Char('|')).toStdString();
    for (Index key = 0; key < model.scenario().keyCount(); ++key) {
        EXPECT_TRUE(texts.contains(model.scenario().keyLabel(key)));
        EXPECT_TRUE(texts.contains(formatCompact(model.result()->weights(0, key), 4)));
    }
    EXPECT_TRUE(containsText(texts, QStringLiteral("Attention weights")));

    // A caption is added under the view, not taken from it.
    o.caption = defaultFigureCaption(model.scenario());
    const QSize withCaption = exporter.figureSize(o);
    EXPECT_EQ(withCaption.width(), image.width());
    EXPECT_GT(withCaption.height(), image.height());

    // Three queries: a square matrix fills a figure of its own shape too.
    model.setScenario(builtinScenario("three-queries"));
    QCoreApplication::processEvents();
    o.caption.clear();
    o.format = FigureFormat::Png;
    const QImage square = exporter.renderImage(o);
    EXPECT_LT(blankShare(square, true), 0.12);
    EXPECT_LT(blankShare(square, false), 0.12);
}
