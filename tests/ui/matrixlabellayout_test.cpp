// The shared matrix-label layout of the heatmap, the mask grid and the comparison grid: labels
// never overlap, all are written when the cells give them room, thinning keeps the first and the
// ones asked for, a shortened label ends in "…" and keeps its full text, and Chinese stacks.
#include "matrixlabellayout.h"

#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>

#include <gtest/gtest.h>

#include <cmath>

using namespace attnlens;
using Layout = MatrixLabelLayout;

namespace {

QFont testFont()
{
    QFont font(QStringLiteral("DejaVu Sans"));
    font.setPixelSize(13);
    return font;
}

QStringList numbered(const QString &stem, int count)
{
    QStringList labels;
    for (int i = 0; i < count; ++i)
        labels << QStringLiteral("%1 %2").arg(stem).arg(i);
    return labels;
}

void expectNoOverlap(const QVector<Layout::Label> &labels, const char *what)
{
    for (int a = 0; a < labels.size(); ++a) {
        for (int b = a + 1; b < labels.size(); ++b) {
            const QRectF inter = labels[a].rect.intersected(labels[b].rect);
            EXPECT_FALSE(inter.width() > 0.01 && inter.height() > 0.01)
                << what << ": " << labels[a].index << " and " << labels[b].index << " overlap";
        }
    }
}

Layout::Placement columnsUnder(Layout::Form form, double cell, int step, double depth, double gap)
{
    Layout::Placement p;
    p.axis = Layout::Axis::Columns;
    p.form = form;
    p.start = 10;
    p.cell = cell;
    p.edge = 200;
    p.depth = depth;
    p.step = step;
    p.gap = gap;
    return p;
}

} // namespace

TEST(MatrixLabelLayout, EveryLabelIsWrittenWholeWhenTheCellsGiveRoom)
{
    const Layout layout(numbered(QStringLiteral("key"), 12), testFont());
    const double gap = 0.6 * layout.lineHeight();
    const double cell = layout.widest() + gap;
    const int step = Layout::stepFor(layout.widest() + gap, cell, Layout::Thinning::AnyStep);
    EXPECT_EQ(step, 1);
    const QVector<Layout::Label> labels = layout.place(columnsUnder(Layout::Form::Across, cell, step, layout.lineHeight(), gap));
    ASSERT_EQ(labels.size(), 12);
    for (int i = 0; i < labels.size(); ++i) {
        EXPECT_EQ(labels[i].index, i);
        EXPECT_EQ(labels[i].text, labels[i].fullText);
        EXPECT_FALSE(labels[i].isShortened());
        EXPECT_TRUE(labels[i].toolTip().isEmpty());
        // Centred under its column, below the edge.
        EXPECT_NEAR(labels[i].rect.center().x(), 10 + (i + 0.5) * cell, 1.0);
        EXPECT_GE(labels[i].rect.top(), 200 - 1e-9);
    }
    expectNoOverlap(labels, "whole labels");

    Layout::Placement rows;
    rows.axis = Layout::Axis::Rows;
    rows.start = 0;
    rows.cell = 1.2 * layout.lineHeight();
    rows.edge = 300;
    rows.depth = layout.widest() + 1;
    const QVector<Layout::Label> rowLabels = layout.place(rows);
    ASSERT_EQ(rowLabels.size(), 12);
    for (const Layout::Label &label : rowLabels) {
        EXPECT_EQ(label.text, label.fullText);
        EXPECT_NEAR(label.rect.right(), 300, 1e-9);  // right-aligned to the matrix
    }
}

TEST(MatrixLabelLayout, LabelsNeverOverlapWhateverTheCellsAndStep)
{
    const Layout layout(numbered(QStringLiteral("memory"), 60), testFont());
    for (Layout::Form form : {Layout::Form::Across, Layout::Form::TwoLines, Layout::Form::Turned}) {
        for (double cell : {2.0, 5.0, 9.0, 17.0, 33.0, 80.0}) {
            // Even a step that is too small (1) must not let labels run into each other.
            const int fitting = Layout::stepFor(layout.extentAlong(form) + 4, cell, Layout::Thinning::AnyStep);
            for (int step : {1, 2, fitting}) {
                const QVector<Layout::Label> labels =
                    layout.place(columnsUnder(form, cell, step, 3 * layout.lineHeight(), 4));
                expectNoOverlap(labels, "columns");
                if (step == fitting) {
                    ASSERT_FALSE(labels.isEmpty());
                    EXPECT_EQ(labels.first().index, 0) << "the first label is always written";
                    EXPECT_EQ(labels.size(), (60 + step - 1) / step) << "cell " << cell;
                }
            }
        }
    }
    for (double cell : {1.0, 4.0, 11.0, 30.0}) {
        Layout::Placement rows;
        rows.axis = Layout::Axis::Rows;
        rows.cell = cell;
        rows.edge = 100;
        rows.depth = 60;
        rows.step = 1;
        rows.keep = {7, 41};
        const QVector<Layout::Label> labels = layout.place(rows);
        expectNoOverlap(labels, "rows");
    }
}

