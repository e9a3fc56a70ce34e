#include "starttrace.h"

#include <QCoreApplication>
#include <QEvent>
#include <QTextStream>
#include <QTimer>
#include <QWidget>
#include <QWindow>

#include <ctime>

namespace attnlens {

std::int64_t StartTrace::now()
{
    timespec time{};
    clock_gettime(CLOCK_MONOTONIC, &time);
    return std::int64_t(time.tv_sec) * 1000000000 + time.tv_nsec;
}

void StartTrace::watch(QWidget *window, std::int64_t mainEntered)
{
    if (!qEnvironmentVariableIsSet("ATTNLENS_START_TRACE"))
        return;
    const bool exitAfter = qgetenv("ATTNLENS_START_TRACE") == "exit";
    QWindow *handle = window->windowHandle();
    if (handle == nullptr)
        return;
    handle->installEventFilter(new StartTrace(handle, mainEntered, exitAfter));
}

StartTrace::StartTrace(QObject *parent, std::int64_t mainEntered, bool exitAfter)
    : QObject(parent)
    , m_mainEntered(mainEntered)
    , m_exitAfter(exitAfter)
{
}

bool StartTrace::eventFilter(QObject *watched, QEvent *event)
{
    if (!m_reported && event->type() == QEvent::Expose) {
        const auto *window = qobject_cast<QWindow *>(watched);
        if (window != nullptr && window->isExposed()) {
            m_reported = true;
            m_exposed = now();
            // The expose is painted and flushed while it is handled, after this filter: report
            // once the event loop is back.
            QTimer::singleShot(0, this, [this] { report(); });
        }
    }
    return false;
}

void StartTrace::report()
{
    QTextStream(stderr) << "attnlens-start: main " << m_mainEntered << " ns, mapped " << m_exposed
                        << " ns, first frame " << now() << " ns (CLOCK_MONOTONIC)" << Qt::endl;
    if (m_exitAfter)
        QCoreApplication::quit();
}

} // namespace attnlens
