#include "undorecorder.h"

#include "attentionmodel.h"
#include "keyspaceview.h"
#include "temperaturepanel.h"
#include "undomaskcommand.h"
#include "undorowcommand.h"
#include "undoscenariocommand.h"
#include "undotemperaturecommand.h"

#include <QEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QTimer>
#include <QUndoStack>
#include <QWidget>

#include <utility>

namespace attnlens {

namespace {

constexpr int kQueryPart = 0;
constexpr int kKeyPart = 1;
constexpr int kValuePart = 2;
constexpr int kUndoLimit = 500;

bool isEmptyScenario(const Scenario &scenario)
{
    return scenario.queries.size() == 0 && scenario.keys.size() == 0 && scenario.values.size() == 0;
}

bool isArrowKey(int key)
{
    return key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
}

} // namespace

UndoRecorder::ApplyingScope::ApplyingScope(UndoRecorder *recorder)
    : m_recorder(recorder)
{
    ++m_recorder->m_applying;
    // An undo or redo ends any burst: the next change is a step of its own.
    m_recorder->m_burstKind = BurstKind::None;
}

UndoRecorder::ApplyingScope::~ApplyingScope()
{
    --m_recorder->m_applying;
}

UndoRecorder::UndoRecorder(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_stack(new QUndoStack(this))
    , m_shadow(model->scenario())
{
    setObjectName(QStringLiteral("undoRecorder"));
    m_stack->setObjectName(QStringLiteral("undoStack"));
    // Far more than a lesson needs, and a bound on memory when loads of 512-token scenarios
    // (which keep both whole scenarios) pile up.
    m_stack->setUndoLimit(kUndoLimit);

    connect(model, &AttentionModel::queryChanged, this, [this](int row) { onRowChanged(kQueryPart, row); });
    connect(model, &AttentionModel::keyChanged, this, [this](int row) { onRowChanged(kKeyPart, row); });
    connect(model, &AttentionModel::valueChanged, this, [this](int row) { onRowChanged(kValuePart, row); });
    connect(model, &AttentionModel::temperatureChanged, this, &UndoRecorder::onTemperatureChanged);
    connect(model, &AttentionModel::maskChanged, this, &UndoRecorder::onMaskChanged);
    connect(model, &AttentionModel::scenarioReset, this, &UndoRecorder::onScenarioReset);

    // The structural signals come just before their scenarioReset: they name the step.
    connect(model, &AttentionModel::nameChanged, this, [this](const QString &name) {
        setPendingText(tr("Rename scenario to %1").arg(name.isEmpty() ? tr("(no name)") : name));
    });
    connect(model, &AttentionModel::queryLabelChanged, this, [this](int row) {
        setPendingText(tr("Rename query %1 to %2")
                           .arg(m_shadow.queryLabel(row), m_model->scenario().queryLabel(row)));
    });
    connect(model, &AttentionModel::keyLabelChanged, this, [this](int row) {
        setPendingText(tr("Rename key %1 to %2")
                           .arg(m_shadow.keyLabel(row), m_model->scenario().keyLabel(row)));
    });
    connect(model, &AttentionModel::queryInserted, this, [this](int row) {
        setPendingText(tr("Add query %1").arg(m_model->scenario().queryLabel(row)));
    });
    connect(model, &AttentionModel::queryRemoved, this, [this](int row) {
        setPendingText(tr("Remove query %1").arg(m_shadow.queryLabel(row)));
    });
    connect(model, &AttentionModel::keyInserted, this, [this](int row) {
        setPendingText(tr("Add key %1").arg(m_model->scenario().keyLabel(row)));
    });
    connect(model, &AttentionModel::keyRemoved, this, [this](int row) {
        setPendingText(tr("Remove key %1").arg(m_shadow.keyLabel(row)));
    });
    connect(model, &AttentionModel::keyDimensionChanged, this, [this](int dimension) {
        setPendingText(tr("Change d_k from %1 to %2").arg(m_shadow.keyDimension()).arg(dimension));
    });
    connect(model, &AttentionModel::valueDimensionChanged, this, [this](int dimension) {
        setPendingText(tr("Change d_v from %1 to %2").arg(m_shadow.valueDimension()).arg(dimension));
    });
}

UndoRecorder::~UndoRecorder() = default;

void UndoRecorder::watchKeySpace(KeySpaceView *view)
{
    m_keySpace = view;
    view->installEventFilter(this);
    connect(view, &KeySpaceView::dragStarted, this, &UndoRecorder::beginGesture);
    connect(view, &KeySpaceView::dragFinished, this, &UndoRecorder::endGesture);
}

void UndoRecorder::watchTemperaturePanel(TemperaturePanel *panel)
{
    connect(panel, &TemperaturePanel::slideStarted, this, &UndoRecorder::beginGesture);
    connect(panel, &TemperaturePanel::slideFinished, this, &UndoRecorder::endGesture);
}

void UndoRecorder::watchMouseGestures(QWidget *widget)
{
    widget->installEventFilter(this);
    m_mouseWidgets.insert(widget);
    connect(widget, &QObject::destroyed, this, [this](QObject *object) {
        m_mouseWidgets.remove(object);
        if (m_pressedWidgets.remove(object))
            endGesture();
    });
}

void UndoRecorder::beginGesture()
{
    if (m_gestureDepth++ == 0)
        m_gesture = ++m_lastGesture;
}

void UndoRecorder::endGesture()
{
    if (m_gestureDepth == 0)
        return;
    if (--m_gestureDepth == 0)
        m_gesture = 0;
}

bool UndoRecorder::eventFilter(QObject *watched, QEvent *event)
{
    switch (event->type()) {
    case QEvent::KeyPress:
        if (watched == m_keySpace && isArrowKey(static_cast<QKeyEvent *>(event)->key())) {
            // The view handles the key right after this filter; the flag lasts until then.
            m_nudgeKeyPending = true;
            QTimer::singleShot(0, this, [this] { m_nudgeKeyPending = false; });
        }
        break;
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonDblClick:
        if (m_mouseWidgets.contains(watched) && !m_pressedWidgets.contains(watched)) {
            m_pressedWidgets.insert(watched);
            beginGesture();
        }
        break;
    case QEvent::Hide:
        // A widget hidden while its button is down may never see the release: the gesture
        // must not stay open and swallow every later change into one step.
        if (m_pressedWidgets.remove(watched))
            endGesture();
        break;
    case QEvent::MouseButtonRelease:
        if (m_pressedWidgets.contains(watched)
            && static_cast<QMouseEvent *>(event)->buttons() == Qt::NoButton) {
            m_pressedWidgets.remove(watched);
            endGesture();
        }
        break;
    default:
        break;
    }
    return QObject::eventFilter(watched, event);
}

quint64 UndoRecorder::burstGesture(BurstKind kind, int row)
{
    if (isGestureOpen())
        return m_gesture;
    const bool continues = m_burstKind == kind && m_burstRow == row && m_burstClock.isValid()
        && m_burstClock.elapsed() <= m_burstInterval && m_stack->index() == m_burstIndex;
    if (!continues) {
        m_burstKind = kind;
        m_burstRow = row;
        m_burstGesture = ++m_lastGesture;
    }
    m_burstClock.start();
    return m_burstGesture;
}

void UndoRecorder::push(QUndoCommand *command, bool burst)
{
    m_stack->push(command);
    if (burst)
        m_burstIndex = m_stack->index();
}

void UndoRecorder::onRowChanged(int part, int row)
{
    const Scenario &scenario = m_model->scenario();
    const Matrix &now = part == kQueryPart ? scenario.queries : part == kKeyPart ? scenario.keys : scenario.values;
    Matrix &shadow = part == kQueryPart ? m_shadow.queries : part == kKeyPart ? m_shadow.keys : m_shadow.values;
    if (shadow.rows() != now.rows() || shadow.cols() != now.cols()) {
        // Cannot happen while every change passes through here; never record a wrong step.
        m_shadow = scenario;
        return;
    }
    const Eigen::RowVectorXd before = shadow.row(row);
    const Eigen::RowVectorXd after = now.row(row);
    shadow.row(row) = after;
    if (isApplying())
        return;

    const QString label = part == kQueryPart ? scenario.queryLabel(row) : scenario.keyLabel(row);
    static const UndoRowCommand::Part parts[] = {UndoRowCommand::Part::Query, UndoRowCommand::Part::Key,
                                                 UndoRowCommand::Part::Value};
    quint64 gesture = 0;
    bool burst = false;
    QString text;
    if (isGestureOpen()) {
        gesture = m_gesture;
        // A run of arrow-key moves of a key is a gesture too, but nothing was dragged.
        if (m_nudgeKeyPending && part != kValuePart)
            text = part == kQueryPart ? tr("Nudge query %1").arg(label) : tr("Nudge key %1").arg(label);
        else
            text = part == kQueryPart ? tr("Drag query %1").arg(label)
                : part == kKeyPart    ? tr("Drag key %1").arg(label)
                                      : tr("Change value %1").arg(label);
    } else if (part == kQueryPart && m_nudgeKeyPending) {
        gesture = burstGesture(BurstKind::Nudge, row);
        burst = true;
        text = tr("Nudge query %1").arg(label);
    } else {
        text = part == kQueryPart ? tr("Edit query %1").arg(label)
            : part == kKeyPart    ? tr("Edit key %1").arg(label)
                                  : tr("Edit value %1").arg(label);
    }
    push(new UndoRowCommand(m_model, this, text, gesture, parts[part], row, before, after), burst);
}

void UndoRecorder::onTemperatureChanged(double temperature)
{
    const double before = m_shadow.temperature;
    m_shadow.temperature = temperature;
    if (isApplying())
        return;
    const bool burst = !isGestureOpen();
    const quint64 gesture = burstGesture(BurstKind::Temperature, -1);
    push(new UndoTemperatureCommand(m_model, this, gesture, before, temperature), burst);
}

void UndoRecorder::onMaskChanged()
{
    const Scenario &scenario = m_model->scenario();
    const std::optional<Mask> before = m_shadow.allowed;
    m_shadow.allowed = scenario.allowed;
    if (isApplying())
        return;
    const Index queryCount = scenario.queryCount();
    const Index keyCount = scenario.keyCount();
    const auto fits = [&](const std::optional<Mask> &mask) {
        return !mask || (mask->rows() == queryCount && mask->cols() == keyCount);
    };
    if (!fits(before) || !fits(scenario.allowed)) {
        // A mask of another shape than the matrices (which the engine refuses): keep it whole.
        Scenario previous = scenario;
        previous.allowed = before;
        push(new UndoScenarioCommand(m_model, this, tr("Change mask"), previous, scenario), false);
        return;
    }
    push(new UndoMaskCommand(m_model, this, maskText(before, scenario.allowed),
                             isGestureOpen() ? m_gesture : 0, before, scenario.allowed, queryCount,
                             keyCount),
         false);
}

QString UndoRecorder::maskText(const std::optional<Mask> &before, const std::optional<Mask> &after) const
{
    const Scenario &scenario = m_model->scenario();
    if (!after)
        return tr("Allow every key");
    const Index queryCount = scenario.queryCount();
    const Index keyCount = scenario.keyCount();
    const Mask from = before ? *before : Mask::Constant(queryCount, keyCount, true);
    Index changed = 0;
    Index lastQuery = -1;
    Index lastKey = -1;
    for (Index i = 0; i < queryCount; ++i) {
        for (Index j = 0; j < keyCount; ++j) {
            if (from(i, j) != (*after)(i, j)) {
                ++changed;
                lastQuery = i;
                lastKey = j;
            }
        }
    }
    if (changed == 1) {
        const QString cell = tr("%1 \u2192 %2").arg(scenario.queryLabel(lastQuery), scenario.keyLabel(lastKey));
        return (*after)(lastQuery, lastKey) ? tr("Allow %1").arg(cell) : tr("Block %1").arg(cell);
    }
    if (*after == causalMask(queryCount, keyCount))
        return tr("Causal mask");
    return tr("Change mask (%1 cells)").arg(changed);
}

void UndoRecorder::setPendingText(const QString &text)
{
    if (!isApplying())
        m_pendingText = text;
}

void UndoRecorder::onScenarioReset()
{
    const Scenario &now = m_model->scenario();
    const QString pending = std::exchange(m_pendingText, QString());
    if (isApplying() || isEmptyScenario(m_shadow)) {
        m_shadow = now;
        return;
    }
    QString text = pending;
    if (text.isEmpty()) {
        text = now.name.isEmpty() ? tr("Load scenario") : tr("Load scenario %1").arg(now.name);
    }
    Scenario before = std::exchange(m_shadow, now);
    push(new UndoScenarioCommand(m_model, this, text, std::move(before), now), false);
}

} // namespace attnlens
