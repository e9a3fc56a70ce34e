#include "allheadslayout.h"
#include "allheadsview.h"
#include "attentionmodel.h"
#include "colormap.h"
#include "coretestsupport.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "weightschartview.h"
#include "mainwindow.h"
#include "presentationmode.h"
#include "themecontroller.h"
#include "scenario.h"
#include "textfit.h"
#include "textprobe.h"
#include "theme.h"
#include "viewstate.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QSettings>
#include <QFontMetrics>
#include <QImage>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <random>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;

namespace {

/// `heads` heads of `tokens` tokens, d_k = d_v = 4, seeded random entries; a few heads named.
Scenario headsScenario(int heads, int tokens, unsigned seed = 7)
{
    std::mt19937 random(seed);
    std::normal_distribution<double> normal(0.0, 1.2);
    auto matrix = [&](int rows, int columns) {
        Matrix m(rows, columns);
        for (int r = 0; r < rows; ++r)
            for (int c = 0; c < columns; ++c)
                m(r, c) = normal(random);
        return m;
    };
    Scenario scenario;
    scenario.name = QStringLiteral("%1 random heads").arg(heads);
    scenario.queries = matrix(tokens, 4);
    scenario.keys = matrix(tokens, 4);
    scenario.values = matrix(tokens, 4);
    scenario.headName = QStringLiteral("first");
    for (int head = 1; head < heads; ++head) {
        AttentionHead more;
        more.name = head % 3 == 0 ? QString() : QStringLiteral("h%1").arg(head + 1);
        more.queries = matrix(tokens, 4);
        more.keys = matrix(tokens, 4);
        more.values = matrix(tokens, 4);
        scenario.moreHeads.push_back(more);
    }
    return scenario;
}

struct Fixture {
    AttentionModel model;
    ViewState viewState;
    std::unique_ptr<AllHeadsView> view;

    explicit Fixture(const Scenario &scenario, QSize size = QSize(960, 720))
    {
        model.setScenario(scenario);
        view = std::make_unique<AllHeadsView>(&model, &viewState);
        view->resize(size);
        view->show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(view.get()));
        settleEvents();
    }
    QImage grab() const { return view->grab().toImage().convertToFormat(QImage::Format_RGB32); }
    QPoint centre(int head, int query, int key) const
    {
        return view->cellRect(head, query, key).center().toPoint();
    }
};

int channelDistance(QRgb a, QRgb b)
{
    return std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

} // namespace

TEST(AllHeadsView, ShowsOneTileForEveryHeadInAGridThatFitsTheView)
{
    for (int heads : {2, 4, 12}) {
        Fixture f(headsScenario(heads, 10));
        const AllHeadsLayout &layout = f.view->currentLayout();
        ASSERT_EQ(f.view->tileCount(), heads);
        EXPECT_GE(layout.gridColumns * layout.gridRows, heads);
        EXPECT_LT((layout.gridRows - 1) * layout.gridColumns, heads) << "no empty grid row";
        for (int a = 0; a < heads; ++a) {
            EXPECT_TRUE(QRectF(f.view->rect()).contains(layout.tileRects[a])) << heads << " heads, tile " << a;
            EXPECT_GE(layout.cellSize, 4.0) << heads << " heads: cells big enough to see";
            for (int b = a + 1; b < heads; ++b)
                EXPECT_FALSE(layout.tileRects[a].intersects(layout.tileRects[b])) << a << " and " << b;
        }
        // The readout and the entropy band come under the grid, inside the view.
        EXPECT_GE(layout.readoutRect.top(), layout.gridRect.bottom());
        EXPECT_GE(layout.entropyTitleRect.top(), layout.readoutRect.bottom());
        EXPECT_LE(layout.barNumberRects.last().bottom(), f.view->height());
        EXPECT_EQ(layout.barSlots.size(), heads);
    }
    // Two heads in a wide view sit side by side; twelve fill more than one row.
    EXPECT_EQ(Fixture(headsScenario(2, 10)).view->currentLayout().gridRows, 1);
    EXPECT_GT(Fixture(headsScenario(12, 10)).view->currentLayout().gridRows, 1);
}

