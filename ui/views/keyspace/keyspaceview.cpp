#include "keyspaceview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "focusring.h"
#include "headtitle.h"
#include "keyspacedescriber.h"
#include "keyspacedimensionpicker.h"
#include "keyspaceinteraction.h"
#include "readabletext.h"
#include "viewstate.h"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace attnlens {

KeySpaceView::KeySpaceView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("keySpaceView"));
    setAccessibleName(tr("Key space"));
    setAccessibleDescription(
        tr("Keys are labelled points and queries are arrows from the origin, with equal scales "
           "on both axes. Drag an arrow's tip to move that query (it also becomes the selected "
           "query); hold Ctrl and drag a key to move it (its value row stays paired with it). "
           "Arrow keys nudge the selected query by 0.1, Shift+arrow keys by 0.01. The selected "
           "query shows its dot product q\u00b7k with every key; each key's halo grows with its "
           "weight for that query; masked keys are hollow and grey."));
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    setAttribute(Qt::WA_OpaquePaintEvent);

    m_header = new KeySpaceDimensionPicker(this);
    connect(m_header, &KeySpaceDimensionPicker::planePicked, this, &KeySpaceView::setPrincipalPlaneChosen);
    connect(m_header, &KeySpaceDimensionPicker::horizontalPicked, this,
            [this](int index) { setShownDimensions(index, m_verticalDimension); });
    connect(m_header, &KeySpaceDimensionPicker::verticalPicked, this,
            [this](int index) { setShownDimensions(m_horizontalDimension, index); });

    m_interaction = new KeySpaceInteraction(m_model, m_viewState, m_scene, this);
    connect(m_interaction, &KeySpaceInteraction::dragStarted, this, &KeySpaceView::dragStarted);
    connect(m_interaction, &KeySpaceInteraction::dragFinished, this, &KeySpaceView::onDragFinished);
    connect(m_interaction, &KeySpaceInteraction::dragFinished, this, &KeySpaceView::dragFinished);
    connect(m_interaction, &KeySpaceInteraction::refitAllowed, this, &KeySpaceView::refreshScene);
    connect(m_interaction, &KeySpaceInteraction::keyboardKeyChanged, this, [this] {
        updateAccessibleNumbers();
        update();
    });

    connect(m_model, &AttentionModel::scenarioReset, this, &KeySpaceView::onScenarioReset);
    // The smallest size follows whether there is a plane to draw (minimumSizeHint()).
    auto followPlane = [this] {
        if (showsPlane() != m_planeInMinimumSize) {
            m_planeInMinimumSize = showsPlane();
            updateGeometry();
        }
    };
    connect(m_model, &AttentionModel::scenarioReset, this, followPlane);
    connect(m_model, &AttentionModel::scoreFunctionChanged, this, followPlane);
    // Points move at once; the halos, projections and labels follow when the coalesced
    // resultChanged arrives.
    connect(m_model, &AttentionModel::queryChanged, this, &KeySpaceView::onQueryChanged);
    connect(m_model, &AttentionModel::keyChanged, this, &KeySpaceView::onKeyChanged);
    connect(m_model, &AttentionModel::resultChanged, this, &KeySpaceView::onResultChanged);
    // Anything else that changes how the points are drawn repaints their cached picture too.
    auto refreshPoints = [this] {
        m_pointsDirty = true;
        refreshScene();
    };
    connect(m_model, &AttentionModel::maskChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::selectedQueryChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::hoverChanged, this, refreshPoints);
    connect(m_viewState, &ViewState::snapToGridChanged, this, &KeySpaceView::refreshScene);
    connect(m_viewState, &ViewState::concealedAnswersChanged, this, refreshPoints);
    setUpThemeHandling();

    measureFont();
    onScenarioReset();
    setUpAccessibility();
}

QSize KeySpaceView::minimumSizeHint() const
{
    const double h = m_baseLineHeight;
    // With no plane to draw (a score other than scaled dot-product) the view holds a paragraph
    // saying so, and gives the docks beside it (the score lab) the room it would need.
    return QSize(int(std::ceil((showsPlane() ? 15 : 8) * h)), int(std::ceil(11 * h)));
}

