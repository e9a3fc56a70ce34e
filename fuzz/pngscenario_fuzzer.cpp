// libFuzzer harness for the PNG scenario reader (core/pngtext.cpp's chunk walker and
// parsePngScenario, with the scenario file reference of core/scenarioreference.cpp, which bytes
// alone never follow to a file): any bytes are refused with a message or give a scenario that passes
// fuzz::checkAcceptedScenario, and a text chunk is never returned larger than the limit given.
// Each input is read twice: as it is, and with the CRC of every complete chunk recomputed, so
// that mutations inside a chunk reach the text and JSON parsers instead of stopping at the CRC.
#include "fuzzchecks.h"

#include "pngtext.h"
#include "scenariojson.h"

#include <zlib.h>

#include <cstddef>
#include <cstdint>

namespace {

quint32 readBigEndian(const char *bytes)
{
    const auto *b = reinterpret_cast<const unsigned char *>(bytes);
    return (quint32(b[0]) << 24) | (quint32(b[1]) << 16) | (quint32(b[2]) << 8) | quint32(b[3]);
}

/// The bytes with the CRC of every chunk that is wholly present set to the right value.
QByteArray withFixedCrcs(QByteArray png)
{
    qsizetype at = 8;
    while (at + 12 <= png.size()) {
        const quint32 length = readBigEndian(png.constData() + at);
        if (length > quint32(png.size() - at - 12))
            break;
        const uLong crc = crc32(0L, reinterpret_cast<const Bytef *>(png.constData() + at + 4),
                                uInt(length + 4));
        char *out = png.data() + at + 8 + length;
        for (int i = 0; i < 4; ++i)
            out[i] = char((crc >> (24 - 8 * i)) & 0xff);
        at += 12 + qsizetype(length);
    }
    return png;
}

void checkPng(const QByteArray &png)
{
    using namespace attnlens;
    const Result<Scenario> scenario = parsePngScenario(png, QStringLiteral("fuzz.png"));
    if (scenario)
        fuzz::checkAcceptedScenario(scenario.value());
    else
        fuzz::checkRefusal(scenario.error());

    // A small limit: the scenario text of every seed figure is longer, so the refusal of text
    // that inflates past its limit is reached from the seeds on.
    constexpr qint64 limit = 256;
    const Result<std::optional<QByteArray>> text =
        findPngText(png, kPngScenarioKey, limit, QStringLiteral("fuzz.png"));
    if (text) {
        if (text.value())
            fuzz::require(text.value()->size() <= limit, "a text chunk stays within its limit");
    } else {
        fuzz::checkRefusal(text.error());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray png(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    checkPng(png);
    checkPng(withFixedCrcs(png));
    return 0;
}