TEST(AllHeadsLayout, EveryCellIsFoundWhereItIsDrawnAndTheGridAdaptsToTheRoom)
{
    for (int heads : {1, 2, 4, 12, 64}) {
        for (const QSizeF room : {QSizeF(560, 300), QSizeF(1280, 720), QSizeF(400, 900)}) {
            AllHeadsLayout::Input input;
            input.bounds = QRectF(QPointF(0, 0), room);
            input.heads = heads;
            input.rows = 12;
            input.columns = 10;
            input.lineHeight = 16;
            input.readoutHeight = 32;
            const AllHeadsLayout layout = AllHeadsLayout::compute(input);
            SCOPED_TRACE(testing::Message() << heads << " heads in " << room.width() << "x" << room.height());
            ASSERT_EQ(layout.matrixRects.size(), heads);
            EXPECT_GT(layout.cellSize, 0.0);
            for (int head = 0; head < heads; ++head) {
                EXPECT_TRUE(input.bounds.contains(layout.tileRects[head]));
                EXPECT_TRUE(layout.tileRects[head].contains(layout.matrixRects[head]));
                EXPECT_EQ(layout.tileAt(layout.labelRects[head].center()), head);
                for (int query : {0, 5, 11}) {
                    for (int key : {0, 9}) {
                        const AllHeadsLayout::Hit hit = layout.cellAt(layout.cellRect(head, query, key).center());
                        EXPECT_EQ(hit.head, head);
                        EXPECT_EQ(hit.query, query);
                        EXPECT_EQ(hit.key, key);
                    }
                }
                if (head > 0) {
                    EXPECT_FALSE(layout.tileRects[head].intersects(layout.tileRects[head - 1]));
                }
            }
            EXPECT_LE(layout.barNumberRects.last().bottom(), room.height());
        }
    }
    // The keyboard's neighbours stay on the grid and on tiles that exist.
    AllHeadsLayout::Input input;
    input.bounds = QRectF(0, 0, 900, 700);
    input.heads = 5;
    input.rows = input.columns = 6;
    const AllHeadsLayout layout = AllHeadsLayout::compute(input);
    ASSERT_EQ(layout.gridColumns, 3);
    EXPECT_EQ(layout.neighbour(0, 1, 0), 1);
    EXPECT_EQ(layout.neighbour(0, -1, 0), 0);
    EXPECT_EQ(layout.neighbour(1, 0, 1), 4);
    EXPECT_EQ(layout.neighbour(2, 0, 1), 2) << "no sixth tile under the third";
    EXPECT_EQ(layout.neighbour(4, 0, -1), 1);
}

TEST(AllHeadsView, AOneHeadScenarioShowsOneTileAndSaysSo)
{
    Fixture f(builtinScenario("three-queries"));
    EXPECT_EQ(f.view->tileCount(), 1);
    EXPECT_TRUE(f.view->readoutText().contains(QStringLiteral("one head"))) << f.view->readoutText().toStdString();
}

TEST(AllHeadsView, PointingAtACellOutlinesItInEveryTileAndListsEveryHeadsWeight)
{
    Fixture f(headsScenario(4, 8));
    const int query = 5;
    const int key = 2;
    QTest::mouseMove(f.view.get(), f.centre(2, query, key));
    settleEvents();
    EXPECT_EQ(f.viewState.hoveredQuery(), query);
    EXPECT_EQ(f.viewState.hoveredKey(), key);

    // Each head's part is kept on one line with no-break spaces.
    const QString readout = QString(f.view->readoutText()).replace(QChar(0x00a0), QLatin1Char(' '));
    int at = 0;
    for (Index head = 0; head < f.model.headCount(); ++head) {
        const double weight = f.model.headResult(head)->weights(query, key);
        const QString expected = f.model.headName(head) + QLatin1Char(' ') + QString::number(weight, 'f', 2);
        const int found = readout.indexOf(expected, at);
        EXPECT_GE(found, 0) << "head " << head << ": " << expected.toStdString() << " in " << readout.toStdString();
        at = std::max(at, found);
    }
    EXPECT_TRUE(readout.contains(f.model.scenario().queryLabel(query)));
    EXPECT_TRUE(readout.contains(f.model.scenario().keyLabel(key)));

    // The ring in the laser-pointer colour just above the cell, in every tile, and nowhere else.
    const QRgb ring = f.viewState.theme().highlightColor().rgb();
    QImage image = f.grab();
    for (int head = 0; head < 4; ++head) {
        const QRectF cell = f.view->cellRect(head, query, key);
        EXPECT_LE(channelDistance(image.pixel(QPoint(int(cell.center().x()), int(cell.top()) - 1)), ring), 8)
            << "head " << head;
        const QRectF other = f.view->cellRect(head, 0, 0);
        EXPECT_GT(channelDistance(image.pixel(QPoint(int(other.center().x()), int(other.top()) - 1)), ring), 8);
    }
    // Away from the tiles the ring goes.
    QTest::mouseMove(f.view.get(), QPoint(2, 2));
    settleEvents();
    EXPECT_EQ(f.viewState.hoveredQuery(), -1);
    image = f.grab();
    const QRectF cell = f.view->cellRect(1, query, key);
    EXPECT_GT(channelDistance(image.pixel(QPoint(int(cell.center().x()), int(cell.top()) - 1)), ring), 8);
}

