#include "presentationmode.h"

#include "viewstate.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QLabel>
#include <QLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace attnlens {

namespace {

constexpr int kHintMs = 4000;
// saveState() / restoreState() version of the layout put back on leaving; any fixed number.
constexpr int kPresentationStateVersion = 0x5e5;

} // namespace

PresentationMode::PresentationMode(QMainWindow *window, ViewState *viewState, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_viewState(viewState)
{
    createActions();

    m_hint = new QLabel(m_window);
    m_hint->setObjectName(QStringLiteral("presentationHint"));
    m_hint->setText(tr("Esc leaves presentation · Ctrl +/− text size"));
    m_hint->setAccessibleName(tr("Presentation hint"));
    m_hint->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_hint->setAlignment(Qt::AlignCenter);
    m_hint->setStyleSheet(QStringLiteral(
        "QLabel { background: rgba(20, 20, 20, 190); color: white; border-radius: 10px;"
        " padding: 0.5em 1.2em; }"));
    m_hint->hide();
    m_hintTimer = new QTimer(this);
    m_hintTimer->setSingleShot(true);
    m_hintTimer->setInterval(kHintMs);
    connect(m_hintTimer, &QTimer::timeout, m_hint, &QWidget::hide);
    m_window->installEventFilter(this);
    // Bigger text needs its room again: the key space keeps the larger share.
    connect(m_viewState, &ViewState::textScaleChanged, this, [this] {
        if (m_active)
            QTimer::singleShot(0, this, [this] {
                if (m_active)
                    shareRoom();
            });
    });
}

void PresentationMode::createActions()
{
    m_toggleAction = new QAction(tr("&Presentation Mode"), this);
    m_toggleAction->setObjectName(QStringLiteral("presentationModeAction"));
    m_toggleAction->setCheckable(true);
    m_toggleAction->setShortcut(QKeySequence(Qt::Key_F5));
    m_toggleAction->setStatusTip(
        tr("Full screen for a lecture: only the key space, heatmap, weights, temperature and "
           "lesson, in high contrast with big text. Esc leaves."));
    connect(m_toggleAction, &QAction::triggered, this, &PresentationMode::setActive);

    m_largerTextAction = new QAction(tr("&Larger Text"), this);
    m_largerTextAction->setObjectName(QStringLiteral("largerTextAction"));
    // Ctrl+= too: on many keyboards "+" is Shift+"=".
    m_largerTextAction->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Plus), QKeySequence(Qt::CTRL | Qt::Key_Equal)});
    m_largerTextAction->setStatusTip(tr("Make the text of every view bigger (up to 250 %)."));
    connect(m_largerTextAction, &QAction::triggered, this, [this] { stepTextScale(1); });

    m_smallerTextAction = new QAction(tr("&Smaller Text"), this);
    m_smallerTextAction->setObjectName(QStringLiteral("smallerTextAction"));
    m_smallerTextAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Minus));
    m_smallerTextAction->setStatusTip(tr("Make the text of every view smaller (down to 100 %)."));
    connect(m_smallerTextAction, &QAction::triggered, this, [this] { stepTextScale(-1); });

    m_normalTextAction = new QAction(tr("&Normal Text Size"), this);
    m_normalTextAction->setObjectName(QStringLiteral("normalTextAction"));
    m_normalTextAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));
    connect(m_normalTextAction, &QAction::triggered, this,
            [this] { m_viewState->setTextScalePercent(kMinimumTextScale); });

    m_leaveAction = new QAction(tr("Leave Presentation Mode"), this);
    m_leaveAction->setObjectName(QStringLiteral("leavePresentationAction"));
    m_leaveAction->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leaveAction->setEnabled(false);
    connect(m_leaveAction, &QAction::triggered, this, &PresentationMode::leave);

    // On the window itself: the shortcuts work while the menu bar is folded away.
    for (QAction *action : {m_toggleAction, m_largerTextAction, m_smallerTextAction, m_normalTextAction,
                            m_leaveAction}) {
        action->setShortcutContext(Qt::WindowShortcut);
        m_window->addAction(action);
    }
}

void PresentationMode::setArrangement(const Arrangement &arrangement)
{
    auto keep = [](const QList<QDockWidget *> &docks) {
        QList<QPointer<QDockWidget>> kept;
        for (QDockWidget *dock : docks)
            kept.append(dock);
        return kept;
    };
    m_leftDocks = keep(arrangement.left);
    m_rightDocks = keep(arrangement.right);
    m_bottomDocks = keep(arrangement.bottom);
}