QSize KeySpaceView::sizeHint() const
{
    const double h = m_baseLineHeight;
    return QSize(int(std::ceil(40 * h)), int(std::ceil(28 * h)));
}

// ---------------------------------------------------------------------------------------------
// Public queries

QPointF KeySpaceView::tipPosition(int queryRow) const
{
    return m_scene.tipPosition(queryRow);
}

QPointF KeySpaceView::keyPosition(int keyRow) const
{
    return m_scene.keyPosition(keyRow);
}

QPointF KeySpaceView::dataToWidget(const QPointF &data) const
{
    return m_scene.toPixel(data);
}

QPointF KeySpaceView::widgetToData(const QPointF &widgetPoint) const
{
    return m_scene.toData(widgetPoint);
}

double KeySpaceView::pixelsPerUnit() const
{
    return m_scene.axes.xPixelsPerUnit();
}

QRectF KeySpaceView::keyLabelRect(int keyRow) const
{
    return m_scene.keyLabelRect(keyRow);
}

QRectF KeySpaceView::queryLabelRect(int queryRow) const
{
    return m_scene.queryLabelRect(queryRow);
}

double KeySpaceView::haloRadius(int keyRow) const
{
    return m_scene.haloRadius(keyRow);
}

bool KeySpaceView::isKeyLabelled(int keyRow) const
{
    return m_scene.isKeyLabelled(keyRow);
}

bool KeySpaceView::isQueryLabelled(int queryRow) const
{
    return m_scene.isQueryLabelled(queryRow);
}

QVector<QRectF> KeySpaceView::labelRects() const
{
    return m_scene.textRects();
}

QString KeySpaceView::dimensionNote() const
{
    const Index d = m_model->scenario().keyDimension();
    if (d <= 2)
        return QString();
    if (const PrincipalPlane *plane = principalPlane())
        return KeySpaceDescriber::principalPlaneNote(*plane);
    const QString coordinates = tr("showing dimensions %1 and %2 of %3; other coordinates unchanged")
                                    .arg(m_horizontalDimension + 1)
                                    .arg(m_verticalDimension + 1)
                                    .arg(d);
    if (m_principalPlaneChosen)
        return tr("No principal plane for keys that are not all finite numbers; %1").arg(coordinates);
    return coordinates;
}

QString KeySpaceView::figureCaption() const
{
    if (const PrincipalPlane *plane = principalPlane())
        return KeySpaceDescriber::principalPlaneCaption(*plane);
    return dimensionNote();
}

bool KeySpaceView::isPrincipalPlaneShown() const
{
    return m_principalPlaneChosen && m_plane && m_model->scenario().keyDimension() > 2
        && m_plane->dimension() == m_model->scenario().keyDimension();
}

const PrincipalPlane *KeySpaceView::principalPlane() const
{
    return isPrincipalPlaneShown() ? m_plane.get() : nullptr;
}

QString KeySpaceView::hintText() const
{
    QString hint = tr("drag arrows to move queries \u00b7 Ctrl+drag moves keys");
    if (m_viewState->snapToGrid())
        hint += tr(" \u00b7 snapping to 0.1");
    return hint;
}

void KeySpaceView::setShownDimensions(int horizontal, int vertical)
{
    const int d = int(m_model->scenario().keyDimension());
    if (d < 2 || horizontal < 0 || vertical < 0 || horizontal >= d || vertical >= d)
        return;
    if (horizontal == vertical) {
        // Picking the coordinate already shown on the other axis swaps the two.
        if (horizontal != m_horizontalDimension)
            vertical = m_horizontalDimension;
        else
            horizontal = m_verticalDimension;
    }
    if (horizontal == m_horizontalDimension && vertical == m_verticalDimension && !m_principalPlaneChosen)
        return;
    m_horizontalDimension = horizontal;
    m_verticalDimension = vertical;
    m_principalPlaneChosen = false;
    rebuildPickers();
    refit();
    refreshScene();
    updateAccessibleNumbers();
}

