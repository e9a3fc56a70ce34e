#pragma once

#include <QAction>
#include <QPointer>

#include <functional>

class QDockWidget;

namespace attnlens {

class AllHeadsView;
class PresentationMode;

/// Ctrl+Shift+H, "Bring All Heads Forward" (issue 13): shows the all-heads dock in front of its
/// tab group and gives it the focus; while presenting (docks hidden) it puts the all-heads view
/// in the large place, and triggered again gives the place back to the view that had it (or to
/// `fallback`). Added to the window itself, so it works with the menu bar folded away.
class AllHeadsForward : public QAction
{
    Q_OBJECT

public:
    /// `presentation` is asked at each trigger (presentation mode is built after the docks).
    AllHeadsForward(QWidget *window, AllHeadsView *view, QDockWidget *dock,
                    std::function<PresentationMode *()> presentation, QWidget *fallback);

private:
    void bringForward();

    AllHeadsView *m_view;
    QDockWidget *m_dock;
    std::function<PresentationMode *()> m_presentation;
    QWidget *m_fallback;
    QPointer<QWidget> m_previous;  ///< the view the large place goes back to
};

} // namespace attnlens
