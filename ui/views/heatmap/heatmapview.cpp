#include "heatmapview.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "textfit.h"
#include "colormap.h"
#include "focusring.h"
#include "numberformat.h"
#include "plotaxes.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPaintEvent>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QtMath>

#include <algorithm>
#include <climits>
#include <cmath>

namespace attnlens {

namespace {

// The view's other colours come from the theme (ViewState::theme(), theme.h).

// Above this many cells no cell can be wide enough for "0.0000" on any real screen, so the
// texts are not even formatted.
constexpr int kMaxCellsWithText = 4096;
/// Device rows per band when the one-pixel-per-cell picture is drawn scaled (see paintMatrix).
constexpr int kScaledBandRows = 64;

/// `rect` filled in bands of kScaledBandRows rows: a tall fill is one span per row, and Qt's
/// raster engine hands any fill of more than about 96 spans to its global thread pool and waits
/// for it, which on two cores costs more than the fill.
void fillInBands(QPainter &painter, const QRectF &rect, const QColor &color)
{
    for (double top = rect.top(); top < rect.bottom(); top += kScaledBandRows)
        painter.fillRect(QRectF(rect.left(), top, rect.width(), std::min<double>(kScaledBandRows, rect.bottom() - top)), color);
}

/// The outline a pen of `width` would stroke along `rect`. On screen it is four fills, the tall
/// sides in bands: a line as tall as the matrix is a fill of one span per row, and Qt's raster
/// engine hands any fill of more than about 96 spans to its global thread pool and waits for it,
/// which on two cores costs more than the line. A vector figure keeps one rectangle.
void strokeRect(QPainter &painter, const QRectF &rect, double width, const QColor &color)
{
    if (!painter.paintEngine() || painter.paintEngine()->type() != QPaintEngine::Raster) {
        painter.setPen(QPen(color, width, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rect);
        return;
    }
    const QRectF outer = rect.adjusted(-width / 2, -width / 2, width / 2, width / 2);
    painter.fillRect(QRectF(outer.left(), outer.top(), outer.width(), width), color);
    painter.fillRect(QRectF(outer.left(), outer.bottom() - width, outer.width(), width), color);
    const double sideHeight = outer.height() - 2 * width;
    fillInBands(painter, QRectF(outer.left(), outer.top() + width, width, sideHeight), color);
    fillInBands(painter, QRectF(outer.right() - width, outer.top() + width, width, sideHeight), color);
}

// Beyond this many keys no column is wide enough for a label over two lines.
constexpr Index kMaxWrappedColumns = 256;

const QString kInfoSeparator = QStringLiteral("  \u00b7  ");

// QPainter enlarges a one-pixel-per-cell image with a fixed-point step that drifts by many
// pixels when a few cells fill thousands of pixels (a 3 x 3 matrix in a 300 dpi figure), so a
// small matrix is enlarged cell by cell, with the same edges as the seams drawn over it.
QImage enlargedCells(const QImage &cells, const QSize &size)
{
    QImage enlarged(size, cells.format() == QImage::Format_Alpha8 ? QImage::Format_Alpha8
                                                                  : QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&enlarged);
    painter.setCompositionMode(QPainter::CompositionMode_Source);
    auto edge = [](int index, int count, int extent) {
        return static_cast<int>(std::round(index * double(extent) / count));
    };
    for (int row = 0; row < cells.height(); ++row) {
        const int top = edge(row, cells.height(), size.height());
        const int bottom = edge(row + 1, cells.height(), size.height());
        for (int column = 0; column < cells.width(); ++column) {
            const int left = edge(column, cells.width(), size.width());
            const int right = edge(column + 1, cells.width(), size.width());
            painter.fillRect(QRect(left, top, right - left, bottom - top),
                             QColor::fromRgba(cells.pixel(column, row)));
        }
    }
    return enlarged;
}

QRectF rowRectOf(const QRectF &matrix, double cell, int row)
{
    return QRectF(matrix.left(), matrix.top() + row * cell, matrix.width(), cell);
}

QRectF cellRectOf(const QRectF &matrix, double cell, int row, int column)
{
    return QRectF(matrix.left() + column * cell, matrix.top() + row * cell, cell, cell);
}

int ceilToInt(double value)
{
    if (!std::isfinite(value) || value > INT_MAX / 2)
        return INT_MAX / 2;
    return std::max(1, static_cast<int>(std::ceil(value - 1e-9)));
}

} // namespace

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
        m_layoutDirty = true;
        m_labelWidthsValid = false;
        m_contentDirty = true;
        m_allRowsChanged = true;
        update();
    });
    // A query changes its own row of the matrix only; keys, mask and temperature change them all.
    // The result that follows within the same event-loop turn rebuilds what changed.
    connect(model, &AttentionModel::queryChanged, this, [this](int row) {
        if (m_changedRows.size() < 64)
            m_changedRows.append(row);
        else
            m_allRowsChanged = true;  // many rows while hidden: recolouring them all is as cheap
    });
    connect(model, &AttentionModel::keyChanged, this, [this] { m_allRowsChanged = true; });
    connect(model, &AttentionModel::maskChanged, this, [this] { m_allRowsChanged = true; });
    connect(model, &AttentionModel::temperatureChanged, this, [this] { m_allRowsChanged = true; });
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
        m_allRowsChanged = true;
        invalidateContent();
    };
    connect(viewState, &ViewState::colorMapChanged, this, recolourAll);
    setUpThemeHandling();
    connect(viewState, &ViewState::heatmapQuantityChanged, this, recolourAll);
    connect(viewState, &ViewState::showValuesChanged, this, [this] {
        if (!m_layoutDirty && !m_contentDirty)
            m_valuesFit = valuesFit(m_layout);
        update();
    });
    updateAccessibleDescription();
}

HeatmapView::~HeatmapView() = default;

QSize HeatmapView::minimumSizeHint() const
{
    const QFontMetricsF fm(font());
    return QSize(qCeil(18 * fm.height()), qCeil(13 * fm.height()));
}

int HeatmapView::naturalHeight(int width) const
{
    const QFontMetricsF fm(font());
    const double h = fm.height();
    const Layout layout = computeLayout(QRectF(0, 0, width, 80 * h));
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
    if (!m_layout.hasGrid || m_state == State::Refused || queryRow < 0 || keyRow < 0
        || queryRow >= m_layout.rows || keyRow >= m_layout.columns)
        return QRectF();
    return cellRectOf(m_layout.matrixRect, m_layout.cellSize, queryRow, keyRow);
}

QRectF HeatmapView::rowLabelRect(int queryRow) const
{
    ensureContent();
    ensureLayout();
    if (!m_layout.hasGrid || m_state == State::Refused || queryRow < 0
        || queryRow >= m_layout.rows)
        return QRectF();
    const QRectF row = rowRectOf(m_layout.matrixRect, m_layout.cellSize, queryRow);
    return QRectF(QPointF(m_layout.rowLabelArea.left(), row.top()),
                  QPointF(m_layout.matrixRect.left(), row.bottom()));
}

std::optional<HeatmapView::Cell> HeatmapView::cellAt(const QPointF &pos) const
{
    ensureContent();
    ensureLayout();
    if (!m_layout.hasGrid || m_state == State::Refused || !m_layout.matrixRect.contains(pos))
        return std::nullopt;
    const int column = static_cast<int>((pos.x() - m_layout.matrixRect.left()) / m_layout.cellSize);
    const int row = static_cast<int>((pos.y() - m_layout.matrixRect.top()) / m_layout.cellSize);
    if (row < 0 || column < 0 || row >= m_layout.rows || column >= m_layout.columns)
        return std::nullopt;
    return Cell{row, column};
}

int HeatmapView::rowLabelAt(const QPointF &pos) const
{
    ensureContent();
    ensureLayout();
    if (!m_layout.hasGrid || m_state == State::Refused)
        return -1;
    const QRectF &matrix = m_layout.matrixRect;
    if (pos.x() < m_layout.rowLabelArea.left() || pos.x() >= matrix.left()
        || pos.y() < matrix.top() || pos.y() >= matrix.bottom())
        return -1;
    const int row = static_cast<int>((pos.y() - matrix.top()) / m_layout.cellSize);
    return row >= 0 && row < m_layout.rows ? row : -1;
}

double HeatmapView::scaleLow() const
{
    ensureContent();
    return m_scaleLow;
}

double HeatmapView::scaleHigh() const
{
    ensureContent();
    return m_scaleHigh;
}

bool HeatmapView::areValuesVisible() const
{
    ensureContent();
    ensureLayout();
    return m_valuesFit;
}

QString HeatmapView::cellText(int queryRow, int keyRow) const
{
    ensureContent();
    if (m_cellTexts.isEmpty() || queryRow < 0 || keyRow < 0 || queryRow >= m_rows
        || keyRow >= m_columns)
        return QString();
    return m_cellTexts[queryRow * m_columns + keyRow];
}

QString HeatmapView::infoText() const
{
    ensureContent();
    return m_infoText;
}

// ---------------------------------------------------------------------------------------------
// Caches

void HeatmapView::invalidateContent()
{
    m_contentDirty = true;
    if (isVisible())
        rebuildContent();
    updateAccessibleDescription();
    update();
}