void KeySpaceView::setPrincipalPlaneChosen(bool principalPlane)
{
    if (principalPlane == m_principalPlaneChosen)
        return;
    m_principalPlaneChosen = principalPlane;
    rebuildPickers();
    refit();
    m_pointsDirty = true;
    refreshScene();
    updateAccessibleNumbers();
}

void KeySpaceView::updatePrincipalPlane()
{
    m_planeStale = false;
    const Scenario &scenario = m_model->scenario();
    std::optional<PrincipalPlane> plane;
    if (scenario.keyDimension() > 2)
        plane = principalPlaneOf(scenario.keys);
    if (!plane) {
        m_plane.reset();
        return;
    }
    // The plane through the origin of key space, along the keys' principal directions: (0, 0) is
    // the zero vector, so a query is still an arrow from the origin and its drawn arrow is the
    // projection of the query vector.
    plane->origin.setZero();
    m_plane = std::make_shared<const PrincipalPlane>(std::move(*plane));
}

void KeySpaceView::onDragFinished()
{
    if (!m_planeStale)
        return;
    updatePrincipalPlane();
    rebuildPickers();
    refit();
    m_pointsDirty = true;
    refreshScene();
    updateAccessibleNumbers();
}

// ---------------------------------------------------------------------------------------------
// Reacting to the model

void KeySpaceView::onScenarioReset()
{
    m_interaction->onScenarioReset();
    updatePrincipalPlane();
    const int d = int(m_model->scenario().keyDimension());
    if (d <= 1) {
        m_horizontalDimension = 0;
        m_verticalDimension = -1;
    } else if (m_horizontalDimension < 0 || m_horizontalDimension >= d || m_verticalDimension < 0
               || m_verticalDimension >= d || m_horizontalDimension == m_verticalDimension) {
        m_horizontalDimension = 0;
        m_verticalDimension = 1;
    }
    rebuildPickers();
    readResult();
    refit();
    m_pointsDirty = true;
    refreshScene();
}

void KeySpaceView::onResultChanged()
{
    readResult();
    refreshScene();
}

const Matrix *KeySpaceView::shownWeights() const
{
    if (!m_hasResult)
        return nullptr;
    const AttentionResult *result = m_model->result();
    const Scenario &scenario = m_model->scenario();
    if (!result || result->weights.rows() != scenario.queryCount()
        || result->weights.cols() != scenario.keyCount())
        return nullptr;
    return &result->weights;
}

void KeySpaceView::readResult()
{
    const AttentionResult *result = m_model->result();
    m_hasResult = result != nullptr;
    if (result) {
        m_resultNote.clear();
        return;
    }
    m_resultNote = KeySpaceDescriber::resultNote(m_model->scenario(), m_model->error());
}

void KeySpaceView::rebuildPickers()
{
    m_header->setDimensions(int(m_model->scenario().keyDimension()), isPrincipalPlaneShown(), m_horizontalDimension,
                            m_verticalDimension, dimensionNote());
    // No plane is drawn for a general or additive score: nothing to choose its dimensions for.
    if (!showsPlane())
        m_header->hide();
    updateHeaderGeometry();
}

void KeySpaceView::updateHeaderGeometry()
{
    if (m_header->isHidden())
        return;
    const int height = m_header->hasHeightForWidth() ? m_header->heightForWidth(width())
                                                     : m_header->sizeHint().height();
    m_header->setGeometry(0, 0, width(), std::max(height, m_header->minimumSizeHint().height()));
}

QRectF KeySpaceView::plotBounds() const
{
    const double top = m_header->isHidden() ? 0.0 : m_header->geometry().bottom() + 1.0;
    return QRectF(0.0, top, width(), std::max(0.0, height() - top));
}

void KeySpaceView::measureFont()
{
    m_baseLineHeight = QFontMetricsF(font()).height();
}

bool KeySpaceView::isLineMode() const
{
    return m_model->scenario().keyDimension() == 1;
}

QPointF KeySpaceView::shownCoordinates(const Eigen::RowVectorXd &row) const
{
    // The scene's plane: during a key drag the one the drag began in.
    return m_scene.shownCoordinates(row);
}

