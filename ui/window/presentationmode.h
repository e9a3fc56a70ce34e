#pragma once

#include "theme.h"

#include <QByteArray>
#include <QFont>
#include <QList>
#include <QObject>
#include <QPointer>

#include <functional>

class QAction;
class QDockWidget;
class QLabel;
class QMainWindow;
class QTimer;

namespace attnlens {

class PresentationStage;
class ViewState;

/// Presentation mode (F5): the window goes full screen with only what the audience needs, laid
/// out for the screen it is on (PresentationStage, PresentationLayout): the lesson's column, the
/// view the current step is about in the largest place, two companion views beside it and the
/// temperature slider under them, in the Projector theme with thicker lines and a "laser pointer"
/// ring on the hovered cell or key. No dock title bars, no editing panels, nothing off the screen.
///
/// Text size rule: while presenting, the smallest text is at least minimumTextPixels() high
/// (one 45th of the screen's height: 16 px at 720 lines, 24 px at 1080, 48 px at 2160), which
/// is the default; Ctrl+plus / Ctrl+minus step by a quarter of it as far as the screen holds
/// the views at their minimum sizes without cutting a label that was whole.
/// Escape (or F5 again) restores exactly what was there before: window state and geometry, dock
/// layout, theme, text and line scale.
class PresentationMode : public QObject {
    Q_OBJECT

public:
    /// Text scales offered outside presentation mode by Ctrl+plus / Ctrl+minus, in percent.
    static constexpr int kMinimumTextScale = 100;
    static constexpr int kMaximumTextScale = 250;
    static constexpr int kTextScaleStep = 25;
    /// While presenting: the text grows in quarter steps of the readable minimum, up to this many.
    static constexpr int kMaximumPresentationSteps = 6;
    /// How much thicker lines are while presenting (on top of the Projector theme's own).
    static constexpr double kLineScale = 1.25;
    /// The smallest text, in pixels, readable from the back of a room on a screen `screenHeight`
    /// pixels high (readableTextPixels()).
    static int minimumTextPixels(int screenHeight);

    PresentationMode(QMainWindow *window, ViewState *viewState, QObject *parent = nullptr);
    ~PresentationMode() override;

    /// What takes part in presenting: the lesson (shown when its dock is open on entering), the
    /// refusal banner, the temperature strip, and the views that can take the focal place; for
    /// each of those, the two companion views shown beside it. Every dock is hidden meanwhile.
    struct Arrangement {
        QDockWidget *lessonDock = nullptr;
        QWidget *banner = nullptr;
        QWidget *strip = nullptr;
        QList<QWidget *> views;
        QList<QPair<QWidget *, QList<QWidget *>>> companions;
        QWidget *defaultFocal = nullptr;
        /// Preferred heights for a given width (the heatmap's: small matrices need little).
        QList<QPair<QWidget *, std::function<int(int)>>> naturalHeights;
    };
    void setArrangement(const Arrangement &arrangement);
    /// The window's type size before any theme or scale (ThemeController::baseFont()), from which
    /// the readable presentation size is worked out.
    void setBaseFont(const QFont &font);
    /// Whether entering goes full screen (on by default; tests and screenshots may keep the
    /// window's own size).
    void setFullScreenEnabled(bool enabled) { m_fullScreenEnabled = enabled; }

    bool isActive() const { return m_active; }
    void setActive(bool active);
    void enter();
    void leave();

    /// The view a lesson step is about takes the focal place (now, or when presenting starts).
    void setFocalView(QWidget *view);
    QWidget *focalView() const { return m_focal; }
    /// Shows or hides the lesson's column while presenting (F9).
    void setLessonShown(bool shown);

    /// The stage that holds the views while presenting (null outside presentation mode).
    PresentationStage *stage() const { return m_active ? m_stage : nullptr; }
    /// The text scale in percent at which the smallest text meets minimumTextPixels() on this
    /// screen (the presentation's default and its smallest).
    int readableTextScale() const;

    /// View > Presentation Mode (F5), checkable.
    QAction *toggleAction() const { return m_toggleAction; }
    /// Ctrl+plus, Ctrl+minus, Ctrl+0: text size, in and out of presentation mode.
    QAction *largerTextAction() const { return m_largerTextAction; }
    QAction *smallerTextAction() const { return m_smallerTextAction; }
    QAction *normalTextAction() const { return m_normalTextAction; }
    /// Escape while presenting.
    QAction *leaveAction() const { return m_leaveAction; }

    /// The footer line that shows hints while presenting ("Esc leaves presentation · Ctrl +/−
    /// text size"); it has its own row, so it never covers a view.
    QLabel *hintLabel() const;

    /// Steps the text size: outside presentation by `steps` × 25 % within 100 %..250 %, while
    /// presenting by quarters of the readable minimum. A step up that would leave a view less
    /// than its minimum size on this screen (while presenting in a window: the window) is refused,
    /// so the largest size depends on the screen.
    void stepTextScale(int steps);

signals:
    void activeChanged(bool active);

private:
    void createActions();
    /// Shows `text` (by default how to leave and how to scale the text) for a few seconds.
    void showHint(const QString &text = QString());
    /// The size the window may take: the screen, or the window itself while presenting in a
    /// window.
    QSize availableRoom() const;
    /// Whether the window's views fit `room` at the current text scale (outside presentation).
    bool layoutFits(const QSize &room) const;
    /// The text scale of presentation step `step` on this screen.
    int presentationScale(int step) const;
    /// Applies presentation step `step`, stepping down while the views do not fit.
    void applyPresentationStep(int step);
    /// Whether every view gets its minimum size on the screen at the current text size.
    bool stageFits();
    /// How many texts the stage's views draw shortened or cut at their edge.
    int cutLabels() const;
    /// Companion views of `focal`, in order.
    QList<QWidget *> companionsOf(QWidget *focal) const;
    bool eventFilter(QObject *watched, QEvent *event) override;

    QMainWindow *m_window;
    ViewState *m_viewState;
    PresentationStage *m_stage = nullptr;
    Arrangement m_arrangement;
    QPointer<QWidget> m_focal;
    QPointer<QWidget> m_savedCentral;
    bool m_fullScreenEnabled = true;
    bool m_active = false;
    bool m_lessonShown = false;
    QFont m_baseFont;

    // What enter() found, for leave() to put back.
    QByteArray m_savedGeometry;
    QByteArray m_savedDockState;
    Qt::WindowStates m_savedWindowState;
    Theme::Kind m_savedTheme = Theme::Kind::Light;
    int m_savedTextScale = 100;
    double m_savedLineScale = 1.0;
    bool m_savedStatusBarVisible = true;
    /// The presentation's text step (0 = the readable minimum), kept for the next time.
    int m_presentationStep = 0;

    QAction *m_toggleAction = nullptr;
    QAction *m_largerTextAction = nullptr;
    QAction *m_smallerTextAction = nullptr;
    QAction *m_normalTextAction = nullptr;
    QAction *m_leaveAction = nullptr;
    QTimer *m_hintTimer = nullptr;
};

} // namespace attnlens
