#include "scalelabcanvas.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "offscreendeferral.h"
#include "predictfirstcover.h"
#include "viewstate.h"

#include <QEvent>
#include <QFontMetricsF>
#include <QPainter>

namespace attnlens {

ScaleLabCanvas::ScaleLabCanvas(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent), m_model(model), m_viewState(viewState)
{
    setObjectName(QStringLiteral("scaleLabCanvas"));
    setAccessibleName(tr("√d_k lab: spreads and softmax with and without the division"));
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // A new scenario is always followed by resultChanged, so the result alone is listened to.
    m_deferral = new OffscreenDeferral(this, {}, [this] { refresh(); });
    connect(m_model, &AttentionModel::resultChanged, this, &ScaleLabCanvas::modelChanged);
    connect(m_viewState, &ViewState::themeChanged, this, qOverload<>(&QWidget::update));
    connect(m_viewState, &ViewState::lineScaleChanged, this, qOverload<>(&QWidget::update));
    m_cover = new PredictFirstCover(this);
    m_cover->setObjectName(QStringLiteral("scaleLabCover"));
    connect(m_viewState, &ViewState::themeChanged, this, &ScaleLabCanvas::applyConcealment);
    connect(m_viewState, &ViewState::concealedAnswersChanged, this, &ScaleLabCanvas::applyConcealment);
    modelChanged();
    applyConcealment();
}

bool ScaleLabCanvas::isCoveredForPrediction() const
{
    return m_cover->isCovering();
}

void ScaleLabCanvas::applyConcealment()
{
    m_cover->applyTheme(m_viewState->theme());
    // The histograms' widths are the answer as much as their numbers: the whole picture waits,
    // while d_k, the sample and the stretch stay in the student's hands.
    if (m_viewState->conceals(LessonQuantity::Spread))
        m_cover->cover(tr("The spreads of the dot products and the scores are hidden until you reveal the answers (R)."));
    else
        m_cover->uncover();
    updateAccessibleDescription();
}

void ScaleLabCanvas::modelChanged()
{
    m_stale = true;
    m_deferral->requestRefresh();
}

void ScaleLabCanvas::refresh()
{
    ensureMeasured();
    updateAccessibleDescription();
    update();
}

void ScaleLabCanvas::ensureMeasured() const
{
    if (!m_stale)
        return;
    m_stale = false;
    ++m_measureCount;
    Result<ScaleLabMeasurement> measured = measureScaleLab(m_model->scenario());
    if (measured) {
        m_measurement = std::move(measured).value();
        m_refusal.clear();
    } else {
        m_measurement.reset();
        m_refusal = tr("The engine refuses this scenario: %1").arg(measured.error().message);
    }
}

const ScaleLabMeasurement *ScaleLabCanvas::measurement() const
{
    ensureMeasured();
    return m_measurement ? &*m_measurement : nullptr;
}

ScaleLabPicture ScaleLabCanvas::picture() const
{
    ScaleLabPicture p;
    p.measurement = measurement();
    p.refusal = m_refusal;
    const Scenario &s = m_model->scenario();
    p.isSample = s.scaleLab.has_value();
    for (Index i = 0; i < s.queryCount(); ++i)
        p.queryLabels.append(s.queryLabel(i));
    if (m_measurement && m_measurement->stretch)
        p.stretchedKeyLabel = s.keyLabel(m_measurement->stretch->key);
    p.theme = m_viewState->theme();
    p.font = font();
    p.lineWidth = m_viewState->lineWidthFactor();
    return p;
}

void ScaleLabCanvas::paintLab(QPainter &painter, const QRectF &rect) const
{
    ScaleLabPainter::paint(painter, rect, picture());
}

void ScaleLabCanvas::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    paintLab(painter, QRectF(rect()));
}

void ScaleLabCanvas::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

void ScaleLabCanvas::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        updateGeometry();
}

QSize ScaleLabCanvas::sizeHint() const
{
    const double em = QFontMetricsF(font()).height();
    return QSize(qRound(52 * em), qRound(28 * em));
}

QSize ScaleLabCanvas::minimumSizeHint() const
{
    const double em = QFontMetricsF(font()).height();
    return QSize(qRound(30 * em), qRound(12.5 * em));
}

void ScaleLabCanvas::updateAccessibleDescription()
{
    if (m_cover && m_cover->isCovering()) {
        setAccessibleDescription(m_cover->hiddenText());
        return;
    }
    const ScaleLabMeasurement *m = m_measurement ? &*m_measurement : nullptr;
    if (!m) {
        setAccessibleDescription(m_refusal);
        return;
    }
    QString text = tr("d_k = %1. %2: %3. %4: %5. Mean largest softmax weight: %6 without the "
                      "division, %7 with it.")
                       .arg(m->keyDimension)
                       .arg(ScaleLabPainter::rawTitle(),
                            ScaleLabPainter::spreadLine(
                                m->rawDeviation,
                                tr("√%1 = %2").arg(m->keyDimension).arg(formatCompact(m->expectedRawDeviation, 2))),
                            ScaleLabPainter::scaledTitle(),
                            ScaleLabPainter::spreadLine(m->scaledDeviation, QStringLiteral("1")),
                            formatCompact(m->meanLargestUnscaled, 2), formatCompact(m->meanLargestScaled, 2));
    if (m->stretch) {
        const Scenario &s = m_model->scenario();
        text += QLatin1Char(' ')
            + ScaleLabPainter::stretchLine(*m->stretch, s.keyLabel(m->stretch->key), s.queryLabel(m->stretch->query));
    }
    setAccessibleDescription(text);
}

void ScaleLabCanvas::drawFigure(QPainter &painter, const QSizeF &size, bool) const
{
    paintLab(painter, QRectF(QPointF(0, 0), size));
}

} // namespace attnlens
