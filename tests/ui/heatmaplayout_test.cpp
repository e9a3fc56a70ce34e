// The heatmap's widget-free parts: the layout (cells tile the matrix exactly, labels never
// overlap and stay clear of the colour bar, the colour bar's ticks) and the one-pixel-per-cell
// image (each pixel is the colour map of its cell's weight, masked cells get the masked fill,
// and a query drag colours again only the rows that changed).
#include "attention.h"
#include "colormap.h"
#include "heatmapimage.h"
#include "heatmaplayout.h"
#include "matrixlabellayout.h"
#include "scenario.h"

#include <QFont>
#include <QFontMetricsF>

#include "textfit.h"

#include <gtest/gtest.h>

#include <random>

using namespace attnlens;

namespace {

QFont testFont()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(13);
    return font;
}

QStringList labels(const QString &stem, int count)
{
    QStringList list;
    for (int i = 0; i < count; ++i)
        list << QStringLiteral("%1 %2").arg(stem).arg(i + 1);
    return list;
}

struct Measured {
    Measured(int rows, int columns, const QString &rowStem = QStringLiteral("query"),
             const QString &columnStem = QStringLiteral("key"))
        : rowLabels(labels(rowStem, rows), bold(), 0)
        , columnLabels(labels(columnStem, columns), testFont())
    {
    }
    static QFont bold()
    {
        QFont font = testFont();
        font.setBold(true);
        return font;
    }
    HeatmapLayout layout(const QRectF &bounds, bool infoLine = true) const
    {
        HeatmapLayout::Input input;
        input.bounds = bounds;
        input.font = testFont();
        input.rowLabels = &rowLabels;
        input.columnLabels = &columnLabels;
        input.infoLine = infoLine;
        input.xTitle = QStringLiteral("key / source");
        input.yTitle = QStringLiteral("query / destination");
        input.yTitleShort = QStringLiteral("query");
        return HeatmapLayout::compute(input);
    }
    MatrixLabelLayout rowLabels;
    MatrixLabelLayout columnLabels;
};

Scenario randomScenario(int queries, int keys, unsigned seed)
{
    Scenario s;
    std::mt19937 rng(seed);
    std::normal_distribution<double> normal;
    s.queries = Matrix(queries, 3);
    s.keys = Matrix(keys, 3);
    s.values = Matrix(keys, 2);
    for (Index i = 0; i < s.queries.size(); ++i)
        s.queries.data()[i] = 2 * normal(rng);
    for (Index i = 0; i < s.keys.size(); ++i)
        s.keys.data()[i] = 2 * normal(rng);
    s.values.setOnes();
    return s;
}

AttentionResult resultOf(const Scenario &scenario)
{
    AttentionResult result;
    const std::optional<Error> error = computeAttentionInto(scenario, result);
    EXPECT_FALSE(error.has_value());
    return result;
}

const HeatmapImage::Fills kFills{qRgb(0xdd, 0xdd, 0xdd), qRgb(0xee, 0xee, 0xee)};

bool overlap(const QRectF &a, const QRectF &b)
{
    const QRectF inter = a.intersected(b);
    return inter.width() > 0.01 && inter.height() > 0.01;
}

} // namespace

