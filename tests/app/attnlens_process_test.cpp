// Runs the real attnlens executable the way a user's shell does: no display, no
// QT_QPA_PLATFORM, and checks its outputs, files and exit codes.
#include "builtinscenarios.h"
#include "scenariojson.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QImageReader>
#include <QRegularExpression>
#include <QProcess>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>

namespace {

struct ProcessRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ProcessRun runAttnlens(const QStringList &arguments, const QString &workingDirectory = QString())
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(name));
    process.setProcessEnvironment(environment);
    if (!workingDirectory.isEmpty())
        process.setWorkingDirectory(workingDirectory);
    process.start(QStringLiteral(ATTNLENS_EXECUTABLE), arguments);
    EXPECT_TRUE(process.waitForFinished(60000)) << "attnlens did not finish";
    ProcessRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

QJsonObject readJson(const QString &path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

QString dataPath(const QString &relative)
{
    return QStringLiteral(ATTNLENS_TEST_DATA_DIR "/") + relative;
}

void expectMatrixNear(const QJsonValue &actual, const QJsonValue &expected, double rtol,
                      const char *what)
{
    const QJsonArray a = actual.toArray();
    const QJsonArray e = expected.toArray();
    ASSERT_EQ(a.size(), e.size()) << what;
    ASSERT_GT(e.size(), 0) << what;
    for (int i = 0; i < e.size(); ++i) {
        const QJsonArray ar = a.at(i).toArray();
        const QJsonArray er = e.at(i).toArray();
        ASSERT_EQ(ar.size(), er.size()) << what << " row " << i;
        for (int j = 0; j < er.size(); ++j) {
            const double x = ar.at(j).toDouble(std::nan(""));
            const double y = er.at(j).toDouble();
            EXPECT_LE(std::abs(x - y), rtol * std::abs(y) + 1e-300)
                << what << "[" << i << "][" << j << "] = " << x << ", expected " << y;
        }
    }
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(text);
}

} // namespace

TEST(AttnlensProcess, VersionAndHelp)
{
    const ProcessRun version = runAttnlens({QStringLiteral("--version")});
    EXPECT_EQ(version.exitCode, 0);
    EXPECT_TRUE(version.out.startsWith("Attention Lens ")) << version.out.toStdString();
    // The second line names the Qt it runs on and the Qt it was built with.
    const QString qtLine = QStringLiteral("\nQt %1 (built with Qt %2)\n")
                               .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR));
    EXPECT_TRUE(QString::fromUtf8(version.out).contains(qtLine)) << version.out.toStdString();

    const ProcessRun help = runAttnlens({QStringLiteral("--help")});
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_TRUE(help.out.contains("--evidence")) << help.out.toStdString();
    EXPECT_TRUE(help.out.contains("--list-scenarios"));
}

TEST(AttnlensProcess, ListsEveryBuiltinScenarioOfTheNotebook)
{
    const ProcessRun run = runAttnlens({QStringLiteral("--list-scenarios")});
    EXPECT_EQ(run.exitCode, 0);
    for (const char *id : {"lesson", "three-queries", "three-queries-sharp", "three-queries-soft",
                           "causal-self-attention", "causal-padding", "value-b-changed",
                           "key-b-removed", "practice-identical-keys", "practice-huge-value",
                           "practice-cross-attention"}) {
        EXPECT_TRUE(run.out.contains(QByteArray(id) + ' ')) << id << " missing from\n"
                                                            << run.out.toStdString();
    }
}

TEST(AttnlensProcess, LessonEvidenceReproducesTheNotebookFile)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("evidence.json"));
    const ProcessRun run = runAttnlens({QStringLiteral("--evidence"), out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.isEmpty()) << run.err.toStdString();

    const QJsonObject actual = readJson(out);
    const QJsonObject expected = readJson(dataPath(QStringLiteral("reference/notebook-evidence.json")));
    for (const char *key : {"Q", "K", "V", "scores", "weights", "context", "causal_weights"})
        expectMatrixNear(actual.value(QLatin1String(key)), expected.value(QLatin1String(key)), 1e-12, key);
    EXPECT_EQ(actual.value(QStringLiteral("seed")).toInt(), 2026);
    EXPECT_EQ(actual.value(QStringLiteral("interpretation")), expected.value(QStringLiteral("interpretation")));
    EXPECT_FALSE(actual.contains(QStringLiteral("error")));
}

