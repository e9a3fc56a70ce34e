#include "../support/uisettle.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "maskeditor.h"
#include "maskgridcanvas.h"
#include "maskgridview.h"
#include "viewstate.h"

#include <QApplication>
#include <QCheckBox>
#include <QImage>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

Mask maskFromRows(std::initializer_list<std::initializer_list<int>> rows)
{
    Mask mask(static_cast<Index>(rows.size()), static_cast<Index>(rows.begin()->size()));
    Index i = 0;
    for (const auto &row : rows) {
        Index j = 0;
        for (int value : row)
            mask(i, j++) = value != 0;
        ++i;
    }
    return mask;
}

// A scenario of n tokens with smoothly varying two-dimensional Q, K and V.
Scenario bigScenario(int n)
{
    Scenario s;
    s.name = QStringLiteral("big");
    s.queries.resize(n, 2);
    s.keys.resize(n, 2);
    s.values.resize(n, 2);
    for (int i = 0; i < n; ++i) {
        s.queries.row(i) << std::cos(0.1 * i), std::sin(0.1 * i);
        s.keys.row(i) << std::sin(0.07 * i), std::cos(0.13 * i);
        s.values.row(i) << i, n - i;
    }
    return s;
}

void saveScreenshot(QWidget *widget, const QString &name)
{
    const QByteArray dir = qgetenv("ATTNLENS_SCREENSHOT_DIR");
    if (!dir.isEmpty())
        widget->grab().save(QString::fromLocal8Bit(dir) + QStringLiteral("/") + name);
}

int countPixels(const QImage &image, const QRect &area, const std::function<bool(QColor)> &match)
{
    int count = 0;
    const QRect clipped = area.intersected(image.rect());
    for (int y = clipped.top(); y <= clipped.bottom(); ++y)
        for (int x = clipped.left(); x <= clipped.right(); ++x)
            count += match(image.pixelColor(x, y)) ? 1 : 0;
    return count;
}

bool isAllowedBlue(QColor c)
{
    return c.blue() > 150 && c.red() < 80 && c.green() > 110 && c.green() < 180;
}

bool isRed(QColor c)
{
    return c.red() > 170 && c.green() < 90 && c.blue() < 90;
}

/// Counts the paint events a widget receives.
class PaintCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::Paint)
            ++count;
        return false;
    }
};

class MaskGridViewTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model = std::make_unique<AttentionModel>();
        viewState = std::make_unique<ViewState>();
        host = std::make_unique<QWidget>();
        view = std::make_unique<MaskGridView>(model.get(), viewState.get());
        grid = view->grid();
        ASSERT_NE(grid, nullptr);
    }

    void open(const Scenario &scenario, QSize size = QSize(600, 400))
    {
        model->setScenario(scenario);
        QCoreApplication::processEvents();
        // Hosted like a dock's content: the view gets exactly this size, whatever its layout.
        view->setParent(host.get());
        host->resize(size);
        view->setGeometry(QRect(QPoint(0, 0), size));
        host->show();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(host.get()));
        ASSERT_TRUE(attnlens::test::waitForStableLayout(host.get()));
    }

    void clickCell(int queryRow, int keyRow)
    {
        const QRect cell = grid->cellRect(queryRow, keyRow);
        ASSERT_FALSE(cell.isEmpty()) << queryRow << "," << keyRow;
        QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, cell.center());
        QCoreApplication::processEvents();
    }

    void clickPreset(const char *objectName)
    {
        auto *button = view->findChild<QPushButton *>(QString::fromLatin1(objectName));
        ASSERT_NE(button, nullptr) << objectName;
        QTest::mouseClick(button, Qt::LeftButton);
        QCoreApplication::processEvents();
    }

    Mask currentMask() const
    {
        const Scenario &s = model->scenario();
        return s.allowed ? *s.allowed : Mask::Constant(s.queryCount(), s.keyCount(), true);
    }

    std::unique_ptr<AttentionModel> model;
    std::unique_ptr<ViewState> viewState;
    std::unique_ptr<QWidget> host;  // declared before the view, so destroyed after it
    std::unique_ptr<MaskGridView> view;
    MaskGridCanvas *grid = nullptr;
};

} // namespace