TEST(AllHeadsView, EachCellHasTheHeatmapsColourForItsWeight)
{
    Fixture f(headsScenario(4, 8));
    const QImage image = f.grab();
    const ColorMap &map = f.viewState.colorMap();
    for (int head = 0; head < 4; ++head) {
        const Matrix &weights = f.model.headResult(head)->weights;
        for (int query = 0; query < 8; query += 3) {
            for (int key = 0; key < 8; key += 2) {
                const QPoint pixel = f.centre(head, query, key);
                EXPECT_EQ(image.pixel(pixel) & 0xffffff, map.rgbAt(weights(query, key)) & 0xffffff)
                    << "head " << head << " cell " << query << "," << key;
            }
        }
    }
    // Another colour map recolours every tile.
    f.viewState.setColorMapKind(ColorMap::Kind::Viridis);
    settleEvents();
    const QImage viridis = f.grab();
    const double weight = f.model.headResult(3)->weights(1, 1);
    EXPECT_EQ(viridis.pixel(f.centre(3, 1, 1)) & 0xffffff, f.viewState.colorMap().rgbAt(weight) & 0xffffff);
}

TEST(AllHeadsView, SixtyFourHeadsInASmallDockFitAndTheReadoutNamesTheStrongest)
{
    Fixture f(headsScenario(64, 10), QSize(560, 300));
    const AllHeadsLayout &layout = f.view->currentLayout();
    ASSERT_EQ(f.view->tileCount(), 64);
    EXPECT_FALSE(layout.named) << "no room for 64 name lines";
    EXPECT_GE(layout.cellSize, 2.0);
    for (int head = 0; head < 64; ++head)
        EXPECT_TRUE(QRectF(f.view->rect()).contains(layout.tileRects[head])) << head;
    EXPECT_LE(layout.barNumberRects.last().bottom(), 300);

    QTest::mouseMove(f.view.get(), f.centre(40, 3, 2));
    settleEvents();
    const QString readout = QString(f.view->readoutText()).replace(QChar(0x00a0), QLatin1Char(' '));
    ASSERT_TRUE(readout.contains(QStringLiteral(" more"))) << readout.toStdString();
    // The first head named is the one with the largest weight for that cell.
    int strongest = 0;
    for (int head = 1; head < 64; ++head)
        if (f.model.headResult(head)->weights(3, 2) > f.model.headResult(strongest)->weights(3, 2))
            strongest = head;
    const QString first = QStringLiteral("%1: %2").arg(strongest + 1).arg(f.model.headResult(strongest)->weights(3, 2), 0, 'f', 2);
    EXPECT_TRUE(readout.contains(QStringLiteral(": ") + first)) << first.toStdString() << " in " << readout.toStdString();
}