void PresentationMode::arrangeDocks()
{
    // The right column runs the full height and the bottom row stays under the key space: the
    // tall views (key space, weights) share the height, the wide ones share the width.
    m_window->setCorner(Qt::TopLeftCorner, Qt::LeftDockWidgetArea);
    m_window->setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    m_window->setCorner(Qt::TopRightCorner, Qt::RightDockWidgetArea);
    m_window->setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    auto place = [this](const QList<QPointer<QDockWidget>> &docks, Qt::DockWidgetArea area,
                        Qt::Orientation stacking) {
        QDockWidget *previous = nullptr;
        for (QDockWidget *dock : docks) {
            if (!dock)
                continue;
            const bool shown = dock->isVisibleTo(m_window);
            dock->setFloating(false);
            if (previous)
                m_window->splitDockWidget(previous, dock, stacking);
            else
                m_window->addDockWidget(area, dock);
            dock->setVisible(shown);
            previous = dock;
        }
    };
    place(m_leftDocks, Qt::LeftDockWidgetArea, Qt::Vertical);
    place(m_rightDocks, Qt::RightDockWidgetArea, Qt::Vertical);
    place(m_bottomDocks, Qt::BottomDockWidgetArea, Qt::Horizontal);
    shareRoom();
}

void PresentationMode::shareRoom()
{
    const QSize room = m_window->size();
    auto shown = [this](const QList<QPointer<QDockWidget>> &docks) {
        QList<QDockWidget *> result;
        for (QDockWidget *dock : docks)
            if (dock && dock->isVisibleTo(m_window))
                result.append(dock);
        return result;
    };
    const QList<QDockWidget *> left = shown(m_leftDocks);
    const QList<QDockWidget *> right = shown(m_rightDocks);
    int leftWidth = 0;
    if (!left.isEmpty()) {
        // The lesson's text wraps: a narrow column leaves the rest to the views.
        leftWidth = std::max(left.first()->minimumSizeHint().width(), room.width() * 22 / 100);
        m_window->resizeDocks({left.first()}, {leftWidth}, Qt::Horizontal);
    }
    if (!right.isEmpty()) {
        // The key space is what the room looks at: the column takes two fifths of what the
        // lesson leaves (at least its docks' minimum, which the window keeps anyway).
        const int wanted = (room.width() - leftWidth) * 40 / 100;
        m_window->resizeDocks({right.first()}, {wanted}, Qt::Horizontal);
        // The first of the column (the heatmap) takes what the others leave.
        QList<int> heights;
        for (int i = 0; i < right.size(); ++i)
            heights.append(i == 0 ? room.height() : right.at(i)->minimumSizeHint().height());
        m_window->resizeDocks(right, heights, Qt::Vertical);
    }
    for (QDockWidget *dock : std::as_const(m_bottomDocks)) {
        if (dock && dock->isVisibleTo(m_window)) {
            m_window->resizeDocks({dock}, {room.height() * 36 / 100}, Qt::Vertical);
            break;
        }
    }
}

void PresentationMode::setActive(bool active)
{
    if (active)
        enter();
    else
        leave();
}

void PresentationMode::enter()
{
    if (m_active) {
        m_toggleAction->setChecked(true);
        return;
    }
    m_savedGeometry = m_window->saveGeometry();
    m_savedDockState = m_window->saveState(kPresentationStateVersion);
    m_savedWindowState = m_window->windowState();
    m_savedTheme = m_viewState->themeKind();
    m_savedTextScale = m_viewState->textScalePercent();
    m_savedLineScale = m_viewState->lineScale();
    m_savedStatusBarVisible = m_window->statusBar()->isVisible();
    m_active = true;

    // Only what the audience needs: editing panels (matrices, mask editor, history, tables)
    // go away; the lesson stays if it was open.
    for (const Qt::Corner corner : {Qt::TopLeftCorner, Qt::TopRightCorner, Qt::BottomLeftCorner,
                                    Qt::BottomRightCorner})
        m_savedCorners[corner] = m_window->corner(corner);
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
        if (dock->parentWidget() != m_window)
            continue;
        const bool kept = m_leftDocks.contains(dock) || m_rightDocks.contains(dock) || m_bottomDocks.contains(dock);
        if (!kept)
            dock->hide();
    }
    // Folded rather than hidden: a hidden menu bar would switch off its actions' shortcuts.
    m_window->menuBar()->setFixedHeight(0);
    m_window->statusBar()->hide();

    m_viewState->setThemeKind(Theme::Kind::Projector);
    m_viewState->setTextScalePercent(m_presentationTextScale);
    m_viewState->setLineScale(kLineScale);
    m_viewState->setPresenting(true);
    if (m_fullScreenEnabled) {
        m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
        // Without a window manager (a bare X server, a kiosk) the state alone changes nothing.
        if (const QScreen *screen = m_window->screen())
            m_window->setGeometry(screen->geometry());
    }
    arrangeDocks();

    m_toggleAction->setChecked(true);
    m_leaveAction->setEnabled(true);
    showHint();
    emit activeChanged(true);
}

