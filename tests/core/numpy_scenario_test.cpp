// NumPy captures written by NumPy itself (scripts/make-npy-testdata.py): every dtype in both byte
// orders, C and Fortran order, 2-D/3-D/4-D, np.savez and np.savez_compressed, np.save folders,
// string tokens, every mask convention. The expected numbers, masks and labels are what NumPy
// reads back from the same files (tests/data/numpy/expected.json), compared bit for bit.
#include "attention.h"
#include "coretestsupport.h"
#include "npywriter.h"
#include "npzwriter.h"
#include "numpyscenario.h"
#include "scenariosource.h"

#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <gtest/gtest.h>

#include <cmath>

#include <sys/stat.h>

using namespace attnlens;
using attnlens::test::testDataPath;

namespace {

QString numpyData(const QString &relative)
{
    return testDataPath(QStringLiteral("numpy/") + relative);
}

QJsonObject expectations()
{
    QFile file(numpyData(QStringLiteral("expected.json")));
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    return QJsonDocument::fromJson(file.readAll()).object();
}

Matrix matrixFromJson(const QJsonArray &rows)
{
    const Index columns = rows.isEmpty() ? 0 : rows.at(0).toArray().size();
    Matrix matrix(rows.size(), columns);
    for (Index i = 0; i < matrix.rows(); ++i)
        for (Index j = 0; j < columns; ++j)
        {
            const QJsonValue x = rows.at(int(i)).toArray().at(int(j));
            matrix(i, j) = x.toString() == QLatin1String("-0.0") ? -0.0 : x.toDouble();
        }
    return matrix;
}

Mask maskFromJson(const QJsonArray &rows)
{
    Mask mask(rows.size(), rows.at(0).toArray().size());
    for (Index i = 0; i < mask.rows(); ++i)
        for (Index j = 0; j < mask.cols(); ++j)
            mask(i, j) = rows.at(int(i)).toArray().at(int(j)).toBool();
    return mask;
}

QStringList textsFromJson(const QJsonArray &texts)
{
    QStringList list;
    for (const QJsonValue &text : texts)
        list.append(text.toString());
    return list;
}

} // namespace

TEST(NumpyScenario, EveryCaptureReadsAsNumpyReadsIt)
{
    const QJsonArray readable = expectations().value(QStringLiteral("readable")).toArray();
    ASSERT_GE(readable.size(), 40);
    for (const QJsonValue &value : readable) {
        const QJsonObject want = value.toObject();
        const QString path = want.value(QStringLiteral("path")).toString();
        NumpyReadOptions options;
        if (want.value(QStringLiteral("batch")).isDouble())
            options.batch = want.value(QStringLiteral("batch")).toInt();
        SCOPED_TRACE(path.toStdString() + " batch " + std::to_string(options.batch.value_or(-1)));
        const Result<NumpyScenario> read = readNumpyScenario(numpyData(path), options);
        ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
        const NumpyScenario &got = read.value();
        const Scenario &scenario = got.scenario;
        const QJsonArray queries = want.value(QStringLiteral("q")).toArray();
        const QJsonArray keys = want.value(QStringLiteral("k")).toArray();
        const QJsonArray values = want.value(QStringLiteral("v")).toArray();
        ASSERT_EQ(scenario.headCount(), queries.size());
        for (Index h = 0; h < scenario.headCount(); ++h) {
            EXPECT_TRUE(identicalMatrices(scenario.headQueries(h), matrixFromJson(queries.at(int(h)).toArray())))
                << "q, head " << h + 1;
            EXPECT_TRUE(identicalMatrices(scenario.headKeys(h), matrixFromJson(keys.at(int(h)).toArray())))
                << "k, head " << h + 1;
            EXPECT_TRUE(identicalMatrices(scenario.headValues(h), matrixFromJson(values.at(int(h)).toArray())))
                << "v, head " << h + 1;
        }
        EXPECT_EQ(got.batchCount, want.value(QStringLiteral("batch_count")).toInt());
        EXPECT_EQ(got.batch, options.batch.value_or(0));
        EXPECT_EQ(got.maskConvention, want.value(QStringLiteral("convention")).toString());
        const QJsonValue allowed = want.value(QStringLiteral("allowed"));
        if (allowed.isNull()) {
            EXPECT_FALSE(scenario.allowed.has_value());
        } else {
            ASSERT_TRUE(scenario.allowed.has_value());
            EXPECT_TRUE(identicalMasks(scenario.allowed, maskFromJson(allowed.toArray())));
        }
        EXPECT_EQ(scenario.queryLabels, textsFromJson(want.value(QStringLiteral("query_labels")).toArray()));
        EXPECT_EQ(scenario.keyLabels, textsFromJson(want.value(QStringLiteral("key_labels")).toArray()));
        EXPECT_EQ(scenario.temperature, want.value(QStringLiteral("temperature")).toDouble());
        EXPECT_FALSE(got.arrayNames.isEmpty());
    }
}