TEST_F(MaskGridViewTest, ClickingACellMasksThatKeyAndRenormalisesTheRow)
{
    open(builtinScenario("lesson"));
    QSignalSpy maskChanges(model.get(), &AttentionModel::maskChanged);
    clickCell(0, 1);  // memory B
    EXPECT_EQ(maskChanges.count(), 1);
    ASSERT_NE(model->result(), nullptr);
    const Matrix &w = model->result()->weights;
    EXPECT_EQ(w(0, 1), 0.0) << "a masked weight is exactly zero";
    EXPECT_DOUBLE_EQ(w(0, 0), 0.5);
    EXPECT_DOUBLE_EQ(w(0, 2), 0.5);
    EXPECT_NEAR(w.row(0).sum(), 1.0, 1e-15);

    // The cell now paints as blocked (no allowed blue), its neighbours still allowed.
    const QImage image = grid->grab().toImage();
    EXPECT_EQ(countPixels(image, grid->cellRect(0, 1), isAllowedBlue), 0);
    EXPECT_GT(countPixels(image, grid->cellRect(0, 0), isAllowedBlue),
              grid->cellRect(0, 0).width() * grid->cellRect(0, 0).height() / 2);

    clickCell(0, 1);
    QCoreApplication::processEvents();
    EXPECT_NEAR(model->result()->weights(0, 1), 0.1978, 1e-4) << "allowed again";
}

TEST_F(MaskGridViewTest, BlockingTheLastAllowedKeyIsRefused)
{
    open(builtinScenario("causal-self-attention"));
    const Scenario before = model->scenario();
    QSignalSpy refusals(view.get(), &MaskGridView::editRefused);
    QSignalSpy maskChanges(model.get(), &AttentionModel::maskChanged);

    clickCell(0, 0);  // token 1 may only see itself
    EXPECT_TRUE(model->scenario() == before) << "the model is bitwise unchanged";
    EXPECT_EQ(maskChanges.count(), 0);
    ASSERT_EQ(refusals.count(), 1);
    const QString message = refusals.at(0).at(0).toString();
    EXPECT_EQ(message, QStringLiteral("Row 1 (\u201ctoken 1\u201d) needs at least one allowed key: "
                                      "\u201ctoken 1\u201d is its last, and softmax over no keys is "
                                      "undefined."));
    EXPECT_TRUE(grid->isFlashing());

    // The refused cell flashes red, then the flash fades away.
    const QRect flashed = grid->cellRect(0, 0).adjusted(-3, -3, 3, 3);
    EXPECT_GT(countPixels(grid->grab().toImage(), flashed, isRed), 20);
    ASSERT_TRUE(QTest::qWaitFor([&] { return !grid->isFlashing(); }, 5000)) << "the flash ends";
    EXPECT_EQ(countPixels(grid->grab().toImage(), flashed, isRed), 0);

    // A row with several allowed keys still gives one up.
    clickCell(2, 2);
    EXPECT_FALSE(model->scenario().isAllowed(2, 2));
    EXPECT_EQ(refusals.count(), 1);
}

TEST_F(MaskGridViewTest, CausalAndAllAllowedPresets)
{
    open(builtinScenario("causal-self-attention"));
    clickPreset("maskPresetAllAllowed");
    EXPECT_EQ(currentMask(), Mask::Constant(3, 3, true));
    EXPECT_FALSE(model->scenario().allowed.has_value()) << "all allowed is no mask at all";
    clickPreset("maskPresetCausal");
    ASSERT_TRUE(model->scenario().allowed.has_value());
    EXPECT_EQ(*model->scenario().allowed, maskFromRows({{1, 0, 0}, {1, 1, 0}, {1, 1, 1}}));
    const Matrix &w = model->result()->weights;
    EXPECT_EQ(w(0, 0), 1.0) << "the first row of causal self-attention is [1, 0, 0]";
}

