#include "maskgridcanvas.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "maskeditor.h"
#include "numberformat.h"
#include "quotedlabel.h"
#include "viewstate.h"

#include <QEvent>
#include <QFocusEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QVariantAnimation>

#include <algorithm>

namespace attnlens {

namespace {

constexpr int kFlashMilliseconds = 600;

} // namespace

MaskGridCanvas::MaskGridCanvas(AttentionModel *model, ViewState *viewState, MaskEditor *editor,
                               QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_editor(editor)
    , m_stroke(model)
{
    setObjectName(QStringLiteral("maskGridCanvas"));
    setAccessibleName(tr("mask grid"));
    setAccessibleDescription(
        tr("One row per query and one column per key. Filled cells are allowed, hatched grey "
           "cells with a cross are blocked. Click a cell, or move with the arrow keys and press "
           "Space, to toggle it. The row under the grid marks which keys are real tokens for the "
           "padding preset."));
    setFocusPolicy(Qt::StrongFocus);
    setStatusTip(tr("Arrow keys: move the dashed cell · Space or Enter: allow or block it"));
    setMouseTracking(true);
    // paintEvent fills the whole rectangle first, so nothing behind the grid needs repainting.
    setAttribute(Qt::WA_OpaquePaintEvent, true);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    m_flashAnimation = new QVariantAnimation(this);
    m_flashAnimation->setStartValue(1.0);
    m_flashAnimation->setEndValue(0.0);
    m_flashAnimation->setDuration(kFlashMilliseconds);
    m_flashAnimation->setEasingCurve(QEasingCurve::InQuad);
    connect(m_flashAnimation, &QVariantAnimation::valueChanged, this, [this](const QVariant &v) {
        m_flashStrength = v.toDouble();
        update();
    });
    connect(m_flashAnimation, &QVariantAnimation::finished, this, [this] {
        m_flashRow = -1;
        m_flashColumn = -1;
        m_flashStrength = 0.0;
        update();
    });

    connect(m_model, &AttentionModel::scenarioReset, this, &MaskGridCanvas::onScenarioReset);
    connect(m_model, &AttentionModel::maskChanged, this, &MaskGridCanvas::onMaskChanged);
    connect(m_model, &AttentionModel::resultChanged, this, &MaskGridCanvas::onResultChanged);
    connect(m_viewState, &ViewState::hoverChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewState, &ViewState::selectedQueryChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewState, &ViewState::themeChanged, this, [this] {
        relayout();  // the cells' picture holds the theme's colours
        update();
    });
    connect(m_editor, &MaskEditor::realKeysChanged, this, qOverload<>(&QWidget::update));
    connect(m_editor, &MaskEditor::refused, this, &MaskGridCanvas::flash);

    updateEmptyRows();
    relayout();

    m_helpDescription = accessibleDescription();
    connect(m_model, &AttentionModel::maskChanged, this, &MaskGridCanvas::updateAccessibleState);
    connect(m_model, &AttentionModel::scenarioReset, this, &MaskGridCanvas::updateAccessibleState);
    updateAccessibleState();
}

MaskGridCanvas::~MaskGridCanvas() = default;

int MaskGridCanvas::queryCount() const
{
    return static_cast<int>(m_model->scenario().queryCount());
}

int MaskGridCanvas::keyCount() const
{
    return static_cast<int>(m_model->scenario().keyCount());
}

void MaskGridCanvas::setFocusCell(int queryRow, int keyRow)
{
    const int rows = queryCount();
    const int columns = keyCount();
    if (rows == 0 || columns == 0)
        return;
    queryRow = std::clamp(queryRow, 0, rows);  // == rows: the "real key" row
    keyRow = std::clamp(keyRow, 0, columns - 1);
    if (queryRow == m_focusRow && keyRow == m_focusColumn)
        return;
    m_focusRow = queryRow;
    m_focusColumn = keyRow;
    updateAccessibleState();
    update();
}

void MaskGridCanvas::setBlockAlignment(Qt::Alignment alignment)
{
    if (alignment == m_alignment)
        return;
    m_alignment = alignment;
    relayout();
    update();
}

bool MaskGridCanvas::isFlashing() const
{
    return m_flashAnimation->state() == QAbstractAnimation::Running;
}

QSize MaskGridCanvas::sizeHint() const
{
    const int line = fontMetrics().height();
    const int cell = 2 * line;
    const int width = std::min(10 * line + keyCount() * cell, 40 * line);
    const int height = std::min(6 * line + queryCount() * cell, 28 * line);
    return QSize(width, height);
}

QSize MaskGridCanvas::minimumSizeHint() const
{
    const int line = fontMetrics().height();
    return QSize(12 * line, 7 * line);
}

void MaskGridCanvas::onScenarioReset()
{
    finishStroke();
    m_focusRow = std::clamp(m_focusRow, 0, std::max(0, queryCount()));
    m_focusColumn = std::clamp(m_focusColumn, 0, std::max(0, keyCount() - 1));
    m_flashAnimation->stop();
    m_flashRow = -1;
    m_flashColumn = -1;
    updateEmptyRows();
    relayout();
    update();
}

void MaskGridCanvas::onMaskChanged()
{
    updateEmptyRows();
    rebuildCoarseImage();
    update();
}

void MaskGridCanvas::onResultChanged()
{
    // The grid shows the mask, not the numbers: a new result (every step of a query drag or a
    // temperature slide) changes nothing here unless it brings or clears a refusal banner.
    const QString previous = m_bannerText;
    updateBanner();
    if (m_bannerText == previous)
        return;
    relayout();
    update();
}

void MaskGridCanvas::updateEmptyRows()
{
    const Scenario &scenario = m_model->scenario();
    const int rows = queryCount();
    const int columns = keyCount();
    m_emptyRows.assign(static_cast<size_t>(rows), false);
    for (int i = 0; i < rows; ++i) {
        bool any = false;
        for (int j = 0; j < columns && !any; ++j)
            any = scenario.isAllowed(i, j);
        m_emptyRows[static_cast<size_t>(i)] = !any;
    }
}

void MaskGridCanvas::updateBanner()
{
    const std::optional<Error> &error = m_model->error();
    m_bannerText = error ? tr("\u26a0 %1").arg(error->message) : QString();
}

void MaskGridCanvas::relayout()
{
    updateBanner();
    const Scenario &scenario = m_model->scenario();
    MaskGridGeometry::Input input;
    input.size = size();
    input.font = font();
    for (int i = 0; i < queryCount(); ++i)
        input.queryLabels << scenario.queryLabel(i);
    for (int j = 0; j < keyCount(); ++j)
        input.keyLabels << scenario.keyLabel(j);
    input.bannerText = m_bannerText;
    input.realKeyText = tr("real key");
    input.undefinedText = tr("undefined: no allowed key");
    input.alignment = m_alignment;
    m_geometry = MaskGridGeometry(input);
    rebuildCoarseImage();
}

QVector<DrawnLabel> MaskGridCanvas::drawnLabels() const
{
    return m_geometry.drawnLabels([this](const Hit &hit) { return cellToolTip(hit); });
}

void MaskGridCanvas::rebuildCoarseImage()
{
    if (m_geometry.isDetailed()) {
        m_coarseImage = QImage();
        return;
    }
    MaskGridPainter::fillCoarseImage(m_coarseImage, m_geometry, m_model->scenario(), m_emptyRows,
                                     m_viewState->theme(), palette().color(QPalette::Window),
                                     devicePixelRatioF());
}

void MaskGridCanvas::flash(int queryRow, int keyRow)
{
    m_flashRow = queryRow;
    m_flashColumn = keyRow;
    m_flashStrength = 1.0;
    m_flashAnimation->stop();
    m_flashAnimation->start();
    update();
}

MaskGridCanvas::Hit MaskGridCanvas::hitTest(const QPoint &pos) const
{
    return m_geometry.hitTest(pos);
}

QString MaskGridCanvas::cellToolTip(const Hit &hit) const
{
    const Scenario &scenario = m_model->scenario();
    switch (hit.kind) {
    case Hit::Kind::None:
        return QString();
    case Hit::Kind::ColumnLabel:
        return tr("Key %1 %2").arg(hit.keyRow + 1).arg(quotedInFull(scenario.keyLabel(hit.keyRow)));
    case Hit::Kind::RowLabel:
        return tr("Query row %1 %2: click to select it in every view.")
            .arg(hit.queryRow + 1)
            .arg(quoted(scenario.queryLabel(hit.queryRow)));
    case Hit::Kind::RealKey: {
        const bool real = m_editor->isRealKey(hit.keyRow);
        return tr("Key %1 %2 is %3.\nThe padding preset keeps only real keys (is_real_key). "
                  "Click or press Space to mark it as %4.")
            .arg(hit.keyRow + 1)
            .arg(quoted(scenario.keyLabel(hit.keyRow)))
            .arg(real ? tr("a real token") : tr("padding"))
            .arg(real ? tr("padding") : tr("a real token"));
    }
    case Hit::Kind::Cell:
        break;
    }
    const int i = hit.queryRow;
    const int j = hit.keyRow;
    QString text = tr("Query row %1 %2 \u2192 key %3 %4: ")
                       .arg(i + 1)
                       .arg(quoted(scenario.queryLabel(i)))
                       .arg(j + 1)
                       .arg(quoted(scenario.keyLabel(j)));
    if (m_emptyRows[static_cast<size_t>(i)])
        return text + tr("blocked.\nThis row is undefined: no allowed key. Click a cell in it to "
                         "allow that key.");
    const AttentionResult *result = m_model->result();
    if (scenario.isAllowed(i, j)) {
        text += tr("allowed");
        if (result) {
            const double weight = result->weights(i, j);
            text += tr(", weight %1 (%2)").arg(formatCompact(weight), formatFull(weight));
        }
        text += m_model->isLastAllowedKey(i, j)
            ? tr(".\nThe only allowed key of this row: it cannot be blocked.")
            : tr(".\nClick or press Space to block it.");
    } else {
        text += tr("blocked, weight exactly 0.\nClick or press Space to allow it.");
    }
    return text;
}

bool MaskGridCanvas::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        const QString text = cellToolTip(hitTest(help->pos()));
        if (text.isEmpty())
            QToolTip::hideText();
        else
            QToolTip::showText(help->globalPos(), text, this);
        return true;
    }
    return QWidget::event(event);
}

