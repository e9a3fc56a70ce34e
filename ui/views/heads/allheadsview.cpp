#include "allheadsview.h"

#include "allheadsdescriber.h"
#include "allheadspainter.h"
#include "attentionmodel.h"
#include "attentionstatistics.h"
#include "colormap.h"
#include "focusring.h"
#include "offscreendeferral.h"
#include "viewstate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

/// The readout keeps at most this many lines; past it the heads are named by number.
constexpr int kReadoutLines = 3;

} // namespace

AllHeadsView::AllHeadsView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("allHeadsView"));
    setAccessibleName(tr("All heads"));
    setStatusTip(tr("Arrows: move the cell · Ctrl+arrows, Home, End: move between heads · Enter or "
                    "Space: select the head"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    // Selecting or renaming a head changes no weight: the reset that follows keeps the images.
    m_deferral = new OffscreenDeferral(this, {}, [this] { refreshOnScreen(); });
    connect(model, &AttentionModel::headSelected, this, [this] {
        m_resetKeepsImages = true;
        update();
    });
    connect(model, &AttentionModel::headRenamed, this, [this] { m_resetKeepsImages = true; });
    connect(model, &AttentionModel::scenarioReset, this, [this] {
        if (m_resetKeepsImages && m_images.size() == static_cast<size_t>(m_model->headCount())) {
            m_resetKeepsImages = false;
            invalidateLayout();
            updateAccessibleDescription();
            return;
        }
        m_resetKeepsImages = false;
        markAllStale();
        invalidateLayout();
    });
    // A query moves its own row of its own head; a key all of its head's rows. Values change no
    // weight, so they recolour nothing. The result that follows rebuilds what changed.
    connect(model, &AttentionModel::queryChanged, this, [this](int row, int head) {
        if (head >= 0 && static_cast<size_t>(head) < m_images.size()) {
            m_images[head].markRowChanged(row);
            m_stale[head] = true;
            m_entropyRows[head].push_back(row);
        } else {
            markAllStale();
        }
    });
    connect(model, &AttentionModel::keyChanged, this, [this](int, int head) { markHeadStale(head); });
    connect(model, &AttentionModel::maskChanged, this, &AllHeadsView::markAllStale);
    connect(model, &AttentionModel::temperatureChanged, this, &AllHeadsView::markAllStale);
    connect(model, &AttentionModel::resultChanged, this, &AllHeadsView::refresh);

    connect(viewState, &ViewState::hoverChanged, this, [this] {
        updateAccessibleDescription();
        update();
    });
    auto recolourAll = [this] {
        markAllStale();
        refresh();
    };
    connect(viewState, &ViewState::colorMapChanged, this, recolourAll);
    connect(viewState, &ViewState::themeChanged, this, recolourAll);
    connect(viewState, &ViewState::lineScaleChanged, this, [this] { update(); });
    markAllStale();
    updateAccessibleDescription();
}

AllHeadsView::~AllHeadsView() = default;

QSize AllHeadsView::minimumSizeHint() const
{
    const QFontMetricsF fm(font());
    // No more than the heatmap it is tabbed with asks for, so that the dock group keeps its size.
    return QSize(qCeil(18 * fm.height()), qCeil(13 * fm.height()));
}

QSize AllHeadsView::sizeHint() const
{
    const QFontMetricsF fm(font());
    return QSize(qCeil(34 * fm.height()), qCeil(28 * fm.height()));
}

// ---------------------------------------------------------------------------------------------
// The images

void AllHeadsView::markAllStale()
{
    const size_t heads = static_cast<size_t>(std::max<Index>(1, m_model->headCount()));
    if (m_images.size() != heads) {
        m_images.assign(heads, HeatmapImage());
        // The tiles never write numbers in their cells.
        for (HeatmapImage &image : m_images)
            image.setCellTextsWanted(false);
        m_entropies = QVector<double>(static_cast<int>(heads), 0.0);
    }
    m_stale.assign(heads, true);
    m_rowEntropies.resize(heads);
    m_entropyRows.assign(heads, {});
    m_entropyWhole.assign(heads, true);
    for (HeatmapImage &image : m_images)
        image.markAllChanged();
}

void AllHeadsView::markHeadStale(int head)
{
    if (head < 0 || static_cast<size_t>(head) >= m_images.size()) {
        markAllStale();
        return;
    }
    m_images[head].markAllChanged();
    m_stale[head] = true;
    m_entropyWhole[head] = true;
}

void AllHeadsView::ensureImages() const
{
    if (m_images.size() != static_cast<size_t>(m_model->headCount()))
        const_cast<AllHeadsView *>(this)->markAllStale();
    if (std::none_of(m_stale.begin(), m_stale.end(), [](bool stale) { return stale; }))
        return;
    // The shapes and the mask are every head's: the selected head's scenario serves for all.
    const Scenario &scenario = m_model->scenario();
    const std::optional<Error> &error = m_model->error();
    const Theme &theme = m_viewState->theme();
    const HeatmapImage::Fills fills{theme.maskedFill().rgb(), theme.undefinedBackground().rgb()};
    for (size_t head = 0; head < m_images.size(); ++head) {
        if (!m_stale[head])
            continue;
        const AttentionResult *result = m_model->headResult(static_cast<Index>(head));
        m_images[head].rebuild(scenario, result, error, false, m_viewState->colorMap(), fills);
        double entropy = 0.0;
        std::vector<double> &rows = m_rowEntropies[head];
        if (result && result->weights.rows() > 0) {
            const Index rowCount = result->weights.rows();
            const bool whole = m_entropyWhole[head] || rows.size() != static_cast<size_t>(rowCount);
            if (whole) {
                rows.resize(static_cast<size_t>(rowCount));
                for (Index row = 0; row < rowCount; ++row)
                    rows[static_cast<size_t>(row)] = rowEntropy(result->weights.row(row));
            } else {
                for (Index row : m_entropyRows[head]) {
                    if (row >= 0 && row < rowCount)
                        rows[static_cast<size_t>(row)] = rowEntropy(result->weights.row(row));
                }
            }
            // The sum over rows in row order either way, so the mean has the same bits.
            for (double rowValue : rows)
                entropy += rowValue;
            entropy /= static_cast<double>(rowCount);
        } else {
            rows.clear();
        }
        m_entropyWhole[head] = !result;
        m_entropyRows[head].clear();
        m_entropies[static_cast<int>(head)] = entropy;
        m_stale[head] = false;
        ++m_rebuildCount;
    }
}

void AllHeadsView::refresh()
{
    // A view nobody sees (a closed dock, a tab behind another) colours its tiles, and describes
    // them, when it comes on screen.
    m_deferral->requestRefresh();
}

void AllHeadsView::refreshOnScreen()
{
    ensureImages();
    updateAccessibleDescription();
    update();
}

QVector<double> AllHeadsView::meanEntropies() const
{
    ensureImages();
    return m_entropies;
}

// ---------------------------------------------------------------------------------------------
// Layout

void AllHeadsView::invalidateLayout()
{
    m_layoutDirty = true;
    const int heads = static_cast<int>(m_model->headCount());
    if (m_focusedHead >= heads)
        m_focusedHead = heads - 1;
    const int rows = static_cast<int>(m_model->scenario().queryCount());
    const int columns = static_cast<int>(m_model->scenario().keyCount());
    if (m_keyboardQuery >= rows || m_keyboardKey >= columns) {
        m_keyboardQuery = std::min(m_keyboardQuery, rows - 1);
        m_keyboardKey = std::min(m_keyboardKey, columns - 1);
    }
    update();
}

double AllHeadsView::readoutHeight(double width, const QFont &font) const
{
    const QFontMetricsF fm(font);
    const QRectF room(0, 0, std::max(1.0, width), 1e6);
    const int flags = Qt::AlignHCenter | Qt::TextWordWrap;
    const double byName = fm.boundingRect(room, flags, AllHeadsDescriber::widestReadout(*m_model, false)).height();
    const double byNumber = fm.boundingRect(room, flags, AllHeadsDescriber::widestReadout(*m_model, true)).height();
    const double hint = fm.boundingRect(room, flags, AllHeadsDescriber::hint(static_cast<int>(m_model->headCount()))).height();
    // At most kReadoutLines: past them the readout names only the strongest heads (readoutFor()).
    const double most = kReadoutLines * fm.lineSpacing();
    const double readout = std::min(byName <= most + 1 ? byName : byNumber, most);
    return std::max(readout, hint);
}

AllHeadsLayout AllHeadsView::computeLayout(const QRectF &bounds, const QFont &font) const
{
    const QFontMetricsF fm(font);
    AllHeadsLayout::Input input;
    input.bounds = bounds;
    input.heads = static_cast<int>(m_model->headCount());
    input.rows = static_cast<int>(m_model->scenario().queryCount());
    input.columns = static_cast<int>(m_model->scenario().keyCount());
    input.lineHeight = fm.height();
    input.title = m_figureMode;
    const double pad = std::round(0.4 * fm.height());
    input.readoutHeight = m_figureMode ? 0.0 : readoutHeight(bounds.width() - 2 * pad, font);
    input.entropy = true;
    return AllHeadsLayout::compute(input);
}

QSize AllHeadsView::fittedSize(const QSize &bounds) const
{
    const AllHeadsLayout layout = computeLayout(QRectF(QPointF(0, 0), QSizeF(bounds)), font());
    double bottom = 0.0;
    for (const QRectF &rect : {layout.titleRect, layout.gridRect, layout.readoutRect, layout.entropyTitleRect,
                               layout.entropyPlotRect})
        bottom = std::max(bottom, rect.bottom());
    for (const QRectF &rect : layout.barNumberRects)
        bottom = std::max(bottom, rect.bottom());
    if (!(bottom > 0.0))
        return bounds;
    const int pad = qCeil(0.6 * QFontMetricsF(font()).height());
    return QSize(bounds.width(), std::min(bounds.height(), qCeil(bottom) + pad));
}

const AllHeadsLayout &AllHeadsView::currentLayout() const
{
    if (m_layoutDirty || m_layout.bounds != QRectF(rect())) {
        m_layout = computeLayout(QRectF(rect()), font());
        m_layoutDirty = false;
    }
    return m_layout;
}

QRectF AllHeadsView::cellRect(int head, int query, int key) const
{
    if (m_model->error())
        return QRectF();
    return currentLayout().cellRect(head, query, key);
}

QStringList AllHeadsView::tileLabels() const
{
    QStringList labels;
    for (Index head = 0; head < m_model->headCount(); ++head) {
        const QString name = m_model->headName(head);
        // A given name gets its head's number, which the entropy bars are labelled with.
        labels << (name == generatedHeadName(head) ? name : tr("%1 \u00b7 %2").arg(head + 1).arg(name));
    }
    return labels;
}

QString AllHeadsView::readoutFor(int query, int key) const
{
    const QFontMetricsF fm(font());
    const AllHeadsLayout &layout = currentLayout();
    const QRectF room(0, 0, std::max(1.0, layout.readoutRect.width()), 1e6);
    const double most = kReadoutLines * fm.lineSpacing() + 1;
    auto fits = [&](const QString &text) {
        return fm.boundingRect(room, Qt::AlignHCenter | Qt::TextWordWrap, text).height() <= most;
    };
    const QString byName = AllHeadsDescriber::readout(*m_model, query, key, false);
    if (byName.isEmpty() || fits(byName))
        return byName;
    const QString byNumber = AllHeadsDescriber::readout(*m_model, query, key, true);
    if (fits(byNumber))
        return byNumber;
    // Too many heads for the room: the strongest ones, as many as fit (the description has all).
    int low = 0;
    int high = static_cast<int>(m_model->headCount()) - 1;
    while (low < high) {
        const int middle = (low + high + 1) / 2;
        if (fits(AllHeadsDescriber::readout(*m_model, query, key, true, middle)))
            low = middle;
        else
            high = middle - 1;
    }
    return AllHeadsDescriber::readout(*m_model, query, key, true, low);
}

QString AllHeadsView::readoutText() const
{
    if (m_model->error())
        return AllHeadsDescriber::refusal(*m_model);
    const QString cell = readoutFor(m_viewState->hoveredQuery(), m_viewState->hoveredKey());
    return cell.isEmpty() ? AllHeadsDescriber::hint(static_cast<int>(m_model->headCount())) : cell;
}

// ---------------------------------------------------------------------------------------------
// Painting

void AllHeadsView::setFigureMode(bool figure, bool showSelection)
{
    m_figureMode = figure;
    m_figureShowsSelection = showSelection;
    m_layoutDirty = true;
    update();
}

void AllHeadsView::paintAllHeads(QPainter &painter, const QRectF &rect) const
{
    ensureImages();
    const bool ownRect = rect == QRectF(this->rect());
    const AllHeadsLayout layout = ownRect ? currentLayout() : computeLayout(rect, font());
    const Theme &theme = m_viewState->theme();

    AllHeadsFrame frame;
    frame.layout = &layout;
    frame.images = &m_images;
    frame.theme = &theme;
    frame.font = font();
    frame.lineWidthFactor = m_viewState->lineWidthFactor();
    frame.tileLabels = tileLabels();
    for (Index head = 0; head < m_model->headCount(); ++head)
        frame.headNames << m_model->headName(head);
    frame.selectedHead = !m_figureMode || m_figureShowsSelection ? static_cast<int>(m_model->selectedHead()) : -1;
    frame.selectionColor = palette().color(QPalette::Highlight);
    frame.selectionTextColor = palette().color(QPalette::HighlightedText);
    if (!m_figureMode) {
        frame.hoverQuery = m_viewState->hoveredQuery();
        frame.hoverKey = m_viewState->hoveredKey();
        frame.focusedHead = hasFocus() && m_focusVisible ? m_focusedHead : -1;
        const QString cell = readoutFor(frame.hoverQuery, frame.hoverKey);
        frame.readout = cell.isEmpty() ? AllHeadsDescriber::hint(static_cast<int>(m_model->headCount())) : cell;
        frame.readoutIsHint = cell.isEmpty();
    }
    frame.title = AllHeadsDescriber::figureTitle(m_model->wholeScenario().name, static_cast<int>(m_model->headCount()));
    frame.refusal = AllHeadsDescriber::refusal(*m_model);
    frame.entropies = m_entropies;
    frame.entropyScale = std::log(std::max<Index>(2, m_model->scenario().keyCount()));
    frame.entropyTitle = AllHeadsDescriber::entropyTitle();
    frame.entropyShortTitle = AllHeadsDescriber::entropyShortTitle();
    frame.entropyScaleText = AllHeadsDescriber::entropyScale(static_cast<int>(m_model->scenario().keyCount()));

    painter.fillRect(rect, theme.plotBackground());
    AllHeadsPainter::paint(painter, frame);
}

void AllHeadsView::paintEvent(QPaintEvent *)
{
    const auto rebuildsBefore = m_rebuildCount;
    QPainter painter(this);
    paintAllHeads(painter, QRectF(rect()));
    // Tiles coloured at this paint bring their entropies: the description a screen reader reads
    // names them.
    if (m_rebuildCount != rebuildsBefore)
        updateAccessibleDescription();
    if (hasFocus() && m_focusVisible && !m_figureMode)
        FocusRing::paintFrame(painter, this);
}

void AllHeadsView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_layoutDirty = true;
}