TEST(AllHeadsView, ClickingATileSelectsItsHeadWithoutComputingOrColouringAnything)
{
    Fixture f(headsScenario(4, 8));
    const quint64 computes = f.model.computeCount();
    const quint64 headComputes = f.model.headComputeCount();
    const quint64 rebuilds = f.view->tileRebuildCount();
    ASSERT_GT(rebuilds, 0u);
    QSignalSpy selected(&f.model, &AttentionModel::headSelected);

    QTest::mouseClick(f.view.get(), Qt::LeftButton, Qt::NoModifier, f.centre(2, 1, 1));
    settleEvents();
    EXPECT_EQ(f.model.selectedHead(), 2);
    EXPECT_EQ(selected.count(), 1);
    // Pointing around and selecting another head cost no engine pass and no image.
    for (int step = 0; step < 20; ++step)
        QTest::mouseMove(f.view.get(), f.centre(step % 4, step % 8, (3 * step) % 8));
    f.model.selectHead(3);
    settleEvents();
    f.grab();
    EXPECT_EQ(f.model.computeCount(), computes);
    EXPECT_EQ(f.model.headComputeCount(), headComputes);
    EXPECT_EQ(f.view->tileRebuildCount(), rebuilds);

    // The selected tile is framed in the selection colour.
    const QImage image = f.grab();
    const QColor selection = f.view->palette().color(QPalette::Highlight);
    const QRectF matrix = f.view->currentLayout().matrixRects[3];
    EXPECT_LE(channelDistance(image.pixel(QPoint(int(matrix.center().x()), int(matrix.bottom()) + 2)), selection.rgb()), 8);
    const QRectF other = f.view->currentLayout().matrixRects[0];
    EXPECT_GT(channelDistance(image.pixel(QPoint(int(other.center().x()), int(other.bottom()) + 2)), selection.rgb()), 8);
}

TEST(AllHeadsView, TheKeyboardMovesTheCellAndTheTileAndSelectsAHead)
{
    Fixture f(headsScenario(4, 8));
    f.view->activateWindow();
    f.view->setFocus(Qt::TabFocusReason);
    ASSERT_TRUE(QTest::qWaitFor([&] { return f.view->hasFocus(); }));
    EXPECT_EQ(f.view->focusedHead(), 0);
    QTest::keyClick(f.view.get(), Qt::Key_Right);  // shows the cell
    QTest::keyClick(f.view.get(), Qt::Key_Right);
    QTest::keyClick(f.view.get(), Qt::Key_Down);
    EXPECT_EQ(f.view->keyboardQuery(), 1);
    EXPECT_EQ(f.view->keyboardKey(), 1);
    EXPECT_EQ(f.viewState.hoveredQuery(), 1) << "the keyboard cell is outlined in every tile";
    EXPECT_EQ(f.viewState.hoveredKey(), 1);

    const quint64 rebuilds = f.view->tileRebuildCount();
    QTest::keyClick(f.view.get(), Qt::Key_Right, Qt::ControlModifier);
    EXPECT_EQ(f.view->focusedHead(), 1);
    EXPECT_EQ(f.model.selectedHead(), 0) << "moving between tiles selects nothing yet";
    QTest::keyClick(f.view.get(), Qt::Key_Return);
    settleEvents();
    EXPECT_EQ(f.model.selectedHead(), 1);
    QTest::keyClick(f.view.get(), Qt::Key_End);
    QTest::keyClick(f.view.get(), Qt::Key_Space);
    settleEvents();
    EXPECT_EQ(f.model.selectedHead(), 3);
    QTest::keyClick(f.view.get(), Qt::Key_Home);
    EXPECT_EQ(f.view->focusedHead(), 0);
    EXPECT_EQ(f.view->tileRebuildCount(), rebuilds);
    EXPECT_TRUE(f.view->accessibleDescription().contains(f.model.headName(3)));
}

TEST(AllHeadsView, AQueryDragInOneHeadColoursThatHeadsTileOnly)
{
    Fixture f(headsScenario(12, 10));
    const quint64 rebuilds = f.view->tileRebuildCount();
    Eigen::RowVectorXd query = f.model.wholeScenario().headQueries(5).row(3);
    for (int step = 1; step <= 4; ++step) {
        query(0) += 0.4;
        f.model.setHeadQueryRow(5, 3, query);
        settleEvents();
        EXPECT_EQ(f.view->tileRebuildCount(), rebuilds + step) << "step " << step;
    }
    // And the tile shows the new weights.
    const QImage image = f.grab();
    const Matrix &weights = f.model.headResult(5)->weights;
    for (int key = 0; key < 10; ++key)
        EXPECT_EQ(image.pixel(f.centre(5, 3, key)) & 0xffffff, f.viewState.colorMap().rgbAt(weights(3, key)) & 0xffffff);
    // A key moved in the selected head colours that head; the temperature colours them all.
    const quint64 before = f.view->tileRebuildCount();
    Eigen::RowVectorXd key = f.model.scenario().keys.row(0);
    key(1) -= 0.5;
    f.model.setKeyRow(0, key);
    settleEvents();
    EXPECT_EQ(f.view->tileRebuildCount(), before + 1);
    f.model.setTemperature(0.5);
    settleEvents();
    EXPECT_EQ(f.view->tileRebuildCount(), before + 1 + 12);
}

