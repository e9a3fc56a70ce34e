// The document behind the window: saving and opening keep every double, a failed save or open
// leaves everything as it was and says why, and "unsaved" means exactly "differs from the file".
#include "../support/filesizelimit.h"
#include "attentionmodel.h"
#include "builtinscenarios.h"
#include "documentcontroller.h"
#include "jsonfile.h"
#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <cmath>
#include <csignal>

using namespace attnlens;

namespace {

/// Processes events until the condition holds, for at most five seconds. (QTRY_* cannot be used
/// under GoogleTest: their failures go to QTest's logger, which is not running, and pass
/// silently.)
template <typename Condition>
bool eventually(Condition condition, int timeoutMs = 5000)
{
    return QTest::qWaitFor(condition, timeoutMs);
}

Scenario awkwardScenario()
{
    Scenario scenario = loadBuiltinScenario(QStringLiteral("three-queries")).value();
    scenario.name = QStringLiteral("Awkward doubles");
    scenario.queries(0, 0) = 0.1 + 0.2;
    scenario.queries(0, 1) = -1.0 / 3.0;
    scenario.queries(1, 0) = 1e-300;
    scenario.keys(0, 1) = 6.02214076e23;
    scenario.keys(1, 0) = -2.5e-17;
    scenario.values(2, 1) = 3.141592653589793;
    scenario.temperature = 0.7071067811865476;
    return scenario;
}

QByteArray bytesOf(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writeBytes(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(bytes);
}

using test::FileSizeLimit;

/// A controller whose dialogs are answered by the test and recorded.
class DocumentControllerTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        document.dialogs().askUnsavedChanges = [this](const QString &name) {
            askedAbout.append(name);
            return unsavedAnswer;
        };
        document.dialogs().askSavePath = [this](const QString &title, const QString &suggested,
                                                const QString &) {
            savePathTitles.append(title);
            suggestedPaths.append(suggested);
            return savePathAnswer;
        };
        document.dialogs().askOpenPath = [this](const QString &) { return openPathAnswer; };
        document.dialogs().reportError = [this](const QString &title, const QString &text) {
            errorTitles.append(title);
            errorTexts.append(text);
        };
        document.dialogs().askRestore = [](const QString &, const QDateTime &) { return false; };
    }

    QString path(const QString &name) const { return dir.filePath(name); }
    void checkFailedSaveOnAFullDisk(int descriptionLength);

    QTemporaryDir dir;
    QWidget parent;
    AttentionModel model;
    DocumentController document{&model, &parent};

    DocumentController::UnsavedChoice unsavedAnswer = DocumentController::UnsavedChoice::Cancel;
    QString savePathAnswer;
    QString openPathAnswer;
    QStringList askedAbout;
    QStringList savePathTitles;
    QStringList suggestedPaths;
    QStringList errorTitles;
    QStringList errorTexts;
};

} // namespace

