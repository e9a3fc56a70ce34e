// The anchor of bench/coldstart.py: the plainest window a Qt Widgets desktop application opens
// (a main window with a menu, a status bar and one label, at 1280x720), timed by the same
// start trace as attnlens. The script alternates the two, so a busy moment slows both.
// Usage: ATTNLENS_START_TRACE=exit attnlens_coldstartanchor
#include "starttrace.h"

#include <QApplication>
#include <QLabel>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

using namespace attnlens;

int main(int argc, char **argv)
{
    const std::int64_t entered = StartTrace::now();
    QApplication app(argc, argv);
    QMainWindow window;
    QMenu *file = window.menuBar()->addMenu(QStringLiteral("&File"));
    file->addAction(QStringLiteral("&Quit"), &app, &QApplication::quit);
    window.setCentralWidget(new QLabel(QStringLiteral("Scaled dot-product attention")));
    window.statusBar()->showMessage(QStringLiteral("Ready"));
    window.resize(1280, 720);
    window.show();
    StartTrace::watch(&window, entered);
    return app.exec();
}