void HeatmapView::ensureContent() const
{
    if (m_contentDirty)
        rebuildContent();
}

void HeatmapView::rebuildContent() const
{
    const Scenario &scenario = m_model->scenario();
    const AttentionResult *result = m_model->result();
    const std::optional<Error> &error = m_model->error();

    m_rows = static_cast<int>(scenario.queryCount());
    m_columns = static_cast<int>(scenario.keyCount());
    const bool maskFits = scenario.allowed && scenario.allowed->rows() == m_rows
        && scenario.allowed->cols() == m_columns;

    // Which rows allow no key depends on the mask only, not on a moved query.
    if (m_allRowsChanged || m_undefinedRows.size() != m_rows) {
        m_undefinedRows = QVector<bool>(m_rows, false);
        if (maskFits) {
            for (int row = 0; row < m_rows; ++row)
                m_undefinedRows[row] = m_columns > 0 && !scenario.allowed->row(row).any();
        }
    }
    const bool anyUndefined = m_undefinedRows.contains(true);

    const bool wasValues = m_state == State::Values;
    if (result && m_rows > 0 && m_columns > 0)
        m_state = State::Values;
    else if (error && error->category == ErrorCategory::AllMaskedRow && anyUndefined)
        m_state = State::UndefinedRows;
    else
        m_state = State::Refused;
    // A figure keeps room for the info line only while it has something to say.
    if (m_figureMode && wasValues != (m_state == State::Values))
        m_layoutDirty = true;

    m_refusal.clear();
    if (m_state == State::UndefinedRows) {
        QStringList names;
        for (int row = 0; row < m_rows && names.size() < 3; ++row) {
            if (m_undefinedRows[row])
                names << QStringLiteral("\u201c%1\u201d").arg(scenario.queryLabel(row));
        }
        m_refusal = tr("Undefined: %1 may attend to no key, and softmax over no keys is "
                       "undefined. Allow a key in its mask row to see the numbers again.")
                        .arg(names.join(QStringLiteral(", ")));
    } else if (m_state == State::Refused) {
        m_refusal = error ? error->message : tr("The scenario has no queries or no keys.");
    }

    const bool scores = m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores;
    // Signed scores get the diverging map (0 neutral, negative blue, positive red); weights keep
    // the chosen sequential one.
    const ColorMap &colorMap = scores ? ColorMap::diverging() : m_viewState->colorMap();
    const Matrix *shown = nullptr;
    if (m_state == State::Values)
        shown = scores ? &result->scores : &result->weights;

    // Weights have a fixed 0..1 scale; scores one symmetric about 0, so that the colour of 0 is
    // the middle of the map and the sign of a score can be read off its colour.
    m_scaleLow = 0.0;
    m_scaleHigh = 1.0;
    if (scores) {
        double maxAbs = 0.0;
        if (shown) {
            for (int row = 0; row < m_rows; ++row) {
                for (int column = 0; column < m_columns; ++column) {
                    const double value = (*shown)(row, column);
                    if ((!maskFits || (*scenario.allowed)(row, column)) && std::isfinite(value))
                        maxAbs = std::max(maxAbs, std::abs(value));
                }
            }
        }
        if (!(maxAbs > 0.0))
            maxAbs = 1.0;
        m_scaleLow = -maxAbs;
        m_scaleHigh = maxAbs;
    }
    const double span = m_scaleHigh - m_scaleLow;

    const bool withTexts = m_state == State::Values
        && static_cast<qint64>(m_rows) * m_columns <= kMaxCellsWithText;
    const QRgb *lut = colorMap.table().constData();
    const QRgb maskedRgb = m_viewState->theme().maskedFill().rgb();
    const QRgb undefinedRgb = m_viewState->theme().undefinedBackground().rgb();
    auto colourRow = [&](int row) {
        auto *line = reinterpret_cast<QRgb *>(m_cellImage.scanLine(row));
        uchar *maskLine = m_maskImage.isNull() ? nullptr : m_maskImage.scanLine(row);
        const bool *allowed = maskFits ? scenario.allowed->row(row).data() : nullptr;
        const double *values = shown ? shown->row(row).data() : nullptr;
        for (int column = 0; column < m_columns; ++column) {
            if (allowed && !allowed[column]) {
                line[column] = maskedRgb;
                if (maskLine)
                    maskLine[column] = 255;
            } else if (!values) {
                line[column] = undefinedRgb;
            } else {
                // The same binning as ColorMap::rgbAt, without a call per cell.
                line[column] = lut[ColorMap::indexAt((values[column] - m_scaleLow) / span)];
            }
        }
    };
    auto writeRowTexts = [&](int row) {
        const QRgb *line = reinterpret_cast<const QRgb *>(m_cellImage.constScanLine(row));
        for (int column = 0; column < m_columns; ++column) {
            if (maskFits && !(*scenario.allowed)(row, column))
                continue;
            const int index = row * m_columns + column;
            m_cellTexts[index] = formatCompact((*shown)(row, column), 4);
            m_cellTextColors[index] = ColorMap::textColorOn(line[column]).rgb();
        }
    };

    // When only some queries moved and the scale is fixed (weights), only their rows are
    // coloured again: a drag step at 512 tokens then touches 512 cells, not 262 144.
    const bool rowsOnly = !m_allRowsChanged && wasValues && m_state == State::Values && !scores
        && m_cellImage.width() == m_columns && m_cellImage.height() == m_rows
        && m_barImage.height() == colorMap.table().size()
        && m_cellTexts.size() == (withTexts ? m_rows * m_columns : 0)
        && std::all_of(m_changedRows.cbegin(), m_changedRows.cend(),
                       [this](int row) { return row >= 0 && row < m_rows; });
    if (rowsOnly) {
        std::sort(m_changedRows.begin(), m_changedRows.end());
        m_changedRows.erase(std::unique(m_changedRows.begin(), m_changedRows.end()), m_changedRows.end());
        for (int row : std::as_const(m_changedRows)) {
            colourRow(row);
            if (withTexts)
                writeRowTexts(row);
        }
    } else {
        m_cellTexts.clear();
        m_cellTextColors.clear();
        if (withTexts) {
            m_cellTexts.resize(m_rows * m_columns);
            m_cellTextColors.resize(m_rows * m_columns);
        }
        m_cellImage = QImage();
        m_maskImage = QImage();
        if (m_rows > 0 && m_columns > 0) {
            m_cellImage = QImage(m_columns, m_rows, QImage::Format_RGB32);
            if (maskFits && !scenario.allowed->all()) {
                m_maskImage = QImage(m_columns, m_rows, QImage::Format_Alpha8);
                m_maskImage.fill(0);
            }
            for (int row = 0; row < m_rows; ++row)
                colourRow(row);
        }
        if (withTexts) {
            for (int row = 0; row < m_rows; ++row)
                writeRowTexts(row);
        }

        const QVector<QRgb> &table = colorMap.table();
        m_barImage = QImage(1, table.size(), QImage::Format_RGB32);
        for (int y = 0; y < table.size(); ++y)
            m_barImage.setPixel(0, y, table[table.size() - 1 - y]);
    }
    m_changedRows.clear();
    m_allRowsChanged = false;

    ++m_contentGeneration;
    m_contentDirty = false;
    if (!m_layoutDirty) {
        m_ticks = computeTicks(m_layout);
        m_valuesFit = valuesFit(m_layout);
    }
    refreshInfo();
}

void HeatmapView::ensureLayout() const
{
    if (m_layoutDirty || m_layout.bounds != QRectF(rect()))
        relayout();
}

void HeatmapView::relayout() const
{
    m_layout = computeLayout(QRectF(rect()));
    m_layoutDirty = false;
    ++m_layoutGeneration;
    if (!m_contentDirty) {
        m_ticks = computeTicks(m_layout);
        m_valuesFit = valuesFit(m_layout);
        refreshInfo();
    }
}

