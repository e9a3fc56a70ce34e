#pragma once

#include <QColor>
#include <QFont>
#include <QString>
#include <QStringList>
#include <QVector>

class QChart;
class QGraphicsPolygonItem;
class QGraphicsSimpleTextItem;

namespace attnlens {

/// A legend drawn on a chart that writes its entries in full where they fit (Qt Charts' own
/// legend cuts them short, "context = …", where it lacks room): a column right of the plot while
/// it takes at most a third of the chart's width and fits its height, else rows under the plot,
/// as many as the entries need. Only an entry longer than a whole row is shortened, with its full
/// text as its tooltip. Each entry is a swatch (a square, or a diamond for a marker) and a text.
///
/// The legend's items belong to the chart; the chart makes room for the legend in its margins
/// (layout() says how much).
class ChartLegend {
public:
    enum class Swatch { Square, Diamond };
    /// Where the legend stands and how much room it takes there (beside or under the plot).
    struct Room {
        bool right = true;
        int width = 0;   ///< beside the plot (right), else 0
        int height = 0;  ///< under the plot (rows), else 0
    };

    explicit ChartLegend(QChart *chart);

    /// Removes every entry.
    void clear();
    void addEntry(const QString &text, const QColor &color, Swatch swatch, const QFont &font,
                  const QColor &textColor);
    int count() const { return static_cast<int>(m_entries.size()); }
    /// Sets the text of `entry` (written at the next layout()).
    void setEntryText(int entry, const QString &text);
    void setSwatchColor(int entry, const QColor &color);
    void setTextColor(const QColor &color);
    void setFont(const QFont &font);
    /// The entries as written.
    QStringList texts() const;
    bool isOnTheRight() const { return m_room.right; }

    /// Places the entries in `font` on a chart of `chartSize` with `margin` around its edges and
    /// a title band `titleHeight` high at its top, and returns the room they take.
    Room layout(const QFont &font, double chartWidth, double chartHeight, double titleHeight, double margin);

private:
    struct Entry {
        QGraphicsPolygonItem *swatch = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;  ///< a child of the swatch
        Swatch shape = Swatch::Square;
        QString fullText;
    };

    QChart *m_chart;
    QVector<Entry> m_entries;
    Room m_room;
};

} // namespace attnlens
