#include "undorecorder.h"

#include "attentionmodel.h"
#include "undomaskcommand.h"
#include "undorowcommand.h"
#include "undoscenariocommand.h"
#include "undotemperaturecommand.h"

#include <QAction>
#include <QGuiApplication>
#include <QWindow>
#include <QUndoStack>

#include <vector>
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

const Matrix &partOf(const Scenario &scenario, int part, Index head)
{
    return part == kQueryPart ? scenario.headQueries(head)
        : part == kKeyPart    ? scenario.headKeys(head)
                              : scenario.headValues(head);
}

Matrix &partOf(Scenario &scenario, int part, Index head)
{
    return part == kQueryPart ? scenario.headQueries(head)
        : part == kKeyPart    ? scenario.headKeys(head)
                              : scenario.headValues(head);
}

/// The same heads with the same names and shapes: row steps can carry one to the other.
bool sameHeadLayout(const Scenario &a, const Scenario &b)
{
    if (a.headCount() != b.headCount() || a.headName != b.headName)
        return false;
    for (Index h = 0; h < a.headCount(); ++h) {
        if (h > 0 && a.moreHeads[size_t(h - 1)].name != b.moreHeads[size_t(h - 1)].name)
            return false;
        for (int part : {0, 1, 2}) {
            const Matrix &x = partOf(a, part, h);
            const Matrix &y = partOf(b, part, h);
            if (x.rows() != y.rows() || x.cols() != y.cols())
                return false;
        }
    }
    return true;
}

UndoRowCommand::Part rowPart(int part)
{
    return part == kQueryPart ? UndoRowCommand::Part::Query
        : part == kKeyPart    ? UndoRowCommand::Part::Key
                              : UndoRowCommand::Part::Value;
}

bool sameShape(const Matrix &a, const Matrix &b)
{
    return a.rows() == b.rows() && a.cols() == b.cols();
}

bool maskFits(const std::optional<Mask> &mask, Index queryCount, Index keyCount)
{
    return !mask || (mask->rows() == queryCount && mask->cols() == keyCount);
}

} // namespace

UndoRecorder::ApplyingScope::ApplyingScope(UndoRecorder *recorder)
    : m_recorder(recorder)
{
    ++m_recorder->m_applying;
}

UndoRecorder::ApplyingScope::~ApplyingScope()
{
    --m_recorder->m_applying;
}

