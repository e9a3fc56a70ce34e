#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "colormap.h"
#include "coretestsupport.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "figureoptions.h"
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

namespace {

// Saves what an export looks like when FIGURE_SCREENSHOT_DIR is set (for a person to look at).
void maybeSave(const QByteArray &bytes, const QString &name)
{
    const QByteArray dir = qgetenv("FIGURE_SCREENSHOT_DIR");
    if (dir.isEmpty())
        return;
    QFile file(QString::fromLocal8Bit(dir) + QStringLiteral("/figure-") + name);
    if (file.open(QIODevice::WriteOnly))
        file.write(bytes);
}

int distinctColours(const QImage &image)
{
    QSet<QRgb> colours;
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    for (int y = 0; y < argb.height(); y += 1) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x)
            colours.insert(line[x]);
    }
    return colours.size();
}

int countExactly(const QImage &image, QRgb colour)
{
    const QImage argb = image.convertToFormat(QImage::Format_ARGB32);
    int count = 0;
    for (int y = 0; y < argb.height(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = 0; x < argb.width(); ++x)
            count += (line[x] | 0xff000000) == (colour | 0xff000000) && qAlpha(line[x]) == 255;
    }
    return count;
}

/// Of the horizontally neighbouring pixel pairs that differ at all (more than 24 in some
/// channel), the share that differ a lot (more than 120): high for crisp edges, low for an image
/// that was enlarged with smoothing.
double sharpEdgeShare(const QImage &image, const QRect &rect)
{
    const QImage argb = image.convertToFormat(QImage::Format_RGB32);
    int differing = 0;
    int sharp = 0;
    const QRect r = rect.intersected(argb.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        const auto *line = reinterpret_cast<const QRgb *>(argb.constScanLine(y));
        for (int x = r.left(); x < r.right(); ++x) {
            const QRgb a = line[x];
            const QRgb b = line[x + 1];
            const int d = std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                    std::abs(qBlue(a) - qBlue(b))});
            differing += d > 24;
            sharp += d > 120;
        }
    }
    return differing == 0 ? 0.0 : double(sharp) / differing;
}

int countPdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

QStringList svgTexts(const QByteArray &svg)
{
    QStringList texts;
    static const QRegularExpression text(QStringLiteral("<text[^>]*>([^<]*)</text>"));
    auto it = text.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext())
        texts.append(it.next().captured(1));
    return texts;
}

double largestSvgImageArea(const QByteArray &svg)
{
    static const QRegularExpression image(
        QStringLiteral("<image[^>]*width=\"([0-9.]+)\"[^>]*height=\"([0-9.]+)\""));
    double largest = 0.0;
    auto it = image.globalMatch(QString::fromUtf8(svg));
    while (it.hasNext()) {
        const auto match = it.next();
        largest = std::max(largest, match.captured(1).toDouble() * match.captured(2).toDouble());
    }
    return largest;
}

bool containsText(const QStringList &texts, const QString &needle)
{
    for (const QString &text : texts) {
        if (text.contains(needle))
            return true;
    }
    return false;
}

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
