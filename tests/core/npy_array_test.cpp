// The .npy layer on its own: float16 decoding against Qt's qfloat16 for every one of the 65,536
// bit patterns, and headers that NumPy never writes but a hostile file might.
#include "npyarray.h"

#include <QFloat16>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace attnlens;

namespace {

NpyReadFunction readerOf(const QByteArray &bytes)
{
    auto position = std::make_shared<qint64>(0);
    return [bytes, position](char *buffer, qint64 size) {
        const qint64 count = std::min<qint64>(size, bytes.size() - *position);
        std::memcpy(buffer, bytes.constData() + *position, size_t(count));
        *position += count;
        return count;
    };
}

QByteArray npy(const QByteArray &dict, const QByteArray &data = QByteArray(), char major = 1)
{
    QByteArray bytes("\x93NUMPY", 6);
    bytes.append(major).append('\0');
    const quint32 length = quint32(dict.size());
    bytes.append(char(length & 0xff)).append(char((length >> 8) & 0xff));
    if (major > 1)
        bytes.append(char((length >> 16) & 0xff)).append(char(length >> 24));
    return bytes + dict + data;
}

Result<NpyArray> readBytes(const QByteArray &bytes)
{
    return NpyArray::read(QStringLiteral("q"), readerOf(bytes), bytes.size(), QStringLiteral("t.npy"),
                          1 << 20, nullptr);
}

} // namespace

TEST(NpyArray, Float16IsExactForEveryBitPattern)
{
    for (quint32 bits = 0; bits < 0x10000; ++bits) {
        qfloat16 half;
        const quint16 raw = quint16(bits);
        std::memcpy(static_cast<void *>(&half), &raw, 2);
        const double want = double(float(half));
        const double got = halfToDouble(raw);
        if (std::isnan(want)) {
            EXPECT_TRUE(std::isnan(got)) << bits;
        } else {
            EXPECT_EQ(got, want) << bits;
            EXPECT_EQ(std::signbit(got), std::signbit(want)) << bits;
        }
    }
}

TEST(NpyArray, HostileHeadersAreNamedRefusals)
{
    const struct {
        QByteArray bytes;
        const char *words;
    } cases[] = {
        {QByteArray("not numpy at all"), "signature"},
        {QByteArray("\x93NUM", 4), "truncated"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }").left(20), "truncated"},
        {npy("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }"), "pickle"},
        {npy("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }"), "structured"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (-2,), }"), "negative"},
        {npy("{'descr': '<f8', 'fortran_order': maybe, 'shape': (2,), }"), "fortran_order"},
        {npy("{'descr': '<f8', 'shape': (2,), }"), "lacks"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': 1}"), "unknown key"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (99999999999999999999,), }"), "too large"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1048576,), }"), "limit"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }", QByteArray(8, '\0')), "truncated"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", QByteArray(16, '\0')), "lies"},
        {npy("{'descr': '<f8', 'fortran_order': False, 'shape': (1,), }", QByteArray(8, '\0'), 4), "version 4.0"},
        {QByteArray("\x93NUMPY\x02\x00\xff\xff\x01\x00", 12), "limit"},
    };
    for (const auto &c : cases) {
        const Result<NpyArray> read = readBytes(c.bytes);
        ASSERT_FALSE(read.ok()) << c.words;
        EXPECT_TRUE(read.error().message.startsWith(QStringLiteral("t.npy: "))) << c.words;
        EXPECT_TRUE(read.error().message.contains(QLatin1String(c.words)))
            << c.words << ": " << read.error().message.toStdString();
    }
}

TEST(NpyArray, HeaderVersionsAndSpacingNumPyMayWrite)
{
    QByteArray one(8, '\0');
    const double x = -2.5;
    std::memcpy(one.data(), &x, 8);
    for (char major : {char(1), char(2), char(3)}) {
        const auto read = readBytes(npy("{\"descr\":'<f8',  'fortran_order' : False,'shape':(1,)}   \n", one, major));
        ASSERT_TRUE(read.ok()) << int(major) << read.error().describe().toStdString();
        double got = 0;
        read.value().decodeDoubles(0, 1, &got);
        EXPECT_EQ(got, x);
    }
    const auto scalar = readBytes(npy("{'descr': '<f8', 'fortran_order': False, 'shape': (), }", one));
    ASSERT_TRUE(scalar.ok());
    EXPECT_EQ(scalar.value().elementCount(), 1);
    EXPECT_EQ(scalar.value().header().shapeText(), QStringLiteral("()"));
}

TEST(NpyArray, EveryNaNBecomesTheNaNAScenarioFileReadsAs)
{
    // Found by the npzscenario fuzzer: a NaN with its sign bit set was kept, and a capture saved as
    // JSON ("NaN") then read back as different bits.
    const double canonical = std::numeric_limits<double>::quiet_NaN();
    const auto decoded = [](const char *descr, const QByteArray &bits) {
        const auto read = readBytes(npy(QByteArray("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (1,), }",
                                        bits));
        EXPECT_TRUE(read.ok()) << descr;
        double value = 0;
        if (read.ok())
            read.value().decodeDoubles(0, 1, &value);
        return value;
    };
    const auto same = [](double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; };
    EXPECT_TRUE(same(decoded("<f8", QByteArray("\x01\x00\x00\x00\x00\x00\xf8\xff", 8)), canonical));
    EXPECT_TRUE(same(decoded(">f8", QByteArray("\xff\xf0\x00\x00\x00\x00\x00\x01", 8)), canonical));
    EXPECT_TRUE(same(decoded("<f4", QByteArray("\x01\x00\xc0\xff", 4)), canonical));
    EXPECT_TRUE(same(decoded("<f2", QByteArray("\x01\xfe", 2)), canonical));
    EXPECT_TRUE(same(halfToDouble(0xfc01), canonical));
    EXPECT_EQ(decoded("<f2", QByteArray("\x00\xfc", 2)), -std::numeric_limits<double>::infinity());
}