TEST(MatrixLabelLayout, ThinningKeepsTheFirstAndTheSelectedLabel)
{
    const Layout layout(numbered(QStringLiteral("q"), 100), testFont());
    const double cell = 3.0;
    const int step = Layout::stepFor(1.15 * layout.lineHeight(), cell, Layout::Thinning::AnyStep);
    ASSERT_GT(step, 1);
    Layout::Placement rows;
    rows.axis = Layout::Axis::Rows;
    rows.cell = cell;
    rows.edge = 100;
    rows.depth = 80;
    rows.step = step;
    rows.keep = {37};
    const QVector<Layout::Label> labels = layout.place(rows);
    ASSERT_FALSE(labels.isEmpty());
    EXPECT_EQ(labels.first().index, 0);
    bool selected = false;
    for (const Layout::Label &label : labels) {
        selected = selected || label.index == 37;
        EXPECT_TRUE(label.index % step == 0 || label.index == 37) << label.index;
    }
    EXPECT_TRUE(selected);
    expectNoOverlap(labels, "thinned rows with a kept label");
    // Without the kept one, a thinned label near it is written instead.
    rows.keep.clear();
    const QVector<Layout::Label> plain = layout.place(rows);
    EXPECT_GT(plain.size(), labels.size() - 1);
    for (const Layout::Label &label : plain)
        EXPECT_EQ(label.index % step, 0);
}

TEST(MatrixLabelLayout, AnExtraLabelIsWrittenOnlyWhereItHasRoom)
{
    const Layout layout(numbered(QStringLiteral("k"), 40), testFont());
    const double h = layout.lineHeight();
    Layout::Placement p = columnsUnder(Layout::Form::Turned, 0.5 * h, 10, 5 * h, 0);
    p.extra = {5, 1};  // 5 lies halfway between two written labels, 1 right next to one
    const QVector<Layout::Label> labels = layout.place(p);
    QVector<int> indices;
    for (const Layout::Label &label : labels)
        indices << label.index;
    EXPECT_TRUE(indices.contains(5));
    EXPECT_FALSE(indices.contains(1));
    expectNoOverlap(labels, "extra");
}

TEST(MatrixLabelLayout, AShortenedLabelEndsInAnEllipsisAndKeepsItsFullText)
{
    const QString longName = QStringLiteral("a rather long token name");
    const Layout layout({longName, QStringLiteral("ok")}, testFont());
    Layout::Placement rows;
    rows.axis = Layout::Axis::Rows;
    rows.cell = 2 * layout.lineHeight();
    rows.edge = 100;
    rows.depth = 40;
    const QVector<Layout::Label> labels = layout.place(rows);
    ASSERT_EQ(labels.size(), 2);
    EXPECT_TRUE(labels[0].isShortened());
    EXPECT_TRUE(labels[0].text.endsWith(QChar(0x2026))) << labels[0].text.toStdString();
    EXPECT_EQ(labels[0].fullText, longName);
    EXPECT_EQ(labels[0].toolTip(), longName);
    EXPECT_LE(labels[0].rect.width(), 40 + 1e-9);
    EXPECT_TRUE(labels[0].toDrawnLabel().elided());
    EXPECT_EQ(labels[0].toDrawnLabel().toolTip, longName);
    EXPECT_FALSE(labels[1].isShortened());
    EXPECT_TRUE(labels[1].toolTip().isEmpty());

    // Turned labels are shortened to the depth they are given.
    Layout::Placement turned = columnsUnder(Layout::Form::Turned, 2 * layout.lineHeight(), 1, 50, 0);
    const QVector<Layout::Label> columns = layout.place(turned);
    ASSERT_EQ(columns.size(), 2);
    EXPECT_TRUE(columns[0].isShortened());
    EXPECT_LE(columns[0].rect.height(), 50 + 1e-9);
    EXPECT_EQ(columns[0].toolTip(), longName);
}

