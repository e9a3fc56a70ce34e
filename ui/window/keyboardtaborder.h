#pragma once

#include <QList>

class QWidget;

namespace attnlens {

/// Where Tab goes in a window (ACCESS): the given views in the order the lesson reads them,
/// each view's own focusable controls together, then everything else in the window that takes
/// the focus (dock tab bars, the history). Only what a user can reach now counts: shown,
/// enabled, and not covered by another dock tab in front of it.
///
/// Walking an explicit list is sturdier than rearranging Qt's focus chain, which the docks' tab
/// bars and compound widgets rearrange again as they come and go.
class KeyboardTabOrder
{
public:
    KeyboardTabOrder(QWidget *window, QList<QWidget *> views);

    QList<QWidget *> stops() const;
    /// Moves the focus from `current` to the next (or previous) stop and returns true; false
    /// when `current` is not a stop or there is nowhere else to go (Qt's own order then).
    bool step(QWidget *current, bool next) const;

private:
    QWidget *m_window;
    QList<QWidget *> m_views;
};

} // namespace attnlens
