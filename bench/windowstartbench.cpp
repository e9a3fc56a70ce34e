// How long a student waits between starting Attention Lens on a big scenario and seeing it.
//
// Does what main() does for `attnlens FILE` (read the file with the window's loader, build the
// main window, open the scenario, show the window at 1280x720) and then renders the whole
// window once (QWidget::grab: every visible view painted, as the first frame on screen), all
// offscreen. Prints the time from the start of main() to the read, to the window built with the
// scenario, and to the first whole frame, and the process's peak resident memory.
// Usage: attnlens_windowstartbench FILE
// bench/realsize.py generates the 2,048-token scenario and runs this next to the other rows.
#include "documentcontroller.h"
#include "mainwindow.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPixmap>
#include <QTextStream>

#include <sys/resource.h>

using namespace attnlens;

int main(int argc, char **argv)
{
    QElapsedTimer clock;
    clock.start();
    qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionLensBench"));
    QTextStream out(stdout);
    if (app.arguments().size() != 2) {
        QTextStream(stderr) << "usage: attnlens_windowstartbench FILE\n";
        return 64;
    }
    const QString path = app.arguments().at(1);

    const Result<Scenario> scenario = DocumentController::readDocument(path);
    if (!scenario) {
        QTextStream(stderr) << scenario.error().describe() << "\n";
        return 2;
    }
    const double readMs = double(clock.nsecsElapsed()) / 1e6;

    MainWindow window;
    window.resize(1280, 720);
    window.openScenario(scenario.value(), path);
    window.show();
    QCoreApplication::processEvents();
    const double builtMs = double(clock.nsecsElapsed()) / 1e6;

    const QImage frame = window.grab().toImage();
    const double frameMs = double(clock.nsecsElapsed()) / 1e6;

    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    out << "window start: read " << qRound(readMs) << " ms, window built " << qRound(builtMs)
        << " ms, first whole frame " << qRound(frameMs) << " ms (" << frame.width() << "x"
        << frame.height() << "), peak memory " << usage.ru_maxrss / 1024 << " MB\n";
    return 0;
}
