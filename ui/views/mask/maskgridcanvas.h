#pragma once

#include "gesture.h"
#include "maskgridgeometry.h"
#include "maskgridpainter.h"
#include "textfit.h"

#include <QImage>
#include <QRect>
#include <QWidget>

#include <vector>

class QVariantAnimation;

namespace attnlens {

class AttentionModel;
class MaskEditor;
class ViewState;

/// The painted N_q x N_k mask grid: rows are queries, columns keys, allowed cells filled and
/// blocked cells hatched grey with a cross, and under it the "real key" flags of the padding
/// preset. A click or Space on the focus cell toggles a cell through the MaskEditor; a refused
/// toggle flashes a red outline.
///
/// The widget is the interaction, the tooltips and the accessible description; where things go
/// is a MaskGridGeometry, measured on resize (hit-testing uses the very cell edges that are
/// painted, so clicks stay exact even when 512 columns share 500 pixels), and the drawing is a
/// MaskGridPainter.
class MaskGridCanvas : public QWidget {
    Q_OBJECT

public:
    MaskGridCanvas(AttentionModel *model, ViewState *viewState, MaskEditor *editor,
                   QWidget *parent = nullptr);
    ~MaskGridCanvas() override;

    /// The painted rectangle of cell (queryRow, keyRow); empty when out of range.
    QRect cellRect(int queryRow, int keyRow) const { return m_geometry.cellRect(queryRow, keyRow); }
    /// The painted rectangle of key j's "real key" flag under the grid.
    QRect realKeyRect(int keyRow) const { return m_geometry.realKeyRect(keyRow); }
    /// The rectangle holding query row i's label, left of the grid.
    QRect rowLabelRect(int queryRow) const { return m_geometry.rowLabelRect(queryRow); }

    /// The keyboard focus cell; focusQueryRow() == query count means the "real key" row.
    int focusQueryRow() const { return m_focusRow; }
    int focusKeyRow() const { return m_focusColumn; }
    void setFocusCell(int queryRow, int keyRow);

    /// Where the grid and its labels sit when the view is wider than they need (left by default).
    /// Right alignment hugs the right edge while the spare width is small, and centres otherwise.
    void setBlockAlignment(Qt::Alignment alignment);

    /// True while a refusal flash is running.
    bool isFlashing() const;
    /// Whether the column labels are drawn rotated (too narrow to write them across).
    bool columnLabelsRotated() const { return m_geometry.columnLabelsRotated(); }
    /// Every how many rows / columns a label is written (1 = all).
    int rowLabelStep() const { return m_geometry.rowLabelStep(); }
    int columnLabelStep() const { return m_geometry.columnLabelStep(); }

    /// The key names over the columns as drawn (shortened only when no layout fits them), and
    /// the query names beside the rows, in widget coordinates; a shortened name's tooltip (what
    /// hovering it shows) holds the full name.
    QVector<DrawnLabel> drawnLabels() const;
    /// Where everything is, as last measured.
    const MaskGridGeometry &geometry() const { return m_geometry; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    using Hit = MaskGridGeometry::Hit;

    void onScenarioReset();
    /// Ends a paint stroke (press to release): the stroke is one edit of the model.
    void finishStroke();
    void onMaskChanged();
    void onResultChanged();
    void relayout();
    void updateEmptyRows();
    void updateBanner();
    void rebuildCoarseImage();
    void flash(int queryRow, int keyRow);
    Hit hitTest(const QPoint &pos) const;
    int queryCount() const;
    int keyCount() const;
    QString cellToolTip(const Hit &hit) const;
    /// What the painter draws besides the geometry (mask, marks, hover, focus, flash).
    MaskGridPainter::State paintState() const;
    /// The accessible description: the help text, then the focused cell and its row in words.
    void updateAccessibleState();

    AttentionModel *m_model;
    ViewState *m_viewState;
    MaskEditor *m_editor;

    // Measured on resize and when the scenario, the font or the banner changes.
    MaskGridGeometry m_geometry;
    QString m_bannerText;
    Qt::Alignment m_alignment = Qt::AlignLeft;

    std::vector<bool> m_emptyRows;  // per query row: allows no key
    QImage m_coarseImage;           // the cells of a large grid, one pixel per device pixel

    int m_focusRow = 0;
    int m_focusColumn = 0;
    // The focus cell is drawn once the keyboard is in use, not after a mouse click.
    bool m_showFocusCell = false;
    QString m_helpDescription;

    QVariantAnimation *m_flashAnimation = nullptr;
    int m_flashRow = -1;
    int m_flashColumn = -1;
    double m_flashStrength = 0.0;

    /// A stroke, press to release (gesture.h); a click is a stroke of one cell.
    Gesture m_stroke;
    bool m_dragging = false;
    bool m_dragValue = false;
    int m_lastDragRow = -1;
    int m_lastDragColumn = -1;
    /// How many cells the open stroke changed; it names the edit.
    int m_strokeCells = 0;
};

} // namespace attnlens
