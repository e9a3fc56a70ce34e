// Typed guesses: numbers, rows and rankings read the way students type them, errors that name
// what was not understood, and comparisons with the live answer.
#include "lessonguesscheck.h"

#include <gtest/gtest.h>

using namespace attnlens;

namespace {

const QStringList kMemories{QStringLiteral("memory A"), QStringLiteral("memory B"), QStringLiteral("memory C")};

LessonAnswer lessonWeights()
{
    return {{0.4011120926797859, 0.1977758146404282, 0.4011120926797859}, kMemories};
}

LessonGuess guessOf(LessonGuess::Kind kind)
{
    LessonGuess guess;
    guess.kind = kind;
    return guess;
}

} // namespace

TEST(LessonGuess, RowsAreReadWithSpacesCommasBracketsAndFractions)
{
    for (const char *typed : {"0.4 0.2 0.4", "0.4, 0.2, 0.4", "[0.4, 0.2, 0.4]", " 0.4;0.2 ; 0.4 ", "2/5 1/5 .4"}) {
        SCOPED_TRACE(typed);
        const Result<ParsedGuess> parsed = LessonGuessCheck::parse(LessonGuess::Kind::Row, QString::fromUtf8(typed), kMemories);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message.toStdString();
        ASSERT_EQ(parsed.value().numbers.size(), 3u);
        EXPECT_DOUBLE_EQ(parsed.value().numbers[0], 0.4);
        EXPECT_DOUBLE_EQ(parsed.value().numbers[1], 0.2);
        EXPECT_DOUBLE_EQ(parsed.value().numbers[2], 0.4);
    }
    const Result<ParsedGuess> minus = LessonGuessCheck::parse(LessonGuess::Kind::Number, QStringLiteral("−0.5"), {});
    ASSERT_TRUE(minus.ok());
    EXPECT_DOUBLE_EQ(minus.value().numbers[0], -0.5);
}

TEST(LessonGuess, ParseErrorsNameWhatWasNotUnderstood)
{
    const Result<ParsedGuess> word = LessonGuessCheck::parse(LessonGuess::Kind::Row, QStringLiteral("0.4 abc 0.4"), kMemories);
    ASSERT_FALSE(word.ok());
    EXPECT_TRUE(word.error().message.contains(QStringLiteral("\"abc\""))) << word.error().message.toStdString();
    const Result<ParsedGuess> short_ = LessonGuessCheck::parse(LessonGuess::Kind::Row, QStringLiteral("0.4 0.6"), kMemories);
    ASSERT_FALSE(short_.ok());
    EXPECT_TRUE(short_.error().message.contains(QStringLiteral("3 numbers (A, B, C)"))) << short_.error().message.toStdString();
    EXPECT_TRUE(short_.error().message.contains(QStringLiteral("2"))) << short_.error().message.toStdString();
    EXPECT_FALSE(LessonGuessCheck::parse(LessonGuess::Kind::Number, QStringLiteral("   "), {}).ok());
    EXPECT_FALSE(LessonGuessCheck::parse(LessonGuess::Kind::Number, QStringLiteral("1/0"), {}).ok());

    const Result<ParsedGuess> unknown = LessonGuessCheck::parse(LessonGuess::Kind::Ranking, QStringLiteral("A > D > B"), kMemories);
    ASSERT_FALSE(unknown.ok());
    EXPECT_TRUE(unknown.error().message.contains(QStringLiteral("\"D\" is none of A, B, C"))) << unknown.error().message.toStdString();
    const Result<ParsedGuess> twice = LessonGuessCheck::parse(LessonGuess::Kind::Ranking, QStringLiteral("A > B > A"), kMemories);
    ASSERT_FALSE(twice.ok());
    EXPECT_TRUE(twice.error().message.startsWith(QStringLiteral("A appears twice"))) << twice.error().message.toStdString();
    const Result<ParsedGuess> missing = LessonGuessCheck::parse(LessonGuess::Kind::Ranking, QStringLiteral("A > B"), kMemories);
    ASSERT_FALSE(missing.ok());
    EXPECT_TRUE(missing.error().message.startsWith(QStringLiteral("C is missing"))) << missing.error().message.toStdString();
}

