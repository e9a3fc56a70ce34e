#pragma once

#include "halosprites.h"
#include "matrixtypes.h"
#include "plotaxes.h"
#include "twogenerationcache.h"

#include <QFont>
#include <QHash>
#include <QLineF>
#include <QPixmap>
#include <QPointF>
#include <QRectF>
#include <QStaticText>
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
///
/// Each gesture is declared to the model as one edit (AttentionModel::beginEdit / endEdit), which
/// the undo history keeps as one step: a drag from press to release ("Drag key “memory A”"), a
/// run of arrow-key nudges from the arrow key's press to its release, auto-repeat included
/// ("Nudge query “q”"). Losing focus, hiding or a replaced scenario ends the gesture.
///
/// With many tokens the plane is thinned so that it stays readable from the back of a room: only
/// the heaviest keys for the selected query keep their halo and label (and the three heaviest
/// their projection), and the other queries become thin strokes; the selected query is always
/// drawn in full. A drag step repaints only what moves: the frame and, beyond a few points, the
/// keys and the other arrows come from cached pictures.
class KeySpaceView : public QWidget {
    Q_OBJECT

public:
    explicit KeySpaceView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

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
    /// Chooses the coordinates shown when d_k > 2; picking the same one twice swaps them.
    void setShownDimensions(int horizontal, int vertical);
    /// "showing dimensions 1 and 3 of 5; other coordinates unchanged" when d_k > 2, else empty.
    QString dimensionNote() const;
    /// The note written over the plane while the result is undefined, else empty.
    QString resultNote() const { return m_resultNote; }
    /// The hint written in the top corner.
    QString hintText() const;

    /// The rectangles (widget coordinates) of the texts the current scene writes: tick values,
    /// axis titles, the caption, the note and every key and query label (Scene::keyLabelRects,
    /// Scene::queryLabelRects, which the layout fills). Lets tests check that none is clipped and
    /// none overlaps another.
    QVector<QRectF> labelRects() const;