TEST(AttnlensProcess, EvidenceOfEveryNotebookCaseMatchesItsReference)
{
    QTemporaryDir dir;
    const QStringList cases = QDir(dataPath(QStringLiteral("cases")))
                                  .entryList({QStringLiteral("*.json")}, QDir::Files);
    ASSERT_GE(cases.size(), 8);
    for (const QString &name : cases) {
        SCOPED_TRACE(name.toStdString());
        const QString out = dir.filePath(name);
        const ProcessRun run = runAttnlens({QStringLiteral("--evidence"), out, dataPath(QStringLiteral("cases/") + name)});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        const QJsonObject actual = readJson(out);
        const QJsonObject expected = readJson(dataPath(QStringLiteral("cases/") + name))
                                         .value(QStringLiteral("expected")).toObject();
        for (const char *key : {"scores", "weights", "context"})
            expectMatrixNear(actual.value(QLatin1String(key)), expected.value(QLatin1String(key)), 1e-9, key);
    }
}

TEST(AttnlensProcess, EvidenceToStandardOutput)
{
    const ProcessRun run = runAttnlens({QStringLiteral("--evidence"), QStringLiteral("-"), QStringLiteral("key-b-removed")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject evidence = QJsonDocument::fromJson(run.out).object();
    const QJsonArray weights = evidence.value(QStringLiteral("weights")).toArray().at(0).toArray();
    ASSERT_EQ(weights.size(), 3);
    EXPECT_EQ(weights.at(0).toDouble(), 0.5);
    EXPECT_EQ(weights.at(1).toDouble(), 0.0);
    EXPECT_EQ(weights.at(2).toDouble(), 0.5);
}

TEST(AttnlensProcess, RefusedScenarioStillWritesEvidenceWithTheError)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("nan.json"));
    writeText(scenario, R"({"Q": [[1, "NaN"]], "K": [[1, 0]], "V": [[1]]})");
    const QString out = dir.filePath(QStringLiteral("evidence.json"));
    const ProcessRun run = runAttnlens({QStringLiteral("--evidence"), out, scenario});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err.count('\n'), 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("non_finite_input")) << run.err.toStdString();

    const QJsonObject evidence = readJson(out);
    const QJsonObject error = evidence.value(QStringLiteral("error")).toObject();
    EXPECT_EQ(error.value(QStringLiteral("category")).toString(), QStringLiteral("non_finite_input"));
    EXPECT_TRUE(error.value(QStringLiteral("message")).toString().contains(QStringLiteral("Q row 1")));
    EXPECT_FALSE(evidence.contains(QStringLiteral("weights")));
    // The scenario is kept, bad value included, so the evidence shows what was refused.
    EXPECT_EQ(evidence.value(QStringLiteral("Q")).toArray().at(0).toArray().at(1).toString(), QStringLiteral("NaN"));
}

TEST(AttnlensProcess, FileThatIsNotJsonIsAnInvalidScenario)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("broken.json"));
    writeText(scenario, "{\"Q\": [[1, 0]],\n \"K\": oops }");
    const QString out = dir.filePath(QStringLiteral("evidence.json"));
    const ProcessRun run = runAttnlens({QStringLiteral("--evidence"), out, scenario});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("invalid_json")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("broken.json")) << run.err.toStdString();
    EXPECT_EQ(readJson(out).value(QStringLiteral("error")).toObject().value(QStringLiteral("category")).toString(),
              QStringLiteral("invalid_json"));
}

TEST(AttnlensProcess, UnreadableInputOrOutputIsAFileError)
{
    QTemporaryDir dir;
    const ProcessRun missing = runAttnlens({QStringLiteral("--evidence"), dir.filePath(QStringLiteral("e.json")),
                                     QStringLiteral("no-such-scenario")});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_TRUE(missing.err.contains("no-such-scenario")) << missing.err.toStdString();
    EXPECT_TRUE(missing.err.contains("lesson")) << "the message lists the built-in names";

    const ProcessRun unwritable = runAttnlens({QStringLiteral("--evidence"),
                                        dir.filePath(QStringLiteral("no/such/folder/e.json"))});
    EXPECT_EQ(unwritable.exitCode, 3);
    EXPECT_TRUE(unwritable.err.contains("e.json")) << unwritable.err.toStdString();
}

