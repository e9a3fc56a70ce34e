#include "aboutbox.h"
#include "attnlensversion.h"
#include "languagesettings.h"
#include "mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QMessageBox>
#include <QSettings>
#include <QTimer>

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

// The same lines `attnlens --version` prints, so that a bug report can quote either.
void expectVersionLines(const QString &text)
{
    EXPECT_TRUE(text.contains(QStringLiteral("Attention Lens " ATTNLENS_VERSION))) << text.toStdString();
    EXPECT_TRUE(text.contains(QString::fromLatin1(qVersion()))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral(QT_VERSION_STR))) << text.toStdString();
    EXPECT_EQ(text.count(QStringLiteral("MIT")), 1) << text.toStdString();  // the licence, named once
    EXPECT_EQ(text.count(QStringLiteral("2026")), 1) << text.toStdString();  // one copyright line
}

} // namespace

TEST(AboutBox, NamesTheVersionTheQtItRunsOnAndWasBuiltWithAndTheLicence)
{
    const QString text = AboutBox::text();
    expectVersionLines(text);
    EXPECT_TRUE(text.contains(QStringLiteral("Qt %1 (built with Qt %2)")
                                  .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))));
    EXPECT_TRUE(text.contains(QStringLiteral("MIT licence")));
}

TEST(AboutBox, SaysTheSameInTraditionalChinese)
{
    ASSERT_TRUE(LanguageSettings::install(QStringLiteral("zh_TW")));
    const QString text = AboutBox::text();
    LanguageSettings::install(QStringLiteral("en"));
    QSettings().remove(QStringLiteral("view/language"));
    expectVersionLines(text);
    EXPECT_TRUE(text.contains(QStringLiteral("MIT 授權"))) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("建置"))) << text.toStdString();
    EXPECT_NE(text, AboutBox::text());
}

TEST(AboutBox, HelpAboutShowsIt)
{
    MainWindow window;
    auto *action = window.findChild<QAction *>(QStringLiteral("aboutAction"));
    ASSERT_NE(action, nullptr);
    QString shown;
    QTimer::singleShot(0, [&shown] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        shown = box->text();
        box->accept();
    });
    action->trigger();
    EXPECT_EQ(shown, AboutBox::text());
}