TEST(HeatmapLayout, CellsTileTheMatrixExactly)
{
    for (const QSize shape : {QSize(3, 3), QSize(1, 3), QSize(7, 12), QSize(40, 40), QSize(300, 200)}) {
        const Measured measured(shape.height(), shape.width());
        for (const QSizeF size : {QSizeF(600, 400), QSizeF(1280, 720), QSizeF(1921, 1081)}) {
            const HeatmapLayout layout = measured.layout(QRectF(QPointF(3, 5), size));
            ASSERT_TRUE(layout.hasGrid) << shape.width() << "x" << shape.height();
            const QRectF &matrix = layout.matrixRect;
            EXPECT_TRUE(layout.gridArea.contains(matrix));
            EXPECT_NEAR(layout.cellRect(0, 0).topLeft().x(), matrix.left(), 1e-9);
            EXPECT_NEAR(layout.cellRect(0, 0).top(), matrix.top(), 1e-9);
            const QRectF last = layout.cellRect(layout.rows - 1, layout.columns - 1);
            EXPECT_NEAR(last.right(), matrix.right(), 1e-6);
            EXPECT_NEAR(last.bottom(), matrix.bottom(), 1e-6);
            // Neighbours share their edges: no gap, no overlap.
            for (int column = 0; column + 1 < layout.columns; ++column)
                EXPECT_NEAR(layout.cellRect(0, column).right(), layout.cellRect(0, column + 1).left(), 1e-9);
            for (int row = 0; row + 1 < layout.rows; ++row)
                EXPECT_NEAR(layout.cellRect(row, 0).bottom(), layout.cellRect(row + 1, 0).top(), 1e-9);
            // Square cells, whole pixels once they are big enough to see one by one.
            const QRectF cell = layout.cellRect(0, 0);
            EXPECT_DOUBLE_EQ(cell.width(), cell.height());
            if (layout.cellSize >= 4.0) {
                EXPECT_DOUBLE_EQ(layout.cellSize, std::floor(layout.cellSize));
            }
            // Hit-testing finds the cell under each cell's centre, and nothing outside.
            for (int row : {0, layout.rows / 2, layout.rows - 1}) {
                for (int column : {0, layout.columns / 2, layout.columns - 1}) {
                    EXPECT_EQ(layout.cellAt(layout.cellRect(row, column).center()), QPoint(column, row));
                    EXPECT_EQ(layout.rowLabelAt(QPointF(layout.rowLabelArea.center().x(),
                                                        layout.cellRect(row, 0).center().y())),
                              row);
                }
            }
            EXPECT_EQ(layout.cellAt(matrix.topLeft() - QPointF(1, 1)), QPoint(-1, -1));
            EXPECT_EQ(layout.cellAt(QPointF(matrix.right() + 1, matrix.center().y())), QPoint(-1, -1));
        }
    }
}

TEST(HeatmapLayout, LabelsNeverOverlapAndStayClearOfTheColourBar)
{
    for (const QSize shape : {QSize(3, 3), QSize(12, 5), QSize(40, 40), QSize(512, 64)}) {
        const Measured measured(shape.height(), shape.width(), QStringLiteral("token number"),
                                QStringLiteral("source token"));
        for (const QSizeF size : {QSizeF(600, 400), QSizeF(1280, 720), QSizeF(1920, 1080)}) {
            const HeatmapLayout layout = measured.layout(QRectF(QPointF(0, 0), size));
            ASSERT_TRUE(layout.hasGrid);
            ASSERT_FALSE(layout.rowLabels.isEmpty());
            ASSERT_FALSE(layout.columnLabels.isEmpty());
            EXPECT_EQ(layout.rowLabels.first().index, 0);
            EXPECT_EQ(layout.columnLabels.first().index, 0);
            QVector<QRectF> rects;
            for (const MatrixLabelLayout::Label &label : layout.rowLabels) {
                EXPECT_LE(label.rect.right(), layout.matrixRect.left());
                rects << label.rect;
            }
            for (const MatrixLabelLayout::Label &label : layout.columnLabels) {
                EXPECT_GE(label.rect.top(), layout.matrixRect.bottom());
                EXPECT_LE(label.rect.right(), layout.barRect.left()) << label.text.toStdString();
                rects << label.rect;
            }
            for (int a = 0; a < rects.size(); ++a) {
                EXPECT_TRUE(layout.bounds.contains(rects[a]));
                for (int b = a + 1; b < rects.size(); ++b)
                    EXPECT_FALSE(overlap(rects[a], rects[b])) << a << " " << b;
            }
            // When the rows are tall enough for a line each, every query is named.
            if (layout.cellSize >= 1.15 * layout.lineHeight) {
                EXPECT_EQ(layout.rowLabels.size(), layout.rows);
            }
        }
    }
}

