// The normal window (not presenting) on the small projectors of lecture halls (1024x768 and
// 1280x720, screens of the offscreen platform, screensmain.cpp), in English and Chinese: every
// shipped scenario and every lab, opened by its key, leaves a window that fits the screen. A
// window that asks for more than the screen pushes its own buttons past the edge, where a
// lecturer cannot reach them.
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "labdocks.h"
#include "languagesettings.h"
#include "lesson.h"
#include "mainwindow.h"
#include "theme.h"
#include "themecontroller.h"
#include "coretestsupport.h"

#include <QAction>
#include <QDockWidget>
#include <QGuiApplication>
#include <QLayout>
#include <QScreen>
#include <QSettings>
#include <QTest>

#include <gtest/gtest.h>

#include <memory>
#include <utility>

using namespace attnlens;
using attnlens::test::settleEvents;

namespace {

QScreen *screenOfSize(const QSize &size)
{
    for (QScreen *screen : QGuiApplication::screens())
        if (screen->size() == size)
            return screen;
    return nullptr;
}

/// The widest (or tallest) minimum among a window's visible docks, for the failure message.
std::string largestDocks(QMainWindow &w)
{
    std::string text;
    for (QDockWidget *dock : w.findChildren<QDockWidget *>()) {
        if (!dock->isVisible())
            continue;
        const QSize hint = dock->minimumSizeHint().expandedTo(dock->minimumSize());
        text += "\n  " + dock->objectName().toStdString() + " " + std::to_string(hint.width()) + "x"
            + std::to_string(hint.height());
    }
    return text;
}

class WindowFitTest : public ::testing::TestWithParam<const char *> {
protected:
    void SetUp() override
    {
        QSettings().clear();
        ASSERT_TRUE(LanguageSettings::install(QString::fromLatin1(GetParam())));
    }
    void TearDown() override { LanguageSettings::install(QStringLiteral("en")); }

    /// The window asks for no more than the screen (less the window manager's frame), and lies
    /// on it. A window that grew past the screen is given the screen back, so that one case's
    /// failure is not counted again in the next.
    static void expectFits(MainWindow &w, QScreen *screen, const std::string &where)
    {
        SCOPED_TRACE(where);
        const QRect available = screen->availableGeometry();
        const QSize frame = w.frameGeometry().size() - w.geometry().size();
        const QSize room = available.size() - frame;
        const QSize minimum = w.minimumSizeHint().expandedTo(w.minimumSize()).expandedTo(w.layout()->minimumSize());
        EXPECT_LE(minimum.width(), room.width()) << "the window asks for " << minimum.width()
                                                 << " px of width:" << largestDocks(w);
        EXPECT_LE(minimum.height(), room.height()) << "the window asks for " << minimum.height()
                                                   << " px of height:" << largestDocks(w);
        const bool inside = available.contains(w.frameGeometry());
        EXPECT_TRUE(inside) << w.frameGeometry().x() << "," << w.frameGeometry().y() << " " << w.frameGeometry().width() << "x"
                            << w.frameGeometry().height() << " in " << available.width() << "x" << available.height();
        if (!inside) {
            w.showNormal();
            w.resize(room);
            w.move(available.topLeft());
            w.showMaximized();
            settleEvents();
        }
    }
};

} // namespace

TEST_P(WindowFitTest, EveryShippedScenarioAndEveryLabFitsASmallProjector)
{
    for (const auto &[size, theme] : {std::pair{QSize(1024, 768), Theme::Kind::Light},
                                      std::pair{QSize(1024, 768), Theme::Kind::Projector},
                                      std::pair{QSize(1280, 720), Theme::Kind::Light},
                                      std::pair{QSize(1280, 720), Theme::Kind::Projector},
                                      std::pair{QSize(1280, 800), Theme::Kind::Dark}}) {
        QScreen *screen = screenOfSize(size);
        ASSERT_NE(screen, nullptr);
        MainWindow w;
        // The projector theme sets every text larger: the hardest case for a small screen.
        w.themeController()->themeAction(theme)->trigger();
        w.setScreen(screen);
        w.setGeometry(screen->availableGeometry());
        w.showMaximized();
        ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
        QList<BuiltinScenarioInfo> scenarios = builtinScenarios();
        for (const BuiltinScenarioInfo &info : scenarios) {
            const Result<Scenario> scenario = loadBuiltinScenario(info.id);
            ASSERT_TRUE(scenario.ok()) << info.id.toStdString();
            w.openScenario(scenario.value(), info.id);
            settleEvents();
            const std::string where = std::string(GetParam()) + " " + std::to_string(size.width()) + "x"
                + std::to_string(size.height()) + (theme == Theme::Kind::Projector ? " projector" : "") + ", "
                + info.id.toStdString();
            expectFits(w, screen, where);
            for (const LessonView lab : {LessonView::BottleneckLab, LessonView::ScaleLab, LessonView::ScoreLab,
                                         LessonView::DerivationLab}) {
                QAction *open = w.labDocks()->showAction(lab);
                ASSERT_NE(open, nullptr);
                open->trigger();
                settleEvents();
                expectFits(w, screen, where + ", lab " + open->objectName().toStdString());
                w.labDocks()->hideAll();
                if (!w.model()->scenario().name.isEmpty() && w.model()->scenario().name != scenario.value().name)
                    w.openScenario(scenario.value(), info.id);
                settleEvents();
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Languages, WindowFitTest, ::testing::Values("en", "zh_TW"));

