#include "pngscenarioreader.h"

#include "scenariojson.h"

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>

namespace attnlens {

namespace {

const QByteArray kPngSignature("\x89PNG\r\n\x1a\n", 8);

} // namespace

bool looksLikePng(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) && file.read(kPngSignature.size()) == kPngSignature;
}

Result<Scenario> readPngScenario(const QString &path)
{
    const QString fileName = QFileInfo(path).fileName();
    QImageReader reader(path, "png");
    if (!reader.canRead()) {
        return Error{ErrorCategory::FileError,
                     QStringLiteral("%1: cannot be read as a PNG image: %2")
                         .arg(fileName, reader.errorString())};
    }
    const QString key = QLatin1String(kPngScenarioKey);
    // Text chunks written before the image data are known from the header alone; a chunk placed
    // after the pixels (other writers do that) is only seen once the image is decoded.
    QString json = reader.text(key);
    if (json.isEmpty()) {
        const QImage image = reader.read();
        if (image.isNull()) {
            return Error{ErrorCategory::FileError,
                         QStringLiteral("%1: cannot be read as a PNG image: %2")
                             .arg(fileName, reader.errorString())};
        }
        json = image.text(key);
    }
    if (json.isEmpty()) {
        return Error{ErrorCategory::InvalidScenario,
                     QStringLiteral("%1: this PNG was not made by Attention Lens (no scenario "
                                    "inside)")
                         .arg(fileName)};
    }
    return parseScenario(json.toUtf8(), fileName);
}

} // namespace attnlens