TEST(HeatmapLayout, AStackedChineseTitleGetsTheHeightItsCharactersTake)
{
    // The Chinese title stacks one character under another; those characters come from a
    // fallback font whose lines are taller than the Latin font's, and the title's box must hold
    // them all, or fall back to the short title when the matrix is too short.
    const Measured measured(3, 3);
    QFont bold = Measured::bold();
    const QFontMetricsF boldFm(bold);
    for (double height : {150.0, 200.0, 260.0, 400.0}) {
        HeatmapLayout::Input input;
        input.bounds = QRectF(0, 0, 520, height);
        input.font = testFont();
        input.rowLabels = &measured.rowLabels;
        input.columnLabels = &measured.columnLabels;
        input.xTitle = QStringLiteral("\u9375\uff0f\u4f86\u6e90");
        input.yTitle = QStringLiteral("\u67e5\u8a62\uff0f\u76ee\u7684");
        input.yTitleShort = QStringLiteral("\u67e5\u8a62");
        const HeatmapLayout layout = HeatmapLayout::compute(input);
        ASSERT_FALSE(layout.yTitle.isEmpty()) << height;
        const QRectF needed = boldFm.boundingRect(QRectF(0, 0, 1e6, 1e6), Qt::AlignCenter, uprightColumn(layout.yTitle));
        EXPECT_GE(layout.yTitleRect.height() + 0.5, needed.height()) << height << " px: " << layout.yTitle.toStdString();
        EXPECT_TRUE(input.bounds.contains(layout.yTitleRect)) << height;
    }
}

// Issue 27 (zh_TW at 1024x768): key names in Chinese come from a fallback font whose lines are a
// quarter taller than the Latin font's; broken over two lines, "詞元 3（填充）" ran into the axis
// title under it. The room kept for the names is that of their own lines.
TEST(HeatmapLayout, ChineseKeyNamesOverTwoLinesStayClearOfTheAxisTitle)
{
    const MatrixLabelLayout rows(QStringList{QStringLiteral("\u8a5e\u5143 1"), QStringLiteral("\u8a5e\u5143 2"),
                                             QStringLiteral("\u8a5e\u5143 3")},
                                 Measured::bold(), 0);
    const MatrixLabelLayout columns(QStringList{QStringLiteral("\u8a5e\u5143 1"), QStringLiteral("\u8a5e\u5143 2"),
                                                QStringLiteral("\u8a5e\u5143 3\uff08\u586b\u5145\uff09")},
                                    testFont());
    EXPECT_GT(columns.lineHeight(), QFontMetricsF(testFont()).height());
    int twoLines = 0;
    for (double width = 160; width <= 900; width += 10) {
        for (double height : {260.0, 340.0, 420.0}) {
            HeatmapLayout::Input input;
            input.bounds = QRectF(0, 0, width, height);
            input.font = testFont();
            input.rowLabels = &rows;
            input.columnLabels = &columns;
            input.xTitle = QStringLiteral("\u9375\uff0f\u4f86\u6e90");
            input.yTitle = QStringLiteral("\u67e5\u8a62\uff0f\u76ee\u7684");
            input.yTitleShort = QStringLiteral("\u67e5\u8a62");
            const HeatmapLayout layout = HeatmapLayout::compute(input);
            if (!layout.hasGrid || layout.columnForm == MatrixLabelLayout::Form::Turned)
                continue;  // no matrix at all, or names read upwards beside each other
            if (layout.columnForm == MatrixLabelLayout::Form::TwoLines)
                ++twoLines;
            for (const MatrixLabelLayout::Label &label : layout.columnLabels) {
                EXPECT_LE(label.rect.bottom(), layout.xTitleRect.top() + 0.5)
                    << width << " x " << height << " px: " << label.text.toStdString();
                EXPECT_GE(label.rect.top(), layout.matrixRect.bottom()) << width << " x " << height;
            }
        }
    }
    EXPECT_GT(twoLines, 0) << "some width breaks the names over two lines";
}