HeatmapView::Layout HeatmapView::computeLayout(const QRectF &bounds) const
{
    Layout layout;
    layout.bounds = bounds;
    layout.font = font();
    layout.boldFont = font();
    layout.boldFont.setBold(true);
    layout.valueFont = font();

    const QFontMetricsF fm(layout.font);
    const QFontMetricsF boldFm(layout.boldFont);
    const double h = fm.height();
    layout.lineHeight = h;

    const double pad = std::round(0.5 * h);
    const QRectF inner = bounds.adjusted(pad, std::round(0.4 * h), -pad, -std::round(0.4 * h));
    layout.titleRect = QRectF(inner.left(), inner.top(), inner.width(), h);
    // A figure of numbers has nothing to say under the matrix (nobody hovers a print): the room
    // goes to the cells. A refusal still needs it.
    const bool infoLine = !m_figureMode || m_state != State::Values;
    layout.infoRect = infoLine ? QRectF(inner.left(), inner.bottom() - 2 * h, inner.width(), 2 * h)
                               : QRectF(inner.left(), inner.bottom(), inner.width(), 0);
    const double gridTop = layout.titleRect.bottom() + 0.7 * h;
    const double gridBottom = infoLine ? layout.infoRect.top() - 0.5 * h : inner.bottom();
    layout.gridArea = QRectF(inner.left(), gridTop, inner.width(), gridBottom - gridTop);

    const Scenario &scenario = m_model->scenario();
    layout.rows = static_cast<int>(scenario.queryCount());
    layout.columns = static_cast<int>(scenario.keyCount());
    const QRectF &area = layout.gridArea;
    if (layout.rows <= 0 || layout.columns <= 0 || area.height() < 3 * h || area.width() < 8 * h)
        return layout;

    // Horizontal budget: axis title, row labels, colour swatches | matrix | colour bar, ticks.
    ensureLabelWidths(layout.font);
    const double widestRowLabel = m_widestRowLabel;
    const double rowLabelWidth =
        std::min(widestRowLabel, std::max(3 * h, std::min(12 * h, 0.25 * inner.width())));
    const bool swatchRoom = area.height() / layout.rows >= 0.6 * h;
    const double swatchWidth = swatchRoom ? std::round(0.65 * h) : 0.0;
    const double swatchGap = swatchRoom ? std::round(0.3 * h) : 0.0;
    const double labelGap = std::round(0.35 * h);
    const double leftWidth = h + labelGap + rowLabelWidth + labelGap + swatchWidth + swatchGap;

    const double barWidth = std::round(0.9 * h);
    const double barGap = std::round(0.8 * h);
    const double tickLength = std::round(0.3 * h);
    const double tickLabelWidth = fm.horizontalAdvance(QStringLiteral("\u22120.888"));
    const double rightWidth = barGap + barWidth + tickLength + 0.25 * h + tickLabelWidth;

    const double widestColumnLabel = m_widestColumnLabel;
    // Upright key names may take what a row and a half per query leaves of the height, so that a
    // short matrix (one query) still writes them whole.
    const double verticalLabelExtent = std::min(
        widestColumnLabel,
        std::max(3 * h, std::min(9 * h, std::max(0.3 * area.height(),
                                                  area.height() - 1.15 * h - 0.25 * h - layout.rows * 1.5 * h))));
    const double xTitleHeight = 1.15 * h;
    const double columnLabelGap = 0.25 * h;

    const double availableWidth = area.width() - leftWidth - rightWidth;
    auto cellFor = [&](double columnLabelExtent) {
        const double availableHeight = area.height() - columnLabelGap - columnLabelExtent - xTitleHeight;
        return std::min(availableWidth / layout.columns, availableHeight / layout.rows);
    };
    // Column labels stay horizontal on one line while they fit, then try two lines (split at a
    // space), then read upwards; when none fits every column, the one that thins least wins.
    struct Candidate {
        bool vertical;
        bool twoLines;
        double extent;
        double cell;
        int step;
    };
    auto candidate = [&](bool vertical, bool twoLines, double extent, double need) {
        const double cell = cellFor(extent);
        return Candidate{vertical, twoLines, extent, cell, cell > 0 ? ceilToInt(need / cell) : INT_MAX};
    };
    QVector<Candidate> candidates = {candidate(false, false, h, widestColumnLabel + 0.6 * h)};
    if (!m_columnTwoLineTexts.isEmpty() && m_widestColumnTwoLines < widestColumnLabel)
        candidates << candidate(false, true, 2.05 * h, m_widestColumnTwoLines + 0.6 * h);
    candidates << candidate(true, false, verticalLabelExtent, 1.15 * h);
    Candidate chosen = candidates.first();
    for (const Candidate &c : candidates) {
        if (c.step == 1) {
            chosen = c;
            break;
        }
        if (c.step < chosen.step)
            chosen = c;
    }
    layout.verticalColumnLabels = chosen.vertical;
    double cell = chosen.cell;
    if (!(cell > 0.0))
        return layout;
    if (cell >= 4.0)
        cell = std::floor(cell);  // whole pixels keep small matrices crisp
    layout.cellSize = cell;
    layout.columnStep = chosen.step;
    layout.columnLabelExtent = chosen.extent;
    layout.rowStep = ceilToInt(1.15 * h / cell);

    const double matrixWidth = layout.columns * cell;
    const double matrixHeight = layout.rows * cell;
    const double blockWidth = leftWidth + matrixWidth + rightWidth;
    const double blockHeight = matrixHeight + columnLabelGap + layout.columnLabelExtent + xTitleHeight;
    const double blockLeft = std::round(area.left() + (area.width() - blockWidth) / 2);
    const double blockTop = std::round(area.top() + (area.height() - blockHeight) / 2);
    layout.blockRect = QRectF(blockLeft, blockTop, blockWidth, blockHeight);
    layout.matrixRect = QRectF(blockLeft + std::round(leftWidth), blockTop, matrixWidth, matrixHeight);
    const QRectF &matrix = layout.matrixRect;

    layout.swatchSize = swatchRoom && cell >= 0.6 * h ? std::min(swatchWidth, std::round(0.7 * cell)) : 0.0;
    layout.swatchCentreX = matrix.left() - swatchGap - swatchWidth / 2;
    layout.rowLabelArea = QRectF(matrix.left() - swatchGap - swatchWidth - labelGap - rowLabelWidth,
                                 matrix.top(), rowLabelWidth, matrixHeight);

    layout.rowLabels = QVector<QString>(layout.rows);
    for (int row = 0; row < layout.rows; row += layout.rowStep)
        layout.rowLabels[row] = boldFm.elidedText(scenario.queryLabel(row), Qt::ElideRight, rowLabelWidth);

    layout.columnLabels = QVector<QString>(layout.columns);
    for (int column = 0; column < layout.columns; column += layout.columnStep) {
        const QString label = scenario.keyLabel(column);
        if (layout.verticalColumnLabels) {
            layout.columnLabels[column] = fm.elidedText(label, Qt::ElideRight, verticalLabelExtent);
            continue;
        }
        const double room = layout.columnStep * cell - 0.6 * h;
        const bool wrap = fm.horizontalAdvance(label) > room && column < m_columnTwoLineTexts.size()
            && layout.columnLabelExtent > 1.5 * h;
        const QString text = wrap ? m_columnTwoLineTexts[column] : label;
        // A thinned horizontal label near the right end must not run into the colour bar.
        const double centre = matrix.left() + (column + 0.5) * cell;
        if (centre + fm.boundingRect(QRectF(), 0, text).width() / 2 > matrix.right() + barGap / 2)
            continue;
        layout.columnLabels[column] = text;
    }
    layout.columnLabelTop = matrix.bottom() + columnLabelGap;

    const QString xTitle = tr("key / source");
    layout.xTitle = boldFm.elidedText(xTitle, Qt::ElideRight, inner.width());
    const double xTitleWidth = std::min(inner.width(), boldFm.horizontalAdvance(layout.xTitle) + 2);
    const double xTitleLeft = std::clamp(matrix.center().x() - xTitleWidth / 2, inner.left(),
                                         inner.right() - xTitleWidth);
    layout.xTitleRect = QRectF(xTitleLeft, layout.columnLabelTop + layout.columnLabelExtent + 0.1 * h,
                               xTitleWidth, h);

    // "query" alone where the whole title does not fit the matrix's height (a matrix of one row).
    // Chinese stacks upright, one character under another; Latin text is turned to run upwards.
    const auto titleLength = [&](const QString &title) {
        return stacksUpright(title) ? uprightColumn(title).count(QLatin1Char('\n')) * boldFm.lineSpacing() + h
                                    : boldFm.horizontalAdvance(title);
    };
    const QString yTitle = tr("query / destination");
    layout.yTitle = titleLength(yTitle) <= area.height() ? yTitle
        : stacksUpright(tr("query"))                     ? tr("query")
                                                         : boldFm.elidedText(tr("query"), Qt::ElideRight, area.height());
    const double yTitleLength = std::min(area.height(), titleLength(layout.yTitle) + 2);
    const double yTitleTop = std::clamp(matrix.center().y() - yTitleLength / 2, area.top(),
                                        area.bottom() - yTitleLength);
    layout.yTitleRect = QRectF(blockLeft, yTitleTop, h, yTitleLength);

    // A short matrix still gets a colour bar tall enough for its two end ticks and a middle one.
    const double barHeight = std::max(matrixHeight, std::min(3.4 * h, area.height()));
    const double barTop = std::clamp(matrix.center().y() - barHeight / 2, area.top(),
                                     area.bottom() - barHeight);
    layout.barRect = QRectF(matrix.right() + barGap, std::round(barTop), barWidth, std::round(barHeight));
    layout.tickLength = tickLength;

    // Big cells on a projector get bigger numbers.
    layout.valueFont = scaledFont(layout.font, std::clamp(cell / (4.5 * h), 1.0, 1.5));
    layout.hasGrid = true;
    return layout;
}

