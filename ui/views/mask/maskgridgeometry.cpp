#include "maskgridgeometry.h"

#include <QFontMetrics>
#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

// Above this many cells the grid is drawn from a one-pixel-per-device-pixel image instead of
// cell by cell, and per-cell hatching and crosses are left out.
constexpr int kDetailedCellLimit = 64 * 64;

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

MaskGridGeometry::MaskGridGeometry(const Input &input)
    : m_size(input.size)
    , m_font(input.font)
    , m_queryLabels(input.queryLabels)
    , m_keyLabels(input.keyLabels)
    , m_bannerText(input.bannerText)
    , m_undefinedText(input.undefinedText)
{
    const QFontMetrics metrics(m_font);
    m_boldFont = m_font;
    m_boldFont.setBold(true);
    const QFontMetrics boldMetrics(m_boldFont);
    m_lineHeight = metrics.height();
    m_lineSpacing = metrics.lineSpacing();
    m_margin = std::max(4, m_lineHeight / 2);

    const int width = m_size.width();
    const int height = m_size.height();
    const int rows = queryCount();
    const int columns = keyCount();

    const int availableWidth = width - 2 * m_margin;
    int bannerHeight = 0;
    if (!m_bannerText.isEmpty()) {
        const QRect bounds = metrics.boundingRect(
            QRect(0, 0, std::max(1, availableWidth - m_lineHeight), 100 * m_lineHeight),
            Qt::TextWordWrap, m_bannerText);
        bannerHeight = std::min(bounds.height(), 3 * metrics.lineSpacing()) + m_lineHeight / 2;
    }

    if (rows == 0 || columns == 0) {
        if (bannerHeight > 0)
            m_bannerRect = QRect(m_margin, m_margin, availableWidth, bannerHeight);
        return;
    }

    // Row labels: as wide as the widest (bold, for the selected row), at most a third of the view.
    m_swatchWidth = std::max(4, m_lineHeight / 3);
    const int gap = labelGap();
    int widestRowLabel = metrics.horizontalAdvance(input.realKeyText);
    for (const QString &label : m_queryLabels)
        widestRowLabel = std::max(widestRowLabel, boldMetrics.horizontalAdvance(label));
    widestRowLabel += 2;  // integer advances round down what elidedText() measures exactly
    const int rowLabelWidth =
        std::min(widestRowLabel + m_swatchWidth + 2 * gap, std::max(availableWidth / 3, 3 * m_lineHeight));
    int widestColumnLabel = 0;
    for (const QString &label : m_keyLabels)
        widestColumnLabel = std::max(widestColumnLabel, metrics.horizontalAdvance(label) + 2);

    const int stripGap = std::max(3, m_lineHeight / 3);
    const int stripHeight = m_lineHeight + m_lineHeight / 3;
    const int fixedHeight = 2 * m_margin + stripGap + stripHeight
        + (bannerHeight > 0 ? bannerHeight + stripGap : 0);
    const double gridWidthRoom = std::max(0, availableWidth - rowLabelWidth);
    // Cells grow with the view, but a 3x3 mask on a large screen stays a figure, not a wall.
    const double maxCell = std::max(4.5 * m_lineHeight, std::min(width, height) / 5.0);

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
            const int spare = height - fixedHeight - rowsNeed;
            columnLabelHeight = std::min(widestColumnLabel + m_lineHeight / 2,
                                         std::max({3 * m_lineHeight, height * 3 / 10, spare}));
            break;
        }
        }
        const double gridHeightRoom = std::max(0, height - fixedHeight - columnLabelHeight);
        cellWidth = std::min(gridWidthRoom / columns, maxCell);
        cellHeight = std::min(gridHeightRoom / rows, maxCell);
        // Cells may be wider than tall (room for labels), but not absurdly so.
        cellWidth = std::min(cellWidth, 2.5 * cellHeight);
        cellHeight = std::min(cellHeight, 2.5 * cellWidth);
        if (mode == ColumnLabelMode::Rotated || columnLabelsFit(mode, cellWidth))
            break;
    }

    const int gridWidth = static_cast<int>(std::lround(cellWidth * columns));
    const int blockWidth = rowLabelWidth + gridWidth;
    const int spare = std::max(0, availableWidth - blockWidth);
    int left = m_margin;
    if (input.alignment & Qt::AlignHCenter)
        left += spare / 2;
    else if (input.alignment & Qt::AlignRight)
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
    m_realKeyStrip = QRect(gridLeft, m_gridRect.bottom() + 1 + stripGap, m_gridRect.width(),
                           stripHeight);
    m_realKeyLabelRect = QRect(left, m_realKeyStrip.top(), rowLabelWidth - m_swatchWidth - 2 * gap,
                               stripHeight);
    if (bannerHeight > 0)
        m_bannerRect = QRect(m_margin, m_realKeyStrip.bottom() + 1 + stripGap, availableWidth,
                             bannerHeight);

    const double smallerSide = std::min(cellWidth, cellHeight);
    m_detailed = rows * columns <= kDetailedCellLimit && smallerSide >= 4.0;
    m_drawGaps = smallerSide >= 8.0;
    m_drawCrosses = smallerSide >= 14.0;

    m_rowLabelStep = cellHeight > 0 ? niceStep(m_lineHeight * 1.05 / cellHeight) : rows;
    m_columnLabelStep = 1;
    if (columnLabelsRotated())
        m_columnLabelStep = cellWidth > 0 ? niceStep(m_lineHeight * 1.1 / cellWidth) : columns;

    const int rowTextWidth = rowLabelWidth - m_swatchWidth - 2 * gap;
    m_realKeyLabel = metrics.elidedText(input.realKeyText, Qt::ElideRight, m_realKeyLabelRect.width());
    m_undefinedTextWidth = boldMetrics.horizontalAdvance(m_undefinedText) + 2;
    for (const QString &label : m_queryLabels)
        m_rowLabels << boldMetrics.elidedText(label, Qt::ElideRight, rowTextWidth);
    for (const QString &label : m_keyLabels) {
        if (!columnLabelsRotated()) {
            m_columnLabels << label;
            continue;
        }
        // Upright in full; else upright on two lines broken at a space, where the column is wide
        // enough for two; only then shortened (hovering names the key in full).
        const int room = columnLabelHeight - m_lineHeight / 2;
        if (metrics.horizontalAdvance(label) + 1 <= room) {
            m_columnLabels << label;
            continue;
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
    }
}

