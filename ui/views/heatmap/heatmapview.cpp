#include "heatmapview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "colormap.h"
#include "focusring.h"
#include "headtitle.h"
#include "heatmapdescriber.h"
#include "predictfirstcover.h"
#include "viewstate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEngine>
#include <QPaintEvent>
#include <QPainter>
#include <QToolTip>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace attnlens {

using State = HeatmapImage::State;

HeatmapView::HeatmapView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("heatmapView"));
    setAccessibleName(tr("Attention heatmap"));
    setStatusTip(tr("Up / Down: select a query · Left / Right: move along the keys · Enter or "
                    "Space: select the outlined row's query"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);

    // A new scenario has new shapes: the old content must never be drawn in the new layout.
    // resultChanged() follows within the same event-loop turn and rebuilds the content.
    connect(model, &AttentionModel::scenarioReset, this, [this] {
        m_cache.layoutDirty = true;
        m_cache.rowLabels.reset();
        m_cache.columnLabels.reset();
        m_cache.contentDirty = true;
        m_cache.image.markAllChanged();
        // A covered matrix takes its new shape's place before anything is drawn.
        if (m_cover->isCovering())
            QMetaObject::invokeMethod(this, &HeatmapView::placeCover, Qt::QueuedConnection);
        update();
    });
    // A query changes its own row of the matrix only; keys, mask and temperature change them all.
    // The result that follows within the same event-loop turn rebuilds what changed.
    connect(model, &AttentionModel::queryChanged, this, [this](int row) { m_cache.image.markRowChanged(row); });
    connect(model, &AttentionModel::keyChanged, this, [this] { m_cache.image.markAllChanged(); });
    connect(model, &AttentionModel::maskChanged, this, [this] { m_cache.image.markAllChanged(); });
    connect(model, &AttentionModel::temperatureChanged, this, [this] { m_cache.image.markAllChanged(); });
    connect(model, &AttentionModel::resultChanged, this, &HeatmapView::invalidateContent);
    connect(viewState, &ViewState::selectedQueryChanged, this, [this] {
        updateAccessibleNumbers();
        update();
    });
    connect(viewState, &ViewState::hoverChanged, this, [this] {
        refreshInfo();
        update();
    });
    auto recolourAll = [this] {
        m_cache.image.markAllChanged();
        invalidateContent();
    };
    connect(viewState, &ViewState::colorMapChanged, this, recolourAll);
    setUpThemeHandling();
    connect(viewState, &ViewState::heatmapQuantityChanged, this, recolourAll);
    connect(viewState, &ViewState::showValuesChanged, this, [this] {
        if (!m_cache.layoutDirty && !m_cache.contentDirty)
            m_cache.valuesFit = m_viewState->showValues() && m_cache.painter.valuesFit(m_cache.layout, m_cache.image);
        update();
    });
    // Predict first: while the lesson keeps the shown quantity back, the matrix is covered.
    m_cover = new PredictFirstCover(this);
    m_cover->setObjectName(QStringLiteral("heatmapCover"));
    connect(viewState, &ViewState::concealedAnswersChanged, this, &HeatmapView::placeCover);
    connect(viewState, &ViewState::heatmapQuantityChanged, this, &HeatmapView::placeCover);
    updateAccessibleDescription();
}

HeatmapView::~HeatmapView() = default;

bool HeatmapView::concealsCells() const
{
    return m_viewState->conceals(scores() ? LessonQuantity::Scores : LessonQuantity::Weights);
}

void HeatmapView::placeCover()
{
    m_cover->applyTheme(m_viewState->theme());
    if (concealsCells()) {
        // The title, the info line and the names of the rows and columns stay (the shape of the
        // matrix is part of the question); the colour bar, whose range would tell, is left out.
        ensureLayout();
        const QRect area = m_cache.layout.hasGrid ? m_cache.layout.cardArea().intersected(rect()) : rect();
        m_cover->cover(scores() ? tr("The scores are hidden until you reveal the answers (R).")
                                : tr("The weights are hidden until you reveal the answers (R)."),
                       area);
    } else {
        m_cover->uncover();  // (no hint on a lecture screen or over a cover: refreshInfo())
    }
    refreshInfo();
    // The card repaints only its own area as it comes and goes; the line under the matrix
    // (a compact card's "Predict first" there, the hint) and the colour bar change with it.
    update();
    updateAccessibleNumbers();
}