void PresentationMode::leave()
{
    if (!m_active) {
        m_toggleAction->setChecked(false);
        return;
    }
    m_active = false;
    m_presentationTextScale = m_viewState->textScalePercent();
    m_hintTimer->stop();
    m_hint->hide();

    m_viewState->setPresenting(false);
    m_viewState->setLineScale(m_savedLineScale);
    m_viewState->setTextScalePercent(m_savedTextScale);
    m_viewState->setThemeKind(m_savedTheme);

    m_window->menuBar()->setMinimumHeight(0);
    m_window->menuBar()->setMaximumHeight(QWIDGETSIZE_MAX);
    m_window->statusBar()->setVisible(m_savedStatusBarVisible);
    m_window->setWindowState(m_savedWindowState);
    m_window->restoreGeometry(m_savedGeometry);
    for (const Qt::Corner corner : {Qt::TopLeftCorner, Qt::TopRightCorner, Qt::BottomLeftCorner,
                                    Qt::BottomRightCorner})
        m_window->setCorner(corner, m_savedCorners[corner]);
    m_window->restoreState(m_savedDockState, kPresentationStateVersion);

    m_toggleAction->setChecked(false);
    m_leaveAction->setEnabled(false);
    emit activeChanged(false);
}

void PresentationMode::stepTextScale(int steps)
{
    const int current = m_viewState->textScalePercent();
    const int scale = std::clamp(current + steps * kTextScaleStep, kMinimumTextScale, kMaximumTextScale);
    if (scale == current)
        return;
    const QSize room = availableRoom();
    const QSize windowSize = m_window->size();
    m_viewState->setTextScalePercent(scale);
    // Bigger text than the screen can hold helps nobody: the views would be pushed off it.
    if (scale > current && !layoutFits(room)) {
        m_viewState->setTextScalePercent(current);
        layoutFits(room);  // lets the layout shrink back before the window does
        if (!(m_window->windowState() & (Qt::WindowFullScreen | Qt::WindowMaximized)))
            m_window->resize(windowSize);
        const QString message = tr("The text is as large as this screen can hold.");
        if (m_active)
            showHint(message);
        else
            m_window->statusBar()->showMessage(message, 3000);
    }
}

QSize PresentationMode::availableRoom() const
{
    // Presenting in a window (no full screen) keeps the window's size; otherwise the screen's.
    if (m_active && !m_fullScreenEnabled)
        return m_window->size();
    if (const QScreen *screen = m_window->screen())
        return m_active ? screen->geometry().size() : screen->availableGeometry().size();
    return m_window->size();
}

bool PresentationMode::layoutFits(const QSize &room) const
{
    // The views measured the new font at once, but their layouts learn it from posted requests.
    for (int pass = 0; pass < 3; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    if (m_window->layout())
        m_window->layout()->invalidate();
    const QSize needed = m_window->minimumSizeHint();
    return needed.width() <= room.width() && needed.height() <= room.height();
}

void PresentationMode::showHint(const QString &text)
{
    m_hint->setText(text.isEmpty() ? tr("Esc leaves presentation · Ctrl +/− text size") : text);
    // A widget with a style sheet does not follow its parent's font: as big as the views' text.
    m_hint->setFont(m_window->font());
    m_hint->adjustSize();
    placeHint();
    m_hint->raise();
    m_hint->show();
    m_hintTimer->start();
}

void PresentationMode::placeHint()
{
    const QSize size = m_hint->sizeHint();
    m_hint->resize(size);
    m_hint->move((m_window->width() - size.width()) / 2, m_window->height() - 3 * size.height());
}

bool PresentationMode::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_window && event->type() == QEvent::Resize && m_hint->isVisible())
        placeHint();
    // The window saves its layout when it closes: the one from before presenting.
    if (watched == m_window && event->type() == QEvent::Close && m_active)
        leave();
    return QObject::eventFilter(watched, event);
}

} // namespace attnlens
