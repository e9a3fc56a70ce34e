#include "lessonstepscore.h"

#include "lessonchecks.h"

#include <QCoreApplication>

namespace attnlens {

namespace {

/// The translation context of this step's texts.
class ScoreStepText {
    Q_DECLARE_TR_FUNCTIONS(attnlens::ScoreStepText)
};

/// The key of the largest weight in row 0, or -1 while the scenario is refused.
Index mostWeighted(const AttentionResult *result)
{
    if (!result || result->weights.rows() < 1)
        return -1;
    Index best = 0;
    result->weights.row(0).maxCoeff(&best);
    return best;
}

} // namespace

LessonStep additiveAttentionStep()
{
    using namespace lessonchecks;
    LessonStep step;
    step.id = QStringLiteral("practice-additive-attention");
    step.title = ScoreStepText::tr("Practice 4: additive attention from a decoder to its encoder");
    step.text = ScoreStepText::tr(
        "Attention began beside recurrent networks: an LSTM encoder leaves one state per input "
        "word, and at every step the LSTM decoder's own state asks which of them to read. Here the "
        "decoder state q has length 2 and the encoder states have length 3, so q · k is not "
        "even defined. The additive (Bahdanau) score gets round that: W_q q and W_k k both land in "
        "a space of size h = 3, tanh bends their sum, and w turns it into one number, "
        "score = wᵀ tanh(W_q q + W_k k). Softmax and the weighted sum of the encoder states "
        "stay as they were. The lab shows the tanh terms, the scores and the weights per encoder "
        "state.");
    step.prediction = ScoreStepText::tr("Predict which encoder state the decoder weighs most.");
    step.revealed = ScoreStepText::tr(
        "Encoder C: its terms tanh(W_q q + W_k k) are about [0.64, 0.98, −0.46], which w = "
        "[1, 1.5, −1] turns into the highest score, 2.56, against 2.02 for A and 1.82 for B. "
        "Its weight is about 0.49. Nothing required removing the recurrence: the score only "
        "needs the states, whatever made them.");
    step.guess = keyRowGuess(LessonGuess::Kind::Ranking, &AttentionResult::weights, 0,
                             ScoreStepText::tr("Your guess: rank encoders A, B, C for the decoder"),
                             QStringLiteral("A > B > C"));
    step.scenarioId = QStringLiteral("practice-additive-attention");
    step.view = LessonView::ScoreLab;
    step.answersAbout = LessonQuantity::Scores | LessonQuantity::Weights;
    step.checkpoints.push_back(given(
        {ScoreStepText::tr("Query and keys of different lengths"),
         ScoreStepText::tr("decoder state d = 2, encoder states d = 3, additive score"),
         [](const Scenario &s, const AttentionResult *) {
             return s.score.kind == ScoreFunction::Kind::Additive && s.queries.cols() == 2
                 && s.keys.cols() == 3;
         }}));
    step.checkpoints.push_back(asked(rowCheckpoint(ScoreStepText::tr("Weights of encoders A, B, C"),
                                                   &AttentionResult::weights, 0,
                                                   {0.2819107846275269, 0.23124510771308812,
                                                    0.486844107659385}),
                                     ScoreStepText::tr("Which encoder state does the decoder weigh most?")));
    step.checkpoints.push_back(action(
        {ScoreStepText::tr("Another encoder state leads"), ScoreStepText::tr("the most weight is no longer on encoder C"),
         [](const Scenario &s, const AttentionResult *r) {
             const Index best = mostWeighted(r);
             return s.score.kind == ScoreFunction::Kind::Additive && best >= 0 && best != 2;
         }},
        ScoreStepText::tr("Change one entry of W_q, W_k or w in the lab (try the last entry of w) until "
                 "another encoder state gets the most weight")));
    return step;
}

} // namespace attnlens