bool KeySpaceView::showsPlane() const
{
    return m_model->scenario().score.isScaledDot();
}

QString KeySpaceView::noPlaneText() const
{
    const Scenario &s = m_model->scenario();
    const QString kind = s.score.kind == ScoreFunction::Kind::General ? tr("general (q W kᵀ)")
                                                                      : tr("additive (wᵀ tanh(W_q q + W_k k))");
    return tr("The key space draws scaled dot-product attention: a query's score is its projection "
              "onto the key in one shared plane. This scenario uses the %1 score, with queries of "
              "length d_q = %2 and keys of length d_k = %3, so no plane shows its scores: the Score "
              "functions lab (Alt+3) draws each one, and the heatmap and the charts show the weights.")
        .arg(kind)
        .arg(s.queryDimension())
        .arg(s.keyDimension());
}

void KeySpaceView::paintNoPlane(QPainter &painter, const QRectF &rect) const
{
    const Theme &theme = m_viewState->theme();
    painter.fillRect(rect, theme.viewBackground());
    painter.setPen(theme.textColor());
    painter.setFont(font());
    const double margin = std::max(8.0, rect.width() * 0.06);
    painter.drawText(rect.adjusted(margin, margin, -margin, -margin), Qt::AlignCenter | Qt::TextWordWrap,
                     noPlaneText());
}

void KeySpaceView::refit()
{
    if (!showsPlane())
        return;  // queries and keys share no plane to fit
    if (const PrincipalPlane *plane = principalPlane())
        m_fit = KeySpaceSceneBuilder::fit(m_model->scenario(), *plane);
    else
        m_fit = KeySpaceSceneBuilder::fit(m_model->scenario(), m_horizontalDimension, m_verticalDimension);
}

void KeySpaceView::refreshScene()
{
    if (!showsPlane()) {
        m_scene = KeySpaceScene();
        m_staticDirty = true;
        update();
        return;
    }
    auto rebuild = [this] {
        const KeySpaceFrameInputs inputs = frameInputs(plotBounds(), true);
        if (!m_frameValid || !(inputs == m_frameInputs)) {
            m_frame = m_builder.buildFrame(inputs);
            m_frameInputs = inputs;
            m_frameValid = true;
            m_staticDirty = true;
            m_pointsDirty = true;
        }
        m_scene = buildScene(m_frame);
    };
    rebuild();
    if (!m_interaction->isDragging() && !m_scene.allPointsVisible()) {
        refit();
        rebuild();
    }
    updateData();
}

void KeySpaceView::updateData()
{
    // Points, halos, arrows and labels all stay inside the plot (the focus frame just around
    // it); the ticks, titles and caption outside only change with the frame.
    if (m_staticDirty)
        update();
    else
        update(m_scene.plotRect.toAlignedRect().adjusted(-3, -3, 3, 3));
}

void KeySpaceView::onQueryChanged(int row)
{
    // The arrow follows at once; its halos, projections and labels follow with the result, which
    // the model publishes within the same event-loop turn (refreshScene on resultChanged).
    if (row != m_scene.selectedQuery)
        m_pointsDirty = true;
    if (row < 0 || row >= m_scene.tips.size() || row >= m_model->scenario().queryCount()) {
        refreshScene();
        return;
    }
    m_scene.moveTip(row, shownCoordinates(m_model->scenario().queries.row(row)));
    updateData();
}

void KeySpaceView::onKeyChanged(int row)
{
    m_pointsDirty = true;
    if (m_model->scenario().keyDimension() > 2) {
        // The plane follows the keys, but stays put under a drag (it would turn under the mouse).
        if (m_interaction->isDragging()) {
            m_planeStale = true;
        } else {
            updatePrincipalPlane();
            if (isPrincipalPlaneShown()) {
                rebuildPickers();
                refreshScene();
                return;
            }
        }
    }
    if (row < 0 || row >= m_scene.keyPoints.size() || row >= m_model->scenario().keyCount()) {
        refreshScene();
        return;
    }
    m_scene.moveKey(row, shownCoordinates(m_model->scenario().keys.row(row)));
    updateData();
}