TEST_F(MaskGridViewTest, PaddingPresetWithKeyThreeUnrealGivesTheNotebookMask)
{
    const Mask notebook = *builtinScenario("causal-padding").allowed;
    open(builtinScenario("causal-self-attention"));
    clickPreset("maskPresetAllAllowed");
    ASSERT_EQ(view->editor()->realKeys(), (std::vector<bool>{true, true, true}));

    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->realKeyRect(2).center());
    EXPECT_EQ(view->editor()->realKeys(), (std::vector<bool>{true, true, false}));
    EXPECT_EQ(currentMask(), Mask::Constant(3, 3, true)) << "a flag alone does not apply a preset";

    clickPreset("maskPresetPadding");
    EXPECT_EQ(*model->scenario().allowed, notebook);
    EXPECT_EQ(*model->scenario().allowed, maskFromRows({{1, 0, 0}, {1, 1, 0}, {1, 1, 0}}));

    // Without its causal part the padding preset is a pure padding mask, applied at once.
    auto *causal = view->findChild<QCheckBox *>(QStringLiteral("maskPaddingCausal"));
    ASSERT_NE(causal, nullptr);
    causal->click();
    QCoreApplication::processEvents();
    EXPECT_EQ(*model->scenario().allowed, maskFromRows({{1, 1, 0}, {1, 1, 0}, {1, 1, 0}}));

    // The causal-padding scenario arrives with key 3 read as padding.
    model->setScenario(builtinScenario("causal-padding"));
    QCoreApplication::processEvents();
    EXPECT_EQ(view->editor()->realKeys(), (std::vector<bool>{true, true, false}));
}

TEST_F(MaskGridViewTest, PresetsThatWouldEmptyARowAreRefused)
{
    open(builtinScenario("lesson"));
    QSignalSpy refusals(view.get(), &MaskGridView::editRefused);
    const Scenario before = model->scenario();
    clickPreset("maskPresetInvert");  // invert of all allowed blocks everything
    EXPECT_TRUE(model->scenario() == before);
    ASSERT_EQ(refusals.count(), 1);
    EXPECT_TRUE(refusals.at(0).at(0).toString().contains(QStringLiteral("row 1 (\u201cq\u201d)")))
        << refusals.at(0).at(0).toString().toStdString();
    EXPECT_TRUE(grid->isFlashing());

    clickCell(0, 0);  // block A: [0, 1, 1]
    clickPreset("maskPresetInvert");
    EXPECT_EQ(currentMask(), maskFromRows({{1, 0, 0}}));
    EXPECT_EQ(refusals.count(), 1);

    // Marking the only allowed key of row 1 as padding while the padding preset is applied.
    open(builtinScenario("causal-self-attention"));
    ASSERT_TRUE(view->editor()->isPaddingPresetActive());
    const Scenario causal = model->scenario();
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->realKeyRect(0).center());
    EXPECT_TRUE(model->scenario() == causal);
    EXPECT_TRUE(view->editor()->isRealKey(0)) << "the refused flag stays as it was";
    ASSERT_EQ(refusals.count(), 2);
    EXPECT_TRUE(refusals.at(1).at(0).toString().contains(QStringLiteral("row 1 (\u201ctoken 1\u201d)")))
        << refusals.at(1).at(0).toString().toStdString();
}

TEST_F(MaskGridViewTest, SpaceTogglesTheFocusedCell)
{
    open(builtinScenario("lesson"));
    grid->setFocus();
    EXPECT_EQ(grid->focusQueryRow(), 0);
    EXPECT_EQ(grid->focusKeyRow(), 0);
    QTest::keyClick(grid, Qt::Key_Right);
    QTest::keyClick(grid, Qt::Key_Right);
    EXPECT_EQ(grid->focusKeyRow(), 2);
    QTest::keyClick(grid, Qt::Key_Space);
    EXPECT_FALSE(model->scenario().isAllowed(0, 2));
    QTest::keyClick(grid, Qt::Key_Space);
    EXPECT_TRUE(model->scenario().isAllowed(0, 2));
    QTest::keyClick(grid, Qt::Key_Right);  // stays on the last column
    EXPECT_EQ(grid->focusKeyRow(), 2);

    // Down from the last query reaches the "real key" row.
    QTest::keyClick(grid, Qt::Key_Down);
    EXPECT_EQ(grid->focusQueryRow(), 1);
    QTest::keyClick(grid, Qt::Key_Space);
    EXPECT_FALSE(view->editor()->isRealKey(2));
}

TEST_F(MaskGridViewTest, ARowWithNoAllowedKeyIsMarkedUndefined)
{
    Scenario broken = builtinScenario("causal-self-attention");
    (*broken.allowed)(1, 0) = false;
    (*broken.allowed)(1, 1) = false;
    open(broken);
    ASSERT_TRUE(model->error().has_value());
    EXPECT_EQ(model->error()->category, ErrorCategory::AllMaskedRow);
    saveScreenshot(view.get(), QStringLiteral("controls-mask-undefined-row.png"));

    const QImage image = grid->grab().toImage();
    const QRect row1 = grid->cellRect(1, 0).united(grid->cellRect(1, 2));
    const QRect row0 = grid->cellRect(0, 0).united(grid->cellRect(0, 2));
    EXPECT_GT(countPixels(image, row1, isRed), 50) << "the undefined row is marked in red";
    EXPECT_EQ(countPixels(image, row0, isRed), 0);

    // Allowing a key fixes it.
    clickCell(1, 1);
    EXPECT_FALSE(model->error().has_value());
    saveScreenshot(view.get(), QStringLiteral("controls-mask-undefined-fixed.png"));
    EXPECT_EQ(countPixels(grid->grab().toImage(), row1, isRed), 0);
}

