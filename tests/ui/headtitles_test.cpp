// The head shown, named in every title and caption (issue 13): the panels' titles, the titles
// the views draw themselves, the figures' titles and captions. A one-head scenario's titles are
// what they always were.
#include "coretestsupport.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "contextchartview.h"
#include "figurecaption.h"
#include "figureexporter.h"
#include "headtitle.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "mainwindow.h"
#include "maskgridview.h"
#include "scenariojson.h"
#include "textprobe.h"
#include "viewstate.h"
#include "weightschartview.h"
#include "weightstableview.h"
#include "workednumbersview.h"

#include <QDockWidget>
#include <QLabel>
#include <QTableView>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <functional>
#include <memory>

using namespace attnlens;
using attnlens::test::builtinScenario;
using attnlens::test::settleEvents;

namespace {

QString allDrawnText(QWidget *widget)
{
    QStringList texts;
    for (const DrawnText &text : drawnTexts(widget))
        texts << text.text;
    return texts.join(QLatin1Char('\n'));
}

TEST(HeadTitle, NamesTheSelectedHeadOnlyWhenThereAreSeveral)
{
    AttentionModel model;
    model.setScenario(builtinScenario(kLessonScenarioId));
    EXPECT_TRUE(headTag(model).isEmpty());
    EXPECT_EQ(withHeadTag(QStringLiteral("Heatmap"), model), QStringLiteral("Heatmap"));

    model.setScenario(builtinScenario("two-heads-specialise"));
    EXPECT_EQ(headTag(model), QStringLiteral("head 1 \u201cprevious token\u201d"));
    EXPECT_EQ(withHeadTag(QStringLiteral("Heatmap"), model),
              QStringLiteral("Heatmap \u2014 head 1 \u201cprevious token\u201d"));
    model.selectHead(1);
    EXPECT_EQ(headTag(model), QStringLiteral("head 2 \u201csubject\u201d"));
    // A head without a name of its own is named by its number alone.
    model.setHeadName(1, QString());
    EXPECT_EQ(headTag(model), QStringLiteral("head 2"));
}

TEST(HeadTitle, DefaultCaptionNamesTheHeadOnlyWithSeveral)
{
    AttentionModel model;
    model.setScenario(builtinScenario(kLessonScenarioId));
    const QString oneHead = defaultFigureCaption(model.scenario(), headTag(model));
    EXPECT_EQ(oneHead, defaultFigureCaption(model.scenario())) << "unchanged for one head";
    EXPECT_FALSE(oneHead.contains(QStringLiteral("head")));

    model.setScenario(builtinScenario("two-heads-specialise"));
    model.selectHead(1);
    const QString caption = defaultFigureCaption(model.scenario(), headTag(model));
    EXPECT_TRUE(caption.contains(QStringLiteral("head 2 \u201csubject\u201d"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("temperature T = 1"))) << caption.toStdString();
    EXPECT_TRUE(caption.contains(QStringLiteral("causal mask"))) << caption.toStdString();
}

TEST(HeadTitle, FigureTitleNamesTheHeadAndThePngCarriesEveryHead)
{
    AttentionModel model;
    ViewState viewState;
    model.setScenario(builtinScenario("two-heads-specialise"));
    model.selectHead(1);
    settleEvents();
    const FigureExporter exporter(&model, &viewState);
    for (FigureView view : {FigureView::Heatmap, FigureView::KeySpace, FigureView::Weights,
                            FigureView::Context, FigureView::Mask, FigureView::Numbers}) {
        FigureOptions options;
        options.view = view;
        options.size = QSize(640, 420);
        const QImage image = exporter.renderImage(options);
        ASSERT_FALSE(image.isNull());
        EXPECT_TRUE(image.text(QStringLiteral("Title")).endsWith(QStringLiteral("head 2 \u201csubject\u201d")))
            << image.text(QStringLiteral("Title")).toStdString();
        const Result<Scenario> carried = parseScenario(
            image.text(QLatin1String(FigureExporter::kScenarioTextKey)).toUtf8(), QStringLiteral("png"));
        ASSERT_TRUE(carried);
        EXPECT_EQ(carried.value(), model.wholeScenario());
    }

    // One head: the title as it always was.
    model.setScenario(builtinScenario(kLessonScenarioId));
    settleEvents();
    FigureOptions options;
    options.size = QSize(640, 420);
    EXPECT_FALSE(exporter.renderImage(options).text(QStringLiteral("Title")).contains(QStringLiteral("head")));
}

/// Each view on its own, as the window holds it, with the texts it draws.
class HeadViewTitlesTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        model.setScenario(builtinScenario("two-heads-specialise"));
        settleEvents();
    }

