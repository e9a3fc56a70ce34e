#include "textprobe.h"

#include <QFontInfo>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainterPath>
#include <QPixmap>
#include <QWidget>

#include <cmath>

namespace attnlens {

namespace {

// A paint engine that draws nothing and writes down every text item it is given. It claims every
// feature, so that QPainter hands it text as text instead of emulating it with paths or images.
class RecordingEngine : public QPaintEngine {
public:
    RecordingEngine()
        : QPaintEngine(QPaintEngine::AllFeatures)
    {
    }

    bool begin(QPaintDevice *) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState &state) override
    {
        if (state.state() & QPaintEngine::DirtyTransform)
            m_transform = state.transform();
    }

    void drawTextItem(const QPointF &p, const QTextItem &item) override
    {
        const QString text = item.text();
        if (text.trimmed().isEmpty())
            return;
        const QRectF local(p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent());
        const QRectF rect = m_transform.mapRect(local);
        const double scale = std::sqrt(std::abs(m_transform.determinant()));
        const QRectF clip = systemClip().isEmpty() ? QRectF() : QRectF(systemClip().boundingRect());
        if (!clip.isEmpty() && !clip.intersects(rect))
            return;  // scrolled out of sight or behind the widget's edge
        const bool turned = std::abs(m_transform.m12()) > 1e-9 || std::abs(m_transform.m21()) > 1e-9;
        texts.append({text, rect, clip, QFontInfo(item.font()).pixelSize() * scale, turned});
    }

    void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}
    void drawImage(const QRectF &, const QImage &, const QRectF &, Qt::ImageConversionFlags) override {}
    void drawTiledPixmap(const QRectF &, const QPixmap &, const QPointF &) override {}
    void drawPath(const QPainterPath &) override {}
    void drawPolygon(const QPointF *, int, PolygonDrawMode) override {}
    void drawPolygon(const QPoint *, int, PolygonDrawMode) override {}
    void drawRects(const QRectF *, int) override {}
    void drawRects(const QRect *, int) override {}
    void drawLines(const QLineF *, int) override {}
    void drawLines(const QLine *, int) override {}
    void drawEllipse(const QRectF &) override {}
    void drawEllipse(const QRect &) override {}
    void drawPoints(const QPointF *, int) override {}
    void drawPoints(const QPoint *, int) override {}

    QVector<DrawnText> texts;

private:
    QTransform m_transform;
};

class RecordingDevice : public QPaintDevice {
public:
    explicit RecordingDevice(const QSize &size)
        : m_size(size)
    {
    }
    QPaintEngine *paintEngine() const override { return &m_engine; }
    RecordingEngine &engine() { return m_engine; }

protected:
    int metric(PaintDeviceMetric metric) const override
    {
        switch (metric) {
        case PdmWidth: return m_size.width();
        case PdmHeight: return m_size.height();
        case PdmWidthMM: return int(m_size.width() * 25.4 / 96);
        case PdmHeightMM: return int(m_size.height() * 25.4 / 96);
        case PdmNumColors: return 0x7fffffff;
        case PdmDepth: return 32;
        case PdmDpiX:
        case PdmDpiY:
        case PdmPhysicalDpiX:
        case PdmPhysicalDpiY: return 96;
        case PdmDevicePixelRatio: return 1;
        case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
        }
        return 0;
    }

private:
    QSize m_size;
    mutable RecordingEngine m_engine;
};

} // namespace

QVector<DrawnText> drawnTexts(QWidget *widget)
{
    RecordingDevice device(widget->size());
    widget->render(&device, QPoint(), QRegion(), QWidget::DrawChildren);
    return device.engine().texts;
}

bool isCut(const DrawnText &text)
{
    if (text.text.contains(QChar(0x2026)))
        return true;
    if (text.clip.isEmpty())
        return false;
    // Along the line: a scroll area may cut a line of text off at its top or bottom edge, but a
    // turned title runs along the height, so there both ends count.
    if (text.rect.left() < text.clip.left() - 1 || text.rect.right() > text.clip.right() + 1)
        return true;
    return text.turned && (text.rect.top() < text.clip.top() - 1 || text.rect.bottom() > text.clip.bottom() + 1);
}

} // namespace attnlens
