#include "coretestsupport.h"

#include "builtinscenarios.h"
#include "lesson.h"

#include <QAbstractEventDispatcher>
#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QJsonDocument>
#include <QJsonParseError>
#include <QTimer>

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace attnlens::test {

Matrix randomMatrix(Index rows, Index cols, std::mt19937_64 &random, double spread)
{
    std::normal_distribution<double> normal(0.0, spread);
    Matrix m(rows, cols);
    for (Index i = 0; i < m.size(); ++i)
        m.data()[i] = normal(random);
    return m;
}


QString testDataPath(const QString &relativePath)
{
    return QDir(QStringLiteral(ATTNLENS_TEST_DATA_DIR)).filePath(relativePath);
}

QByteArray readTestData(const QString &relativePath)
{
    QFile file(testDataPath(relativePath));
    if (!file.open(QIODevice::ReadOnly)) {
        ADD_FAILURE() << "cannot read test data " << file.fileName().toStdString() << ": "
                      << file.errorString().toStdString();
        return {};
    }
    return file.readAll();
}

QJsonObject readTestJsonObject(const QString &relativePath)
{
    QJsonParseError error;
    const QJsonDocument document = QJsonDocument::fromJson(readTestData(relativePath), &error);
    if (error.error != QJsonParseError::NoError || !document.isObject()) {
        ADD_FAILURE() << relativePath.toStdString() << " is not a JSON object: "
                      << error.errorString().toStdString();
        return {};
    }
    return document.object();
}

QStringList caseFileNames()
{
    const QDir cases(testDataPath(QStringLiteral("cases")));
    QStringList names;
    for (const QString &file : cases.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        names.append(file.chopped(5));
    return names;
}

Matrix matrixFromJson(const QJsonArray &rows)
{
    const Index columns = rows.isEmpty() ? 0 : rows.at(0).toArray().size();
    Matrix matrix(rows.size(), columns);
    for (Index i = 0; i < matrix.rows(); ++i) {
        const QJsonArray row = rows.at(i).toArray();
        EXPECT_EQ(row.size(), columns) << "ragged reference matrix at row " << i;
        for (Index j = 0; j < columns && j < row.size(); ++j) {
            EXPECT_TRUE(row.at(j).isDouble()) << "reference entry (" << i << ", " << j
                                              << ") is not a number";
            matrix(i, j) = row.at(j).toDouble(std::numeric_limits<double>::quiet_NaN());
        }
    }
    return matrix;
}

Eigen::RowVectorXd rowOf(std::initializer_list<double> values)
{
    Eigen::RowVectorXd row(Index(values.size()));
    Index j = 0;
    for (double v : values)
        row(j++) = v;
    return row;
}

Matrix matrixOf(std::initializer_list<std::initializer_list<double>> rows)
{
    const Index columns = rows.size() == 0 ? 0 : static_cast<Index>(rows.begin()->size());
    Matrix matrix(static_cast<Index>(rows.size()), columns);
    Index i = 0;
    for (const auto &row : rows) {
        Q_ASSERT(static_cast<Index>(row.size()) == columns);
        Index j = 0;
        for (double x : row)
            matrix(i, j++) = x;
        ++i;
    }
    return matrix;
}

Mask maskOf(std::initializer_list<std::initializer_list<bool>> rows)
{
    const Index columns = rows.size() == 0 ? 0 : static_cast<Index>(rows.begin()->size());
    Mask mask(static_cast<Index>(rows.size()), columns);
    Index i = 0;
    for (const auto &row : rows) {
        Q_ASSERT(static_cast<Index>(row.size()) == columns);
        Index j = 0;
        for (bool x : row)
            mask(i, j++) = x;
        ++i;
    }
    return mask;
}

Scenario notebookLessonScenario()
{
    Scenario scenario;
    scenario.name = QStringLiteral("notebook lesson");
    scenario.queries = matrixOf({{1, 0}});
    scenario.keys = matrixOf({{1, 0}, {0, 1}, {1, 1}});
    scenario.values = matrixOf({{10, 0}, {0, 10}, {10, 10}});
    scenario.queryLabels = QStringList{QStringLiteral("q")};
    scenario.keyLabels = QStringList{QStringLiteral("memory A"), QStringLiteral("memory B"),
                                     QStringLiteral("memory C")};
    return scenario;
}

::testing::AssertionResult matricesClose(const Matrix &actual, const Matrix &expected, double rtol,
                                         double atol)
{
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) {
        return ::testing::AssertionFailure()
            << "shape " << actual.rows() << "x" << actual.cols() << " differs from expected "
            << expected.rows() << "x" << expected.cols();
    }
    for (Index i = 0; i < actual.rows(); ++i) {
        for (Index j = 0; j < actual.cols(); ++j) {
            const double a = actual(i, j);
            const double e = expected(i, j);
            const double allowed = rtol * std::abs(e) + atol;
            if (!(std::abs(a - e) <= allowed)) {
                return ::testing::AssertionFailure()
                    << "entry (" << i << ", " << j << ") is " << QString::number(a, 'g', 17).toStdString()
                    << ", expected " << QString::number(e, 'g', 17).toStdString() << " (difference "
                    << std::abs(a - e) << " > allowed " << allowed << ")";
            }
        }
    }
    return ::testing::AssertionSuccess();
}

::testing::AssertionResult matricesIdentical(const Matrix &actual, const Matrix &expected)
{
    if (actual.rows() != expected.rows() || actual.cols() != expected.cols()) {
        return ::testing::AssertionFailure()
            << "shape " << actual.rows() << "x" << actual.cols() << " differs from expected "
            << expected.rows() << "x" << expected.cols();
    }
    for (Index i = 0; i < actual.rows(); ++i) {
        for (Index j = 0; j < actual.cols(); ++j) {
            if (!identicalDoubles(actual(i, j), expected(i, j))) {
                return ::testing::AssertionFailure()
                    << "entry (" << i << ", " << j << ") is "
                    << QString::number(actual(i, j), 'g', 17).toStdString() << ", expected exactly "
                    << QString::number(expected(i, j), 'g', 17).toStdString();
            }
        }
    }
    return ::testing::AssertionSuccess();
}

Scenario builtinScenario(const QString &id)
{
    Result<Scenario> loaded = loadBuiltinScenario(id);
    EXPECT_TRUE(loaded.ok()) << id.toStdString() << ": "
                             << (loaded.ok() ? std::string() : loaded.error().describe().toStdString());
    return loaded.ok() ? loaded.value() : Scenario();
}

Scenario builtinScenario(const char *id)
{
    return builtinScenario(QString::fromLatin1(id));
}

int lessonStepIndex(const char *id)
{
    const std::vector<LessonStep> steps = Lesson::steps();
    for (size_t i = 0; i < steps.size(); ++i) {
        if (steps[i].id == QLatin1String(id))
            return static_cast<int>(i);
    }
    ADD_FAILURE() << "no lesson step " << id;
    return 0;
}

void settleEvents(int minPasses)
{
    // A queue that refills itself forever (a bug of its own) still ends the settle.
    constexpr int kMaxPasses = 10000;
    QAbstractEventDispatcher *dispatcher = QAbstractEventDispatcher::instance();
    for (int pass = 0; pass < kMaxPasses; ++pass) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        const bool busy = dispatcher ? dispatcher->processEvents(QEventLoop::AllEvents) : false;
        if (!busy && pass + 1 >= minPasses)
            return;
    }
}