void HeatmapView::ensureLabelWidths(const QFont &font) const
{
    // Measuring thousands of labels is the slow part of a layout, so it is done once per
    // scenario and font, not on every resize.
    if (m_labelWidthsValid && m_labelWidthsFont == font)
        return;
    const Scenario &scenario = m_model->scenario();
    QFont bold(font);
    bold.setBold(true);
    const QFontMetricsF fm(font);
    const QFontMetricsF boldFm(bold);
    m_widestRowLabel = 0.0;
    for (Index row = 0; row < scenario.queryCount(); ++row)
        m_widestRowLabel = std::max(m_widestRowLabel, boldFm.horizontalAdvance(scenario.queryLabel(row)));
    m_widestColumnLabel = 0.0;
    for (Index column = 0; column < scenario.keyCount(); ++column)
        m_widestColumnLabel = std::max(m_widestColumnLabel, fm.horizontalAdvance(scenario.keyLabel(column)));
    // Each key label's narrowest split over two lines ("token 3" / "(padding)"); only for as
    // many columns as could ever be wide enough to show them.
    m_columnTwoLineTexts.clear();
    m_widestColumnTwoLines = m_widestColumnLabel;
    if (scenario.keyCount() <= kMaxWrappedColumns) {
        m_widestColumnTwoLines = 0.0;
        for (Index column = 0; column < scenario.keyCount(); ++column) {
            const QString label = scenario.keyLabel(column);
            const QStringList words = label.split(QLatin1Char(' '), Qt::SkipEmptyParts);
            double best = fm.horizontalAdvance(label);
            QString bestText = label;
            for (int split = 1; split < words.size(); ++split) {
                const QString first = words.mid(0, split).join(QLatin1Char(' '));
                const QString second = words.mid(split).join(QLatin1Char(' '));
                const double width = std::max(fm.horizontalAdvance(first), fm.horizontalAdvance(second));
                if (width < best) {
                    best = width;
                    bestText = first + QLatin1Char('\n') + second;
                }
            }
            m_columnTwoLineTexts.append(bestText);
            m_widestColumnTwoLines = std::max(m_widestColumnTwoLines, best);
        }
    }
    m_labelWidthsFont = font;
    m_labelWidthsValid = true;
}

QVector<HeatmapView::Tick> HeatmapView::computeTicks(const Layout &layout) const
{
    QVector<Tick> ticks;
    if (!layout.hasGrid)
        return ticks;
    // Few ticks, well apart: the scale is read at a glance from the back of the room.
    const int maxIntervals =
        std::clamp(static_cast<int>(layout.barRect.height() / (2.6 * layout.lineHeight)), 1, 5);
    const double step = PlotAxes::niceStep(m_scaleHigh - m_scaleLow, maxIntervals);
    for (double value : PlotAxes::ticks(m_scaleLow, m_scaleHigh, step))
        ticks.append(Tick{value, PlotAxes::tickLabel(value, step)});
    return ticks;
}

bool HeatmapView::valuesFit(const Layout &layout) const
{
    if (!m_viewState->showValues() || m_state != State::Values || m_cellTexts.isEmpty()
        || !layout.hasGrid)
        return false;
    const QFontMetricsF fm(layout.valueFont);
    const double margin = 0.6 * layout.lineHeight;
    if (layout.cellSize < fm.height() + 0.1 * layout.lineHeight
        || layout.cellSize < fm.horizontalAdvance(QStringLiteral("0.0000")) + margin)
        return false;
    // Measured once per text: between two drag steps most numbers repeat.
    if (m_valueWidthsFont != layout.valueFont) {
        m_valueWidths.clear();
        m_valueWidthsFont = layout.valueFont;
    }
    double widest = 0.0;
    for (const QString &text : m_cellTexts)
        widest = std::max(widest, m_valueWidths.value(text, [&] { return fm.horizontalAdvance(text); }));
    return layout.cellSize >= widest + margin;
}

QImage HeatmapView::composeMatrixLayer(const Layout &layout, qreal dpr) const
{
    const QSize size(std::max(1, qCeil(layout.matrixRect.width() * dpr - 1e-6)),
                     std::max(1, qCeil(layout.matrixRect.height() * dpr - 1e-6)));
    const QRectF target(QPointF(0, 0), QSizeF(size));
    QImage layer(size, QImage::Format_ARGB32_Premultiplied);
    layer.fill(m_viewState->theme().maskedFill());
    const bool small = static_cast<qint64>(layout.rows) * layout.columns <= kMaxCellsWithText;
    QPainter painter(&layer);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    if (small)
        painter.drawImage(QPointF(0, 0), enlargedCells(m_cellImage, size));
    else
        painter.drawImage(target, m_cellImage);

    if (!m_maskImage.isNull()) {
        // Hatch the whole layer, keep the hatching only where the mask image is opaque.
        QImage hatch(size, QImage::Format_ARGB32_Premultiplied);
        hatch.fill(Qt::transparent);
        QPainter hatchPainter(&hatch);
        hatchPainter.setRenderHint(QPainter::Antialiasing, true);
        hatchPainter.setPen(QPen(m_viewState->theme().hatchColor(), 1.3 * dpr));
        const double spacing = std::max(5.0, std::round(0.45 * layout.lineHeight)) * dpr;
        const double w = size.width();
        const double h = size.height();
        for (double x = -h; x < w + spacing; x += spacing)
            hatchPainter.drawLine(QPointF(x, h), QPointF(x + h, 0));
        hatchPainter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        hatchPainter.setCompositionMode(QPainter::CompositionMode_DestinationIn);
        if (small)
            hatchPainter.drawImage(QPointF(0, 0), enlargedCells(m_maskImage, size));
        else
            hatchPainter.drawImage(target, m_maskImage);
        hatchPainter.end();
        painter.drawImage(QPointF(0, 0), hatch);
    }

    // Thin white seams separate cells that are big enough to be read one by one.
    const double cellPixels = layout.cellSize * dpr;
    if (cellPixels >= 14.0) {
        painter.setPen(QPen(seamColor(), std::max(1.0, std::floor(dpr))));
        for (int column = 1; column < layout.columns; ++column) {
            const double x = std::round(column * cellPixels);
            painter.drawLine(QLineF(x, 0, x, size.height()));
        }
        for (int row = 1; row < layout.rows; ++row) {
            const double y = std::round(row * cellPixels);
            painter.drawLine(QLineF(0, y, size.width(), y));
        }
    }
    painter.end();
    layer.setDevicePixelRatio(dpr);
    return layer;
}

// ---------------------------------------------------------------------------------------------
// Texts

QString HeatmapView::titleText() const
{
    if (m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores)
        return tr("Scaled scores  S = QK\u1d40 / √d\u2096");
    return tr("Attention weights  A = softmax(S / T)");
}

QString HeatmapView::fittedTitle(const QFontMetricsF &boldFm, double width) const
{
    // The formula goes before any word of the name is cut.
    const QString full = titleText();
    if (boldFm.horizontalAdvance(full) <= width)
        return full;
    const QString name = m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores
        ? tr("Scaled scores")
        : tr("Attention weights");
    return boldFm.elidedText(name, Qt::ElideRight, width);
}

QString HeatmapView::scaleText() const
{
    // Weights always use 0..1, which the colour bar shows; the scores' scale moves with them.
    if (m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Weights
        || m_state != State::Values)
        return QString();
    return tr("colour scale \u00b1max|S| = \u00b1%1").arg(formatCompact(m_scaleHigh, 4));
}

QString HeatmapView::hoverInfo(int queryRow, int keyRow, bool fullPrecision) const
{
    const Scenario &scenario = m_model->scenario();
    if (queryRow < 0 || keyRow < 0 || queryRow >= scenario.queryCount()
        || keyRow >= scenario.keyCount() || scenario.keyDimension() != scenario.keys.cols())
        return QString();
    auto number = [fullPrecision](double value) {
        return fullPrecision ? formatFull(value) : formatCompact(value, 4);
    };
    const double dot = scenario.queries.row(queryRow).dot(scenario.keys.row(keyRow));
    const bool masked = !scenario.isAllowed(queryRow, keyRow);
    const QString cell = tr("\u201c%1\u201d \u2192 \u201c%2\u201d")
                             .arg(scenario.queryLabel(queryRow), scenario.keyLabel(keyRow));
    const QString dotText = tr("q\u00b7k = %1").arg(number(dot));

    const AttentionResult *result = m_state == State::Values ? m_model->result() : nullptr;
    if (!result || result->scores.rows() != scenario.queryCount()
        || result->scores.cols() != scenario.keyCount()) {
        const QString why = queryRow < m_undefinedRows.size() && m_undefinedRows[queryRow]
            ? tr("weight undefined: no allowed key")
            : tr("no weights while the scenario is refused");
        const QString sep = fullPrecision ? QStringLiteral("\n") : kInfoSeparator;
        return cell + (fullPrecision ? QStringLiteral("\n") : QStringLiteral(":  ")) + dotText + sep + why;
    }

    const double score = result->scores(queryRow, keyRow);
    const double temperature = scenario.temperature;
    const double weight = result->weights(queryRow, keyRow);
    const QString scoreText = tr("S = %1").arg(number(score));
    const QString tempered = tr("S/T = %1").arg(number(score / temperature));
    const QString weightText = masked ? tr("weight = 0 (masked)") : tr("weight = %1").arg(number(weight));
    if (fullPrecision) {
        return cell + QStringLiteral("\n") + dotText + QStringLiteral("\n")
            + tr("S = q\u00b7k / √d\u2096 = %1").arg(number(score)) + QStringLiteral("\n")
            + tr("S / T = %1 (T = %2)").arg(number(score / temperature), number(temperature))
            + QStringLiteral("\n") + weightText;
    }
    return cell + QStringLiteral(":  ")
        + QStringList{dotText, scoreText, tempered, weightText}.join(kInfoSeparator);
}

