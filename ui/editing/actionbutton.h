#pragma once

#include <QAction>
#include <QToolButton>

namespace attnlens {

/// A text-only tool button that triggers (and follows the state of) `action`: the editors' row of
/// Add/Remove buttons.
inline QToolButton *actionButton(QAction *action, QWidget *parent)
{
    auto *button = new QToolButton(parent);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    return button;
}

} // namespace attnlens
