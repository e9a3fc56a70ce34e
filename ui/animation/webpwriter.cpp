#include "webpwriter.h"

#include <QCoreApplication>

#include <webp/encode.h>
#include <webp/mux.h>

#include <algorithm>

namespace attnlens {

namespace {

QString webpError(const QString &detail)
{
    return QCoreApplication::translate("attnlens::Animation", "The WebP encoder failed: %1").arg(detail);
}

} // namespace

WebPWriter::WebPWriter() = default;

WebPWriter::~WebPWriter()
{
    if (m_encoder)
        WebPAnimEncoderDelete(m_encoder);
}

bool WebPWriter::addFrame(const QImage &frame, int delayMs)
{
    if (const auto problem = frameProblem(frame, m_encoder ? m_held.size() : QSize())) {
        m_error = *problem;
        return false;
    }
    const QImage argb = frame.convertToFormat(QImage::Format_ARGB32);
    delayMs = std::max(0, delayMs);
    if (!m_encoder) {
        if (argb.width() > WEBP_MAX_DIMENSION || argb.height() > WEBP_MAX_DIMENSION) {
            m_error = QCoreApplication::translate("attnlens::Animation", "A WebP can be at most %1 pixels wide and high.")
                          .arg(WEBP_MAX_DIMENSION);
            return false;
        }
        WebPAnimEncoderOptions options;
        if (!WebPAnimEncoderOptionsInit(&options)) {
            m_error = webpError(QStringLiteral("version mismatch"));
            return false;
        }
        options.anim_params.loop_count = 0;  // forever
        options.allow_mixed = 0;
        m_encoder = WebPAnimEncoderNew(argb.width(), argb.height(), &options);
        if (!m_encoder) {
            m_error = webpError(QStringLiteral("out of memory"));
            return false;
        }
    }
    if (!m_held.isNull() && argb == m_held) {
        m_heldDelayMs += delayMs;
        return true;
    }
    if (!m_held.isNull() && !encodeHeld())
        return false;
    m_held = argb;
    m_heldDelayMs = delayMs;
    return true;
}

bool WebPWriter::encodeHeld()
{
    WebPConfig config;
    if (!WebPConfigInit(&config)) {
        m_error = webpError(QStringLiteral("version mismatch"));
        return false;
    }
    config.lossless = 1;
    config.exact = 1;   // keep the colour under transparent pixels: the pixels are exactly ours
    config.quality = 50;  // lossless: effort, not loss
    config.method = 2;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        m_error = webpError(QStringLiteral("version mismatch"));
        return false;
    }
    picture.use_argb = 1;
    picture.width = m_held.width();
    picture.height = m_held.height();
    // QImage's ARGB32 is 0xAARRGGBB in native words, WebP's argb the same.
    if (!WebPPictureAlloc(&picture)) {
        m_error = webpError(QStringLiteral("out of memory"));
        return false;
    }
    for (int y = 0; y < picture.height; ++y) {
        const uint32_t *line = reinterpret_cast<const uint32_t *>(m_held.constScanLine(y));
        std::copy(line, line + picture.width, picture.argb + std::size_t(y) * picture.argb_stride);
    }
    const bool added = WebPAnimEncoderAdd(m_encoder, &picture, m_timestampMs, &config);
    WebPPictureFree(&picture);
    if (!added) {
        m_error = webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder)));
        return false;
    }
    m_timestampMs += m_heldDelayMs;
    ++m_frameCount;
    return true;
}

QByteArray WebPWriter::finish()
{
    if (!m_encoder || m_held.isNull()) {
        if (m_error.isEmpty())
            m_error = QCoreApplication::translate("attnlens::Animation", "The animation has no frames.");
        return QByteArray();
    }
    if (!encodeHeld())
        return QByteArray();
    m_held = QImage();
    // The last frame's end.
    if (!WebPAnimEncoderAdd(m_encoder, nullptr, m_timestampMs, nullptr)) {
        m_error = webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder)));
        return QByteArray();
    }
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(m_encoder, &data)) {
        m_error = webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder)));
        return QByteArray();
    }
    QByteArray output(reinterpret_cast<const char *>(data.bytes), qsizetype(data.size));
    WebPDataClear(&data);
    if (!reportEncoding(1, 1)) {
        m_error = QCoreApplication::translate("attnlens::AnimationExporter", "cancelled");
        return QByteArray();
    }
    return output;
}

} // namespace attnlens