void AllHeadsView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::PaletteChange)
        invalidateLayout();
}

void AllHeadsView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    // Coloured at the first paint, not here: a window's first show passes through every dock,
    // also those that end up as a tab behind another (at 2,048 tokens the tiles and their
    // entropies cost a quarter of a second that nobody would see).
    update();
}

// ---------------------------------------------------------------------------------------------
// Interaction

void AllHeadsView::setHoverFromPosition(const QPointF &pos)
{
    if (m_model->error())
        return;
    const AllHeadsLayout::Hit hit = currentLayout().cellAt(pos);
    if (hit.head >= 0) {
        m_hoverIsOurs = true;
        m_viewState->setHover(hit.query, hit.key);
    } else if (m_hoverIsOurs) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
}

void AllHeadsView::mouseMoveEvent(QMouseEvent *event)
{
    setHoverFromPosition(event->position());
    const AllHeadsLayout &layout = currentLayout();
    const int head = layout.tileAt(event->position());
    const int bar = layout.barAt(event->position());
    setCursor(head >= 0 || bar >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
    if (bar >= 0) {
        const QVector<double> entropies = meanEntropies();
        setToolTip(tr("%1: mean entropy %2 nats (about %3 keys share the weight)")
                       .arg(m_model->headName(bar), AllHeadsDescriber::entropyValue(entropies.value(bar)))
                       .arg(QString::number(effectiveKeyCount(entropies.value(bar)), 'f', 1)));
    } else if (head >= 0) {
        setToolTip(m_model->headName(head));
    } else {
        setToolTip(QString());
    }
}

void AllHeadsView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const AllHeadsLayout &layout = currentLayout();
    int head = layout.tileAt(event->position());
    if (head < 0)
        head = layout.barAt(event->position());
    if (head < 0)
        return;
    m_focusedHead = head;
    m_model->selectHead(head);
    update();
}