QSize HeatmapView::minimumSizeHint() const
{
    const QFontMetricsF fm(font());
    return QSize(qCeil(18 * fm.height()), qCeil(13 * fm.height()));
}

int HeatmapView::naturalHeight(int width) const
{
    const QFontMetricsF fm(font());
    const double h = fm.height();
    const HeatmapLayout layout = computeLayout(QRectF(0, 0, width, 80 * h));
    if (!layout.hasGrid || layout.rows <= 0)
        return minimumSizeHint().height();
    // Cells up to six lines of text: big enough for large numbers, small enough not to waste
    // the screen on a matrix of one row.
    const double cell = std::min(layout.cellSize, std::floor(6 * h));
    const double matrix = std::max(layout.rows * cell, 3.4 * h);  // the colour bar's least height
    // Title and info lines, paddings, column labels and the axis title around the matrix.
    const double around = 0.4 * h + h + 0.7 * h + 0.25 * h + layout.columnLabelExtent + 1.15 * h + 0.5 * h
        + 2 * h + 0.4 * h;
    return std::max(minimumSizeHint().height(), int(std::ceil(matrix + around + 0.5 * h)));
}

QSize HeatmapView::sizeHint() const
{
    const QFontMetricsF fm(font());
    return QSize(qCeil(34 * fm.height()), qCeil(24 * fm.height()));
}

// ---------------------------------------------------------------------------------------------
// Geometry

QRectF HeatmapView::cellRect(int queryRow, int keyRow) const
{
    ensureContent();
    ensureLayout();
    const HeatmapLayout &layout = m_cache.layout;
    if (!layout.hasGrid || m_cache.image.state() == State::Refused || queryRow < 0 || keyRow < 0
        || queryRow >= layout.rows || keyRow >= layout.columns)
        return QRectF();
    return layout.cellRect(queryRow, keyRow);
}

QRectF HeatmapView::rowLabelRect(int queryRow) const
{
    ensureContent();
    ensureLayout();
    const HeatmapLayout &layout = m_cache.layout;
    if (!layout.hasGrid || m_cache.image.state() == State::Refused || queryRow < 0 || queryRow >= layout.rows)
        return QRectF();
    const QRectF row = layout.rowRect(queryRow);
    return QRectF(QPointF(layout.rowLabelArea.left(), row.top()), QPointF(layout.matrixRect.left(), row.bottom()));
}

std::optional<HeatmapView::Cell> HeatmapView::cellAt(const QPointF &pos) const
{
    ensureContent();
    ensureLayout();
    if (m_cache.image.state() == State::Refused)
        return std::nullopt;
    const QPoint cell = m_cache.layout.cellAt(pos);
    if (cell.x() < 0)
        return std::nullopt;
    return Cell{cell.y(), cell.x()};
}

int HeatmapView::rowLabelAt(const QPointF &pos) const
{
    ensureContent();
    ensureLayout();
    return m_cache.image.state() == State::Refused ? -1 : m_cache.layout.rowLabelAt(pos);
}

double HeatmapView::scaleLow() const
{
    ensureContent();
    return m_cache.image.scaleLow();
}

double HeatmapView::scaleHigh() const
{
    ensureContent();
    return m_cache.image.scaleHigh();
}

bool HeatmapView::areValuesVisible() const
{
    ensureContent();
    ensureLayout();
    return m_cache.valuesFit;
}

QString HeatmapView::cellText(int queryRow, int keyRow) const
{
    ensureContent();
    return m_cache.image.cellText(queryRow, keyRow);
}

