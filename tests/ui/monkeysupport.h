#pragma once
// What the UI monkey (monkey_test.cpp) needs besides its fixture: its runs (seeds and lengths,
// from kCiSeeds or the environment), the document compared bit for bit and through the whole undo
// history, the check for NaN or an infinity shown as a number, an independent reason for a
// refusal, and a scenario written out for a failure's message.

#include "coretestsupport.h"
#include "scenario.h"

#include <QEvent>
#include <QPointF>
#include <QString>

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

class QUndoStack;
class QWidget;

namespace attnlens {
class AttentionModel;
}

namespace attnlens::test {

struct MonkeyRun {
    std::uint32_t seed = 0;
    long long actions = 0;
};

/// The environment variable `name` as a whole number, or `fallback`.
long long environmentNumber(const char *name, long long fallback);
void PrintTo(const MonkeyRun &run, std::ostream *out);
/// The runs of this process: kCiSeeds, or the one seed ATTNLENS_MONKEY_SEED names; each
/// ATTNLENS_MONKEY_ACTIONS long when that is set.
std::vector<MonkeyRun> monkeyRuns();

/// The document as undo keeps it: every head, labels, name, derivation, lab settings, score,
/// bit for bit (Scenario::operator==), with the first part that differs named.
::testing::AssertionResult sameDocument(const Scenario &a, const Scenario &b);
/// Undoes the whole of `stack`'s history and compares the document with `start`, then redoes
/// it and compares with the document as it was.
::testing::AssertionResult historyRoundTrips(QUndoStack *stack, const AttentionModel &model, const Scenario &start);

/// NaN or an infinity written where a number stands: "nan", "-inf", "Infinity", "∞" with no
/// letter or quote before or after it (prose like "refuses NaN and infinities" or a quoted
/// refused input is not a number shown). `found` gets the text it was found in.
bool showsNonFiniteNumber(const QString &text, QString *found = nullptr);

void sendMouse(QWidget *target, QEvent::Type type, QPointF position, Qt::MouseButton button,
               Qt::MouseButtons buttons, Qt::KeyboardModifiers modifiers);

/// Why the scenario cannot be computed, decided without the engine: empty or mismatched shapes,
/// non-finite input, T <= 0, a row with no allowed key, or a score beyond a double.
QString independentRefusal(const Scenario &s, const ReferenceAttention *ref);
/// The scenario's matrices and temperature, written out for a failure's message.
std::string describe(const Scenario &s);

} // namespace attnlens::test
