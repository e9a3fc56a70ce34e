#include "backgroundread.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QProgressDialog>
#include <QTimer>
#include <QWidget>

#include <atomic>
#include <thread>

namespace attnlens {

namespace {

int g_progressDelayMs = BackgroundRead::kProgressDelayMs;
std::function<void(QWidget *)> g_dialogShownHook;

/// Shared by the worker and the window: the worker only sets `done` and posts a wake-up; the
/// loop pointer is read and written on the window's thread alone.
struct ReadState {
    std::atomic<bool> done{false};
    QEventLoop *loop = nullptr;
};

} // namespace

BackgroundRead::BackgroundRead(QWidget *parent)
    : QObject(nullptr)
    , m_parent(parent)
{
}

void BackgroundRead::setProgressDelayForTests(int milliseconds)
{
    g_progressDelayMs = milliseconds;
}

void BackgroundRead::setDialogShownHookForTests(std::function<void(QWidget *)> hook)
{
    g_dialogShownHook = std::move(hook);
}

bool BackgroundRead::run(const QString &label, std::function<void()> work)
{
    auto state = std::make_shared<ReadState>();
    std::thread([state, work = std::move(work)] {
        work();
        state->done.store(true, std::memory_order_release);
        // Wakes the waiting loop on the window's thread; the application outlives every read.
        QMetaObject::invokeMethod(
            QCoreApplication::instance(),
            [state] {
                if (state->loop)
                    state->loop->quit();
            },
            Qt::QueuedConnection);
    }).detach();

    const auto finished = [&state] { return state->done.load(std::memory_order_acquire); };

    // First phase: paint, but hold the user's input back, so nothing changes under the read.
    if (!finished() && g_progressDelayMs > 0) {
        QEventLoop loop;
        QTimer delay;
        delay.setSingleShot(true);
        QObject::connect(&delay, &QTimer::timeout, &loop, &QEventLoop::quit);
        delay.start(g_progressDelayMs);
        state->loop = &loop;
        loop.exec(QEventLoop::ExcludeUserInputEvents);
        state->loop = nullptr;
    }
    if (finished())
        return true;

    // Second phase: a window-modal progress dialog; Cancel gives up waiting.
    QProgressDialog dialog(label, tr("Cancel"), 0, 0, m_parent);
    dialog.setObjectName(QStringLiteral("backgroundReadProgress"));
    dialog.setWindowTitle(tr("Opening"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setAccessibleName(tr("Reading a file"));
    dialog.setAccessibleDescription(label);
    dialog.setMinimumDuration(0);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    QEventLoop loop;
    bool cancelled = false;
    QObject::connect(&dialog, &QProgressDialog::canceled, &loop, [&] {
        cancelled = true;
        loop.quit();
    });
    dialog.show();
    if (g_dialogShownHook)
        g_dialogShownHook(&dialog);
    if (!finished() && !cancelled) {
        state->loop = &loop;
        loop.exec();
        state->loop = nullptr;
    }
    return !cancelled && finished();
}

} // namespace attnlens
