// libFuzzer harness for NumPy captures: any bytes read as a .npz archive (libzip, then the .npy
// headers, the mask conventions and the labels) are refused with a message or give a scenario
// that passes fuzz::checkAcceptedScenario; the same bytes read as one .npy array are refused with
// a message or give an array whose data is exactly what its header says.
#include "fuzzchecks.h"

#include "npyarray.h"
#include "numpyscenario.h"

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace {

void checkNpy(const QByteArray &bytes)
{
    using namespace attnlens;
    qint64 position = 0;
    const NpyReadFunction read = [&](char *buffer, qint64 size) {
        const qint64 count = std::min<qint64>(size, bytes.size() - position);
        std::memcpy(buffer, bytes.constData() + position, size_t(count));
        position += count;
        return count;
    };
    // A small data limit, so that the refusal of large shapes is reached from the seeds on.
    const Result<NpyArray> array = NpyArray::read(QStringLiteral("q"), read, bytes.size(),
                                                  QStringLiteral("fuzz.npy"), 1 << 16, nullptr);
    if (!array) {
        fuzz::checkRefusal(array.error());
        return;
    }
    const NpyHeader &header = array.value().header();
    fuzz::require(header.headerBytes + header.dataBytes == bytes.size(), "the data is what the header says");
    if (array.value().dtype().isFloat() && header.elementCount > 0) {
        std::vector<double> values(size_t(header.elementCount));
        array.value().decodeDoubles(0, header.elementCount, values.data());
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    using namespace attnlens;
    const QByteArray bytes(reinterpret_cast<const char *>(data), static_cast<qsizetype>(size));
    const Result<NumpyScenario> read = readNumpyScenarioFromNpz(bytes, QStringLiteral("fuzz.npz"));
    if (read)
        fuzz::checkAcceptedScenario(read.value().scenario);
    else
        fuzz::checkRefusal(read.error());
    checkNpy(bytes);
    return 0;
}