TEST(AttnlensProcess, BadUsageExits64)
{
    const ProcessRun run = runAttnlens({QStringLiteral("--frobnicate")});
    EXPECT_EQ(run.exitCode, 64);
    EXPECT_TRUE(run.err.contains("frobnicate")) << run.err.toStdString();
    EXPECT_EQ(runAttnlens({QStringLiteral("a.json"), QStringLiteral("b.json")}).exitCode, 64);
}

TEST(AttnlensProcess, WithoutADisplayTheWindowCommandWritesTheLessonEvidence)
{
    QTemporaryDir dir;
    const ProcessRun run = runAttnlens({}, dir.path());
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QString written = dir.filePath(QStringLiteral("artifacts/lesson-evidence.json"));
    EXPECT_TRUE(run.out.contains("artifacts/lesson-evidence.json")) << run.out.toStdString();
    const QJsonObject evidence = readJson(written);
    EXPECT_TRUE(evidence.contains(QStringLiteral("causal_weights")));
    EXPECT_TRUE(evidence.contains(QStringLiteral("weights")));
}

// ---------------------------------------------------------------------------------------------
// --export: figures with no display

namespace {

int countPdfPages(const QByteArray &pdf)
{
    static const QRegularExpression page(QStringLiteral("/Type\\s*/Page(?![s])"));
    return static_cast<int>(QString::fromLatin1(pdf).count(page));
}

QByteArray readBytes(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(AttnlensProcess, ExportsPngSvgAndPdfWithoutADisplay)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("out.png"));
    const QString svg = dir.filePath(QStringLiteral("w.svg"));
    const QString pdf = dir.filePath(QStringLiteral("c.pdf"));
    const ProcessRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + png,
                                        QStringLiteral("--export"), QStringLiteral("weights=") + svg,
                                        QStringLiteral("--export"), QStringLiteral("context=") + pdf,
                                        QStringLiteral("causal-padding"), QStringLiteral("--size"),
                                        QStringLiteral("800x600"), QStringLiteral("--dpi"), QStringLiteral("300"),
                                        QStringLiteral("--colormap"), QStringLiteral("viridis")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.isEmpty()) << run.err.toStdString();

    // PNG: 800 x 600 logical pixels at 300 dpi, carrying the scenario.
    QImageReader reader(png);
    EXPECT_EQ(reader.size(), QSize(2500, 1875));
    const attnlens::Result<attnlens::Scenario> carried =
        attnlens::parseScenario(reader.text(QStringLiteral("attnlens-scenario")).toUtf8(), png);
    ASSERT_TRUE(carried.ok()) << carried.error().describe().toStdString();
    EXPECT_TRUE(carried.value() == attnlens::loadBuiltinScenario(QStringLiteral("causal-padding")).value());
    EXPECT_FALSE(reader.text(QStringLiteral("attnlens-version")).isEmpty());
    const QImage image = reader.read();
    EXPECT_EQ(image.size(), QSize(2500, 1875));

    // SVG: text stays text.
    const QByteArray svgBytes = readBytes(svg);
    EXPECT_TRUE(svgBytes.contains("<svg"));
    EXPECT_TRUE(svgBytes.contains(">attention weight</text>")) << "the axis title is a text element";
    EXPECT_TRUE(svgBytes.contains("viewBox=\"0 0 800 600\""));

    // PDF: one page.
    const QByteArray pdfBytes = readBytes(pdf);
    EXPECT_TRUE(pdfBytes.startsWith("%PDF"));
    EXPECT_EQ(countPdfPages(pdfBytes), 1);
}

