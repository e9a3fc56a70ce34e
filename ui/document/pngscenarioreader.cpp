#include "pngscenarioreader.h"

#include "jsonfile.h"
#include "pngtext.h"
#include "scenariojson.h"

#include <QFile>
#include <QFileInfo>

namespace attnlens {

bool looksLikePng(const QString &path)
{
    // A FIFO or a device is never opened to look: that could wait for ever.
    if (!nonRegularFileKind(path).isEmpty())
        return false;
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && hasPngSignature(file.read(8));
}

Result<Scenario> readPngScenario(const QString &path)
{
    // The core's reader walks the PNG's chunks itself (no image decoding, every chunk length
    // checked before use), so a window, --evidence and --export all read a figure alike.
    const Result<QByteArray> bytes = readFileBounded(path, ScenarioLimits::maxFileBytes);
    if (!bytes)
        return bytes.error();
    return parsePngScenario(bytes.value(), QFileInfo(path).fileName());
}

} // namespace attnlens
