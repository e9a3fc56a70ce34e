#pragma once

#include "matrixlabellayout.h"
#include "matrixtypes.h"
#include "textfit.h"

#include <QFont>
#include <QImage>
#include <QStringList>
#include <QWidget>

#include <optional>

namespace attnlens {

class AttentionModel;
class ViewState;

/// A small matrix drawn cell by cell for side-by-side comparisons: before and after an
/// intervention, or the difference between two snapshots. It shows numbers it is given, not the
/// live model (the model pointer is only there to follow the house constructor), coloured with
/// the shared colour map on 0..1 (Scale::Unit) or with a blue–white–red scale symmetric about 0
/// (Scale::Difference), which comes with a colour bar labelled with its range. Masked cells are hatched; the full-precision value is in the tooltip.
class ComparisonGrid : public QWidget {
    Q_OBJECT

public:
    enum class Scale { Unit, Difference };

    ComparisonGrid(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// Shows `values` with the given labels; `allowed` hatches the masked cells.
    void setMatrix(const QString &title, const Matrix &values, const std::optional<Mask> &allowed,
                   const QStringList &rowLabels, const QStringList &columnLabels, Scale scale);
    /// Shows no numbers, only `message` on grey (a refused scenario, nothing captured yet).
    void setMessage(const QString &title, const QString &message);

    const Matrix &values() const { return m_values; }
    bool hasMatrix() const { return m_hasMatrix; }
    QString message() const { return m_message; }
    /// The colour a cell is filled with (for tests); invalid when no matrix is shown.
    QColor cellColor(int row, int column) const;
    QRectF cellRect(int row, int column) const;
    /// The difference scale's colour bar (empty for Scale::Unit or without a matrix) and its
    /// range: the bar runs from −legendRange() through 0 (white) to +legendRange().
    QRectF legendRect() const;
    double legendRange() const { return m_differenceRange; }
    /// The legend's end and middle labels ("−0.0894", "0", "+0.0894").
    QStringList legendLabels() const;
    /// The row and column names as written (shortened to their cells, thinned when the cells are
    /// too small for a few letters); a shortened name's tooltip holds it in full.
    QVector<DrawnLabel> drawnLabels() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    bool event(QEvent *event) override;

private:
    void relayout();
    void placeLabels();

    ViewState *m_viewState;
    QString m_title;
    QString m_message;
    Matrix m_values;
    std::optional<Mask> m_allowed;
    QStringList m_rowLabels;
    QStringList m_columnLabels;
    Scale m_scale = Scale::Unit;
    bool m_hasMatrix = false;
    double m_differenceRange = 1.0;

    // Measured on resize.
    QFont m_titleFont;
    QRectF m_titleRect;
    QRectF m_gridRect;
    QRectF m_legendRect;
    QImage m_legendImage;
    double m_rowLabelWidth = 0.0;
    double m_columnLabelHeight = 0.0;
    bool m_showNumbers = true;
    QVector<MatrixLabelLayout::Label> m_placedRowLabels;
    QVector<MatrixLabelLayout::Label> m_placedColumnLabels;
};

} // namespace attnlens
