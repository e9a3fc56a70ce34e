// The real executable and the files earlier builds wrote (issue 25): a scenario with fewer labels
// than rows opens with a warning, and --evidence writes a negative zero as a JSON number that
// Python's json module reads as one.
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace {

struct ProcessRun {
    int exitCode = -1;
    QByteArray out;
    QByteArray err;
};

ProcessRun run(const QString &program, const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    environment.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
    process.setProcessEnvironment(environment);
    process.start(program, arguments);
    const bool finished = process.waitForFinished(60000);
    EXPECT_TRUE(finished) << program.toStdString();
    if (!finished) {
        process.kill();
        process.waitForFinished(5000);
    }
    ProcessRun result;
    result.exitCode = finished && process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    result.out = process.readAllStandardOutput();
    result.err = process.readAllStandardError();
    return result;
}

void writeText(const QString &path, const QByteArray &text)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly));
    file.write(text);
}

TEST(AttnlensFiles, AFileWithFewerLabelsThanRowsGivesItsEvidenceWithAWarning)
{
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("renamed.json"));
    writeText(scenario, R"({"Q": [[1, 0], [0, 1], [1, 1]], "K": [[1, 0], [0, 1]], "V": [[1], [2]],
                           "query_labels": ["the cat"]})");
    const QString evidence = dir.filePath(QStringLiteral("evidence.json"));
    const ProcessRun attnlens = run(QStringLiteral(ATTNLENS_EXECUTABLE),
                             {QStringLiteral("--evidence"), evidence, scenario});
    EXPECT_EQ(attnlens.exitCode, 0) << attnlens.err.toStdString();
    EXPECT_TRUE(attnlens.err.contains("attnlens: warning: renamed.json: field \"query_labels\" has 1 "
                                      "label but Q has 3 rows"))
        << attnlens.err.toStdString();
    QFile file(evidence);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QJsonObject written = QJsonDocument::fromJson(file.readAll()).object();
    EXPECT_EQ(written.value(QStringLiteral("query_labels")).toArray(),
              (QJsonArray{QStringLiteral("the cat"), QString(), QString()}));
}

TEST(AttnlensFiles, EvidenceOfANegativeZeroScoreHoldsNumbersOnlyForPython)
{
    const QString python = QStandardPaths::findExecutable(QStringLiteral("python3"));
    if (python.isEmpty())
        GTEST_SKIP() << "no python3";
    QTemporaryDir dir;
    const QString scenario = dir.filePath(QStringLiteral("zero.json"));
    // The first score is -1e300 x 0 = -0.0.
    writeText(scenario, R"({"Q": [[-1e300], [1]], "K": [[0], [2]], "V": [[1], [2]]})");
    const QString evidence = dir.filePath(QStringLiteral("evidence.json"));
    const ProcessRun attnlens = run(QStringLiteral(ATTNLENS_EXECUTABLE),
                             {QStringLiteral("--evidence"), evidence, scenario});
    ASSERT_EQ(attnlens.exitCode, 0) << attnlens.err.toStdString();
    const char *check = R"(
import json, math, sys
evidence = json.load(open(sys.argv[1]))
cells = [x for key in ("Q", "K", "V", "scores", "weights", "context") for row in evidence[key] for x in row]
print(sum(not isinstance(x, (int, float)) for x in cells), math.copysign(1.0, evidence["scores"][0][0]))
)";
    const ProcessRun read = run(python, {QStringLiteral("-c"), QString::fromUtf8(check), evidence});
    ASSERT_EQ(read.exitCode, 0) << read.err.toStdString();
    // No string among the numbers, and the zero's sign reaches Python.
    EXPECT_EQ(read.out.trimmed().toStdString(), "0 -1.0");
}

} // namespace
