#include "barchartview.h"

#include "attentionmodel.h"
#include "chartsupport.h"
#include "offscreendeferral.h"
#include "predictfirstcover.h"
#include "refusaloverlay.h"
#include "refusaltext.h"
#include "viewstate.h"

#include <QBarCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QEvent>
#include <QGraphicsLayout>
#include <QGraphicsSimpleTextItem>
#include <QStackedBarSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace attnlens {

BarChartView::BarChartView(AttentionModel *model, ViewState *viewState, const Identity &identity, qreal barWidth,
                           QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(identity.objectName);
    setAccessibleName(identity.accessibleName);
    setAccessibleDescription(identity.accessibleDescription);

    m_chart = new QChart;
    m_chart->setAnimationOptions(QChart::NoAnimation);  // bars follow a live drag exactly
    // Qt Charts' legend cuts entries short where it lacks room: a chart that needs one draws
    // its own.
    m_chart->legend()->hide();
    m_chart->setBackgroundRoundness(0);
    m_chart->setMargins(QMargins(kChartMargin, kChartMargin, kChartMargin, kChartMargin));
    m_chart->layout()->setContentsMargins(0, 0, 0, 0);

    m_series = new QStackedBarSeries;
    m_series->setBarWidth(barWidth);
    m_chart->addSeries(m_series);

    m_xAxis = new QBarCategoryAxis;
    m_xAxis->setGridLineVisible(false);
    m_yAxis = new QValueAxis;
    // The vertical title is drawn by the chart (m_yTitle): fitted to the plot's height, CJK
    // stacked upright.
    m_yAxis->setTitleVisible(false);
    m_yTitle = new QGraphicsSimpleTextItem(m_chart);
    m_chart->addAxis(m_xAxis, Qt::AlignBottom);
    m_chart->addAxis(m_yAxis, Qt::AlignLeft);
    m_series->attachAxis(m_xAxis);
    m_series->attachAxis(m_yAxis);

    m_chartView = new QChartView(m_chart, this);
    m_chartView->scene()->installEventFilter(this);
    // Bars, grid and axes are axis-aligned rectangles and lines: without antialiasing they are
    // crisp one-pixel edges, and a frame costs half as much to paint.
    m_chartView->setRenderHint(QPainter::Antialiasing, false);
    // Nothing here is antialiased, so changed items need no extra 2-pixel margin: with it, every
    // bar's change also repainted the key labels under the axis (laid-out rich text, costly).
    m_chartView->setOptimizationFlag(QGraphicsView::DontAdjustForAntialiasing, true);
    useHairlinePens(m_xAxis);
    useHairlinePens(m_yAxis);
    m_chartView->setMinimumSize(0, 0);
    m_chartView->setFrameShape(QFrame::NoFrame);
    // A drag changes a few bars and labels per frame; repainting their bounding rectangle keeps
    // the painter's clip a plain rectangle, which the raster engine strokes grid lines through
    // far faster than a many-rectangle region.
    m_chartView->setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);

    m_refusal = new RefusalOverlay(this);
    QString refusalName = identity.objectName;
    if (refusalName.endsWith(QLatin1String("View")))
        refusalName.chop(4);
    m_refusal->setObjectName(refusalName + QStringLiteral("Refusal"));
    // What a lesson step may ask to predict from this chart: the numbers it draws.
    // The context's stacks are each key's weight × value, so the weights are read off them too.
    m_answers = identity.numbers == AccessibleNumbers::Content::Weights ? LessonQuantities(LessonQuantity::Weights)
                                                                         : LessonQuantity::Weights | LessonQuantity::Context;
    m_cover = new PredictFirstCover(this);
    m_cover->setObjectName(refusalName + QStringLiteral("Cover"));

    m_deferral = new OffscreenDeferral(this, [this] { rebuild(); }, [this] { refresh(); });
    connect(m_model, &AttentionModel::scenarioReset, m_deferral, &OffscreenDeferral::requestRebuild);
    connect(m_model, &AttentionModel::resultChanged, m_deferral, &OffscreenDeferral::requestRefresh);
    connect(m_viewState, &ViewState::selectedQueryChanged, m_deferral,
            &OffscreenDeferral::requestRefresh);
    connect(m_viewState, &ViewState::concealedAnswersChanged, this, [this] {
        // Covered at once, even while out of sight: a tab brought forward never flashes the
        // answer. Uncovered with the next refresh, which writes the numbers first.
        coverForPrediction();
        m_deferral->requestRefresh();
    });
    connect(m_chart, &QChart::plotAreaChanged, this, [this] { applyChartTitleToolTip(m_chart); });
    connect(m_viewState, &ViewState::themeChanged, this, [this] { applyTheme(); });
    connect(m_viewState, &ViewState::lineScaleChanged, this, [this] { applyTheme(); });

    // Keyboard and accessibility: one Tab stop with a focus ring; the description reads the
    // numbers in words.
    new AccessibleNumbers(m_model, m_viewState, this, identity.numbers);
}

QString BarChartView::errorText() const
{
    return m_refusal->refusal();
}

bool BarChartView::isCoveredForPrediction() const
{
    return m_cover->isCovering();
}

