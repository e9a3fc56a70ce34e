// The .npz writer, checked by parsing its output here, independently of libzip: the ZIP local
// headers by hand, the .npy headers against NumPy's own bytes (as NumPy 1.24's np.save writes
// them), 64-byte alignment of every array's data, and the numbers bit for bit. What NumPy itself
// reads from `attnlens --npz` is checked by tests/python/check_npz_results.py.
#include "attention.h"
#include "coretestsupport.h"
#include "../support/filesizelimit.h"
#include "npywriter.h"
#include "npzwriter.h"
#include "numpyscenario.h"
#include "scenario.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtEndian>

#include <gtest/gtest.h>
#include <zlib.h>

#include <cerrno>
#include <cstring>
#include <random>

using namespace attnlens;
using attnlens::test::builtinScenario;

namespace {

struct ZipEntry {
    QString name;
    quint16 method = 0;
    QByteArray data;
    quint32 crc = 0;
};

/// The entries of a ZIP file read through its local headers, in file order.
std::vector<ZipEntry> readStoredZip(const QByteArray &zip)
{
    std::vector<ZipEntry> entries;
    qsizetype at = 0;
    const auto u16 = [&](qsizetype offset) { return qFromLittleEndian<quint16>(zip.constData() + offset); };
    const auto u32 = [&](qsizetype offset) { return qFromLittleEndian<quint32>(zip.constData() + offset); };
    while (at + 30 <= zip.size() && u32(at) == 0x04034b50u) {
        ZipEntry entry;
        const quint16 flags = u16(at + 6);
        EXPECT_EQ(flags & 0x8, 0) << "sizes in a data descriptor";
        entry.method = u16(at + 8);
        entry.crc = u32(at + 14);
        const quint32 size = u32(at + 18);
        const quint16 nameLength = u16(at + 26);
        const quint16 extraLength = u16(at + 28);
        entry.name = QString::fromUtf8(zip.mid(at + 30, nameLength));
        const qsizetype dataStart = at + 30 + nameLength + extraLength;
        entry.data = zip.mid(dataStart, size);
        at = dataStart + size;
        entries.push_back(entry);
    }
    EXPECT_EQ(at + 4 <= zip.size() ? u32(at) : 0u, 0x02014b50u) << "central directory after the entries";
    return entries;
}

struct ParsedNpy {
    QByteArray dictionary;  ///< the header text without padding
    qsizetype dataOffset = 0;
    QByteArray data;
};

ParsedNpy parseNpy(const QByteArray &bytes)
{
    ParsedNpy parsed;
    EXPECT_TRUE(bytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    const quint16 headerLength = qFromLittleEndian<quint16>(bytes.constData() + 8);
    parsed.dataOffset = 10 + headerLength;
    const QByteArray header = bytes.mid(10, headerLength);
    EXPECT_TRUE(header.endsWith('\n'));
    parsed.dictionary = header.trimmed();
    parsed.data = bytes.mid(parsed.dataOffset);
    return parsed;
}

QByteArray dictionaryFor(const char *descr, const char *shape)
{
    return QByteArray("{'descr': '") + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
}

/// The doubles of the parts, one after the other, as little-endian bytes.
QByteArray doublesOf(const std::vector<const Matrix *> &parts)
{
    QByteArray bytes;
    for (const Matrix *part : parts) {
        for (Index i = 0; i < part->rows(); ++i) {
            for (Index j = 0; j < part->cols(); ++j) {
                char cell[8];
                qToLittleEndian<double>((*part)(i, j), cell);
                bytes.append(cell, 8);
            }
        }
    }
    return bytes;
}

QByteArray utf32Cells(const QStringList &texts, int width)
{
    QByteArray bytes;
    for (const QString &text : texts) {
        QByteArray cell(width * 4, '\0');
        const QList<uint> points = text.toUcs4();
        for (qsizetype i = 0; i < points.size(); ++i)
            qToLittleEndian<quint32>(points[i], cell.data() + 4 * i);
        bytes.append(cell);
    }
    return bytes;
}

QByteArray readAll(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

} // namespace

TEST(NpyWriter, ShapesArePrintedAsNumPyPrintsTuples)
{
    EXPECT_EQ(npyShapeText({}), QByteArray("()"));
    EXPECT_EQ(npyShapeText({3}), QByteArray("(3,)"));
    EXPECT_EQ(npyShapeText({3, 4}), QByteArray("(3, 4)"));
    EXPECT_EQ(npyShapeText({2, 3, 4}), QByteArray("(2, 3, 4)"));
}

TEST(NpyWriter, HeadersAreNumPysOwnBytes)
{
    // Written by NumPy 1.24: np.save(buffer, np.zeros(3)) and so on, the header bytes.
    const auto numpyHeader = [](const char *dictionary, int spaces) {
        return QByteArray("\x93NUMPY\x01\x00v\x00", 10) + dictionary + QByteArray(spaces, ' ') + '\n';
    };
    EXPECT_EQ(npyHeader("<f8", {3}), numpyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (3,), }", 60));
    EXPECT_EQ(npyHeader("<f8", {}), numpyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", 62));
    EXPECT_EQ(npyHeader("<f8", {2, 3, 4}),
              numpyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3, 4), }", 55));
    EXPECT_EQ(npyHeader("<U3", {2}), numpyHeader("{'descr': '<U3', 'fortran_order': False, 'shape': (2,), }", 60));
    EXPECT_EQ(npyHeader("|b1", {2, 2}), numpyHeader("{'descr': '|b1', 'fortran_order': False, 'shape': (2, 2), }", 58));
    EXPECT_EQ(npyHeader("<f8", {12345678901, 0}),
              numpyHeader("{'descr': '<f8', 'fortran_order': False, 'shape': (12345678901, 0), }", 48));
}

TEST(NpyWriter, DataStartsAtAMultipleOf64BytesForEveryShapeLength)
{
    for (qint64 first : {qint64(1), qint64(9), qint64(10), qint64(99999), qint64(1) << 40}) {
        for (std::vector<qint64> shape : {std::vector<qint64>{first}, {first, 7}, {first, 12, 1024},
                                          {first, 1, 2, 3}}) {
            const QByteArray header = npyHeader("<f8", shape);
            EXPECT_EQ(header.size() % 64, 0) << npyShapeText(shape).constData();
            EXPECT_EQ(qFromLittleEndian<quint16>(header.constData() + 8), header.size() - 10);
        }
    }
}

TEST(NpyWriter, UnicodeIsFixedWidthUtf32WithNulPadding)
{
    const QStringList texts{QStringLiteral("ab"), QString(), QStringLiteral("注意力"),
                            QString::fromUcs4(U"\U0001F600x", 2)};
    const NpyOutputArray array = npyUnicode(texts);
    EXPECT_EQ(array.descr, QByteArray("<U3"));  // the emoji is one code point, not two
    const ParsedNpy parsed = parseNpy(npyBytes(array));
    EXPECT_EQ(parsed.dictionary, dictionaryFor("<U3", "(4,)"));
    EXPECT_EQ(parsed.data, utf32Cells(texts, 3));
    EXPECT_EQ(npyUnicode({QString()}).descr, QByteArray("<U1"));  // as np.array([""]) is
}

TEST(NpyWriter, BoolsAreOneByteEachInRowOrder)
{
    const Mask mask = attnlens::test::maskOf({{true, false, true}, {false, false, true}});
    const ParsedNpy parsed = parseNpy(npyBytes(npyBool(mask)));
    EXPECT_EQ(parsed.dictionary, dictionaryFor("|b1", "(2, 3)"));
    EXPECT_EQ(parsed.data, QByteArray("\x01\x00\x01\x00\x00\x01", 6));
}

TEST(NpyWriter, DataReadInPiecesIsTheSameBytesAcrossParts)
{
    std::mt19937_64 random(7);
    const Matrix a = attnlens::test::randomMatrix(3, 5, random, 1.0);
    const Matrix b = attnlens::test::randomMatrix(3, 5, random, 1e-300);
    const Matrix c = attnlens::test::randomMatrix(3, 5, random, 1e300);
    const NpyOutputArray array = npyFloat64({3, 3, 5}, {&a, &b, &c});
    const QByteArray expected = doublesOf({&a, &b, &c});
    ASSERT_EQ(array.dataBytes, expected.size());
    for (const qint64 piece : {1, 3, 7, 8, 13, 120, 1000}) {
        QByteArray read(expected.size(), '\xff');
        for (qint64 at = 0; at < array.dataBytes; at += piece)
            array.readData(at, read.data() + at, std::min(piece, array.dataBytes - at));
        EXPECT_EQ(read, expected) << "pieces of " << piece << " bytes";
    }
}

TEST(NpzWriter, ResultsOfSeveralHeadsRoundTripBitForBit)
{
    const Scenario scenario = builtinScenario("two-heads-specialise");
    ASSERT_GE(scenario.headCount(), 2);
    ASSERT_TRUE(scenario.allowed.has_value());
    const Result<HeadsResult> result = computeAllHeads(scenario);
    ASSERT_TRUE(result.ok());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("heads.npz"));
    ASSERT_FALSE(writeNumpyResults(path, scenario, result.value()).has_value());

    const std::vector<ZipEntry> entries = readStoredZip(readAll(path));
    QStringList names;
    for (const ZipEntry &entry : entries)
        names.append(entry.name);
    QStringList expectedNames{QStringLiteral("q.npy"), QStringLiteral("k.npy"), QStringLiteral("v.npy"),
                              QStringLiteral("allowed.npy"), QStringLiteral("query_tokens.npy"),
                              QStringLiteral("key_tokens.npy")};
    QStringList queryTokens, keyTokens, headNames;
    for (Index i = 0; i < scenario.queryCount(); ++i)
        queryTokens.append(scenario.queryLabel(i));
    for (Index j = 0; j < scenario.keyCount(); ++j)
        keyTokens.append(scenario.keyLabel(j));
    for (Index h = 0; h < scenario.headCount(); ++h)
        headNames.append(scenario.headLabel(h));
    if (queryTokens == keyTokens)
        expectedNames.append(QStringLiteral("tokens.npy"));
    expectedNames << QStringLiteral("temperature.npy") << QStringLiteral("head_names.npy")
                  << QStringLiteral("scores.npy") << QStringLiteral("weights.npy")
                  << QStringLiteral("context.npy") << QStringLiteral("concatenated_context.npy");
    ASSERT_EQ(names, expectedNames);

    const HeadsResult &heads = result.value();
    const std::size_t h = heads.heads.size();
    const QByteArray nq = QByteArray::number(scenario.queryCount());
    const QByteArray nk = QByteArray::number(scenario.keyCount());
    const QByteArray dk = QByteArray::number(scenario.keyDimension());
    const QByteArray dv = QByteArray::number(scenario.valueDimension());
    const QByteArray hs = QByteArray::number(qint64(h));
    const auto perHead = [&](auto pick) {
        std::vector<const Matrix *> parts;
        for (std::size_t i = 0; i < h; ++i)
            parts.push_back(pick(Index(i)));
        return parts;
    };
    QByteArray maskBytes;
    for (Index i = 0; i < scenario.queryCount(); ++i)
        for (Index j = 0; j < scenario.keyCount(); ++j)
            maskBytes.append(scenario.isAllowed(i, j) ? '\x01' : '\x00');
    const auto widest = [](const QStringList &texts) {
        int width = 1;
        for (const QString &text : texts)
            width = std::max(width, int(text.toUcs4().size()));
        return width;
    };
    char temperature[8];
    qToLittleEndian<double>(scenario.temperature, temperature);

    struct Expected {
        QByteArray dictionary;
        QByteArray data;
    };
    std::map<QString, Expected> expected;
    expected[QStringLiteral("q.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nq + ", " + dk + ")"),
                                         doublesOf(perHead([&](Index i) { return &scenario.headQueries(i); }))};
    expected[QStringLiteral("k.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nk + ", " + dk + ")"),
                                         doublesOf(perHead([&](Index i) { return &scenario.headKeys(i); }))};
    expected[QStringLiteral("v.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nk + ", " + dv + ")"),
                                         doublesOf(perHead([&](Index i) { return &scenario.headValues(i); }))};
    expected[QStringLiteral("allowed.npy")] = {dictionaryFor("|b1", "(" + nq + ", " + nk + ")"), maskBytes};
    const QByteArray qWidth = QByteArray::number(widest(queryTokens));
    const QByteArray kWidth = QByteArray::number(widest(keyTokens));
    expected[QStringLiteral("query_tokens.npy")] = {dictionaryFor("<U" + qWidth, "(" + nq + ",)"),
                                                    utf32Cells(queryTokens, widest(queryTokens))};
    expected[QStringLiteral("key_tokens.npy")] = {dictionaryFor("<U" + kWidth, "(" + nk + ",)"),
                                                  utf32Cells(keyTokens, widest(keyTokens))};
    expected[QStringLiteral("tokens.npy")] = expected[QStringLiteral("query_tokens.npy")];
    expected[QStringLiteral("temperature.npy")] = {dictionaryFor("<f8", "()"), QByteArray(temperature, 8)};
    expected[QStringLiteral("head_names.npy")] = {
        dictionaryFor("<U" + QByteArray::number(widest(headNames)), "(" + hs + ",)"),
        utf32Cells(headNames, widest(headNames))};
    expected[QStringLiteral("scores.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nq + ", " + nk + ")"),
                                              doublesOf(perHead([&](Index i) { return &heads.heads[std::size_t(i)].scores; }))};
    expected[QStringLiteral("weights.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nq + ", " + nk + ")"),
                                               doublesOf(perHead([&](Index i) { return &heads.heads[std::size_t(i)].weights; }))};
    expected[QStringLiteral("context.npy")] = {dictionaryFor("<f8", "(" + hs + ", " + nq + ", " + dv + ")"),
                                               doublesOf(perHead([&](Index i) { return &heads.heads[std::size_t(i)].context; }))};
    expected[QStringLiteral("concatenated_context.npy")] = {
        dictionaryFor("<f8", "(" + nq + ", " + QByteArray::number(qint64(h) * scenario.valueDimension()) + ")"),
        doublesOf({&heads.concatenatedContext})};

    for (const ZipEntry &entry : entries) {
        SCOPED_TRACE(entry.name.toStdString());
        EXPECT_EQ(entry.method, 0) << "np.savez stores its entries uncompressed";
        EXPECT_EQ(entry.crc, quint32(crc32(0, reinterpret_cast<const Bytef *>(entry.data.constData()),
                                           uInt(entry.data.size()))));
        const ParsedNpy parsed = parseNpy(entry.data);
        EXPECT_EQ(parsed.dataOffset % 64, 0);
        EXPECT_EQ(parsed.dictionary, expected[entry.name].dictionary);
        EXPECT_EQ(parsed.data, expected[entry.name].data);
    }
}

TEST(NpzWriter, ArraysLargerThanLibzipsPiecesRoundTripBitForBit)
{
    std::mt19937_64 random(2026);
    Scenario scenario;
    const Index n = 150;  // weights of three heads: 540 kB, written in many pieces
    scenario.queries = attnlens::test::randomMatrix(n, 8, random, 2.0);
    scenario.keys = attnlens::test::randomMatrix(n, 8, random, 2.0);
    scenario.values = attnlens::test::randomMatrix(n, 8, random, 1.0);
    for (int head = 0; head < 2; ++head) {
        scenario.moreHeads.push_back(AttentionHead{QString(), attnlens::test::randomMatrix(n, 8, random, 2.0),
                                                   attnlens::test::randomMatrix(n, 8, random, 2.0),
                                                   attnlens::test::randomMatrix(n, 8, random, 1.0)});
    }
    scenario.allowed = causalMask(n, n);
    const Result<HeadsResult> result = computeAllHeads(scenario);
    ASSERT_TRUE(result.ok());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("large.npz"));
    ASSERT_FALSE(writeNumpyResults(path, scenario, result.value()).has_value());
    std::vector<const Matrix *> weights;
    for (const AttentionResult &head : result.value().heads)
        weights.push_back(&head.weights);
    bool found = false;
    for (const ZipEntry &entry : readStoredZip(readAll(path))) {
        if (entry.name != QStringLiteral("weights.npy"))
            continue;
        found = true;
        const ParsedNpy parsed = parseNpy(entry.data);
        EXPECT_EQ(parsed.dictionary, dictionaryFor("<f8", "(3, 150, 150)"));
        EXPECT_TRUE(parsed.data == doublesOf(weights));
    }
    EXPECT_TRUE(found);
}

