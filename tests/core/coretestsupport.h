#pragma once

#include "matrixtypes.h"
#include "scenario.h"

#include <QByteArray>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>

#include <gtest/gtest.h>

#include <initializer_list>
#include <random>

// Helpers shared by the core test executables. Nothing here calls the code under test to
// produce an expected value: references are read with QJsonDocument or computed by the plain
// loops of referenceAttention().
namespace attnlens::test {

/// Absolute path of a file below tests/data.
QString testDataPath(const QString &relativePath);

/// The bytes of a file below tests/data; fails the current test when it cannot be read.
QByteArray readTestData(const QString &relativePath);

/// The JSON object of a file below tests/data, parsed with QJsonDocument only.
QJsonObject readTestJsonObject(const QString &relativePath);

/// The base names (without .json) of every tests/data/cases/*.json file, sorted.
QStringList caseFileNames();

/// A list of rows of JSON numbers as a matrix, read with QJsonValue::toDouble only.
Matrix matrixFromJson(const QJsonArray &rows);

/// rows x cols entries drawn from N(0, spread^2), row by row from `random`.
Matrix randomMatrix(Index rows, Index cols, std::mt19937_64 &random, double spread);
/// A matrix written row by row, e.g. matrixOf({{1, 0}, {0, 1}}).
Matrix matrixOf(std::initializer_list<std::initializer_list<double>> rows);
Mask maskOf(std::initializer_list<std::initializer_list<bool>> rows);
/// One row, e.g. rowOf({0.5, -1}), as the model's row setters take it.
Eigen::RowVectorXd rowOf(std::initializer_list<double> values);

/// The notebook's step 2: q = [1, 0] against memories A = [1, 0], B = [0, 1], C = [1, 1] with
/// values [10, 0], [0, 10], [10, 10]. Written out here, not loaded, so that it is independent of
/// the scenario reader and the shipped resources.
Scenario notebookLessonScenario();

/// A built-in scenario by id (resources/scenarios); a failed load fails the calling test and
/// gives an empty scenario.
Scenario builtinScenario(const QString &id);
Scenario builtinScenario(const char *id);

/// The index of the lesson step `id` (Lesson::steps()); a test failure and 0 when there is none.
/// Tests find steps by id, never by position: steps are inserted as the lesson grows.
int lessonStepIndex(const char *id);

/// Lets queued work run: the model's zero-timer recomputation, then the repaints and deferred
/// refreshes that follow it. It runs the event loop until a pass finds nothing left to do (the
/// event dispatcher says so), at least `minPasses` times: it waits on the queue being empty,
/// never on a guessed time. Objects given to deleteLater() are deleted on the way, as a
/// running event loop would.
void settleEvents(int minPasses = 4);

/// Every entry within rtol * |expected| + atol of the expected one (and the same shape).
/// NaN never matches anything.
::testing::AssertionResult matricesClose(const Matrix &actual, const Matrix &expected, double rtol,
                                         double atol = 0.0);

/// Every entry bitwise identical (NaN equals NaN, -0.0 differs from 0.0).
::testing::AssertionResult matricesIdentical(const Matrix &actual, const Matrix &expected);

/// A straightforward attention in long double: three nested loops for the scores, a
/// max-shifted softmax with expl over the allowed keys, a weighted sum for the context.
/// contextScale(i, k) = sum_j w_ij |V_jk|, the natural size of an absolute error in context(i, k).
struct ReferenceAttention {
    Matrix scores;
    Matrix scoreScale;  ///< sum_d |Q_id K_jd| / sqrt(d_k): the size of a rounding error in a score
    Matrix weights;
    Matrix context;
    Matrix contextScale;
};
ReferenceAttention referenceAttention(const Scenario &scenario);

} // namespace attnlens::test
