#pragma once

#include "derivation.h"
#include "gesture.h"

#include <QPointF>
#include <QRectF>
#include <QWidget>

#include <optional>

namespace attnlens {

class AttentionModel;
class Theme;
class ViewState;

/// The derivation lab's plane: the tokens of X (circles, in the query colours) and of Y
/// (squares, in the key colour) at their embeddings, first two coordinates. Drag a token with
/// the mouse, or pick one with Page Up / Page Down and move it with the arrow keys (Shift: finer
/// steps); every move goes to AttentionModel::setToken, so its query, key and value follow in
/// every view, and a drag or a run of key presses is one undo step. In figure mode it also writes
/// which stream Q, K and V come from and the three projections, and shows no focus or selection.
class DerivationPlane : public QWidget {
    Q_OBJECT

public:
    DerivationPlane(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// The token picked for the keyboard: its stream and row.
    TokenStream selectedStream() const { return m_selectedStream; }
    int selectedRow() const { return m_selectedRow; }
    void selectToken(TokenStream stream, int row);

    /// Where token `row` of `stream` is drawn, in widget coordinates (none: no such token).
    std::optional<QPointF> tokenPosition(TokenStream stream, int row) const;
    /// The plane's square, in widget coordinates.
    QRectF plotRect() const;

    void setFigureMode(bool figure);
    /// Draws everything into `painter` over `rect` (the figure path and paintEvent alike).
    void paintPlane(QPainter &painter, const QRectF &rect) const;

    /// "Q, K and V all come from X" or "Q comes from X; K and V come from Y" (translated).
    static QString sourceSentence(const std::optional<Derivation> &derivation);

    /// One arrow-key step, and one with Shift held.
    static constexpr double kStep = 0.1;
    static constexpr double kFineStep = 0.01;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void focusOutEvent(QFocusEvent *event) override;

private:
    struct Frame {
        QRectF plot;
        double extent = 1.0;  ///< the plane shows [-extent, extent] on both axes
        QPointF toWidget(double x, double y) const;
        QPointF toPlane(const QPointF &point) const;
    };
    Frame frameFor(const QRectF &rect) const;
    double naturalExtent() const;
    void moveSelectedBy(double dx, double dy);
    void endGesture();
    void updateDescription();
    const Theme &theme() const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    bool m_figure = false;
    TokenStream m_selectedStream = TokenStream::X;
    int m_selectedRow = 0;
    bool m_dragging = false;
    bool m_keyGesture = false;
    /// The drag or the key run as one edit of the model (gesture.h).
    Gesture m_move;
    /// While a drag or a key run lasts, the plane keeps its scale (it would slide under the mouse).
    std::optional<double> m_frozenExtent;
};

} // namespace attnlens