int MaskGridGeometry::labelGap() const
{
    return std::max(3, m_lineHeight / 3);
}

int MaskGridGeometry::columnLabelGap() const
{
    // Neighbouring labels written across must stay visibly apart.
    return std::max(6, m_lineHeight / 2) & ~1;
}

bool MaskGridGeometry::columnLabelsFit(ColumnLabelMode mode, double cellWidth) const
{
    const int room = static_cast<int>(std::floor(cellWidth)) - columnLabelGap();
    if (room <= 0)
        return false;
    const QFontMetrics metrics(m_font);
    for (const QString &label : m_keyLabels) {
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

QRect MaskGridGeometry::cellRect(int queryRow, int keyRow) const
{
    if (queryRow < 0 || keyRow < 0 || queryRow + 1 >= m_rowEdges.size()
        || keyRow + 1 >= m_columnEdges.size())
        return QRect();
    return QRect(QPoint(m_columnEdges[keyRow], m_rowEdges[queryRow]),
                 QPoint(m_columnEdges[keyRow + 1] - 1, m_rowEdges[queryRow + 1] - 1));
}

QRect MaskGridGeometry::rowRect(int queryRow) const
{
    if (queryRow < 0 || queryRow + 1 >= m_rowEdges.size())
        return QRect();
    return QRect(QPoint(m_gridRect.left(), m_rowEdges[queryRow]),
                 QPoint(m_gridRect.right(), m_rowEdges[queryRow + 1] - 1));
}

QRect MaskGridGeometry::realKeyRect(int keyRow) const
{
    if (keyRow < 0 || keyRow + 1 >= m_columnEdges.size())
        return QRect();
    return QRect(QPoint(m_columnEdges[keyRow], m_realKeyStrip.top()),
                 QPoint(m_columnEdges[keyRow + 1] - 1, m_realKeyStrip.bottom()));
}

QRect MaskGridGeometry::rowLabelRect(int queryRow) const
{
    if (queryRow < 0 || queryRow + 1 >= m_rowEdges.size())
        return QRect();
    return QRect(QPoint(m_rowLabelArea.left(), m_rowEdges[queryRow]),
                 QPoint(m_rowLabelArea.right(), m_rowEdges[queryRow + 1] - 1));
}

int MaskGridGeometry::rowAt(int y) const
{
    return indexForCoordinate(m_rowEdges, y);
}

int MaskGridGeometry::columnAt(int x) const
{
    return indexForCoordinate(m_columnEdges, x);
}

MaskGridGeometry::Hit MaskGridGeometry::hitTest(const QPoint &pos) const
{
    Hit hit;
    if (isEmpty())
        return hit;
    if (m_gridRect.contains(pos)) {
        const int row = indexForCoordinate(m_rowEdges, pos.y());
        const int column = indexForCoordinate(m_columnEdges, pos.x());
        if (row >= 0 && column >= 0)
            return Hit{Hit::Kind::Cell, row, column};
        return hit;
    }
    if (m_realKeyStrip.contains(pos)) {
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

QVector<DrawnLabel> MaskGridGeometry::drawnLabels(const std::function<QString(const Hit &)> &toolTip) const
{
    QVector<DrawnLabel> labels;
    if (isEmpty())
        return labels;
    const QFontMetricsF metrics(m_font);
    const int columns = std::min<int>(keyCount(), m_columnLabels.size());
    for (int j = 0; j < columns; j += m_columnLabelStep) {
        const int x0 = m_columnEdges[j];
        const int x1 = m_columnEdges[j + 1];
        const QString &text = m_columnLabels.at(j);
        QRectF rect;
        if (columnLabelsRotated()) {
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
        const bool whole = QString(text).replace(QLatin1Char('\n'), QLatin1Char(' ')) == m_keyLabels.at(j);
        labels.append(DrawnLabel{rect, text, whole ? QString() : toolTip(Hit{Hit::Kind::ColumnLabel, -1, j})});
    }
    const QFontMetricsF bold(m_boldFont);
    const int rows = std::min<int>(queryCount(), m_rowLabels.size());
    for (int i = 0; i < rows; i += m_rowLabelStep) {
        const QString &text = m_rowLabels.at(i);
        const int centre = (m_rowEdges[i] + m_rowEdges[i + 1]) / 2;
        const double width = bold.horizontalAdvance(text);
        const QRectF rect(m_gridRect.left() - m_swatchWidth - labelGap() - width,
                          centre - m_lineHeight / 2.0, width, m_lineHeight);
        const bool whole = text == m_queryLabels.at(i);
        labels.append(DrawnLabel{rect, text, whole ? QString() : toolTip(Hit{Hit::Kind::RowLabel, i, -1})});
    }
    return labels;
}

} // namespace attnlens