QString HeatmapView::infoText() const
{
    ensureContent();
    return m_cache.infoText;
}

// ---------------------------------------------------------------------------------------------
// Caches

bool HeatmapView::scores() const
{
    return m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores;
}

void HeatmapView::invalidateContent()
{
    m_cache.contentDirty = true;
    if (isVisible())
        rebuildContent();
    updateAccessibleDescription();
    update();
}

void HeatmapView::ensureContent() const
{
    if (m_cache.contentDirty)
        rebuildContent();
}

void HeatmapView::rebuildContent() const
{
    const Scenario &scenario = m_model->scenario();
    const std::optional<Error> &error = m_model->error();
    const bool wasValues = m_cache.image.state() == State::Values;
    // Signed scores get the diverging map (0 neutral, negative blue, positive red); weights keep
    // the chosen sequential one.
    const ColorMap &colorMap = scores() ? ColorMap::diverging() : m_viewState->colorMap();
    const Theme &theme = m_viewState->theme();
    m_cache.image.rebuild(scenario, m_model->result(), error, scores(), colorMap,
                          HeatmapImage::Fills{theme.maskedFill().rgb(), theme.undefinedBackground().rgb()});
    const State state = m_cache.image.state();
    // A figure keeps room for the info line only while it has something to say.
    if (m_figureMode && wasValues != (state == State::Values))
        m_cache.layoutDirty = true;
    m_cache.refusal = HeatmapDescriber::refusal(state, scenario, m_cache.image.undefinedRows(), error);
    m_cache.contentDirty = false;
    if (!m_cache.layoutDirty) {
        m_cache.ticks = HeatmapLayout::ticks(m_cache.layout, m_cache.image.scaleLow(), m_cache.image.scaleHigh());
        m_cache.valuesFit = m_viewState->showValues() && m_cache.painter.valuesFit(m_cache.layout, m_cache.image);
    }
    refreshInfo();
}

void HeatmapView::ensureLayout() const
{
    if (m_cache.layoutDirty || m_cache.layout.bounds != QRectF(rect()))
        relayout();
}

void HeatmapView::relayout() const
{
    m_cache.layout = computeLayout(QRectF(rect()));
    m_cache.layoutDirty = false;
    ++m_cache.layoutGeneration;
    // A covering card follows the matrix to its new place (a new text size, a new shape).
    if (m_cover->isCovering())
        QMetaObject::invokeMethod(const_cast<HeatmapView *>(this), &HeatmapView::placeCover, Qt::QueuedConnection);
    if (!m_cache.contentDirty) {
        m_cache.ticks = HeatmapLayout::ticks(m_cache.layout, m_cache.image.scaleLow(), m_cache.image.scaleHigh());
        m_cache.valuesFit = m_viewState->showValues() && m_cache.painter.valuesFit(m_cache.layout, m_cache.image);
        refreshInfo();
    }
}

void HeatmapView::ensureLabels(const QFont &font) const
{
    // Measuring thousands of labels is the slow part of a layout, so it is done once per
    // scenario and font, not on every resize.
    if (m_cache.rowLabels && m_cache.columnLabels && m_cache.labelsFont == font)
        return;
    const Scenario &scenario = m_model->scenario();
    QStringList rows;
    for (Index row = 0; row < scenario.queryCount(); ++row)
        rows << scenario.queryLabel(row);
    QStringList columns;
    for (Index column = 0; column < scenario.keyCount(); ++column)
        columns << scenario.keyLabel(column);
    QFont bold(font);
    bold.setBold(true);
    m_cache.rowLabels.emplace(rows, bold, 0);  // row labels stay on one line
    m_cache.columnLabels.emplace(columns, font);
    m_cache.labelsFont = font;
}