    template <typename View>
    QString drawnBy()
    {
        View view(&model, &viewState);
        view.resize(900, 560);
        view.show();
        EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
        settleEvents();
        return allDrawnText(&view);
    }

    void expectEveryViewNames(const QString &words, bool named)
    {
        const std::pair<const char *, std::function<QString()>> views[] = {
            {"heatmap", [this] { return drawnBy<HeatmapView>(); }},
            {"key space",
             [this] {
                 // The key space paints from a cached picture: its scene says what it writes.
                 KeySpaceView view(&model, &viewState);
                 view.resize(900, 560);
                 view.show();
                 EXPECT_TRUE(QTest::qWaitForWindowExposed(&view));
                 settleEvents();
                 return view.scene().caption;
             }},
            {"weights chart", [this] { return drawnBy<WeightsChartView>(); }},
            {"context chart", [this] { return drawnBy<ContextChartView>(); }},
            {"worked numbers", [this] { return drawnBy<WorkedNumbersView>(); }},
        };
        for (const auto &[name, draw] : views) {
            const QString drawn = draw();
            EXPECT_EQ(drawn.contains(words), named) << name << " draws:\n" << drawn.toStdString();
        }
    }

    AttentionModel model;
    ViewState viewState;
};

TEST_F(HeadViewTitlesTest, EveryViewNamesTheHeadItShows)
{
    expectEveryViewNames(QStringLiteral("previous token"), true);
    model.selectHead(1);
    settleEvents();
    expectEveryViewNames(QStringLiteral("subject"), true);
    expectEveryViewNames(QStringLiteral("previous token"), false);
}

TEST_F(HeadViewTitlesTest, OneHeadViewsNameNoHead)
{
    model.setScenario(builtinScenario(kLessonScenarioId));
    settleEvents();
    expectEveryViewNames(QStringLiteral("head 1"), false);
    expectEveryViewNames(QStringLiteral("\u2014 head"), false);
}

TEST(HeadDockTitles, SharedPanelsSaySoAndTheViewsNameTheHead)
{
    QSettings().clear();
    MainWindow window;
    window.resize(1280, 720);
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    window.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&window));
    settleEvents();
    const auto dock = [&window](const char *name) {
        return window.findChild<QDockWidget *>(QLatin1String(name));
    };
    EXPECT_EQ(dock("maskGridViewDock")->windowTitle(), QStringLiteral("Mask"));
    EXPECT_EQ(dock("temperaturePanelDock")->windowTitle(), QStringLiteral("Temperature"));

    window.openScenario(builtinScenario("two-heads-specialise"), QStringLiteral("two-heads-specialise"));
    settleEvents();
    EXPECT_EQ(dock("maskGridViewDock")->windowTitle(), QStringLiteral("Mask (all heads)"));
    EXPECT_EQ(dock("temperaturePanelDock")->windowTitle(), QStringLiteral("Temperature (all heads)"));
    // View > Panels keeps the panels' plain names.
    EXPECT_EQ(dock("maskGridViewDock")->toggleViewAction()->text(), QStringLiteral("Mask"));
    // The dock tabs stay short: the views themselves name the head.
    EXPECT_EQ(dock("heatmapViewDock")->windowTitle(), QStringLiteral("Heatmap"));

    // The weights table says which head's numbers it holds, in words and to a screen reader.
    window.weightsTableDock()->show();
    window.weightsTableDock()->raise();
    window.model()->selectHead(1);
    settleEvents();
    EXPECT_TRUE(window.weightsTableView()->findChild<QLabel *>(QStringLiteral("weightsTableNote"))
                    ->text().startsWith(QStringLiteral("head 2 \u201csubject\u201d")));
    EXPECT_TRUE(window.weightsTableView()->findChild<QTableView *>(QStringLiteral("weightsTable"))
                    ->accessibleName().endsWith(QStringLiteral("head 2 \u201csubject\u201d")));

    // Back to one head: the titles as they were.
    window.openScenario(builtinScenario(kLessonScenarioId), QStringLiteral("lesson"));
    settleEvents();
    EXPECT_EQ(dock("maskGridViewDock")->windowTitle(), QStringLiteral("Mask"));
    EXPECT_FALSE(window.weightsTableView()->findChild<QLabel *>(QStringLiteral("weightsTableNote"))
                     ->text().contains(QStringLiteral("head")));
}

} // namespace
