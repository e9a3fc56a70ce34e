#include "builtinscenarios.h"

#include "jsonfile.h"
#include "scalelab.h"
#include "scenariojson.h"

#include <QCoreApplication>
#include <QStringList>

#include <cstring>

namespace attnlens {

namespace {

// Lesson order: the notebook's steps, then its practice items.
const char *const kBuiltinIds[] = {
    "lesson",
    "bottleneck",
    "three-queries",
    "three-queries-sharp",
    "three-queries-soft",
    "causal-self-attention",
    "causal-padding",
    "value-b-changed",
    "key-b-removed",
    "practice-identical-keys",
    "practice-huge-value",
    "practice-derivation",
    "practice-additive-attention",
    "practice-cross-attention",
    // After the notebook: several heads.
    "two-heads-specialise",
    "lesson-two-heads",
};

// What a person reads in the shipped scenarios: their names, descriptions and token labels.
// loadBuiltinScenario() translates exactly these through the application's translators, so a
// zh_TW interface reads 記憶 A where the file says "memory A"; without a translator (the headless
// commands, --evidence) the files' own English stays. Files of users are never translated.
const char *const kTranslationContext = "BuiltinScenario";
const char *const kTranslatableTexts[] = {
    // lesson
    QT_TRANSLATE_NOOP("BuiltinScenario", "Notebook lesson: one query, three memories"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 2 of the notebook. The query [1, 0] is compared with memories A, B and C. A and "
        "C have the same dot product with it, so they get the same weight; B scores 0 but "
        "still receives weight."),
    // bottleneck
    QT_TRANSLATE_NOOP("BuiltinScenario", "The fixed-context bottleneck"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Lesson step 1: six encoder states h1 to h6 (keys and values in 2-D) and three decoder "
        "queries that point three different ways. An encoder that passes on only its final state "
        "hands every decoder step the same context, the last value [2, -3] (or, as a second "
        "common choice, the mean of the values, [0, 0]); attention gives each query a context of "
        "its own."),
    // three-queries
    QT_TRANSLATE_NOOP("BuiltinScenario", "Three queries (starts at T = 1)"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 6 of the notebook: the memory stays fixed while the query changes. The queries "
        "q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. "
        "It opens at temperature 1, standard attention; below 1 sharpens the weights, above 1 "
        "flattens them."),
    // three-queries-sharp
    QT_TRANSLATE_NOOP("BuiltinScenario", "Three queries, sharper (starts at T = 0.5)"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 6 of the notebook: the memory stays fixed while the query changes. The queries "
        "q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. "
        "It opens at temperature 0.5; below 1 sharpens the weights, above 1 flattens them."),
    // three-queries-soft
    QT_TRANSLATE_NOOP("BuiltinScenario", "Three queries, softer (starts at T = 2)"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 6 of the notebook: the memory stays fixed while the query changes. The queries "
        "q1, q2 and q3 start at [1, 0], [0, 1] and [-1, 0] and rank the memories differently. "
        "It opens at temperature 2; below 1 sharpens the weights, above 1 flattens them."),
    // causal-self-attention
    QT_TRANSLATE_NOOP("BuiltinScenario", "Causal self-attention"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 7 of the notebook: three tokens attend to themselves (Q = K), and each may only "
        "look at itself and earlier positions. The first row must be [1, 0, 0] and nothing "
        "above the diagonal gets weight."),
    // causal-padding
    QT_TRANSLATE_NOOP("BuiltinScenario", "Causal mask and padding"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 8 of the notebook: token 3 is padding, so no query may retrieve it. The causal "
        "permissions are combined with the padding permissions by AND."),
    // value-b-changed
    QT_TRANSLATE_NOOP("BuiltinScenario", "Intervention: value of B changed"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 10 of the notebook: Q and K are held fixed and only the value of memory B "
        "becomes [100, 100]. The weights are unchanged; the context moves a long way."),
    // key-b-removed
    QT_TRANSLATE_NOOP("BuiltinScenario", "Intervention: memory B masked out"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Step 10 of the notebook: memory B is masked, and the remaining weights renormalise to "
        "0.5 and 0.5."),
    // practice-identical-keys
    QT_TRANSLATE_NOOP("BuiltinScenario", "Practice: all keys identical"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Practice 2: every key is the same vector, so every allowed key gets the same weight "
        "whatever the query. The third query masks memory C, which still gets exactly 0."),
    // practice-huge-value
    QT_TRANSLATE_NOOP("BuiltinScenario", "Practice: one huge value"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Practice 3: memory C carries the value [10000, 10000]. The weights are those of the "
        "lesson, yet the context jumps."),
    // practice-derivation
    QT_TRANSLATE_NOOP("BuiltinScenario", "Practice: where Q, K and V come from"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Practice 5: four tokens x1 to x4 live in a plane (d_model = 2). Each row of Q, K and V "
        "is its token times W_Q, W_K or W_V, so one token gives its query, its key and its value "
        "at once. Without a second stream this is self-attention; add Y and K and V come from Y "
        "instead: cross-attention."),
    // practice-additive-attention
    QT_TRANSLATE_NOOP("BuiltinScenario", "Practice: additive attention on an encoder-decoder"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Practice 4: the hidden state of a decoder step (length 2) scores three encoder states "
        "(length 3) with Bahdanau's additive score w^T tanh(W_q q + W_k k). The weights W_q and "
        "W_k carry both into one space of size 3, so query and keys need not have the same "
        "length, and the encoder states themselves are the values. Nothing here removes the "
        "recurrence: the states can come from LSTMs."),
    // practice-cross-attention
    QT_TRANSLATE_NOOP("BuiltinScenario", "Practice: cross-attention"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Practice 5: two decoder steps (queries) attend over three encoder states (keys and "
        "values) of another sequence. Self-attention takes Q, K and V from one sequence; "
        "cross-attention takes Q from one stream and K, V from another."),
    // two-heads-specialise
    QT_TRANSLATE_NOOP("BuiltinScenario", "Two heads that specialise"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "Five tokens of one sentence, two heads over the same tokens and the same causal mask. "
        "The head \"previous token\" sends each token to the one just before it; the head "
        "\"subject\" sends every token from \"cat\" on to \"cat\". Same input, different "
        "questions: this is why a layer runs several heads. Press [ and ] to switch heads, and "
        "compare them in All heads."),
    QT_TRANSLATE_NOOP("BuiltinScenario", "previous token"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "subject"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "The"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "cat"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "sat"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "on"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "it"),
    // lesson-two-heads
    QT_TRANSLATE_NOOP("BuiltinScenario", "Notebook lesson split into two heads"),
    QT_TRANSLATE_NOOP("BuiltinScenario",
        "The lesson's query, keys and values (d_k = d_v = 2) cut into two heads of d_k = d_v = "
        "1: head 1 gets the first coordinate of every vector, head 2 the second. Head 1 still "
        "prefers memories A and C; head 2 sees a query of 0 and spreads its weight evenly. Their "
        "contexts side by side are not the one-head context: splitting changes what is "
        "computed."),
    QT_TRANSLATE_NOOP("BuiltinScenario", "coordinate 1"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "coordinate 2"),
    // token labels ("q", "q1" ... stay as they are: they are symbols, like Q and K)
    QT_TRANSLATE_NOOP("BuiltinScenario", "memory A"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "memory B"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "memory C"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "token 1"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "token 2"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "token 3"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "token 3 (padding)"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "decoder 1"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "decoder 2"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "decoder 3"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "encoder A"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "encoder B"),
    QT_TRANSLATE_NOOP("BuiltinScenario", "encoder C"),
};

QString translated(const QString &text)
{
    if (!isTranslatableBuiltinText(text))
        return text;
    return QCoreApplication::translate(kTranslationContext, text.toUtf8().constData());
}

void translateTexts(Scenario &scenario)
{
    scenario.name = translated(scenario.name);
    scenario.description = translated(scenario.description);
    for (QString &label : scenario.queryLabels)
        label = translated(label);
    for (QString &label : scenario.keyLabels)
        label = translated(label);
    scenario.headName = translated(scenario.headName);
    for (AttentionHead &head : scenario.moreHeads)
        head.name = translated(head.name);
}

QString resourcePath(const QString &id)
{
    return QStringLiteral(":/scenarios/%1.json").arg(id);
}

QStringList knownIds()
{
    QStringList ids;
    for (const char *id : kBuiltinIds)
        ids.append(QLatin1String(id));
    return ids;
}

} // namespace

QList<BuiltinScenarioInfo> builtinScenarios()
{
    QList<BuiltinScenarioInfo> list;
    for (const QString &id : knownIds()) {
        const Result<Scenario> scenario = loadBuiltinScenario(id);
        Q_ASSERT_X(scenario.ok(), "builtinScenarios", "a shipped scenario does not parse");
        if (scenario.ok())
            list.append({id, scenario.value().name, scenario.value().description});
    }
    return list;
}

Result<Scenario> loadBuiltinScenario(const QString &id)
{
    // The √d_k lab's first sample is drawn, not stored: the lesson's step opens it by this id.
    if (id == QLatin1String(scalelab::kScenarioId))
        return scalelab::defaultScenario();
    if (!knownIds().contains(id)) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("\"%1\" is neither a file nor a built-in scenario; built-in "
                                    "scenarios are: %2")
                         .arg(id, knownIds().join(QStringLiteral(", ")))};
    }
    const Result<QByteArray> bytes = readFileBounded(resourcePath(id), ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    Result<Scenario> scenario = parseScenario(bytes.value(), id);
    if (scenario.ok())
        translateTexts(scenario.value());
    return scenario;
}

bool isTranslatableBuiltinText(const QString &text)
{
    const QByteArray utf8 = text.toUtf8();
    for (const char *source : kTranslatableTexts) {
        if (std::strcmp(source, utf8.constData()) == 0)
            return true;
    }
    return false;
}

} // namespace attnlens