HeatmapLayout HeatmapView::computeLayout(const QRectF &bounds) const
{
    ensureLabels(font());
    HeatmapLayout::Input input;
    input.bounds = bounds;
    input.font = font();
    input.rowLabels = &*m_cache.rowLabels;
    input.columnLabels = &*m_cache.columnLabels;
    // A figure of numbers has nothing to say under the matrix (nobody hovers a print): the room
    // goes to the cells. A refusal still needs it.
    input.infoLine = !m_figureMode || m_cache.image.state() != State::Values;
    input.xTitle = HeatmapDescriber::xTitle();
    input.yTitle = HeatmapDescriber::yTitle();
    input.yTitleShort = HeatmapDescriber::yTitleShort();
    return HeatmapLayout::compute(input);
}

void HeatmapView::refreshInfo() const
{
    const int query = showsHover() ? m_viewState->hoveredQuery() : -1;
    const int key = showsHover() ? m_viewState->hoveredKey() : -1;
    const HeatmapImage &image = m_cache.image;
    QString text;
    if (image.state() != State::Refused && !concealsCells() && query >= 0 && key >= 0 && query < image.rows()
        && key < image.columns()) {
        const AttentionResult *result = image.state() == State::Values ? m_model->result() : nullptr;
        text = HeatmapDescriber::hoverInfo(m_model->scenario(), result, image.isUndefinedRow(query), query, key, false);
    }
    m_cache.infoIsHint = false;
    if (text.isEmpty()) {
        if (image.state() == State::UndefinedRows) {
            text = m_cache.refusal;
        } else if (m_cover->isCovering() && m_cover->isCompact()) {
            text = PredictFirstCover::headline() + QStringLiteral(": ") + m_cover->hiddenText();
        } else if (image.state() == State::Values && !m_viewState->isPresenting() && !concealsCells()) {
            m_cache.infoIsHint = true;
            text = HeatmapDescriber::hint(m_model->scenario().score.kind);
        }
    }
    // The same text in the same layout wraps the same way (a drag step keeps the hint).
    if (!m_cache.layoutDirty && (text != m_cache.infoText || m_cache.infoLinesGeneration != m_cache.layoutGeneration)) {
        m_cache.infoLines = HeatmapDescriber::wrapInfo(text, m_cache.layout.font, m_cache.layout.infoRect.width());
        m_cache.infoLinesGeneration = m_cache.layoutGeneration;
    }
    m_cache.infoText = text;
}

void HeatmapView::updateAccessibleDescription()
{
    // The shape and the quantity are described once; the numbers are added on every change.
    updateAccessibleNumbers();
    const Scenario &scenario = m_model->scenario();
    const QString key = QStringLiteral("%1 %2 %3")
                            .arg(scenario.queryCount())
                            .arg(scenario.keyCount())
                            .arg(static_cast<int>(m_viewState->heatmapQuantity()));
    if (key == m_describedShape)
        return;
    m_describedShape = key;
    m_shapeDescription = HeatmapDescriber::shapeDescription(scenario, scores());
    updateAccessibleNumbers();
}

// ---------------------------------------------------------------------------------------------
// Painting and figures

HeatmapFrame HeatmapView::frame(const HeatmapLayout &layout, const QVector<HeatmapLayout::Tick> &ticks,
                                const QStringList &infoLines, bool valuesShown) const
{
    const HeatmapImage &image = m_cache.image;
    const bool refused = image.state() == State::Refused;
    HeatmapFrame frame;
    frame.layout = &layout;
    frame.image = &image;
    frame.theme = &m_viewState->theme();
    frame.palette = palette();
    frame.ticks = ticks;
    frame.infoLines = infoLines;
    // With several heads the title names the head shown (headtitle.h).
    frame.title = withHeadTag(HeatmapDescriber::title(scores(), m_model->scenario().score.kind), *m_model);
    frame.titleName = withHeadTag(HeatmapDescriber::titleName(scores()), *m_model);
    frame.scale = HeatmapDescriber::scale(scores(), image.state() == State::Values, image.scaleHigh());
    frame.refusedHeading = HeatmapDescriber::refusedHeading(refused);
    frame.refusedDetail = HeatmapDescriber::refusedDetail(refused, m_cache.refusal);
    frame.undefinedRowText = HeatmapDescriber::undefinedRow();
    frame.outlinedQuery = outlinedQuery();
    frame.cellsCovered = m_cover->isCovering();
    frame.hoveredQuery = showsHover() ? m_viewState->hoveredQuery() : -1;
    frame.hoveredKey = showsHover() ? m_viewState->hoveredKey() : -1;
    frame.valuesShown = valuesShown;
    frame.presenting = m_viewState->isPresenting();
    frame.scaleHidden = concealsCells();
    frame.lineWidthFactor = m_viewState->lineWidthFactor();
    return frame;
}