void MaskGridCanvas::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
}

void MaskGridCanvas::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange) {
        relayout();
        update();
    }
}

void MaskGridCanvas::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const Hit hit = hitTest(event->position().toPoint());
    m_showFocusCell = false;
    switch (hit.kind) {
    case Hit::Kind::Cell: {
        setFocusCell(hit.queryRow, hit.keyRow);
        finishStroke();
        const Scenario &scenario = m_model->scenario();
        const bool wasAllowed = scenario.isAllowed(hit.queryRow, hit.keyRow);
        // The stroke, press to release, is one edit; a click names its one cell.
        m_stroke.begin((wasAllowed ? tr("Block %1 \u2192 %2") : tr("Allow %1 \u2192 %2"))
                           .arg(quoted(scenario.queryLabel(hit.queryRow)), quoted(scenario.keyLabel(hit.keyRow))));
        bool toggled = false;
        {
            const Gesture::Step step(m_stroke);
            toggled = m_editor->toggleCell(hit.queryRow, hit.keyRow);
        }
        if (toggled) {
            // Dragging on paints the same state into the cells passed over.
            m_dragging = true;
            m_dragValue = !wasAllowed;
            m_lastDragRow = hit.queryRow;
            m_lastDragColumn = hit.keyRow;
            m_strokeCells = 1;
        } else {
            m_stroke.end();
        }
        break;
    }
    case Hit::Kind::RealKey:
        setFocusCell(queryCount(), hit.keyRow);
        m_editor->toggleRealKey(hit.keyRow);
        break;
    case Hit::Kind::RowLabel:
        m_viewState->setSelectedQuery(hit.queryRow);
        break;
    case Hit::Kind::ColumnLabel:
    case Hit::Kind::None:
        break;
    }
    event->accept();
}