UndoRecorder::UndoRecorder(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
    , m_stack(new QUndoStack(this))
    , m_record(model->wholeScenario())
{
    setObjectName(QStringLiteral("undoRecorder"));
    m_stack->setObjectName(QStringLiteral("undoStack"));
    // Far more than a lesson needs, and a bound on memory when loads of 512-token scenarios
    // (which keep both whole scenarios) pile up.
    m_stack->setUndoLimit(kUndoLimit);

    connect(model, &AttentionModel::queryChanged, this,
            [this](int row, int head) { onRowChanged(kQueryPart, row, head); });
    connect(model, &AttentionModel::keyChanged, this,
            [this](int row, int head) { onRowChanged(kKeyPart, row, head); });
    connect(model, &AttentionModel::valueChanged, this,
            [this](int row, int head) { onRowChanged(kValuePart, row, head); });
    connect(model, &AttentionModel::temperatureChanged, this, &UndoRecorder::onTemperatureChanged);
    connect(model, &AttentionModel::maskChanged, this, &UndoRecorder::onMaskChanged);
    // A score-function change outside an edit is one step of its own (inside one, the edit's
    // end records it with the rest); the reset that follows a change of kind then finds it taken.
    connect(model, &AttentionModel::scoreFunctionChanged, this, [this] {
        if (isDeferring())
            return;
        if (isApplying()) {
            m_record.score = m_model->wholeScenario().score;
            return;
        }
        recordWholeScenario(tr("Change score function"));
    });
    connect(model, &AttentionModel::scenarioReset, this, &UndoRecorder::onScenarioReset);
    connect(model, &AttentionModel::editBegun, this, &UndoRecorder::onEditBegun);
    connect(model, &AttentionModel::editEnded, this, &UndoRecorder::onEditEnded);
    // A gesture ends when the user turns away from it: a modal dialog takes the focus window,
    // another window or application is chosen. Its release may never reach the view then.
    if (auto *application = qobject_cast<QGuiApplication *>(QCoreApplication::instance())) {
        connect(application, &QGuiApplication::focusWindowChanged, this,
                [this] { m_model->interruptGesture(); });
        connect(application, &QGuiApplication::applicationStateChanged, this,
                [this](Qt::ApplicationState state) {
                    if (state != Qt::ApplicationActive)
                        m_model->interruptGesture();
                });
    }

    // The structural signals come just before their scenarioReset: they name the step.
    connect(model, &AttentionModel::nameChanged, this, [this](const QString &name) {
        setPendingText(tr("Rename scenario to %1").arg(name.isEmpty() ? tr("(no name)") : name));
    });
    connect(model, &AttentionModel::queryLabelChanged, this, [this](int row) {
        setPendingText(tr("Rename query %1 to %2")
                           .arg(m_record.queryLabel(row), m_model->wholeScenario().queryLabel(row)));
    });
    connect(model, &AttentionModel::keyLabelChanged, this, [this](int row) {
        setPendingText(tr("Rename key %1 to %2")
                           .arg(m_record.keyLabel(row), m_model->wholeScenario().keyLabel(row)));
    });
    connect(model, &AttentionModel::queryInserted, this, [this](int row) {
        setPendingText(tr("Add query %1").arg(m_model->wholeScenario().queryLabel(row)));
    });
    connect(model, &AttentionModel::queryRemoved, this, [this](int row) {
        setPendingText(tr("Remove query %1").arg(m_record.queryLabel(row)));
    });
    connect(model, &AttentionModel::keyInserted, this, [this](int row) {
        setPendingText(tr("Add key %1").arg(m_model->wholeScenario().keyLabel(row)));
    });
    connect(model, &AttentionModel::keyRemoved, this, [this](int row) {
        setPendingText(tr("Remove key %1").arg(m_record.keyLabel(row)));
    });
    connect(model, &AttentionModel::keyDimensionChanged, this, [this](int dimension) {
        setPendingText(tr("Change d_k from %1 to %2").arg(m_record.keyDimension()).arg(dimension));
    });
    connect(model, &AttentionModel::valueDimensionChanged, this, [this](int dimension) {
        setPendingText(tr("Change d_v from %1 to %2").arg(m_record.valueDimension()).arg(dimension));
    });
    connect(model, &AttentionModel::headRenamed, this, [this](int head) {
        setPendingText(tr("Rename %1 to %2")
                           .arg(m_record.headLabel(head), m_model->wholeScenario().headLabel(head)));
    });
    connect(model, &AttentionModel::headInserted, this, [this](int head) {
        setPendingText(tr("Add %1").arg(m_model->wholeScenario().headLabel(head)));
    });
    connect(model, &AttentionModel::headRemoved, this, [this](int head) {
        setPendingText(tr("Remove %1").arg(m_record.headLabel(head)));
    });
}

UndoRecorder::~UndoRecorder() = default;

QAction *UndoRecorder::createUndoAction(QObject *parent, const QString &prefix)
{
    QAction *action = m_stack->createUndoAction(parent, prefix);
    disconnect(action, &QAction::triggered, m_stack, nullptr);
    connect(action, &QAction::triggered, this, &UndoRecorder::undo);
    return action;
}

QAction *UndoRecorder::createRedoAction(QObject *parent, const QString &prefix)
{
    QAction *action = m_stack->createRedoAction(parent, prefix);
    disconnect(action, &QAction::triggered, m_stack, nullptr);
    connect(action, &QAction::triggered, this, &UndoRecorder::redo);
    return action;
}

void UndoRecorder::undo()
{
    // Ended here, before the stack moves: ended by the undo's own writes, the gesture's step
    // would have to be pushed while the stack is undoing.
    m_model->interruptGesture();
    m_stack->undo();
}

void UndoRecorder::redo()
{
    m_model->interruptGesture();
    m_stack->redo();
}

bool UndoRecorder::isDeferring() const
{
    return m_model->isEditing() && !isApplying();
}

void UndoRecorder::onRowChanged(int part, int row, int head)
{
    const Scenario &scenario = m_model->wholeScenario();
    if (!sameHeadLayout(m_record, scenario)) {
        // Cannot happen while every change passes through here; never drop a step for it.
        if (isApplying())
            m_record = scenario;
        else if (!isDeferring())
            recordWholeScenario(tr("Change scenario"));
        return;
    }
    const Matrix &now = partOf(scenario, part, head);
    Matrix &recorded = partOf(m_record, part, head);
    if (!sameShape(recorded, now)) {
        // Cannot happen while every change passes through here; never drop a step for it.
        if (isApplying())
            m_record = scenario;
        else if (!isDeferring())
            recordWholeScenario(tr("Change scenario"));
        return;
    }
    if (isDeferring())
        return;  // the edit's end finds it
    const Eigen::RowVectorXd before = recorded.row(row);
    recorded.row(row) = now.row(row);
    if (isApplying())
        return;
    const QString label = part == kQueryPart ? scenario.queryLabel(row) : scenario.keyLabel(row);
    QString text = part == kQueryPart ? tr("Edit query %1").arg(label)
        : part == kKeyPart            ? tr("Edit key %1").arg(label)
                                      : tr("Edit value %1").arg(label);
    if (scenario.hasSeveralHeads())
        text = tr("%1 (%2)", "an edit, then the head it was made in").arg(text, scenario.headLabel(head));
    m_stack->push(new UndoRowCommand(m_model, this, text, rowPart(part), head, row, before, now.row(row)));
}

void UndoRecorder::onTemperatureChanged(double temperature)
{
    if (isDeferring())
        return;
    const double before = std::exchange(m_record.temperature, temperature);
    if (isApplying())
        return;
    m_stack->push(new UndoTemperatureCommand(m_model, this, QString(), before, temperature));
}

void UndoRecorder::onMaskChanged()
{
    if (isDeferring())
        return;
    const Scenario &scenario = m_model->wholeScenario();
    if (isApplying()) {
        m_record.allowed = scenario.allowed;
        return;
    }
    const Index queryCount = scenario.queryCount();
    const Index keyCount = scenario.keyCount();
    if (!maskFits(m_record.allowed, queryCount, keyCount) || !maskFits(scenario.allowed, queryCount, keyCount)
        || !sameShape(m_record.queries, scenario.queries) || !sameShape(m_record.keys, scenario.keys)) {
        // A mask of another shape than the matrices (which the engine refuses): keep it whole.
        recordWholeScenario(tr("Change mask"));
        return;
    }
    const std::optional<Mask> before = std::exchange(m_record.allowed, scenario.allowed);
    m_stack->push(new UndoMaskCommand(m_model, this, maskText(before, scenario.allowed), before,
                                      scenario.allowed, queryCount, keyCount));
}

QString UndoRecorder::maskText(const std::optional<Mask> &before, const std::optional<Mask> &after) const
{
    const Scenario &scenario = m_model->wholeScenario();
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
    const QString pending = std::exchange(m_pendingText, QString());
    if (isDeferring())
        return;  // part of the open edit: its end records the whole scenario
    const Scenario &now = m_model->wholeScenario();
    if (isApplying() || isEmptyScenario(m_record)) {
        m_record = now;
        return;
    }
    if (m_record == now)
        return;  // already recorded: an edit that a view closed on this reset took it in
    QString text = pending;
    if (text.isEmpty())
        text = now.name.isEmpty() ? tr("Load scenario") : tr("Load scenario %1").arg(now.name);
    recordWholeScenario(text);
}

void UndoRecorder::recordWholeScenario(const QString &text)
{
    const Scenario &now = m_model->wholeScenario();
    Scenario before = std::exchange(m_record, now);
    m_stack->push(new UndoScenarioCommand(m_model, this, text, std::move(before), now));
}

QUndoCommand *UndoRecorder::stepToModel(const QString &text)
{
    const Scenario &now = m_model->wholeScenario();
    const Scenario &was = m_record;
    if (was.name != now.name || was.description != now.description || was.queryLabels != now.queryLabels
        || was.keyLabels != now.keyLabels || !sameShape(was.queries, now.queries)
        || !sameShape(was.keys, now.keys) || !sameShape(was.values, now.values)
        || !maskFits(was.allowed, now.queryCount(), now.keyCount())
        || !maskFits(now.allowed, now.queryCount(), now.keyCount()) || !sameHeadLayout(was, now)
        || was.scaleLab != now.scaleLab || was.derivation != now.derivation || was.score != now.score) {
        return new UndoScenarioCommand(m_model, this, text, was, now);
    }
    struct ChangedRow {
        int part;
        Index head;
        Index row;
    };
    std::vector<ChangedRow> rows;
    for (Index head = 0; head < now.headCount(); ++head) {
        for (int part : {kQueryPart, kKeyPart, kValuePart}) {
            const Matrix &before = partOf(was, part, head);
            const Matrix &after = partOf(now, part, head);
            for (Index row = 0; row < after.rows(); ++row) {
                if (!identicalMatrices(before.row(row), after.row(row)))
                    rows.push_back({part, head, row});
            }
        }
    }
    const bool temperature = !identicalDoubles(was.temperature, now.temperature);
    const bool mask = !identicalMasks(was.allowed, now.allowed);
    const std::size_t count = rows.size() + (temperature ? 1 : 0) + (mask ? 1 : 0);
    if (count == 0)
        return nullptr;

    // One change is its own command with the edit's name; several are children of one step.
    QUndoCommand *parent = count > 1 ? new QUndoCommand(text) : nullptr;
    const QString childText = parent ? QString() : text;
    QUndoCommand *made = nullptr;
    for (const ChangedRow &changed : rows) {
        made = new UndoRowCommand(m_model, this, childText, rowPart(changed.part), changed.head,
                                  changed.row, partOf(was, changed.part, changed.head).row(changed.row),
                                  partOf(now, changed.part, changed.head).row(changed.row), parent);
    }
    if (temperature) {
        made = new UndoTemperatureCommand(m_model, this, childText, was.temperature,
                                          now.temperature, parent);
    }
    if (mask) {
        made = new UndoMaskCommand(m_model, this, childText, was.allowed, now.allowed,
                                   now.queryCount(), now.keyCount(), parent);
    }
    return parent ? parent : made;
}

void UndoRecorder::onEditBegun()
{
    // The edit's step starts from the record, which must be the model's state now. Every change
    // passes through the slots above, so it is; should it ever not be, the difference is kept
    // as a step of its own rather than folded into the edit or lost.
    const Scenario &now = m_model->wholeScenario();
    if (isApplying() || isEmptyScenario(m_record)) {
        m_record = now;
        return;
    }
    if (m_record != now)
        recordWholeScenario(tr("Change scenario"));
}

void UndoRecorder::onEditEnded(const QString &text)
{
    if (isApplying())
        return;
    const Scenario &now = m_model->wholeScenario();
    if (isEmptyScenario(m_record)) {
        m_record = now;
        return;
    }
    QUndoCommand *step = stepToModel(text);
    if (!step)
        return;  // the edit ended where it began
    m_record = now;
    m_stack->push(step);
}

} // namespace attnlens