TEST(HeatmapLayout, TheColourBarsTicksRunFromLowToHighOnRoundValues)
{
    const Measured measured(3, 3);
    const HeatmapLayout layout = measured.layout(QRectF(0, 0, 800, 600));
    ASSERT_TRUE(layout.hasGrid);
    EXPECT_DOUBLE_EQ(layout.tickY(1.0, 0.0, 1.0), layout.barRect.top());
    EXPECT_DOUBLE_EQ(layout.tickY(0.0, 0.0, 1.0), layout.barRect.bottom());

    const QVector<HeatmapLayout::Tick> weights = HeatmapLayout::ticks(layout, 0.0, 1.0);
    ASSERT_GE(weights.size(), 2);
    EXPECT_DOUBLE_EQ(weights.first().value, 0.0);
    EXPECT_DOUBLE_EQ(weights.last().value, 1.0);
    // Each label reads as its value, with just the decimals the step needs ("0.0", "0.2", ... "1.0").
    for (const HeatmapLayout::Tick &tick : weights) {
        bool ok = false;
        EXPECT_NEAR(tick.label.toDouble(&ok), tick.value, 1e-9) << tick.label.toStdString();
        EXPECT_TRUE(ok);
        EXPECT_EQ(tick.label.size(), weights.first().label.size());
    }
    EXPECT_LE(weights.size(), 6);
    for (int i = 1; i < weights.size(); ++i) {
        EXPECT_GT(weights[i].value, weights[i - 1].value);
        // Well apart on the bar: at least two lines between neighbours.
        EXPECT_GE(layout.tickY(weights[i - 1].value, 0, 1) - layout.tickY(weights[i].value, 0, 1),
                  2 * layout.lineHeight);
    }

    // Scores on a scale symmetric about 0: 0 is a tick, in the middle of the bar.
    const QVector<HeatmapLayout::Tick> scores = HeatmapLayout::ticks(layout, -2.5, 2.5);
    bool zero = false;
    for (const HeatmapLayout::Tick &tick : scores) {
        EXPECT_GE(tick.value, -2.5 - 1e-9);
        EXPECT_LE(tick.value, 2.5 + 1e-9);
        // "0", never "-0" or "−0".
        zero = zero || (tick.value == 0.0 && tick.label.startsWith(QLatin1Char('0')));
    }
    EXPECT_TRUE(zero);
    EXPECT_NEAR(layout.tickY(0.0, -2.5, 2.5), layout.barRect.center().y(), 1e-9);
}

TEST(HeatmapImage, EachPixelIsTheColourMapOfItsCellsWeight)
{
    Scenario scenario = randomScenario(6, 9, 11);
    scenario.allowed = causalMask(6, 9);
    const AttentionResult result = resultOf(scenario);
    const ColorMap map(ColorMap::Kind::Viridis);
    HeatmapImage image;
    image.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    ASSERT_EQ(image.state(), HeatmapImage::State::Values);
    ASSERT_EQ(image.cells().size(), QSize(9, 6));
    ASSERT_FALSE(image.mask().isNull());
    for (int row = 0; row < 6; ++row) {
        for (int column = 0; column < 9; ++column) {
            const bool masked = !(*scenario.allowed)(row, column);
            EXPECT_EQ(image.cells().pixel(column, row), masked ? kFills.masked : map.rgbAt(result.weights(row, column)))
                << row << "," << column;
            EXPECT_EQ(qAlpha(image.mask().pixel(column, row)), masked ? 255 : 0);
            EXPECT_EQ(image.cellText(row, column).isEmpty(), masked);
        }
    }
    EXPECT_EQ(image.bar().height(), map.table().size());
    EXPECT_EQ(image.bar().pixel(0, 0), map.table().last());  // high at the top

    // Scores: the diverging map on ±max|S|, with 0 in its neutral middle.
    image.markAllChanged();
    image.rebuild(scenario, &result, std::nullopt, true, ColorMap::diverging(), kFills);
    EXPECT_DOUBLE_EQ(image.scaleLow(), -image.scaleHigh());
    EXPECT_EQ(image.cells().pixel(0, 0),
              ColorMap::diverging().rgbAt((result.scores(0, 0) - image.scaleLow()) / (image.scaleHigh() - image.scaleLow())));
}

