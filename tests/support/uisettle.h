#pragma once

// Helpers for widget tests that wait on a condition instead of a guessed time, and a place for
// the pictures a test leaves behind for people to look at.

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QRect>
#include <QString>
#include <QTest>
#include <QVector>
#include <QWidget>

namespace attnlens::test {

/// Runs the event loop until the geometry of `widget` and of every widget inside it has stopped
/// changing (three passes in a row alike): the layout passes, resizes and deferred relayouts that
/// follow a show or a resize are then done. False when it had not settled after `timeoutMs`;
/// a layout that never settles is a bug of its own.
inline bool waitForStableLayout(QWidget *widget, int timeoutMs = 5000)
{
    const auto geometries = [widget] {
        QVector<QRect> all{widget->geometry()};
        for (const QWidget *child : widget->findChildren<QWidget *>())
            all.append(child->isVisible() ? child->geometry() : QRect());
        return all;
    };
    QVector<QRect> before = geometries();
    int stablePasses = 0;
    return QTest::qWaitFor(
        [&] {
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            QCoreApplication::processEvents();
            const QVector<QRect> now = geometries();
            stablePasses = now == before ? stablePasses + 1 : 0;
            before = now;
            return stablePasses >= 3;
        },
        timeoutMs);
}

/// A file in the tests' own output folder (<build>/tests/output), for pictures a test leaves
/// for people to look at. Never a fixed system path: runs in parallel do not share files.
inline QString testOutputPath(const QString &fileName)
{
    const QString folder = QStringLiteral(ATTNLENS_TEST_OUTPUT_DIR);
    QDir().mkpath(folder);
    return QDir(folder).filePath(fileName);
}

} // namespace attnlens::test
