#pragma once

#include "accessiblenumbers.h"
#include "lessonstep.h"
#include "textfit.h"

#include <QString>
#include <QStringList>
#include <QVector>
#include <QWidget>

class QBarCategoryAxis;
class QChart;
class QChartView;
class QGraphicsSimpleTextItem;
class QStackedBarSeries;
class QValueAxis;

namespace attnlens {

class AttentionModel;
struct AttentionResult;
class OffscreenDeferral;
class PredictFirstCover;
class RefusalOverlay;
class ViewState;

/// What the weights and the context charts have in common (Qt Charts): a chart of stacked bars
/// for the selected query over a category axis and a value axis, drawn crisp and without
/// animation so that it follows a drag; a vertical axis title the chart writes itself (Qt Charts
/// would cut it, and turn CJK sideways); a title fitted to the width; the theme's colours; a
/// grey veil with the refusal while the model refuses the scenario; no work while out of sight
/// (OffscreenDeferral: rebuild() when the scenario was replaced, refresh() for new numbers); and
/// an accessible description that reads the numbers (AccessibleNumbers).
///
/// A subclass adds its own series and items, and writes the numbers in rebuild() and refresh().
class BarChartView : public QWidget {
    Q_OBJECT

public:
    QChart *chart() const { return m_chart; }
    /// The query row shown (the selected one, clamped to the scenario).
    int shownQuery() const { return m_shownQuery; }
    /// The refusal written over the chart, empty while the scenario computes.
    QString errorText() const;
    /// Whether the chart is covered until the lesson's reveal (ViewState::concealedAnswers()).
    bool isCoveredForPrediction() const;
    /// Every text the chart draws (titles, ticks, value labels, names), in widget coordinates.
    QVector<DrawnLabel> drawnLabels() const;

protected:
    /// How the view names itself, to the object tree and to a screen reader.
    struct Identity {
        QString objectName;  ///< e.g. "weightsChartView"; its refusal is "weightsChartRefusal"
        QString accessibleName;
        QString accessibleDescription;
        AccessibleNumbers::Content numbers;
    };
    /// The space kept around the plot, and the room's unit for the vertical title.
    static constexpr int kChartMargin = 4;

    /// Sets up the chart, its bar series (bars `barWidth` of a category wide) and axes, and the
    /// reactions to the model; the subclass's constructor then adds its own parts and calls
    /// applyFonts(), applyTheme() and rebuild().
    BarChartView(AttentionModel *model, ViewState *viewState, const Identity &identity, qreal barWidth,
                 QWidget *parent);

    /// The scenario was replaced: the sets and items follow its shape, then refresh().
    virtual void rebuild() = 0;
    /// New numbers or another query: the values are written in place.
    virtual void refresh() = 0;
    /// Fonts from the widget's font (the title larger and bold). An override calls this first.
    virtual void applyFonts();
    /// Background, axes, grid and titles in the theme's colours. An override calls this first.
    virtual void applyTheme();
    /// The widget was resized (the chart already has the new size).
    virtual void layoutForSize() = 0;
    /// Hides the items that show numbers, while the refusal is written over the chart.
    virtual void hideValueItems() = 0;

    /// A small control in the top-right corner, on the title's line (the context chart's
    /// "concatenate heads"): the plot keeps all its room. It stands above a legend column when
    /// there is one; otherwise the (centred) title is fitted short of it. Call
    /// placeCornerControl() after showing or hiding it.
    void setCornerControl(QWidget *control);
    void placeCornerControl();

    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    /// Keeps QApplication's font changes (QToolTip::setFont too sends one to every graphics
    /// scene) away from the chart's scene: Qt Charts 6.4 deletes axis label items while the scene
    /// is still walking its copied item list to resolve the new font, and the app crashes (the UI
    /// monkey found it, seed 3, on a text-size step). The chart's fonts are set from this widget's
    /// font, which follows the window's, so the scene's own font is not needed.
    bool eventFilter(QObject *watched, QEvent *event) override;

    /// Clamps the selected query to the scenario into shownQuery().
    void updateShownQuery();
    /// The result to show for shownQuery(), the chart's series made visible; nullptr when the
    /// model refuses the scenario, after writing the refusal over the greyed-out chart.
    const AttentionResult *shownResultOrRefusal();
    /// The shown query as the title names it: quoted and perhaps shortened, or in full.
    QString shownQueryName(bool inFull = false) const;
    /// The width the title may take when it must be fitted again (the width, the shown query or
    /// `variant` changed since it was last fitted); -1 while the title fitted then still holds.
    int titleRoomToFit(int variant = 0);
    /// The title is fitted again at the next titleRoomToFit() (new fonts, new texts).
    void forgetFittedTitle() { m_fittedTitleWidth = -1; }
    /// Writes the first of `candidates` that fits the plot's height as the vertical axis title.
    void placeVerticalTitle(const QStringList &candidates, const QRectF &plot);
    /// The room kept left of the tick labels for a vertical title whose longest form is
    /// `longest`.
    int verticalTitleRoom(const QString &longest) const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    QChartView *m_chartView;
    QChart *m_chart;
    QStackedBarSeries *m_series;
    QBarCategoryAxis *m_xAxis;
    QValueAxis *m_yAxis;
    QGraphicsSimpleTextItem *m_yTitle;
    /// While the chart is out of sight (hidden, or a dock tab behind another) model changes only
    /// mark it stale; the rebuild or refresh is done once it can be seen again.
    OffscreenDeferral *m_deferral;

private:
    void setTitleColor(const QColor &color);
    /// Covers the chart while the lesson conceals what it shows; false (nothing done) otherwise.
    bool coverForPrediction();

    RefusalOverlay *m_refusal;
    PredictFirstCover *m_cover;
    LessonQuantities m_answers;
    QWidget *m_cornerControl = nullptr;
    int m_shownQuery = 0;
    int m_fittedTitleWidth = -1;
    int m_fittedTitleQuery = -1;
    int m_fittedTitleVariant = 0;
};

} // namespace attnlens