TEST(AllHeadsView, FollowsHeadsInsertedRemovedAndRenamed)
{
    Fixture f(headsScenario(2, 6));
    ASSERT_EQ(f.view->tileCount(), 2);
    const quint64 rebuilds = f.view->tileRebuildCount();
    f.model.setHeadName(1, QStringLiteral("renamed head"));
    settleEvents();
    EXPECT_EQ(f.view->tileRebuildCount(), rebuilds) << "a new name colours nothing again";
    QTest::mouseMove(f.view.get(), f.centre(0, 2, 1));
    settleEvents();
    EXPECT_TRUE(QString(f.view->readoutText()).replace(QChar(0x00a0), QLatin1Char(' ')).contains(QStringLiteral("renamed head")));

    AttentionHead third = f.model.wholeScenario().head(0);
    third.name = QStringLiteral("copy of first");
    ASSERT_FALSE(f.model.insertHead(2, third).has_value());
    settleEvents();
    EXPECT_EQ(f.view->tileCount(), 3);
    const QImage image = f.grab();
    const Matrix &weights = f.model.headResult(2)->weights;
    EXPECT_EQ(image.pixel(f.centre(2, 4, 0)) & 0xffffff, f.viewState.colorMap().rgbAt(weights(4, 0)) & 0xffffff);
    ASSERT_FALSE(f.model.removeHead(0).has_value());
    settleEvents();
    EXPECT_EQ(f.view->tileCount(), 2);
    EXPECT_EQ(f.view->meanEntropies().size(), 2);
}

TEST(AllHeadsView, TheEntropyBarsShowEachHeadsMeanRowEntropy)
{
    Fixture f(headsScenario(4, 8));
    const QVector<double> entropies = f.view->meanEntropies();
    ASSERT_EQ(entropies.size(), 4);
    for (int head = 0; head < 4; ++head) {
        // Independently: -sum w ln w per row in long double, averaged over the rows.
        const Matrix &weights = f.model.headResult(head)->weights;
        long double total = 0.0L;
        for (Index row = 0; row < weights.rows(); ++row) {
            long double h = 0.0L;
            for (Index column = 0; column < weights.cols(); ++column) {
                const long double w = weights(row, column);
                if (w > 0.0L)
                    h -= w * std::log(w);
            }
            total += h;
        }
        const double expected = static_cast<double>(total / weights.rows());
        EXPECT_NEAR(entropies[head], expected, 1e-12) << "head " << head;
        EXPECT_GE(entropies[head], 0.0);
        EXPECT_LE(entropies[head], std::log(8.0) + 1e-12);
    }
    // Each value is written over its bar.
    QStringList texts;
    for (const DrawnText &text : drawnTexts(f.view.get()))
        texts << text.text;
    for (int head = 0; head < 4; ++head)
        EXPECT_TRUE(texts.contains(QString::number(entropies[head], 'f', 2))) << head;
    // A colder temperature sharpens every head.
    f.model.setTemperature(0.25);
    settleEvents();
    const QVector<double> colder = f.view->meanEntropies();
    for (int head = 0; head < 4; ++head)
        EXPECT_LT(colder[head], entropies[head]);
}

TEST(AllHeadsView, ARefusedScenarioShowsNoTilesAndSaysWhy)
{
    Fixture f(headsScenario(2, 4));
    Mask mask = Mask::Constant(4, 4, true);
    mask.row(2).setConstant(false);
    f.model.setMask(mask);
    settleEvents();
    ASSERT_TRUE(f.model.error().has_value());
    EXPECT_TRUE(f.view->cellRect(0, 0, 0).isEmpty());
    EXPECT_FALSE(f.view->readoutText().isEmpty());
    f.model.setMask(std::nullopt);
    settleEvents();
    EXPECT_FALSE(f.view->cellRect(1, 0, 0).isEmpty());
}

