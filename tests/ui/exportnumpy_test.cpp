// File > Export as NumPy… as a user meets it: the menu item (reachable by keyboard, named for
// screen readers without its mnemonic marker), the file it writes through the replaceable save
// dialog, parsed here, and a refused scenario reported with the file's name.
#include "attention.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "mainwindow.h"

#include <QAccessible>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtEndian>

#include <gtest/gtest.h>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

QMenu *fileMenu(MainWindow &window)
{
    for (QAction *action : window.menuBar()->actions()) {
        if (action->menu() && action->text().remove(QLatin1Char('&')) == QStringLiteral("File"))
            return action->menu();
    }
    return nullptr;
}

/// The stored entries of a ZIP file, name -> bytes, read through its local headers.
std::map<QString, QByteArray> storedEntries(const QByteArray &zip)
{
    std::map<QString, QByteArray> entries;
    qsizetype at = 0;
    while (at + 30 <= zip.size() && qFromLittleEndian<quint32>(zip.constData() + at) == 0x04034b50u) {
        const quint16 method = qFromLittleEndian<quint16>(zip.constData() + at + 8);
        const quint32 size = qFromLittleEndian<quint32>(zip.constData() + at + 18);
        const quint16 nameLength = qFromLittleEndian<quint16>(zip.constData() + at + 26);
        const quint16 extraLength = qFromLittleEndian<quint16>(zip.constData() + at + 28);
        const qsizetype dataStart = at + 30 + nameLength + extraLength;
        EXPECT_EQ(method, 0);
        entries[QString::fromUtf8(zip.mid(at + 30, nameLength))] = zip.mid(dataStart, size);
        at = dataStart + size;
    }
    return entries;
}

/// The float64 data of a .npy file whose header says `shape`, as doubles.
std::vector<double> npyDoubles(const QByteArray &npy, const QByteArray &shape)
{
    EXPECT_TRUE(npy.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    const qsizetype dataStart = 10 + qFromLittleEndian<quint16>(npy.constData() + 8);
    EXPECT_EQ(dataStart % 64, 0);
    EXPECT_TRUE(npy.left(dataStart).contains("'descr': '<f8', 'fortran_order': False, 'shape': " + shape + ","))
        << npy.left(dataStart).constData();
    std::vector<double> values;
    for (qsizetype at = dataStart; at + 8 <= npy.size(); at += 8)
        values.push_back(qFromLittleEndian<double>(npy.constData() + at));
    return values;
}

class ExportNumpyTest : public ::testing::Test {
protected:
    void SetUp() override { QSettings().clear(); }

    void answerDialogs(MainWindow &window)
    {
        DocumentController::Dialogs &dialogs = window.documentController()->dialogs();
        dialogs.askSavePath = [this](const QString &title, const QString &suggested, const QString &filter) {
            askedTitles.append(title);
            suggestedPaths.append(suggested);
            filters.append(filter);
            return savePathAnswer;
        };
        dialogs.reportError = [this](const QString &, const QString &text) { errors.append(text); };
        dialogs.askUnsavedChanges = [](const QString &) { return DocumentController::UnsavedChoice::Discard; };
        dialogs.askRestore = [](const QString &, const QDateTime &) { return false; };
    }

    QAction *exportAction(MainWindow &window)
    {
        QMenu *menu = fileMenu(window);
        if (!menu)
            return nullptr;
        for (QAction *action : menu->actions()) {
            if (action->objectName() == QStringLiteral("exportNumpyAction"))
                return action;
        }
        return nullptr;
    }

    QTemporaryDir dir;
    QString savePathAnswer;
    QStringList askedTitles, suggestedPaths, filters, errors;
};

} // namespace

