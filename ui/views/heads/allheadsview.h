#pragma once

#include "allheadslayout.h"
#include "figuresource.h"
#include "heatmapimage.h"

#include <QRectF>
#include <QString>
#include <QVector>
#include <QWidget>

#include <vector>

class QKeyEvent;
class QPainter;

namespace attnlens {

class AttentionModel;
class OffscreenDeferral;
class ViewState;

/// Every head at once (what BertViz calls the model view): a small weights heatmap per head in a
/// grid that adapts to the number of heads and to the room, each tile named after its head, the
/// selected head's tile framed. Pointing at a cell (query i, key j) of any tile outlines (i, j) in
/// every tile and lists every head's weight for it under the grid; under that, a bar per head of
/// its mean row entropy shows which heads are sharp and which diffuse.
///
/// Clicking a tile, or Enter / Space on the tile the keyboard is on, selects that head in every
/// view. Keys: the arrows move the cell, Ctrl+arrows move from tile to tile (Home / End: the first
/// and last), so Tab still leaves the view and PageUp / PageDown stay the lesson's.
///
/// Cost: one one-pixel-per-cell image per head (HeatmapImage, the heatmap's own), coloured again
/// only when that head's weights changed: a query drag in one head recolours that head's dragged
/// row; keys recolour their head; mask, temperature, colour map and theme recolour all. Pointing,
/// the keyboard and selecting another head recolour nothing and compute nothing.
class AllHeadsView : public QWidget, public FigureSource {
    Q_OBJECT

public:
    AllHeadsView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);
    ~AllHeadsView() override;

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;
    QSize fittedFigureSize(const QSize &bounds) const override { return fittedSize(bounds); }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Paints the whole overview into `rect` of any size; paintEvent() uses it with the widget's
    /// rect, figures with theirs.
    void paintAllHeads(QPainter &painter, const QRectF &rect) const;
    /// As a figure: a title naming the scenario, no pointed cell, no keyboard ring, no readout;
    /// the selected head framed only when `showSelection`.
    void setFigureMode(bool figure, bool showSelection = false);
    bool isFigureMode() const { return m_figureMode; }
    /// The size within `bounds` that the content fills: as wide, and no taller than the tiles,
    /// the readout and the bars need (a figure leaves no blank band under them).
    QSize fittedSize(const QSize &bounds) const;

    /// The layout of the widget's own rect.
    const AllHeadsLayout &currentLayout() const;
    int tileCount() const { return static_cast<int>(currentLayout().matrixRects.size()); }
    /// Head h's cell (query, key) in widget coordinates; empty when not shown.
    QRectF cellRect(int head, int query, int key) const;
    /// The line under the grid: every head's weight for the pointed cell, or the hint.
    QString readoutText() const;
    /// Each head's mean over its queries of the row entropy of its weights, in nats.
    QVector<double> meanEntropies() const;
    /// How many head images were coloured (in whole or in part) since the view was made.
    quint64 tileRebuildCount() const { return m_rebuildCount; }
    /// The tile the keyboard is on (-1 before the keyboard was used) and its cell.
    int focusedHead() const { return m_focusedHead; }
    int keyboardQuery() const { return m_keyboardQuery; }
    int keyboardKey() const { return m_keyboardKey; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    void markAllStale();
    void markHeadStale(int head);
    /// Colours again the images of the heads whose weights changed.
    void ensureImages() const;
    AllHeadsLayout computeLayout(const QRectF &bounds, const QFont &font) const;
    double readoutHeight(double width, const QFont &font) const;
    QString readoutFor(int query, int key) const;
    QStringList tileLabels() const;
    void invalidateLayout();
    void refresh();
    /// What refresh() asks for, done now: the stale tiles, the description, a repaint.
    void refreshOnScreen();
    void updateAccessibleDescription();
    void setKeyboardCell(int head, int query, int key);
    void setHoverFromPosition(const QPointF &pos);

    AttentionModel *m_model;
    ViewState *m_viewState;

    mutable std::vector<HeatmapImage> m_images;
    mutable std::vector<bool> m_stale;
    mutable QVector<double> m_entropies;
    /// Each head's entropy of every row, and the rows whose weights moved since (a query drag
    /// moves one row: its mean is brought up to date from that row alone, not from N_q rows of
    /// logarithms). An empty row list with m_entropyWhole set means every row.
    mutable std::vector<std::vector<double>> m_rowEntropies;
    mutable std::vector<std::vector<Index>> m_entropyRows;
    mutable std::vector<bool> m_entropyWhole;
    mutable quint64 m_rebuildCount = 0;
    OffscreenDeferral *m_deferral = nullptr;
    mutable AllHeadsLayout m_layout;
    mutable bool m_layoutDirty = true;
    /// Set by headSelected() / headRenamed(): the scenarioReset() that follows changes no weight.
    bool m_resetKeepsImages = false;

    bool m_hoverIsOurs = false;
    int m_focusedHead = -1;
    int m_keyboardQuery = -1;
    int m_keyboardKey = -1;
    bool m_focusVisible = false;
    bool m_figureMode = false;
    bool m_figureShowsSelection = false;
};

} // namespace attnlens