QImage HeatmapView::renderImage(QSize size, qreal dpr) const
{
    QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(palette().color(QPalette::Base));
    QPainter painter(&image);
    paintHeatmap(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

void HeatmapView::setFigureMode(bool figure, bool showSelection)
{
    if (figure == m_figureMode && showSelection == m_figureShowsSelection)
        return;
    m_figureMode = figure;
    m_figureShowsSelection = showSelection;
    // The info line's room and text depend on it, and so does the cached background.
    m_cache.layoutDirty = true;
    m_background = QPixmap();
    refreshInfo();
    update();
}

int HeatmapView::outlinedQuery() const
{
    if (m_figureMode && !m_figureShowsSelection)
        return -1;
    return m_viewState->selectedQuery();
}

QSize HeatmapView::fittedSize(const QSize &bounds) const
{
    ensureContent();
    const HeatmapLayout full = computeLayout(QRectF(QPointF(0, 0), QSizeF(bounds)));
    if (!full.hasGrid || m_cache.image.state() == State::Refused)
        return bounds;
    // The title line must keep its text (and the scores' scale beside it, when it fits).
    const QFontMetricsF fm(full.font);
    const QFontMetricsF boldFm(full.boldFont);
    const QString scale = HeatmapDescriber::scale(scores(), m_cache.image.state() == State::Values,
                                                  m_cache.image.scaleHigh());
    const double titleWidth = boldFm.horizontalAdvance(withHeadTag(HeatmapDescriber::title(scores(), m_model->scenario().score.kind), *m_model));
    const double scaleWidth = fm.horizontalAdvance(scale);
    const bool scaleShown = !scale.isEmpty()
        && titleWidth + 1.5 * full.lineHeight + scaleWidth <= full.titleRect.width();
    const double titleNeed = titleWidth + (scaleShown ? 1.5 * full.lineHeight + scaleWidth : 0.0)
        + (bounds.width() - full.titleRect.width()) + 2;
    return HeatmapLayout::fittedSize(bounds, full, qCeil(titleNeed), [this](const QSize &size) {
        return computeLayout(QRectF(QPointF(0, 0), QSizeF(size)));
    });
}

bool HeatmapView::BackgroundKey::operator==(const BackgroundKey &other) const
{
    return size == other.size && dpr == other.dpr && layoutGeneration == other.layoutGeneration
        && selectedQuery == other.selectedQuery && state == other.state && scores == other.scores
        && colorMap == other.colorMap && scaleLow == other.scaleLow && scaleHigh == other.scaleHigh
        && infoLines == other.infoLines && undefinedRows == other.undefinedRows
        && palette == other.palette;
}

HeatmapView::BackgroundKey HeatmapView::backgroundKey(qreal dpr) const
{
    BackgroundKey key;
    key.size = size();
    key.dpr = dpr;
    key.layoutGeneration = m_cache.layoutGeneration;
    key.selectedQuery = outlinedQuery();
    key.state = m_cache.image.state();
    key.scores = scores();
    key.colorMap = key.scores ? static_cast<int>(ColorMap::diverging().kind())
                              : static_cast<int>(m_viewState->colorMap().kind());
    key.scaleLow = m_cache.image.scaleLow();
    key.scaleHigh = m_cache.image.scaleHigh();
    key.infoLines = m_cache.infoLines;
    key.undefinedRows = m_cache.image.undefinedRows();
    key.palette = palette().cacheKey();
    return key;
}

void HeatmapView::paintEvent(QPaintEvent *)
{
    // The labels, colour bar and info line come from a picture painted again only when they
    // change; a drag step repaints just the matrix over it.
    ensureContent();
    ensureLayout();
    QPainter painter(this);
    const HeatmapFrame own = frame(m_cache.layout, m_cache.ticks, m_cache.infoLines, m_cache.valuesFit);
    const bool matrixShown = m_cache.image.state() != State::Refused && m_cache.layout.hasGrid;
    // Painted somewhere other than pixels (a picture, a printer, a recording of its texts): the
    // labels go there as text, not as the cached picture of them.
    if (painter.paintEngine() && painter.paintEngine()->type() != QPaintEngine::Raster) {
        m_cache.painter.paintBackground(painter, QRectF(rect()), own);
        if (matrixShown)
            m_cache.painter.paintMatrix(painter, own, true);
        paintFocusFrame(painter);
        return;
    }
    const qreal dpr = devicePixelRatioF();
    const BackgroundKey key = backgroundKey(dpr);
    if (m_background.isNull() || !(key == m_backgroundKey)) {
        m_background = QPixmap(size() * dpr);
        m_background.setDevicePixelRatio(dpr);
        QPainter backgroundPainter(&m_background);
        m_cache.painter.paintBackground(backgroundPainter, QRectF(rect()), own);
        m_backgroundKey = key;
    }
    painter.drawPixmap(0, 0, m_background);
    if (matrixShown)
        m_cache.painter.paintMatrix(painter, own, true);
    paintFocusFrame(painter);
}

void HeatmapView::paintHeatmap(QPainter &painter, const QRectF &rect) const
{
    ensureContent();
    const bool ownLayout = rect == QRectF(this->rect());
    if (ownLayout)
        ensureLayout();
    const HeatmapLayout other = ownLayout ? HeatmapLayout() : computeLayout(rect);
    const HeatmapLayout &layout = ownLayout ? m_cache.layout : other;
    // Nobody hovers a picture: the hint is left out.
    const QStringList info = m_cache.infoIsHint
        ? QStringList()
        : (ownLayout ? m_cache.infoLines : HeatmapDescriber::wrapInfo(m_cache.infoText, layout.font, layout.infoRect.width()));
    const QVector<HeatmapLayout::Tick> ticks = ownLayout
        ? m_cache.ticks
        : HeatmapLayout::ticks(layout, m_cache.image.scaleLow(), m_cache.image.scaleHigh());
    const bool valuesShown = ownLayout
        ? m_cache.valuesFit
        : m_viewState->showValues() && m_cache.painter.valuesFit(layout, m_cache.image);
    const HeatmapFrame picture = frame(layout, ticks, info, valuesShown);
    m_cache.painter.paintBackground(painter, rect, picture);
    if (m_cache.image.state() != State::Refused && layout.hasGrid)
        m_cache.painter.paintMatrix(painter, picture, ownLayout);
}

QVector<QRectF> HeatmapView::labelRects() const
{
    ensureContent();
    ensureLayout();
    // A figure leaves the hint out (see paintHeatmap()).
    const QStringList info = m_figureMode && m_cache.infoIsHint ? QStringList() : m_cache.infoLines;
    return HeatmapPainter::labelRects(frame(m_cache.layout, m_cache.ticks, info, m_cache.valuesFit));
}

void HeatmapView::setUpThemeHandling()
{
    // The cells' masked fill, the hatching and the seams are part of the cached pictures.
    auto repaintAll = [this] {
        m_background = QPixmap();
        m_cache.painter.dropMatrixLayer();
        m_cache.image.markAllChanged();
        invalidateContent();
    };
    connect(m_viewState, &ViewState::themeChanged, this, repaintAll);
    connect(m_viewState, &ViewState::lineScaleChanged, this, repaintAll);
    connect(m_viewState, &ViewState::presentingChanged, this, [this] {
        m_cache.layoutDirty = true;  // the hover hint comes and goes with presenting
        update();
    });
}

// Events

void HeatmapView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
    if (m_cover->isCovering())
        placeCover();
}

void HeatmapView::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    ensureContent();
    ensureLayout();
}