TEST(AttnlensProcess, ExportsEveryViewAtItsOwnSize)
{
    QTemporaryDir dir;
    QStringList arguments;
    const QStringList views{QStringLiteral("heatmap"), QStringLiteral("keyspace"), QStringLiteral("weights"),
                            QStringLiteral("context"), QStringLiteral("mask"),     QStringLiteral("numbers"),
                            QStringLiteral("heads"),   QStringLiteral("bottleneck"), QStringLiteral("window")};
    for (const QString &view : views)
        arguments << QStringLiteral("--export") << view + QLatin1Char('=') + dir.filePath(view + QStringLiteral(".png"));
    arguments << QStringLiteral("--values") << QStringLiteral("off") << QStringLiteral("three-queries");
    const ProcessRun run = runAttnlens(arguments);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    for (const QString &view : views) {
        QImageReader reader(dir.filePath(view + QStringLiteral(".png")));
        const QSize size = reader.size();
        EXPECT_GE(size.width(), 64) << view.toStdString();
        EXPECT_GE(size.height(), 64) << view.toStdString();
        EXPECT_FALSE(reader.text(QStringLiteral("attnlens-scenario")).isEmpty()) << view.toStdString();
    }
    EXPECT_EQ(QImageReader(dir.filePath(QStringLiteral("window.png"))).size(), QSize(1280, 720));
}

TEST(AttnlensProcess, ExportsEveryHeadSideBySide)
{
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("heads.png"));
    const QString svg = dir.filePath(QStringLiteral("heads.svg"));
    const ProcessRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heads=") + png,
                                        QStringLiteral("--export"), QStringLiteral("heads=") + svg,
                                        QStringLiteral("two-heads-specialise")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QImageReader reader(png);
    EXPECT_GE(reader.size().width(), 720);
    const attnlens::Result<attnlens::Scenario> carried =
        attnlens::parseScenario(reader.text(QStringLiteral("attnlens-scenario")).toUtf8(), png);
    ASSERT_TRUE(carried.ok()) << carried.error().describe().toStdString();
    EXPECT_EQ(carried.value().headCount(), 2) << "the PNG carries every head";
    // The title names the scenario and each tile its head.
    const QByteArray svgBytes = readBytes(svg);
    const attnlens::Scenario builtin = attnlens::loadBuiltinScenario(QStringLiteral("two-heads-specialise")).value();
    EXPECT_TRUE(svgBytes.contains(builtin.name.toUtf8())) << "the scenario's name is in the figure";
    EXPECT_TRUE(svgBytes.contains(builtin.headLabel(0).toUtf8()));
    EXPECT_TRUE(svgBytes.contains(builtin.headLabel(1).toUtf8()));
}

TEST(AttnlensProcess, ExportUsageErrorsExit64NamingTheWord)
{
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out.png"));
    const struct {
        QStringList arguments;
        const char *word;
    } cases[] = {
        {{QStringLiteral("--export"), QStringLiteral("heatmaps=") + out}, "heatmaps"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + dir.filePath(QStringLiteral("out.jpg"))}, ".jpg"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--size"), QStringLiteral("big")}, "big"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--colormap"), QStringLiteral("rainbow")}, "rainbow"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--values"), QStringLiteral("maybe")}, "maybe"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--dpi"), QStringLiteral("0")}, "'0'"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--theme"), QStringLiteral("sepia")}, "sepia"},
        // The lesson has one query: 2 is out of range, "q9" names none.
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--query"), QStringLiteral("2")}, "'2'"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--query"), QStringLiteral("q9")}, "q9"},
        {{QStringLiteral("--export"), QStringLiteral("heatmap=") + out, QStringLiteral("--query"), QStringLiteral("0")}, "'0'"},
    };
    for (const auto &c : cases) {
        const ProcessRun run = runAttnlens(c.arguments);
        EXPECT_EQ(run.exitCode, 64) << c.word;
        EXPECT_TRUE(run.err.contains(c.word)) << c.word << ": " << run.err.toStdString();
    }
    EXPECT_FALSE(QFile::exists(out));
}

