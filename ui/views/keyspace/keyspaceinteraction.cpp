#include "keyspaceinteraction.h"

#include "attentionmodel.h"
#include "keyspacescene.h"
#include "keyspacescenebuilder.h"
#include "quotedlabel.h"
#include "viewstate.h"

#include <QCursor>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QWidget>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

constexpr double kNudgeStep = 0.1;
constexpr double kFineNudgeStep = 0.01;

double snapped(double value)
{
    return KeySpaceSceneBuilder::snapped(value);
}

} // namespace

KeySpaceInteraction::KeySpaceInteraction(AttentionModel *model, ViewState *viewState, const KeySpaceScene &scene,
                                         QWidget *view)
    : QObject(view)
    , m_model(model)
    , m_viewState(viewState)
    , m_scene(scene)
    , m_view(view)
    , m_nudgeRun(model)
    , m_drag(model)
{
}

void KeySpaceInteraction::onScenarioReset()
{
    cancelDrag();
    finishNudgeRun();
    if (m_keyboardKey >= m_model->scenario().keyCount())
        m_keyboardKey = -1;
}

void KeySpaceInteraction::leaveEvent()
{
    if (m_dragKind == DragKind::None)
        m_viewState->setHover(-1, -1);
}

int KeySpaceInteraction::queryTipAt(const QPointF &pos) const
{
    return m_scene.queryTipAt(pos);
}

int KeySpaceInteraction::keyAt(const QPointF &pos) const
{
    return m_scene.keyAt(pos);
}

Eigen::RowVectorXd KeySpaceInteraction::withShownCoordinates(const Eigen::RowVectorXd &row,
                                                             const QPointF &data) const
{
    return m_scene.withShownCoordinates(row, data);
}

void KeySpaceInteraction::setCursor(Qt::CursorShape shape)
{
    m_view->setCursor(shape);
}

void KeySpaceInteraction::unsetCursor()
{
    m_view->unsetCursor();
}

void KeySpaceInteraction::updateHover(const QPointF &pos, Qt::KeyboardModifiers modifiers)
{
    const bool keysFirst = modifiers & Qt::ControlModifier;
    const int tip = keysFirst ? -1 : queryTipAt(pos);
    const int key = tip >= 0 ? -1 : keyAt(pos);
    const int fallbackTip = (tip < 0 && key < 0 && keysFirst) ? queryTipAt(pos) : tip;
    if (fallbackTip >= 0) {
        m_viewState->setHover(fallbackTip, -1);
        setCursor(Qt::OpenHandCursor);
    } else if (key >= 0) {
        m_viewState->setHover(-1, key);
        if (keysFirst)
            setCursor(Qt::OpenHandCursor);
        else
            unsetCursor();
    } else {
        m_viewState->setHover(-1, -1);
        unsetCursor();
    }
}

bool KeySpaceInteraction::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return false;
    const QPointF pos = event->position();
    const bool ctrl = event->modifiers() & Qt::ControlModifier;
    // The lesson's query tip lies on memory A: Ctrl decides which of the two is grabbed.
    int key = ctrl ? keyAt(pos) : -1;
    int tip = key < 0 ? queryTipAt(pos) : -1;
    if (key >= 0) {
        m_dragKind = DragKind::Key;
        m_dragRow = key;
        m_dragOffset = m_scene.keyPoints[key] - pos;
        m_dragStartRow = m_model->scenario().keys.row(key);
        m_viewState->setHover(-1, key);
    } else if (tip >= 0) {
        m_dragKind = DragKind::Query;
        m_dragRow = tip;
        m_dragOffset = m_scene.tips[tip] - pos;
        m_dragStartRow = m_model->scenario().queries.row(tip);
        m_viewState->setSelectedQuery(tip);
        m_viewState->setHover(tip, -1);
    } else {
        event->ignore();
        return true;
    }
    setCursor(Qt::ClosedHandCursor);
    finishNudgeRun();
    const Scenario &scenario = m_model->scenario();
    m_drag.begin(m_dragKind == DragKind::Key ? tr("Drag key %1").arg(quoted(scenario.keyLabel(key)))
                                             : tr("Drag query %1").arg(quoted(scenario.queryLabel(tip))));
    emit dragStarted();
    event->accept();
    return true;
}