TEST(MatrixLabelLayout, TwoLinesBreakAtTheBestSpaceBeforeShortening)
{
    const Layout layout({QStringLiteral("token 3 (padding)"), QStringLiteral("x")}, testFont());
    ASSERT_TRUE(layout.twoLinesHelp());
    const QFontMetricsF fm(testFont());
    EXPECT_NEAR(layout.widestTwoLines(), fm.horizontalAdvance(QStringLiteral("(padding)")), 1e-6);
    EXPECT_EQ(layout.twoLineText(0), QStringLiteral("token 3\n(padding)"));
    // A column between the two-line width and the one-line width.
    const double cell = (layout.widest() + layout.widestTwoLines()) / 2;
    const QVector<Layout::Label> labels =
        layout.place(columnsUnder(Layout::Form::TwoLines, cell, 1, 2.05 * layout.lineHeight(), 0));
    ASSERT_EQ(labels.size(), 2);
    EXPECT_EQ(labels[0].text, QStringLiteral("token 3\n(padding)"));
    EXPECT_FALSE(labels[0].isShortened());
    EXPECT_LE(labels[0].rect.width(), cell + 1e-9);
    EXPECT_GT(labels[0].rect.height(), 1.5 * layout.lineHeight());
    EXPECT_EQ(labels[1].text, QStringLiteral("x"));

    // Turned and too long, a label breaks over two lines where the column is wide enough.
    Layout::Placement turned = columnsUnder(Layout::Form::Turned, 3 * layout.lineHeight(), 1,
                                            fm.horizontalAdvance(QStringLiteral("(padding)")) + 1, 0);
    turned.turnedTwoLinesFrom = 2.2 * fm.lineSpacing();
    const QVector<Layout::Label> upright = layout.place(turned);
    ASSERT_EQ(upright.size(), 2);
    EXPECT_EQ(upright[0].text, QStringLiteral("token 3\n(padding)"));
    EXPECT_GT(upright[0].rect.width(), 1.5 * layout.lineHeight());
}

TEST(MatrixLabelLayout, ChineseLabelsStackOneCharacterUnderAnother)
{
    const Layout layout({QStringLiteral("注意力"), QStringLiteral("鍵值")}, testFont());
    EXPECT_TRUE(layout.stacksUpright());
    const QFontMetricsF fm(testFont());
    EXPECT_NEAR(layout.tallestStacked(), 3 * fm.lineSpacing(), 1e-6);
    const double h = layout.lineHeight();
    const QVector<Layout::Label> labels = layout.place(columnsUnder(Layout::Form::Stacked, 2 * h, 1, 5 * h, 0));
    ASSERT_EQ(labels.size(), 2);
    EXPECT_EQ(labels[0].text, QStringLiteral("注\n意\n力"));
    EXPECT_GT(labels[0].rect.height(), 2 * labels[0].rect.width());
    EXPECT_EQ(labels[0].rotation, 0.0);
    // Two lines of room: one character and the ellipsis, the full text for the tooltip.
    const QVector<Layout::Label> short_ = layout.place(columnsUnder(Layout::Form::Stacked, 2 * h, 1, 2 * fm.lineSpacing(), 0));
    ASSERT_EQ(short_.size(), 2);
    EXPECT_EQ(short_[0].text, QStringLiteral("注\n\u2026"));
    EXPECT_EQ(short_[0].toolTip(), QStringLiteral("注意力"));
    EXPECT_EQ(short_[1].text, QStringLiteral("鍵\n值"));

    const Layout latin({QStringLiteral("memory")}, testFont());
    EXPECT_FALSE(latin.stacksUpright());
}

TEST(MatrixLabelLayout, TurnedLabelsReadUpwardsFromTheMatrix)
{
    const Layout layout({QStringLiteral("memory"), QStringLiteral("key")}, testFont());
    const QFontMetricsF fm(testFont());
    const double h = layout.lineHeight();
    Layout::Placement under = columnsUnder(Layout::Form::Turned, 2 * h, 1, 6 * h, 0);
    const QVector<Layout::Label> below = layout.place(under);
    ASSERT_EQ(below.size(), 2);
    EXPECT_EQ(below[0].rotation, -90.0);
    EXPECT_NEAR(below[0].rect.top(), 200, 1e-9);
    EXPECT_NEAR(below[0].rect.height(), fm.horizontalAdvance(QStringLiteral("memory")), 1e-6);
    EXPECT_NEAR(below[0].rect.width(), h, 1e-9);
    under.above = true;
    const QVector<Layout::Label> over = layout.place(under);
    ASSERT_EQ(over.size(), 2);
    EXPECT_NEAR(over[1].rect.bottom(), 200, 1e-9);
}