TEST(NpzWriter, WithoutAMaskEveryKeyIsAllowedAndCrossAttentionHasNoSharedTokens)
{
    Scenario scenario = builtinScenario("practice-cross-attention");
    ASSERT_FALSE(scenario.allowed.has_value());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cross.npz"));
    ASSERT_FALSE(computeAndWriteNumpyResults(path, scenario).has_value());
    const std::vector<ZipEntry> entries = readStoredZip(readAll(path));
    bool sawAllowed = false;
    for (const ZipEntry &entry : entries) {
        EXPECT_NE(entry.name, QStringLiteral("tokens.npy"));
        if (entry.name == QStringLiteral("allowed.npy")) {
            sawAllowed = true;
            EXPECT_EQ(parseNpy(entry.data).data,
                      QByteArray(int(scenario.queryCount() * scenario.keyCount()), '\x01'));
        }
    }
    EXPECT_TRUE(sawAllowed);
}

TEST(NpzWriter, ARefusedScenarioWritesNothingAndReturnsTheEnginesError)
{
    Scenario scenario = builtinScenario("lesson");
    scenario.allowed = Mask::Constant(scenario.queryCount(), scenario.keyCount(), false);
    QTemporaryDir dir;
    const QString fresh = dir.filePath(QStringLiteral("fresh.npz"));
    const std::optional<Error> error = computeAndWriteNumpyResults(fresh, scenario);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::AllMaskedRow);
    EXPECT_FALSE(QFile::exists(fresh));

    const QString old = dir.filePath(QStringLiteral("old.npz"));
    {
        QFile file(old);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("the old results");
    }
    EXPECT_TRUE(computeAndWriteNumpyResults(old, scenario).has_value());
    EXPECT_EQ(readAll(old), QByteArray("the old results"));
}