TEST(HeatmapImage, WithoutTextsTheCellsHaveTheSameColoursAndADragStillColoursOneRow)
{
    Scenario scenario = randomScenario(6, 9, 12);
    const AttentionResult result = resultOf(scenario);
    const ColorMap map(ColorMap::Kind::YlGnBu);
    HeatmapImage withTexts;
    withTexts.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    HeatmapImage bare;
    bare.setCellTextsWanted(false);
    bare.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    EXPECT_EQ(bare.cells(), withTexts.cells());
    EXPECT_TRUE(bare.cellTexts().isEmpty());
    EXPECT_FALSE(withTexts.cellTexts().isEmpty());

    // One query moves: only its row is coloured again, and it matches a fresh image.
    scenario.queries(2, 0) += 1.5;
    const AttentionResult moved = resultOf(scenario);
    bare.markRowChanged(2);
    bare.rebuild(scenario, &moved, std::nullopt, false, map, kFills);
    EXPECT_EQ(bare.recolouredRows(), 1);
    HeatmapImage fresh;
    fresh.setCellTextsWanted(false);
    fresh.rebuild(scenario, &moved, std::nullopt, false, map, kFills);
    EXPECT_EQ(bare.cells(), fresh.cells());
}

TEST(HeatmapImage, AQueryDragColoursAgainOnlyTheRowsThatChanged)
{
    Scenario scenario = randomScenario(8, 8, 5);
    const ColorMap map(ColorMap::Kind::YlGnBu);
    HeatmapImage image;
    AttentionResult result = resultOf(scenario);
    image.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    EXPECT_EQ(image.recolouredRows(), 8);
    const QImage before = image.cells().copy();

    // Query 2 moves and is marked; query 5 moves too but is not marked, so its row must keep
    // the old colours: proof that only the marked row was coloured again.
    scenario.queries.row(2) *= -1.0;
    scenario.queries.row(5) *= -1.0;
    result = resultOf(scenario);
    image.markRowChanged(2);
    const quint64 generation = image.generation();
    image.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    EXPECT_GT(image.generation(), generation);
    EXPECT_EQ(image.recolouredRows(), 1);
    bool rowTwoChanged = false;
    for (int column = 0; column < 8; ++column) {
        EXPECT_EQ(image.cells().pixel(column, 2), map.rgbAt(result.weights(2, column)));
        rowTwoChanged = rowTwoChanged || image.cells().pixel(column, 2) != before.pixel(column, 2);
        EXPECT_EQ(image.cells().pixel(column, 5), before.pixel(column, 5));
        EXPECT_EQ(image.cellText(2, column).isEmpty(), false);
    }
    EXPECT_TRUE(rowTwoChanged);

    // Everything marked: the image equals a freshly built one.
    image.markAllChanged();
    image.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    EXPECT_EQ(image.recolouredRows(), 8);
    HeatmapImage fresh;
    fresh.rebuild(scenario, &result, std::nullopt, false, map, kFills);
    EXPECT_EQ(image.cells(), fresh.cells());
    EXPECT_EQ(image.cellTexts(), fresh.cellTexts());

    // The scores' scale moves with every query: a marked row still colours every row.
    image.markAllChanged();
    image.rebuild(scenario, &result, std::nullopt, true, ColorMap::diverging(), kFills);
    image.markRowChanged(1);
    image.rebuild(scenario, &result, std::nullopt, true, ColorMap::diverging(), kFills);
    EXPECT_EQ(image.recolouredRows(), 8);
}

TEST(HeatmapImage, ARowWithNoAllowedKeyIsUndefinedAndARefusalHasNoNumbers)
{
    Scenario scenario = randomScenario(3, 4, 9);
    Mask mask = Mask::Constant(3, 4, true);
    mask.row(1).setConstant(false);
    scenario.allowed = mask;
    const Error error{ErrorCategory::AllMaskedRow, QStringLiteral("row 2 allows no key")};
    HeatmapImage image;
    image.rebuild(scenario, nullptr, error, false, ColorMap(), kFills);
    EXPECT_EQ(image.state(), HeatmapImage::State::UndefinedRows);
    EXPECT_TRUE(image.isUndefinedRow(1));
    EXPECT_FALSE(image.isUndefinedRow(0));
    EXPECT_TRUE(image.cellTexts().isEmpty());
    EXPECT_EQ(image.cells().pixel(0, 0), kFills.undefined);
    EXPECT_EQ(image.cells().pixel(0, 1), kFills.masked);
}
