#pragma once

#include "theme.h"

#include <QFont>
#include <QObject>
#include <QPalette>
#include <QVector>

#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace attnlens {

class ViewState;

/// Applies ViewState's theme and text scale to the application: the palette (every widget,
/// menus and dialogs included; each view takes its token colours from the same theme) and the type size of
/// `window` (a font change that every view measures as usual). Also offers View > Theme and
/// remembers the user's choice in QSettings "view/theme".
class ThemeController : public QObject {
    Q_OBJECT

public:
    ThemeController(ViewState *viewState, QWidget *window, QObject *parent = nullptr);

    /// The theme saved by View > Theme, if any.
    static std::optional<Theme::Kind> savedTheme();
    static void saveTheme(Theme::Kind kind);

    /// Applies the saved theme (Light when none is saved).
    void restoreSavedTheme();

    /// Adds View > Theme (Light / Dark / Projector, exclusive) to `viewMenu`; a choice applies
    /// at once and is saved.
    QMenu *addThemeMenu(QMenu *viewMenu);
    /// The menu action of `kind` (object name "themeAction_<id>").
    QAction *themeAction(Theme::Kind kind) const;

    /// The window's type size without any theme or scale applied.
    QFont baseFont() const { return m_baseFont; }

private:
    void applyTheme();
    void applyFont();

    ViewState *m_viewState;
    QWidget *m_window;  ///< may be null: the palette and token colours alone
    QFont m_baseFont;
    QMenu *m_menu = nullptr;
    QVector<QAction *> m_themeActions;  ///< in Theme::kinds() order
};

} // namespace attnlens
