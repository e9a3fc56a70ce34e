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

    // Row labels: as wide as the widest (bold, for the selected row), at most a third of the view
    // or what the cells leave when each keeps a line and a quarter (room for its cross and the
    // real-key box under it): "decoder 1" to "decoder 3" cut to "decode…" name no row at all.
    m_swatchWidth = std::max(4, m_lineHeight / 3);
    const int gap = labelGap();
    int widestRowLabel = metrics.horizontalAdvance(input.realKeyText);
    for (const QString &label : m_queryLabels)
        widestRowLabel = std::max(widestRowLabel, boldMetrics.horizontalAdvance(label));
    widestRowLabel += 2;  // integer advances round down what elidedText() measures exactly
    const int cellsLeave = availableWidth - columns * (m_lineHeight * 5 / 4);
    const int rowLabelWidth = std::min(widestRowLabel + m_swatchWidth + 2 * gap,
                                       std::max({availableWidth / 3, 3 * m_lineHeight, cellsLeave}));
    auto columnLayout = std::make_shared<const MatrixLabelLayout>(m_keyLabels, m_font);
    const int widestColumnLabel = static_cast<int>(std::ceil(columnLayout->widest())) + 2;

    const int stripGap = std::max(3, m_lineHeight / 3);
    const int stripHeight = m_lineHeight + m_lineHeight / 3;
    const int fixedHeight = 2 * m_margin + stripGap + stripHeight
        + (bannerHeight > 0 ? bannerHeight + stripGap : 0);
    const double gridWidthRoom = std::max(0, availableWidth - rowLabelWidth);
    // Cells grow with the view, but a 3x3 mask on a large screen stays a figure, not a wall.
    const double maxCell = std::max(4.5 * m_lineHeight, std::min(width, height) / 5.0);
    // The cells' width and height when the key names take `labelHeight` above the grid.
    const auto cellsFor = [&](double labelHeight) {
        const double gridHeightRoom = std::max(0.0, height - fixedHeight - labelHeight);
        double cellWidth = std::min(gridWidthRoom / columns, maxCell);
        double cellHeight = std::min(gridHeightRoom / rows, maxCell);
        // Cells may be wider than tall (room for labels), but not absurdly so.
        cellWidth = std::min(cellWidth, 2.5 * cellHeight);
        cellHeight = std::min(cellHeight, 2.5 * cellWidth);
        return std::pair<double, double>(cellWidth, cellHeight);
    };

    // The key names across on one line, else over two, else turned upright (thinned to every
    // 2nd, 5th, 10th... name when even upright names crowd). Upright names take the height they
    // need as long as every row keeps a cell of a line and a quarter: a short grid gives its
    // spare height to the names rather than cut them to "mem…".
    const int columnGap = columnLabelGap();
    const int rowsNeed = rows * (m_lineHeight * 5 / 4);
    const int spareHeight = height - fixedHeight - rowsNeed;
    const int turnedHeight = std::min(widestColumnLabel + m_lineHeight / 2,
                                      std::max({3 * m_lineHeight, height * 3 / 10, spareHeight}));
    using Form = MatrixLabelLayout::Form;
    // Turned names need a line and a tenth each along the grid.
    // A line of key names is as tall as their tallest script (Chinese names a quarter taller).
    const double labelLine = std::max(double(metrics.lineSpacing()), columnLayout->lineHeight());
    const QVector<MatrixLabelLayout::Candidate> candidates = {
        {Form::Across, std::max(double(m_lineHeight), columnLayout->lineHeight()) + 2, double(columnGap + 1)},
        {Form::TwoLines, std::ceil(2 * labelLine) + 2, double(columnGap + 1)},
        {Form::Turned, double(turnedHeight), 0.1 * m_lineHeight},
    };
    const MatrixLabelLayout::Choice choice = columnLayout->choose(
        candidates, [&](double depth) { return std::floor(cellsFor(depth).first); },
        MatrixLabelLayout::Thinning::RoundSteps, MatrixLabelLayout::Fallback::LastCandidate);
    const int columnLabelHeight = static_cast<int>(choice.depth);
    const auto [cellWidth, cellHeight] = cellsFor(columnLabelHeight);

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

    const int rowTextWidth = rowLabelWidth - m_swatchWidth - 2 * gap;
    m_realKeyLabel = metrics.elidedText(input.realKeyText, Qt::ElideRight, m_realKeyLabelRect.width());
    m_undefinedTextWidth = boldMetrics.horizontalAdvance(m_undefinedText) + 2;

    // The query names right-aligned before their colour swatch, measured in bold (the selected
    // and hovered ones are written in bold), thinned to round steps when rows are too short.
    QVector<double> rowEdges(rows + 1);
    for (int i = 0; i <= rows; ++i)
        rowEdges[i] = m_rowEdges[i];
    const MatrixLabelLayout rowLayout(m_queryLabels, m_boldFont, 0);
    m_rowPlacement.axis = MatrixLabelLayout::Axis::Rows;
    m_rowPlacement.edges = rowEdges;
    m_rowPlacement.edge = gridLeft - gap / 2 - m_swatchWidth - gap / 2 + 1;
    m_rowPlacement.depth = rowTextWidth;
    m_rowPlacement.step = MatrixLabelLayout::stepFor(m_lineHeight * 1.05, cellHeight,
                                                     MatrixLabelLayout::Thinning::RoundSteps);
    m_rowLabels = rowLayout.place(m_rowPlacement);

    // The key names over the columns, written up to the grid.
    QVector<double> columnEdges(columns + 1);
    for (int j = 0; j <= columns; ++j)
        columnEdges[j] = m_columnEdges[j];
    m_columnPlacement.axis = MatrixLabelLayout::Axis::Columns;
    m_columnPlacement.form = choice.form;
    m_columnPlacement.edges = columnEdges;
    m_columnPlacement.above = true;
    m_columnPlacement.step = choice.step;
    if (choice.form == Form::Turned) {
        m_columnPlacement.edge = m_columnLabelArea.bottom() - 2;
        m_columnPlacement.depth = columnLabelHeight - m_lineHeight / 2;
        m_columnPlacement.gap = 0.0;
        // Upright on two lines broken at a space, where the column is wide enough for two.
        m_columnPlacement.turnedTwoLinesFrom = 2.2 * metrics.lineSpacing();
    } else {
        m_columnPlacement.edge = m_columnLabelArea.top() + m_columnLabelArea.height();
        m_columnPlacement.depth = m_columnLabelArea.height();
        m_columnPlacement.gap = columnGap;
    }
    m_columnLabels = columnLayout->place(m_columnPlacement);
    m_columnLayout = std::move(columnLayout);
}

QVector<MaskGridGeometry::Label> MaskGridGeometry::columnLabels(int hoveredKey) const
{
    if (!m_columnLayout || hoveredKey < 0 || hoveredKey >= keyCount() || m_columnPlacement.step == 1
        || hoveredKey % m_columnPlacement.step == 0)
        return m_columnLabels;
    MatrixLabelLayout::Placement placement = m_columnPlacement;
    placement.extra = {hoveredKey};
    return m_columnLayout->place(placement);
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
    for (const Label &label : m_columnLabels) {
        labels.append(DrawnLabel{label.rect, label.text,
                                 label.isShortened() ? toolTip(Hit{Hit::Kind::ColumnLabel, -1, label.index}) : QString()});
    }
    for (const Label &label : m_rowLabels) {
        labels.append(DrawnLabel{label.rect, label.text,
                                 label.isShortened() ? toolTip(Hit{Hit::Kind::RowLabel, label.index, -1}) : QString()});
    }
    return labels;
}

} // namespace attnlens
