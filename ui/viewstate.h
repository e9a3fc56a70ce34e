#pragma once

#include "colormap.h"

#include <QObject>

namespace attnlens {

/// What the views show and where the user points, shared by every view: not the data (that is
/// AttentionModel's) but the selection, hover and display choices. Setters return early when
/// nothing changes and emit the matching signal.
class ViewState : public QObject {
    Q_OBJECT

public:
    enum class HeatmapQuantity { Weights, Scores };

    explicit ViewState(QObject *parent = nullptr);

    /// The query row every per-query view shows (weights chart, worked numbers, ...).
    int selectedQuery() const { return m_selectedQuery; }
    void setSelectedQuery(int row);

    /// The cell under the mouse in any view; -1 where nothing is hovered.
    int hoveredQuery() const { return m_hoveredQuery; }
    int hoveredKey() const { return m_hoveredKey; }
    void setHover(int queryRow, int keyRow);

    ColorMap::Kind colorMapKind() const { return m_colorMap.kind(); }
    const ColorMap &colorMap() const { return m_colorMap; }
    void setColorMapKind(ColorMap::Kind kind);

    bool showValues() const { return m_showValues; }
    void setShowValues(bool show);

    HeatmapQuantity heatmapQuantity() const { return m_heatmapQuantity; }
    void setHeatmapQuantity(HeatmapQuantity quantity);

    bool snapToGrid() const { return m_snapToGrid; }
    void setSnapToGrid(bool snap);

    /// Keeps the selection inside [0, queryCount) after the scenario's shape changed.
    void clampToQueryCount(int queryCount);

signals:
    void selectedQueryChanged(int row);
    void hoverChanged(int queryRow, int keyRow);
    void colorMapChanged();
    void showValuesChanged(bool show);
    void heatmapQuantityChanged();
    void snapToGridChanged(bool snap);

private:
    int m_selectedQuery = 0;
    int m_hoveredQuery = -1;
    int m_hoveredKey = -1;
    ColorMap m_colorMap;
    bool m_showValues = true;
    HeatmapQuantity m_heatmapQuantity = HeatmapQuantity::Weights;
    bool m_snapToGrid = false;
};

} // namespace attnlens
