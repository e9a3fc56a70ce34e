#pragma once

#include "figuresource.h"
#include "heatmapimage.h"
#include "heatmaplayout.h"
#include "heatmappainter.h"
#include "predictfirstcover.h"
#include "matrixlabellayout.h"

#include <QFont>
#include <QImage>
#include <QPixmap>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <optional>

class QKeyEvent;
class QPainter;

namespace attnlens {

class AttentionModel;

class ViewState;

/// The attention matrix as a heatmap: rows are queries ("query / destination"), columns are keys
/// ("key / source"), coloured by the weights on a fixed 0..1 scale in the chosen sequential map,
/// or by the scaled scores on a scale symmetric about 0 in the diverging map (ColorMap::
/// diverging(): 0 neutral, negative blue, positive red; ViewState::heatmapQuantity), with a
/// colour bar.
///
/// Each cell's value is written in it when it fits (ViewState::showValues); masked cells are
/// hatched grey, never coloured as 0. Hovering a cell sets ViewState's hover and shows its q·k,
/// S, S/T and weight in the info line under the matrix (full precision in the tooltip);
/// clicking a cell or a row label selects that query. While the model refuses the scenario the
/// view shows no numbers: a query with no allowed key gets "undefined: no allowed key" across
/// its row, any other refusal greys the whole view and names the cause.
///
/// The view is the widget around four parts that need none: HeatmapImage (the one-pixel-per-cell
/// image and its dirty rows), HeatmapLayout (axes, labels, colour bar), HeatmapPainter (draws
/// into any QPainter: the screen and every figure share it) and HeatmapDescriber (every text,
/// and what a screen reader hears). paintHeatmap() draws into any rectangle, so figures can be
/// exported at any size.
class HeatmapView : public QWidget, public FigureSource {
    Q_OBJECT

public:
    /// Whether the matrix is covered until the lesson's reveal.
    bool isCoveredForPrediction() const { return m_cover->isCovering(); }
    /// A query row and key column of the matrix.
    struct Cell {
        int query = -1;
        int key = -1;
    };

    HeatmapView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);
    ~HeatmapView() override;

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;
    QSize fittedFigureSize(const QSize &bounds) const override { return fittedSize(bounds); }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Paints the whole view (title, matrix, labels, colour bar, info line) into `rect` of any
    /// size, at the painter's device pixel ratio. paintEvent() uses it with the widget's rect.
    void paintHeatmap(QPainter &painter, const QRectF &rect) const;
    /// The view rendered offscreen at `size` (logical pixels) and device pixel ratio `dpr`.
    QImage renderImage(QSize size, qreal dpr = 1) const;

    /// The height the view needs at `width` to draw its matrix with cells no larger than a
    /// few lines of text: a 1×3 matrix needs little, so a layout can give the rest to others.
    int naturalHeight(int width) const;
    /// Draws the view as a figure: nothing of the interaction (no hovered cell, neither its
    /// outline nor its numbers, no hint, no focus frame, the selected row's label not bold) and
    /// no room kept under the matrix for an info line that would stay empty; the selected
    /// query's row is outlined only when `showSelection`. Off: the view as on screen.
    void setFigureMode(bool figure, bool showSelection = false);
    bool isFigureMode() const { return m_figureMode; }
    /// The size within `bounds` that the content fills: the blank margins that a matrix of
    /// another shape than `bounds` leaves (beside or under a 1 x 3 matrix) are cut off while
    /// the cells, labels and titles stay as they are at `bounds`.
    QSize fittedSize(const QSize &bounds) const;

    /// The cell's rectangle in widget coordinates; empty while no matrix is shown.
    QRectF cellRect(int queryRow, int keyRow) const;
    /// The rectangle left of the matrix where query row `queryRow` is labelled (clickable).
    QRectF rowLabelRect(int queryRow) const;
    /// The cell under a widget position, if there is one.
    std::optional<Cell> cellAt(const QPointF &pos) const;
    /// The query row whose label area is under a widget position, or -1.
    int rowLabelAt(const QPointF &pos) const;

    /// The colour scale: `scaleLow()` gets the colour map's first colour, `scaleHigh()` its last.
    /// 0..1 for weights, ±max|S| over the allowed cells for scores.
    double scaleLow() const;
    double scaleHigh() const;
    /// Whether the cells currently have their values written in them.
    bool areValuesVisible() const;
    /// The value written in a cell ("0.4011"), empty for masked cells and while refused.
    QString cellText(int queryRow, int keyRow) const;
    /// The info line under the matrix: the hovered cell's numbers, a hint, or the refusal.
    QString infoText() const;
    /// The rectangles (widget coordinates) of the texts the current layout writes: title, scale,
    /// row and column labels, axis titles, colour-bar values and the info lines. Lets tests check
    /// that none is clipped and none overlaps another.
    QVector<QRectF> labelRects() const;

