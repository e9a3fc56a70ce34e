#pragma once

// Runs the attnlens executable of this build headless, as a user's script would: no display
// (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM removed), at most two minutes (an animation
// of the whole window draws many frames). For test targets
// that define ATTNLENS_EXECUTABLE (tests/app).

#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>

#include <gtest/gtest.h>

namespace attnlens::test {

struct HeadlessRun {
    int exitCode = -1;  ///< -1 when the process crashed or did not finish
    QByteArray out;
    QByteArray err;
};

inline HeadlessRun runHeadless(const QStringList &arguments)
{
    QProcess process;
    QProcessEnvironment environment = QProcessEnvironment::systemEnvironment();
    for (const char *name : {"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"})
        environment.remove(QLatin1String(name));
    process.setProcessEnvironment(environment);
    process.start(QStringLiteral(ATTNLENS_EXECUTABLE), arguments);
    EXPECT_TRUE(process.waitForFinished(120000)) << "attnlens did not finish";
    HeadlessRun run;
    run.exitCode = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
    run.out = process.readAllStandardOutput();
    run.err = process.readAllStandardError();
    return run;
}

} // namespace attnlens::test
