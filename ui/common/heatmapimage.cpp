#include "heatmapimage.h"

#include "colormap.h"
#include "hugepages.h"
#include "numberformat.h"

#include <algorithm>
#include <cmath>

namespace attnlens {

void HeatmapImage::markRowChanged(int row)
{
    if (m_changedRows.size() < 64)
        m_changedRows.append(row);
    else
        m_allRowsChanged = true;  // many rows while hidden: recolouring them all is as cheap
}

void HeatmapImage::markAllChanged()
{
    m_allRowsChanged = true;
}

QString HeatmapImage::cellText(int row, int column) const
{
    if (m_cellTexts.isEmpty() || row < 0 || column < 0 || row >= m_rows || column >= m_columns)
        return QString();
    return m_cellTexts[row * m_columns + column];
}

QRgb HeatmapImage::cellTextColor(int row, int column) const
{
    if (m_cellTextColors.isEmpty() || row < 0 || column < 0 || row >= m_rows || column >= m_columns)
        return 0;
    return m_cellTextColors[row * m_columns + column];
}

void HeatmapImage::rebuild(const Scenario &scenario, const AttentionResult *result,
                           const std::optional<Error> &error, bool scores, const ColorMap &colorMap,
                           const Fills &fills)
{
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

    const bool withTexts = m_textsWanted && m_state == State::Values
        && static_cast<qint64>(m_rows) * m_columns <= kMaxCellsWithText;
    const QRgb *lut = colorMap.table().constData();
    auto colourRow = [&](int row) {
        auto *line = reinterpret_cast<QRgb *>(m_cells.scanLine(row));
        uchar *maskLine = m_mask.isNull() ? nullptr : m_mask.scanLine(row);
        const bool *allowed = maskFits ? scenario.allowed->row(row).data() : nullptr;
        const double *values = shown ? shown->row(row).data() : nullptr;
        for (int column = 0; column < m_columns; ++column) {
            if (allowed && !allowed[column]) {
                line[column] = fills.masked;
                if (maskLine)
                    maskLine[column] = 255;
            } else if (!values) {
                line[column] = fills.undefined;
            } else {
                // The same binning as ColorMap::rgbAt, without a call per cell.
                line[column] = lut[ColorMap::indexAt((values[column] - m_scaleLow) / span)];
            }
        }
    };
    auto writeRowTexts = [&](int row) {
        const QRgb *line = reinterpret_cast<const QRgb *>(m_cells.constScanLine(row));
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
        && m_cells.width() == m_columns && m_cells.height() == m_rows
        && m_bar.height() == colorMap.table().size()
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
        m_recolouredRows = static_cast<int>(m_changedRows.size());
    } else {
        m_cellTexts.clear();
        m_cellTextColors.clear();
        if (withTexts) {
            m_cellTexts.resize(m_rows * m_columns);
            m_cellTextColors.resize(m_rows * m_columns);
        }
        m_cells = QImage();
        m_mask = QImage();
        if (m_rows > 0 && m_columns > 0) {
            m_cells = QImage(m_columns, m_rows, QImage::Format_RGB32);
            adviseHugePages(m_cells.bits(), size_t(m_cells.sizeInBytes()));
            if (maskFits && !scenario.allowed->all()) {
                m_mask = QImage(m_columns, m_rows, QImage::Format_Alpha8);
                m_mask.fill(0);
            }
            for (int row = 0; row < m_rows; ++row)
                colourRow(row);
        }
        if (withTexts) {
            for (int row = 0; row < m_rows; ++row)
                writeRowTexts(row);
        }
        m_recolouredRows = m_rows;

        const QVector<QRgb> &table = colorMap.table();
        m_bar = QImage(1, table.size(), QImage::Format_RGB32);
        for (int y = 0; y < table.size(); ++y)
            m_bar.setPixel(0, y, table[table.size() - 1 - y]);
    }
    m_changedRows.clear();
    m_allRowsChanged = false;
    ++m_generation;
}

} // namespace attnlens