void HeatmapView::refreshInfo() const
{
    const int query = showsHover() ? m_viewState->hoveredQuery() : -1;
    const int key = showsHover() ? m_viewState->hoveredKey() : -1;
    QString text;
    if (m_state != State::Refused && query >= 0 && key >= 0 && query < m_rows && key < m_columns)
        text = hoverInfo(query, key, false);
    m_infoIsHint = false;
    if (text.isEmpty()) {
        if (m_state == State::UndefinedRows) {
            text = m_refusal;
        } else if (m_state == State::Values && !m_viewState->isPresenting()) {  // no hints on a lecture screen
            m_infoIsHint = true;
            text = tr("Hover a cell for q\u00b7k, S, S/T and its weight") + kInfoSeparator
                + tr("click a row to select its query");
        }
    }
    // The same text in the same layout wraps the same way (a drag step keeps the hint).
    if (!m_layoutDirty && (text != m_infoText || m_infoLinesGeneration != m_layoutGeneration)) {
        m_infoLines = wrapInfo(text, m_layout);
        m_infoLinesGeneration = m_layoutGeneration;
    }
    m_infoText = text;
}

QStringList HeatmapView::wrapInfo(const QString &text, const Layout &layout) const
{
    QStringList lines;
    if (text.isEmpty())
        return lines;
    const QFontMetricsF fm(layout.font);
    const double width = layout.infoRect.width();
    // Pack whole "a = b" pieces first so that a number is never split from its name.
    const QStringList pieces = text.split(kInfoSeparator);
    QString current;
    for (const QString &piece : pieces) {
        const QString candidate = current.isEmpty() ? piece : current + kInfoSeparator + piece;
        if (fm.horizontalAdvance(candidate) <= width || current.isEmpty()) {
            current = candidate;
        } else {
            lines << current;
            current = piece;
        }
    }
    if (!current.isEmpty())
        lines << current;
    // A piece that is still too wide (a long sentence) is wrapped by words.
    QStringList wrapped;
    for (const QString &line : lines) {
        if (fm.horizontalAdvance(line) <= width) {
            wrapped << line;
            continue;
        }
        QString part;
        for (const QString &word : line.split(QLatin1Char(' '))) {
            const QString candidate = part.isEmpty() ? word : part + QLatin1Char(' ') + word;
            if (fm.horizontalAdvance(candidate) <= width || part.isEmpty()) {
                part = candidate;
            } else {
                wrapped << part;
                part = word;
            }
        }
        if (!part.isEmpty())
            wrapped << part;
    }
    if (wrapped.size() > 2) {
        const QString rest = wrapped.mid(1).join(QLatin1Char(' '));
        wrapped = QStringList{wrapped.first(), rest};
    }
    for (QString &line : wrapped)
        line = fm.elidedText(line, Qt::ElideRight, width);
    return wrapped;
}

void HeatmapView::updateAccessibleDescription()
{
    // The shape and the quantity are described once; the numbers are added on every change.
    updateAccessibleNumbers();
    const Scenario &shape = m_model->scenario();
    const QString key = QStringLiteral("%1 %2 %3")
                            .arg(shape.queryCount())
                            .arg(shape.keyCount())
                            .arg(static_cast<int>(m_viewState->heatmapQuantity()));
    if (key == m_describedShape)
        return;
    m_describedShape = key;
    const Scenario &scenario = m_model->scenario();
    const bool scores = m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores;
    QString description =
        (scores ? tr("Scaled scores of %1 queries (rows) over %2 keys (columns), coloured on a "
                     "scale symmetric about 0: blue below 0, white at 0, red above.")
                : tr("Attention weights of %1 queries (rows) over %2 keys (columns), coloured "
                     "on a fixed scale from 0 to 1."))
            .arg(scenario.queryCount())
            .arg(scenario.keyCount());
    description += QLatin1Char(' ')
        + tr("Masked cells are hatched. Hover a cell for its numbers; click a row or use the "
             "Up and Down keys to select a query.");
    m_shapeDescription = description;
    updateAccessibleNumbers();
}

// ---------------------------------------------------------------------------------------------
// Painting