TEST(NpzWriter, AFailedWriteLeavesTheOldFileWholeAndNoTemporaryFile)
{
    std::mt19937_64 random(14);
    Scenario scenario;
    scenario.queries = attnlens::test::randomMatrix(200, 16, random, 1.0);
    scenario.keys = attnlens::test::randomMatrix(200, 16, random, 1.0);
    scenario.values = attnlens::test::randomMatrix(200, 16, random, 1.0);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("results.npz"));
    {
        QFile file(path);
        ASSERT_TRUE(file.open(QIODevice::WriteOnly));
        file.write("the old results");
    }
    std::optional<Error> error;
    {
        test::FileSizeLimit limit(64 * 1024);  // the weights alone are 320 kB
        ASSERT_TRUE(limit.isValid());
        error = computeAndWriteNumpyResults(path, scenario);
    }
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(path)) << error->message.toStdString();
    EXPECT_EQ(readAll(path), QByteArray("the old results"));
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("results.npz")});

    // Without the limit the same write goes through and replaces the old file.
    ASSERT_FALSE(computeAndWriteNumpyResults(path, scenario).has_value());
    EXPECT_TRUE(readAll(path).startsWith("PK\x03\x04"));
}

// Issue 25, item 8: a full disk said "Seek error" (libzip's step), not the system's reason that
// every other writer gives. A file-size limit stops the write as a full disk does (EFBIG); at
// 512 bytes the archive fails while libzip seeks back to its first header, as on a full disk.
TEST(NpzWriter, AFullDiskSaysWhyInTheSystemsWordsLikeEveryOtherWriter)
{
    std::mt19937_64 random(25);
    Scenario large;
    large.queries = attnlens::test::randomMatrix(200, 16, random, 1.0);
    large.keys = attnlens::test::randomMatrix(200, 16, random, 1.0);
    large.values = attnlens::test::randomMatrix(200, 16, random, 1.0);
    QTemporaryDir dir;
    // The lesson's archive stops in libzip's seek; the large one's in a write.
    const std::pair<Scenario, rlim_t> cases[] = {{builtinScenario("lesson"), 512}, {large, 64 * 1024}};
    for (const auto &[scenario, limit] : cases) {
        const QString path = dir.filePath(QStringLiteral("results-%1.npz").arg(limit));
        std::optional<Error> error;
        {
            test::FileSizeLimit sizeLimit(limit);
            ASSERT_TRUE(sizeLimit.isValid());
            error = computeAndWriteNumpyResults(path, scenario);
        }
        ASSERT_TRUE(error.has_value()) << limit;
        EXPECT_EQ(error->category, ErrorCategory::FileError);
        EXPECT_EQ(error->message.toStdString(),
                  (path + QStringLiteral(": writing failed, the previous file is unchanged: ")
                   + QString::fromLocal8Bit(std::strerror(EFBIG))).toStdString());
        EXPECT_FALSE(QFile::exists(path));
    }
}

