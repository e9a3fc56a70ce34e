#pragma once

#include "barchartview.h"
#include "chartlegend.h"
#include "tokenpalette.h"

#include <QList>
#include <QRectF>
#include <QVector>

class QBarSet;
class QCheckBox;
class QGraphicsLineItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QLineSeries;
class QScatterSeries;
class QStackedBarSeries;

namespace attnlens {

/// How the selected query's context vector is assembled (Qt Charts): for every output
/// dimension d, the contributions w_i·v_id of the keys stacked as bars (negative ones below
/// zero), and the context value c_d = Σ_i w_i·v_id marked by a diamond with its value.
///
/// One bar set per key, in the key's colour (keyShareColor(), the colour of its bar in the weights
/// chart too), with the key labels in a legend that never cuts them: a column on the right while
/// it fits there, else rows under the chart. Past kMaxKeySets keys, the first kMaxKeySets − 1 keep their own set and the rest are summed
/// into one grey "other keys" set, so the chart stays legible. The series are updated in place
/// and rebuilt only when the scenario is replaced. While the model refuses the scenario the chart
/// is greyed out and the refusal is written over it.
///
/// With several heads a check box above the chart offers the concatenated context
/// [C_1 … C_H] (AttentionModel::concatenatedContext(), N_q × H·d_v) in place of the selected
/// head's: the columns come head by head ("1·2" is head 1's dimension 2), each head's group
/// named at its top and parted from the next by a line, and each column's bars are that head's
/// w_i·v_id.
class ContextChartView : public BarChartView {
    Q_OBJECT

public:
    static constexpr int kMaxKeySets = kKeyColorGroups;

    ContextChartView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    QStackedBarSeries *contributionSeries() const { return m_series; }
    /// Stacked set s, value d: the summed w_i·v_id of the keys keysOfSet(s) for the shown query.
    QList<QBarSet *> contributionSets() const { return m_sets; }
    /// The key rows whose contributions set s holds (one key, or the "other keys").
    QVector<int> keysOfSet(int set) const;
    /// The context markers: point d is (d, c_d) for the shown query.
    QScatterSeries *contextSeries() const { return m_contextSeries; }
    /// The value written next to context marker d, empty while hidden.
    QString contextLabel(int dimension) const;

    /// The legend entries as written (key labels, "context = Σ wᵢ·vᵢ").
    QStringList legendTexts() const;
    /// True while the legend stands as a column right of the plot (else in rows under it).
    bool legendOnTheRight() const { return m_legend.isOnTheRight(); }

    /// The "concatenate heads" check box, shown only while the scenario has several heads.
    QCheckBox *concatenateCheckBox() const { return m_concatenate; }
    /// Whether [C_1 … C_H] is shown: asked for, and the scenario has several heads.
    bool showsConcatenated() const;
    /// Asks for [C_1 … C_H] (kept while the scenario has one head, shown once it has several).
    void setConcatenatedShown(bool shown);
    /// Columns shown: d_v, or H·d_v for [C_1 … C_H].
    int shownColumns() const;
    /// The head names written over their groups of columns, empty unless concatenated.
    QStringList headGroupTexts() const;
    /// A figure: the chart alone, without the check box.
    void setFigureMode(bool figure);

    /// Draws the context marker's picture with at least `ratio` pixels per logical pixel, so
    /// that a figure exported at high resolution gets a sharp marker.
    void setMinimumMarkerPixelRatio(qreal ratio);

protected:
    void rebuild() override;
    void refresh() override;
    void applyFonts() override;
    /// Background, axes, grid, zero line, marker and value boxes in the theme's colours.
    void applyTheme() override;
    void layoutForSize() override;
    void hideValueItems() override;

private:
    struct KeyGroup {
        int firstKey = 0;
        int keyCount = 1;
    };
    struct HeadMark {
        QGraphicsLineItem *separator = nullptr;  ///< left of the group; hidden for the first
        QGraphicsSimpleTextItem *name = nullptr;
        QString fullName;  ///< the head's name when the chart was built (the model may be ahead)
    };
    struct ValueLabel {
        QGraphicsRectItem *box = nullptr;
        QGraphicsSimpleTextItem *text = nullptr;
    };

    void updateTitle();
    /// Shows the check box while there are heads to concatenate.
    void updateConcatenateOffer();
    /// The head and its value dimension that column `column` shows.
    std::pair<int, int> headAndDimension(int column) const;
    /// Places the head separators and names over the plot (concatenated form only).
    void layoutHeadMarks(const QRectF &plot);
    QStringList categoryNames(int dimensions) const;
    void measureTexts();
    /// The context diamond as an antialiased image, drawn in place of Qt Charts' marker item.
    void updateMarkerImage();
    void updateValueRange();
    /// Chooses the value range, the category names and their angle for the plot as it is now,
    /// and places the labels; a plot moved by those choices only moves the labels meanwhile.
    void followPlotArea();
    /// Short or long category names, level or upright, for the plot's width; with `leastRoom`
    /// the short names whatever the width.
    void chooseCategoryNames(bool leastRoom);
    /// Places the value labels, the heads' marks and the vertical title over the plot as it is;
    /// changes nothing that moves the plot.
    void layoutLabels();
    /// Creates the legend's entries for the current sets; layoutLegend() places them.
    void rebuildLegend();
    void setLegendText(int entry, const QString &text);
    /// Places the legend and sets the chart's margins to make room for it and the axis title.
    void layoutLegend();
    void showSetTooltip(bool status, int set, int dimension);
    void showContextTooltip(const QPointF &point, bool status);

    QScatterSeries *m_contextSeries;
    QLineSeries *m_zeroLine;
    QList<QBarSet *> m_sets;
    QVector<KeyGroup> m_groups;
    QVector<ValueLabel> m_labels;
    QVector<HeadMark> m_headMarks;
    QCheckBox *m_concatenate = nullptr;
    bool m_concatenateAsked = false;
    bool m_figureMode = false;
    /// Heads the columns come from: 1, or H while concatenated (fixed until rebuild()).
    int m_shownHeads = 1;
    int m_headDimension = 0;  ///< d_v, columns per head
    ChartLegend m_legend;
    QRectF m_titledPlot;
    QVector<double> m_context;
    QVector<double> m_stackTop;
    QVector<double> m_stackBottom;
    double m_rangeLow = 0.0;
    double m_rangeHigh = 0.0;
    int m_rangeIntervals = 0;
    double m_rangePlotHeight = 0.0;
    double m_longNameWidth = 0.0;
    qreal m_markerImageRatio = 0.0;
    qreal m_minimumMarkerRatio = 1.0;
    double m_shortNameWidth = 0.0;
    bool m_longCategoryNames = true;
    /// How often followPlotArea() chooses again when its own choices moved the plot.
    static constexpr int kAxisChoicePasses = 4;
    bool m_choosingAxes = false;
    bool m_plotMovedWhileChoosing = false;
};

} // namespace attnlens
