#include "allheadspainter.h"

#include "heatmapimage.h"
#include "textfit.h"
#include "theme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace attnlens {

void AllHeadsPainter::paint(QPainter &painter, const AllHeadsFrame &frame)
{
    if (!frame.layout || !frame.theme)
        return;
    const AllHeadsLayout &layout = *frame.layout;
    const Theme &theme = *frame.theme;
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(frame.font);
    const QFontMetricsF fm(frame.font);

    if (!layout.titleRect.isEmpty()) {
        QFont bold(frame.font);
        bold.setBold(true);
        painter.setFont(bold);
        painter.setPen(theme.textColor());
        painter.drawText(layout.titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                         fittedText({frame.title}, bold, layout.titleRect.width()));
        painter.setFont(frame.font);
    }

    if (!frame.refusal.isEmpty()) {
        painter.setPen(theme.errorText());
        const QRectF room = layout.bounds.adjusted(layout.lineHeight, layout.titleRect.bottom() - layout.bounds.top()
                                                       + layout.lineHeight,
                                                   -layout.lineHeight, -layout.lineHeight);
        painter.drawText(room, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, frame.refusal);
        painter.restore();
        return;
    }

    for (int head = 0; head < layout.matrixRects.size(); ++head)
        paintTile(painter, frame, head);

    if (!layout.readoutRect.isEmpty() && !frame.readout.isEmpty()) {
        painter.setPen(frame.readoutIsHint ? theme.hintColor() : theme.textColor());
        painter.drawText(layout.readoutRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, frame.readout);
    }
    paintEntropy(painter, frame);
    painter.restore();
}