void KeySpaceInteraction::mouseMoveEvent(QMouseEvent *event)
{
    if (m_dragKind != DragKind::None) {
        dragTo(event->position());
        event->accept();
        return;
    }
    updateHover(event->position(), event->modifiers());
}

bool KeySpaceInteraction::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton || m_dragKind == DragKind::None)
        return false;
    dragTo(event->position());
    m_dragKind = DragKind::None;
    m_dragRow = -1;
    m_drag.end();
    emit dragFinished();
    // Only now may the view refit, if the drag took a point out of it.
    emit refitAllowed();
    updateHover(event->position(), event->modifiers());
    event->accept();
    return true;
}

void KeySpaceInteraction::dragTo(const QPointF &pos)
{
    const Scenario &scenario = m_model->scenario();
    QPointF data = m_scene.axes.toData(pos + m_dragOffset);
    if (m_scene.lineMode)
        data.setY(0.0);
    if (m_viewState->snapToGrid())
        data = QPointF(snapped(data.x()), snapped(data.y()));
    // Two shown coordinates are replaced in the current row; a principal-plane move starts from
    // the row as pressed (the same numbers outside the plane, rounded only once).
    const bool fromStart = m_scene.plane != nullptr;
    const Gesture::Step step(m_drag);
    if (m_dragKind == DragKind::Query && m_dragRow < scenario.queryCount())
        m_model->setQueryRow(m_dragRow, withShownCoordinates(fromStart ? m_dragStartRow
                                                                      : Eigen::RowVectorXd(scenario.queries.row(m_dragRow)),
                                                             data));
    else if (m_dragKind == DragKind::Key && m_dragRow < scenario.keyCount())
        m_model->setKeyRow(m_dragRow, withShownCoordinates(fromStart ? m_dragStartRow
                                                                    : Eigen::RowVectorXd(scenario.keys.row(m_dragRow)),
                                                           data));
}

void KeySpaceInteraction::nudgeSelectedQuery(int dx, int dy, bool fine)
{
    const Scenario &scenario = m_model->scenario();
    if (scenario.queryCount() == 0)
        return;
    const int row = std::clamp(m_viewState->selectedQuery(), 0, int(scenario.queryCount()) - 1);
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    Eigen::RowVectorXd query = scenario.queries.row(row);
    beginNudgeRun(tr("Nudge query %1").arg(quoted(scenario.queryLabel(row))));
    const Gesture::Step own(nudgeGesture());
    if (m_scene.plane) {
        m_model->setQueryRow(row, nudgedInPlane(query, dx, dy, fine));
        return;
    }
    auto nudge = [&](int dimension, int direction) {
        if (direction == 0 || dimension < 0 || dimension >= query.size())
            return;
        double value = query(dimension) + direction * step;
        // Snapping keeps coarse nudges on the grid; Shift's fine steps deliberately leave it.
        if (m_viewState->snapToGrid() && !fine)
            value = snapped(value);
        if (std::isfinite(value))
            query(dimension) = value;
    };
    nudge(m_scene.horizontalDimension, dx);
    nudge(m_scene.verticalDimension, dy);
    m_model->setQueryRow(row, query);
}

Eigen::RowVectorXd KeySpaceInteraction::nudgedInPlane(const Eigen::RowVectorXd &row, int dx, int dy, bool fine) const
{
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    QPointF point = m_scene.shownCoordinates(row) + QPointF(dx * step, dy * step);
    // Snapping keeps coarse nudges on the plane's grid; Shift's fine steps deliberately leave it.
    if (m_viewState->snapToGrid() && !fine)
        point = QPointF(dx != 0 ? snapped(point.x()) : point.x(), dy != 0 ? snapped(point.y()) : point.y());
    return withShownCoordinates(row, point);
}

bool KeySpaceInteraction::keyPressEvent(QKeyEvent *event)
{
    if (handleKeyboardKey(event))
        return true;
    const bool fine = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Left:
        nudgeSelectedQuery(-1, 0, fine);
        break;
    case Qt::Key_Right:
        nudgeSelectedQuery(1, 0, fine);
        break;
    case Qt::Key_Up:
        if (m_scene.lineMode)
            return false;
        nudgeSelectedQuery(0, 1, fine);
        break;
    case Qt::Key_Down:
        if (m_scene.lineMode)
            return false;
        nudgeSelectedQuery(0, -1, fine);
        break;
    default:
        return false;
    }
    event->accept();
    return true;
}

