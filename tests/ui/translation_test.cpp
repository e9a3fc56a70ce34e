#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "languagesettings.h"
#include "lesson.h"
#include "lessonstep.h"
#include "mainwindow.h"
#include "viewstate.h"
#include "weightschartview.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QFile>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QTest>
#include <QXmlStreamReader>

#include <gtest/gtest.h>

#include <algorithm>

using attnlens::LanguageSettings;

namespace {

// Restores English after each test, so that a failure does not leak Chinese into the next one.
class Translation : public ::testing::Test
{
protected:
    void TearDown() override
    {
        LanguageSettings::install(QStringLiteral("en"));
        QSettings().remove(QStringLiteral("view/language"));
    }
};

struct TsMessage {
    QString context;
    QString source;
    QString translation;
    bool finished = false;
};

QList<TsMessage> readTsFile(const QString &path, QString *error)
{
    QList<TsMessage> messages;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = file.errorString();
        return messages;
    }
    QXmlStreamReader xml(&file);
    QString context;
    TsMessage message;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("message")) {
            message = TsMessage{context, {}, {}, false};
        } else if (xml.name() == QLatin1String("source")) {
            message.source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            // A plural (numerus) message holds its forms in <numerusform> children.
            message.translation = xml.readElementText(QXmlStreamReader::IncludeChildElements).trimmed();
            message.finished = type.isEmpty() && !message.translation.isEmpty();
            messages.append(message);
        }
    }
    if (xml.hasError())
        *error = xml.errorString();
    return messages;
}

QStringList sortedMatches(const QString &text, const QRegularExpression &pattern)
{
    QStringList found;
    for (auto it = pattern.globalMatch(text); it.hasNext();)
        found.append(it.next().captured(0));
    std::sort(found.begin(), found.end());
    return found;
}

QStringList dockTitles(const QWidget *window)
{
    QStringList titles;
    for (const QDockWidget *dock : window->findChildren<QDockWidget *>())
        titles.append(dock->windowTitle());
    return titles;
}

QStringList menuTitles(const QMenuBar *bar)
{
    QStringList titles;
    for (const QAction *action : bar->actions())
        titles.append(action->text());
    return titles;
}

} // namespace

TEST_F(Translation, ChineseTranslatorTranslatesMenusDocksAndLesson)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    EXPECT_EQ(LanguageSettings::currentLanguage(), QStringLiteral("zh_TW"));
    EXPECT_EQ(QCoreApplication::translate("attnlens::MainWindow", "&File"), QStringLiteral("檔案(&F)"));
    EXPECT_EQ(QCoreApplication::translate("attnlens::MainWindow", "Heatmap"), QStringLiteral("熱圖"));
    EXPECT_EQ(QCoreApplication::translate("attnlens::MainWindow", "Temperature"), QStringLiteral("溫度"));
    const auto titleOf = [](const char *id) {
        for (const attnlens::LessonStep &step : attnlens::Lesson::steps()) {
            if (step.id == QLatin1String(id))
                return step.title;
        }
        return QString();
    };
    EXPECT_EQ(titleOf("query-and-memory"), QStringLiteral("一個查詢與一組待搜尋的記憶"));
    EXPECT_EQ(titleOf("bottleneck"), QStringLiteral("為何需要注意力：每個查詢都拿到同一個固定上下文"));

    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
    EXPECT_EQ(QCoreApplication::translate("attnlens::MainWindow", "&File"), QStringLiteral("&File"));
    EXPECT_EQ(titleOf("query-and-memory"), QStringLiteral("A query and a memory to search"));
    EXPECT_EQ(titleOf("bottleneck"), QStringLiteral("Why attention: one fixed context for every query"));
}

TEST_F(Translation, EveryFinishedTranslationKeepsPlaceholdersAndTags)
{
    QString error;
    const QList<TsMessage> messages =
        readTsFile(QStringLiteral(ATTNLENS_TRANSLATIONS_DIR "/attnlens_zh_TW.ts"), &error);
    ASSERT_TRUE(error.isEmpty()) << error.toStdString();
    const QRegularExpression placeholder(QStringLiteral("%L?\\d+"));
    const QRegularExpression tag(QStringLiteral("</?[a-zA-Z][^>]*>"));
    int finished = 0;
    for (const TsMessage &message : messages) {
        if (!message.finished)
            continue;
        ++finished;
        SCOPED_TRACE((message.context + QStringLiteral(": ") + message.source).toStdString());
        EXPECT_EQ(sortedMatches(message.translation, placeholder), sortedMatches(message.source, placeholder));
        EXPECT_EQ(sortedMatches(message.translation, tag), sortedMatches(message.source, tag));
    }
    // The menus, docks and panels at least: a .ts whose translations were lost fails here.
    EXPECT_GE(finished, 150) << "of " << messages.size();
}