TEST(NumpyScenario, EveryMaskConventionGivesTheSameAllowedMask)
{
    // Independently of expected.json: the causal conventions all equal the causal mask, and the
    // padding conventions all equal the key_padding_mask file, example by example.
    const Mask causal = causalMask(4, 4);
    for (const char *name : {"allowed_2d", "allowed_3d_bh", "allowed_3d_h", "allowed_4d", "allowed_broadcast",
                             "blocked_2d", "blocked_3d_bh", "additive_2d_f32", "additive_4d_f64_be"}) {
        for (Index batch : {0, 1}) {
            const auto read = readNumpyScenario(numpyData(QStringLiteral("mask_%1.npz").arg(QLatin1String(name))),
                                                NumpyReadOptions{batch});
            ASSERT_TRUE(read.ok()) << name << ": " << read.error().describe().toStdString();
            EXPECT_TRUE(identicalMasks(read.value().scenario.allowed, causal)) << name << " example " << batch;
        }
    }
    for (Index batch : {0, 1}) {
        const auto reference = readNumpyScenario(numpyData(QStringLiteral("mask_key_padding.npz")), {batch});
        ASSERT_TRUE(reference.ok());
        std::vector<bool> real = batch == 0 ? std::vector<bool>{true, true, true, false}
                                            : std::vector<bool>{true, true, false, false};
        EXPECT_TRUE(identicalMasks(reference.value().scenario.allowed, paddingMask(4, real)));
        for (const char *name : {"allowed_padding", "additive_padding"}) {
            const auto read = readNumpyScenario(numpyData(QStringLiteral("mask_%1.npz").arg(QLatin1String(name))),
                                                {batch});
            ASSERT_TRUE(read.ok()) << name;
            EXPECT_TRUE(identicalMasks(read.value().scenario.allowed, reference.value().scenario.allowed))
                << name << " example " << batch;
        }
    }
}

TEST(NumpyScenario, EveryRefusalNamesFileArrayAndProblem)
{
    const QJsonArray refused = expectations().value(QStringLiteral("refused")).toArray();
    ASSERT_GE(refused.size(), 18);
    for (const QJsonValue &value : refused) {
        const QJsonObject want = value.toObject();
        const QString path = want.value(QStringLiteral("path")).toString();
        SCOPED_TRACE(path.toStdString());
        const Result<NumpyScenario> read = readNumpyScenario(numpyData(path));
        ASSERT_FALSE(read.ok());
        const QString message = read.error().message;
        EXPECT_TRUE(message.startsWith(QFileInfo(path).fileName())) << message.toStdString();
        for (const QJsonValue &word : want.value(QStringLiteral("words")).toArray())
            EXPECT_TRUE(message.contains(word.toString())) << message.toStdString() << " lacks "
                                                          << word.toString().toStdString();
    }
}