void HeatmapView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        m_cache.layoutDirty = true;
        m_cache.painter.dropMatrixLayer();  // the hatch spacing follows the font
        if (isVisible())
            relayout();
        update();
    } else if (event->type() == QEvent::PaletteChange) {
        update();
    }
}

bool HeatmapView::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip) {
        auto *help = static_cast<QHelpEvent *>(event);
        if (const std::optional<Cell> cell = concealsCells() ? std::nullopt : cellAt(help->pos())) {
            const HeatmapImage &image = m_cache.image;
            const AttentionResult *result = image.state() == State::Values ? m_model->result() : nullptr;
            QToolTip::showText(help->globalPos(),
                               HeatmapDescriber::hoverInfo(m_model->scenario(), result, image.isUndefinedRow(cell->query),
                                                           cell->query, cell->key, true),
                               this, cellRect(cell->query, cell->key).toAlignedRect());
            return true;
        }
        const int row = rowLabelAt(help->pos());
        if (row >= 0) {
            QToolTip::showText(help->globalPos(), HeatmapDescriber::rowLabelToolTip(m_model->scenario().queryLabel(row)),
                               this, rowLabelRect(row).toAlignedRect());
            return true;
        }
        QToolTip::hideText();
        event->ignore();
        return true;
    }
    return QWidget::event(event);
}