TEST(NpzWriter, AFolderOrAMissingFolderIsAFileErrorNamingThePath)
{
    const Scenario scenario = builtinScenario("lesson");
    QTemporaryDir dir;
    const std::optional<Error> folder = computeAndWriteNumpyResults(dir.path(), scenario);
    ASSERT_TRUE(folder.has_value());
    EXPECT_EQ(folder->category, ErrorCategory::FileError);
    EXPECT_TRUE(folder->message.contains(QStringLiteral("a folder"))) << folder->message.toStdString();

    const QString missing = dir.filePath(QStringLiteral("no/such/folder/out.npz"));
    const std::optional<Error> error = computeAndWriteNumpyResults(missing, scenario);
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::FileError);
    EXPECT_TRUE(error->message.contains(missing)) << error->message.toStdString();
}

TEST(NpzWriter, ResultsOfAnotherScenarioAreRefused)
{
    const Scenario scenario = builtinScenario("two-heads-specialise");
    const Result<HeadsResult> other = computeAllHeads(builtinScenario("lesson"));
    ASSERT_TRUE(other.ok());
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mismatch.npz"));
    const std::optional<Error> error = writeNumpyResults(path, scenario, other.value());
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(error->category, ErrorCategory::InvalidScenario);
    EXPECT_FALSE(QFile::exists(path));
}