TEST_F(ExportNumpyTest, TheMenuItemIsNamedWithoutItsMarkerAndReachableByItsMnemonic)
{
    MainWindow window;
    QMenu *menu = fileMenu(window);
    ASSERT_NE(menu, nullptr);
    QAction *action = exportAction(window);
    ASSERT_NE(action, nullptr);
    EXPECT_EQ(action->text().remove(QLatin1Char('&')), QStringLiteral("Export as NumPy…"));
    EXPECT_TRUE(action->shortcut().isEmpty());
    EXPECT_FALSE(action->statusTip().isEmpty());

    // Keyboard: Alt+F, then its mnemonic letter, which no other item of the File menu uses.
    const QKeySequence mnemonic = QKeySequence::mnemonic(action->text());
    ASSERT_FALSE(mnemonic.isEmpty());
    for (QAction *other : menu->actions()) {
        if (other != action && !other->isSeparator()) {
            EXPECT_NE(QKeySequence::mnemonic(other->text()), mnemonic) << other->text().toStdString();
        }
    }

    // What a screen reader says for the menu item: the words, without the mnemonic marker.
    menu->popup(QPoint(0, 0));
    QAccessibleInterface *accessibleMenu = QAccessible::queryAccessibleInterface(menu);
    ASSERT_NE(accessibleMenu, nullptr);
    QStringList names;
    for (int i = 0; i < accessibleMenu->childCount(); ++i)
        names.append(accessibleMenu->child(i)->text(QAccessible::Name));
    EXPECT_TRUE(names.contains(QStringLiteral("Export as NumPy…"))) << names.join(QStringLiteral(" | ")).toStdString();
    menu->hide();
}

TEST_F(ExportNumpyTest, TriggeringItWritesEveryHeadsWeightsToTheChosenFile)
{
    MainWindow window;
    answerDialogs(window);
    window.openScenario(builtinScenario("two-heads-specialise"), QStringLiteral("two-heads-specialise"));
    const Scenario &scenario = window.model()->wholeScenario();
    ASSERT_GE(scenario.headCount(), 2);
    savePathAnswer = dir.filePath(QStringLiteral("chosen.npz"));
    QSignalSpy status(window.documentController(), &DocumentController::statusMessage);

    QAction *action = exportAction(window);
    ASSERT_NE(action, nullptr);
    action->trigger();

    ASSERT_EQ(askedTitles.size(), 1);
    EXPECT_TRUE(suggestedPaths.first().endsWith(QStringLiteral("-results.npz"))) << suggestedPaths.first().toStdString();
    EXPECT_TRUE(filters.first().contains(QStringLiteral("*.npz")));
    EXPECT_TRUE(errors.isEmpty()) << errors.join(QStringLiteral("\n")).toStdString();
    ASSERT_EQ(status.count(), 1);
    EXPECT_TRUE(status.first().first().toString().contains(QStringLiteral("chosen.npz")));

    QFile file(savePathAnswer);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::map<QString, QByteArray> entries = storedEntries(file.readAll());
    ASSERT_EQ(entries.count(QStringLiteral("weights.npy")), 1u);
    const Index h = scenario.headCount(), nq = scenario.queryCount(), nk = scenario.keyCount();
    const QByteArray shape = "(" + QByteArray::number(qint64(h)) + ", " + QByteArray::number(qint64(nq))
        + ", " + QByteArray::number(qint64(nk)) + ")";
    const std::vector<double> weights = npyDoubles(entries.at(QStringLiteral("weights.npy")), shape);
    ASSERT_EQ(weights.size(), std::size_t(h * nq * nk));
    // The numbers the window shows, bit for bit.
    for (Index head = 0; head < h; ++head) {
        const AttentionResult *shown = window.model()->headResult(head);
        ASSERT_NE(shown, nullptr);
        for (Index i = 0; i < nq; ++i)
            for (Index j = 0; j < nk; ++j)
                EXPECT_TRUE(identicalDoubles(weights[std::size_t((head * nq + i) * nk + j)], shown->weights(i, j)))
                    << "head " << head << " (" << i << ", " << j << ")";
    }

    // Cancelling the dialog writes nothing and reports nothing.
    savePathAnswer.clear();
    EXPECT_FALSE(window.documentController()->exportNumpy());
    EXPECT_TRUE(errors.isEmpty());
}

TEST_F(ExportNumpyTest, ARefusedScenarioIsReportedWithTheFileNameAndWritesNothing)
{
    MainWindow window;
    answerDialogs(window);
    Scenario refused = builtinScenario(kLessonScenarioId);
    refused.allowed = Mask::Constant(refused.queryCount(), refused.keyCount(), false);
    window.openScenario(refused, QStringLiteral("refused"));
    ASSERT_FALSE(window.model()->isValid());
    savePathAnswer = dir.filePath(QStringLiteral("refused.npz"));

    QAction *action = exportAction(window);
    ASSERT_NE(action, nullptr);
    action->trigger();

    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(QDir::toNativeSeparators(savePathAnswer))) << errors.first().toStdString();
    EXPECT_TRUE(errors.first().contains(QStringLiteral("all_masked_row"))) << errors.first().toStdString();
    EXPECT_FALSE(QFile::exists(savePathAnswer));
}
