#include "keyboardtaborder.h"

#include <QWidget>

#include <algorithm>
#include <utility>

namespace attnlens {

namespace {

bool isStop(QWidget *widget)
{
    return widget->isVisible() && widget->isEnabled() && !widget->focusProxy()
        && (widget->focusPolicy() & Qt::TabFocus);
}

/// A view in a dock tab behind another counts as shown but is covered by the one in front.
bool onScreen(QWidget *widget)
{
    if (!widget->isVisible())
        return false;
    QWidget *window = widget->window();
    QWidget *hit = window->childAt(widget->mapTo(window, widget->rect().center()));
    return hit && (hit == widget || widget->isAncestorOf(hit));
}

} // namespace

KeyboardTabOrder::KeyboardTabOrder(QWidget *window, QList<QWidget *> views)
    : m_window(window)
    , m_views(std::move(views))
{
}

QList<QWidget *> KeyboardTabOrder::stops() const
{
    QList<QWidget *> stops;
    for (QWidget *view : m_views) {
        if (!view || !onScreen(view))
            continue;
        // The chain is a ring through the whole window; this view's stops come in its order.
        QWidget *widget = view;
        do {
            if ((widget == view || view->isAncestorOf(widget)) && isStop(widget) && !stops.contains(widget))
                stops << widget;
            widget = widget->nextInFocusChain();
        } while (widget && widget != view);
    }
    if (m_views.isEmpty() || !m_views.first())
        return stops;
    const auto inAView = [this](QWidget *widget) {
        return std::any_of(m_views.begin(), m_views.end(), [widget](QWidget *view) {
            return view && (view == widget || view->isAncestorOf(widget));
        });
    };
    // Then everything else that takes the focus, in the chain's order from the first view.
    QWidget *start = m_views.first();
    QWidget *widget = start;
    do {
        if (isStop(widget) && m_window->isAncestorOf(widget) && onScreen(widget) && !stops.contains(widget)
            && !inAView(widget))
            stops << widget;
        widget = widget->nextInFocusChain();
    } while (widget && widget != start);
    return stops;
}

bool KeyboardTabOrder::step(QWidget *current, bool next) const
{
    const QList<QWidget *> all = stops();
    const int at = all.indexOf(current);
    if (at < 0 || all.size() < 2)
        return false;
    QWidget *target = all.at((at + (next ? 1 : int(all.size()) - 1)) % int(all.size()));
    target->setFocus(next ? Qt::TabFocusReason : Qt::BacktabFocusReason);
    return true;
}

} // namespace attnlens
