#include "keyspacescene.h"
#include "keyspacesafety.h"

#include "keyspacescenebuilder.h"
#include "textfit.h"

#include <QFontMetricsF>

#include <cmath>

namespace attnlens {

using keyspace::isFinitePoint;

QPointF KeySpaceScene::shownCoordinates(const Eigen::RowVectorXd &row) const
{
    if (plane && plane->dimension() == row.size()) {
        const Eigen::Vector2d shown = plane->project(row);
        return QPointF(shown(0), shown(1));
    }
    return KeySpaceSceneBuilder::shownCoordinates(row, horizontalDimension, verticalDimension);
}

Eigen::RowVectorXd KeySpaceScene::withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data) const
{
    if (plane && plane->dimension() == row.size())
        return plane->moveWithinPlane(row, Eigen::Vector2d(data.x(), data.y()));
    return KeySpaceSceneBuilder::withShownCoordinates(row, data, horizontalDimension, verticalDimension);
}

QPointF KeySpaceScene::toPixel(const QPointF &data) const
{
    if (lineMode)
        return QPointF(axes.toPixelX(data.x()), origin.y());
    return axes.toPixel(data);
}

QPointF KeySpaceScene::toData(const QPointF &pixel) const
{
    const QPointF data = axes.toData(pixel);
    return lineMode ? QPointF(data.x(), 0.0) : data;
}

QPointF KeySpaceScene::tipPosition(int queryRow) const
{
    if (queryRow < 0 || queryRow >= tips.size())
        return QPointF();
    return tips[queryRow];
}

QPointF KeySpaceScene::keyPosition(int keyRow) const
{
    if (keyRow < 0 || keyRow >= keyPoints.size())
        return QPointF();
    return keyPoints[keyRow];
}

void KeySpaceScene::moveTip(int queryRow, const QPointF &data)
{
    if (queryRow < 0 || queryRow >= tips.size())
        return;
    tipFinite[queryRow] = isFinitePoint(data);
    // On the number line each query keeps its own row above the line.
    tips[queryRow] = lineMode ? QPointF(axes.toPixelX(data.x()), tips[queryRow].y()) : axes.toPixel(data);
}

void KeySpaceScene::moveKey(int keyRow, const QPointF &data)
{
    if (keyRow < 0 || keyRow >= keyPoints.size())
        return;
    keyFinite[keyRow] = isFinitePoint(data);
    keyPoints[keyRow] = toPixel(data);
}

double KeySpaceScene::haloRadius(int keyRow) const
{
    if (keyRow < 0 || keyRow >= haloRadii.size())
        return 0.0;
    return haloRadii[keyRow];
}

QRectF KeySpaceScene::keyLabelRect(int keyRow) const
{
    return keyRow >= 0 && keyRow < keyLabelRects.size() ? keyLabelRects[keyRow] : QRectF();
}

QRectF KeySpaceScene::queryLabelRect(int queryRow) const
{
    return queryRow >= 0 && queryRow < queryLabelRects.size() ? queryLabelRects[queryRow] : QRectF();
}

int KeySpaceScene::queryTipAt(const QPointF &pos) const
{
    const int queryCount = int(tips.size());
    int best = -1;
    double bestDistance = metrics.hitRadius;
    // The selected query wins ties: it is drawn on top.
    auto consider = [&](int i) {
        if (!tipFinite[i])
            return;
        const double distance = QLineF(pos, tips[i]).length();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = i;
        }
    };
    for (int i = queryCount - 1; i >= 0; --i) {
        if (i != selectedQuery)
            consider(i);
    }
    if (selectedQuery >= 0 && selectedQuery < queryCount)
        consider(selectedQuery);
    return best;
}

int KeySpaceScene::keyAt(const QPointF &pos) const
{
    int best = -1;
    double bestDistance = metrics.hitRadius;
    for (int j = 0; j < keyPoints.size(); ++j) {
        if (!keyFinite[j])
            continue;
        const double distance = QLineF(pos, keyPoints[j]).length();
        if (distance <= bestDistance) {
            bestDistance = distance;
            best = j;
        }
    }
    return best;
}