void AllHeadsView::leaveEvent(QEvent *event)
{
    QWidget::leaveEvent(event);
    if (m_hoverIsOurs) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
}

void AllHeadsView::setKeyboardCell(int head, int query, int key)
{
    const int heads = static_cast<int>(m_model->headCount());
    const int rows = static_cast<int>(m_model->scenario().queryCount());
    const int columns = static_cast<int>(m_model->scenario().keyCount());
    if (heads <= 0 || rows <= 0 || columns <= 0)
        return;
    m_focusedHead = std::clamp(head, 0, heads - 1);
    m_keyboardQuery = std::clamp(query, 0, rows - 1);
    m_keyboardKey = std::clamp(key, 0, columns - 1);
    m_focusVisible = true;
    m_hoverIsOurs = true;
    m_viewState->setHover(m_keyboardQuery, m_keyboardKey);
    updateAccessibleDescription();
    update();
}

void AllHeadsView::keyPressEvent(QKeyEvent *event)
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    const int key = event->key();
    const AllHeadsLayout &layout = currentLayout();
    const int head = m_focusedHead >= 0 ? m_focusedHead : static_cast<int>(m_model->selectedHead());
    const int query = m_keyboardQuery >= 0 ? m_keyboardQuery : std::max(0, m_viewState->selectedQuery());
    const int column = std::max(0, m_keyboardKey);
    const bool arrow = key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
    const int dx = key == Qt::Key_Left ? -1 : key == Qt::Key_Right ? 1 : 0;
    const int dy = key == Qt::Key_Up ? -1 : key == Qt::Key_Down ? 1 : 0;
    if (arrow && modifiers == Qt::ControlModifier) {
        setKeyboardCell(layout.neighbour(head, dx, dy), query, column);
    } else if (arrow && modifiers == Qt::NoModifier) {
        // The first arrow shows where the cell is; the next ones move it.
        if (m_keyboardQuery < 0)
            setKeyboardCell(head, query, column);
        else
            setKeyboardCell(head, query + dy, column + dx);
    } else if ((key == Qt::Key_Home || key == Qt::Key_End) && modifiers == Qt::NoModifier) {
        setKeyboardCell(key == Qt::Key_Home ? 0 : static_cast<int>(m_model->headCount()) - 1, query, column);
    } else if ((key == Qt::Key_Return || key == Qt::Key_Enter || key == Qt::Key_Space)
               && modifiers == Qt::NoModifier) {
        m_focusedHead = head;
        m_model->selectHead(head);
        updateAccessibleDescription();
        update();
    } else {
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

void AllHeadsView::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    m_focusVisible = FocusRing::visibleFocus(event->reason(), m_focusVisible);
    if (m_focusedHead < 0)
        m_focusedHead = static_cast<int>(m_model->selectedHead());
    updateAccessibleDescription();
    update();
}

void AllHeadsView::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    if (m_hoverIsOurs && event->reason() != Qt::PopupFocusReason && m_keyboardQuery >= 0
        && m_viewState->hoveredQuery() == m_keyboardQuery && m_viewState->hoveredKey() == m_keyboardKey) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
    update();
}

void AllHeadsView::updateAccessibleDescription()
{
    const int query = hasFocus() ? m_keyboardQuery : -1;
    const QString description = AllHeadsDescriber::description(*m_model, m_entropies, m_focusedHead, query,
                                                               m_keyboardKey);
    if (description != accessibleDescription())
        setAccessibleDescription(description);
}

void AllHeadsView::drawFigure(QPainter &painter, const QSizeF &, bool) const
{
    paintAllHeads(painter, QRectF(rect()));
}

} // namespace attnlens
