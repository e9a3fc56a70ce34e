#pragma once

#include "textfit.h"

#include <QFont>
#include <QImage>
#include <QRect>
#include <QStringList>
#include <QVector>
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
/// toggle flashes a red outline. Geometry is measured on resize, and hit-testing uses the very
/// cell edges that are painted, so clicks stay exact even when 512 columns share 500 pixels.
class MaskGridCanvas : public QWidget {
    Q_OBJECT

public:
    MaskGridCanvas(AttentionModel *model, ViewState *viewState, MaskEditor *editor,
                   QWidget *parent = nullptr);
    ~MaskGridCanvas() override;

    /// The painted rectangle of cell (queryRow, keyRow); empty when out of range.
    QRect cellRect(int queryRow, int keyRow) const;
    /// The painted rectangle of key j's "real key" flag under the grid.
    QRect realKeyRect(int keyRow) const;
    /// The rectangle holding query row i's label, left of the grid.
    QRect rowLabelRect(int queryRow) const;

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
    bool columnLabelsRotated() const { return m_rotatedColumnLabels; }
    /// Every how many rows / columns a label is written (1 = all).
    int rowLabelStep() const { return m_rowLabelStep; }
    int columnLabelStep() const { return m_columnLabelStep; }

    /// The key names over the columns as drawn (shortened only when no layout fits them), and
    /// the query names beside the rows, in widget coordinates; a shortened name's tooltip (what
    /// hovering it shows) holds the full name.
    QVector<DrawnLabel> drawnLabels() const;

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
    enum class ColumnLabelMode { OneLine, TwoLines, Rotated };
    struct Hit {
        enum class Kind { None, Cell, RealKey, RowLabel, ColumnLabel } kind = Kind::None;
        int queryRow = -1;
        int keyRow = -1;
    };

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
    bool columnLabelsFit(ColumnLabelMode mode, double cellWidth) const;
    int columnLabelGap() const;
    Hit hitTest(const QPoint &pos) const;
    int queryCount() const;
    int keyCount() const;
    QString cellToolTip(const Hit &hit) const;

    void paintColumnLabels(QPainter &painter) const;
    void paintRowLabels(QPainter &painter) const;
    void paintCellsDetailed(QPainter &painter) const;
    void paintEmptyRowMarks(QPainter &painter) const;
    void paintRealKeyRow(QPainter &painter) const;
    void paintOutlines(QPainter &painter) const;
    void paintBanner(QPainter &painter) const;
    /// The accessible description: the help text, then the focused cell and its row in words.
    void updateAccessibleState();

    AttentionModel *m_model;
    ViewState *m_viewState;
    MaskEditor *m_editor;

    // Measured on resize and when the scenario or the font changes.
    QFont m_boldFont;
    int m_lineHeight = 0;
    int m_margin = 0;
    QRect m_gridRect;
    QRect m_rowLabelArea;
    QRect m_columnLabelArea;
    QRect m_realKeyRow;
    QRect m_realKeyLabelRect;
    QRect m_bannerRect;
    QVector<int> m_rowEdges;     // N_q + 1 y coordinates
    QVector<int> m_columnEdges;  // N_k + 1 x coordinates
    QStringList m_rowLabels;     // elided to fit
    QStringList m_columnLabels;  // elided to fit
    ColumnLabelMode m_columnLabelMode = ColumnLabelMode::OneLine;
    bool m_rotatedColumnLabels = false;
    int m_rowLabelStep = 1;
    int m_columnLabelStep = 1;
    int m_swatchWidth = 0;
    bool m_detailed = true;
    bool m_drawCrosses = true;
    bool m_drawGaps = true;
    QString m_bannerText;
    QString m_realKeyLabel;
    int m_undefinedTextWidth = 0;
    Qt::Alignment m_alignment = Qt::AlignLeft;

    std::vector<bool> m_emptyRows;
    bool m_anyEmptyRow = false;

    QImage m_coarseImage;
    bool m_coarseImageDirty = true;

    int m_focusRow = 0;
    int m_focusColumn = 0;
    // The focus cell is drawn once the keyboard is in use, not after a mouse click.
    bool m_showFocusCell = false;
    QString m_helpDescription;

    QVariantAnimation *m_flashAnimation = nullptr;
    int m_flashRow = -1;
    int m_flashColumn = -1;
    double m_flashStrength = 0.0;

    bool m_dragging = false;
    bool m_dragValue = false;
    int m_lastDragRow = -1;
    int m_lastDragColumn = -1;
    /// How many cells the open stroke changed; it names the edit.
    int m_strokeCells = 0;
};

} // namespace attnlens
