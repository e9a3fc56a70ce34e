#pragma once

#include "gesture.h"
#include "matrixtypes.h"

#include <QObject>
#include <QPointF>

class QKeyEvent;
class QMouseEvent;
class QWidget;

namespace attnlens {

class AttentionModel;
class ViewState;
struct KeySpaceScene;

/// The mouse and the keyboard on the key space: hit testing through the scene, dragging a query
/// tip (or, with Ctrl, a key), arrow-key nudges of the selected query or of the key chosen with
/// K, and the hover that every view follows. Every change goes through the model's setters. In
/// the principal plane a drag or a nudge moves the point within the plane only
/// (KeySpaceScene::withShownCoordinates); snapping then keeps its plane coordinates on the grid.
///
/// Q / Shift+Q choose the next / previous query and K / Shift+K the next / previous key; the arrow
/// keys then move what was chosen (a key's value row stays paired, as in a Ctrl+drag). Escape goes
/// back to moving the selected query.
///
/// Each gesture is declared to the model as one edit (AttentionModel::beginEdit / endEdit), which
/// the undo history keeps as one step: a drag from press to release ("Drag key “memory A”"), a
/// run of arrow-key nudges from the arrow key's press to its release, auto-repeat included
/// ("Nudge query “q”"). Losing focus, hiding or a replaced scenario ends the gesture.
///
/// The view forwards its events; each handler returns whether it took the event (the view
/// passes the others on to QWidget). It reads the view's current scene, which the view keeps
/// up to date, and sets the view's cursor.
class KeySpaceInteraction : public QObject {
    Q_OBJECT

public:
    KeySpaceInteraction(AttentionModel *model, ViewState *viewState, const KeySpaceScene &scene,
                        QWidget *view);

    bool mousePressEvent(QMouseEvent *event);
    void mouseMoveEvent(QMouseEvent *event);
    bool mouseReleaseEvent(QMouseEvent *event);
    bool keyPressEvent(QKeyEvent *event);
    /// The real release of an arrow key ends a run of nudges. Never takes the event.
    bool keyReleaseEvent(QKeyEvent *event);
    /// The pointer left the view: no hover (unless a drag goes on).
    void leaveEvent();

    /// Whether a drag of a tip or a key is going on (the view does not refit meanwhile).
    bool isDragging() const { return m_dragKind != DragKind::None; }
    /// The key the arrow keys move, or -1 while they move the selected query.
    int keyboardKey() const { return m_keyboardKey; }
    /// Ends a drag and a run of key nudges when the scenario is replaced under them, and forgets
    /// a chosen key that no longer exists.
    void onScenarioReset();
    /// Ends the gesture going on, if any (focus left the view, or it was hidden).
    void endGestures();

signals:
    /// A mouse drag of a query tip or a key began / ended (declared to the model as one edit).
    void dragStarted();
    void dragFinished();
    /// A drag was released: the view may refit now if the drag took a point out of it.
    void refitAllowed();
    /// Another key was chosen with K / Shift+K / Escape.
    void keyboardKeyChanged();

private:
    enum class DragKind { None, Query, Key };

    int queryTipAt(const QPointF &pos) const;
    int keyAt(const QPointF &pos) const;
    Eigen::RowVectorXd withShownCoordinates(const Eigen::RowVectorXd &row, const QPointF &data) const;
    void updateHover(const QPointF &pos, Qt::KeyboardModifiers modifiers);
    void dragTo(const QPointF &pos);
    void nudgeSelectedQuery(int dx, int dy, bool fine);
    /// `row` moved by one nudge step within the principal plane.
    Eigen::RowVectorXd nudgedInPlane(const Eigen::RowVectorXd &row, int dx, int dy, bool fine) const;
    bool handleKeyboardKey(QKeyEvent *event);
    void setKeyboardKey(int keyRow);
    void nudgeKeyboardKey(int dx, int dy, bool fine);
    /// A run of arrow-key nudges, from a press to the arrow key's release, is one edit named `text`.
    void beginNudgeRun(const QString &text);
    void finishNudgeRun();
    /// Ends a mouse drag that will not see its release (the view hid, the scenario changed).
    void cancelDrag();
    void setCursor(Qt::CursorShape shape);
    void unsetCursor();

    AttentionModel *m_model;
    ViewState *m_viewState;
    /// The view's scene (a member of the view, which outlives this object).
    const KeySpaceScene &m_scene;
    QWidget *m_view;

    int m_keyboardKey = -1;
    /// A run of arrow-key nudges (gesture.h): the run is one edit of the model.
    Gesture m_nudgeRun;
    /// A drag of a query tip or a key, press to release (gesture.h).
    Gesture m_drag;
    /// The gesture a nudge belongs to: the drag while one goes on, else the run of nudges.
    Gesture &nudgeGesture() { return m_dragKind != DragKind::None ? m_drag : m_nudgeRun; }

    DragKind m_dragKind = DragKind::None;
    int m_dragRow = -1;
    QPointF m_dragOffset;
    /// The dragged row as the press found it: in the principal plane every step moves it from
    /// there, so that its part outside the plane is rounded once, not once per step.
    Eigen::RowVectorXd m_dragStartRow;
};

} // namespace attnlens