bool KeySpaceInteraction::handleKeyboardKey(QKeyEvent *event)
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    const bool back = modifiers == Qt::ShiftModifier;
    const Scenario &scenario = m_model->scenario();
    switch (event->key()) {
    case Qt::Key_Q: {
        if (modifiers != Qt::NoModifier && !back)
            return false;
        const int count = int(scenario.queryCount());
        if (count == 0)
            return false;
        // Q on the key space first returns to the selected query; pressed again it moves on.
        const int current = std::clamp(m_viewState->selectedQuery(), 0, count - 1);
        const int next = m_keyboardKey >= 0 ? current : (current + (back ? count - 1 : 1)) % count;
        setKeyboardKey(-1);
        m_viewState->setSelectedQuery(next);
        break;
    }
    case Qt::Key_K: {
        if (modifiers != Qt::NoModifier && !back)
            return false;
        const int count = int(scenario.keyCount());
        if (count == 0)
            return false;
        const int next = m_keyboardKey < 0 ? (back ? count - 1 : 0)
                                           : (m_keyboardKey + (back ? count - 1 : 1)) % count;
        setKeyboardKey(next);
        break;
    }
    case Qt::Key_Escape:
        if (m_keyboardKey < 0 || modifiers != Qt::NoModifier)
            return false;
        setKeyboardKey(-1);
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down: {
        if (m_keyboardKey < 0 || m_keyboardKey >= scenario.keyCount())
            return false;
        const bool vertical = event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
        if (vertical && m_scene.lineMode)
            return false;
        const int dx = event->key() == Qt::Key_Left ? -1 : event->key() == Qt::Key_Right ? 1 : 0;
        const int dy = event->key() == Qt::Key_Down ? -1 : event->key() == Qt::Key_Up ? 1 : 0;
        nudgeKeyboardKey(dx, dy, modifiers & Qt::ShiftModifier);
        break;
    }
    default:
        return false;
    }
    event->accept();
    return true;
}

void KeySpaceInteraction::setKeyboardKey(int keyRow)
{
    if (keyRow == m_keyboardKey)
        return;
    finishNudgeRun();
    m_keyboardKey = keyRow;
    // The chosen key is outlined here and its column in the heatmap, the mask and the charts.
    m_viewState->setHover(-1, keyRow);
    emit keyboardKeyChanged();
}

void KeySpaceInteraction::nudgeKeyboardKey(int dx, int dy, bool fine)
{
    const Scenario &scenario = m_model->scenario();
    const double step = fine ? kFineNudgeStep : kNudgeStep;
    Eigen::RowVectorXd key = scenario.keys.row(m_keyboardKey);
    beginNudgeRun(tr("Nudge key %1").arg(quoted(scenario.keyLabel(m_keyboardKey))));
    const Gesture::Step own(nudgeGesture());
    if (m_scene.plane) {
        m_model->setKeyRow(m_keyboardKey, nudgedInPlane(key, dx, dy, fine));
        return;
    }
    const auto nudge = [&](int dimension, int direction) {
        if (direction == 0 || dimension < 0 || dimension >= key.size())
            return;
        double value = key(dimension) + direction * step;
        if (m_viewState->snapToGrid() && !fine)
            value = snapped(value);
        if (std::isfinite(value))
            key(dimension) = value;
    };
    nudge(m_scene.horizontalDimension, dx);
    nudge(m_scene.verticalDimension, dy);
    m_model->setKeyRow(m_keyboardKey, key);
}

bool KeySpaceInteraction::keyReleaseEvent(QKeyEvent *event)
{
    // Auto-repeat sends releases too; only the arrow key's real release ends the run.
    const int key = event->key();
    if (!event->isAutoRepeat()
        && (key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down))
        finishNudgeRun();
    return false;
}

void KeySpaceInteraction::endGestures()
{
    finishNudgeRun();
    cancelDrag();
}

void KeySpaceInteraction::beginNudgeRun(const QString &text)
{
    if (m_dragKind != DragKind::None)
        return;
    m_nudgeRun.begin(text);
}

void KeySpaceInteraction::finishNudgeRun()
{
    m_nudgeRun.end();
}

void KeySpaceInteraction::cancelDrag()
{
    if (m_dragKind == DragKind::None)
        return;
    m_dragKind = DragKind::None;
    m_dragRow = -1;
    unsetCursor();
    m_drag.end();
    emit dragFinished();
}

} // namespace attnlens
