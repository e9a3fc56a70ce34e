#pragma once

#include "colormap.h"
#include "lessonstep.h"
#include "theme.h"

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

    // Display (issue 5, presentation mode and themes): what every view draws with. Views repaint
    // on themeChanged and lineScaleChanged; the type size reaches them as a font change of the
    // window (ThemeController), so they measure it as for any font.

    /// The theme every view paints with (Light, Dark, Projector).
    const Theme &theme() const { return m_theme; }
    Theme::Kind themeKind() const { return m_theme.kind(); }
    void setThemeKind(Theme::Kind kind);

    /// Type size in percent of the theme's own (100 = as the theme has it). Presentation mode
    /// steps it with Ctrl+plus / Ctrl+minus.
    int textScalePercent() const { return m_textScalePercent; }
    void setTextScalePercent(int percent);

    /// How many times thicker lines are than the theme draws them (presentation mode: > 1).
    double lineScale() const { return m_lineScale; }
    void setLineScale(double scale);
    /// The factor painters multiply pen widths by: the theme's times lineScale().
    double lineWidthFactor() const { return m_theme.lineWidthFactor() * m_lineScale; }

    /// In presentation mode the hovered cell or key gets a "laser pointer" ring.
    bool isPresenting() const { return m_presenting; }
    void setPresenting(bool presenting);

    /// What the open lesson step asks the student to predict and no view may show until the
    /// reveal (LessonProgress::concealedAnswers()); nothing while no lesson is open. A view that
    /// shows one of these covers it ("Predict first") and keeps it from screen readers.
    LessonQuantities concealedAnswers() const { return m_concealedAnswers; }
    bool conceals(LessonQuantity quantity) const { return m_concealedAnswers.testFlag(quantity); }
    /// Hides `asked` and what would give it back (withImplied()).
    void setConcealedAnswers(LessonQuantities asked);
    /// `asked` with what follows from it: the scores bring the weights, the weights the context.
    static LessonQuantities withImplied(LessonQuantities asked);

signals:
    void selectedQueryChanged(int row);
    void hoverChanged(int queryRow, int keyRow);
    void colorMapChanged();
    void showValuesChanged(bool show);
    void heatmapQuantityChanged();
    void snapToGridChanged(bool snap);
    void themeChanged();
    void textScaleChanged(int percent);
    void lineScaleChanged(double scale);
    void presentingChanged(bool presenting);
    void concealedAnswersChanged(attnlens::LessonQuantities concealed);

private:
    int m_selectedQuery = 0;
    int m_hoveredQuery = -1;
    int m_hoveredKey = -1;
    ColorMap m_colorMap;
    bool m_showValues = true;
    HeatmapQuantity m_heatmapQuantity = HeatmapQuantity::Weights;
    bool m_snapToGrid = false;
    Theme m_theme = Theme::make(Theme::Kind::Light);
    int m_textScalePercent = 100;
    double m_lineScale = 1.0;
    bool m_presenting = false;
    LessonQuantities m_concealedAnswers;
};

} // namespace attnlens