bool KeySpaceScene::allPointsVisible() const
{
    const double inset = metrics.pointRadius;
    const QRectF inner = plotRect.adjusted(inset, inset, -inset, -inset);
    if (inner.width() <= 0 || inner.height() <= 0)
        return true;
    auto inside = [&](const QPointF &p) {
        return p.x() >= inner.left() && p.x() <= inner.right() && p.y() >= inner.top()
            && p.y() <= inner.bottom();
    };
    for (int j = 0; j < keyPoints.size(); ++j) {
        if (keyFinite[j] && !inside(keyPoints[j]))
            return false;
    }
    for (int i = 0; i < tips.size(); ++i) {
        if (tipFinite[i] && !inside(tips[i]))
            return false;
    }
    return true;
}

QVector<QRectF> KeySpaceScene::textRects() const
{
    // The same boxes and flags as KeySpacePainter::paintFrame.
    const KeySpaceMetrics &m = metrics;
    const QFontMetricsF fm(m.font);
    QVector<QRectF> rects;
    auto textRect = [&](const QRectF &box, int flags, const QString &text) {
        if (text.isEmpty())
            return;
        rects.append(fm.boundingRect(box, flags, text));
    };
    for (int k = 0; k < xTicks.size() && k < xTickLabels.size(); ++k) {
        const double px = axes.toPixelX(xTicks[k]);
        const double width = step * axes.xPixelsPerUnit();
        textRect(QRectF(px - width / 2, plotRect.bottom() + m.tickLength + 0.4 * m.pad, width, m.lineHeight),
                 Qt::AlignCenter, xTickLabels[k]);
    }
    for (int k = 0; k < yTicks.size() && k < yTickLabels.size(); ++k) {
        const double py = axes.toPixelY(yTicks[k]);
        textRect(QRectF(bounds.left(), py - m.lineHeight / 2,
                        plotRect.left() - m.tickLength - 0.5 * m.pad - bounds.left(), m.lineHeight),
                 Qt::AlignRight | Qt::AlignVCenter, yTickLabels[k]);
    }
    const double xTitleTop = plotRect.bottom() + m.tickLength + 0.8 * m.pad + m.lineHeight;
    textRect(QRectF(plotRect.left(), xTitleTop, plotRect.width(), m.lineHeight), Qt::AlignCenter, xTitle);
    if (!yTitle.isEmpty() && stacksUpright(yTitle)) {
        textRect(QRectF(bounds.left() + m.pad, plotRect.top(), m.lineHeight, plotRect.height()),
                 Qt::AlignCenter, uprightColumn(yTitle));
    } else if (!yTitle.isEmpty()) {
        const QRectF upright = fm.boundingRect(QRectF(-plotRect.height() / 2, -m.lineHeight / 2,
                                                      plotRect.height(), m.lineHeight),
                                               Qt::AlignCenter, yTitle);
        // Turned a quarter to the left about (left + pad + lineHeight / 2, plot centre).
        const QPointF centre(bounds.left() + m.pad + m.lineHeight / 2, plotRect.center().y());
        rects.append(QRectF(centre.x() + upright.top(), centre.y() - upright.right(), upright.height(),
                            upright.width()));
    }
    if (!noteRect.isNull())
        rects.append(noteRect);
    if (!caption.isEmpty())
        textRect(captionRect.adjusted(m.pad, 0, -m.pad, 0), Qt::AlignRight | Qt::AlignVCenter, caption);
    for (const QRectF &rect : queryLabelRects) {
        if (!rect.isNull())
            rects.append(rect);
    }
    for (const QRectF &rect : keyLabelRects) {
        if (!rect.isNull())
            rects.append(rect);
    }
    return rects;
}

} // namespace attnlens