bool BarChartView::coverForPrediction()
{
    if (!(m_viewState->concealedAnswers() & m_answers))
        return false;
    // Predict first: no bar and no number until the lesson's reveal. The title stays, so the
    // student knows what is asked.
    m_series->setVisible(false);
    hideValueItems();
    // The context's stacks are weight × value: they give the weights away too.
    m_cover->cover(m_viewState->conceals(LessonQuantity::Context) && m_answers.testFlag(LessonQuantity::Context)
                       ? tr("The context is hidden until you reveal the answers (R).")
                       : tr("The weights are hidden until you reveal the answers (R)."));
    return true;
}

QVector<DrawnLabel> BarChartView::drawnLabels() const
{
    return chartLabels(m_chartView, this);
}

void BarChartView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    m_chartView->setGeometry(rect());
    m_refusal->setGeometry(rect());
    placeCornerControl();
}

void BarChartView::setCornerControl(QWidget *control)
{
    m_cornerControl = control;
    placeCornerControl();
}

void BarChartView::placeCornerControl()
{
    if (m_cornerControl && !m_cornerControl->isHidden()) {
        const QSize size = m_cornerControl->sizeHint();
        m_cornerControl->setGeometry(width() - kChartMargin - size.width(), kChartMargin, size.width(),
                                     size.height());
        m_cornerControl->raise();
    }
    forgetFittedTitle();
    layoutForSize();
}

void BarChartView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
    else if (event->type() == QEvent::PaletteChange)
        m_deferral->requestRefresh();  // the title is written in the palette's text colour
}

void BarChartView::applyFonts()
{
    const QFont base = font();
    QFont title = scaledFont(base, 1.15);
    title.setBold(true);
    m_chart->setTitleFont(title);
    m_xAxis->setLabelsFont(base);
    m_xAxis->setTitleFont(base);
    m_yAxis->setLabelsFont(base);
    m_yAxis->setTitleFont(base);
    m_yTitle->setFont(base);
    m_refusal->setFont(scaledFont(base, 1.1));
    forgetFittedTitle();
}

void BarChartView::applyTheme()
{
    const Theme &theme = m_viewState->theme();
    m_cover->applyTheme(theme);
    applyThemeToChart(m_chart, {m_xAxis, m_yAxis}, theme, m_viewState->lineWidthFactor());
    m_yTitle->setBrush(theme.textColor());
}

void BarChartView::updateShownQuery()
{
    m_shownQuery = std::clamp(m_viewState->selectedQuery(), 0,
                              std::max(0, static_cast<int>(m_model->scenario().queryCount()) - 1));
}

const AttentionResult *BarChartView::shownResultOrRefusal()
{
    const AttentionResult *result = m_model->result();
    if (!result || m_shownQuery >= result->weights.rows()) {
        m_series->setVisible(false);
        hideValueItems();
        setTitleColor(m_viewState->theme().hintColor());  // greyed: nothing to show
        m_refusal->showRefusal(m_model->error() ? refusalText(m_model->scenario(), *m_model->error(), m_shownQuery)
                                                : tr("No query to show"));
        return nullptr;
    }
    m_refusal->clearRefusal();
    if (coverForPrediction())
        return nullptr;
    m_cover->uncover();
    m_series->setVisible(true);
    setTitleColor(palette().color(QPalette::WindowText));
    return result;
}

void BarChartView::setTitleColor(const QColor &color)
{
    // QChart lays the whole chart out again on every setTitleBrush(), even an unchanged one.
    if (m_chart->titleBrush().color() != color)
        m_chart->setTitleBrush(QBrush(color));
}

QString BarChartView::shownQueryName(bool inFull) const
{
    const Scenario &scenario = m_model->scenario();
    const QString name = scenario.queryCount() > 0 ? scenario.queryLabel(m_shownQuery) : tr("the query");
    return inFull ? quotedInFull(name) : quoted(name);
}

int BarChartView::titleRoomToFit(int variant)
{
    // Fitting the title shapes text: redone only when the query, the width, the font or what
    // the title says changed. Qt Charts centres the title between the chart's margins and cuts
    // it beyond them.
    const QMargins margins = m_chart->margins();
    // The title is centred between the margins: kept short of a corner control that stands
    // out beyond the right margin on both sides alike.
    const int inset = m_cornerControl && !m_cornerControl->isHidden()
        ? std::max(0, m_cornerControl->width() + 2 * kChartMargin - margins.right())
        : 0;
    const int available = width() - margins.left() - margins.right() - 12 - 2 * inset;
    if (available == m_fittedTitleWidth && m_shownQuery == m_fittedTitleQuery && variant == m_fittedTitleVariant)
        return -1;
    m_fittedTitleWidth = available;
    m_fittedTitleQuery = m_shownQuery;
    m_fittedTitleVariant = variant;
    return available;
}

void BarChartView::placeVerticalTitle(const QStringList &candidates, const QRectF &plot)
{
    // In the room verticalTitleRoom() keeps left of the tick labels.
    layoutVerticalTitle(m_yTitle, candidates, kChartMargin, plot.center().y(), plot.height());
}

int BarChartView::verticalTitleRoom(const QString &longest) const
{
    const double thickness = std::max(verticalTitleThickness(longest, font()), QFontMetricsF(font()).height());
    return static_cast<int>(std::ceil(thickness)) + kChartMargin;
}

bool BarChartView::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_chartView->scene() && event->type() == QEvent::ApplicationFontChange)
        return true;
    return QWidget::eventFilter(watched, event);
}

} // namespace attnlens
