// Differential libFuzzer harness for the two scenario readers: the same bytes go to the fast
// reader (parseScenarioFast, simdjson), to the Qt reader (parseScenarioWithQt) and to
// parseScenario, which tries the first and falls back to the second. Their contract
// (scenariojsonfast.h, README "Files") is the same scenario or the same refusal: the fast reader
// takes only what the Qt reader accepts and gives the same scenario bit for bit, and
// parseScenario accepts exactly what the Qt reader accepts, with the same scenario, or refuses it
// in the same category with the same message.
#include "fuzzchecks.h"

#include "scenario.h"
#include "scenariojson.h"
#include "scenariojsonfast.h"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>

namespace {

using namespace attnlens;

void show(const char *reader, const Result<Scenario> &result)
{
    std::fprintf(stderr, "%s: %s\n", reader,
                 result ? "accepted" : qPrintable(result.error().describe()));
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString source = QStringLiteral("fuzz.json");
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data),
                                                    static_cast<qsizetype>(size));
    const Result<Scenario> qt = parseScenarioWithQt(json, source);
    const Result<Scenario> either = parseScenario(json, source);
    const std::optional<Scenario> fast = parseScenarioFast(json);
    if (either.ok() != qt.ok() || (!qt && either.error().category != qt.error().category)) {
        show("Qt reader", qt);
        show("parseScenario", either);
    }
    fuzz::require(either.ok() == qt.ok(), "parseScenario accepts exactly what the Qt reader accepts");
    if (qt) {
        fuzz::require(either.value() == qt.value(),
                      "parseScenario gives the Qt reader's scenario bit for bit");
    } else {
        fuzz::checkRefusal(qt.error());
        fuzz::require(either.error().category == qt.error().category,
                      "both readers refuse in the same category");
        fuzz::require(either.error().message == qt.error().message,
                      "both readers refuse with the same message");
    }
    if (fast) {
        if (!qt)
            show("Qt reader", qt);
        fuzz::require(qt.ok(), "the fast reader accepts only what the Qt reader accepts");
        fuzz::require(*fast == qt.value(), "the fast reader gives the Qt reader's scenario bit for bit");
    }

    // A file is read with room after its text, which simdjson then reads in place instead of
    // copying it (readFileBounded): whatever that room holds, the answer is the same.
    QByteArray roomy(json.size() + 64, ']');
    std::memcpy(roomy.data(), json.constData(), size_t(json.size()));
    roomy.resize(json.size());
    const std::optional<Scenario> inPlace = parseScenarioFast(roomy);
    fuzz::require(inPlace.has_value() == fast.has_value() && (!fast || *inPlace == *fast),
                  "the fast reader reads a text in place as it reads a copy of it");
    return 0;
}