TEST(NumpyScenario, RefusalCategories)
{
    const auto category = [](const char *path) {
        return readNumpyScenario(numpyData(QLatin1String(path))).error().category;
    };
    EXPECT_EQ(category("refuse_pickle.npz"), ErrorCategory::InvalidScenario);
    EXPECT_EQ(category("refuse_truncated"), ErrorCategory::FileError);
    EXPECT_EQ(category("refuse_truncated.npz"), ErrorCategory::FileError);
    EXPECT_EQ(category("refuse_lying.npz"), ErrorCategory::FileError);
    EXPECT_EQ(category("refuse_lying_short.npz"), ErrorCategory::InvalidScenario);
    EXPECT_EQ(category("refuse_too_many_tokens"), ErrorCategory::InvalidScenario);
    EXPECT_EQ(category("refuse_huge"), ErrorCategory::InvalidScenario);
}

TEST(NumpyScenario, ARowWithNoAllowedKeyIsReportedByTheEngineAsForJson)
{
    const auto read = readNumpyScenario(numpyData(QStringLiteral("mask_row_without_key.npz")));
    ASSERT_TRUE(read.ok());
    const std::optional<Error> error = validateAttentionInput(read.value().scenario);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::AllMaskedRow);
    EXPECT_EQ(error->row, 2);
}

TEST(NumpyScenario, BatchChoiceIsCheckedAgainstTheFile)
{
    const auto outOfRange = readNumpyScenario(numpyData(QStringLiteral("batch.npz")), NumpyReadOptions{3});
    ASSERT_FALSE(outOfRange.ok());
    EXPECT_TRUE(outOfRange.error().message.contains(QStringLiteral("example 4 does not exist; choose 1 to 3")))
        << outOfRange.error().message.toStdString();
    const auto noBatch = readNumpyScenario(numpyData(QStringLiteral("fortran_3d.npz")), NumpyReadOptions{0});
    ASSERT_FALSE(noBatch.ok());
    EXPECT_TRUE(noBatch.error().message.contains(QStringLiteral("no batch dimension")));
}

TEST(NumpyScenario, OpenScenarioDispatchesNumpyPaths)
{
    for (const char *path : {"batch.npz", "folder", "folder/Query.npy", "compressed.npz"}) {
        const QString full = numpyData(QLatin1String(path));
        EXPECT_TRUE(isNumpyPath(full)) << path;
        const Result<Scenario> opened = openScenario(full);
        const auto read = readNumpyScenario(full);
        ASSERT_TRUE(opened.ok() && read.ok()) << path;
        EXPECT_EQ(opened.value(), read.value().scenario) << path;
    }
    const auto second = openScenario(numpyData(QStringLiteral("batch.npz")), NumpyReadOptions{1});
    ASSERT_TRUE(second.ok());
    EXPECT_EQ(second.value(), readNumpyScenario(numpyData(QStringLiteral("batch.npz")), {1}).value().scenario);
    EXPECT_NE(second.value(), openScenario(numpyData(QStringLiteral("batch.npz"))).value());

    EXPECT_FALSE(isNumpyPath(testDataPath(QStringLiteral("cases"))));
    const auto builtinWithBatch = openScenario(QStringLiteral("lesson"), NumpyReadOptions{0});
    ASSERT_FALSE(builtinWithBatch.ok());
    EXPECT_TRUE(builtinWithBatch.error().message.contains(QStringLiteral("not a NumPy capture")));
}

TEST(NumpyScenario, AnArchiveInMemoryReadsAsTheFile)
{
    for (const char *path : {"compressed.npz", "cross.npz", "mask_blocked_3d_bh.npz"}) {
        QFile file(numpyData(QLatin1String(path)));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly));
        const auto fromBytes = readNumpyScenarioFromNpz(file.readAll(), QLatin1String(path));
        const auto fromFile = readNumpyScenario(numpyData(QLatin1String(path)));
        ASSERT_TRUE(fromBytes.ok() && fromFile.ok()) << path;
        EXPECT_EQ(fromBytes.value().scenario, fromFile.value().scenario) << path;
        EXPECT_EQ(fromBytes.value().maskConvention, fromFile.value().maskConvention) << path;
    }
}

