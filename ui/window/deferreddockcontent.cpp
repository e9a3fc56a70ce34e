#include "deferreddockcontent.h"

#include <QDockWidget>
#include <QEvent>

namespace attnlens {

void DeferredDockContent::attach(QDockWidget *dock, QWidget *content)
{
    content->setParent(dock);
    content->hide();
    auto *deferred = new DeferredDockContent(dock, content);
    if (dock->isVisible())
        deferred->dockContent();
}

DeferredDockContent::DeferredDockContent(QDockWidget *dock, QWidget *content)
    : QObject(dock)
    , m_dock(dock)
    , m_content(content)
{
    dock->installEventFilter(this);
}

bool DeferredDockContent::eventFilter(QObject *watched, QEvent *event)
{
    // Show arrives after the dock is visible and before anything in it is painted.
    if (watched == m_dock && event->type() == QEvent::Show)
        dockContent();
    return QObject::eventFilter(watched, event);
}

void DeferredDockContent::dockContent()
{
    // Presentation mode may hold the view on its stage meanwhile: it gives the view back to the
    // dock as a hidden child, and the dock's next showing docks it.
    if (m_content && m_content->parentWidget() != m_dock)
        return;
    if (m_content && !m_dock->widget())
        m_dock->setWidget(m_content);
    m_dock->removeEventFilter(this);
    deleteLater();
}

} // namespace attnlens
