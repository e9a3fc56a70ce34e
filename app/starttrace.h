#pragma once

#include <QObject>

#include <cstdint>

class QWidget;

namespace attnlens {

/// How long a start takes, as bench/coldstart.py measures it: with the environment variable
/// ATTNLENS_START_TRACE set, the window prints one line to stderr once its first frame is on
/// screen (its first expose handled, which paints and flushes the whole window):
///
///     attnlens-start: main 1234567 ns, mapped 1334567 ns, first frame 1345678 ns (CLOCK_MONOTONIC)
///
/// ("mapped": the window system's first expose arrived), all on the system's monotonic clock,
/// which the script also reads before it starts the process. With ATTNLENS_START_TRACE=exit the application then quits. Without the variable
/// nothing is watched and nothing is printed.
class StartTrace : public QObject
{
public:
    /// The monotonic clock now, in nanoseconds (main() takes it first thing).
    static std::int64_t now();

    /// Watches `window`, just shown (its native window exists), when the variable is set; `mainEntered` is
    /// main()'s own reading of now().
    static void watch(QWidget *window, std::int64_t mainEntered);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    StartTrace(QObject *parent, std::int64_t mainEntered, bool exitAfter);
    void report();

    std::int64_t m_mainEntered;
    std::int64_t m_exposed = 0;
    bool m_exitAfter;
    bool m_reported = false;
};

} // namespace attnlens
