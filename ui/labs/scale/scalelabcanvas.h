#pragma once

#include "figuresource.h"
#include "scalelabmeasurement.h"
#include "scalelabpainter.h"

#include <QWidget>

#include <optional>

namespace attnlens {

class AttentionModel;
class OffscreenDeferral;
class ViewState;

/// The √d_k lab's picture (ScaleLabPainter) of the model's scenario, measured by
/// measureScaleLab(): the engine's own scores and weights, never a formula. It measures when the
/// result changes while it is on screen (a hidden lab, or one tabbed behind another dock, waits
/// until it is seen: OffscreenDeferral) and paints what it measured. Its accessible description
/// says the same numbers in words.
class PredictFirstCover;

class ScaleLabCanvas : public QWidget, public FigureSource {
    Q_OBJECT

public:
    ScaleLabCanvas(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;

    /// The numbers shown, measured now if they are stale; nullptr while the engine refuses.
    const ScaleLabMeasurement *measurement() const;
    /// How many times the lab measured (tests see that a hidden lab does not).
    quint64 measureCount() const { return m_measureCount; }
    /// Paints the lab into any painter: the screen and the exported figure.
    void paintLab(QPainter &painter, const QRectF &rect) const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

    /// Whether the lab is covered until the lesson's reveal (its step asks for the spreads).
    bool isCoveredForPrediction() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Covers the histograms and their numbers while the lesson conceals the spreads.
    void applyConcealment();
    void modelChanged();
    void refresh();
    void ensureMeasured() const;
    void updateAccessibleDescription();
    ScaleLabPicture picture() const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    OffscreenDeferral *m_deferral = nullptr;
    PredictFirstCover *m_cover = nullptr;
    mutable std::optional<ScaleLabMeasurement> m_measurement;
    mutable QString m_refusal;
    mutable bool m_stale = true;
    mutable quint64 m_measureCount = 0;
};

} // namespace attnlens