TEST_F(Translation, MainWindowBuiltUnderChineseShowsChineseMenusAndDocks)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    attnlens::MainWindow window;
    const QStringList titles = menuTitles(window.menuBar());
    EXPECT_TRUE(titles.contains(QStringLiteral("檔案(&F)"))) << titles.join(QLatin1Char('|')).toStdString();
    EXPECT_TRUE(titles.contains(QStringLiteral("檢視(&V)"))) << titles.join(QLatin1Char('|')).toStdString();
    EXPECT_FALSE(titles.contains(QStringLiteral("&File")));
    EXPECT_TRUE(dockTitles(&window).contains(QStringLiteral("熱圖")));
    EXPECT_FALSE(dockTitles(&window).contains(QStringLiteral("Heatmap")));
    EXPECT_EQ(window.matricesDock()->windowTitle(), QStringLiteral("矩陣"));

    auto *chinese = window.findChild<QAction *>(QStringLiteral("languageAction_zh_TW"));
    auto *english = window.findChild<QAction *>(QStringLiteral("languageAction_en"));
    ASSERT_NE(chinese, nullptr);
    ASSERT_NE(english, nullptr);
    EXPECT_TRUE(chinese->isChecked());
    EXPECT_FALSE(english->isChecked());
    EXPECT_EQ(chinese->text(), QStringLiteral("繁體中文"));
}

TEST_F(Translation, MainWindowBuiltUnderEnglishStaysEnglish)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
    attnlens::MainWindow window;
    const QStringList titles = menuTitles(window.menuBar());
    EXPECT_TRUE(titles.contains(QStringLiteral("&File")));
    EXPECT_TRUE(dockTitles(&window).contains(QStringLiteral("Heatmap")));
}

TEST_F(Translation, CommandLineBeatsSavedChoiceWhichBeatsTheLocale)
{
    QSettings().remove(QStringLiteral("view/language"));
    EXPECT_EQ(LanguageSettings::chooseLanguage(), LanguageSettings::systemLanguage());
    LanguageSettings::saveLanguage(QStringLiteral("zh_TW"));
    EXPECT_EQ(LanguageSettings::savedLanguage(), QStringLiteral("zh_TW"));
    EXPECT_EQ(LanguageSettings::chooseLanguage(), QStringLiteral("zh_TW"));
    EXPECT_EQ(LanguageSettings::chooseLanguage(QStringLiteral("en")), QStringLiteral("en"));
    QSettings().setValue(QStringLiteral("view/language"), QStringLiteral("tlh"));
    EXPECT_TRUE(LanguageSettings::savedLanguage().isEmpty());
    EXPECT_EQ(LanguageSettings::chooseLanguage(), LanguageSettings::systemLanguage());
}

TEST_F(Translation, UnknownLanguageInstallsNothing)
{
    EXPECT_FALSE(LanguageSettings::install(QStringLiteral("tlh")));
    EXPECT_EQ(LanguageSettings::currentLanguage(), QStringLiteral("en"));
}

// A masked bar too narrow for "已遮罩" written across reads it one character under another,
// upright, as Chinese is written in a column, not turned on its side like the English "masked".
TEST_F(Translation, MaskedBarsInChineseStackUpright)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    attnlens::AttentionModel model;
    attnlens::ViewState viewState;
    attnlens::Scenario scenario = attnlens::loadBuiltinScenario(QStringLiteral("two-heads-specialise")).value();
    model.setScenario(scenario);
    attnlens::WeightsChartView view(&model, &viewState);
    view.resize(300, 260);  // five bars of about 40 px: narrower than the word written across
    view.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&view));
    QCoreApplication::processEvents();
    const QString masked = QCoreApplication::translate("attnlens::WeightsChartView", "masked");
    ASSERT_EQ(masked, QStringLiteral("已遮罩"));
    int stacked = 0;
    for (QGraphicsView *graphics : view.findChildren<QGraphicsView *>()) {
        for (QGraphicsItem *item : graphics->scene()->items()) {
            auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item);
            if (!text || !text->isVisible() || QString(text->text()).remove(QLatin1Char('\n')) != masked)
                continue;
            EXPECT_EQ(text->text(), QStringLiteral("已\n遮\n罩"));
            EXPECT_EQ(text->rotation(), 0.0);
            ++stacked;
        }
    }
    // The first row ("The") may attend to itself alone: four masked keys.
    EXPECT_EQ(stacked, 4);
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
}
