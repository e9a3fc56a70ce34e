#include "maskgridcanvas.h"

#include "accessiblenumbers.h"
#include "attentionmodel.h"
#include "maskeditor.h"
#include "numberformat.h"
#include "quotedlabel.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QEvent>
#include <QFocusEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPainterPath>
#include <QToolTip>
#include <QVariantAnimation>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

const QColor kAllowedColor(0x1d, 0x91, 0xc0);
const QColor kFlashColor(0xe0, 0x10, 0x20);

// The other colours follow the theme (theme.h); Light keeps the grid's own classic greys.
bool isLight(const Theme &theme)
{
    return theme.kind() == Theme::Kind::Light;
}
QColor blockedColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0xe4, 0xe4, 0xe4) : theme.maskedFill();
}
QColor hatchColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0xa8, 0xa8, 0xa8) : theme.hatchColor();
}
QColor crossColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0x80, 0x80, 0x80) : theme.hatchColor();
}
QColor emptyRowColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0xf6, 0xd5, 0xd5) : theme.noteBackground();
}
QColor errorColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0xc0, 0x1c, 0x28) : theme.noteBorder();
}
QColor labelColor(const Theme &theme)
{
    return isLight(theme) ? QColor(0x40, 0x40, 0x40) : theme.textColor();
}

// Above this many cells the grid is drawn from a one-pixel-per-device-pixel image instead of
// cell by cell, and per-cell hatching and crosses are left out.
constexpr int kDetailedCellLimit = 64 * 64;
constexpr int kFlashMilliseconds = 600;

// The smallest of 1, 2, 5, 10, 20, 50, ... that is at least `raw`, so thinned labels fall on
// round positions.
int niceStep(double raw)
{
    if (raw <= 1.0)
        return 1;
    int base = 1;
    while (true) {
        for (int factor : {1, 2, 5}) {
            if (base * factor >= raw)
                return base * factor;
        }
        base *= 10;
    }
}

int indexForCoordinate(const QVector<int> &edges, int coordinate)
{
    // Cell k spans [edges[k], edges[k + 1]); empty cells (equal edges) can never be hit.
    const auto it = std::upper_bound(edges.cbegin(), edges.cend(), coordinate);
    const int index = static_cast<int>(it - edges.cbegin()) - 1;
    return index >= 0 && index < edges.size() - 1 ? index : -1;
}

} // namespace