    /// The cell the arrow keys are on while the view has the focus (it is shown as the hover
    /// outline, so every view follows it); query -1 before the keyboard was used.
    Cell keyboardCell() const { return m_keyboardCell; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool event(QEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    /// What the cached background picture shows besides the layout: when any of it changes, the
    /// picture is painted again (a drag step changes none of it while weights are shown).
    struct BackgroundKey {
        QSize size;
        qreal dpr = 0.0;
        quint64 layoutGeneration = 0;
        int selectedQuery = -1;
        HeatmapImage::State state = HeatmapImage::State::Refused;
        bool scores = false;
        int colorMap = -1;
        double scaleLow = 0.0;
        double scaleHigh = 0.0;
        QStringList infoLines;
        QVector<bool> undefinedRows;
        qint64 palette = 0;
        bool operator==(const BackgroundKey &other) const;
    };

    /// What the view works out from the model, the view state and its size, lazily: rebuilt
    /// when marked dirty, also from const getters, so it is the one mutable member.
    struct Cache {
        HeatmapImage image;  ///< the numbers' colours and texts
        bool contentDirty = true;
        QString refusal;
        // The labels measured once per scenario and font (the slow part of a layout).
        std::optional<MatrixLabelLayout> rowLabels;
        std::optional<MatrixLabelLayout> columnLabels;
        QFont labelsFont;
        // The layout of the widget's own rect, rebuilt on resize, font change and scenario reset.
        HeatmapLayout layout;
        bool layoutDirty = true;
        quint64 layoutGeneration = 0;
        QVector<HeatmapLayout::Tick> ticks;
        bool valuesFit = false;
        QString infoText;
        /// The info line holds only the hover hint: a figure leaves it out (nobody hovers a print).
        bool infoIsHint = false;
        QStringList infoLines;
        quint64 infoLinesGeneration = ~quint64(0);
        HeatmapPainter painter;
    };

    bool scores() const;
    /// The lesson keeps the shown quantity (weights, or scores) back until its reveal.
    bool concealsCells() const;
    /// Covers the labels, cells and colour bar while concealsCells(), under the title.
    void placeCover();
    void invalidateContent();
    void ensureContent() const;
    void rebuildContent() const;
    void ensureLayout() const;
    void relayout() const;
    void ensureLabels(const QFont &font) const;
    HeatmapLayout computeLayout(const QRectF &bounds) const;
    void refreshInfo() const;
    /// What paintBackground() and paintMatrix() draw for `layout`, with `infoLines` under it.
    HeatmapFrame frame(const HeatmapLayout &layout, const QVector<HeatmapLayout::Tick> &ticks,
                       const QStringList &infoLines, bool valuesShown) const;
    BackgroundKey backgroundKey(qreal dpr) const;
    void updateAccessibleDescription();
    void updateAccessibleNumbers();
    void updateHoverFromPosition(const QPointF &pos);
    bool handleKeyboardCell(QKeyEvent *event);
    void setKeyboardCell(int queryRow, int keyRow);
    void paintFocusFrame(QPainter &painter) const;
    /// The query whose row is outlined and labelled in bold: the selected one, or -1 in a figure
    /// that leaves the selection out.
    int outlinedQuery() const;
    /// Whether the hovered cell is shown (never in a figure).
    bool showsHover() const { return !m_figureMode; }
    /// Repaints on theme, line-scale and presentation changes (theme.h, presentationmode.h).
    void setUpThemeHandling();

    AttentionModel *m_model;
    ViewState *m_viewState;
    mutable Cache m_cache;

    /// The background picture (everything but the matrix) of the widget's own layout.
    QPixmap m_background;
    BackgroundKey m_backgroundKey;
    QString m_describedShape;
    PredictFirstCover *m_cover = nullptr;
    /// What updateAccessibleDescription() says about the shape; the numbers are added to it.
    QString m_shapeDescription;
    bool m_hoverIsOurs = false;
    Cell m_keyboardCell;
    /// The focus frame is shown for keyboard focus only (FocusRing::visibleFocus).
    bool m_focusVisible = false;
    /// See setFigureMode().
    bool m_figureMode = false;
    bool m_figureShowsSelection = false;
};

} // namespace attnlens