void MaskGridCanvas::mouseMoveEvent(QMouseEvent *event)
{
    const Hit hit = hitTest(event->position().toPoint());
    if (hit.kind == Hit::Kind::Cell)
        m_viewState->setHover(hit.queryRow, hit.keyRow);
    else
        m_viewState->setHover(-1, -1);

    if (m_dragging && (event->buttons() & Qt::LeftButton) && hit.kind == Hit::Kind::Cell
        && (hit.queryRow != m_lastDragRow || hit.keyRow != m_lastDragColumn)) {
        m_lastDragRow = hit.queryRow;
        m_lastDragColumn = hit.keyRow;
        setFocusCell(hit.queryRow, hit.keyRow);
        const bool changes = m_model->scenario().isAllowed(hit.queryRow, hit.keyRow) != m_dragValue;
        const Gesture::Step step(m_stroke);
        if (m_editor->setCell(hit.queryRow, hit.keyRow, m_dragValue) && changes)
            m_stroke.setText(tr("Paint mask (%1 cells)").arg(++m_strokeCells));
    }
    event->accept();
}

void MaskGridCanvas::mouseReleaseEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton)
        finishStroke();
    QWidget::mouseReleaseEvent(event);
}

void MaskGridCanvas::finishStroke()
{
    if (!m_dragging)
        return;
    m_dragging = false;
    m_strokeCells = 0;
    m_stroke.end();
}

void MaskGridCanvas::hideEvent(QHideEvent *event)
{
    finishStroke();
    QWidget::hideEvent(event);
}

void MaskGridCanvas::leaveEvent(QEvent *event)
{
    m_viewState->setHover(-1, -1);
    QWidget::leaveEvent(event);
}

