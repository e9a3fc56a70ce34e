// The shipped scenarios speak the interface language: with zh_TW installed their names,
// descriptions and token labels are the ones the Chinese lesson uses (記憶 A, 詞元 3), while a
// user's own file keeps every word it holds.
#include "attention.h"
#include "builtinscenarios.h"
#include "languagesettings.h"
#include "mainwindow.h"
#include "refusaltext.h"
#include "scenariojson.h"
#include "scenariosource.h"

#include <QFile>
#include <QRegularExpression>
#include <QSettings>
#include <QTemporaryDir>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

class BuiltinTranslation : public ::testing::Test {
protected:
    void TearDown() override
    {
        LanguageSettings::install(QStringLiteral("en"));
        QSettings().remove(QStringLiteral("view/language"));
    }
};

Scenario builtin(const char *id)
{
    const Result<Scenario> scenario = loadBuiltinScenario(QLatin1String(id));
    EXPECT_TRUE(scenario.ok()) << id;
    return scenario.ok() ? scenario.value() : Scenario{};
}

bool hasChinese(const QString &text)
{
    static const QRegularExpression han(QStringLiteral("\\p{Han}"));
    return han.match(text).hasMatch();
}

TEST_F(BuiltinTranslation, ChineseInterfaceReadsTheLessonsWordsForTheTokens)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const Scenario lesson = builtin("lesson");
    EXPECT_EQ(lesson.keyLabels, (QStringList{QStringLiteral("記憶 A"), QStringLiteral("記憶 B"),
                                             QStringLiteral("記憶 C")}));
    EXPECT_EQ(lesson.queryLabels, QStringList{QStringLiteral("q")}) << "a symbol stays a symbol";
    EXPECT_TRUE(hasChinese(lesson.name)) << lesson.name.toStdString();
    EXPECT_TRUE(hasChinese(lesson.description)) << lesson.description.toStdString();

    const Scenario padding = builtin("causal-padding");
    EXPECT_EQ(padding.queryLabels, (QStringList{QStringLiteral("詞元 1"), QStringLiteral("詞元 2"),
                                                QStringLiteral("詞元 3")}));
    EXPECT_EQ(padding.keyLabels.value(2), QStringLiteral("詞元 3（填充）"));

    // Only words change: the numbers are the file's, bit for bit.
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
    const Scenario english = builtin("causal-padding");
    EXPECT_EQ(english.keyLabels.value(2), QStringLiteral("token 3 (padding)"));
    EXPECT_TRUE(identicalMatrices(english.queries, padding.queries));
    EXPECT_TRUE(identicalMatrices(english.keys, padding.keys));
    EXPECT_TRUE(identicalMatrices(english.values, padding.values));
    EXPECT_TRUE(identicalMasks(english.allowed, padding.allowed));
}

TEST_F(BuiltinTranslation, EveryWordOfEveryBuiltinHasAChineseTranslation)
{
    // Under English: every name, description and label is one the table knows ...
    QList<Scenario> english;
    for (const BuiltinScenarioInfo &info : builtinScenarios()) {
        const Scenario scenario = loadBuiltinScenario(info.id).value();
        english.append(scenario);
        SCOPED_TRACE(info.id.toStdString());
        EXPECT_TRUE(isTranslatableBuiltinText(scenario.name)) << scenario.name.toStdString();
        EXPECT_TRUE(isTranslatableBuiltinText(scenario.description));
        for (const QString &label : scenario.queryLabels + scenario.keyLabels) {
            // Symbols stay as they are: q, q1, x1, y1 and the encoder states h1 ... h6.
            const bool symbol = label == QLatin1String("q") || label.contains(QRegularExpression(QStringLiteral("^[qxyh]\\d$")));
            EXPECT_TRUE(symbol || isTranslatableBuiltinText(label)) << label.toStdString();
        }
    }
    // ... and under zh_TW every one of them reads in Chinese.
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const QList<BuiltinScenarioInfo> infos = builtinScenarios();
    ASSERT_EQ(infos.size(), english.size());
    for (int i = 0; i < infos.size(); ++i) {
        SCOPED_TRACE(infos[i].id.toStdString());
        EXPECT_TRUE(hasChinese(infos[i].title)) << infos[i].title.toStdString();
        EXPECT_TRUE(hasChinese(infos[i].description));
        const Scenario chinese = loadBuiltinScenario(infos[i].id).value();
        const QStringList before = english[i].queryLabels + english[i].keyLabels;
        const QStringList after = chinese.queryLabels + chinese.keyLabels;
        ASSERT_EQ(after.size(), before.size());
        for (int j = 0; j < after.size(); ++j) {
            if (isTranslatableBuiltinText(before[j]))
                EXPECT_TRUE(hasChinese(after[j])) << before[j].toStdString() << " -> " << after[j].toStdString();
            else
                EXPECT_EQ(after[j], before[j]);
        }
    }
}