TEST(MatrixLabelLayout, DrawnPixelsStayInsideTheLabelsBox)
{
    // What draw() paints and what place() reports must agree, or overlap checks mean nothing.
    const Layout layout({QStringLiteral("memory A"), QStringLiteral("token")}, testFont());
    const double h = layout.lineHeight();
    for (Layout::Form form : {Layout::Form::Across, Layout::Form::Turned}) {
        for (bool above : {false, true}) {
            Layout::Placement p = columnsUnder(form, layout.widest() + 8, 1, 6 * h, 4);
            p.above = above;
            QImage image(400, 400, QImage::Format_ARGB32_Premultiplied);
            image.fill(Qt::white);
            QPainter painter(&image);
            painter.setFont(testFont());
            painter.setPen(Qt::black);
            const QVector<Layout::Label> labels = layout.place(p);
            ASSERT_EQ(labels.size(), 2);
            for (const Layout::Label &label : labels)
                Layout::draw(painter, label);
            painter.end();
            QRectF all;
            for (const Layout::Label &label : labels)
                all |= label.rect.adjusted(-2, -2, 2, 2);
            int inside = 0;
            int outside = 0;
            for (int y = 0; y < image.height(); ++y) {
                for (int x = 0; x < image.width(); ++x) {
                    if (qGray(image.pixel(x, y)) > 128)
                        continue;
                    (all.contains(QPointF(x + 0.5, y + 0.5)) ? inside : outside)++;
                }
            }
            EXPECT_GT(inside, 20) << "form " << int(form) << " above " << above;
            EXPECT_EQ(outside, 0) << "form " << int(form) << " above " << above;
        }
    }
}

TEST(MatrixLabelLayout, StepsAndChoice)
{
    EXPECT_EQ(Layout::stepFor(10, 10, Layout::Thinning::AnyStep), 1);
    EXPECT_EQ(Layout::stepFor(10.5, 10, Layout::Thinning::AnyStep), 2);
    EXPECT_EQ(Layout::stepFor(31, 10, Layout::Thinning::AnyStep), 4);
    EXPECT_EQ(Layout::stepFor(31, 10, Layout::Thinning::RoundSteps), 5);
    EXPECT_EQ(Layout::stepFor(61, 10, Layout::Thinning::RoundSteps), 10);
    EXPECT_EQ(Layout::stepFor(110, 10, Layout::Thinning::RoundSteps), 20);
    EXPECT_GT(Layout::stepFor(10, 0, Layout::Thinning::AnyStep), 1000);

    const Layout layout(numbered(QStringLiteral("memory"), 8), testFont());
    const double h = layout.lineHeight();
    const QVector<Layout::Candidate> candidates = {{Layout::Form::Across, h, 0.6 * h},
                                                   {Layout::Form::Turned, 5 * h, 0.15 * h}};
    // Wide room: across on one line.
    auto wide = [&](double) { return layout.widest() + h; };
    EXPECT_EQ(layout.choose(candidates, wide).form, Layout::Form::Across);
    EXPECT_EQ(layout.choose(candidates, wide).step, 1);
    // Narrow columns: turned, every label.
    auto narrow = [&](double) { return 1.3 * h; };
    const Layout::Choice turned = layout.choose(candidates, narrow);
    EXPECT_EQ(turned.form, Layout::Form::Turned);
    EXPECT_EQ(turned.step, 1);
    EXPECT_NEAR(turned.depth, 5 * h, 1e-9);
    // Too narrow for any: the least thinning, or the last candidate when asked.
    auto tiny = [&](double depth) { return depth > 2 * h ? 0.1 * h : 0.5 * h; };
    EXPECT_EQ(layout.choose(candidates, tiny).form, Layout::Form::Across);
    EXPECT_EQ(layout.choose(candidates, tiny, Layout::Thinning::AnyStep, Layout::Fallback::LastCandidate).form,
              Layout::Form::Turned);
}

TEST(MatrixLabelLayout, NoLabelRunsPastTheLimit)
{
    const Layout layout(numbered(QStringLiteral("key"), 10), testFont());
    Layout::Placement p = columnsUnder(Layout::Form::Across, layout.widest() + 10, 1, layout.lineHeight(), 6);
    p.limit = 10 + 9 * p.cell - 4;  // a colour bar 4 pixels before the last column
    const QVector<Layout::Label> labels = layout.place(p);
    ASSERT_FALSE(labels.isEmpty());
    for (const Layout::Label &label : labels)
        EXPECT_LE(label.rect.right(), p.limit);
    EXPECT_EQ(labels.constLast().index, 8);
}