TEST(AttnlensProcess, ExportFileAndScenarioErrors)
{
    QTemporaryDir dir;
    // Unwritable output: exit 3, the file named.
    const QString unwritable = dir.filePath(QStringLiteral("no/such/folder/out.png"));
    const ProcessRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + unwritable});
    EXPECT_EQ(run.exitCode, 3);
    EXPECT_TRUE(run.err.contains("no/such/folder/out.png")) << run.err.toStdString();

    // Unreadable scenario: exit 3.
    const QString out = dir.filePath(QStringLiteral("out.svg"));
    const ProcessRun missing = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + out,
                                            QStringLiteral("no-such-scenario")});
    EXPECT_EQ(missing.exitCode, 3);
    EXPECT_TRUE(missing.err.contains("no-such-scenario")) << missing.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));

    // A file that is not a scenario: exit 2, one line, no figure.
    const QString broken = dir.filePath(QStringLiteral("broken.json"));
    writeText(broken, "{\"Q\": [[1, 0]],\n \"K\": oops }");
    const ProcessRun invalid = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + out, broken});
    EXPECT_EQ(invalid.exitCode, 2);
    EXPECT_EQ(invalid.err.count('\n'), 1) << invalid.err.toStdString();
    EXPECT_TRUE(invalid.err.contains("invalid_json")) << invalid.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));
}

TEST(AttnlensProcess, RefusedScenarioIsExportedShowingTheRefusal)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("refused.json"));
    writeText(scenario, R"({"Q": [[1, 0], [0, 1]], "K": [[1, 0], [0, 1]], "V": [[1], [2]],
                           "allowed": [[true, false], [false, false]]})");
    const QString out = dir.filePath(QStringLiteral("refused.svg"));
    const ProcessRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + out, scenario});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_EQ(run.err.count('\n'), 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("all_masked_row")) << run.err.toStdString();
    EXPECT_TRUE(readBytes(out).contains("undefined: no allowed key"));
}

namespace {

/// The share of an image's columns (or rows) whose every pixel is the corner's colour.
double blankShare(const QImage &image, bool columns)
{
    const QRgb background = image.pixel(0, 0);
    const int outer = columns ? image.width() : image.height();
    const int inner = columns ? image.height() : image.width();
    int blank = 0;
    for (int i = 0; i < outer; ++i) {
        bool empty = true;
        for (int j = 0; j < inner && empty; ++j)
            empty = (columns ? image.pixel(i, j) : image.pixel(j, i)) == background;
        blank += empty;
    }
    return double(blank) / outer;
}

} // namespace

TEST(AttnlensProcess, ExportThemeQueryAndFilledCanvas)
{
    QTemporaryDir dir;
    // The lesson's 1 x 3 heatmap at its default size: its content fills the canvas.
    const QString lesson = dir.filePath(QStringLiteral("lesson.png"));
    ProcessRun run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + lesson});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    QImage image(lesson);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.pixel(0, 0), qRgb(255, 255, 255)) << "light by default";
    EXPECT_LT(blankShare(image, true), 0.12) << image.width() << " x " << image.height();
    EXPECT_LT(blankShare(image, false), 0.12) << image.width() << " x " << image.height();

    // --theme dark draws the figure dark.
    const QString dark = dir.filePath(QStringLiteral("dark.png"));
    run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + dark, QStringLiteral("--theme"),
                       QStringLiteral("dark")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_LT(qGray(QImage(dark).pixel(0, 0)), 60);

    // --query outlines that query's row on purpose: by number or by label, the same picture,
    // and not the picture without it.
    const QString plain = dir.filePath(QStringLiteral("plain.png"));
    const QString second = dir.filePath(QStringLiteral("second.png"));
    const QString labelled = dir.filePath(QStringLiteral("labelled.png"));
    const attnlens::Scenario three = attnlens::loadBuiltinScenario(QStringLiteral("three-queries")).value();
    run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + plain, QStringLiteral("three-queries")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + second, QStringLiteral("three-queries"),
                       QStringLiteral("--query"), QStringLiteral("2")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    run = runAttnlens({QStringLiteral("--export"), QStringLiteral("heatmap=") + labelled, QStringLiteral("three-queries"),
                       QStringLiteral("--query"), three.queryLabel(1)});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(QImage(second), QImage(labelled));
    EXPECT_NE(QImage(second), QImage(plain));
}
