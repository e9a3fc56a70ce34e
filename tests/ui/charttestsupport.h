#pragma once

// What the tests of the bar charts (weights, context) share: the notebook's three queries, the
// chart's pixels, the label check every chart must pass, and the skeletons of the drag and the
// dock-tab tests.

#include "coretestsupport.h"
#include "scenario.h"
#include "textfit.h"

#include <QAbstractSeries>
#include <QChart>
#include <QChartView>
#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QImage>
#include <QLabel>
#include <QMainWindow>
#include <QScreen>
#include <QTest>
#include <QWindow>

#include <gtest/gtest.h>

#include <initializer_list>
#include <optional>

namespace attnlens::test {

/// Counts the layout passes requested of a graphics widget (QChart re-lays out its axes, labels
/// and legend on each).
class LayoutRequestCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::LayoutRequest)
            ++count;
        return false;
    }
};

inline Matrix rows(std::initializer_list<std::initializer_list<double>> values)
{
    return matrixOf(values);
}

/// The notebook's step 6: three queries against memories A, B, C, the queries named
/// `queryLabels`.
inline Scenario notebookThreeQueries(const QStringList &queryLabels)
{
    Scenario s;
    s.queries = rows({{1, 0}, {0, 1}, {-1, 0}});
    s.keys = rows({{1, 0}, {0, 1}, {1, 1}});
    s.values = rows({{10, 0}, {0, 10}, {10, 10}});
    s.queryLabels = queryLabels;
    s.keyLabels = {QStringLiteral("memory A"), QStringLiteral("memory B"), QStringLiteral("memory C")};
    return s;
}

/// A few passes of the event loop: the model's recomputation, then the chart's refresh.
inline void settleChart()
{
    for (int i = 0; i < 3; ++i)
        QCoreApplication::processEvents();
}

/// Where the data point `value` of `series` lands in the pixels of `view`, the widget that holds
/// `chart`'s QChartView.
inline QPoint chartPixelOf(const QWidget *view, QChart *chart, QAbstractSeries *series, const QPointF &value)
{
    const QPointF inChart = chart->mapToPosition(value, series);
    const auto *chartView = view->findChild<QChartView *>();
    const QPoint inView = chartView->mapFromScene(chart->mapToScene(inChart));
    return chartView->mapTo(view, inView);
}

/// How many pixels of `image` are `color` exactly (alpha aside).
inline int countPixels(const QImage &image, const QColor &color)
{
    int count = 0;
    const QRgb wanted = color.rgb() & 0xffffff;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            count += (image.pixel(x, y) & 0xffffff) == wanted;
    return count;
}

/// What every chart must do with its texts: none cut short, none leaving `bounds` (the chart's
/// rectangle), none overlapping another by more than a pixel in both directions.
inline void expectLabelsWholeInsideAndApart(const QVector<DrawnLabel> &labels, const QRectF &bounds)
{
    const QRectF inside = bounds.adjusted(-0.5, -0.5, 0.5, 0.5);
    for (int i = 0; i < labels.size(); ++i) {
        EXPECT_FALSE(labels.at(i).elided()) << labels.at(i).text.toStdString();
        EXPECT_TRUE(inside.contains(labels.at(i).rect)) << labels.at(i).text.toStdString();
        for (int j = i + 1; j < labels.size(); ++j) {
            const QRectF overlap = labels.at(i).rect.intersected(labels.at(j).rect);
            EXPECT_FALSE(overlap.width() > 1.0 && overlap.height() > 1.0)
                << labels.at(i).text.toStdString() << " / " << labels.at(j).text.toStdString();
        }
    }
}

/// How many pixels of what is on screen of `view` differ from a repaint of the whole of it (after
/// a drag has repainted only what changed); nullopt where the platform cannot read the window
/// back.
inline std::optional<int> pixelsDifferingFromAFullRepaint(QWidget *view)
{
    QImage onScreen = view->screen()->grabWindow(view->window()->winId()).toImage();
    if (onScreen.isNull())
        return std::nullopt;
    onScreen = onScreen.convertToFormat(QImage::Format_RGB32)
                   .copy(QRect(view->mapTo(view->window(), QPoint(0, 0)), view->size()));
    const QImage full = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
    if (onScreen.size() != full.size()) {
        ADD_FAILURE() << "the window's picture and the view differ in size";
        return full.width() * full.height();
    }
    int differing = 0;
    for (int y = 0; y < full.height(); ++y)
        for (int x = 0; x < full.width(); ++x)
            differing += onScreen.pixel(x, y) != full.pixel(x, y);
    return differing;
}

/// Puts `view` into a dock named `title` of `window`, tabbed behind a "Heatmap" dock that is
/// brought to the front, and shows the window at `size`. Returns the view's dock.
inline QDockWidget *dockBehindAnotherTab(QMainWindow &window, QWidget *view, const QString &title,
                                         Qt::DockWidgetArea area, const QSize &size)
{
    auto *front = new QDockWidget(QStringLiteral("Heatmap"), &window);
    front->setWidget(new QLabel(QStringLiteral("heatmap")));
    auto *back = new QDockWidget(title, &window);
    back->setWidget(view);
    window.addDockWidget(area, front);
    window.addDockWidget(area, back);
    window.tabifyDockWidget(front, back);
    window.resize(size);
    window.show();
    EXPECT_TRUE(QTest::qWaitForWindowExposed(&window));
    front->raise();
    settleChart();
    return back;
}

} // namespace attnlens::test