void MaskGridCanvas::keyPressEvent(QKeyEvent *event)
{
    const int rows = queryCount();
    const int columns = keyCount();
    if (rows == 0 || columns == 0) {
        QWidget::keyPressEvent(event);
        return;
    }
    switch (event->key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Home:
    case Qt::Key_End:
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        m_showFocusCell = true;
        update();
        break;
    default:
        break;
    }
    switch (event->key()) {
    case Qt::Key_Left:
        setFocusCell(m_focusRow, m_focusColumn - 1);
        break;
    case Qt::Key_Right:
        setFocusCell(m_focusRow, m_focusColumn + 1);
        break;
    case Qt::Key_Up:
        setFocusCell(m_focusRow - 1, m_focusColumn);
        break;
    case Qt::Key_Down:
        setFocusCell(m_focusRow + 1, m_focusColumn);
        break;
    case Qt::Key_Home:
        setFocusCell(m_focusRow, 0);
        break;
    case Qt::Key_End:
        setFocusCell(m_focusRow, columns - 1);
        break;
    case Qt::Key_Space:
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (m_focusRow == rows)
            m_editor->toggleRealKey(m_focusColumn);
        else
            m_editor->toggleCell(m_focusRow, m_focusColumn);
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    // The keyboard's cell is the shared hover, as the mouse's is: the other views follow it.
    if (m_focusRow < rows)
        m_viewState->setHover(m_focusRow, m_focusColumn);
    event->accept();
}

void MaskGridCanvas::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    if (event->reason() == Qt::TabFocusReason || event->reason() == Qt::BacktabFocusReason
        || event->reason() == Qt::ShortcutFocusReason)
        m_showFocusCell = true;
    update();
}

void MaskGridCanvas::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    finishStroke();
    if (event->reason() != Qt::PopupFocusReason && m_viewState->hoveredQuery() == m_focusRow
        && m_viewState->hoveredKey() == m_focusColumn && !underMouse())
        m_viewState->setHover(-1, -1);
    update();
}

MaskGridPainter::State MaskGridCanvas::paintState() const
{
    MaskGridPainter::State state;
    state.scenario = &m_model->scenario();
    state.theme = &m_viewState->theme();
    state.emptyRows = &m_emptyRows;
    state.isRealKey = [this](int keyRow) { return m_editor->isRealKey(keyRow); };
    state.background = palette().color(QPalette::Window);
    state.focusColor = palette().color(QPalette::Highlight);
    state.selectedQuery = m_viewState->selectedQuery();
    state.hoveredQuery = m_viewState->hoveredQuery();
    state.hoveredKey = m_viewState->hoveredKey();
    state.showFocusCell = hasFocus() && m_showFocusCell;
    state.focusQueryRow = m_focusRow;
    state.focusKeyRow = m_focusColumn;
    state.flashQueryRow = m_flashRow;
    state.flashKeyRow = m_flashColumn;
    state.flashStrength = m_flashStrength;
    state.coarseImage = &m_coarseImage;
    if (m_geometry.isEmpty())
        state.emptyMessage = tr("No mask: the scenario has no queries or no keys.");
    return state;
}

void MaskGridCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    const MaskGridPainter::State state = paintState();
    MaskGridPainter(m_geometry, state).paint(painter);
}

// ---------------------------------------------------------------------------------------------
// Accessibility

void MaskGridCanvas::updateAccessibleState()
{
    const Scenario &scenario = m_model->scenario();
    const int rows = queryCount();
    const int columns = keyCount();
    QString state;
    if (rows > 0 && columns > 0 && m_focusRow < rows && m_focusColumn < columns) {
        const auto allowed = [&scenario](int q, int k) {
            return !scenario.allowed || q >= scenario.allowed->rows() || k >= scenario.allowed->cols()
                || (*scenario.allowed)(q, k);
        };
        int allowedInRow = 0;
        for (int k = 0; k < columns; ++k)
            allowedInRow += allowed(m_focusRow, k) ? 1 : 0;
        state = tr("Cell %1 → %2: %3. Row %1 allows %4 of %5 keys.")
                    .arg(scenario.queryLabel(m_focusRow), scenario.keyLabel(m_focusColumn),
                         allowed(m_focusRow, m_focusColumn) ? tr("allowed") : tr("blocked"))
                    .arg(allowedInRow)
                    .arg(columns);
    } else if (m_focusRow == rows && m_focusColumn < columns) {
        state = tr("Real-key row, %1.").arg(scenario.keyLabel(m_focusColumn));
    }
    const QString description = state.isEmpty() ? m_helpDescription : state + QLatin1Char(' ') + m_helpDescription;
    AccessibleNumbers::setDescription(this, description);
}

} // namespace attnlens
