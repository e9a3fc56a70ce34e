#pragma once

#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QWidget;

namespace attnlens {

/// Defers a view's work while nobody can see it (the view hidden, or its dock a tab behind
/// another): a model change only marks the view stale, and the work is done once, when the view
/// comes on screen again (shown, or moved into the window by its dock).
///
/// The view hands over two kinds of work: a rebuild (after a new scenario; it must end with a
/// refresh) and a refresh (after new numbers). A pending rebuild covers a pending refresh.
class OffscreenDeferral : public QObject {
    Q_OBJECT

public:
    /// `rebuild` may be empty for a view that only ever refreshes.
    OffscreenDeferral(QWidget *view, std::function<void()> rebuild, std::function<void()> refresh);

    /// Rebuilds (refreshes) now when the view is on screen, else remembers to.
    void requestRebuild();
    void requestRefresh();
    /// The view rebuilt (refreshed) on its own: that work is no longer pending.
    void markRebuilt() { m_rebuildPending = false; }
    void markRefreshed() { m_refreshPending = false; }
    /// Whether work waits for the view to come on screen.
    bool isPending() const { return m_rebuildPending || m_refreshPending; }

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void catchUpIfOnScreen();
    /// Watches the view's ancestors: a dock tab brought to the front moves the view into the
    /// window without any event reaching the view itself.
    void watchAncestors();

    QWidget *m_view;
    std::function<void()> m_rebuild;
    std::function<void()> m_refresh;
    bool m_rebuildPending = false;
    bool m_refreshPending = false;
    bool m_catchUpQueued = false;
    QList<QPointer<QWidget>> m_watchedAncestors;
};

} // namespace attnlens