TEST_F(MaskGridViewTest, ClicksStayExactOnA512By512Grid)
{
    open(bigScenario(512), QSize(700, 560));
    saveScreenshot(view.get(), QStringLiteral("controls-mask-512.png"));
    EXPECT_GT(grid->rowLabelStep(), 1) << "labels are thinned";
    EXPECT_GT(grid->columnLabelStep(), 1);
    EXPECT_TRUE(grid->columnLabelsRotated());

    int clicked = 0;
    for (const auto &[i, j] : {std::pair{0, 0}, {511, 511}, {137, 402}, {255, 256}, {300, 7}}) {
        const QRect cell = grid->cellRect(i, j);
        if (cell.isEmpty())
            continue;  // a zero-pixel cell cannot be drawn nor clicked
        Mask expected = currentMask();
        expected(i, j) = false;
        clickCell(i, j);
        EXPECT_EQ(currentMask(), expected) << "click at " << i << "," << j;
        ++clicked;
    }
    EXPECT_GE(clicked, 4);

    // Every pixel column of the grid maps to the column painted there: walk a row.
    const int row = 100;
    const QRect first = grid->cellRect(row, 0);
    for (int j = 0; j < 512; j += 37) {
        const QRect cell = grid->cellRect(row, j);
        if (cell.isEmpty())
            continue;
        Mask expected = currentMask();
        expected(row, j) = !expected(row, j);
        QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, QPoint(cell.left(), first.center().y()));
        ASSERT_EQ(currentMask(), expected) << "left edge of column " << j;
    }
    clickPreset("maskPresetCausal");
    EXPECT_EQ(currentMask(), causalMask(512, 512));
    saveScreenshot(view.get(), QStringLiteral("controls-mask-512-causal.png"));
}

TEST_F(MaskGridViewTest, NarrowColumnsRotateOrThinTheirLabelsWithoutOverlap)
{
    open(bigScenario(40), QSize(520, 360));
    const int line = grid->fontMetrics().height();
    const QRect cell = grid->cellRect(0, 0);
    ASSERT_FALSE(cell.isEmpty());
    if (grid->columnLabelsRotated()) {
        EXPECT_GE(grid->columnLabelStep() * cell.width(), line) << "rotated labels stand apart";
    } else {
        EXPECT_EQ(grid->columnLabelStep(), 1);
    }
    EXPECT_GE(grid->rowLabelStep() * cell.height(), line);
    clickPreset("maskPresetCausal");
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->realKeyRect(39).center());
    clickPreset("maskPresetPadding");
    EXPECT_FALSE(currentMask()(39, 39));
    EXPECT_TRUE(currentMask()(39, 38));
    saveScreenshot(view.get(), QStringLiteral("controls-mask-40.png"));
}

