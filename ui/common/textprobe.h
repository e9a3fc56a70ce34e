#pragma once

#include <QRectF>
#include <QString>
#include <QVector>

class QWidget;

namespace attnlens {

/// One run of text as a widget painted it.
struct DrawnText {
    QString text;
    QRectF rect;        ///< in the probed widget's coordinates (ascent to descent, advance width)
    QRectF clip;        ///< the painted widget's visible area, in the same coordinates
    double pixelSize;   ///< the font's pixel size times the painter's scale
    bool turned = false;  ///< drawn turned (an upright axis title), so it runs along the height
};

/// Paints `widget` and its visible children into a recording paint device and returns every text
/// that the painting drew (labels, chart titles, axis ticks, the views' own painted numbers), with
/// its size in pixels. Only text inside the painted widget's visible area is returned. Presentation
/// mode uses it to refuse a text size that would cut a label; the tests, to hold every text to
/// the size rule.
QVector<DrawnText> drawnTexts(QWidget *widget);

/// Whether `text` was shortened with an ellipsis or drawn past its widget's visible edge.
bool isCut(const DrawnText &text);

} // namespace attnlens
