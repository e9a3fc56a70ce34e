#pragma once

#include "matrixtypes.h"
#include "plotaxes.h"

#include <QFont>
#include <QLineF>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QComboBox;
class QLabel;
class QPainter;

namespace attnlens {

class AttentionModel;
class ViewState;

/// The key space: keys as labelled points and queries as arrows from the origin, on a plane with
/// equal aspect so that angles and dot products look right (a number line when d_k = 1, two
/// chosen coordinates when d_k > 2).
///
/// Dragging an arrow's tip moves that query live (one setQueryRow per mouse move) and selects it;
/// Ctrl+drag moves a key (setKeyRow only, its value row stays paired); arrow keys nudge the
/// selected query by 0.1 (Shift: 0.01). The selected query shows its dot product with every key
/// and each key's halo grows with its weight for that query. The view refits to all points when
/// the scenario is replaced and when a point has left the view, but never while a drag is going
/// on, so the plane does not move under the mouse.
class KeySpaceView : public QWidget {
    Q_OBJECT

public:
    explicit KeySpaceView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Paints the whole scene (caption, axes, points, arrows, labels) into `rect` of any painter,
    /// independent of the widget's size: what a figure export calls.
    void paintScene(QPainter &painter, const QRectF &rect) const;

    /// Where query `queryRow`'s arrow tip is, in widget coordinates (lets tests and benchmarks
    /// drive drags deterministically).
    QPointF tipPosition(int queryRow) const;
    /// Where key `keyRow`'s point is, in widget coordinates.
    QPointF keyPosition(int keyRow) const;
    /// Widget coordinates of a point of the shown plane (x along the horizontal dimension,
    /// y along the vertical one; y is ignored on the number line) and back.
    QPointF dataToWidget(const QPointF &data) const;
    QPointF widgetToData(const QPointF &widgetPoint) const;
    /// How many pixels one data unit spans (the same on both axes).
    double pixelsPerUnit() const;

    /// The halo radius in pixels of key `keyRow` for the selected query; 0 when the key has no
    /// halo (masked for that query, or no result to show).
    double haloRadius(int keyRow) const;

    /// The key coordinates shown horizontally and vertically (0-based; vertical is -1 on the
    /// number line used when d_k = 1).
    int horizontalDimension() const { return m_horizontalDimension; }
    int verticalDimension() const { return m_verticalDimension; }
    /// Chooses the coordinates shown when d_k > 2; picking the same one twice swaps them.
    void setShownDimensions(int horizontal, int vertical);
    /// "showing dimensions 1 and 3 of 5; other coordinates unchanged" when d_k > 2, else empty.
    QString dimensionNote() const;
    /// The note written over the plane while the result is undefined, else empty.
    QString resultNote() const { return m_resultNote; }
    /// The hint written in the top corner.
    QString hintText() const;

signals:
    /// A drag of a query tip or a key began / ended (lets the window group it into one undo step).
    void dragStarted();
    void dragFinished();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void leaveEvent(QEvent *event) override;

private:
    /// The font and pixel sizes of one scene. Both grow with the scene (up to twice the widget's
    /// font) so that a large plane on a projector is not a few specks; never below the font.
    struct Metrics {
        QFont font;
        double scale = 1.0;
        double lineHeight = 16.0;
        double pad = 6.0;
        double pointRadius = 5.0;
        double tipRadius = 7.0;
        double hitRadius = 12.0;
        double haloMax = 30.0;
        double arrowWidth = 2.5;
        double arrowHeadLength = 13.0;
        double tickLength = 5.0;
    };

    /// Everything paintScene needs, in pixels, for one target rectangle. Rebuilt when the data,
    /// the selection, the result or the size change; never in paintEvent.
    struct Scene {
        Metrics metrics;
        QRectF bounds;
        QRectF captionRect;
        QRectF plotRect;
        QRectF noteRect;
        PlotAxes axes;
        bool lineMode = false;
        bool interactive = false;
        bool hasResult = false;
        int selectedQuery = -1;
        int hoveredQuery = -1;
        int hoveredKey = -1;
        QString caption;
        QString xTitle;
        QString yTitle;
        QVector<double> xTicks;
        QVector<double> yTicks;
        double step = 1.0;
        QPointF origin;
        QVector<QPointF> keyPoints;
        QVector<bool> keyFinite;
        QVector<bool> keyMasked;
        QVector<double> haloRadii;
        QVector<double> haloAlphas;
        QVector<double> dots;
        QVector<QPointF> projectionFeet;
        QVector<bool> showProjection;
        QLineF queryDirectionLine;
        QVector<QPointF> tails;
        QVector<QPointF> tips;
        QVector<bool> tipFinite;
        QVector<QRectF> keyLabelRects;
        QVector<QStringList> keyLabelLines;
        QVector<QRectF> queryLabelRects;
        QVector<QStringList> queryLabelLines;
        /// Thin lines from a point to its label where the label had to move away from it.
        QVector<QLineF> leaders;
    };

    enum class DragKind { None, Query, Key };

    void onScenarioReset();
    void onResultChanged();
    void readResult();
    void rebuildPickers();
    void updateHeaderGeometry();
    void measureFont();
    Metrics metricsFor(const QSizeF &size) const;
    void refit();
    /// Rebuilds the widget's scene; refits first when a point has left the view (not mid-drag).
    void refreshScene();
    Scene buildScene(const QRectF &bounds, bool interactive) const;
    void layoutLabels(Scene &scene) const;
    void paintSceneContents(QPainter &painter, const Scene &scene) const;
    QRectF plotBounds() const;

    bool isLineMode() const;
    QPointF shownCoordinates(const Eigen::RowVectorXd &row) const;
    Eigen::RowVectorXd withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data) const;
    bool allPointsVisible(const Scene &scene) const;
    int queryTipAt(const QPointF &pos) const;
    int keyAt(const QPointF &pos) const;
    void updateHover(const QPointF &pos, Qt::KeyboardModifiers modifiers);
    void dragTo(const QPointF &pos);
    void nudgeSelectedQuery(int dx, int dy, bool fine);
    QString keyToolTip(int keyRow) const;
    QString queryToolTip(int queryRow) const;

    AttentionModel *m_model;
    ViewState *m_viewState;

    QWidget *m_header = nullptr;
    QComboBox *m_horizontalPicker = nullptr;
    QComboBox *m_verticalPicker = nullptr;
    QLabel *m_dimensionLabel = nullptr;

    int m_horizontalDimension = 0;
    int m_verticalDimension = 1;
    PlotAxes m_fit;
    double m_baseLineHeight = 16.0;
    Scene m_scene;

    bool m_hasResult = false;
    Matrix m_weights;
    QString m_resultNote;

    DragKind m_dragKind = DragKind::None;
    int m_dragRow = -1;
    QPointF m_dragOffset;
};

} // namespace attnlens
