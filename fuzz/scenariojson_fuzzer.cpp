// libFuzzer harness for the scenario JSON loader (parseScenario, behind File > Open, the
// command line, --evidence and --export): any bytes are either refused with a message or give
// a scenario that passes fuzz::checkAcceptedScenario.
#include "fuzzchecks.h"

#include "scenariojson.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace attnlens;
    const QByteArray json = QByteArray::fromRawData(reinterpret_cast<const char *>(data),
                                                    static_cast<qsizetype>(size));
    const Result<Scenario> scenario = parseScenario(json, QStringLiteral("fuzz.json"));
    if (scenario)
        fuzz::checkAcceptedScenario(scenario.value());
    else
        fuzz::checkRefusal(scenario.error());
    return 0;
}