TEST_F(DocumentControllerTest, SaveAndOpenRoundTripToTheSameDoubles)
{
    const Scenario original = awkwardScenario();
    document.setDocument(original, QString());
    const QString file = path(QStringLiteral("saved.json"));
    ASSERT_TRUE(document.saveTo(file)) << errorTexts.join(QLatin1Char('\n')).toStdString();
    EXPECT_EQ(document.filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_FALSE(document.isModified());

    AttentionModel otherModel;
    DocumentController other(&otherModel, &parent);
    ASSERT_TRUE(other.openFile(file));
    EXPECT_TRUE(otherModel.scenario() == original);
    EXPECT_TRUE(identicalDoubles(otherModel.scenario().queries(0, 0), 0.1 + 0.2));
    EXPECT_TRUE(identicalDoubles(otherModel.scenario().keys(1, 0), -2.5e-17));
    EXPECT_TRUE(identicalDoubles(otherModel.scenario().temperature, 0.7071067811865476));
    EXPECT_EQ(other.filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_FALSE(other.isModified());
    EXPECT_TRUE(errorTexts.isEmpty());
}

void DocumentControllerTest::checkFailedSaveOnAFullDisk(int descriptionLength)
{
    const QString file = path(QStringLiteral("lesson.json"));
    document.setDocument(loadBuiltinScenario(QStringLiteral("lesson")).value(), QString());
    ASSERT_TRUE(document.saveTo(file));
    const QByteArray before = bytesOf(file);
    ASSERT_FALSE(before.isEmpty());

    // A bigger scenario cannot be written within the limit: the disk is "full".
    Scenario bigger = awkwardScenario();
    bigger.description = QString(descriptionLength, QLatin1Char('x'));
    model.setScenario(bigger);
    ASSERT_TRUE(document.isModified());
    bool saved = true;
    {
        FileSizeLimit limit(static_cast<rlim_t>(before.size() + 64));
        ASSERT_TRUE(limit.isValid());
        saved = document.save();
    }
    EXPECT_FALSE(saved);
    EXPECT_EQ(bytesOf(file), before);
    EXPECT_TRUE(document.isModified());
    EXPECT_EQ(document.filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_TRUE(model.scenario() == bigger);
    ASSERT_EQ(errorTexts.size(), 1);
    EXPECT_TRUE(errorTexts.first().contains(QDir::toNativeSeparators(QFileInfo(file).absoluteFilePath()))
                || errorTexts.first().contains(QDir::toNativeSeparators(file)))
        << errorTexts.first().toStdString();
    EXPECT_TRUE(errorTexts.first().contains(QStringLiteral("file_error")));
    // Only the one file is in the folder: no temporary file was left behind.
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files), QStringList{QStringLiteral("lesson.json")});
}

// A few kilobytes: the bytes wait in Qt's write buffer and the disk fills up at commit time.
TEST_F(DocumentControllerTest, AFailedSaveOfASmallScenarioKeepsTheOldFileByteForByte)
{
    checkFailedSaveOnAFullDisk(4000);
}

// Larger than Qt's write buffer: the disk fills up during the write itself.
TEST_F(DocumentControllerTest, AFailedSaveOfALargeScenarioKeepsTheOldFileByteForByte)
{
    checkFailedSaveOnAFullDisk(100000);
}

TEST_F(DocumentControllerTest, SaveAsIntoAFolderThatCannotExistFailsAndKeepsTheDocument)
{
    const QString file = path(QStringLiteral("kept.json"));
    document.setDocument(awkwardScenario(), QString());
    ASSERT_TRUE(document.saveTo(file));
    const QByteArray before = bytesOf(file);
    model.setTemperature(3.0);

    // The "folder" is a regular file, so nothing can be created in it, not even by root.
    const QString blocker = path(QStringLiteral("not-a-folder"));
    writeBytes(blocker, "plain file");
    const QString impossible = blocker + QStringLiteral("/scenario.json");
    savePathAnswer = impossible;
    EXPECT_FALSE(document.saveAs());
    EXPECT_EQ(savePathTitles.size(), 1);
    ASSERT_EQ(errorTexts.size(), 1);
    EXPECT_TRUE(errorTexts.first().contains(QDir::toNativeSeparators(impossible)))
        << errorTexts.first().toStdString();
    EXPECT_TRUE(document.isModified());
    EXPECT_EQ(document.filePath(), QFileInfo(file).absoluteFilePath());
    EXPECT_EQ(bytesOf(file), before);
    EXPECT_EQ(bytesOf(blocker), QByteArray("plain file"));

    // A folder that does not exist fails the same way.
    EXPECT_FALSE(document.saveTo(path(QStringLiteral("missing/folder/x.json"))));
    EXPECT_EQ(errorTexts.size(), 2);
    EXPECT_TRUE(document.isModified());
}

TEST_F(DocumentControllerTest, ACorruptedFileLeavesTheOpenDocumentExactlyAsItWas)
{
    const QString good = path(QStringLiteral("good.json"));
    document.setDocument(awkwardScenario(), QString());
    ASSERT_TRUE(document.saveTo(good));
    model.setQueryRow(1, Eigen::RowVectorXd::Constant(2, 0.25));
    ASSERT_TRUE(eventually([&] { return document.isModified(); }));
    const Scenario before = model.scenario();
    QSignalSpy resets(&model, &AttentionModel::scenarioReset);
    QSignalSpy replaced(&document, &DocumentController::documentReplaced);

    const QString notJson = path(QStringLiteral("broken.json"));
    writeBytes(notJson, "{\"format\": \"attnlens-scenario\", \"Q\": [[1, 0]");
    unsavedAnswer = DocumentController::UnsavedChoice::Discard;
    EXPECT_FALSE(document.openFile(notJson));
    ASSERT_EQ(errorTexts.size(), 1);
    EXPECT_TRUE(errorTexts.first().contains(QStringLiteral("invalid_json"))) << errorTexts.first().toStdString();
    EXPECT_TRUE(errorTexts.first().contains(QStringLiteral("broken.json")));

    QJsonObject withoutKeys = scenarioToJson(awkwardScenario());
    withoutKeys.remove(QStringLiteral("K"));
    const QString noKeys = path(QStringLiteral("no-keys.json"));
    writeBytes(noKeys, QJsonDocument(withoutKeys).toJson());
    EXPECT_FALSE(document.openFile(noKeys));
    ASSERT_EQ(errorTexts.size(), 2);
    EXPECT_TRUE(errorTexts.last().contains(QStringLiteral("invalid_scenario"))) << errorTexts.last().toStdString();
    EXPECT_TRUE(errorTexts.last().contains(QStringLiteral("\"K\""))) << errorTexts.last().toStdString();

    QCoreApplication::processEvents();
    EXPECT_TRUE(model.scenario() == before);
    EXPECT_EQ(document.filePath(), QFileInfo(good).absoluteFilePath());
    EXPECT_TRUE(document.isModified());
    EXPECT_EQ(resets.count(), 0);
    EXPECT_EQ(replaced.count(), 0);
    // Nobody was asked to save for a file that could not be opened anyway.
    EXPECT_TRUE(askedAbout.isEmpty());
}

TEST_F(DocumentControllerTest, ModifiedFollowsTheModelExactlyAndUndoingBackMakesItClean)
{
    document.setDocument(loadBuiltinScenario(QStringLiteral("lesson")).value(), QString(),
                         QStringLiteral("lesson"));
    QSignalSpy modified(&document, &DocumentController::modifiedChanged);
    EXPECT_FALSE(document.isModified());

    const Eigen::RowVectorXd original = model.scenario().queries.row(0);
    // A drag: many moves in one turn of the event loop give one check and one signal.
    for (int step = 1; step <= 50; ++step)
        model.setQueryRow(0, Eigen::RowVectorXd::Constant(2, 0.01 * step));
    ASSERT_TRUE(eventually([&] { return modified.count() == 1; }));
    EXPECT_TRUE(modified.last().at(0).toBool());

    model.setQueryRow(0, original);
    ASSERT_TRUE(eventually([&] { return modified.count() == 2; }));
    EXPECT_FALSE(modified.last().at(0).toBool());
    EXPECT_FALSE(document.isModified());

    // A change far below display precision is still a change.
    Eigen::RowVectorXd nudged = original;
    nudged(0) = std::nextafter(nudged(0), 2.0);
    model.setQueryRow(0, nudged);
    ASSERT_TRUE(eventually([&] { return modified.count() == 3; }));
    EXPECT_TRUE(document.isModified());
}

TEST_F(DocumentControllerTest, UnsavedChangesQuestionCancelDiscardSave)
{
    const QString file = path(QStringLiteral("doc.json"));
    document.setDocument(awkwardScenario(), QString());
    ASSERT_TRUE(document.saveTo(file));
    EXPECT_TRUE(document.maybeSave());
    EXPECT_TRUE(askedAbout.isEmpty());  // clean: nothing to ask

    model.setTemperature(5.0);
    unsavedAnswer = DocumentController::UnsavedChoice::Cancel;
    EXPECT_FALSE(document.newDocument());
    EXPECT_EQ(askedAbout, QStringList{QStringLiteral("Awkward doubles")});
    EXPECT_TRUE(identicalDoubles(model.scenario().temperature, 5.0));

    unsavedAnswer = DocumentController::UnsavedChoice::Save;
    EXPECT_TRUE(document.maybeSave());
    EXPECT_FALSE(document.isModified());
    Result<Scenario> onDisk = readScenarioFile(file);
    ASSERT_TRUE(onDisk.ok());
    EXPECT_TRUE(identicalDoubles(onDisk.value().temperature, 5.0));

    model.setTemperature(6.0);
    unsavedAnswer = DocumentController::UnsavedChoice::Discard;
    EXPECT_TRUE(document.newDocument());
    EXPECT_TRUE(document.isUntitled());
    EXPECT_FALSE(document.isModified());
    EXPECT_EQ(model.scenario().queryCount(), 2);
    EXPECT_EQ(model.scenario().keyCount(), 3);
    EXPECT_EQ(model.scenario().keyDimension(), 2);
    EXPECT_EQ(document.displayName(), QStringLiteral("Untitled"));
    EXPECT_TRUE(model.isValid());
    // The discarded change never reached the file.
    EXPECT_TRUE(identicalDoubles(readScenarioFile(file).value().temperature, 5.0));
}

TEST_F(DocumentControllerTest, SavingAnUntitledDocumentAsksWhereAndCancelWritesNothing)
{
    ASSERT_TRUE(document.openBuiltin(QStringLiteral("causal-padding")));
    EXPECT_TRUE(document.isUntitled());
    EXPECT_EQ(document.builtinId(), QStringLiteral("causal-padding"));

    savePathAnswer.clear();  // the user cancels the dialog
    EXPECT_FALSE(document.save());
    ASSERT_EQ(suggestedPaths.size(), 1);
    EXPECT_TRUE(suggestedPaths.first().endsWith(QStringLiteral("/causal-padding.attnlens.json")))
        << suggestedPaths.first().toStdString();
    EXPECT_TRUE(document.isUntitled());

    savePathAnswer = path(QStringLiteral("mine.json"));
    EXPECT_TRUE(document.save());
    EXPECT_EQ(document.filePath(), QFileInfo(savePathAnswer).absoluteFilePath());
    EXPECT_TRUE(document.builtinId().isEmpty());
    // Now titled: Save writes there without asking again.
    model.setTemperature(2.0);
    EXPECT_TRUE(document.save());
    EXPECT_EQ(suggestedPaths.size(), 2);
    EXPECT_TRUE(identicalDoubles(readScenarioFile(savePathAnswer).value().temperature, 2.0));
}

TEST_F(DocumentControllerTest, ExportEvidenceWritesTheModelsNumbersOrItsRefusal)
{
    document.setDocument(loadBuiltinScenario(QStringLiteral("lesson")).value(), QString(),
                         QStringLiteral("lesson"));
    const QString file = path(QStringLiteral("evidence.json"));
    savePathAnswer = file;
    ASSERT_TRUE(document.exportEvidence());
    EXPECT_TRUE(suggestedPaths.first().endsWith(QStringLiteral("lesson-evidence.json")));
    QJsonObject evidence = QJsonDocument::fromJson(bytesOf(file)).object();
    EXPECT_EQ(evidence.value(QStringLiteral("format")).toString(), QStringLiteral("attnlens-evidence"));
    const QJsonArray weights = evidence.value(QStringLiteral("weights")).toArray().at(0).toArray();
    ASSERT_EQ(weights.size(), 3);
    for (int j = 0; j < 3; ++j)
        EXPECT_DOUBLE_EQ(weights.at(j).toDouble(), model.result()->weights(0, j));
    EXPECT_NEAR(weights.at(0).toDouble(), 0.4011, 1e-4);
    // The untouched lesson doubles as the notebook's evidence, as on the command line.
    EXPECT_TRUE(evidence.contains(QStringLiteral("causal_weights")));

    Mask none = Mask::Constant(1, 3, false);
    Scenario refused = model.scenario();
    refused.allowed = none;
    model.setScenario(refused);
    ASSERT_TRUE(document.exportEvidenceTo(file));
    evidence = QJsonDocument::fromJson(bytesOf(file)).object();
    EXPECT_EQ(evidence.value(QStringLiteral("error")).toObject().value(QStringLiteral("category")).toString(),
              QStringLiteral("all_masked_row"));
    EXPECT_FALSE(evidence.contains(QStringLiteral("weights")));
    EXPECT_FALSE(evidence.contains(QStringLiteral("causal_weights")));
}

TEST_F(DocumentControllerTest, APngFigureOpensUntitledSoSaveNeverOverwritesIt)
{
    QImage image(32, 32, QImage::Format_RGB32);
    image.fill(Qt::white);
    image.setText(QStringLiteral("attnlens-scenario"),
                  QString::fromUtf8(QJsonDocument(scenarioToJson(awkwardScenario())).toJson()));
    const QString png = path(QStringLiteral("figure.png"));
    ASSERT_TRUE(image.save(png));
    const QByteArray pngBytes = bytesOf(png);

    ASSERT_TRUE(document.openFile(png));
    EXPECT_TRUE(model.scenario() == awkwardScenario());
    EXPECT_TRUE(document.isUntitled());
    savePathAnswer.clear();
    EXPECT_FALSE(document.save());
    ASSERT_EQ(suggestedPaths.size(), 1);
    EXPECT_TRUE(suggestedPaths.first().endsWith(QStringLiteral(".json")));
    EXPECT_EQ(bytesOf(png), pngBytes);
}