// ---------------------------------------------------------------------------------------------
// Scene building

KeySpaceFrameInputs KeySpaceView::frameInputs(const QRectF &bounds, bool interactive) const
{
    KeySpaceFrameInputs inputs;
    inputs.bounds = bounds;
    inputs.font = font();
    inputs.interactive = interactive;
    inputs.lineMode = isLineMode();
    inputs.hasResult = shownWeights() != nullptr;
    if (!inputs.hasResult)
        inputs.note = m_resultNote;
    // No editing hints on a lecture screen.
    inputs.caption = !interactive ? figureCaption() : m_viewState->isPresenting() ? QString() : hintText();
    // With several heads the caption strip names the head shown first, on a lecture screen too.
    if (const QString head = headTag(*m_model); !head.isEmpty())
        inputs.caption = inputs.caption.isEmpty() ? head : tr("%1 \u00b7 %2", "the head, then the hint").arg(head, inputs.caption);
    inputs.queryCount = int(m_model->scenario().queryCount());
    inputs.horizontalDimension = m_horizontalDimension;
    inputs.verticalDimension = m_verticalDimension;
    inputs.principalPlane = isPrincipalPlaneShown();
    inputs.fit = m_fit;
    // Labels may get smaller type where the plot's leaves them no place (smallestLabelPixels()).
    if (interactive)
        inputs.smallestLabelPixels = smallestLabelPixels(*this, *m_viewState);
    return inputs;
}

KeySpaceScene KeySpaceView::buildScene(const KeySpaceFrame &frame) const
{
    KeySpaceSceneBuilder::Selection selection;
    selection.selectedQuery = m_viewState->selectedQuery();
    selection.hoveredQuery = m_viewState->hoveredQuery();
    selection.hoveredKey = m_viewState->hoveredKey();
    // Predict first: no halo while the lesson keeps the weights back, "q·k = ?" for the scores.
    selection.dotsHidden = m_viewState->conceals(LessonQuantity::Scores);
    const bool weightsShown = frame.hasResult && !m_viewState->conceals(LessonQuantity::Weights);
    return m_builder.buildScene(frame, m_model->scenario(), weightsShown ? shownWeights() : nullptr, selection,
                                m_plane);
}

KeySpacePainter::Style KeySpaceView::painterStyle() const
{
    KeySpacePainter::Style style;
    style.theme = m_viewState->theme();
    style.lineWidthFactor = m_viewState->lineWidthFactor();
    style.presenting = m_viewState->isPresenting();
    return style;
}

// ---------------------------------------------------------------------------------------------
// Painting

void KeySpaceView::paintScene(QPainter &painter, const QRectF &rect, bool fillBackground) const
{
    if (!showsPlane()) {
        paintNoPlane(painter, rect);
        return;
    }
    const KeySpacePainter scenePainter(painterStyle());
    scenePainter.paintScene(painter, buildScene(m_builder.buildFrame(frameInputs(rect, false))), fillBackground);
}

