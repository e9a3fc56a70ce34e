#pragma once

#include "scorelabpainter.h"

#include <QWidget>

namespace attnlens {

class AttentionModel;
class ViewState;

/// The score lab's picture on screen (ScoreLabPainter) for the selected query of the selected
/// head: pointing at an encoder state's row points at that (query, key) cell in every view, and
/// the arrows Up / Down do the same from the keyboard. Screen readers get every state's score
/// and weight in the accessible description.
class ScoreLabPicture : public QWidget {
    Q_OBJECT

public:
    ScoreLabPicture(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// Paints the picture into `rect` (the figure export uses this with its own painter).
    ScoreLabPainter::Geometry paintPicture(QPainter &painter, const QRectF &rect, const QFont &font) const;
    const ScoreLabPainter::Geometry &geometry() const { return m_geometry; }

protected:
    void paintEvent(QPaintEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void leaveEvent(QEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    void refresh();
    void updateAccessibleDescription();

    AttentionModel *m_model;
    ViewState *m_viewState;
    ScoreLabPainter::Geometry m_geometry;
};

} // namespace attnlens
