#include "allheadsforward.h"

#include "allheadsview.h"
#include "presentationmode.h"

#include <QDockWidget>

#include <utility>

namespace attnlens {

AllHeadsForward::AllHeadsForward(QWidget *window, AllHeadsView *view, QDockWidget *dock,
                                 std::function<PresentationMode *()> presentation, QWidget *fallback)
    : QAction(tr("Bring All Heads Forward"), window)
    , m_view(view)
    , m_dock(dock)
    , m_presentation(std::move(presentation))
    , m_fallback(fallback)
{
    setObjectName(QStringLiteral("showAllHeadsAction"));
    setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    setShortcutContext(Qt::WindowShortcut);
    setStatusTip(tr("Show the all-heads view in front (while presenting: in "
                    "the large place; again: back to the previous view)"));
    window->addAction(this);
    connect(this, &QAction::triggered, this, &AllHeadsForward::bringForward);
}

void AllHeadsForward::bringForward()
{
    PresentationMode *presentation = m_presentation ? m_presentation() : nullptr;
    if (presentation && presentation->isActive()) {
        if (presentation->focalView() == m_view) {
            presentation->setFocalView(m_previous ? m_previous.data() : m_fallback);
        } else {
            m_previous = presentation->focalView();
            presentation->setFocalView(m_view);
        }
        return;
    }
    m_dock->show();
    m_dock->raise();
    m_view->setFocus(Qt::ShortcutFocusReason);
}

} // namespace attnlens
