// File > Open of a figure that refers to its scenario file: the file opens when it is as the
// figure recorded; a moved or changed file is reported, naming the figure, the file and what
// changed, and the open document stays as it was. The document offers its file to figures only
// while it is saved and unchanged.
#include "attentionmodel.h"
#include "coretestsupport.h"
#include "documentcontroller.h"
#include "figureexporter.h"
#include "figureoptions.h"
#include "scenariojson.h"
#include "scenarioreference.h"
#include "evidence.h"
#include "viewstate.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QTemporaryDir>
#include <QWidget>

#include <gtest/gtest.h>

#include <random>

using namespace attnlens;

namespace {

class FigureReferenceOpenTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        QSettings().clear();
        document.dialogs().askUnsavedChanges = [](const QString &) {
            return DocumentController::UnsavedChoice::Discard;
        };
        document.dialogs().reportError = [this](const QString &, const QString &text) {
            errorTexts.append(text);
        };
        document.dialogs().askRestore = [](const QString &, const QDateTime &) { return false; };
    }

    /// A large scenario saved, opened as the document, and its heatmap exported as the window
    /// does (with the document's saved file).
    void makeReferringFigure()
    {
        std::mt19937_64 random(2026);
        Scenario scenario;
        scenario.name = QStringLiteral("Large lecture");
        scenario.queries = test::randomMatrix(1024, 64, random, 1.0);
        scenario.keys = test::randomMatrix(1024, 64, random, 1.0);
        scenario.values = test::randomMatrix(1024, 64, random, 1.0);
        scenarioPath = dir.filePath(QStringLiteral("lecture.json"));
        {
            QFile file(scenarioPath);
            ASSERT_TRUE(file.open(QIODevice::WriteOnly));
            file.write(scenarioJsonText(scenario));
        }
        ASSERT_TRUE(document.openFile(scenarioPath));
        ASSERT_TRUE(document.savedFile().has_value());
        FigureExporter exporter(&model, &viewState);
        exporter.setScenarioFile(document.savedFile());
        FigureOptions options;
        options.view = FigureView::Heatmap;
        options.format = FigureFormat::Png;
        options.size = QSize(400, 300);
        pngPath = dir.filePath(QStringLiteral("heatmap.png"));
        ASSERT_FALSE(exporter.exportFigure(options, pngPath).has_value());
        ASSERT_LT(QFileInfo(pngPath).size(), kMaxEmbeddedScenarioBytes);
        expected = model.wholeScenario();
    }

    QTemporaryDir dir;
    QWidget parent;
    AttentionModel model;
    ViewState viewState;
    DocumentController document{&model, &parent};
    QStringList errorTexts;
    QString scenarioPath;
    QString pngPath;
    Scenario expected;
};

} // namespace

TEST_F(FigureReferenceOpenTest, OnlyASavedUnchangedDocumentOffersItsFile)
{
    document.setDocument(test::builtinScenario("three-queries"), QString(), QStringLiteral("three-queries"));
    EXPECT_FALSE(document.savedFile().has_value());  // a built-in has no file
    const QString path = dir.filePath(QStringLiteral("s.json"));
    ASSERT_TRUE(document.saveTo(path));
    ASSERT_TRUE(document.savedFile().has_value());
    EXPECT_EQ(document.savedFile()->path, QFileInfo(path).absoluteFilePath());

    Scenario edited = model.wholeScenario();
    edited.temperature = 3.0;
    model.setScenario(edited);
    EXPECT_FALSE(document.savedFile().has_value());  // edited since saved
    ASSERT_TRUE(document.saveTo(path));
    EXPECT_TRUE(document.savedFile().has_value());

    // Changed on disk by another program: no longer the document's saved file.
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::Append));
    file.write("\n");
    file.close();
    EXPECT_FALSE(document.savedFile().has_value());
}

TEST_F(FigureReferenceOpenTest, OpeningTheFigureOpensTheFileItRefersTo)
{
    makeReferringFigure();
    document.newDocument();
    ASSERT_FALSE(model.wholeScenario() == expected);
    ASSERT_TRUE(document.openFile(pngPath)) << errorTexts.join(QLatin1Char('\n')).toStdString();
    EXPECT_TRUE(model.wholeScenario() == expected);
    EXPECT_TRUE(document.isUntitled());  // a figure never becomes the file Save writes to
    // A figure made again from it refers to the same file.
    ASSERT_TRUE(document.savedFile().has_value());
    EXPECT_EQ(document.savedFile()->path, QFileInfo(scenarioPath).absoluteFilePath());
}

TEST_F(FigureReferenceOpenTest, AMovedOrChangedFileIsReportedAndTheDocumentStays)
{
    makeReferringFigure();
    document.newDocument();
    const Scenario before = model.wholeScenario();

    const QString moved = dir.filePath(QStringLiteral("moved.json"));
    ASSERT_TRUE(QFile::rename(scenarioPath, moved));
    EXPECT_FALSE(document.openFile(pngPath));
    ASSERT_EQ(errorTexts.size(), 1);
    EXPECT_TRUE(errorTexts.last().contains(QStringLiteral("heatmap.png"))) << errorTexts.last().toStdString();
    EXPECT_TRUE(errorTexts.last().contains(QDir::toNativeSeparators(QFileInfo(scenarioPath).absoluteFilePath())));
    EXPECT_TRUE(errorTexts.last().contains(QStringLiteral("missing")));
    EXPECT_TRUE(model.wholeScenario() == before);

    // Back, but with other contents of the same size.
    QFile file(moved);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    file.close();
    const qsizetype at = bytes.lastIndexOf("Large lecture");
    ASSERT_GE(at, 0);
    bytes[at] = 'l';
    QFile changed(scenarioPath);
    ASSERT_TRUE(changed.open(QIODevice::WriteOnly));
    changed.write(bytes);
    changed.close();
    EXPECT_FALSE(document.openFile(pngPath));
    ASSERT_EQ(errorTexts.size(), 2);
    EXPECT_TRUE(errorTexts.last().contains(QStringLiteral("contents have changed"))) << errorTexts.last().toStdString();
    EXPECT_TRUE(model.wholeScenario() == before);
}
