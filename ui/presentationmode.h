#pragma once

#include "theme.h"

#include <QByteArray>
#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QTimer;

namespace attnlens {

class ViewState;

/// Presentation mode (F5): the window goes full screen with only what the audience needs (the
/// key space and the docks given to setArrangement(), typically heatmap, weights, temperature and
/// the lesson, arranged to leave the most room for big text), in the Projector theme, with thicker lines and a "laser pointer" ring on the
/// hovered cell or key. Ctrl+plus / Ctrl+minus / Ctrl+0 scale the text live (100 % to 250 %).
/// Escape (or F5 again) restores exactly what was there before: window state and geometry, dock
/// layout, theme, text and line scale.
class PresentationMode : public QObject {
    Q_OBJECT

public:
    /// Text scales offered by Ctrl+plus / Ctrl+minus, in percent.
    static constexpr int kMinimumTextScale = 100;
    static constexpr int kMaximumTextScale = 250;
    static constexpr int kTextScaleStep = 25;
    /// How much thicker lines are while presenting (on top of the Projector theme's own).
    static constexpr double kLineScale = 1.25;

    PresentationMode(QMainWindow *window, ViewState *viewState, QObject *parent = nullptr);

    /// Where the docks that stay on screen go while presenting; every other dock of the window
    /// is hidden. The right column runs the full height (heatmap over temperature, say), the
    /// bottom row sits under the key space only (weights), the left column keeps the lesson.
    /// A dock that was hidden stays hidden.
    struct Arrangement {
        QList<QDockWidget *> left;
        QList<QDockWidget *> right;
        QList<QDockWidget *> bottom;
    };
    void setArrangement(const Arrangement &arrangement);
    /// Whether entering goes full screen (on by default; tests and screenshots may keep the
    /// window's own size).
    void setFullScreenEnabled(bool enabled) { m_fullScreenEnabled = enabled; }

    bool isActive() const { return m_active; }
    void setActive(bool active);
    void enter();
    void leave();

    /// View > Presentation Mode (F5), checkable.
    QAction *toggleAction() const { return m_toggleAction; }
    /// Ctrl+plus, Ctrl+minus, Ctrl+0: text size, in and out of presentation mode.
    QAction *largerTextAction() const { return m_largerTextAction; }
    QAction *smallerTextAction() const { return m_smallerTextAction; }
    QAction *normalTextAction() const { return m_normalTextAction; }
    /// Escape while presenting.
    QAction *leaveAction() const { return m_leaveAction; }

    /// The hint shown for a few seconds on entry ("Esc leaves presentation · Ctrl +/− text size").
    QLabel *hintLabel() const { return m_hint; }

    /// Steps the text scale by `steps` × 25 % within 100 %..250 %; a step up that would make
    /// the views need more room than the screen (while presenting without full screen: the
    /// window) has is refused, so the largest scale depends on the screen.
    void stepTextScale(int steps);

signals:
    void activeChanged(bool active);

private:
    void createActions();
    /// Shows `text` (by default how to leave and how to scale the text) for a few seconds.
    void showHint(const QString &text = QString());
    void placeHint();
    /// The size the window may take: the screen, or the window itself while presenting in a
    /// window.
    QSize availableRoom() const;
    /// Whether the window's views fit `room` at the current text scale.
    bool layoutFits(const QSize &room) const;
    bool eventFilter(QObject *watched, QEvent *event) override;

    QMainWindow *m_window;
    ViewState *m_viewState;
    void arrangeDocks();
    /// Sizes the arranged docks for the window and the text scale.
    void shareRoom();

    QList<QPointer<QDockWidget>> m_leftDocks;
    QList<QPointer<QDockWidget>> m_rightDocks;
    QList<QPointer<QDockWidget>> m_bottomDocks;
    Qt::DockWidgetArea m_savedCorners[4] = {};
    bool m_fullScreenEnabled = true;
    bool m_active = false;

    // What enter() found, for leave() to put back.
    QByteArray m_savedGeometry;
    QByteArray m_savedDockState;
    Qt::WindowStates m_savedWindowState;
    Theme::Kind m_savedTheme = Theme::Kind::Light;
    int m_savedTextScale = 100;
    double m_savedLineScale = 1.0;
    bool m_savedStatusBarVisible = true;
    /// The text scale used while presenting, kept for the next time.
    int m_presentationTextScale = 100;

    QAction *m_toggleAction = nullptr;
    QAction *m_largerTextAction = nullptr;
    QAction *m_smallerTextAction = nullptr;
    QAction *m_normalTextAction = nullptr;
    QAction *m_leaveAction = nullptr;
    QLabel *m_hint = nullptr;
    QTimer *m_hintTimer = nullptr;
};

} // namespace attnlens