void KeySpaceView::renderStaticLayer(qreal dpr)
{
    m_staticLayer = QPixmap(size() * dpr);
    m_staticLayer.setDevicePixelRatio(dpr);
    m_staticLayer.fill(palette().color(QPalette::Window));
    QPainter painter(&m_staticLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(m_scene.metrics.font);
    m_painter.setStyle(painterStyle());
    m_painter.paintFrame(painter, m_scene);
    if (hasFocus()) {
        QColor focusColor = palette().color(QPalette::Highlight);
        focusColor.setAlphaF(0.45);
        QPen pen(focusColor, 1.5);
        painter.setPen(pen);
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(m_scene.plotRect.adjusted(-1, -1, 1, 1));
    }
    m_staticDirty = false;
}

void KeySpaceView::renderPointsLayer(qreal dpr)
{
    m_pointsLayerRect = KeySpacePainter::pointsLayerRect(m_scene).intersected(rect());
    m_pointsLayer = QPixmap(m_pointsLayerRect.size() * dpr);
    m_pointsLayer.setDevicePixelRatio(dpr);
    m_pointsLayer.fill(Qt::transparent);
    QPainter painter(&m_pointsLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.translate(-m_pointsLayerRect.topLeft());
    painter.setClipRect(m_scene.plotRect);
    m_painter.setStyle(painterStyle());
    m_painter.paintPoints(painter, m_scene);
    m_pointsDirty = false;
}

void KeySpaceView::paintEvent(QPaintEvent *)
{
    if (!showsPlane()) {
        QPainter painter(this);
        paintNoPlane(painter, QRectF(rect()));
        return;
    }
    // Only the moving parts are drawn from scratch: the frame (and, in a crowded plane, the keys
    // and the other arrows) come from pictures repainted when they change, not on a drag step.
    const qreal dpr = devicePixelRatioF();
    if (m_staticDirty || m_staticLayer.devicePixelRatio() != dpr
        || m_staticLayer.deviceIndependentSize() != QSizeF(size()))
        renderStaticLayer(dpr);
    const bool layered = KeySpacePainter::usesPointsLayer(m_scene);
    if (layered && (m_pointsDirty || m_pointsLayer.devicePixelRatio() != dpr))
        renderPointsLayer(dpr);

    m_painter.setStyle(painterStyle());
    QPainter painter(this);
    painter.drawPixmap(0, 0, m_staticLayer);
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    painter.setFont(m_scene.metrics.font);
    painter.save();
    painter.setClipRect(m_scene.plotRect);
    m_painter.paintData(painter, m_scene, layered ? &m_pointsLayer : nullptr, m_pointsLayerRect.topLeft(),
                        &m_haloSprites);
    painter.restore();
    m_painter.paintLabelTexts(painter, m_scene);
    paintKeyboardTarget(painter);
}

// ---------------------------------------------------------------------------------------------
// Interaction

int KeySpaceView::queryTipAt(const QPointF &pos) const
{
    return m_scene.queryTipAt(pos);
}

int KeySpaceView::keyAt(const QPointF &pos) const
{
    return m_scene.keyAt(pos);
}

// The mouse and the arrow keys are KeySpaceInteraction's; what it does not take goes on to QWidget.

void KeySpaceView::mousePressEvent(QMouseEvent *event)
{
    if (!showsPlane() || !m_interaction->mousePressEvent(event))
        QWidget::mousePressEvent(event);
}

void KeySpaceView::mouseMoveEvent(QMouseEvent *event)
{
    if (showsPlane())
        m_interaction->mouseMoveEvent(event);
}

void KeySpaceView::mouseReleaseEvent(QMouseEvent *event)
{
    if (!showsPlane() || !m_interaction->mouseReleaseEvent(event))
        QWidget::mouseReleaseEvent(event);
}

void KeySpaceView::keyPressEvent(QKeyEvent *event)
{
    if (!m_focusVisible && event->key() != Qt::Key_Tab && event->key() != Qt::Key_Backtab) {
        m_focusVisible = true;  // the keyboard is in use here
        update();
    }
    if (!showsPlane() || !m_interaction->keyPressEvent(event))
        QWidget::keyPressEvent(event);
}

void KeySpaceView::keyReleaseEvent(QKeyEvent *event)
{
    if (!showsPlane() || !m_interaction->keyReleaseEvent(event))
        QWidget::keyReleaseEvent(event);
}

void KeySpaceView::hideEvent(QHideEvent *event)
{
    m_interaction->endGestures();
    QWidget::hideEvent(event);
}

void KeySpaceView::leaveEvent(QEvent *event)
{
    m_interaction->leaveEvent();
    QWidget::leaveEvent(event);
}

QString KeySpaceView::keyToolTip(int keyRow) const
{
    return KeySpaceDescriber::keyToolTip(m_model->scenario(), m_scene,
                                         m_viewState->conceals(LessonQuantity::Weights) ? nullptr : shownWeights(), keyRow);
}

QString KeySpaceView::queryToolTip(int queryRow) const
{
    return KeySpaceDescriber::queryToolTip(m_model->scenario(), queryRow);
}

bool KeySpaceView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QPointF pos = help->pos();
        const bool keysFirst = QGuiApplication::keyboardModifiers() & Qt::ControlModifier;
        int key = keysFirst ? keyAt(pos) : -1;
        const int tip = key < 0 ? queryTipAt(pos) : -1;
        if (tip < 0 && key < 0)
            key = keyAt(pos);
        if (tip >= 0)
            QToolTip::showText(help->globalPos(), queryToolTip(tip), this);
        else if (key >= 0)
            QToolTip::showText(help->globalPos(), keyToolTip(key), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void KeySpaceView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateHeaderGeometry();
    refreshScene();
}

void KeySpaceView::focusInEvent(QFocusEvent *event)
{
    m_focusVisible = FocusRing::visibleFocus(event->reason(), m_focusVisible);
    // The focus frame is part of the frame's picture.
    m_staticDirty = true;
    QWidget::focusInEvent(event);
}

void KeySpaceView::focusOutEvent(QFocusEvent *event)
{
    m_staticDirty = true;
    m_interaction->endGestures();
    QWidget::focusOutEvent(event);
}

void KeySpaceView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        measureFont();
        updateGeometry();
        updateHeaderGeometry();
        refreshScene();
    } else if (event->type() == QEvent::PaletteChange) {
        m_staticDirty = true;
        update();
    }
}