TEST_F(BuiltinTranslation, AUsersFileKeepsItsOwnWords)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    QTemporaryDir folder;
    ASSERT_TRUE(folder.isValid());
    const QString path = folder.filePath(QStringLiteral("mine.json"));
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(R"json({"name": "Notebook lesson: one query, three memories",
                   "Q": [[1, 0]], "K": [[1, 0], [0, 1], [1, 1]], "V": [[10, 0], [0, 10], [10, 10]],
                   "query_labels": ["q"], "key_labels": ["memory A", "memory B", "token 3 (padding)"]})json");
    file.close();

    for (const Result<Scenario> &read : {readScenarioFile(path), openScenario(path)}) {
        ASSERT_TRUE(read.ok());
        EXPECT_EQ(read.value().name, QStringLiteral("Notebook lesson: one query, three memories"));
        EXPECT_EQ(read.value().keyLabels, (QStringList{QStringLiteral("memory A"), QStringLiteral("memory B"),
                                                       QStringLiteral("token 3 (padding)")}));
    }
}

TEST_F(BuiltinTranslation, TheWindowTitleIsChineseApartFromTheAppName)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    MainWindow window;
    window.openScenario(builtin("three-queries"), QStringLiteral("three-queries"));
    const QString title = window.windowTitle();
    EXPECT_TRUE(hasChinese(title)) << title.toStdString();
    EXPECT_TRUE(title.endsWith(QStringLiteral("Attention Lens"))) << title.toStdString();
    // Apart from the app's name, the symbols q and T and the numbers, no English words are left.
    QString rest = title;
    rest.remove(QStringLiteral("Attention Lens"));
    EXPECT_FALSE(rest.contains(QRegularExpression(QStringLiteral("[A-Za-z]{2,}")))) << title.toStdString();

    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("en")));
    MainWindow englishWindow;
    englishWindow.openScenario(builtin("three-queries"), QStringLiteral("three-queries"));
    EXPECT_TRUE(englishWindow.windowTitle().startsWith(QStringLiteral("Three queries")))
        << englishWindow.windowTitle().toStdString();
}

TEST_F(BuiltinTranslation, TheViewsRefusalTextsSpeakChineseAndNameTheQueryByItsLabel)
{
    Scenario scenario = builtin("causal-self-attention");
    Mask mask = causalMask(3, 3);
    mask.row(1).setConstant(false);
    scenario.allowed = mask;
    const Result<AttentionResult> refused = computeAttention(scenario);
    ASSERT_FALSE(refused.ok());
    const QString english = refusalText(scenario, refused.error(), 1);
    EXPECT_TRUE(english.startsWith(QStringLiteral("undefined: no allowed key"))) << english.toStdString();
    EXPECT_TRUE(english.contains(QStringLiteral("\u201ctoken 2\u201d"))) << english.toStdString();

    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const QString shownRow = refusalText(scenario, refused.error(), 1);
    EXPECT_TRUE(hasChinese(shownRow.section(QLatin1Char('\n'), 0, 0))) << shownRow.toStdString();
    EXPECT_TRUE(shownRow.contains(QStringLiteral("token 2"))) << "the label is the scenario's own";
    const QString otherRow = refusalText(scenario, refused.error(), 0);
    EXPECT_TRUE(hasChinese(otherRow)) << otherRow.toStdString();
    EXPECT_TRUE(otherRow.contains(QStringLiteral("token 2"))) << otherRow.toStdString();
}

} // namespace