TEST(AllHeadsView, ExportsAsAFigureNamedAfterItsScenario)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(builtinScenario("two-heads-specialise"));
    ASSERT_EQ(figureViewFromId(QStringLiteral("heads")), FigureView::Heads);
    FigureExporter exporter(&model, &viewState);
    FigureOptions options;
    options.view = FigureView::Heads;
    options.format = FigureFormat::Svg;
    const QByteArray svg = exporter.renderSvg(options);
    ASSERT_FALSE(svg.isEmpty());
    EXPECT_TRUE(svg.contains(model.wholeScenario().name.toUtf8())) << "the title names the scenario";
    EXPECT_TRUE(svg.contains(model.headName(1).toUtf8()));

    options.format = FigureFormat::Png;
    const QImage image = exporter.renderImage(options);
    ASSERT_FALSE(image.isNull());
    // The tiles are in it: the colours of both heads' strongest weights.
    for (Index head = 0; head < 2; ++head) {
        const QRgb strongest = viewState.colorMap().rgbAt(model.headResult(head)->weights.maxCoeff());
        bool found = false;
        for (int y = 0; y < image.height() && !found; ++y)
            for (int x = 0; x < image.width() && !found; ++x)
                found = (image.pixel(x, y) & 0xffffff) == (strongest & 0xffffff);
        EXPECT_TRUE(found) << "head " << head;
    }
    // Cut to its content: the head numbers under the bars are near the bottom edge.
    const QRgb background = image.pixel(image.width() - 1, image.height() - 1);
    int lowest = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (image.pixel(x, y) != background)
                lowest = y;
    EXPECT_GT(lowest, image.height() - 3 * QFontMetrics(QApplication::font()).height()) << image.height();
}

TEST(AllHeadsView, HasADockInTheWindowThatTheShortcutBringsForwardAndPresentationModeShows)
{
    QSettings().clear();
    {
        MainWindow window;
        window.presentationMode()->setFullScreenEnabled(false);
        window.resize(1280, 720);
        window.openScenario(builtinScenario("two-heads-specialise"), QStringLiteral("two-heads-specialise"));
        window.show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
        settleEvents();

        QDockWidget *dock = window.allHeadsDock();
        ASSERT_NE(dock, nullptr);
        EXPECT_EQ(dock->objectName(), QStringLiteral("allHeadsViewDock"));
        EXPECT_EQ(dock->widget(), window.allHeadsView());
        EXPECT_FALSE(window.allHeadsView()->accessibleName().isEmpty());
        EXPECT_FALSE(window.allHeadsView()->accessibleDescription().isEmpty());
        EXPECT_TRUE(window.tabifiedDockWidgets(dock).contains(window.findChild<QDockWidget *>(QStringLiteral("heatmapViewDock"))));
        // View > Panels lists it with the other docks.
        bool listed = false;
        for (QAction *menu : window.menuBar()->actions())
            if (menu->menu())
                for (QAction *action : menu->menu()->actions())
                    if (action->menu())
                        listed = listed || action->menu()->actions().contains(dock->toggleViewAction());
        EXPECT_TRUE(listed);
        EXPECT_FALSE(isOnScreen(window.allHeadsView())) << "behind the heatmap at first";

        window.showAllHeadsAction()->trigger();
        settleEvents();
        EXPECT_TRUE(isOnScreen(window.allHeadsView()));
        EXPECT_EQ(window.allHeadsView()->tileCount(), 2);

        // While presenting, the shortcut puts it in the large place, and again gives the place back.
        window.presentationMode()->enter();
        settleEvents();
        QWidget *before = window.presentationMode()->focalView();
        window.showAllHeadsAction()->trigger();
        settleEvents();
        EXPECT_EQ(window.presentationMode()->focalView(), window.allHeadsView());
        EXPECT_TRUE(window.allHeadsView()->isVisible());
        // Beside it the key space and the weights of the selected row, each with room for its
        // plot (every tile already shows what the heatmap would).
        EXPECT_TRUE(isOnScreen(window.keySpaceView()));
        EXPECT_TRUE(isOnScreen(window.weightsChartView()));
        EXPECT_FALSE(isOnScreen(window.heatmapView()));
        EXPECT_GE(window.keySpaceView()->height(), 720 / 3);
        EXPECT_GE(window.weightsChartView()->height(), 720 / 4);
        window.showAllHeadsAction()->trigger();
        settleEvents();
        EXPECT_EQ(window.presentationMode()->focalView(), before);
        window.presentationMode()->leave();
        settleEvents();
    }
    // The palette and token colours are the application's: leave them as Light for the next test.
    ViewState state;
    ThemeController controller(&state, nullptr);
}