void HeatmapView::updateHoverFromPosition(const QPointF &pos)
{
    const std::optional<Cell> cell = cellAt(pos);
    if (cell) {
        m_hoverIsOurs = true;
        m_viewState->setHover(cell->query, cell->key);
    } else if (m_hoverIsOurs) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
    setCursor(cell || rowLabelAt(pos) >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
}

void HeatmapView::mouseMoveEvent(QMouseEvent *event)
{
    updateHoverFromPosition(event->position());
    QWidget::mouseMoveEvent(event);
}

void HeatmapView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    const QPointF pos = event->position();
    const std::optional<Cell> cell = cellAt(pos);
    const int row = cell ? cell->query : rowLabelAt(pos);
    if (row >= 0) {
        m_viewState->setSelectedQuery(row);
        event->accept();
        return;
    }
    QWidget::mousePressEvent(event);
}

void HeatmapView::leaveEvent(QEvent *event)
{
    if (m_hoverIsOurs) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
    QWidget::leaveEvent(event);
}

void HeatmapView::keyPressEvent(QKeyEvent *event)
{
    if (handleKeyboardCell(event))
        return;
    const int rows = static_cast<int>(m_model->scenario().queryCount());
    const int selected = m_viewState->selectedQuery();
    int target = -1;
    switch (event->key()) {
    case Qt::Key_Up:
        target = selected - 1;
        break;
    case Qt::Key_Down:
        target = selected + 1;
        break;
    case Qt::Key_Home:
        target = 0;
        break;
    case Qt::Key_End:
        target = rows - 1;
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    if (rows > 0)
        m_viewState->setSelectedQuery(std::clamp(target, 0, rows - 1));
    event->accept();
}

// ---------------------------------------------------------------------------------------------
// Keyboard and accessibility
//
// The arrow keys move a keyboard cell, shown as the shared hover outline (so the key space, the
// mask and the charts follow it, and the info line shows its numbers): Up and Down (Home, End)
// also select that row's query, Left and Right move along the keys, Enter or Space selects the
// cell's query again after the selection moved elsewhere.

bool HeatmapView::handleKeyboardCell(QKeyEvent *event)
{
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    const int rows = static_cast<int>(m_model->scenario().queryCount());
    const int columns = static_cast<int>(m_model->scenario().keyCount());
    if (modifiers != Qt::NoModifier || rows == 0 || columns == 0)
        return false;
    m_focusVisible = true;  // the keyboard is in use here
    const int selected = std::clamp(m_viewState->selectedQuery(), 0, rows - 1);
    const int row = m_keyboardCell.query >= 0 ? std::min(m_keyboardCell.query, rows - 1) : selected;
    const int column = std::clamp(m_keyboardCell.key, 0, columns - 1);
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Home:
    case Qt::Key_End: {
        const int target = event->key() == Qt::Key_Up ? selected - 1
            : event->key() == Qt::Key_Down             ? selected + 1
            : event->key() == Qt::Key_Home             ? 0
                                                       : rows - 1;
        const int clamped = std::clamp(target, 0, rows - 1);
        m_viewState->setSelectedQuery(clamped);
        setKeyboardCell(clamped, column);
        break;
    }
    case Qt::Key_Left:
        setKeyboardCell(row, std::max(column - 1, 0));
        break;
    case Qt::Key_Right:
        setKeyboardCell(row, std::min(column + 1, columns - 1));
        break;
    case Qt::Key_Return:
    case Qt::Key_Enter:
    case Qt::Key_Space:
        setKeyboardCell(row, column);
        m_viewState->setSelectedQuery(row);
        break;
    default:
        return false;
    }
    event->accept();
    return true;
}