// ---------------------------------------------------------------------------------------------
// Accessibility (the words are KeySpaceDescriber's)

int KeySpaceView::keyboardKey() const
{
    return m_interaction->keyboardKey();
}

void KeySpaceView::setUpAccessibility()
{
    m_helpDescription = KeySpaceDescriber::helpDescription();
    setStatusTip(KeySpaceDescriber::statusTip());
    connect(m_model, &AttentionModel::scenarioReset, this, &KeySpaceView::updateAccessibleNumbers);
    connect(m_model, &AttentionModel::resultChanged, this, &KeySpaceView::updateAccessibleNumbers);
    connect(m_viewState, &ViewState::selectedQueryChanged, this, &KeySpaceView::updateAccessibleNumbers);
    connect(m_viewState, &ViewState::concealedAnswersChanged, this, &KeySpaceView::updateAccessibleNumbers);
    updateAccessibleNumbers();
}

QString KeySpaceView::numbersDescription() const
{
    if (!showsPlane())
        return noPlaneText();
    return KeySpaceDescriber::numbersDescription(m_model->scenario(), m_model->result(), m_model->error(),
                                                 m_viewState->selectedQuery(), keyboardKey(),
                                                 m_viewState->concealedAnswers());
}

void KeySpaceView::updateAccessibleNumbers()
{
    QString description = numbersDescription() + QLatin1Char(' ') + m_helpDescription;
    if (const PrincipalPlane *plane = principalPlane())
        description = KeySpaceDescriber::principalPlaneDescription(*plane) + QLatin1Char(' ') + description;
    AccessibleNumbers::setDescription(this, description);
}

void KeySpaceView::paintKeyboardTarget(QPainter &painter) const
{
    if (!hasFocus() || !m_focusVisible)
        return;
    FocusRing::paintFrame(painter, this);
    // The key chosen with K gets a dashed ring.
    m_painter.paintKeyboardTarget(painter, m_scene, keyboardKey(),
                                  palette().color(QPalette::Highlight).darker(130));
}

// ---------------------------------------------------------------------------------------------
// Themes and presentation mode (PRESENT)

void KeySpaceView::setUpThemeHandling()
{
    // Colours and pen widths live in the cached pictures: a new theme or line scale repaints them.
    auto repaintAll = [this] {
        m_staticDirty = true;
        m_pointsDirty = true;
        update();
    };
    connect(m_viewState, &ViewState::themeChanged, this, repaintAll);
    connect(m_viewState, &ViewState::lineScaleChanged, this, repaintAll);
    connect(m_viewState, &ViewState::presentingChanged, this, repaintAll);
}

void KeySpaceView::drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const
{
    paintScene(painter, QRectF(QPointF(0, 0), size), opaque);
}

} // namespace attnlens
