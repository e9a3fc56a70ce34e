#include "themecontroller.h"

#include "tokenpalette.h"
#include "viewstate.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QToolTip>
#include <QWidget>

#include <cmath>

namespace attnlens {

namespace {

const char *const kSettingsTheme = "view/theme";

/// The application's palette before any theme touched it: what Light shows and what the other
/// themes are built over. Taken once, so that a second window (or test) does not take a dark one.
const QPalette &originalPalette()
{
    static const QPalette palette = QApplication::palette();
    return palette;
}

} // namespace

ThemeController::ThemeController(ViewState *viewState, QWidget *window, QObject *parent)
    : QObject(parent)
    , m_viewState(viewState)
    , m_window(window)
    , m_baseFont(QApplication::font())
{
    originalPalette();
    connect(m_viewState, &ViewState::themeChanged, this, [this] {
        applyTheme();
        applyFont();
    });
    connect(m_viewState, &ViewState::textScaleChanged, this, &ThemeController::applyFont);
    applyTheme();
    applyFont();
}

std::optional<Theme::Kind> ThemeController::savedTheme()
{
    return Theme::fromId(QSettings().value(QLatin1String(kSettingsTheme)).toString());
}

void ThemeController::saveTheme(Theme::Kind kind)
{
    QSettings().setValue(QLatin1String(kSettingsTheme), Theme::id(kind));
}

void ThemeController::restoreSavedTheme()
{
    m_viewState->setThemeKind(savedTheme().value_or(Theme::Kind::Light));
}

QMenu *ThemeController::addThemeMenu(QMenu *viewMenu)
{
    m_menu = viewMenu->addMenu(tr("&Theme"));
    m_menu->setObjectName(QStringLiteral("themeMenu"));
    auto *group = new QActionGroup(m_menu);
    group->setExclusive(true);
    for (Theme::Kind kind : Theme::kinds()) {
        QAction *action = m_menu->addAction(Theme::displayName(kind));
        action->setObjectName(QStringLiteral("themeAction_") + Theme::id(kind));
        action->setCheckable(true);
        action->setChecked(m_viewState->themeKind() == kind);
        group->addAction(action);
        m_themeActions.append(action);
        connect(action, &QAction::triggered, this, [this, kind] {
            saveTheme(kind);
            m_viewState->setThemeKind(kind);
        });
    }
    m_menu->actions().at(0)->setStatusTip(tr("Dark text on white: the classic look."));
    m_menu->actions().at(1)->setStatusTip(tr("Light text on dark grey, easy on the eyes in a dim room."));
    m_menu->actions().at(2)->setStatusTip(
        tr("High contrast for a projector: black on white, thick lines, saturated colours, bigger text."));
    connect(m_viewState, &ViewState::themeChanged, m_menu, [this] {
        if (QAction *action = themeAction(m_viewState->themeKind()))
            action->setChecked(true);
    });
    return m_menu;
}

QAction *ThemeController::themeAction(Theme::Kind kind) const
{
    const int index = static_cast<int>(Theme::kinds().indexOf(kind));
    return index >= 0 && index < m_themeActions.size() ? m_themeActions.at(index) : nullptr;
}

void ThemeController::applyTheme()
{
    const Theme &theme = m_viewState->theme();
    // Token colours come from each view's ViewState theme; the palette change makes every
    // widget repaint.
    const QPalette palette = theme.palette(originalPalette());
    if (QApplication::palette() != palette)
        QApplication::setPalette(palette);
}

void ThemeController::applyFont()
{
    if (!m_window)
        return;
    const double factor = m_viewState->theme().fontFactor() * m_viewState->textScalePercent() / 100.0;
    QFont font = m_baseFont;
    if (std::abs(factor - 1.0) > 1e-9) {
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * factor);
        else if (font.pixelSize() > 0)
            font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
    }
    if (m_window->font() != font || m_window->font().resolveMask() == 0)
        m_window->setFont(font);
    // Tooltips (the heatmap's full-precision numbers) are read from the back row too.
    QToolTip::setFont(font);
}

} // namespace attnlens
