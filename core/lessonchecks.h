#pragma once

#include "attentionresult.h"
#include "lessoncheckpoint.h"
#include "lessonguess.h"
#include "lessonreferencecase.h"
#include "matrixtypes.h"
#include "scenario.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace attnlens::lessonchecks {

// The building blocks of the lesson's checkpoints and guesses (core/lesson.cpp).

using Quantity = Matrix AttentionResult::*;

/// Equal to 4 decimals (Lesson::kFourDecimals).
bool near(double actual, double expected);
/// "[0.4011, 0.1978, 0.4011]": four decimals, whole numbers without them.
QString formatRow(const std::vector<double> &row);
/// Row `row` of `matrix` equals `expected` to 4 decimals.
bool rowNear(const Matrix &matrix, Index row, const std::vector<double> &expected);
/// "≈ [..]" of row `row` of a result matrix.
LessonCheckpoint rowCheckpoint(const QString &name, Quantity quantity, Index row, const std::vector<double> &expected);
bool nothingAboveDiagonal(const AttentionResult *result);
/// Shannon entropy (nats) of each weight row of `scenario` recomputed at `temperature`.
std::optional<std::vector<double>> rowEntropies(Scenario scenario, double temperature);
/// The window's numbers agree with the notebook's single-query reference / every shipped case.
const std::optional<LessonReferenceCase> &singleQueryReference();
bool everyReferenceCaseAgrees();

/// The kinds of LessonCheckpoint: a stated fact, an answer hidden until the reveal (with the
/// question shown before), an action shown as a task until done.
LessonCheckpoint given(LessonCheckpoint checkpoint);
LessonCheckpoint asked(LessonCheckpoint checkpoint, const QString &question);
LessonCheckpoint action(LessonCheckpoint checkpoint, const QString &task, std::vector<int> after = {});

QStringList keyNames(const Scenario &s);
std::vector<double> rowValues(const Matrix &m, Index row);
/// A guess whose live answer is row `row` of a result matrix, one name per key.
LessonGuess keyRowGuess(LessonGuess::Kind kind, Quantity quantity, Index row, const QString &prompt,
                        const QString &example);

} // namespace attnlens::lessonchecks
