// How long a student waits between moving the mouse and seeing every view follow.
//
// Feeds 500 synthetic drag moves to the key-space view of a real MainWindow (offscreen, software
// rendering, 1280x720) and measures, per move, the time from the mouse event until every visible
// view has repainted. Prints the median and the 99th percentile at 3, 16, 64 and 512 tokens
// (d_k = d_v = 2, one head) and at one GPT-2-small layer (12 heads of 1024 tokens, d_k = d_v = 64,
// dragging a query of the first, selected head), as wall-clock time (what the student sees) and
// as the CPU time the process spent on the move (all its threads). On a quiet machine the two
// agree; when other processes compete for the cores the wall time grows and the CPU time shows
// what the move itself costs. Also prints how many engine passes and head computations the
// model did per move (AttentionModel::computeCount, headComputeCount): a drag recomputes one
// row of the dragged head, so both are 1.00.
// Usage: attnlens_uidragbench [--moves N] [--warmup N] [--sizes 3,16,64,512,12x1024x64]
//                             [--all-docks] [--breakdown] [--paints]
//   --sizes      N is N tokens in two dimensions, one head; HxNxD is H heads of N tokens with
//                d_k = d_v = D
//   --warmup     unmeasured moves first (default 20): a new window's first paints
//   --all-docks  every dock of the window shown, none behind another's tab (the default layout
//                shows the heatmap and hides the docks tabbed behind it); lists the docks
//   --breakdown  each view repainted on its own: what a full repaint of it costs
//   --paints     which widgets actually repaint during the drag, and how often per move
//   --screenshot PREFIX   saves the window after each size's drag as PREFIX-<size>.png
#include "attentionmodel.h"
#include "contextchartview.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "maskgridview.h"
#include "mainwindow.h"
#include "scenario.h"
#include "temperaturepanel.h"
#include "weightschartview.h"
#include "workednumbersview.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QMouseEvent>
#include <QWindow>
#include <QTextStream>

#include <algorithm>
#include <map>
#include <cmath>
#include <ctime>
#include <random>
#include <vector>

using namespace attnlens;

namespace {

/// N tokens of self-attention-like data in two dimensions, so that the key space shows them all.
Scenario syntheticScenario(int tokens)
{
    std::mt19937_64 rng(2026);
    std::normal_distribution<double> normal(0.0, 1.0);
    Scenario s;
    s.name = QStringLiteral("%1 tokens").arg(tokens);
    s.queries.resize(tokens, 2);
    s.keys.resize(tokens, 2);
    s.values.resize(tokens, 2);
    for (Index i = 0; i < tokens; ++i) {
        for (Index j = 0; j < 2; ++j) {
            s.queries(i, j) = normal(rng);
            s.keys(i, j) = normal(rng);
            s.values(i, j) = normal(rng);
        }
    }
    s.queries.row(0) << 1.0, 0.0;
    return s;
}

/// `heads` heads of `tokens` tokens with d_k = d_v = dimension, standard normal entries: the
/// shapes of one transformer layer. No mask, so a dragged query changes every weight of its row.
Scenario multiHeadScenario(int heads, int tokens, int dimension)
{
    std::mt19937_64 rng(2026);
    std::normal_distribution<double> normal(0.0, 1.0);
    Scenario s;
    s.name = QStringLiteral("%1 heads x %2 tokens, d_k %3").arg(heads).arg(tokens).arg(dimension);
    const auto fill = [&](Matrix &matrix) {
        matrix.resize(tokens, dimension);
        for (Index i = 0; i < tokens; ++i)
            for (Index j = 0; j < dimension; ++j)
                matrix(i, j) = normal(rng);
    };
    fill(s.queries);
    fill(s.keys);
    fill(s.values);
    for (int h = 1; h < heads; ++h) {
        AttentionHead head;
        fill(head.queries);
        fill(head.keys);
        fill(head.values);
        s.moreHeads.push_back(std::move(head));
    }
    return s;
}

/// One size of the benchmark: "512" (tokens, two dimensions, one head) or "12x1024x64".
struct BenchSize {
    int heads = 1;
    int tokens = 0;
    int dimension = 2;

