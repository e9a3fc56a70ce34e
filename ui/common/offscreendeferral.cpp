#include "offscreendeferral.h"

#include "textfit.h"

#include <QEvent>
#include <QTimer>
#include <QWidget>

#include <utility>

namespace attnlens {

namespace {

/// The ancestor events after which the view may have come on screen.
bool mayBringOnScreen(const QEvent *event)
{
    switch (event->type()) {
    case QEvent::Move:
    case QEvent::Resize:
    case QEvent::Show:
    case QEvent::ParentChange:
        return true;
    default:
        return false;
    }
}

} // namespace

OffscreenDeferral::OffscreenDeferral(QWidget *view, std::function<void()> rebuild,
                                     std::function<void()> refresh)
    : QObject(view)
    , m_view(view)
    , m_rebuild(std::move(rebuild))
    , m_refresh(std::move(refresh))
{
    m_view->installEventFilter(this);
    watchAncestors();
}

void OffscreenDeferral::requestRebuild()
{
    // A view nobody can see does no work: it only remembers that it is behind.
    if (!m_rebuild) {
        requestRefresh();
        return;
    }
    if (!isOnScreen(m_view)) {
        m_rebuildPending = true;
        return;
    }
    m_rebuildPending = false;
    m_rebuild();
}

void OffscreenDeferral::requestRefresh()
{
    if (!isOnScreen(m_view)) {
        m_refreshPending = true;
        return;
    }
    m_refreshPending = false;
    m_refresh();
}

void OffscreenDeferral::catchUpIfOnScreen()
{
    if (!isOnScreen(m_view))
        return;
    if (m_rebuildPending) {
        m_rebuildPending = false;
        m_refreshPending = false;  // a rebuild ends with a refresh
        m_rebuild();
    } else if (m_refreshPending) {
        m_refreshPending = false;
        m_refresh();
    }
}

void OffscreenDeferral::watchAncestors()
{
    for (const QPointer<QWidget> &ancestor : std::as_const(m_watchedAncestors)) {
        if (ancestor)
            ancestor->removeEventFilter(this);
    }
    m_watchedAncestors.clear();
    for (QWidget *w = m_view; !w->isWindow() && w->parentWidget(); w = w->parentWidget()) {
        w->parentWidget()->installEventFilter(this);
        m_watchedAncestors.append(w->parentWidget());
    }
}

bool OffscreenDeferral::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_view) {
        // The view itself: shown (visible when the Show event arrives), or moved to a new parent.
        if (event->type() == QEvent::ParentChange)
            watchAncestors();
        if (event->type() == QEvent::Show)
            catchUpIfOnScreen();
        return false;
    }
    if (event->type() == QEvent::ParentChange)
        watchAncestors();
    if (isPending() && mayBringOnScreen(event)) {
        catchUpIfOnScreen();
        // The dock layout may move the view into the window only after the event seen here.
        if (isPending() && !m_catchUpQueued) {
            m_catchUpQueued = true;
            QTimer::singleShot(0, this, [this] {
                m_catchUpQueued = false;
                catchUpIfOnScreen();
            });
        }
    }
    return false;
}

} // namespace attnlens
