#pragma once

#include "attentionresult.h"
#include "error.h"
#include "scenario.h"

#include <QImage>
#include <QString>
#include <QVector>

#include <optional>

namespace attnlens {

class ColorMap;

/// What the heatmap's numbers look like, with no widget: the one-pixel-per-cell image coloured
/// from a colour map's look-up table, the mask as an alpha image, the colour bar, the cells'
/// value texts and their text colours, and the colour scale.
///
/// rebuild() colours again only the rows marked changed (markRowChanged(): a query drag changes
/// one row of the weights) while the scale is fixed and the shape the same; anything else
/// (markAllChanged(), a new shape, the scores' moving scale) colours every row.
class HeatmapImage {
public:
    enum class State {
        Values,         ///< the numbers are shown
        UndefinedRows,  ///< some query may attend to no key: its row reads "undefined"
        Refused,        ///< the scenario cannot be computed: no numbers at all
    };
    /// The fills that are not on the colour map.
    struct Fills {
        QRgb masked = 0;
        QRgb undefined = 0;
    };
    /// Above this many cells no cell can be wide enough for "0.0000" on any real screen, so the
    /// texts are not even formatted.
    static constexpr int kMaxCellsWithText = 4096;

    /// Whether rebuild() writes the cells' value texts (on by default). A picture that never writes
    /// numbers in its cells (the all-heads tiles) turns them off and saves formatting every cell.
    void setCellTextsWanted(bool wanted) { m_textsWanted = wanted; }

    /// Query `row` changed (only its row of the weights moves).
    void markRowChanged(int row);
    /// Keys, mask, temperature, colour map, quantity or theme changed: every row is coloured again.
    void markAllChanged();

    /// Colours the image from the scenario and its result (`result` null while refused): the
    /// scores (`scores`) on a scale symmetric about 0, or the weights on 0..1.
    void rebuild(const Scenario &scenario, const AttentionResult *result, const std::optional<Error> &error,
                 bool scores, const ColorMap &colorMap, const Fills &fills);

    State state() const { return m_state; }
    int rows() const { return m_rows; }
    int columns() const { return m_columns; }
    /// RGB32, one pixel per cell (rows are queries, columns keys).
    const QImage &cells() const { return m_cells; }
    /// Alpha8, opaque where masked; null when nothing is masked.
    const QImage &mask() const { return m_mask; }
    /// 1 x table size: the colour map from top (high) to bottom (low).
    const QImage &bar() const { return m_bar; }
    const QVector<bool> &undefinedRows() const { return m_undefinedRows; }
    bool isUndefinedRow(int row) const { return row >= 0 && row < m_undefinedRows.size() && m_undefinedRows[row]; }
    /// The value written in each cell ("0.4011"), row by row; empty for masked cells, and
    /// empty altogether while refused or above kMaxCellsWithText cells.
    const QVector<QString> &cellTexts() const { return m_cellTexts; }
    QString cellText(int row, int column) const;
    /// The colour a cell's text is written in, readable on its fill.
    QRgb cellTextColor(int row, int column) const;
    double scaleLow() const { return m_scaleLow; }
    double scaleHigh() const { return m_scaleHigh; }
    /// Grows on every rebuild: pictures made from the image compare it to know they are stale.
    quint64 generation() const { return m_generation; }
    /// How many rows the last rebuild coloured (the whole image, or the changed rows only).
    int recolouredRows() const { return m_recolouredRows; }

private:
    State m_state = State::Refused;
    int m_rows = 0;
    int m_columns = 0;
    QImage m_cells;
    QImage m_mask;
    QImage m_bar;
    QVector<bool> m_undefinedRows;
    QVector<QString> m_cellTexts;
    QVector<QRgb> m_cellTextColors;
    double m_scaleLow = 0.0;
    double m_scaleHigh = 1.0;
    quint64 m_generation = 0;
    int m_recolouredRows = 0;
    QVector<int> m_changedRows;
    bool m_allRowsChanged = true;
    bool m_textsWanted = true;
};

} // namespace attnlens