void AllHeadsPainter::paintTile(QPainter &painter, const AllHeadsFrame &frame, int head)
{
    const AllHeadsLayout &layout = *frame.layout;
    const Theme &theme = *frame.theme;
    const QRectF matrix = layout.matrixRects[head];
    const QRectF label = layout.labelRects[head];
    const bool selected = head == frame.selectedHead;
    const double line = std::max(1.0, frame.lineWidthFactor);

    // The name: on a band of the selection colour for the selected head.
    QFont font(frame.font);
    font.setBold(selected);
    painter.setFont(font);
    const QString name = head < frame.tileLabels.size() ? frame.tileLabels[head] : QString();
    const QString bare = head < frame.headNames.size() ? frame.headNames[head] : QString();
    // Never shortened with "…" (presentation mode refuses a text size that cuts a label): the
    // name without its number, else the number alone; the tooltip has the whole name.
    QString shown;
    for (const QString &candidate : {name, bare, barNumber(head)}) {
        if (!candidate.isEmpty() && QFontMetricsF(font).horizontalAdvance(candidate) <= label.width() - 6) {
            shown = candidate;
            break;
        }
    }
    if (!label.isEmpty()) {
        if (selected) {
            painter.fillRect(label.adjusted(0, 1, 0, -2), frame.selectionColor);
            painter.setPen(frame.selectionTextColor);
        } else {
            painter.setPen(theme.textColor());
        }
        if (!shown.isEmpty())
            painter.drawText(label.adjusted(3, 0, -3, -2), Qt::AlignHCenter | Qt::AlignVCenter, shown);
    }
    painter.setFont(frame.font);

    // The cells: the head's image, one pixel per cell, scaled without smoothing.
    const HeatmapImage *image = frame.images && head < static_cast<int>(frame.images->size())
        ? &(*frame.images)[head]
        : nullptr;
    if (image && !image->cells().isNull()) {
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        painter.drawImage(matrix, image->cells());
        // Masked cells are hatched, never read as a weight of 0, when they are big enough to show it.
        if (!image->mask().isNull() && layout.cellSize >= 6) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(QBrush(theme.hatchColor(), Qt::BDiagPattern));
            for (int row = 0; row < image->rows(); ++row) {
                const uchar *maskLine = image->mask().constScanLine(row);
                for (int column = 0; column < image->columns(); ++column) {
                    if (maskLine[column])
                        painter.drawRect(layout.cellRect(head, row, column));
                }
            }
        }
        painter.restore();
    }
    painter.setPen(QPen(theme.frameColor(), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(matrix.adjusted(-0.5, -0.5, 0.5, 0.5));

    if (selected) {
        const double width = std::round(3 * line);
        painter.setPen(QPen(frame.selectionColor, width));
        painter.drawRect(matrix.adjusted(-width / 2 - 1, -width / 2 - 1, width / 2 + 1, width / 2 + 1));
    }

    // The same cell in every tile, ringed light and dark so that it shows on any colour.
    const QRectF cell = layout.cellRect(head, frame.hoverQuery, frame.hoverKey);
    if (!cell.isEmpty()) {
        const double width = std::max(2.0, std::round(2 * line));
        const QRectF ring = cell.adjusted(-width / 2, -width / 2, width / 2, width / 2);
        painter.setPen(QPen(theme.cellRimDark(), width + 2));
        painter.drawRect(ring);
        painter.setPen(QPen(theme.highlightColor(), width));
        painter.drawRect(ring);
    }

    if (head == frame.focusedHead) {
        QPen dashed(theme.textColor(), std::max(1.0, std::round(line)), Qt::DashLine);
        painter.setPen(dashed);
        painter.drawRect(layout.tileRects[head].adjusted(-3, -2, 3, 3));
    }
}

void AllHeadsPainter::paintEntropy(QPainter &painter, const AllHeadsFrame &frame)
{
    const AllHeadsLayout &layout = *frame.layout;
    const Theme &theme = *frame.theme;
    if (layout.barSlots.isEmpty() || frame.entropies.size() != layout.barSlots.size())
        return;
    painter.setPen(theme.textColor());
    painter.drawText(layout.entropyTitleRect, Qt::AlignHCenter | Qt::AlignVCenter,
                     fittedText({frame.entropyTitle, frame.entropyShortTitle}, frame.font,
                                layout.entropyTitleRect.width()));
    const QRectF plot = layout.entropyPlotRect;
    const QFontMetricsF fm(frame.font);
    // The bars stand below a line's room for their values.
    const double top = plot.top() + fm.height();
    const double room = std::max(1.0, plot.bottom() - top);
    const double scale = frame.entropyScale > 0 ? frame.entropyScale : 1.0;
    const QColor bar = theme.hintColor();
    QFont boldFont(frame.font);
    boldFont.setBold(true);
    const double numberWidth = QFontMetricsF(boldFont).horizontalAdvance(barNumber(int(layout.barSlots.size()) - 1)) + 4;
    const double slotWidth = layout.barSlots.first().width();
    const int numberStep = std::max(1, static_cast<int>(std::ceil(numberWidth / std::max(1.0, slotWidth))));
    // The full height: every key alike. Dotted across the bars, named on its left when it fits.
    painter.setPen(QPen(theme.gridColor(), 1, Qt::DotLine));
    const double full = std::round(top) + 0.5;
    painter.drawLine(QPointF(plot.left(), full), QPointF(plot.right(), full));
    const double scaleWidth = fm.horizontalAdvance(frame.entropyScaleText) + 6;
    if (!frame.entropyScaleText.isEmpty() && plot.left() - layout.bounds.left() >= scaleWidth + 4) {
        painter.setPen(theme.hintColor());
        painter.drawText(QRectF(plot.left() - scaleWidth, full - fm.height() / 2, scaleWidth - 6, fm.height()),
                         Qt::AlignRight | Qt::AlignVCenter, frame.entropyScaleText);
    }
    for (int head = 0; head < layout.barSlots.size(); ++head) {
        const QRectF slot = layout.barSlots[head];
        const double value = std::clamp(frame.entropies[head] / scale, 0.0, 1.0);
        const double height = std::max(1.0, std::round(value * room));
        const double width = std::max(1.0, std::round(0.7 * slot.width()));
        const QRectF rect(std::round(slot.center().x() - width / 2), plot.bottom() - height, width, height);
        painter.fillRect(rect, head == frame.selectedHead ? frame.selectionColor : bar);
        const QString valueText = QString::number(frame.entropies[head], 'f', 2);
        if (fm.horizontalAdvance(valueText) <= slot.width()) {
            painter.setPen(theme.textColor());
            painter.drawText(QRectF(slot.left(), rect.top() - fm.height(), slot.width(), fm.height()),
                             Qt::AlignHCenter | Qt::AlignBottom, valueText);
        }
        // With many heads in little room, every numberStep-th head is numbered.
        if (head % numberStep == 0) {
            QFont font(frame.font);
            font.setBold(head == frame.selectedHead);
            painter.setFont(font);
            painter.setPen(theme.textColor());
            // As wide as the number, centred under its bar (a slot may be narrower than the text).
            const QRectF slotRect = layout.barNumberRects[head];
            const QRectF numberRect(slotRect.center().x() - numberWidth / 2, slotRect.top(), numberWidth,
                                    slotRect.height());
            painter.drawText(numberRect, Qt::AlignHCenter | Qt::AlignTop, barNumber(head));
            painter.setFont(frame.font);
        }
    }
    painter.setPen(QPen(theme.frameColor(), 1));
    painter.drawLine(QPointF(plot.left(), plot.bottom() + 0.5), QPointF(plot.right(), plot.bottom() + 0.5));
}

} // namespace attnlens
