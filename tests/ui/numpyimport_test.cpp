// Importing a NumPy capture in the window (issue 14): File > Import…, drag-and-drop and File >
// Open all reach the same import; the dialog says what was read and which mask convention the
// file used; the chosen example of a batch is what opens; a refused or cancelled import leaves
// the open document as it was; and a slow read keeps the window's event loop turning, shows its
// progress and can be cancelled without the result ever reaching the model.
#include "attentionmodel.h"
#include "backgroundread.h"
#include "builtinscenarios.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "mainwindow.h"
#include "numpyimportdialog.h"
#include "numpyscenario.h"

#include <QAction>
#include <QDragEnterEvent>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QUrl>

#include <gtest/gtest.h>

#include <atomic>
#include <future>

using namespace attnlens;

namespace {

QString capturePath(const QString &name)
{
    return test::testDataPath(QStringLiteral("numpy/") + name);
}

/// The arrays NumPy wrote into a test capture, from expected.json (written by the same script
/// that wrote the capture, scripts/make-npy-testdata.py): head h's q for one example.
Matrix expectedQueries(const QString &file, int batch, int head)
{
    const QJsonObject all = QJsonDocument::fromJson(test::readTestData(QStringLiteral("numpy/expected.json"))).object();
    for (const QJsonValue &entry : all.value(QStringLiteral("readable")).toArray()) {
        const QJsonObject object = entry.toObject();
        if (object.value(QStringLiteral("path")).toString() != file)
            continue;
        const QJsonValue given = object.value(QStringLiteral("batch"));
        if ((given.isNull() ? 0 : given.toInt()) != batch)
            continue;
        const QJsonArray rows = object.value(QStringLiteral("q")).toArray().at(head).toArray();
        Matrix q(rows.size(), rows.at(0).toArray().size());
        for (int i = 0; i < rows.size(); ++i)
            for (int j = 0; j < q.cols(); ++j)
                q(i, j) = rows.at(i).toArray().at(j).toDouble();
        return q;
    }
    ADD_FAILURE() << "no expected entry for " << file.toStdString() << " batch " << batch;
    return Matrix();
}

class NumpyImportTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        BackgroundRead::setProgressDelayForTests(BackgroundRead::kProgressDelayMs);
        BackgroundRead::setDialogShownHookForTests(nullptr);
        document.dialogs().askUnsavedChanges = [](const QString &) {
            return DocumentController::UnsavedChoice::Discard;
        };
        document.dialogs().reportError = [this](const QString &title, const QString &text) {
            errors.append(title + QLatin1Char('\n') + text);
        };
        document.dialogs().askImport = [this](const QString &path, const NumpyScenario &capture) {
            shownPaths.append(path);
            shownConventions.append(capture.maskConvention);
            shownBatchCounts.append(capture.batchCount);
            return importAnswer;
        };
        document.setDocument(loadBuiltinScenario(QStringLiteral("lesson")).value(), QString(),
                             QStringLiteral("lesson"));
    }
    void TearDown() override
    {
        BackgroundRead::setProgressDelayForTests(BackgroundRead::kProgressDelayMs);
        BackgroundRead::setDialogShownHookForTests(nullptr);
    }

    QWidget parent;
    AttentionModel model;
    DocumentController document{&model, &parent};
    std::optional<Index> importAnswer = Index(0);
    QStringList shownPaths;
    QStringList shownConventions;
    QList<Index> shownBatchCounts;
    QStringList errors;
};

} // namespace

TEST_F(NumpyImportTest, TheChosenExampleOfABatchIsWhatOpensAndTheDocumentIsUntitled)
{
    importAnswer = Index(1);  // the second of three examples
    QSignalSpy opened(&document, &DocumentController::fileOpened);
    ASSERT_TRUE(document.openFile(capturePath(QStringLiteral("batch.npz")))) << errors.join('\n').toStdString();
    ASSERT_EQ(shownBatchCounts, QList<Index>{3});
    const Scenario &whole = model.wholeScenario();
    ASSERT_EQ(whole.headCount(), 2);
    for (int h = 0; h < 2; ++h) {
        const Matrix expected = expectedQueries(QStringLiteral("batch.npz"), 1, h);
        EXPECT_TRUE(test::matricesIdentical(whole.headQueries(h), expected)) << "head " << h;
        EXPECT_FALSE(test::matricesIdentical(whole.headQueries(h), expectedQueries(QStringLiteral("batch.npz"), 0, h)));
    }
    // Untitled: Save must never write JSON over the capture.
    EXPECT_TRUE(document.isUntitled());
    EXPECT_EQ(opened.count(), 1);
    EXPECT_TRUE(errors.isEmpty());
}