    static BenchSize parse(const QString &text)
    {
        const QStringList parts = text.split(QLatin1Char('x'));
        if (parts.size() == 3)
            return {parts[0].toInt(), parts[1].toInt(), parts[2].toInt()};
        return {1, text.toInt(), 2};
    }
    QString name() const
    {
        return heads == 1 && dimension == 2 ? QString::number(tokens)
                                            : QStringLiteral("%1x%2x%3").arg(heads).arg(tokens).arg(dimension);
    }
    Scenario scenario() const
    {
        return heads == 1 && dimension == 2 ? syntheticScenario(tokens)
                                            : multiHeadScenario(heads, tokens, dimension);
    }
};

/// Takes every dock out of the tab group it shares with others (re-adding it beside the first of
/// the group, in the same area) and shows it, so that every view the window has is visible and
/// repaints on a drag.
QStringList showEveryDock(QMainWindow &window)
{
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks) {
        const Qt::DockWidgetArea area = window.dockWidgetArea(dock);
        for (QDockWidget *other : window.tabifiedDockWidgets(dock)) {
            window.removeDockWidget(other);
            window.addDockWidget(area, other, Qt::Vertical);
        }
    }
    QStringList names;
    for (QDockWidget *dock : docks) {
        dock->show();
        names.append(dock->objectName());
    }
    return names;
}

/// Counts the window's repaint passes: one UpdateRequest paints every dirty widget of the window.
class RepaintCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject *, QEvent *event) override
    {
        if (event->type() == QEvent::UpdateRequest)
            ++count;
        return false;
    }
};

/// Counts paint events per widget, to show which widgets a drag move actually repaints.
class PaintCounter : public QObject {
public:
    std::map<QString, int> counts;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override
    {
        if (event->type() == QEvent::Paint) {
            const QString name = watched->objectName().isEmpty()
                ? QString::fromLatin1(watched->metaObject()->className())
                : watched->objectName();
            ++counts[name];
        }
        return false;
    }
};

double percentile(std::vector<double> values, double p)
{
    std::sort(values.begin(), values.end());
    const double rank = p * static_cast<double>(values.size() - 1);
    const auto low = static_cast<size_t>(std::floor(rank));
    const auto high = std::min(values.size() - 1, low + 1);
    return values[low] + (values[high] - values[low]) * (rank - static_cast<double>(low));
}

/// CPU seconds used so far by every thread of this process.
double processCpuSeconds()
{
    timespec now{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
    return static_cast<double>(now.tv_sec) + 1e-9 * static_cast<double>(now.tv_nsec);
}

void sendMouse(QWidget *target, QEvent::Type type, const QPointF &position, Qt::MouseButtons buttons)
{
    QMouseEvent event(type, position, target->mapToGlobal(position), Qt::LeftButton, buttons,
                      Qt::NoModifier);
    QApplication::sendEvent(target, &event);
}

} // namespace