ReferenceAttention referenceAttention(const Scenario &s)
{
    const Index nq = s.queries.rows();
    const Index nk = s.keys.rows();
    const Index dk = s.queries.cols();
    const Index dv = s.values.cols();
    const long double rootDk = std::sqrt(static_cast<long double>(dk));

    ReferenceAttention ref;
    ref.scores.resize(nq, nk);
    ref.scoreScale.resize(nq, nk);
    ref.weights.resize(nq, nk);
    ref.context.resize(nq, dv);
    ref.contextScale.resize(nq, dv);

    std::vector<long double> scores(static_cast<size_t>(nk));
    std::vector<long double> weights(static_cast<size_t>(nk));
    for (Index i = 0; i < nq; ++i) {
        for (Index j = 0; j < nk; ++j) {
            long double dot = 0;
            long double size = 0;
            for (Index d = 0; d < dk; ++d) {
                const long double term = static_cast<long double>(s.queries(i, d)) * s.keys(j, d);
                dot += term;
                size += std::abs(term);
            }
            scores[static_cast<size_t>(j)] = dot / rootDk;
            ref.scores(i, j) = static_cast<double>(dot / rootDk);
            ref.scoreScale(i, j) = static_cast<double>(size / rootDk);
        }

        long double maxAllowed = -std::numeric_limits<long double>::infinity();
        for (Index j = 0; j < nk; ++j) {
            if (s.isAllowed(i, j))
                maxAllowed = std::max(maxAllowed, scores[static_cast<size_t>(j)]);
        }
        long double sum = 0;
        for (Index j = 0; j < nk; ++j) {
            const size_t k = static_cast<size_t>(j);
            weights[k] = s.isAllowed(i, j)
                ? std::exp((scores[k] - maxAllowed) / static_cast<long double>(s.temperature))
                : 0.0L;
            sum += weights[k];
        }
        for (Index j = 0; j < nk; ++j) {
            weights[static_cast<size_t>(j)] /= sum;
            ref.weights(i, j) = static_cast<double>(weights[static_cast<size_t>(j)]);
        }

        for (Index c = 0; c < dv; ++c) {
            long double total = 0;
            long double size = 0;
            for (Index j = 0; j < nk; ++j) {
                total += weights[static_cast<size_t>(j)] * s.values(j, c);
                size += weights[static_cast<size_t>(j)] * std::abs(static_cast<long double>(s.values(j, c)));
            }
            ref.context(i, c) = static_cast<double>(total);
            ref.contextScale(i, c) = static_cast<double>(size);
        }
    }
    return ref;
}

} // namespace attnlens::test