QImage HeatmapView::renderImage(QSize size, qreal dpr) const
{
    QImage image(size * dpr, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(dpr);
    image.fill(palette().color(QPalette::Base));
    QPainter painter(&image);
    paintHeatmap(painter, QRectF(QPointF(0, 0), QSizeF(size)));
    return image;
}

// ---------------------------------------------------------------------------------------------
// Figures

void HeatmapView::setFigureMode(bool figure, bool showSelection)
{
    if (figure == m_figureMode && showSelection == m_figureShowsSelection)
        return;
    m_figureMode = figure;
    m_figureShowsSelection = showSelection;
    // The info line's room and text depend on it, and so does the cached background.
    m_layoutDirty = true;
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
    const Layout full = computeLayout(QRectF(QPointF(0, 0), QSizeF(bounds)));
    if (!full.hasGrid || m_state == State::Refused)
        return bounds;
    // The title line must keep its text (and the scores' scale beside it, when it fits).
    const QFontMetricsF fm(full.font);
    const QFontMetricsF boldFm(full.boldFont);
    const double titleWidth = boldFm.horizontalAdvance(titleText());
    const double scaleWidth = fm.horizontalAdvance(scaleText());
    const bool scaleShown = !scaleText().isEmpty()
        && titleWidth + 1.5 * full.lineHeight + scaleWidth <= full.titleRect.width();
    const double titleNeed = titleWidth + (scaleShown ? 1.5 * full.lineHeight + scaleWidth : 0.0)
        + (bounds.width() - full.titleRect.width()) + 2;
    const int slackWidth = static_cast<int>(std::floor(full.gridArea.width() - full.blockRect.width()));
    const int slackHeight = static_cast<int>(std::floor(full.gridArea.height() - full.blockRect.height()));
    const QSize tight(std::max({bounds.width() - std::max(0, slackWidth), qCeil(titleNeed), 64}),
                      std::max(bounds.height() - std::max(0, slackHeight), 64));
    auto same = [&](const QSize &size) {
        const Layout layout = computeLayout(QRectF(QPointF(0, 0), QSizeF(size)));
        return layout.hasGrid && std::abs(layout.cellSize - full.cellSize) < 1e-9
            && layout.rowLabels == full.rowLabels && layout.columnLabels == full.columnLabels
            && layout.xTitle == full.xTitle && layout.yTitle == full.yTitle
            && layout.verticalColumnLabels == full.verticalColumnLabels;
    };
    if (same(tight))
        return tight.boundedTo(bounds);
    // Something would change (a label elided in a narrower column): give back room until it
    // does not.
    QSize low = tight;
    QSize high = bounds;
    for (int step = 0; step < 12 && (high - low).width() + (high - low).height() > 2; ++step) {
        const QSize middle((low.width() + high.width()) / 2, (low.height() + high.height()) / 2);
        if (same(middle))
            high = middle;
        else
            low = middle;
    }
    return high;
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
    key.layoutGeneration = m_layoutGeneration;
    key.selectedQuery = outlinedQuery();
    key.state = m_state;
    key.scores = m_viewState->heatmapQuantity() == ViewState::HeatmapQuantity::Scores;
    key.colorMap = key.scores ? static_cast<int>(ColorMap::diverging().kind())
                              : static_cast<int>(m_viewState->colorMap().kind());
    key.scaleLow = m_scaleLow;
    key.scaleHigh = m_scaleHigh;
    key.infoLines = m_infoLines;
    key.undefinedRows = m_undefinedRows;
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
    // Painted somewhere other than pixels (a picture, a printer, a recording of its texts): the
    // labels go there as text, not as the cached picture of them.
    if (painter.paintEngine() && painter.paintEngine()->type() != QPaintEngine::Raster) {
        paintBackground(painter, QRectF(rect()), m_layout, m_ticks, m_infoLines);
        if (m_state != State::Refused && m_layout.hasGrid)
            paintMatrix(painter, m_layout, true);
        paintFocusFrame(painter);
        return;
    }
    const qreal dpr = devicePixelRatioF();
    const BackgroundKey key = backgroundKey(dpr);
    if (m_background.isNull() || !(key == m_backgroundKey)) {
        m_background = QPixmap(size() * dpr);
        m_background.setDevicePixelRatio(dpr);
        QPainter backgroundPainter(&m_background);
        paintBackground(backgroundPainter, QRectF(rect()), m_layout, m_ticks, m_infoLines);
        m_backgroundKey = key;
    }
    painter.drawPixmap(0, 0, m_background);
    if (m_state != State::Refused && m_layout.hasGrid) {
        painter.setRenderHint(QPainter::TextAntialiasing, true);
        paintMatrix(painter, m_layout, true);
    }
    paintFocusFrame(painter);
}

void HeatmapView::paintHeatmap(QPainter &painter, const QRectF &rect) const
{
    ensureContent();
    const bool ownLayout = rect == QRectF(this->rect());
    if (ownLayout)
        ensureLayout();
    Layout otherLayout;
    if (!ownLayout)
        otherLayout = computeLayout(rect);
    const Layout &layout = ownLayout ? m_layout : otherLayout;
    const QStringList info = m_infoIsHint ? QStringList() : (ownLayout ? m_infoLines : wrapInfo(m_infoText, layout));
    paintBackground(painter, rect, layout, ownLayout ? m_ticks : computeTicks(layout), info);
    if (m_state != State::Refused && layout.hasGrid) {
        painter.save();
        painter.setRenderHint(QPainter::TextAntialiasing, true);
        paintMatrix(painter, layout, ownLayout);
        painter.restore();
    }
}

void HeatmapView::paintBackground(QPainter &painter, const QRectF &rect, const Layout &layout,
                                  const QVector<Tick> &ticks, const QStringList &infoLines) const
{
    painter.save();
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const bool refused = m_state == State::Refused || !layout.hasGrid;
    painter.fillRect(rect, refused ? m_viewState->theme().undefinedBackground() : palette().color(QPalette::Base));

    // Title, with the colour scale on the right when there is room for both.
    QColor textColor = palette().color(QPalette::WindowText);
    if (m_state != State::Values)
        textColor = palette().color(QPalette::Disabled, QPalette::WindowText);
    painter.setPen(textColor);
    painter.setFont(layout.boldFont);
    const QFontMetricsF boldFm(layout.boldFont);
    const QFontMetricsF fm(layout.font);
    const QString title = titleText();
    const QString scale = scaleText();
    const double titleWidth = boldFm.horizontalAdvance(title);
    const double scaleWidth = fm.horizontalAdvance(scale);
    painter.drawText(layout.titleRect, Qt::AlignLeft | Qt::AlignVCenter,
                     fittedTitle(boldFm, layout.titleRect.width()));
    if (!scale.isEmpty() && titleWidth + 1.5 * layout.lineHeight + scaleWidth <= layout.titleRect.width()) {
        painter.setFont(layout.font);
        painter.drawText(layout.titleRect, Qt::AlignRight | Qt::AlignVCenter, scale);
    }

    if (refused) {
        paintRefused(painter, layout);
    } else {
        paintLabels(painter, layout);
        paintColorBar(painter, layout, ticks);
    }
    paintInfo(painter, layout, infoLines);
    painter.restore();
}

void HeatmapView::paintRefused(QPainter &painter, const Layout &layout) const
{
    QString heading;
    QString detail;
    if (m_state == State::Refused) {
        heading = tr("No heatmap: the scenario cannot be computed");
        detail = m_refusal;
    } else {
        heading = tr("Too small to draw the matrix");
        detail = tr("Enlarge this view to see the heatmap.");
    }
    const QRectF panel = layout.gridArea.adjusted(layout.lineHeight, 0, -layout.lineHeight, 0);
    if (panel.width() <= 0 || panel.height() <= 0)
        return;
    painter.setPen(QPen(m_viewState->theme().zeroAxisColor(), 1, Qt::DashLine));
    painter.setBrush(Qt::NoBrush);
    painter.drawRoundedRect(panel, 6, 6);
    const QRectF textRect = panel.adjusted(layout.lineHeight, layout.lineHeight / 2,
                                           -layout.lineHeight, -layout.lineHeight / 2);
    painter.setPen(palette().color(QPalette::WindowText));
    painter.setFont(layout.boldFont);
    const QFontMetricsF boldFm(layout.boldFont);
    const QRectF headingBox = boldFm.boundingRect(textRect, Qt::AlignHCenter | Qt::TextWordWrap, heading);
    const QFontMetricsF fm(layout.font);
    const QRectF detailBox = fm.boundingRect(textRect, Qt::AlignHCenter | Qt::TextWordWrap, detail);
    const double total = headingBox.height() + 0.5 * layout.lineHeight + detailBox.height();
    const double top = std::max(textRect.top(), textRect.center().y() - total / 2);
    painter.drawText(QRectF(textRect.left(), top, textRect.width(), headingBox.height()),
                     Qt::AlignHCenter | Qt::TextWordWrap, heading);
    painter.setFont(layout.font);
    const double detailTop = top + headingBox.height() + 0.5 * layout.lineHeight;
    painter.drawText(QRectF(textRect.left(), detailTop, textRect.width(),
                            std::max(0.0, textRect.bottom() - detailTop)),
                     Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, detail);
}

void HeatmapView::paintMatrix(QPainter &painter, const Layout &layout, bool ownLayout) const
{
    qreal dpr = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    // A vector figure (SVG, PDF) gets the hatched matrix as an image: enough pixels to print it.
    if (painter.paintEngine() && painter.paintEngine()->type() != QPaintEngine::Raster)
        dpr = std::max<qreal>(dpr, 4.0);
    const QRectF &matrix = layout.matrixRect;
    const double cell = layout.cellSize;
    if (m_maskImage.isNull() && cell * dpr < 14.0) {
        // Nothing to hatch and no seams: the one-pixel-per-cell image goes straight to the
        // screen, scaled without smoothing, with no intermediate picture to compose per step.
        // Scaled, the picture is filled one span per row, and Qt's raster engine splits a fill
        // of more than about 96 spans over its global thread pool and waits for it; on two cores
        // that hand-off costs more than the fill. Bands of fewer rows stay on this thread.
        painter.save();
        painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
        const QRect area = matrix.toAlignedRect();
        const int bandHeight = std::max(1, int(kScaledBandRows / dpr));
        for (int top = area.top(); top <= area.bottom(); top += bandHeight) {
            painter.setClipRect(QRect(area.left(), top, area.width(), std::min(bandHeight, area.bottom() + 1 - top)));
            painter.drawImage(matrix, m_cellImage);
        }
        painter.restore();
    } else if (m_maskImage.isNull() && static_cast<qint64>(layout.rows) * layout.columns <= kMaxCellsWithText) {
        // A small matrix with nothing to hatch: each cell is one crisp rectangle with the seams
        // over them, drawn in device pixels exactly as composeMatrixLayer() would, but with no
        // picture to compose on every drag step.
        painter.save();
        painter.translate(matrix.topLeft());
        painter.scale(1.0 / dpr, 1.0 / dpr);
        const double cellPixels = cell * dpr;
        const double width = std::max(1, qCeil(matrix.width() * dpr - 1e-6));
        const double height = std::max(1, qCeil(matrix.height() * dpr - 1e-6));
        auto edge = [](int index, int count, double extent) {
            return static_cast<int>(std::round(index * extent / count));
        };
        for (int row = 0; row < layout.rows; ++row) {
            const auto *line = reinterpret_cast<const QRgb *>(m_cellImage.constScanLine(row));
            const int top = edge(row, layout.rows, height);
            const int bottom = edge(row + 1, layout.rows, height);
            for (int column = 0; column < layout.columns; ++column) {
                const int left = edge(column, layout.columns, width);
                const int right = edge(column + 1, layout.columns, width);
                fillInBands(painter, QRect(left, top, right - left, bottom - top), QColor::fromRgb(line[column]));
            }
        }
        if (cellPixels >= 14.0) {
            // The seams as fills, not lines: Qt rasterises even a one-pixel line as a fill with
            // many spans, which goes to its thread pool like the tall cells.
            const int seamWidth = int(std::max(1.0, std::floor(dpr)));
            for (int column = 1; column < layout.columns; ++column) {
                const int x = int(std::round(column * cellPixels));
                fillInBands(painter, QRect(x - seamWidth / 2, 0, seamWidth, int(height) + 1), seamColor());
            }
            for (int row = 1; row < layout.rows; ++row) {
                const int y = int(std::round(row * cellPixels));
                painter.fillRect(QRect(0, y - seamWidth / 2, int(width) + 1, seamWidth), seamColor());
            }
        }
        painter.restore();
    } else if (ownLayout) {
        if (m_layerGeneration != m_contentGeneration || m_layerRect != matrix || m_layerDpr != dpr) {
            m_layer = composeMatrixLayer(layout, dpr);
            m_layerGeneration = m_contentGeneration;
            m_layerRect = matrix;
            m_layerDpr = dpr;
        }
        painter.drawImage(matrix.topLeft(), m_layer);
    } else {
        painter.drawImage(matrix.topLeft(), composeMatrixLayer(layout, dpr));
    }
    strokeRect(painter, matrix.adjusted(-0.5, -0.5, 0.5, 0.5), 1.0, m_viewState->theme().zeroAxisColor());

    if (ownLayout ? m_valuesFit : valuesFit(layout)) {
        painter.setFont(layout.valueFont);
        // On screen the shaped texts are kept: laying out every number again on every drag
        // step costs more than drawing it.
        const bool cached = ownLayout && painter.paintEngine()
            && painter.paintEngine()->type() == QPaintEngine::Raster
            && painter.worldTransform().type() <= QTransform::TxTranslate;
        if (cached && m_valueTextsFont != layout.valueFont) {
            m_valueTexts.clear();
            m_valueTextsFont = layout.valueFont;
        }
        const double textHeight = QFontMetricsF(layout.valueFont).height();
        for (int row = 0; row < layout.rows; ++row) {
            for (int column = 0; column < layout.columns; ++column) {
                const int index = row * layout.columns + column;
                const QString &text = m_cellTexts[index];
                if (text.isEmpty())
                    continue;
                painter.setPen(QColor::fromRgb(m_cellTextColors[index]));
                const QRectF cellRect = cellRectOf(matrix, cell, row, column);
                if (!cached) {
                    painter.drawText(cellRect, Qt::AlignCenter, text);
                    continue;
                }
                const QStaticText &shaped = m_valueTexts.value(text, [&] {
                    QStaticText staticText(text);
                    staticText.setTextFormat(Qt::PlainText);
                    staticText.setPerformanceHint(QStaticText::AggressiveCaching);
                    staticText.prepare(QTransform(), layout.valueFont);
                    return staticText;
                });
                painter.drawStaticText(QPointF(cellRect.center().x() - shaped.size().width() / 2.0,
                                               cellRect.center().y() - textHeight / 2.0),
                                       shaped);
            }
        }
    }

    if (m_state == State::UndefinedRows) {
        painter.setFont(layout.boldFont);
        const QFontMetricsF boldFm(layout.boldFont);
        const double h = layout.lineHeight;
        for (int row = 0; row < layout.rows && row < m_undefinedRows.size(); ++row) {
            if (!m_undefinedRows[row] || cell < 0.6 * h)
                continue;
            const QRectF rowRect = rowRectOf(matrix, cell, row);
            const QString text = boldFm.elidedText(tr("undefined: no allowed key"), Qt::ElideRight,
                                                   rowRect.width() - 0.8 * h);
            if (text.isEmpty())
                continue;
            QRectF box(0, 0, boldFm.horizontalAdvance(text) + 0.8 * h,
                       std::min(std::max(h, rowRect.height() - 4), 1.5 * h));
            box.moveCenter(rowRect.center());
            painter.setPen(QPen(m_viewState->theme().errorText(), 1));
            painter.setBrush(m_viewState->theme().labelBacking());
            painter.drawRoundedRect(box, 4, 4);
            painter.drawText(box, Qt::AlignCenter, text);
        }
    }

    // The selected row in its query's colour (as everywhere else), over a white rim so that it
    // reads on dark cells too.
    const int selected = outlinedQuery();
    if (selected >= 0 && selected < layout.rows) {
        const double width = std::max(2.0, std::round(0.16 * layout.lineHeight * m_viewState->lineWidthFactor()));
        const QRectF rowRect = rowRectOf(matrix, cell, selected);
        strokeRect(painter, rowRect.adjusted(0.5, 0.5, -0.5, -0.5), 1.0, Qt::white);
        strokeRect(painter, rowRect.adjusted(-width / 2, -width / 2, width / 2, width / 2), width, queryColor(selected));
    }

    const int hoveredQuery = showsHover() ? m_viewState->hoveredQuery() : -1;
    const int hoveredKey = showsHover() ? m_viewState->hoveredKey() : -1;
    if (hoveredQuery >= 0 && hoveredKey >= 0 && hoveredQuery < layout.rows && hoveredKey < layout.columns) {
        QRectF box = cellRectOf(matrix, cell, hoveredQuery, hoveredKey);
        const double minimum = 0.5 * layout.lineHeight;
        if (box.width() < minimum)
            box = QRectF(box.center() - QPointF(minimum / 2, minimum / 2), QSizeF(minimum, minimum));
        paintHoveredCell(painter, box, layout.lineHeight);
    }
}

// Themes and presentation mode (PRESENT): the hovered cell's outline, and the texts' rectangles.

void HeatmapView::paintHoveredCell(QPainter &painter, const QRectF &box, double lineHeight) const
{
    painter.save();
    painter.setBrush(Qt::NoBrush);
    if (m_viewState->isPresenting()) {
        // The "laser pointer": a bold frame in the theme's highlight colour just outside the
        // cell, over a rim of the background so that it reads on any cell colour.
        const double width = std::max(3.0, std::round(0.2 * lineHeight));
        const QRectF ring = box.adjusted(-width / 2, -width / 2, width / 2, width / 2);
        painter.setPen(QPen(m_viewState->theme().plotBackground(), width + 3.0, Qt::SolidLine,
                            Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(ring);
        painter.setPen(QPen(m_viewState->theme().highlightColor(), width, Qt::SolidLine, Qt::SquareCap,
                            Qt::MiterJoin));
        painter.drawRect(ring);
    } else {
        painter.setPen(QPen(Qt::white, 1.0));
        painter.drawRect(box.adjusted(1.5, 1.5, -1.5, -1.5));
        painter.setPen(QPen(Qt::black, 2.0, Qt::SolidLine, Qt::SquareCap, Qt::MiterJoin));
        painter.drawRect(box.adjusted(-0.5, -0.5, 0.5, 0.5));
    }
    painter.restore();
}

QColor HeatmapView::seamColor() const
{
    QColor seam = m_viewState->theme().plotBackground();
    seam.setAlpha(210);
    return seam;
}

void HeatmapView::setUpThemeHandling()
{
    // The cells' masked fill, the hatching and the seams are part of the cached pictures.
    auto repaintAll = [this] {
        m_background = QPixmap();
        m_layerGeneration = ~quint64(0);
        m_allRowsChanged = true;
        invalidateContent();
    };
    connect(m_viewState, &ViewState::themeChanged, this, repaintAll);
    connect(m_viewState, &ViewState::lineScaleChanged, this, repaintAll);
    connect(m_viewState, &ViewState::presentingChanged, this, [this] {
        m_layoutDirty = true;  // the hover hint comes and goes with presenting
        update();
    });
}

QVector<QRectF> HeatmapView::labelRects() const
{
    ensureContent();
    ensureLayout();
    const Layout &layout = m_layout;
    QVector<QRectF> rects;
    const QFontMetricsF fm(layout.font);
    const QFontMetricsF boldFm(layout.boldFont);
    const double h = layout.lineHeight;
    auto add = [&](const QFontMetricsF &metrics, const QRectF &box, int flags, const QString &text) {
        if (!text.isEmpty())
            rects.append(metrics.boundingRect(box, flags, text));
    };
    // As paintBackground() writes them: the title (and the scale beside it when it fits).
    const QString title = titleText();
    const QString scale = scaleText();
    add(boldFm, layout.titleRect, Qt::AlignLeft | Qt::AlignVCenter, fittedTitle(boldFm, layout.titleRect.width()));
    if (!scale.isEmpty()
        && boldFm.horizontalAdvance(title) + 1.5 * h + fm.horizontalAdvance(scale) <= layout.titleRect.width())
        add(fm, layout.titleRect, Qt::AlignRight | Qt::AlignVCenter, scale);
    const bool refused = m_state == State::Refused || !layout.hasGrid;
    if (!refused) {
        const QRectF &matrix = layout.matrixRect;
        const int selected = outlinedQuery();
        for (int row = 0; row < layout.rows; row += layout.rowStep) {
            const QString &label = layout.rowLabels.value(row);
            const double centre = matrix.top() + (row + 0.5) * layout.cellSize;
            add(row == selected ? boldFm : fm,
                QRectF(layout.rowLabelArea.left(), centre - h / 2, layout.rowLabelArea.width(), h),
                Qt::AlignRight | Qt::AlignVCenter, label);
        }
        for (int column = 0; column < layout.columns; column += layout.columnStep) {
            const QString &label = layout.columnLabels.value(column);
            if (label.isEmpty())
                continue;
            const double centre = matrix.left() + (column + 0.5) * layout.cellSize;
            if (layout.verticalColumnLabels) {
                const double width = fm.horizontalAdvance(label);
                rects.append(QRectF(centre - h / 2, layout.columnLabelTop, h, width));
            } else {
                const double width = fm.boundingRect(QRectF(), 0, label).width() + 2;
                add(fm, QRectF(centre - width / 2, layout.columnLabelTop, width, layout.columnLabelExtent),
                    Qt::AlignHCenter | Qt::AlignTop, label);
            }
        }
        add(boldFm, layout.xTitleRect, Qt::AlignCenter, layout.xTitle);
        if (!layout.yTitle.isEmpty() && stacksUpright(layout.yTitle)) {
            add(boldFm, layout.yTitleRect, Qt::AlignCenter, uprightColumn(layout.yTitle));
        } else if (!layout.yTitle.isEmpty()) {
            const QSizeF upright = boldFm.boundingRect(QRectF(0, 0, layout.yTitleRect.height(), layout.yTitleRect.width()),
                                                       Qt::AlignCenter, layout.yTitle).size();
            QRectF turned(0, 0, upright.height(), upright.width());
            turned.moveCenter(layout.yTitleRect.center());
            rects.append(turned);
        }
        const double span = m_scaleHigh - m_scaleLow;
        if (span > 0) {
            for (const Tick &tick : m_ticks) {
                const double y = layout.barRect.bottom() - (tick.value - m_scaleLow) / span * layout.barRect.height();
                add(fm, QRectF(layout.barRect.right() + layout.tickLength + 0.25 * h, y - h / 2, 6 * h, h),
                    Qt::AlignLeft | Qt::AlignVCenter, tick.label);
            }
        }
    }
    // A figure leaves the hint out (see paintHeatmap()).
    const int infoLines = m_figureMode && m_infoIsHint ? 0 : static_cast<int>(m_infoLines.size());
    for (int i = 0; i < infoLines && i < 2; ++i)
        add(fm, QRectF(layout.infoRect.left(), layout.infoRect.top() + i * h, layout.infoRect.width(), h),
            Qt::AlignLeft | Qt::AlignVCenter, m_infoLines[i]);
    return rects;
}

void HeatmapView::paintLabels(QPainter &painter, const Layout &layout) const
{
    const QRectF &matrix = layout.matrixRect;
    const double cell = layout.cellSize;
    const double h = layout.lineHeight;
    const QColor textColor = palette().color(QPalette::WindowText);
    const int selected = outlinedQuery();
    const QFontMetricsF fm(layout.font);

    // Row labels (the selected one bold), thinned to one per rowStep rows.
    for (int row = 0; row < layout.rows; row += layout.rowStep) {
        const QString &label = layout.rowLabels[row];
        if (label.isEmpty())
            continue;
        const double centre = matrix.top() + (row + 0.5) * cell;
        painter.setFont(row == selected ? layout.boldFont : layout.font);
        painter.setPen(row < m_undefinedRows.size() && m_undefinedRows[row] ? m_viewState->theme().errorText() : textColor);
        painter.drawText(QRectF(layout.rowLabelArea.left(), centre - h / 2, layout.rowLabelArea.width(), h),
                         Qt::AlignRight | Qt::AlignVCenter, label);
        if (layout.rowStep > 1) {
            painter.setPen(QPen(m_viewState->theme().zeroAxisColor(), 1));
            painter.drawLine(QLineF(matrix.left() - layout.tickLength, centre, matrix.left(), centre));
        }
    }

    // Each query's identifying colour, as on its arrow and its chart series.
    if (layout.swatchSize > 0) {
        painter.setPen(Qt::NoPen);
        painter.setRenderHint(QPainter::Antialiasing, true);
        for (int row = 0; row < layout.rows; ++row) {
            QRectF swatch(0, 0, layout.swatchSize, layout.swatchSize);
            swatch.moveCenter(QPointF(layout.swatchCentreX, matrix.top() + (row + 0.5) * cell));
            painter.setBrush(queryColor(row));
            painter.drawRoundedRect(swatch, layout.swatchSize * 0.2, layout.swatchSize * 0.2);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);
    }

    // Column labels, horizontal or reading upwards, thinned to one per columnStep columns.
    painter.setFont(layout.font);
    for (int column = 0; column < layout.columns; column += layout.columnStep) {
        const QString &label = layout.columnLabels[column];
        if (label.isEmpty())
            continue;
        const double centre = matrix.left() + (column + 0.5) * cell;
        painter.setPen(textColor);
        if (layout.verticalColumnLabels) {
            painter.save();
            painter.translate(centre, layout.columnLabelTop);
            painter.rotate(-90);
            painter.drawText(QRectF(-layout.columnLabelExtent, -h / 2, layout.columnLabelExtent, h),
                             Qt::AlignRight | Qt::AlignVCenter, label);
            painter.restore();
        } else {
            const double width = fm.boundingRect(QRectF(), 0, label).width() + 2;
            painter.drawText(QRectF(centre - width / 2, layout.columnLabelTop, width, layout.columnLabelExtent),
                             Qt::AlignHCenter | Qt::AlignTop, label);
        }
        if (layout.columnStep > 1) {
            painter.setPen(QPen(m_viewState->theme().zeroAxisColor(), 1));
            painter.drawLine(QLineF(centre, matrix.bottom(), centre, matrix.bottom() + 0.2 * h));
        }
    }

    // Axis titles.
    painter.setPen(textColor);
    painter.setFont(layout.boldFont);
    painter.drawText(layout.xTitleRect, Qt::AlignCenter, layout.xTitle);
    if (stacksUpright(layout.yTitle)) {
        painter.drawText(layout.yTitleRect, Qt::AlignCenter, uprightColumn(layout.yTitle));
    } else {
        painter.save();
        painter.translate(layout.yTitleRect.center());
        painter.rotate(-90);
        painter.drawText(QRectF(-layout.yTitleRect.height() / 2, -layout.yTitleRect.width() / 2,
                                layout.yTitleRect.height(), layout.yTitleRect.width()),
                         Qt::AlignCenter, layout.yTitle);
        painter.restore();
    }
}

void HeatmapView::paintColorBar(QPainter &painter, const Layout &layout, const QVector<Tick> &ticks) const
{
    const QRectF &bar = layout.barRect;
    painter.save();
    if (m_state != State::Values)
        painter.setOpacity(0.35);
    painter.setRenderHint(QPainter::SmoothPixmapTransform, true);
    painter.drawImage(bar, m_barImage);
    painter.setPen(QPen(m_viewState->theme().zeroAxisColor(), 1));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(bar.adjusted(-0.5, -0.5, 0.5, 0.5));

    const double h = layout.lineHeight;
    const double span = m_scaleHigh - m_scaleLow;
    painter.setFont(layout.font);
    for (const Tick &tick : ticks) {
        const double y = bar.bottom() - (tick.value - m_scaleLow) / span * bar.height();
        painter.setPen(QPen(m_viewState->theme().zeroAxisColor(), 1));
        painter.drawLine(QLineF(bar.right(), y, bar.right() + layout.tickLength, y));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRectF(bar.right() + layout.tickLength + 0.25 * h, y - h / 2, 6 * h, h),
                         Qt::AlignLeft | Qt::AlignVCenter, tick.label);
    }
    painter.restore();
}

void HeatmapView::paintInfo(QPainter &painter, const Layout &layout, const QStringList &lines) const
{
    painter.setFont(layout.font);
    painter.setPen(m_state == State::UndefinedRows ? m_viewState->theme().errorText() : palette().color(QPalette::WindowText));
    const double h = layout.lineHeight;
    for (int i = 0; i < lines.size() && i < 2; ++i) {
        painter.drawText(QRectF(layout.infoRect.left(), layout.infoRect.top() + i * h, layout.infoRect.width(), h),
                         Qt::AlignLeft | Qt::AlignVCenter, lines[i]);
    }
}

// ---------------------------------------------------------------------------------------------
// Events

void HeatmapView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    relayout();
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
        m_layoutDirty = true;
        ++m_contentGeneration;  // the hatch spacing follows the font
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
        if (const std::optional<Cell> cell = cellAt(help->pos())) {
            QToolTip::showText(help->globalPos(), hoverInfo(cell->query, cell->key, true), this,
                               cellRect(cell->query, cell->key).toAlignedRect());
            return true;
        }
        const int row = rowLabelAt(help->pos());
        if (row >= 0) {
            QToolTip::showText(help->globalPos(),
                               tr("\u201c%1\u201d: click to select this query")
                                   .arg(m_model->scenario().queryLabel(row)),
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

namespace {

constexpr int kDescribedKeys = 12;

} // namespace

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
    const Scenario &scenario = m_model->scenario();
    const AttentionResult *result = m_model->result();
    QStringList sentences;
    sentences << m_shapeDescription;
    const int rows = static_cast<int>(scenario.queryCount());
    const bool shaped = result && result->weights.rows() == rows && result->weights.cols() == scenario.keyCount();
    const auto isMasked = [&scenario](int q, int key) {
        return scenario.allowed && q < scenario.allowed->rows() && key < scenario.allowed->cols()
            && !(*scenario.allowed)(q, key);
    };
    if (rows > 0) {
        const int q = std::clamp(m_viewState->selectedQuery(), 0, rows - 1);
        if (shaped) {
            QStringList weights;
            const int shown = std::min(static_cast<int>(scenario.keyCount()), kDescribedKeys);
            for (int key = 0; key < shown; ++key) {
                weights << (isMasked(q, key) ? tr("%1 masked").arg(scenario.keyLabel(key))
                                             : tr("%1 %2").arg(scenario.keyLabel(key),
                                                               formatCompact(result->weights(q, key), 4)));
            }
            if (shown < scenario.keyCount())
                weights << tr("and %1 more keys").arg(scenario.keyCount() - shown);
            sentences << tr("Selected query %1, weights: %2.").arg(scenario.queryLabel(q), weights.join(QStringLiteral(", ")));
        } else {
            const std::optional<Error> &error = m_model->error();
            sentences << tr("No weights: %1.").arg(error ? error->message : tr("no result"));
        }
    }
    const int kq = m_keyboardCell.query;
    const int kk = m_keyboardCell.key;
    if (hasFocus() && shaped && kq >= 0 && kk >= 0 && kq < rows && kk < scenario.keyCount()) {
        sentences << tr("Keyboard cell %1 → %2: %3.")
                         .arg(scenario.queryLabel(kq), scenario.keyLabel(kk),
                              isMasked(kq, kk) ? tr("masked") : formatCompact(result->weights(kq, kk), 4));
    }
    const QString description = sentences.join(QLatin1Char(' '));
    AccessibleNumbers::setDescription(this, description);
}

void HeatmapView::paintFocusFrame(QPainter &painter) const
{
    if (!hasFocus() || !m_focusVisible || m_figureMode)
        return;
    FocusRing::paintFrame(painter, this);
}

} // namespace attnlens