// What File > Export as NumPy writes opens again as the scenario it came from: every head's
// numbers bit for bit, the head names (a generated "head 2" stays generated), the labels, the
// temperature and the mask.
TEST(NpzWriter, AnExportOpensAgainAsTheSameScenario)
{
    Scenario scenario = test::builtinScenario(QStringLiteral("two-heads-specialise"));
    scenario.temperature = 0.7071067811865476;
    AttentionHead third = scenario.head(1);
    third.name.clear();  // shown as "head 3"
    third.queries *= -0.5;
    scenario.insertHead(2, third);
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("export.npz"));
    ASSERT_FALSE(computeAndWriteNumpyResults(path, scenario).has_value());

    const Result<NumpyScenario> read = readNumpyScenario(path);
    ASSERT_TRUE(read.ok()) << read.error().describe().toStdString();
    const Scenario &back = read.value().scenario;
    ASSERT_EQ(back.headCount(), 3);
    for (Index h = 0; h < 3; ++h) {
        EXPECT_EQ(back.head(h).name, scenario.head(h).name) << h;
        EXPECT_TRUE(test::matricesIdentical(back.headQueries(h), scenario.headQueries(h))) << h;
        EXPECT_TRUE(test::matricesIdentical(back.headKeys(h), scenario.headKeys(h))) << h;
        EXPECT_TRUE(test::matricesIdentical(back.headValues(h), scenario.headValues(h))) << h;
    }
    EXPECT_EQ(back.headLabel(2), QStringLiteral("head 3"));
    EXPECT_TRUE(back.head(2).name.isEmpty());
    EXPECT_EQ(back.queryLabels, scenario.queryLabels);
    EXPECT_EQ(back.keyLabels, scenario.keyLabels);
    EXPECT_TRUE(identicalDoubles(back.temperature, scenario.temperature));
    EXPECT_TRUE(identicalMasks(back.allowed, scenario.allowed));
    EXPECT_EQ(read.value().maskConvention, QStringLiteral("allowed"));
}