void HeatmapView::setKeyboardCell(int queryRow, int keyRow)
{
    m_keyboardCell = Cell{queryRow, keyRow};
    m_hoverIsOurs = true;
    m_viewState->setHover(queryRow, keyRow);
    updateAccessibleNumbers();
    update();
}

void HeatmapView::focusInEvent(QFocusEvent *event)
{
    QWidget::focusInEvent(event);
    m_focusVisible = FocusRing::visibleFocus(event->reason(), m_focusVisible);
    // Arriving by Tab shows where the arrow keys start: the selected query's row.
    if (event->reason() == Qt::TabFocusReason || event->reason() == Qt::BacktabFocusReason) {
        const int rows = static_cast<int>(m_model->scenario().queryCount());
        const int columns = static_cast<int>(m_model->scenario().keyCount());
        if (rows > 0 && columns > 0)
            setKeyboardCell(std::clamp(m_viewState->selectedQuery(), 0, rows - 1),
                            std::clamp(m_keyboardCell.key, 0, columns - 1));
    }
    update();
}

void HeatmapView::focusOutEvent(QFocusEvent *event)
{
    QWidget::focusOutEvent(event);
    if (m_hoverIsOurs && m_viewState->hoveredQuery() == m_keyboardCell.query
        && m_viewState->hoveredKey() == m_keyboardCell.key && event->reason() != Qt::PopupFocusReason) {
        m_hoverIsOurs = false;
        m_viewState->setHover(-1, -1);
    }
    updateAccessibleNumbers();
    update();
}

void HeatmapView::updateAccessibleNumbers()
{
    if (m_cover && m_cover->isCovering()) {
        AccessibleNumbers::setDescription(this, m_shapeDescription + QLatin1Char(' ') + m_cover->hiddenText());
        return;
    }
    const bool keyboard = hasFocus() && m_keyboardCell.query >= 0;
    AccessibleNumbers::setDescription(
        this, HeatmapDescriber::description(m_shapeDescription, m_model->scenario(), m_model->result(), m_model->error(),
                                            m_viewState->selectedQuery(), keyboard ? m_keyboardCell.query : -1,
                                            keyboard ? m_keyboardCell.key : -1));
}

void HeatmapView::paintFocusFrame(QPainter &painter) const
{
    if (!hasFocus() || !m_focusVisible || m_figureMode)
        return;
    FocusRing::paintFrame(painter, this);
}

void HeatmapView::drawFigure(QPainter &painter, const QSizeF &, bool) const
{
    paintHeatmap(painter, QRectF(rect()));
}

} // namespace attnlens
