#include "chartlegend.h"

#include <QBrush>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsPolygonItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>

#include <algorithm>
#include <cmath>

namespace attnlens {

ChartLegend::ChartLegend(QChart *chart)
    : m_chart(chart)
{
}

void ChartLegend::clear()
{
    for (const Entry &entry : std::as_const(m_entries))
        delete entry.swatch;  // owns its text
    m_entries.clear();
}

void ChartLegend::addEntry(const QString &text, const QColor &color, Swatch swatch, const QFont &font,
                           const QColor &textColor)
{
    Entry entry;
    entry.swatch = new QGraphicsPolygonItem(m_chart);
    entry.swatch->setBrush(color);
    entry.swatch->setPen(Qt::NoPen);
    entry.shape = swatch;
    entry.text = new QGraphicsSimpleTextItem(entry.swatch);
    entry.text->setFont(font);
    entry.text->setBrush(textColor);
    entry.fullText = text;
    entry.text->setText(text);
    m_entries.append(entry);
}

void ChartLegend::setEntryText(int entry, const QString &text)
{
    if (entry >= 0 && entry < m_entries.size())
        m_entries[entry].fullText = text;
}

void ChartLegend::setSwatchColor(int entry, const QColor &color)
{
    if (entry >= 0 && entry < m_entries.size())
        m_entries.at(entry).swatch->setBrush(color);
}

void ChartLegend::setTextColor(const QColor &color)
{
    for (const Entry &entry : std::as_const(m_entries))
        entry.text->setBrush(color);
}

void ChartLegend::setFont(const QFont &font)
{
    for (const Entry &entry : std::as_const(m_entries))
        entry.text->setFont(font);
}

QStringList ChartLegend::texts() const
{
    QStringList texts;
    for (const Entry &entry : m_entries)
        texts.append(entry.text->text());
    return texts;
}

ChartLegend::Room ChartLegend::layout(const QFont &font, double chartWidth, double chartHeight, double titleHeight,
                                      double margin)
{
    const QFontMetricsF fm(font);
    const double lineHeight = std::ceil(fm.height() * 1.25);
    const double swatch = std::round(fm.height() * 0.6);
    const double swatchGap = std::round(fm.height() * 0.35);
    const double entryGap = std::round(fm.height() * 1.0);

    QVector<double> textWidths;
    double widest = 0.0;
    for (const Entry &entry : std::as_const(m_entries)) {
        textWidths.append(std::ceil(fm.horizontalAdvance(entry.fullText)) + 1);
        widest = std::max(widest, swatch + swatchGap + textWidths.constLast());
    }
    // A column on the right while it takes at most a third of the width and fits the height;
    // else rows under the plot, as many as the entries need.
    const double columnHeight = m_entries.size() * lineHeight;
    const bool right = widest + entryGap <= chartWidth / 3.0 && columnHeight <= chartHeight - titleHeight;
    const double available = std::max(1.0, chartWidth - 2 * margin);

    struct Placed { double x; double y; double textWidth; };
    QVector<Placed> placed;
    double legendWidth = 0.0;
    double legendHeight = 0.0;
    if (right) {
        for (int e = 0; e < m_entries.size(); ++e)
            placed.append({0.0, e * lineHeight, textWidths.at(e)});
        legendWidth = widest;
        legendHeight = columnHeight;
    } else {
        double x = 0.0;
        double y = 0.0;
        for (int e = 0; e < m_entries.size(); ++e) {
            const double textWidth = std::min(textWidths.at(e), available - swatch - swatchGap);
            const double entryWidth = swatch + swatchGap + textWidth;
            if (x > 0.0 && x + entryWidth > available) {
                x = 0.0;
                y += lineHeight;
            }
            placed.append({x, y, textWidth});
            x += entryWidth + entryGap;
        }
        legendWidth = available;
        legendHeight = m_entries.isEmpty() ? 0.0 : y + lineHeight;
    }

    const double left = right ? chartWidth - margin - legendWidth : margin;
    const double top = right ? std::max(titleHeight, (chartHeight - legendHeight) / 2)
                             : chartHeight - margin - legendHeight;
    for (int e = 0; e < m_entries.size(); ++e) {
        const Entry &entry = m_entries.at(e);
        const Placed &p = placed.at(e);
        const double half = swatch / 2;
        QPolygonF shape;
        if (entry.shape == Swatch::Diamond)
            shape << QPointF(half, 0) << QPointF(swatch, half) << QPointF(half, swatch) << QPointF(0, half);
        else
            shape << QPointF(0, 0) << QPointF(swatch, 0) << QPointF(swatch, swatch) << QPointF(0, swatch);
        entry.swatch->setPolygon(shape);
        entry.swatch->setPos(left + p.x, top + p.y + (lineHeight - swatch) / 2);
        const QString shown = fm.horizontalAdvance(entry.fullText) + 1 <= p.textWidth
            ? entry.fullText
            : fm.elidedText(entry.fullText, Qt::ElideRight, p.textWidth);
        entry.text->setText(shown);
        entry.swatch->setToolTip(shown == entry.fullText ? QString() : entry.fullText);
        entry.text->setPos(swatch + swatchGap, half - fm.height() / 2);
    }

    m_room.right = right;
    m_room.width = right ? static_cast<int>(std::ceil(widest + entryGap)) : 0;
    m_room.height = right ? 0 : static_cast<int>(std::ceil(legendHeight + 2));
    return m_room;
}

} // namespace attnlens