MaskGridCanvas::MaskGridCanvas(AttentionModel *model, ViewState *viewState, MaskEditor *editor,
                               QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_editor(editor)
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

QRect MaskGridCanvas::cellRect(int queryRow, int keyRow) const
{
    if (queryRow < 0 || keyRow < 0 || queryRow + 1 >= m_rowEdges.size()
        || keyRow + 1 >= m_columnEdges.size())
        return QRect();
    return QRect(QPoint(m_columnEdges[keyRow], m_rowEdges[queryRow]),
                 QPoint(m_columnEdges[keyRow + 1] - 1, m_rowEdges[queryRow + 1] - 1));
}

QRect MaskGridCanvas::realKeyRect(int keyRow) const
{
    if (keyRow < 0 || keyRow + 1 >= m_columnEdges.size())
        return QRect();
    return QRect(QPoint(m_columnEdges[keyRow], m_realKeyRow.top()),
                 QPoint(m_columnEdges[keyRow + 1] - 1, m_realKeyRow.bottom()));
}

QRect MaskGridCanvas::rowLabelRect(int queryRow) const
{
    if (queryRow < 0 || queryRow + 1 >= m_rowEdges.size())
        return QRect();
    return QRect(QPoint(m_rowLabelArea.left(), m_rowEdges[queryRow]),
                 QPoint(m_rowLabelArea.right(), m_rowEdges[queryRow + 1] - 1));
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
    m_anyEmptyRow = false;
    for (int i = 0; i < rows; ++i) {
        bool any = false;
        for (int j = 0; j < columns && !any; ++j)
            any = scenario.isAllowed(i, j);
        m_emptyRows[static_cast<size_t>(i)] = !any;
        m_anyEmptyRow = m_anyEmptyRow || !any;
    }
}

void MaskGridCanvas::updateBanner()
{
    const std::optional<Error> &error = m_model->error();
    m_bannerText = error ? tr("\u26a0 %1").arg(error->message) : QString();
}

int MaskGridCanvas::columnLabelGap() const
{
    // Neighbouring labels written across must stay visibly apart.
    return std::max(6, m_lineHeight / 2) & ~1;
}

bool MaskGridCanvas::columnLabelsFit(ColumnLabelMode mode, double cellWidth) const
{
    const Scenario &scenario = m_model->scenario();
    const int room = static_cast<int>(std::floor(cellWidth)) - columnLabelGap();
    if (room <= 0)
        return false;
    const QFontMetrics metrics(font());
    for (int j = 0; j < keyCount(); ++j) {
        const QString label = scenario.keyLabel(j);
        if (mode == ColumnLabelMode::OneLine) {
            if (metrics.horizontalAdvance(label) + 1 > room)
                return false;
        } else {
            const QRect bounds = metrics.boundingRect(QRect(0, 0, room, 100 * m_lineHeight),
                                                      Qt::AlignHCenter | Qt::TextWordWrap, label);
            if (bounds.width() > room || bounds.height() > 2 * metrics.lineSpacing())
                return false;
        }
    }
    return true;
}

void MaskGridCanvas::relayout()
{
    const QFontMetrics metrics(font());
    m_boldFont = font();
    m_boldFont.setBold(true);
    const QFontMetrics boldMetrics(m_boldFont);
    m_lineHeight = metrics.height();
    m_margin = std::max(4, m_lineHeight / 2);
    updateBanner();

    const Scenario &scenario = m_model->scenario();
    const int rows = queryCount();
    const int columns = keyCount();
    m_rowEdges.clear();
    m_columnEdges.clear();
    m_rowLabels.clear();
    m_columnLabels.clear();

    const int availableWidth = width() - 2 * m_margin;
    m_bannerRect = QRect();
    int bannerHeight = 0;
    if (!m_bannerText.isEmpty()) {
        const QRect bounds = metrics.boundingRect(
            QRect(0, 0, std::max(1, availableWidth - m_lineHeight), 100 * m_lineHeight),
            Qt::TextWordWrap, m_bannerText);
        bannerHeight = std::min(bounds.height(), 3 * metrics.lineSpacing()) + m_lineHeight / 2;
    }

    if (rows == 0 || columns == 0) {
        m_gridRect = QRect();
        m_rowLabelArea = m_columnLabelArea = m_realKeyRow = m_realKeyLabelRect = QRect();
        if (bannerHeight > 0)
            m_bannerRect = QRect(m_margin, m_margin, availableWidth, bannerHeight);
        rebuildCoarseImage();
        return;
    }

    // Row labels: as wide as the widest (bold, for the selected row), at most a third of the view.
    m_swatchWidth = std::max(4, m_lineHeight / 3);
    const int labelGap = std::max(3, m_lineHeight / 3);
    const QString realKeyText = tr("real key");
    int widestRowLabel = metrics.horizontalAdvance(realKeyText);
    for (int i = 0; i < rows; ++i)
        widestRowLabel = std::max(widestRowLabel, boldMetrics.horizontalAdvance(scenario.queryLabel(i)));
    widestRowLabel += 2;  // integer advances round down what elidedText() measures exactly
    const int rowLabelWidth =
        std::min(widestRowLabel + m_swatchWidth + 2 * labelGap, std::max(availableWidth / 3, 3 * m_lineHeight));
    int widestColumnLabel = 0;
    for (int j = 0; j < columns; ++j)
        widestColumnLabel = std::max(widestColumnLabel, metrics.horizontalAdvance(scenario.keyLabel(j)) + 2);

    const int stripGap = std::max(3, m_lineHeight / 3);
    const int stripHeight = m_lineHeight + m_lineHeight / 3;
    const int fixedHeight = 2 * m_margin + stripGap + stripHeight
        + (bannerHeight > 0 ? bannerHeight + stripGap : 0);
    const double gridWidthRoom = std::max(0, availableWidth - rowLabelWidth);
    // Cells grow with the view, but a 3x3 mask on a large screen stays a figure, not a wall.
    const double maxCell = std::max(4.5 * m_lineHeight, std::min(width(), height()) / 5.0);

    double cellWidth = 0.0;
    double cellHeight = 0.0;
    int columnLabelHeight = 0;
    for (ColumnLabelMode mode :
         {ColumnLabelMode::OneLine, ColumnLabelMode::TwoLines, ColumnLabelMode::Rotated}) {
        m_columnLabelMode = mode;
        switch (mode) {
        case ColumnLabelMode::OneLine:
            columnLabelHeight = m_lineHeight + 2;
            break;
        case ColumnLabelMode::TwoLines:
            columnLabelHeight = 2 * metrics.lineSpacing() + 2;
            break;
        case ColumnLabelMode::Rotated: {
            // Upright names take the height they need as long as every row keeps a cell of a
            // line and a quarter: a short grid gives its spare height to the names rather than
            // cut them to "mem…".
            const int rowsNeed = rows * (m_lineHeight * 5 / 4);
            const int spare = height() - fixedHeight - rowsNeed;
            columnLabelHeight = std::min(widestColumnLabel + m_lineHeight / 2,
                                         std::max({3 * m_lineHeight, height() * 3 / 10, spare}));
            break;
        }
        }
        const double gridHeightRoom = std::max(0, height() - fixedHeight - columnLabelHeight);
        cellWidth = std::min(gridWidthRoom / columns, maxCell);
        cellHeight = std::min(gridHeightRoom / rows, maxCell);
        // Cells may be wider than tall (room for labels), but not absurdly so.
        cellWidth = std::min(cellWidth, 2.5 * cellHeight);
        cellHeight = std::min(cellHeight, 2.5 * cellWidth);
        if (mode == ColumnLabelMode::Rotated || columnLabelsFit(mode, cellWidth))
            break;
    }
    m_rotatedColumnLabels = m_columnLabelMode == ColumnLabelMode::Rotated;

    const int gridWidth = static_cast<int>(std::lround(cellWidth * columns));
    const int blockWidth = rowLabelWidth + gridWidth;
    const int spare = std::max(0, availableWidth - blockWidth);
    int left = m_margin;
    if (m_alignment & Qt::AlignHCenter)
        left += spare / 2;
    else if (m_alignment & Qt::AlignRight)
        left += spare > availableWidth / 4 ? spare / 2 : spare;
    const int gridLeft = left + rowLabelWidth;
    const int gridTop = m_margin + columnLabelHeight;

    m_columnEdges.resize(columns + 1);
    for (int j = 0; j <= columns; ++j)
        m_columnEdges[j] = gridLeft + static_cast<int>(std::lround(j * cellWidth));
    m_rowEdges.resize(rows + 1);
    for (int i = 0; i <= rows; ++i)
        m_rowEdges[i] = gridTop + static_cast<int>(std::lround(i * cellHeight));

    m_gridRect = QRect(gridLeft, gridTop, m_columnEdges[columns] - gridLeft,
                       m_rowEdges[rows] - gridTop);
    m_rowLabelArea = QRect(left, gridTop, rowLabelWidth, m_gridRect.height());
    m_columnLabelArea = QRect(gridLeft, m_margin, m_gridRect.width(), columnLabelHeight - 2);
    m_realKeyRow = QRect(gridLeft, m_gridRect.bottom() + 1 + stripGap, m_gridRect.width(),
                         stripHeight);
    m_realKeyLabelRect = QRect(left, m_realKeyRow.top(), rowLabelWidth - m_swatchWidth - 2 * labelGap,
                               stripHeight);
    if (bannerHeight > 0)
        m_bannerRect = QRect(m_margin, m_realKeyRow.bottom() + 1 + stripGap, availableWidth,
                             bannerHeight);

    const double smallerSide = std::min(cellWidth, cellHeight);
    m_detailed = rows * columns <= kDetailedCellLimit && smallerSide >= 4.0;
    m_drawGaps = smallerSide >= 8.0;
    m_drawCrosses = smallerSide >= 14.0;

    m_rowLabelStep = cellHeight > 0 ? niceStep(m_lineHeight * 1.05 / cellHeight) : rows;
    m_columnLabelStep = 1;
    if (m_rotatedColumnLabels)
        m_columnLabelStep = cellWidth > 0 ? niceStep(m_lineHeight * 1.1 / cellWidth) : columns;

    const int rowTextWidth = rowLabelWidth - m_swatchWidth - 2 * labelGap;
    m_realKeyLabel = metrics.elidedText(realKeyText, Qt::ElideRight, m_realKeyLabelRect.width());
    m_undefinedTextWidth = boldMetrics.horizontalAdvance(tr("undefined: no allowed key")) + 2;
    for (int i = 0; i < rows; ++i)
        m_rowLabels << boldMetrics.elidedText(scenario.queryLabel(i), Qt::ElideRight, rowTextWidth);
    for (int j = 0; j < columns; ++j) {
        const QString label = scenario.keyLabel(j);
        switch (m_columnLabelMode) {
        case ColumnLabelMode::OneLine:
        case ColumnLabelMode::TwoLines:
            m_columnLabels << label;
            break;
        case ColumnLabelMode::Rotated: {
            // Upright in full; else upright on two lines broken at a space, where the column is
            // wide enough for two; only then shortened (hovering names the key in full).
            const int room = columnLabelHeight - m_lineHeight / 2;
            if (metrics.horizontalAdvance(label) + 1 <= room) {
                m_columnLabels << label;
                break;
            }
            QString split;
            if (cellWidth >= 2.2 * metrics.lineSpacing() && m_columnLabelStep == 1) {
                int best = room + 1;
                for (qsizetype at = label.indexOf(QLatin1Char(' ')); at > 0; at = label.indexOf(QLatin1Char(' '), at + 1)) {
                    const int longer = std::max(metrics.horizontalAdvance(label.left(at)),
                                                metrics.horizontalAdvance(label.mid(at + 1))) + 1;
                    if (longer <= room && longer < best) {
                        best = longer;
                        split = label.left(at) + QLatin1Char('\n') + label.mid(at + 1);
                    }
                }
            }
            m_columnLabels << (split.isEmpty() ? metrics.elidedText(label, Qt::ElideRight, room) : split);
            break;
        }
        }
    }
    rebuildCoarseImage();
}

QVector<DrawnLabel> MaskGridCanvas::drawnLabels() const
{
    QVector<DrawnLabel> labels;
    const Scenario &scenario = m_model->scenario();
    const QFontMetricsF metrics(font());
    const int columns = std::min<int>(keyCount(), m_columnLabels.size());
    for (int j = 0; j < columns; j += m_columnLabelStep) {
        const int x0 = m_columnEdges[j];
        const int x1 = m_columnEdges[j + 1];
        const QString &text = m_columnLabels.at(j);
        QRectF rect;
        if (m_rotatedColumnLabels) {
            double length = 0.0;
            for (const QString &line : text.split(QLatin1Char('\n')))
                length = std::max(length, metrics.horizontalAdvance(line));
            const double across = text.contains(QLatin1Char('\n')) ? 2.0 * metrics.lineSpacing() : m_lineHeight;
            rect = QRectF((x0 + x1) / 2.0 - across / 2.0, m_columnLabelArea.bottom() - 2 - length, across, length);
        } else {
            const int inset = columnLabelGap() / 2;
            const QRect box(x0 + inset, m_columnLabelArea.top(), x1 - x0 - 2 * inset, m_columnLabelArea.height());
            rect = metrics.boundingRect(QRectF(box), Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap, text);
        }
        const QString full = scenario.keyLabel(j);
        const bool whole = QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')) == full;
        labels.append(DrawnLabel{rect, text, whole ? QString() : cellToolTip(Hit{Hit::Kind::ColumnLabel, -1, j})});
    }
    const QFontMetricsF bold(m_boldFont);
    const int rows = std::min<int>(queryCount(), m_rowLabels.size());
    for (int i = 0; i < rows; i += m_rowLabelStep) {
        const QString &text = m_rowLabels.at(i);
        const int centre = (m_rowEdges[i] + m_rowEdges[i + 1]) / 2;
        const double width = bold.horizontalAdvance(text);
        const QRectF rect(m_gridRect.left() - m_swatchWidth - std::max(3, m_lineHeight / 3) - width,
                          centre - m_lineHeight / 2.0, width, m_lineHeight);
        const QString full = scenario.queryLabel(i);
        labels.append(DrawnLabel{rect, text, text == full ? QString() : cellToolTip(Hit{Hit::Kind::RowLabel, i, -1})});
    }
    return labels;
}

void MaskGridCanvas::rebuildCoarseImage()
{
    if (m_detailed || m_gridRect.isEmpty()) {
        m_coarseImage = QImage();
        return;
    }
    const Scenario &scenario = m_model->scenario();
    const qreal ratio = devicePixelRatioF();
    const int deviceWidth = static_cast<int>(std::ceil(m_gridRect.width() * ratio));
    const int deviceHeight = static_cast<int>(std::ceil(m_gridRect.height() * ratio));
    if (m_coarseImage.size() != QSize(deviceWidth, deviceHeight))
        m_coarseImage = QImage(deviceWidth, deviceHeight, QImage::Format_RGB32);
    m_coarseImage.setDevicePixelRatio(ratio);

    // Each device pixel takes the colour of the cell whose painted edges contain it, so the
    // picture agrees with hitTest() to the pixel.
    QVector<int> columnOfPixel(deviceWidth);
    for (int x = 0; x < deviceWidth; ++x) {
        const int logical = m_gridRect.left() + static_cast<int>(std::floor((x + 0.5) / ratio));
        columnOfPixel[x] = indexForCoordinate(m_columnEdges, logical);
    }
    const QRgb allowed = kAllowedColor.rgb();
    const QRgb blocked = blockedColor(m_viewState->theme()).rgb();
    const QRgb emptyRow = emptyRowColor(m_viewState->theme()).rgb();
    const QRgb background = palette().color(QPalette::Window).rgb();
    for (int y = 0; y < deviceHeight; ++y) {
        const int logical = m_gridRect.top() + static_cast<int>(std::floor((y + 0.5) / ratio));
        const int row = indexForCoordinate(m_rowEdges, logical);
        auto *line = reinterpret_cast<QRgb *>(m_coarseImage.scanLine(y));
        for (int x = 0; x < deviceWidth; ++x) {
            const int column = columnOfPixel[x];
            if (row < 0 || column < 0)
                line[x] = background;
            else if (m_emptyRows[static_cast<size_t>(row)])
                line[x] = emptyRow;
            else
                line[x] = scenario.isAllowed(row, column) ? allowed : blocked;
        }
    }
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
    Hit hit;
    if (m_columnEdges.isEmpty() || m_rowEdges.isEmpty())
        return hit;
    if (m_gridRect.contains(pos)) {
        const int row = indexForCoordinate(m_rowEdges, pos.y());
        const int column = indexForCoordinate(m_columnEdges, pos.x());
        if (row >= 0 && column >= 0)
            return Hit{Hit::Kind::Cell, row, column};
        return hit;
    }
    if (m_realKeyRow.contains(pos)) {
        const int column = indexForCoordinate(m_columnEdges, pos.x());
        if (column >= 0)
            return Hit{Hit::Kind::RealKey, queryCount(), column};
        return hit;
    }
    if (m_rowLabelArea.contains(pos)) {
        const int row = indexForCoordinate(m_rowEdges, pos.y());
        if (row >= 0)
            return Hit{Hit::Kind::RowLabel, row, -1};
    }
    if (m_columnLabelArea.contains(pos)) {
        const int column = indexForCoordinate(m_columnEdges, pos.x());
        if (column >= 0)
            return Hit{Hit::Kind::ColumnLabel, -1, column};
    }
    return hit;
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
        m_model->beginEdit((wasAllowed ? tr("Block %1 \u2192 %2") : tr("Allow %1 \u2192 %2"))
                               .arg(quoted(scenario.queryLabel(hit.queryRow)), quoted(scenario.keyLabel(hit.keyRow))));
        if (m_editor->toggleCell(hit.queryRow, hit.keyRow)) {
            // Dragging on paints the same state into the cells passed over.
            m_dragging = true;
            m_dragValue = !wasAllowed;
            m_lastDragRow = hit.queryRow;
            m_lastDragColumn = hit.keyRow;
            m_strokeCells = 1;
        } else {
            m_model->endEdit();
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
        if (m_editor->setCell(hit.queryRow, hit.keyRow, m_dragValue) && changes)
            m_model->setEditText(tr("Paint mask (%1 cells)").arg(++m_strokeCells));
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
    m_model->endEdit();
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

void MaskGridCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().color(QPalette::Window));
    if (m_gridRect.isEmpty() && m_columnEdges.isEmpty()) {
        painter.setPen(labelColor(m_viewState->theme()));
        const QRect textRect = rect().adjusted(m_margin, m_margin, -m_margin, -m_margin);
        painter.drawText(textRect, Qt::AlignCenter | Qt::TextWordWrap,
                         tr("No mask: the scenario has no queries or no keys."));
        paintBanner(painter);
        return;
    }
    paintColumnLabels(painter);
    paintRowLabels(painter);
    if (m_detailed)
        paintCellsDetailed(painter);
    else if (!m_coarseImage.isNull())
        painter.drawImage(m_gridRect.topLeft(), m_coarseImage);
    paintEmptyRowMarks(painter);
    paintRealKeyRow(painter);
    paintOutlines(painter);
    paintBanner(painter);
}

void MaskGridCanvas::paintColumnLabels(QPainter &painter) const
{
    painter.setFont(font());
    const int columns = keyCount();
    const int hovered = m_viewState->hoveredKey();
    for (int j = 0; j < columns; ++j) {
        if (j % m_columnLabelStep != 0 && j != hovered)
            continue;
        if (m_columnLabelStep > 1 && j == hovered) {
            // A hovered column between two written labels is named only if it has room.
            const int previous = j - j % m_columnLabelStep;
            const int next = previous + m_columnLabelStep;
            const double spacing = m_columnEdges.size() > 1
                ? double(m_gridRect.width()) / columns : 0.0;
            if ((j - previous) * spacing < m_lineHeight * 1.1
                || (next < columns && (next - j) * spacing < m_lineHeight * 1.1))
                continue;
        }
        const int x0 = m_columnEdges[j];
        const int x1 = m_columnEdges[j + 1];
        painter.setPen(j == hovered ? m_viewState->theme().textColor() : keyColor());
        painter.setFont(j == hovered ? m_boldFont : font());
        if (!m_rotatedColumnLabels) {
            // Inset by half the gap on each side, as measured in columnLabelsFit().
            const int inset = columnLabelGap() / 2;
            const QRect box(x0 + inset, m_columnLabelArea.top(), x1 - x0 - 2 * inset,
                            m_columnLabelArea.height());
            painter.drawText(box, Qt::AlignHCenter | Qt::AlignBottom | Qt::TextWordWrap,
                             m_columnLabels[j]);
        } else {
            painter.save();
            painter.translate((x0 + x1) / 2.0, m_columnLabelArea.bottom() - 2);
            painter.rotate(-90);
            const int lines = m_columnLabels[j].contains(QLatin1Char('\n')) ? 2 : 1;
            const double boxHeight = lines == 1 ? m_lineHeight : 2.0 * fontMetrics().lineSpacing();
            const QRectF box(0, -boxHeight / 2.0, m_columnLabelArea.height(), boxHeight);
            painter.drawText(box, Qt::AlignLeft | Qt::AlignVCenter, m_columnLabels[j]);
            painter.restore();
        }
    }
    painter.setFont(font());
}

void MaskGridCanvas::paintRowLabels(QPainter &painter) const
{
    const int rows = queryCount();
    const int selected = m_viewState->selectedQuery();
    const int hovered = m_viewState->hoveredQuery();
    const int labelGap = std::max(3, m_lineHeight / 3);
    const int swatchLeft = m_gridRect.left() - labelGap / 2 - m_swatchWidth;
    const int textRight = swatchLeft - labelGap / 2;
    const bool everyRow = m_rowLabelStep == 1;

    for (int i = 0; i < rows; ++i) {
        const int y0 = m_rowEdges[i];
        const int y1 = m_rowEdges[i + 1];
        if (y1 <= y0)
            continue;
        if (everyRow) {
            const int h = std::min(y1 - y0 - 2, m_lineHeight);
            painter.fillRect(QRect(swatchLeft, (y0 + y1 - h) / 2, m_swatchWidth, h), queryColor(i));
        }
        if (i == selected && everyRow) {
            QColor tint = queryColor(i);
            tint.setAlpha(32);
            painter.fillRect(QRect(QPoint(m_rowLabelArea.left(), y0), QPoint(textRight, y1 - 1)), tint);
        }
    }

    for (int i = 0; i < rows; ++i) {
        const bool labelled = i % m_rowLabelStep == 0 || (everyRow && i == hovered);
        if (!labelled)
            continue;
        const int centre = (m_rowEdges[i] + m_rowEdges[i + 1]) / 2;
        const QRect box(QPoint(m_rowLabelArea.left(), centre - m_lineHeight / 2),
                        QPoint(textRight, centre + m_lineHeight / 2));
        const bool emphasise = i == selected || i == hovered;
        painter.setFont(emphasise ? m_boldFont : font());
        painter.setPen(m_emptyRows[static_cast<size_t>(i)] ? errorColor(m_viewState->theme()) : labelColor(m_viewState->theme()));
        painter.drawText(box, Qt::AlignRight | Qt::AlignVCenter, m_rowLabels[i]);
        if (!everyRow) {
            painter.setPen(QPen(queryColor(i), 2));
            painter.drawLine(QPoint(swatchLeft, centre), QPoint(m_gridRect.left() - 2, centre));
        }
    }
    painter.setFont(font());

    // The selected query also gets a pointer when its label is thinned away.
    if (!everyRow && selected >= 0 && selected < rows) {
        const double centre = (m_rowEdges[selected] + m_rowEdges[selected + 1]) / 2.0;
        const double size = m_lineHeight / 2.5;
        QPainterPath arrow;
        arrow.moveTo(m_gridRect.left() - 2, centre);
        arrow.lineTo(m_gridRect.left() - 2 - size, centre - size);
        arrow.lineTo(m_gridRect.left() - 2 - size, centre + size);
        arrow.closeSubpath();
        painter.setRenderHint(QPainter::Antialiasing, true);
        painter.fillPath(arrow, queryColor(selected));
        painter.setRenderHint(QPainter::Antialiasing, false);
    }
}

void MaskGridCanvas::paintCellsDetailed(QPainter &painter) const
{
    const Scenario &scenario = m_model->scenario();
    const int rows = queryCount();
    const int columns = keyCount();
    const int gap = m_drawGaps ? 1 : 0;
    const QBrush hatch(hatchColor(m_viewState->theme()), Qt::BDiagPattern);
    const double crossWidth = std::clamp(std::min(m_rowEdges[1] - m_rowEdges[0],
                                                  m_columnEdges[1] - m_columnEdges[0]) / 18.0,
                                         1.5, 3.0);
    const QPen crossPen(crossColor(m_viewState->theme()), crossWidth, Qt::SolidLine, Qt::RoundCap);

    for (int i = 0; i < rows; ++i) {
        const bool emptyRow = m_emptyRows[static_cast<size_t>(i)];
        for (int j = 0; j < columns; ++j) {
            const QRect cell = cellRect(i, j).adjusted(0, 0, -gap, -gap);
            if (cell.isEmpty())
                continue;
            if (scenario.isAllowed(i, j)) {
                painter.fillRect(cell, kAllowedColor);
                continue;
            }
            painter.fillRect(cell, emptyRow ? emptyRowColor(m_viewState->theme()) : blockedColor(m_viewState->theme()));
            painter.fillRect(cell, hatch);
            if (m_drawCrosses) {
                // Two thirds of the cell, but never larger than a glyph or two.
                const int side = std::min(std::min(cell.width(), cell.height()) * 2 / 3,
                                          m_lineHeight * 3 / 2);
                QRect box(0, 0, side, side);
                box.moveCenter(cell.center());
                painter.setRenderHint(QPainter::Antialiasing, true);
                painter.setPen(crossPen);
                painter.drawLine(box.topLeft(), box.bottomRight());
                painter.drawLine(box.topRight(), box.bottomLeft());
                painter.setRenderHint(QPainter::Antialiasing, false);
            }
        }
    }
}

void MaskGridCanvas::paintEmptyRowMarks(QPainter &painter) const
{
    if (!m_anyEmptyRow)
        return;
    const QString text = tr("undefined: no allowed key");
    painter.setFont(m_boldFont);
    for (int i = 0; i < queryCount(); ++i) {
        if (!m_emptyRows[static_cast<size_t>(i)])
            continue;
        const QRect row(QPoint(m_gridRect.left(), m_rowEdges[i]),
                        QPoint(m_gridRect.right(), m_rowEdges[i + 1] - 1));
        painter.setPen(QPen(errorColor(m_viewState->theme()), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(row.adjusted(1, 1, -1, -1));
        if (row.height() < m_lineHeight)
            continue;
        const int textWidth = m_undefinedTextWidth + m_lineHeight / 2;
        QRect badge(0, 0, textWidth, m_lineHeight);
        if (row.width() >= textWidth) {
            badge.moveCenter(row.center());
            painter.fillRect(badge, m_viewState->theme().labelBacking());
        } else if (width() - m_margin - row.right() >= textWidth + m_lineHeight / 2) {
            // Too narrow to write inside: written beside the row instead.
            badge.moveCenter(QPoint(row.right() + m_lineHeight / 2 + textWidth / 2, row.center().y()));
        } else {
            continue;  // the banner below names the row
        }
        painter.setPen(errorColor(m_viewState->theme()));
        painter.drawText(badge, Qt::AlignCenter, text);
    }
    painter.setFont(font());
}

void MaskGridCanvas::paintRealKeyRow(QPainter &painter) const
{
    if (m_realKeyRow.isEmpty())
        return;
    painter.setPen(labelColor(m_viewState->theme()));
    painter.drawText(m_realKeyLabelRect, Qt::AlignRight | Qt::AlignVCenter, m_realKeyLabel);
    const int columns = keyCount();
    for (int j = 0; j < columns; ++j) {
        const QRect cell = realKeyRect(j);
        if (cell.width() <= 0)
            continue;
        const bool real = m_editor->isRealKey(j);
        const int side = std::min(std::min(cell.width(), cell.height()) - 4, m_lineHeight);
        if (side < 8) {
            const int gap = cell.width() >= 4 ? 1 : 0;
            painter.fillRect(cell.adjusted(0, 0, -gap, 0), real ? kAllowedColor : blockedColor(m_viewState->theme()));
            continue;
        }
        QRect box(0, 0, side, side);
        box.moveCenter(cell.center());
        painter.setRenderHint(QPainter::Antialiasing, true);
        if (real) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(kAllowedColor);
            painter.drawRoundedRect(box, 2, 2);
            QPainterPath check;
            check.moveTo(box.left() + side * 0.22, box.top() + side * 0.52);
            check.lineTo(box.left() + side * 0.42, box.top() + side * 0.72);
            check.lineTo(box.left() + side * 0.78, box.top() + side * 0.30);
            painter.setPen(QPen(Qt::white, std::max(1.5, side / 8.0), Qt::SolidLine, Qt::RoundCap,
                                Qt::RoundJoin));
            painter.setBrush(Qt::NoBrush);
            painter.drawPath(check);
        } else {
            painter.setPen(QPen(crossColor(m_viewState->theme()), 1.2));
            painter.setBrush(Qt::white);
            painter.drawRoundedRect(QRectF(box).adjusted(0.5, 0.5, -0.5, -0.5), 2, 2);
        }
        painter.setRenderHint(QPainter::Antialiasing, false);
    }
    painter.setBrush(Qt::NoBrush);
}

void MaskGridCanvas::paintOutlines(QPainter &painter) const
{
    const auto visible = [](QRect r) {
        // Tiny cells still get an outline the eye can find.
        const int minimum = 7;
        if (r.width() < minimum || r.height() < minimum) {
            const QPoint centre = r.center();
            r.setSize(QSize(std::max(r.width(), minimum), std::max(r.height(), minimum)));
            r.moveCenter(centre);
        }
        return r;
    };
    painter.setBrush(Qt::NoBrush);

    const int hoveredRow = m_viewState->hoveredQuery();
    const int hoveredColumn = m_viewState->hoveredKey();
    const QRect hovered = cellRect(hoveredRow, hoveredColumn);
    if (!hovered.isEmpty()) {
        painter.setPen(QPen(m_viewState->theme().isDark() ? m_viewState->theme().highlightColor()
                                                          : QColor(0x22, 0x22, 0x22),
                            2));
        painter.drawRect(visible(hovered).adjusted(1, 1, -1, -1));
    }

    if (hasFocus() && m_showFocusCell) {
        const QRect focus = m_focusRow == queryCount() ? realKeyRect(m_focusColumn)
                                                       : cellRect(m_focusRow, m_focusColumn);
        if (!focus.isEmpty()) {
            const QRect r = visible(focus);
            painter.setPen(QPen(Qt::white, 1));
            painter.drawRect(r.adjusted(2, 2, -3, -3));
            painter.setPen(QPen(palette().color(QPalette::Highlight).darker(130), 2, Qt::DashLine));
            painter.drawRect(r.adjusted(1, 1, -1, -1));
        }
    }

    if (m_flashRow >= 0 && m_flashStrength > 0.0) {
        QRect target;
        if (m_flashColumn >= 0) {
            target = cellRect(m_flashRow, m_flashColumn);
        } else {
            target = QRect(QPoint(m_gridRect.left(), m_rowEdges.value(m_flashRow)),
                           QPoint(m_gridRect.right(), m_rowEdges.value(m_flashRow + 1) - 1));
        }
        if (!target.isEmpty()) {
            QColor color = kFlashColor;
            color.setAlphaF(m_flashStrength);
            painter.setPen(QPen(color, 3));
            painter.drawRect(visible(target).adjusted(1, 1, -2, -2));
        }
    }
}

void MaskGridCanvas::paintBanner(QPainter &painter) const
{
    if (m_bannerRect.isEmpty() || m_bannerText.isEmpty())
        return;
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setPen(QPen(errorColor(m_viewState->theme()), 1));
    painter.setBrush(m_viewState->theme().noteBackground());
    painter.drawRoundedRect(QRectF(m_bannerRect).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    painter.setRenderHint(QPainter::Antialiasing, false);
    painter.setBrush(Qt::NoBrush);
    painter.setPen(m_viewState->theme().noteText());
    const int pad = m_lineHeight / 4;
    painter.drawText(m_bannerRect.adjusted(m_lineHeight / 2, pad, -m_lineHeight / 2, -pad),
                     Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap, m_bannerText);
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
