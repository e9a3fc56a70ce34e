#pragma once

#include <QCoreApplication>

class QMenu;

namespace attnlens {

class ViewState;

/// The View menu's entries for what the views show (colour map, values in cells, what the
/// heatmap shows, snapping): each a checkable action kept in step with the ViewState both ways.
class ViewStateMenus {
    Q_DECLARE_TR_FUNCTIONS(ViewStateMenus)

public:
    /// View > Colour Map, Show Values in Cells and Heatmap Shows (Ctrl+W weights, Ctrl+E scores).
    static void addDisplayMenus(QMenu *viewMenu, ViewState *viewState);
    /// View > Snap Queries to 0.1 Grid.
    static void addSnapAction(QMenu *viewMenu, ViewState *viewState);
};

} // namespace attnlens
