#pragma once

#include "figuresource.h"
#include "halosprites.h"
#include "keyspaceframe.h"
#include "keyspacepainter.h"
#include "keyspacescene.h"
#include "keyspacescenebuilder.h"
#include "matrixtypes.h"
#include "plotaxes.h"
#include "principalplane.h"

#include <QPixmap>
#include <QPointF>
#include <QRect>
#include <QRectF>
#include <QString>
#include <QVector>
#include <QWidget>

#include <memory>

class QPainter;

namespace attnlens {

class AttentionModel;
class KeySpaceDimensionPicker;
class KeySpaceInteraction;
class ViewState;

/// The key space: keys as labelled points and queries as arrows from the origin, on a plane with
/// equal aspect so that angles and dot products look right (a number line when d_k = 1). When
/// d_k > 2 it shows the keys' principal plane by default: the plane through the origin along the
/// two directions in which the keys spread most (PrincipalPlane), recomputed when the keys change
/// (after a key drag, not during it); every key and query is drawn as its projection, and a drag
/// or a nudge moves a query only within that plane, its component outside it unchanged. The user
/// may pick two key coordinates instead.
///
/// Dragging an arrow's tip moves that query live (one setQueryRow per mouse move) and selects it;
/// Ctrl+drag moves a key (setKeyRow only, its value row stays paired); arrow keys nudge the
/// selected query by 0.1 (Shift: 0.01). The selected query shows its dot product with every key
/// and each key's halo grows with its weight for that query. The view refits to all points when
/// the scenario is replaced and when a point has left the view, but never while a drag is going
/// on, so the plane does not move under the mouse.
///
/// With many tokens the plane is thinned so that it stays readable from the back of a room: only
/// the heaviest keys for the selected query keep their halo and label (and the three heaviest
/// their projection), and the other queries become thin strokes; the selected query is always
/// drawn in full. A drag step repaints only what moves: the frame and, beyond a few points, the
/// keys and the other arrows come from cached pictures.
///
/// The parts, each usable on its own: KeySpaceSceneBuilder computes the scene (points, arrows,
/// halos, label placement) with no widget, KeySpacePainter draws it into any QPainter (this
/// view's paintEvent and a figure export alike), KeySpaceInteraction handles the mouse and the
/// keyboard, KeySpaceDescriber puts the numbers into words. The view ties them to the model and
/// keeps the pictures.
class KeySpaceView : public QWidget, public FigureSource {
    Q_OBJECT

public:
    explicit KeySpaceView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Paints the whole scene (caption, axes, points, arrows, labels) into `rect` of any painter,
    /// independent of the widget's size: what a figure export calls. Without `fillBackground`
    /// the area around the plot is left unpainted (a figure with a transparent background).
    void paintScene(QPainter &painter, const QRectF &rect, bool fillBackground = true) const;

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

    /// Whether key `keyRow` / query `queryRow` has its name written beside it. With many keys
    /// (queries) only the heaviest keys for the selected query and the selected (and hovered)
    /// query are named, so that the plane stays readable.
    bool isKeyLabelled(int keyRow) const;
    bool isQueryLabelled(int queryRow) const;
    /// The rectangle (widget coordinates) of key `keyRow`'s / query `queryRow`'s label; empty
    /// while it has none.
    QRectF keyLabelRect(int keyRow) const;
    QRectF queryLabelRect(int queryRow) const;

    /// The key coordinates shown horizontally and vertically (0-based; vertical is -1 on the
    /// number line used when d_k = 1).
    int horizontalDimension() const { return m_horizontalDimension; }
    int verticalDimension() const { return m_verticalDimension; }
    /// Chooses the coordinates shown when d_k > 2 (and shows coordinates rather than the
    /// principal plane); picking the same one twice swaps them.
    void setShownDimensions(int horizontal, int vertical);
    /// Shows the keys' principal plane (true) or the chosen key coordinates (false) when d_k > 2.
    void setPrincipalPlaneChosen(bool principalPlane);
    /// Whether the principal plane is what the user chose (the default), and whether it is shown
    /// (chosen, d_k > 2, and the keys have one: they are finite).
    bool isPrincipalPlaneChosen() const { return m_principalPlaneChosen; }
    bool isPrincipalPlaneShown() const;
    /// The principal plane shown (through the origin of key space), or nullptr while the plane
    /// shows key coordinates.
    const PrincipalPlane *principalPlane() const;
    /// When d_k > 2, what the plane shows: "principal plane: it shows 62% of the keys' spread; …"
    /// or "showing dimensions 1 and 3 of 5; other coordinates unchanged"; else empty.
    QString dimensionNote() const;
    /// The caption of a figure of this view (paintScene): what the plane shows when d_k > 2
    /// ("principal plane of the keys: 62% of their spread"), else empty.
    QString figureCaption() const;
    /// The note written over the plane while the result is undefined, else empty.
    QString resultNote() const { return m_resultNote; }
    /// The hint written in the top corner.
    QString hintText() const;