int main(int argc, char **argv)
{
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensBench"));

    int moves = 500;
    int warmup = 20;
    const bool breakdown = QCoreApplication::arguments().contains(QStringLiteral("--breakdown"));
    const bool listPaints = QCoreApplication::arguments().contains(QStringLiteral("--paints"));
    const bool allDocks = QCoreApplication::arguments().contains(QStringLiteral("--all-docks"));
    QString screenshotPrefix;
    // --raise NAME: bring that dock's tab to the front (e.g. allHeadsViewDock, behind the heatmap
    // by default), so the default layout at 1280x720 draws it on every move.
    QString raisedDock;
    QList<BenchSize> sizes{{1, 3, 2}, {1, 16, 2}, {1, 64, 2}, {1, 512, 2}, {12, 1024, 64}};
    const QStringList arguments = app.arguments();
    for (int i = 1; i + 1 < arguments.size(); ++i) {
        if (arguments[i] == QLatin1String("--moves"))
            moves = arguments[i + 1].toInt();
        if (arguments[i] == QLatin1String("--screenshot"))
            screenshotPrefix = arguments[i + 1];
        if (arguments[i] == QLatin1String("--raise"))
            raisedDock = arguments[i + 1];
        if (arguments[i] == QLatin1String("--warmup"))
            warmup = std::max(0, arguments[i + 1].toInt());
        if (arguments[i] == QLatin1String("--sizes")) {
            sizes.clear();
            for (const QString &size : arguments[i + 1].split(QLatin1Char(',')))
                sizes.append(BenchSize::parse(size));
        }
    }

    QTextStream out(stdout);
    out << "Drag latency: mouse move -> every visible view repainted (offscreen, " << moves
        << " moves after " << warmup << " unmeasured ones, 1280x720"
        << (allDocks ? ", every dock shown" : ", default layout")
        << (raisedDock.isEmpty() ? QString() : QStringLiteral(", %1 in front").arg(raisedDock)) << ")\n";
    out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9\n")
               .arg(QStringLiteral("tokens"), 10)
               .arg(QStringLiteral("cells"), 9)
               .arg(QStringLiteral("median ms"), 10)
               .arg(QStringLiteral("p99 ms"), 10)
               .arg(QStringLiteral("max ms"), 10)
               .arg(QStringLiteral("cpu median"), 11)
               .arg(QStringLiteral("cpu p99"), 10)
               .arg(QStringLiteral("passes/move"), 12)
               .arg(QStringLiteral("heads/move"), 11);
    for (const BenchSize &size : sizes) {
        const int tokens = size.tokens;
        MainWindow window;
        window.resize(1280, 720);
        window.show();
        window.openScenario(size.scenario(), QStringLiteral("bench"));
        const QStringList docks = allDocks ? showEveryDock(window) : QStringList();
        if (!raisedDock.isEmpty()) {
            auto *dock = window.findChild<QDockWidget *>(raisedDock);
            if (!dock) {
                out << "no dock named " << raisedDock << "\n";
                return 64;
            }
            dock->show();
            dock->raise();
        }
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();

        RepaintCounter repaints;
        window.windowHandle()->installEventFilter(&repaints);
        window.installEventFilter(&repaints);
        bool resultArrived = false;
        QObject::connect(window.model(), &AttentionModel::resultChanged, &window,
                         [&] { resultArrived = true; });

        KeySpaceView *view = window.keySpaceView();
        const QPointF start = view->tipPosition(0);
        sendMouse(view, QEvent::MouseButtonPress, start, Qt::LeftButton);
        QCoreApplication::processEvents();

        QElapsedTimer timer;
        int timeouts = 0;
        // One move: the mouse event, then events until the recomputed result has been published
        // and a repaint pass ran after it.
        auto dragStep = [&](int move) {
            // A circle around the starting tip: every move changes the query and every weight.
            const double angle = 2.0 * M_PI * (move + 1) / 100.0;
            const QPointF position = start + QPointF(40.0 * std::cos(angle) - 40.0, 40.0 * std::sin(angle));
            resultArrived = false;
            int repaintsBeforeResult = 0;
            timer.start();
            sendMouse(view, QEvent::MouseMove, position, Qt::LeftButton);
            while (timer.elapsed() < 1000) {
                if (!resultArrived)
                    repaintsBeforeResult = repaints.count;
                QCoreApplication::processEvents(QEventLoop::AllEvents);
                if (resultArrived && repaints.count > repaintsBeforeResult)
                    break;
            }
            if (!resultArrived || repaints.count == repaintsBeforeResult)
                ++timeouts;
        };
        // Not measured: the first paints of a new window (glyphs, pictures, chart items made
        // once per run), which a student meets once at start, not on every drag.
        for (int move = -warmup; move < 0; ++move)
            dragStep(move);
        timeouts = 0;

        PaintCounter paints;
        if (listPaints)
            app.installEventFilter(&paints);
        AttentionModel *model = window.model();
        const quint64 passesBefore = model->computeCount();
        const quint64 headsBefore = model->headComputeCount();
        std::vector<double> latencies;
        std::vector<double> cpuTimes;
        latencies.reserve(static_cast<size_t>(moves));
        cpuTimes.reserve(static_cast<size_t>(moves));
        for (int move = 0; move < moves; ++move) {
            const double cpuStart = processCpuSeconds();
            dragStep(move);
            latencies.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
            cpuTimes.push_back((processCpuSeconds() - cpuStart) * 1e3);
        }
        const quint64 passesAfter = model->computeCount();
        const quint64 headsAfter = model->headComputeCount();
        const double passesPerMove = static_cast<double>(passesAfter - passesBefore) / moves;
        const double headsPerMove = static_cast<double>(headsAfter - headsBefore) / moves;
        sendMouse(view, QEvent::MouseButtonRelease, view->tipPosition(0), Qt::NoButton);
        app.removeEventFilter(&paints);
        if (!screenshotPrefix.isEmpty())
            window.grab().save(QStringLiteral("%1-%2.png").arg(screenshotPrefix, size.name()));

        if (allDocks)
            out << "          docks shown: " << docks.join(QStringLiteral(", ")) << " (window "
                << window.width() << "x" << window.height() << ", grown to fit them)\n";
        out << QStringLiteral("%1 %2 %3 %4 %5 %6 %7 %8 %9")
                   .arg(size.name(), 10)
                   .arg(static_cast<qint64>(size.heads) * tokens * tokens, 9)
                   .arg(percentile(latencies, 0.5), 10, 'f', 3)
                   .arg(percentile(latencies, 0.99), 10, 'f', 3)
                   .arg(*std::max_element(latencies.begin(), latencies.end()), 10, 'f', 3)
                   .arg(percentile(cpuTimes, 0.5), 11, 'f', 3)
                   .arg(percentile(cpuTimes, 0.99), 10, 'f', 3)
                   .arg(passesPerMove, 12, 'f', 2)
                   .arg(headsPerMove, 11, 'f', 2)
            << (timeouts > 0 ? QStringLiteral("   (%1 moves did not repaint within 1 s)").arg(timeouts)
                             : QString())
            << "\n";
        out << QStringLiteral("          model over the %1 measured moves (%2 heads): computeCount %3 -> %4, "
                              "headComputeCount %5 -> %6\n")
                   .arg(moves)
                   .arg(size.heads)
                   .arg(passesBefore)
                   .arg(passesAfter)
                   .arg(headsBefore)
                   .arg(headsAfter);
        for (const auto &[name, count] : paints.counts) {
            out << QStringLiteral("          painted %1 %2 per move\n")
                       .arg(name, -32)
                       .arg(static_cast<double>(count) / moves, 6, 'f', 2);
        }
        if (breakdown) {
            // Where the time goes: each view repainted on its own, synchronously.
            const QList<QWidget *> views{
                window.keySpaceView(),     window.heatmapView(),     window.weightsChartView(),
                window.contextChartView(), window.workedNumbersView(), window.temperaturePanel(),
                window.maskGridView()};
            for (QWidget *v : views) {
                std::vector<double> times;
                for (int i = 0; i < 20; ++i) {
                    timer.start();
                    v->repaint();
                    for (QWidget *child : v->findChildren<QWidget *>())
                        child->repaint();
                    times.push_back(static_cast<double>(timer.nsecsElapsed()) / 1e6);
                }
                out << QStringLiteral("          %1 %2 ms\n").arg(v->objectName(), -20).arg(percentile(times, 0.5), 8, 'f', 3);
            }
        }
        out.flush();
    }
    return 0;
}