TEST_F(NumpyImportTest, TheDialogIsToldWhichMaskConventionTheFileUsed)
{
    for (const auto &[file, convention] :
         std::vector<std::pair<QString, QString>>{{QStringLiteral("mask_blocked_2d.npz"), QStringLiteral("blocked")},
                                                  {QStringLiteral("mask_key_padding.npz"), QStringLiteral("key_padding_mask")},
                                                  {QStringLiteral("mask_additive_2d_f32.npz"), QStringLiteral("additive_mask")},
                                                  {QStringLiteral("single_head.npz"), QString()}}) {
        shownConventions.clear();
        ASSERT_TRUE(document.openFile(capturePath(file))) << file.toStdString() << errors.join('\n').toStdString();
        EXPECT_EQ(shownConventions, QStringList{convention}) << file.toStdString();
    }
}

TEST_F(NumpyImportTest, ARefusedOrCancelledImportLeavesTheDocumentAsItWas)
{
    const Scenario before = model.wholeScenario();
    EXPECT_FALSE(document.importFile(capturePath(QStringLiteral("refuse_pickle.npz"))));
    ASSERT_EQ(errors.size(), 1);
    EXPECT_TRUE(errors.first().contains(QStringLiteral("refuse_pickle.npz"))) << errors.first().toStdString();
    EXPECT_TRUE(errors.first().contains(QStringLiteral("pickle"))) << errors.first().toStdString();
    EXPECT_TRUE(model.wholeScenario() == before);
    EXPECT_TRUE(shownPaths.isEmpty()) << "nothing to show for a refused file";

    importAnswer = std::nullopt;  // the user cancels the dialog
    EXPECT_FALSE(document.importFile(capturePath(QStringLiteral("batch.npz"))));
    EXPECT_EQ(shownPaths.size(), 1);
    EXPECT_TRUE(model.wholeScenario() == before);
    EXPECT_EQ(document.builtinId(), QStringLiteral("lesson"));
}

TEST_F(NumpyImportTest, TheImportDialogShowsWhatWasReadAndChoosesTheExample)
{
    const NumpyScenario capture = readNumpyScenario(capturePath(QStringLiteral("batch.npz"))).value();
    NumpyImportDialog dialog(capturePath(QStringLiteral("batch.npz")), capture);
    EXPECT_TRUE(dialog.summaryText().contains(QStringLiteral("2 heads"))) << dialog.summaryText().toStdString();
    for (const QString &array : capture.arrayNames)
        EXPECT_TRUE(dialog.summaryText().contains(array));
    EXPECT_EQ(dialog.maskText(), maskConventionSentence(capture.maskConvention));
    auto *spin = dialog.findChild<QSpinBox *>(QStringLiteral("numpyImportBatch"));
    ASSERT_NE(spin, nullptr);
    EXPECT_EQ(spin->minimum(), 1);
    EXPECT_EQ(spin->maximum(), 3);
    EXPECT_FALSE(spin->accessibleName().isEmpty());
    EXPECT_FALSE(dialog.accessibleDescription().isEmpty());
    spin->setValue(3);
    EXPECT_EQ(dialog.batch(), 2);

    // One example: nothing to choose.
    const NumpyScenario single = readNumpyScenario(capturePath(QStringLiteral("single_head.npz"))).value();
    NumpyImportDialog plain(capturePath(QStringLiteral("single_head.npz")), single);
    EXPECT_EQ(plain.findChild<QSpinBox *>(QStringLiteral("numpyImportBatch")), nullptr);
    EXPECT_EQ(plain.batch(), 0);
    EXPECT_TRUE(plain.maskText().contains(QStringLiteral("no mask"))) << plain.maskText().toStdString();
}