TEST_F(MaskGridViewTest, RendersAtProjectorAndLargeSizes)
{
    struct Case {
        const char *scenario;
        QSize size;
        const char *name;
    };
    // The bottom dock of a 1280x720 window is about 420x210.
    EXPECT_LE(view->minimumSizeHint().width(), 420);
    EXPECT_LE(view->minimumSizeHint().height(), 210);
    for (const Case &c : {Case{"causal-padding", QSize(420, 210), "controls-mask-1280-dock.png"},
                          Case{"causal-padding", QSize(330, 300), "controls-mask-narrow.png"},
                          Case{"causal-padding", QSize(600, 400), "controls-mask-600.png"},
                          Case{"causal-padding", QSize(1280, 720), "controls-mask-1280.png"},
                          Case{"three-queries", QSize(840, 420), "controls-mask-2560-dock.png"},
                          Case{"causal-padding", QSize(2560, 1440), "controls-mask-2560.png"}}) {
        open(builtinScenario(c.scenario), c.size);
        saveScreenshot(view.get(), QString::fromLatin1(c.name));
        const QImage image = view->grab().toImage();
        // Allowed cells are painted, and every cell is on screen and a sensible size.
        EXPECT_GT(countPixels(image, image.rect(), isAllowedBlue), 500) << c.name;
        const QRect last = grid->cellRect(int(model->scenario().queryCount()) - 1,
                                          int(model->scenario().keyCount()) - 1);
        EXPECT_TRUE(grid->rect().contains(last)) << c.name;
        EXPECT_TRUE(grid->rect().contains(grid->realKeyRect(0))) << c.name;
        EXPECT_GE(last.height(), grid->fontMetrics().height()) << c.name;
        EXPECT_FALSE(grid->rowLabelRect(0).intersects(grid->cellRect(0, 0))) << c.name;
        // The presets do not cover the grid.
        auto *invert = view->findChild<QPushButton *>(QStringLiteral("maskPresetInvert"));
        const QRect invertInView(invert->mapTo(view.get(), QPoint(0, 0)), invert->size());
        const QRect gridInView(grid->mapTo(view.get(), QPoint(0, 0)), grid->size());
        EXPECT_FALSE(invertInView.intersects(gridInView)) << c.name;
        EXPECT_TRUE(view->rect().contains(invertInView)) << c.name;
        const QWidget *presets = view->findChild<QWidget *>(QStringLiteral("maskPresets"));
        const QList<QWidget *> controls =
            presets->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly);
        for (int a = 0; a < controls.size(); ++a) {
            EXPECT_TRUE(presets->rect().contains(controls[a]->geometry()))
                << c.name << " " << controls[a]->objectName().toStdString();
            EXPECT_GE(controls[a]->width(), controls[a]->sizeHint().width())
                << c.name << " " << controls[a]->objectName().toStdString();
            for (int b = a + 1; b < controls.size(); ++b)
                EXPECT_FALSE(controls[a]->geometry().intersects(controls[b]->geometry()))
                    << c.name << " " << controls[a]->objectName().toStdString() << " / "
                    << controls[b]->objectName().toStdString();
        }
    }
}

