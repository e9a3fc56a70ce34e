#pragma once

#include "twogenerationcache.h"

#include <QFont>
#include <QHash>
#include <QImage>
#include <QPixmap>
#include <QRectF>
#include <QStaticText>
#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <optional>

class QFontMetricsF;
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
/// The colours come from a one-pixel-per-cell image rebuilt only when the result, the colour map
/// or the quantity changes, drawn scaled without smoothing; labels thin out so they never
/// overlap. paintHeatmap() draws into any rectangle, so figures can be exported at any size.
class HeatmapView : public QWidget {
    Q_OBJECT

public:
    /// A query row and key column of the matrix.
    struct Cell {
        int query = -1;
        int key = -1;
    };

    HeatmapView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);
    ~HeatmapView() override;

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
    enum class State { Values, UndefinedRows, Refused };

    struct Tick {
        double value = 0.0;
        QString label;
    };

    /// Where everything goes for one target rectangle; depends on the rectangle, the font and
    /// the scenario's shape and labels, never on the numbers.
    struct Layout {
        QRectF bounds;
        QFont font;
        QFont boldFont;
        QFont valueFont;
        double lineHeight = 0.0;
        QRectF titleRect;
        QRectF infoRect;
        QRectF gridArea;  ///< between the title and the info line
        QRectF blockRect;  ///< what is drawn in gridArea: labels, matrix, titles, colour bar
        bool hasGrid = false;
        int rows = 0;
        int columns = 0;
        double cellSize = 0.0;
        QRectF matrixRect;
        QRectF rowLabelArea;
        double swatchSize = 0.0;  ///< 0 when rows are too thin for a colour swatch
        double swatchCentreX = 0.0;
        int rowStep = 1;
        int columnStep = 1;
        bool verticalColumnLabels = false;
        double columnLabelTop = 0.0;
        double columnLabelExtent = 0.0;
        QVector<QString> rowLabels;     ///< elided; empty strings for rows left unlabelled
        QVector<QString> columnLabels;  ///< elided; empty strings for columns left unlabelled
        QRectF xTitleRect;
        QString xTitle;
        QRectF yTitleRect;  ///< the rotated title's box, in unrotated coordinates
        QString yTitle;
        QRectF barRect;
        double tickLength = 0.0;
    };

    /// What the cached background picture shows besides the layout: when any of it changes, the
    /// picture is painted again (a drag step changes none of it while weights are shown).
    struct BackgroundKey {
        QSize size;
        qreal dpr = 0.0;
        quint64 layoutGeneration = 0;
        int selectedQuery = -1;
        State state = State::Refused;
        bool scores = false;
        int colorMap = -1;
        double scaleLow = 0.0;
        double scaleHigh = 0.0;
        QStringList infoLines;
        QVector<bool> undefinedRows;
        qint64 palette = 0;
        bool operator==(const BackgroundKey &other) const;
    };

    void invalidateContent();
    void ensureContent() const;
    void rebuildContent() const;
    void ensureLayout() const;
    void relayout() const;
    Layout computeLayout(const QRectF &bounds) const;
    void ensureLabelWidths(const QFont &font) const;
    QVector<Tick> computeTicks(const Layout &layout) const;
    bool valuesFit(const Layout &layout) const;
    QImage composeMatrixLayer(const Layout &layout, qreal dpr) const;
    void refreshInfo() const;
    QString hoverInfo(int queryRow, int keyRow, bool fullPrecision) const;
    QStringList wrapInfo(const QString &text, const Layout &layout) const;
    QString titleText() const;
    /// The title as it fits `width`: whole, else without its formula, else cut.
    QString fittedTitle(const QFontMetricsF &boldFm, double width) const;
    QString scaleText() const;
    void updateAccessibleDescription();
    void updateHoverFromPosition(const QPointF &pos);
    // Keyboard and accessibility (see that section of the .cpp).
    bool handleKeyboardCell(QKeyEvent *event);
    void setKeyboardCell(int queryRow, int keyRow);
    void updateAccessibleNumbers();
    void paintFocusFrame(QPainter &painter) const;
    /// The query whose row is outlined and labelled in bold: the selected one, or -1 in a figure
    /// that leaves the selection out.
    int outlinedQuery() const;
    /// Whether the hovered cell is shown (never in a figure).
    bool showsHover() const { return !m_figureMode; }

    BackgroundKey backgroundKey(qreal dpr) const;
    /// Everything but the matrix itself: title, labels, swatches, colour bar, info line, refusal.
    void paintBackground(QPainter &painter, const QRectF &rect, const Layout &layout,
                         const QVector<Tick> &ticks, const QStringList &infoLines) const;
    void paintRefused(QPainter &painter, const Layout &layout) const;
    void paintMatrix(QPainter &painter, const Layout &layout, bool ownLayout) const;
    void paintLabels(QPainter &painter, const Layout &layout) const;
    void paintColorBar(QPainter &painter, const Layout &layout, const QVector<Tick> &ticks) const;
    void paintInfo(QPainter &painter, const Layout &layout, const QStringList &lines) const;
    /// The hovered cell's outline: the theme's highlight ("laser pointer") while presenting.
    void paintHoveredCell(QPainter &painter, const QRectF &box, double lineHeight) const;
    /// Between big cells: the plot background, slightly see-through.
    QColor seamColor() const;
    /// Repaints on theme, line-scale and presentation changes (theme.h, presentationmode.h).
    void setUpThemeHandling();

    AttentionModel *m_model;
    ViewState *m_viewState;

    // Layout of the widget's own rect, rebuilt on resize, font change and scenario reset.
    mutable Layout m_layout;
    /// The cells' value texts shaped once (most repeat between two drag steps), for the
    /// widget's own painting; a generation holds a few screens' worth.
    static constexpr int kValueTextGeneration = 8192;
    mutable TwoGenerationCache<QString, QStaticText> m_valueTexts{kValueTextGeneration};
    mutable QFont m_valueTextsFont;
    /// The value texts' widths in the value font, measured once per text.
    mutable TwoGenerationCache<QString, double> m_valueWidths{kValueTextGeneration};
    mutable QFont m_valueWidthsFont;
    mutable bool m_layoutDirty = true;
    mutable QVector<Tick> m_ticks;
    mutable QStringList m_infoLines;
    mutable bool m_labelWidthsValid = false;
    mutable QFont m_labelWidthsFont;
    mutable double m_widestRowLabel = 0.0;
    mutable double m_widestColumnLabel = 0.0;
    mutable QVector<QString> m_columnTwoLineTexts;
    mutable double m_widestColumnTwoLines = 0.0;
    mutable bool m_valuesFit = false;

    // What the numbers look like, rebuilt when the result, colour map, quantity or values
    // switch change (or lazily before painting a widget that was hidden at the time).
    mutable bool m_contentDirty = true;
    mutable State m_state = State::Refused;
    mutable int m_rows = 0;
    mutable int m_columns = 0;
    mutable QImage m_cellImage;  ///< RGB32, one pixel per cell
    mutable QImage m_maskImage;  ///< Alpha8, opaque where masked; null when nothing is masked
    mutable QImage m_barImage;   ///< 1 x 256, the colour map from top (high) to bottom (low)
    mutable QVector<bool> m_undefinedRows;
    mutable QVector<QString> m_cellTexts;  ///< only for matrices small enough to show them
    mutable QVector<QRgb> m_cellTextColors;
    mutable double m_scaleLow = 0.0;
    mutable double m_scaleHigh = 1.0;
    mutable QString m_refusal;
    mutable quint64 m_contentGeneration = 0;

    // The matrix with its hatching, at device resolution for the widget's own layout.
    mutable QImage m_layer;
    mutable quint64 m_layerGeneration = ~quint64(0);
    mutable QRectF m_layerRect;
    mutable qreal m_layerDpr = 0.0;

    mutable QString m_infoText;
    /// The info line holds only the hover hint: a figure leaves it out (nobody hovers a print).
    mutable bool m_infoIsHint = false;
    QString m_describedShape;
    bool m_hoverIsOurs = false;
    Cell m_keyboardCell;
    /// The focus frame is shown for keyboard focus only (FocusRing::visibleFocus).
    bool m_focusVisible = false;
    /// See setFigureMode().
    bool m_figureMode = false;
    bool m_figureShowsSelection = false;
    /// What updateAccessibleDescription() says about the shape; the numbers are added to it.
    QString m_shapeDescription;

    // Which query rows changed since the content was built: a query drag changes one row of the
    // weights, so only that row of the cell image is coloured again.
    mutable QVector<int> m_changedRows;
    mutable bool m_allRowsChanged = true;

    // The background picture (everything but the matrix) of the widget's own layout.
    mutable quint64 m_layoutGeneration = 0;
    mutable quint64 m_infoLinesGeneration = ~quint64(0);
    QPixmap m_background;
    BackgroundKey m_backgroundKey;
};

} // namespace attnlens
