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

WebPWriter::WebPWriter(const ByteSink &sink)
    : AnimationWriter(sink)
{
}

WebPWriter::~WebPWriter()
{
    if (m_encoder)
        WebPAnimEncoderDelete(m_encoder);
}

bool WebPWriter::addFrame(const QImage &frame, int delayMs)
{
    if (const auto problem = frameProblem(frame, m_encoder ? m_held.size() : QSize())) {
        setError(*problem);
        return false;
    }
    QImage argb = frame.convertToFormat(QImage::Format_ARGB32);
    delayMs = std::max(0, delayMs);
    if (!m_encoder) {
        if (argb.width() > WEBP_MAX_DIMENSION || argb.height() > WEBP_MAX_DIMENSION) {
            setError(QCoreApplication::translate("attnlens::Animation", "A WebP can be at most %1 pixels wide and high.")
                         .arg(WEBP_MAX_DIMENSION));
            return false;
        }
        WebPAnimEncoderOptions options;
        if (!WebPAnimEncoderOptionsInit(&options)) {
            setError(webpError(QStringLiteral("version mismatch")));
            return false;
        }
        options.anim_params.loop_count = 0;  // forever
        options.allow_mixed = 0;
        m_encoder = WebPAnimEncoderNew(argb.width(), argb.height(), &options);
        if (!m_encoder) {
            setError(webpError(QStringLiteral("out of memory")));
            return false;
        }
    }
    countAdded();
    if (!m_held.isNull() && argb == m_held) {
        m_heldDelayMs += delayMs;
        ++m_heldInputs;
        return true;
    }
    if (!m_held.isNull() && !encodeHeld())
        return false;
    // The text (a figure's scenario) is not encoded: the held frame need not keep it.
    for (const QString &key : argb.textKeys())
        argb.setText(key, QString());
    m_held = argb;
    m_heldDelayMs = delayMs;
    m_heldInputs = 1;
    return true;
}

bool WebPWriter::encodeHeld()
{
    WebPConfig config;
    if (!WebPConfigInit(&config)) {
        setError(webpError(QStringLiteral("version mismatch")));
        return false;
    }
    config.lossless = 1;
    config.exact = 1;   // keep the colour under transparent pixels: the pixels are exactly ours
    config.quality = 50;  // lossless: effort, not loss
    config.method = 2;
    WebPPicture picture;
    if (!WebPPictureInit(&picture)) {
        setError(webpError(QStringLiteral("version mismatch")));
        return false;
    }
    picture.use_argb = 1;
    picture.width = m_held.width();
    picture.height = m_held.height();
    // QImage's ARGB32 is 0xAARRGGBB in native words, WebP's argb the same.
    if (!WebPPictureAlloc(&picture)) {
        setError(webpError(QStringLiteral("out of memory")));
        return false;
    }
    for (int y = 0; y < picture.height; ++y) {
        const uint32_t *line = reinterpret_cast<const uint32_t *>(m_held.constScanLine(y));
        std::copy(line, line + picture.width, picture.argb + std::size_t(y) * picture.argb_stride);
    }
    const bool added = WebPAnimEncoderAdd(m_encoder, &picture, m_timestampMs, &config);
    WebPPictureFree(&picture);
    if (!added) {
        setError(webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder))));
        return false;
    }
    m_timestampMs += m_heldDelayMs;
    ++m_frameCount;
    return reportEncoded(m_heldInputs);
}

bool WebPWriter::finish()
{
    if (!m_encoder || m_held.isNull()) {
        if (errorString().isEmpty())
            setError(QCoreApplication::translate("attnlens::Animation", "The animation has no frames."));
        return false;
    }
    if (!encodeHeld())
        return false;
    m_held = QImage();
    // The last frame's end.
    if (!WebPAnimEncoderAdd(m_encoder, nullptr, m_timestampMs, nullptr)) {
        setError(webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder))));
        return false;
    }
    WebPData data;
    WebPDataInit(&data);
    if (!WebPAnimEncoderAssemble(m_encoder, &data)) {
        setError(webpError(QString::fromUtf8(WebPAnimEncoderGetError(m_encoder))));
        return false;
    }
    // The encoder's copy of the frames is not needed once the file is assembled.
    WebPAnimEncoderDelete(m_encoder);
    m_encoder = nullptr;
    const bool written = write(reinterpret_cast<const char *>(data.bytes), qint64(data.size));
    WebPDataClear(&data);
    return written;
}

} // namespace attnlens