TEST_F(MaskGridViewTest, DraggingPaintsTheFirstCellsNewStateAcrossARow)
{
    open(builtinScenario("three-queries"));
    // Press on (0, 0) blocks it; dragging over (0, 1) blocks that too; (0, 2) would be the last
    // allowed key of the row and is refused.
    QSignalSpy refusals(view.get(), &MaskGridView::editRefused);
    QTest::mousePress(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 0).center());
    QMouseEvent move1(QEvent::MouseMove, QPointF(grid->cellRect(0, 1).center()),
                      grid->mapToGlobal(QPointF(grid->cellRect(0, 1).center())), Qt::NoButton,
                      Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(grid, &move1);
    QMouseEvent move2(QEvent::MouseMove, QPointF(grid->cellRect(0, 2).center()),
                      grid->mapToGlobal(QPointF(grid->cellRect(0, 2).center())), Qt::NoButton,
                      Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(grid, &move2);
    QTest::mouseRelease(grid, Qt::LeftButton, Qt::NoModifier, grid->cellRect(0, 2).center());
    EXPECT_EQ(currentMask(), maskFromRows({{0, 0, 1}, {1, 1, 1}, {1, 1, 1}}));
    EXPECT_EQ(refusals.count(), 1);
}

TEST_F(MaskGridViewTest, NewWeightsLeaveTheGridAloneUntilARefusalAppears)
{
    // Dragging a query or sliding the temperature changes every weight but not the mask: the
    // grid must not repaint on each step (it would slow every drag), until a refusal banner
    // comes or goes.
    open(builtinScenario("three-queries"));
    PaintCounter paints;
    grid->installEventFilter(&paints);
    view->installEventFilter(&paints);
    for (int step = 1; step <= 6; ++step) {
        Eigen::RowVectorXd query = model->scenario().queries.row(0);
        query(1) += 0.25;
        model->setQueryRow(0, query);
        model->setTemperature(1.0 + 0.1 * step);
        QCoreApplication::processEvents();
    }
    EXPECT_EQ(paints.count, 0);
    EXPECT_EQ(countPixels(grid->grab().toImage(), grid->rect(), isRed), 0);

    model->setTemperature(0.0);
    QCoreApplication::processEvents();
    ASSERT_TRUE(model->error().has_value());
    EXPECT_GT(paints.count, 0) << "the refusal banner appears";
    EXPECT_GT(countPixels(grid->grab().toImage(), grid->rect(), isRed), 20);
    grid->removeEventFilter(&paints);
    view->removeEventFilter(&paints);
}

TEST_F(MaskGridViewTest, HoverAndRowLabelsShareTheSelectionWithOtherViews)
{
    open(builtinScenario("three-queries"));
    QTest::mouseMove(grid, grid->cellRect(1, 2).center());
    EXPECT_EQ(viewState->hoveredQuery(), 1);
    EXPECT_EQ(viewState->hoveredKey(), 2);
    QTest::mouseClick(grid, Qt::LeftButton, Qt::NoModifier, grid->rowLabelRect(2).center());
    EXPECT_EQ(viewState->selectedQuery(), 2);
    EXPECT_EQ(currentMask(), Mask::Constant(3, 3, true)) << "a label click edits nothing";

    // Hover set by another view is outlined here too.
    viewState->setHover(2, 0);
    const QRect cell = grid->cellRect(2, 0);
    const QImage image = grid->grab().toImage();
    const auto dark = [](QColor c) { return c.lightness() < 60; };
    EXPECT_GT(countPixels(image, cell, dark), cell.width());
    EXPECT_EQ(countPixels(image, grid->cellRect(1, 1), dark), 0);
}

// Key names over the columns are written in full ("memory A", never "mem…") in the docks a
// 1280x720 and a 1920x1080 window give the mask, at the normal and the projector's text size:
// across, on two lines, or upright taking the height the short grid does not need.
TEST_F(MaskGridViewTest, ColumnNamesAreWrittenInFullInShortWideDocks)
{
    for (const int pointSize : {10, 15}) {
        for (const QSize size : {QSize(420, 210), QSize(480, 250), QSize(620, 260), QSize(900, 330)}) {
            // The projector's text size comes with the bigger docks of a 1920x1080 screen.
            if (pointSize > 10 && size.width() < 600)
                continue;
            for (const char *scenario : {"lesson", "three-queries", "causal-padding"}) {
                QFont font = view->font();
                font.setPointSize(pointSize);
                view->setFont(font);
                open(builtinScenario(scenario), size);
                SCOPED_TRACE(std::string(scenario) + " " + std::to_string(size.width()) + "x"
                             + std::to_string(size.height()) + " " + std::to_string(pointSize) + "pt");
                const QVector<DrawnLabel> labels = grid->drawnLabels();
                ASSERT_GE(labels.size(), int(model->scenario().keyCount() + model->scenario().queryCount()));
                for (int i = 0; i < labels.size(); ++i) {
                    // "memory A" always fits somewhere; "token 3 (padding)" over four rows at the
                    // projector's size may not, and then its tooltip names it.
                    if (std::string(scenario) == "causal-padding" && labels.at(i).elided())
                        EXPECT_FALSE(labels.at(i).toolTip.isEmpty()) << labels.at(i).text.toStdString();
                    else
                        EXPECT_FALSE(labels.at(i).elided()) << labels.at(i).text.toStdString();
                    EXPECT_TRUE(QRectF(grid->rect()).adjusted(-1, -1, 1, 1).contains(labels.at(i).rect))
                        << labels.at(i).text.toStdString();
                    for (int j = i + 1; j < labels.size(); ++j) {
                        const QRectF overlap = labels.at(i).rect.intersected(labels.at(j).rect);
                        EXPECT_FALSE(overlap.width() > 1 && overlap.height() > 1)
                            << labels.at(i).text.toStdString() << " / " << labels.at(j).text.toStdString();
                    }
                }
                // The grid keeps cells a user can click.
                EXPECT_GE(grid->cellRect(0, 0).height(), grid->fontMetrics().height());
            }
        }
    }
}

// Where even upright a name cannot be written in full, it is shortened and hovering it names
// the key in full.
TEST_F(MaskGridViewTest, AShortenedColumnNameNamesTheKeyOnHover)
{
    Scenario s = builtinScenario("lesson");
    s.keyLabels = QStringList{QStringLiteral("a very long memory name that cannot fit anywhere at all"),
                              QStringLiteral("memory B"), QStringLiteral("memory C")};
    open(s, QSize(420, 200));
    bool shortened = false;
    for (const DrawnLabel &label : grid->drawnLabels()) {
        if (!label.elided())
            continue;
        shortened = true;
        EXPECT_TRUE(label.toolTip.contains(s.keyLabels.at(0))) << label.toolTip.toStdString();
    }
    EXPECT_TRUE(shortened);
}
