#pragma once

#include "keyspaceframe.h"
#include "matrixtypes.h"
#include "principalplane.h"

#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QStringList>
#include <QVector>

#include <memory>

namespace attnlens {

/// Everything a key-space picture shows, in pixels, for one target rectangle: where every key
/// and query tip is, the halos and projections of the selected query, and where each label goes.
/// Plain data built by KeySpaceSceneBuilder without any widget, drawn by KeySpacePainter, and
/// read by the view for hit testing. Indices are scenario rows; a point whose shown coordinates
/// are not finite keeps a slot but is flagged (keyFinite / tipFinite) and never drawn.
struct KeySpaceScene : KeySpaceFrame {
    /// The keys' principal plane while the frame shows it (principalPlane), else null: then the
    /// plane shows key coordinates horizontalDimension and verticalDimension.
    std::shared_ptr<const PrincipalPlane> plane;
    int selectedQuery = -1;
    int hoveredQuery = -1;
    int hoveredKey = -1;
    /// Beyond kDenseCount keys (queries) the plane is thinned so that it stays readable: only
    /// the keys that weigh most for the selected query are labelled and haloed, and the other
    /// queries are thin lines without heads or labels.
    bool denseKeys = false;
    bool denseQueries = false;
    QVector<QPointF> keyPoints;
    QVector<bool> keyFinite;
    /// Masked for the selected query: drawn hollow and grey, labelled "masked", no halo.
    QVector<bool> keyMasked;
    QVector<double> haloRadii;
    QVector<double> haloAlphas;
    QVector<bool> haloDrawn;
    /// q·k of the selected query with every key (NaN where it cannot be formed).
    QVector<double> dots;
    /// The dot products are kept back until the lesson's reveal (their labels read "q·k = ?").
    bool dotsHidden = false;
    QVector<QPointF> projectionFeet;
    QVector<bool> showProjection;
    /// The keys that weigh most for the selected query, heaviest first (all keys when few).
    QVector<int> rankedKeys;
    QLineF queryDirectionLine;
    QVector<QPointF> tails;
    QVector<QPointF> tips;
    QVector<bool> tipFinite;
    QVector<QRectF> keyLabelRects;
    QVector<QStringList> keyLabelLines;
    QVector<QRectF> queryLabelRects;
    QVector<QStringList> queryLabelLines;
    /// The labels' font and line height: the metrics' own, or smaller where those left a label
    /// without a place or over an arrow (never under metrics.smallestLabelPixels).
    QFont labelFont;
    double labelLineHeight = 16.0;
    /// Thin lines from a point to its label where the label had to move away from it.
    QVector<QLineF> leaders;

    /// Where the key-space point `row` lies in the shown plane: its projection onto the principal
    /// plane, or its two shown coordinates (0 for a dimension that is not there).
    QPointF shownCoordinates(const Eigen::RowVectorXd &row) const;
    /// `row` moved so that it is shown at `data`: within the principal plane (its component
    /// outside the plane unchanged), or with its two shown coordinates replaced. A non-finite
    /// coordinate of `data` leaves the row as it was along that axis.
    Eigen::RowVectorXd withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data) const;

    /// Pixel position of a point of the shown plane (x along the horizontal dimension, y along
    /// the vertical one; y is ignored on the number line) and back.
    QPointF toPixel(const QPointF &data) const;
    QPointF toData(const QPointF &pixel) const;

    /// Where query `queryRow`'s arrow tip / key `keyRow`'s point is; a null point when there is
    /// no such row.
    QPointF tipPosition(int queryRow) const;
    QPointF keyPosition(int keyRow) const;
    /// Moves one tip (key) to the shown coordinates `data` without rebuilding the rest: a drag
    /// step, before the result that moves halos and labels arrives.
    void moveTip(int queryRow, const QPointF &data);
    void moveKey(int keyRow, const QPointF &data);

    /// The halo radius in pixels of key `keyRow`; 0 without a halo.
    double haloRadius(int keyRow) const;
    QRectF keyLabelRect(int keyRow) const;
    QRectF queryLabelRect(int queryRow) const;
    bool isKeyLabelled(int keyRow) const { return !keyLabelRect(keyRow).isNull(); }
    bool isQueryLabelled(int queryRow) const { return !queryLabelRect(queryRow).isNull(); }

    /// The query whose tip is nearest `pos` within the hit radius (the selected query wins
    /// ties: it is drawn on top), or -1.
    int queryTipAt(const QPointF &pos) const;
    /// The key nearest `pos` within the hit radius, or -1.
    int keyAt(const QPointF &pos) const;

    /// Whether every finite key and tip lies inside the plot, a point's radius from its edge.
    bool allPointsVisible() const;

    /// The rectangles of the texts the scene writes: tick values, axis titles, the caption, the
    /// note and every key and query label (as the glyphs take them, not the box a text is
    /// centred in).
    QVector<QRectF> textRects() const;
};

} // namespace attnlens
