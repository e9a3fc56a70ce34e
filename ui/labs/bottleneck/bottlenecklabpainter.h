#pragma once

#include "matrixtypes.h"

#include <QCoreApplication>
#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>

class QPainter;

namespace attnlens {

struct AttentionResult;
struct Scenario;
class Theme;

/// Lays out and draws the bottleneck lab into any QPainter (the lab's paintEvent and a figure
/// export alike), with no widget: a headline, two planes side by side — the keys with the
/// queries as arrows from the origin (where a query is dragged) and the values with the
/// contexts — and a table with one row per query. In the value plane the fixed contexts of a
/// final-state encoder (the last value: a square; the mean of the values: a diamond) are drawn
/// once, in black, because every query gets them; each query's attention context C = AV is a dot
/// in that query's colour, with lines to the values as thick as its weights for the selected one.
/// The table gives each query's context and its distance from the mean; the fixed contexts'
/// coordinates are in the headline (the same for every row).
///
/// The planes need 2-D keys and values; for other shapes only the headline and the table are
/// drawn, with a note.
class BottleneckLabPainter {
    Q_DECLARE_TR_FUNCTIONS(attnlens::BottleneckLabPainter)

public:
    /// Where everything goes, in the painter's coordinates.
    struct Frame {
        QRectF headline;
        QRectF keyPlane;    ///< square; empty when the planes are not drawn
        QRectF valuePlane;  ///< square; empty when the planes are not drawn
        QRectF table;
        double keyRange = 1.0;    ///< data units from the centre to the key plane's edge
        double valueRange = 1.0;  ///< the same for the value plane
        double lineHeight = 16.0;

        bool hasPlanes() const { return !keyPlane.isEmpty() && !valuePlane.isEmpty(); }
        QPointF keyToPoint(double x, double y) const;
        QPointF pointToKey(const QPointF &point) const;
        QPointF valueToPoint(double x, double y) const;
    };

    /// What is drawn besides the scenario and its result.
    struct State {
        int selectedQuery = 0;
        bool keyboardFocus = false;  ///< ring the selected query's tip (the keyboard moves it)
        /// A lesson step asks where the contexts lie (predict first): the contexts' dots and
        /// their weight lines, their coordinates and distances and the widest gap are left out.
        bool concealContexts = false;
    };

    /// The frame for `rect` in `font`. `keyRange` is the key plane's half-width in data units
    /// (bottleneckKeyRange(), kept still by the view during a drag).
    static Frame layout(const QRectF &rect, const QFont &font, const Scenario &scenario, double keyRange);

    /// A key plane half-width that shows the origin, every key and every query with a margin,
    /// rounded up to a half unit.
    static double fittedKeyRange(const Scenario &scenario);

    static void paint(QPainter &painter, const Frame &frame, const Scenario &scenario,
                      const AttentionResult *result, const State &state, const Theme &theme,
                      double lineWidthFactor, const QFont &font);

    /// A 2-D row as "[0.83, −0.41]" (2 decimals), any other length likewise.
    static QString vectorText(const Eigen::RowVectorXd &row);
    /// The headline's first line, longest first (the lab draws the first that fits): the two
    /// fixed contexts, which every query gets.
    static QStringList fixedTexts(const Scenario &scenario);
    /// The headline's second line, longest first: the widest pair of attention contexts and the
    /// threshold, or, while concealed, that they wait for the reveal.
    static QStringList spreadTexts(const Scenario &scenario, const AttentionResult *result, bool concealed);

private:
    static void paintPlaneBackground(QPainter &painter, const QRectF &plane, double range,
                                     const QString &title, const Theme &theme, double lineWidthFactor,
                                     const QFont &font, double lineHeight);
    static void paintKeyPlane(QPainter &painter, const Frame &frame, const Scenario &scenario,
                              const State &state, const Theme &theme, double lineWidthFactor,
                              const QFont &font);
    static void paintValuePlane(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                const AttentionResult *result, const State &state, const Theme &theme,
                                double lineWidthFactor, const QFont &font);
    static void paintFixedMarkers(QPainter &painter, const Frame &frame, const Scenario &scenario,
                                  const Theme &theme, double lineWidthFactor, double unit);
    static void paintTable(QPainter &painter, const Frame &frame, const Scenario &scenario,
                           const AttentionResult *result, const State &state, const Theme &theme,
                           const QFont &font);
};

} // namespace attnlens