    /// The key the arrow keys move (chosen with K / Shift+K), or -1 while they move the
    /// selected query (Q / Shift+Q choose it; Escape goes back to it).
    int keyboardKey() const { return m_keyboardKey; }
    /// The current numbers in words: the selected query, its weights and its context.
    QString numbersDescription() const;

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
    void leaveEvent(QEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void hideEvent(QHideEvent *event) override;

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

    /// What the frame of one scene depends on; a frame is rebuilt only when one of these changes,
    /// never on a drag step.
    struct FrameInputs {
        QRectF bounds;
        QFont font;
        bool interactive = false;
        bool lineMode = false;
        bool hasResult = false;
        QString note;
        QString caption;
        int queryCount = 0;
        int horizontalDimension = 0;
        int verticalDimension = 1;
        double fit[4] = {0.0, 0.0, 0.0, 0.0};
        bool operator==(const FrameInputs &other) const;
    };

    /// The part of a scene that stays put while points move: the plane, its grid, ticks, titles,
    /// caption and note, and where data maps to pixels. Measured once per size, fit and font.
    struct Frame {
        Metrics metrics;
        QRectF bounds;
        QRectF captionRect;
        QRectF plotRect;
        QRectF noteRect;
        PlotAxes axes;
        bool lineMode = false;
        bool interactive = false;
        bool hasResult = false;
        QString caption;
        QString xTitle;
        QString yTitle;
        QString note;
        QVector<double> xTicks;
        QVector<double> yTicks;
        QVector<QString> xTickLabels;
        QVector<QString> yTickLabels;
        double step = 1.0;
        QPointF origin;
        double lineModeGap = 16.0;
    };

    /// Everything paintScene needs, in pixels, for one target rectangle. Rebuilt when the data,
    /// the selection, the result or the size change; never in paintEvent.
    struct Scene : Frame {
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
        QVector<bool> keyMasked;
        QVector<double> haloRadii;
        QVector<double> haloAlphas;
        QVector<bool> haloDrawn;
        QVector<double> dots;
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
        /// Thin lines from a point to its label where the label had to move away from it.
        QVector<QLineF> leaders;
    };

    enum class DragKind { None, Query, Key };

    void onScenarioReset();
    void onResultChanged();
    void onQueryChanged(int row);
    void onKeyChanged(int row);
    void readResult();
    /// The result's weights while the view shows a result of the current shape, else nullptr.
    const Matrix *shownWeights() const;
    void rebuildPickers();
    void updateHeaderGeometry();
    void measureFont();
    Metrics metricsFor(const QSizeF &size) const;
    void refit();
    /// Rebuilds the widget's scene; refits first when a point has left the view (not mid-drag).
    void refreshScene();
    /// Schedules a repaint of what changed: the plot alone unless the frame changed too.
    void updateData();
    FrameInputs frameInputs(const QRectF &bounds, bool interactive) const;
    Frame buildFrame(const FrameInputs &inputs) const;
    Scene buildScene(const Frame &frame) const;
    void layoutLabels(Scene &scene) const;
    /// Whether the scene's keys and unselected arrows are drawn once into m_pointsLayer rather
    /// than on every frame (worth it beyond a few points).
    static bool usesPointsLayer(const Scene &scene);
    /// Where the cached points go: around the keys and unselected arrows, inside the plot.
    static QRect pointsLayerRect(const Scene &scene);
    void paintSceneContents(QPainter &painter, const Scene &scene, bool fillBackground) const;
    void paintFrame(QPainter &painter, const Frame &frame, bool fillBackground = true) const;
    /// Everything inside the plot; the keys and unselected arrows come from `pointsLayer` (drawn
    /// at `layerOrigin`) when given.
    void paintData(QPainter &painter, const Scene &scene, const QPixmap *pointsLayer,
                   const QPoint &layerOrigin, HaloSprites *haloSprites = nullptr) const;
    void paintGuides(QPainter &painter, const Scene &scene) const;
    void paintLabelBackings(QPainter &painter, const Scene &scene) const;
    /// The halos as vectors, or blitted from `sprites` when given (on screen).
    void paintHalos(QPainter &painter, const Scene &scene, HaloSprites *sprites) const;
    /// The keys, the origin and every arrow but the selected one: what stays put while the
    /// selected query is dragged.
    void paintPoints(QPainter &painter, const Scene &scene) const;
    void paintKey(QPainter &painter, const Scene &scene, int keyRow) const;
    void paintArrow(QPainter &painter, const Scene &scene, int queryRow) const;
    void paintLabelTexts(QPainter &painter, const Scene &scene) const;
    /// Repaints on theme, line-scale and presentation changes (theme.h, presentationmode.h).
    void setUpThemeHandling();
    /// The ring around a hovered key or tip: the theme's highlight ("laser pointer") while
    /// presenting, else a plain ring in `normalColor` (none when it is invalid).
    void paintHoverRing(QPainter &painter, const QPointF &centre, double radius, const Metrics &m,
                        const QColor &normalColor) const;
    void renderStaticLayer(qreal dpr);
    void renderPointsLayer(qreal dpr);
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
    // Keyboard-only use and accessibility (see "Keyboard and accessibility" in the .cpp).
    void setUpKeyboardAccess();
    bool handleKeyboardKey(QKeyEvent *event);
    void setKeyboardKey(int keyRow);
    void nudgeKeyboardKey(int dx, int dy, bool fine);
    /// A run of arrow-key nudges, from a press to the arrow key's release (auto-repeat
    /// included), is one edit of the model named `text`.
    void beginNudgeRun(const QString &text);
    void finishNudgeRun();
    /// Ends a mouse drag that will not see its release (the view hid, the scenario changed).
    void cancelDrag();
    void updateAccessibleNumbers();
    void paintKeyboardTarget(QPainter &painter) const;
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
    /// The halos drawn on screen, as cached pictures.
    HaloSprites m_haloSprites;

    // The frame of the widget's own scene and its inputs, rebuilt only when these change.
    FrameInputs m_frameInputs;
    Frame m_frame;
    bool m_frameValid = false;

    // Cached pictures, at the device pixel ratio, repainted only when their dirty flag is set:
    // the frame (background, grid, ticks, titles, focus frame) and, beyond a few points, the keys
    // and the unselected arrows, which stay put while the selected query is dragged.
    QPixmap m_staticLayer;
    bool m_staticDirty = true;
    QPixmap m_pointsLayer;
    QRect m_pointsLayerRect;
    bool m_pointsDirty = true;

    // Label widths and shaped label texts, kept between frames for the font they were made with
    // (a generation holds several drag steps' worth of q.k values).
    static constexpr int kTextGeneration = 256;
    mutable TwoGenerationCache<QString, double> m_textWidths{kTextGeneration};
    mutable QFont m_textWidthsFont;
    mutable TwoGenerationCache<QString, QStaticText> m_staticTexts{kTextGeneration};
    mutable QFont m_staticTextsFont;

    bool m_hasResult = false;
    QString m_resultNote;

    int m_keyboardKey = -1;
    /// Open while a run of arrow-key nudges goes on: the run is one edit of the model.
    bool m_nudgeRunOpen = false;
    QString m_helpDescription;
    /// The focus frame is shown for keyboard focus only (FocusRing::visibleFocus).
    bool m_focusVisible = false;

    DragKind m_dragKind = DragKind::None;
    int m_dragRow = -1;
    QPointF m_dragOffset;
};

} // namespace attnlens