TEST(NumpyScenario, EveryCutOfAnArchiveIsAnErrorOrTheWholeCapture)
{
    QFile file(numpyData(QStringLiteral("cross.npz")));
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    const Scenario full = readNumpyScenarioFromNpz(whole, QStringLiteral("cross.npz")).value().scenario;
    for (qsizetype size = 0; size < whole.size(); ++size) {
        const auto read = readNumpyScenarioFromNpz(whole.left(size), QStringLiteral("cut.npz"));
        if (read.ok()) {
            EXPECT_EQ(read.value().scenario, full) << size;
        } else {
            EXPECT_TRUE(read.error().message.startsWith(QStringLiteral("cut.npz"))) << size;
        }
    }
    // Every single flipped byte: never a crash, and a read that succeeds has the full shape.
    for (qsizetype at = 0; at < whole.size(); ++at) {
        QByteArray changed = whole;
        changed[at] = char(changed[at] ^ 0x5a);
        const auto read = readNumpyScenarioFromNpz(changed, QStringLiteral("flipped.npz"));
        if (read.ok()) {
            EXPECT_EQ(read.value().scenario.queryCount(), full.queryCount()) << at;
        }
    }
}

TEST(NumpyScenario, FilesThatAreNotRegularAreRefusedBeforeOpening)
{
    const QTemporaryDir dir;
    const QString fifo = dir.filePath(QStringLiteral("pipe.npz"));
    ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0600), 0);
    const auto read = readNumpyScenario(fifo);
    ASSERT_FALSE(read.ok());
    EXPECT_EQ(read.error().category, ErrorCategory::FileError);
    EXPECT_TRUE(read.error().message.contains(QStringLiteral("FIFO")));
    const auto missing = readNumpyScenario(dir.filePath(QStringLiteral("none.npz")));
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().category, ErrorCategory::FileError);
}

// Issue 25, item 6: NumPy's "<U200" holds 200 emoji, 400 UTF-16 code units, over a scenario's
// limit of 256: such a capture opened, and was saved as a file that no reader opened again.
TEST(NumpyScenario, ALabelOverTheScenarioLimitInCodeUnitsIsRefusedCountingCharactersAsShown)
{
    const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80");
    QString emojis;
    for (int i = 0; i < 200; ++i)
        emojis += emoji;
    const Matrix q = test::matrixOf({{1, 0}, {0, 1}});
    QTemporaryDir dir;
    for (const char *array : {"tokens", "head_names"}) {
        const QStringList texts = QByteArray(array) == "tokens" ? QStringList{QStringLiteral("a"), emojis}
                                                                : QStringList{emojis};
        const QString path = dir.filePath(QStringLiteral("%1.npz").arg(QLatin1String(array)));
        ASSERT_FALSE(writeNpz(path, {{QStringLiteral("q"), npyFloat64({2, 2}, {&q})},
                                     {QStringLiteral("k"), npyFloat64({2, 2}, {&q})},
                                     {QStringLiteral("v"), npyFloat64({2, 2}, {&q})},
                                     {QLatin1String(array), npyUnicode(texts)}}));
        const Result<NumpyScenario> read = readNumpyScenario(path);
        ASSERT_FALSE(read.ok()) << array;
        EXPECT_EQ(read.error().category, ErrorCategory::InvalidScenario);
        EXPECT_TRUE(read.error().message.contains(QStringLiteral(
            " 200 characters, which take 400 UTF-16 code units, more than the limit of 256")))
            << read.error().message.toStdString();
    }
}

TEST(NumpyScenario, EachMaskConventionHasItsOwnSentence)
{
    QStringList sentences;
    for (const char *convention : {"allowed", "blocked", "additive_mask", "key_padding_mask", ""}) {
        const QString sentence = maskConventionSentence(QLatin1String(convention));
        EXPECT_TRUE(sentence.endsWith(QLatin1Char('.'))) << convention;
        if (*convention) {
            EXPECT_TRUE(sentence.contains(QLatin1String(convention))) << convention;
        }
        EXPECT_FALSE(sentences.contains(sentence));
        sentences.append(sentence);
    }
}