TEST(BackgroundRead, TheWindowKeepsItsEventLoopWhileASlowReadRunsAndShowsProgress)
{
    QWidget window;
    window.show();
    BackgroundRead::setProgressDelayForTests(0);
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    QString shownLabel;
    bool shownModal = false;
    bool timerRanDuringRead = false;
    BackgroundRead::setDialogShownHookForTests([&](QWidget *dialog) {
        auto *progress = qobject_cast<QProgressDialog *>(dialog);
        shownLabel = progress ? progress->labelText() : QString();
        shownModal = dialog->isVisible() && dialog->windowModality() == Qt::WindowModal;
        // Only a turning event loop runs this; it lets the read finish.
        QTimer::singleShot(0, [&] {
            timerRanDuringRead = true;
            release.set_value();
        });
    });
    const std::optional<int> value = BackgroundRead::read<int>(&window, QStringLiteral("Reading big.json…"), [released] {
        released.wait();
        return 42;
    });
    BackgroundRead::setDialogShownHookForTests(nullptr);
    BackgroundRead::setProgressDelayForTests(BackgroundRead::kProgressDelayMs);
    ASSERT_TRUE(value.has_value());
    EXPECT_EQ(*value, 42);
    EXPECT_TRUE(timerRanDuringRead);
    EXPECT_EQ(shownLabel, QStringLiteral("Reading big.json…"));
    EXPECT_TRUE(shownModal);
}

TEST(BackgroundRead, CancelReturnsAtOnceAndTheLateResultIsDropped)
{
    QWidget window;
    window.show();
    BackgroundRead::setProgressDelayForTests(0);
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    auto workerDone = std::make_shared<std::atomic<bool>>(false);
    BackgroundRead::setDialogShownHookForTests([](QWidget *dialog) {
        // What a user does: the dialog's Cancel button.
        QTimer::singleShot(0, dialog, [dialog] {
            auto *button = dialog->findChild<QPushButton *>();
            ASSERT_NE(button, nullptr);
            button->click();
        });
    });
    const std::optional<int> value = BackgroundRead::read<int>(&window, QStringLiteral("Reading…"), [released, workerDone] {
        released.wait();
        workerDone->store(true);
        return 7;
    });
    BackgroundRead::setDialogShownHookForTests(nullptr);
    BackgroundRead::setProgressDelayForTests(BackgroundRead::kProgressDelayMs);
    EXPECT_FALSE(value.has_value());
    EXPECT_FALSE(workerDone->load()) << "cancel did not wait for the worker";
    release.set_value();
    EXPECT_TRUE(QTest::qWaitFor([&] { return workerDone->load(); }));
    QCoreApplication::processEvents();  // the late wake-up finds no loop to quit
}

TEST(NumpyImportWindow, FileImportAndDropTakeCaptures)
{
    QSettings().clear();
    MainWindow window;
    auto *import = window.findChild<QAction *>(QStringLiteral("importAction"));
    ASSERT_NE(import, nullptr);
    EXPECT_EQ(import->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_I));
    EXPECT_FALSE(import->statusTip().isEmpty());
    bool inFileMenu = false;
    for (QAction *menu : window.menuBar()->actions())
        if (menu->menu() && menu->menu()->actions().contains(import))
            inFileMenu = true;
    EXPECT_TRUE(inFileMenu);

    for (const QString &path : {capturePath(QStringLiteral("batch.npz")), capturePath(QStringLiteral("folder")),
                                capturePath(QStringLiteral("versions/q.npy")), capturePath(QStringLiteral("expected.json"))}) {
        QMimeData data;
        data.setUrls({QUrl::fromLocalFile(path)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(&window, &enter);
        EXPECT_TRUE(enter.isAccepted()) << path.toStdString();
    }
    QMimeData text;
    text.setUrls({QUrl::fromLocalFile(capturePath(QStringLiteral("../golden")))});
    QDragEnterEvent refused(QPoint(10, 10), Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window, &refused);
    EXPECT_FALSE(refused.isAccepted()) << "a folder without .npy files is not a capture";
}