    /// The rectangles (widget coordinates) of the texts the current scene writes: tick values,
    /// axis titles, the caption, the note and every key and query label (KeySpaceScene::textRects). Lets tests check that none is clipped and
    /// none overlaps another.
    QVector<QRectF> labelRects() const;
    /// The scene on screen, in widget coordinates (what the painter draws and the mouse hits).
    const KeySpaceScene &scene() const { return m_scene; }
    /// The tooltip of key `keyRow`: its vector, and for the selected query q·k, the score and
    /// the weight (or "?" while the lesson keeps them back).
    QString keyToolTip(int keyRow) const;

    /// The key the arrow keys move (chosen with K / Shift+K), or -1 while they move the
    /// selected query (Q / Shift+Q choose it; Escape goes back to it).
    int keyboardKey() const;
    /// The current numbers in words: the selected query, its weights and its context.
    QString numbersDescription() const;
    /// False while the scenario scores with a general or additive function: queries and keys then
    /// share no plane whose geometry shows the scores (their lengths may even differ), and the
    /// view says so in words (noPlaneText()) instead of drawing.
    bool showsPlane() const;
    QString noPlaneText() const;

signals:
    /// A mouse drag of a query tip or a key began / ended. The view declares the drag to the
    /// model as one edit (AttentionModel::beginEdit) itself.
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
    void keyReleaseEvent(QKeyEvent *event) override;
    void hideEvent(QHideEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void paintNoPlane(QPainter &painter, const QRectF &rect) const;
    void onScenarioReset();
    void onResultChanged();
    void onQueryChanged(int row);
    void onKeyChanged(int row);
    void readResult();
    /// The result's weights while the view shows a result of the current shape, else nullptr.
    const Matrix *shownWeights() const;
    void rebuildPickers();
    /// Recomputes the keys' principal plane (d_k > 2) from the scenario's keys.
    void updatePrincipalPlane();
    /// A drag that changed keys ended: the plane that stayed put during it follows the keys now.
    void onDragFinished();
    void updateHeaderGeometry();
    void measureFont();
    void refit();
    /// Rebuilds the widget's scene; refits first when a point has left the view (not mid-drag).
    void refreshScene();
    /// Schedules a repaint of what changed: the plot alone unless the frame changed too.
    void updateData();
    KeySpaceFrameInputs frameInputs(const QRectF &bounds, bool interactive) const;
    /// The scene of the current scenario, selection and hover in `frame`.
    KeySpaceScene buildScene(const KeySpaceFrame &frame) const;
    /// The theme, line widths and presentation state the painter draws with.
    KeySpacePainter::Style painterStyle() const;
    /// Repaints on theme, line-scale and presentation changes (theme.h, presentationmode.h).
    void setUpThemeHandling();
    void renderStaticLayer(qreal dpr);
    void renderPointsLayer(qreal dpr);
    QRectF plotBounds() const;

    bool isLineMode() const;
    QPointF shownCoordinates(const Eigen::RowVectorXd &row) const;
    int queryTipAt(const QPointF &pos) const;
    int keyAt(const QPointF &pos) const;
    QString queryToolTip(int queryRow) const;
    void setUpAccessibility();
    void updateAccessibleNumbers();
    void paintKeyboardTarget(QPainter &painter) const;

    AttentionModel *m_model;
    ViewState *m_viewState;

    /// Chooses the shown coordinates when d_k > 2 (hidden otherwise).
    KeySpaceDimensionPicker *m_header = nullptr;

    int m_horizontalDimension = 0;
    int m_verticalDimension = 1;
    bool m_principalPlaneChosen = true;
    bool m_planeInMinimumSize = true;  ///< showsPlane() when the minimum size was last given
    /// The keys' principal plane when d_k > 2 and the keys have one, else null. Shared with the
    /// scenes that draw it.
    std::shared_ptr<const PrincipalPlane> m_plane;
    /// Keys changed during a drag, while the plane stayed put.
    bool m_planeStale = false;
    PlotAxes m_fit;
    double m_baseLineHeight = 16.0;
    KeySpaceSceneBuilder m_builder;
    KeySpaceScene m_scene;
    /// Draws m_scene (and keeps its shaped label texts between frames).
    KeySpacePainter m_painter;
    /// The halos drawn on screen, as cached pictures.
    HaloSprites m_haloSprites;
    /// The mouse and the keyboard; reads m_scene.
    KeySpaceInteraction *m_interaction = nullptr;

    // The frame of the widget's own scene and its inputs, rebuilt only when these change.
    KeySpaceFrameInputs m_frameInputs;
    KeySpaceFrame m_frame;
    bool m_frameValid = false;

    // Cached pictures, at the device pixel ratio, repainted only when their dirty flag is set:
    // the frame (background, grid, ticks, titles, focus frame) and, beyond a few points, the keys
    // and the unselected arrows, which stay put while the selected query is dragged.
    QPixmap m_staticLayer;
    bool m_staticDirty = true;
    QPixmap m_pointsLayer;
    QRect m_pointsLayerRect;
    bool m_pointsDirty = true;

    bool m_hasResult = false;
    QString m_resultNote;

    QString m_helpDescription;
    /// The focus frame is shown for keyboard focus only (FocusRing::visibleFocus).
    bool m_focusVisible = false;
};

} // namespace attnlens