TEST(LessonGuess, RankingsByLetterByLabelWithTies)
{
    for (const char *typed : {"A = C > B", "memory A = memory C > memory B", "c=a>b", "A=C, B"}) {
        SCOPED_TRACE(typed);
        const Result<ParsedGuess> parsed = LessonGuessCheck::parse(LessonGuess::Kind::Ranking, QString::fromUtf8(typed), kMemories);
        ASSERT_TRUE(parsed.ok()) << parsed.error().message.toStdString();
        EXPECT_EQ(parsed.value().levels, (std::vector<int>{0, 1, 0}));
    }
    const Result<ParsedGuess> spaced = LessonGuessCheck::parse(LessonGuess::Kind::Ranking, QStringLiteral("B A C"), kMemories);
    ASSERT_TRUE(spaced.ok());
    EXPECT_EQ(spaced.value().levels, (std::vector<int>{1, 0, 2}));
}

TEST(LessonGuess, ARightRankingIsRightAndASwapIsNamed)
{
    const LessonGuess guess = guessOf(LessonGuess::Kind::Ranking);
    const LessonAnswer live = lessonWeights();  // A = C > B
    const GuessVerdict right = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("C = A > B"), kMemories).value(), live);
    EXPECT_TRUE(right.close);
    EXPECT_EQ(right.summary, QStringLiteral("Right order: A = C > B."));
    EXPECT_TRUE(right.details.isEmpty());

    const GuessVerdict untied = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("A > C > B"), kMemories).value(), live);
    EXPECT_FALSE(untied.close);
    EXPECT_EQ(untied.details, QStringList{QStringLiteral("A and C tie; you put A first.")});

    // q = [-1, 0]: B > A = C.
    const LessonAnswer other{{0.2482550782577231, 0.5034898434845538, 0.2482550782577231}, kMemories};
    const GuessVerdict swapped = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("A = C > B"), kMemories).value(), other);
    EXPECT_FALSE(swapped.close);
    EXPECT_TRUE(swapped.summary.contains(QStringLiteral("B > A = C"))) << swapped.summary.toStdString();
    EXPECT_EQ(swapped.details,
              (QStringList{QStringLiteral("A and B swapped: B comes first."), QStringLiteral("B and C swapped: B comes first.")}));
}

TEST(LessonGuess, RowsAreComparedEntryByEntry)
{
    const LessonGuess guess = guessOf(LessonGuess::Kind::Row);  // close within 0.05
    const GuessVerdict close = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("0.4 0.2 0.4"), kMemories).value(), lessonWeights());
    EXPECT_TRUE(close.close);
    EXPECT_TRUE(close.summary.startsWith(QStringLiteral("Close"))) << close.summary.toStdString();
    ASSERT_EQ(close.details.size(), 3);
    EXPECT_EQ(close.details.at(0), QStringLiteral("✓ A: you 0.4, live 0.4011: 0.0011 too low"));
    EXPECT_EQ(close.details.at(1), QStringLiteral("✓ B: you 0.2, live 0.1978: 0.0022 too high"));

    const GuessVerdict wrong = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("0.5 0 0.5"), kMemories).value(), lessonWeights());
    EXPECT_FALSE(wrong.close);
    EXPECT_EQ(wrong.summary, QStringLiteral("0 of 3 entries within 0.05; furthest off: B."));
    EXPECT_TRUE(wrong.details.at(1).startsWith(QStringLiteral("✗ B: you 0, live 0.1978")));

    const GuessVerdict exact = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("0.4011 0.1978 0.4011"), kMemories).value(),
        lessonWeights());
    EXPECT_EQ(exact.summary, QStringLiteral("Right to 4 decimals."));
}

TEST(LessonGuess, RelativeToleranceForBigNumbers)
{
    LessonGuess guess = guessOf(LessonGuess::Kind::Row);
    guess.relativeTolerance = 0.05;
    const LessonAnswer context{{4015.1320477246572, 4013.0986849442634}, {QStringLiteral("coordinate 1"), QStringLiteral("coordinate 2")}};
    const GuessVerdict near = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("4000, 3900"), context.names).value(), context);
    EXPECT_TRUE(near.close);
    const GuessVerdict far = LessonGuessCheck::compare(
        guess, LessonGuessCheck::parse(guess.kind, QStringLiteral("10, 10"), context.names).value(), context);
    EXPECT_FALSE(far.close);
}
