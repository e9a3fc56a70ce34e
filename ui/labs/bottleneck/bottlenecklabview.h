#pragma once

#include "bottlenecklabpainter.h"
#include "figuresource.h"
#include "gesture.h"

#include <QString>
#include <QWidget>

class QPainter;

namespace attnlens {

class AttentionModel;
class OffscreenDeferral;
class ViewState;

/// Lab 1, the fixed-context bottleneck: beside each other, the one context a final-state encoder
/// hands every decoder query (the last value, and the mean of the values as the second common
/// choice; both drawn, both computed from V directly) and attention's own context per query
/// (C = AV, the engine's result). BottleneckLabPainter lays it out and draws it.
///
/// Dragging a query's arrow tip in the key plane moves that query live (one setQueryRow per mouse
/// move, the whole drag one edit: AttentionModel::beginEdit on press, endEdit on release) and
/// selects it; only its attention context moves, the fixed ones stay. From the keyboard, 1–9 or
/// Q / Shift+Q choose the query and the arrow keys move it by 0.1 (Shift: 0.01), a run of presses
/// one edit. The key plane keeps its scale during a drag and refits after it. The lab owns no
/// data: the model's scenario and result are all it shows.
class BottleneckLabView : public QWidget, public FigureSource {
    Q_OBJECT

public:
    explicit BottleneckLabView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// Paints the whole lab into `rect` of any painter (what paintEvent and a figure draw).
    void paintLab(QPainter &painter, const QRectF &rect, bool keyboardFocus = false) const;

    /// The frame on screen, in widget coordinates.
    BottleneckLabPainter::Frame frame() const;
    /// Where query `row`'s arrow tip is, in widget coordinates.
    QPointF tipPosition(int row) const;

    /// The numbers in words (also the accessible description).
    QString numbersDescription() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusInEvent(QFocusEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void onChanged();
    int tipAt(const QPointF &pos) const;
    int selectedQuery() const;
    void nudge(int dx, int dy, bool fine);
    void finishNudgeRun();
    void finishDrag();

    AttentionModel *m_model;
    ViewState *m_viewState;
    OffscreenDeferral *m_deferral = nullptr;
    double m_keyRange = 1.0;
    int m_dragRow = -1;
    bool m_keyboardFocus = false;
    /// A drag, press to release, and a run of arrow-key nudges: one edit each (gesture.h).
    Gesture m_drag;
    Gesture m_nudgeRun;
};

} // namespace attnlens
