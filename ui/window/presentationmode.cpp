#include "presentationmode.h"

#include "presentationstage.h"
#include "readabletext.h"
#include "textprobe.h"
#include "viewstate.h"

#include <QAction>
#include <QCoreApplication>
#include <QDockWidget>
#include <QEvent>
#include <QFontInfo>
#include <QLabel>
#include <QLayout>
#include <QMainWindow>
#include <QMenuBar>
#include <QScreen>
#include <QSignalBlocker>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace attnlens {

namespace {

constexpr int kHintMs = 4000;
// saveState() / restoreState() version of the layout put back on leaving; any fixed number.
constexpr int kPresentationStateVersion = 0x5e5;

} // namespace

int PresentationMode::minimumTextPixels(int screenHeight)
{
    return readableTextPixels(screenHeight);
}

PresentationMode::PresentationMode(QMainWindow *window, ViewState *viewState, QObject *parent)
    : QObject(parent)
    , m_window(window)
    , m_viewState(viewState)
{
    createActions();
    m_hintTimer = new QTimer(this);
    m_hintTimer->setSingleShot(true);
    m_hintTimer->setInterval(kHintMs);
    connect(m_hintTimer, &QTimer::timeout, this, [this] {
        if (m_stage)
            m_stage->footer()->clear();
    });
    m_window->installEventFilter(this);
}

PresentationMode::~PresentationMode() = default;

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
    connect(m_normalTextAction, &QAction::triggered, this, [this] {
        // While presenting, "normal" is the smallest size the back of the room can read.
        if (m_active)
            applyPresentationStep(0);
        else
            m_viewState->setTextScalePercent(kMinimumTextScale);
    });

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
    m_arrangement = arrangement;
    if (!m_focal)
        m_focal = arrangement.defaultFocal;
}

void PresentationMode::setBaseFont(const QFont &font)
{
    m_baseFont = font;
}

QList<QWidget *> PresentationMode::companionsOf(QWidget *focal) const
{
    for (const auto &entry : m_arrangement.companions)
        if (entry.first == focal)
            return entry.second;
    return {};
}

void PresentationMode::setFocalView(QWidget *view)
{
    if (!view || !m_arrangement.views.contains(view))
        view = m_arrangement.defaultFocal;
    m_focal = view;
    if (!m_active)
        return;
    m_stage->setFocus(m_focal, companionsOf(m_focal));
    // A bigger view in the focal place may not fit at the current text size.
    applyPresentationStep(m_presentationStep);
}

void PresentationMode::setLessonShown(bool shown)
{
    m_lessonShown = shown;
    if (!m_active)
        return;
    m_stage->setLessonShown(shown);
    applyPresentationStep(m_presentationStep);
}

QLabel *PresentationMode::hintLabel() const
{
    return m_stage ? m_stage->footer() : nullptr;
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
    m_lessonShown = m_arrangement.lessonDock && m_arrangement.lessonDock->isVisible();
    m_active = true;

    // The views leave their docks and the central widget for the stage; every dock hides (the
    // saved layout brings them back), so no title bar, close button or editing panel is left.
    m_stage = new PresentationStage(m_window);
    // Whatever made a view too small (a bigger matrix, the refusal banner, a wrapped strip), the
    // text steps down until every view has its room again.
    connect(m_stage, &PresentationStage::overflowed, this, [this] {
        if (m_active)
            QTimer::singleShot(0, this, [this] {
                // Nothing left to give (the smallest text, no companions): stop there. A stage
                // smaller than the room (a dock shown beside it, as Edit > Rename does, or a window
                // still on its way to full screen) is not retried: the steps are chosen for the
                // whole room, so a retry would choose the same step and overflow again for ever.
                if (m_active && m_stage && !m_stage->fits() && m_stage->size() == availableRoom()
                    && (m_presentationStep > 0 || m_stage->sideLimit() > 0))
                    applyPresentationStep(m_presentationStep - 1);
            });
    });
    m_stage->borrow(m_arrangement.lessonDock ? m_arrangement.lessonDock->widget() : nullptr,
                    m_arrangement.banner, m_arrangement.strip, m_arrangement.views);
    for (const auto &entry : m_arrangement.naturalHeights)
        m_stage->setNaturalHeight(entry.first, entry.second);
    for (QDockWidget *dock : m_window->findChildren<QDockWidget *>())
        if (dock->parentWidget() == m_window)
            dock->hide();
    m_savedCentral = m_window->takeCentralWidget();
    if (m_savedCentral)
        m_savedCentral->hide();
    m_window->setCentralWidget(m_stage);
    m_stage->setLessonShown(m_lessonShown);
    m_stage->setFocus(m_focal ? m_focal.data() : m_arrangement.defaultFocal, companionsOf(m_focal));

    // Folded rather than hidden: a hidden menu bar would switch off its actions' shortcuts.
    m_window->menuBar()->setFixedHeight(0);
    m_window->statusBar()->hide();

    m_viewState->setThemeKind(Theme::Kind::Projector);
    m_viewState->setLineScale(kLineScale);
    m_viewState->setPresenting(true);
    if (m_fullScreenEnabled) {
        m_window->setWindowState(m_window->windowState() | Qt::WindowFullScreen);
        // Without a window manager (a bare X server, a kiosk) the state alone changes nothing.
        if (const QScreen *screen = m_window->screen())
            m_window->setGeometry(screen->geometry());
    }
    applyPresentationStep(m_presentationStep);

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
    m_hintTimer->stop();

    m_viewState->setPresenting(false);
    m_viewState->setLineScale(m_savedLineScale);
    m_viewState->setTextScalePercent(m_savedTextScale);
    m_viewState->setThemeKind(m_savedTheme);

    // Every view goes home before the central widget and the docks come back.
    m_stage->giveBack();
    m_window->takeCentralWidget();
    // takeCentralWidget() leaves the stage without a parent: the window owns it again until the
    // deferred delete runs, so a window destroyed before the event loop turns frees it too.
    m_stage->hide();
    m_stage->setParent(m_window);
    m_stage->deleteLater();
    m_stage = nullptr;
    if (m_savedCentral) {
        m_window->setCentralWidget(m_savedCentral);
        m_savedCentral->show();
    }

    m_window->menuBar()->setMinimumHeight(0);
    m_window->menuBar()->setMaximumHeight(QWIDGETSIZE_MAX);
    m_window->statusBar()->setVisible(m_savedStatusBarVisible);
    m_window->setWindowState(m_savedWindowState);
    m_window->restoreGeometry(m_savedGeometry);
    m_window->restoreState(m_savedDockState, kPresentationStateVersion);

    m_toggleAction->setChecked(false);
    m_leaveAction->setEnabled(false);
    emit activeChanged(false);
}

int PresentationMode::readableTextScale() const
{
    const int wanted = minimumTextPixels(availableRoom().height());
    const double themeFactor = Theme::make(Theme::Kind::Projector).fontFactor();
    auto pixelsAt = [&](int percent) {
        QFont font = m_baseFont;
        const double factor = themeFactor * percent / 100.0;
        if (font.pointSizeF() > 0)
            font.setPointSizeF(font.pointSizeF() * factor);
        else if (font.pixelSize() > 0)
            font.setPixelSize(std::max(1, int(std::lround(font.pixelSize() * factor))));
        return QFontInfo(font).pixelSize();
    };
    const int base = std::max(1, pixelsAt(100));
    // From just under the estimate upwards: font sizes round, so the estimate may fall short.
    int percent = std::max(1, int(std::floor(100.0 * wanted / base)) - 3);
    while (pixelsAt(percent) < wanted && percent < 100 * wanted)
        ++percent;
    return percent;
}

int PresentationMode::presentationScale(int step) const
{
    const int readable = readableTextScale();
    return readable + (readable * step + 2) / 4;
}

void PresentationMode::applyPresentationStep(int step)
{
    if (!m_active)
        return;
    // The text size the lecturer chose comes first: the last companions of the focal view give
    // way for it (all but one; at the smallest readable size, all), and only then the text shrinks.
    for (int s = std::clamp(step, 0, kMaximumPresentationSteps); s >= 0; --s) {
        m_viewState->setTextScalePercent(presentationScale(s));
        m_presentationStep = s;
        m_stage->setSideLimit(INT_MAX);
        bool fits = stageFits();
        while (!fits && m_stage->sideLimit() > (s == 0 ? 0 : 1)) {
            m_stage->setSideLimit(m_stage->sideLimit() - 1);
            fits = stageFits();
        }
        if (fits)
            break;
    }
    m_stage->relayout();
}

int PresentationMode::cutLabels() const
{
    // What the views and the temperature strip draw, as drawn: a label shortened with "…" or
    // past its view's edge.
    QList<QWidget *> views = m_stage->sideViews();
    views.prepend(m_stage->focalView());
    views.append(m_arrangement.strip);
    int cut = 0;
    for (QWidget *view : std::as_const(views)) {
        if (!view || !view->isVisible())
            continue;
        for (const DrawnText &text : drawnTexts(view))
            cut += isCut(text) ? 1 : 0;
    }
    return cut;
}

bool PresentationMode::stageFits()
{
    // The views measured the new font at once; some re-arrange their own parts (the temperature
    // strip wraps its readout) only when their posted layout requests arrive.
    for (int pass = 0; pass < 3; ++pass)
        QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
    const QSize room = availableRoom();
    if (!m_stage->fitsIn(room))
        return false;
    if (m_stage->size() != room)
        return true;  // the window is still on its way to full screen: the prediction decides
    const QSignalBlocker quiet(m_stage);
    return m_stage->relayout();
}

void PresentationMode::stepTextScale(int steps)
{
    if (m_active) {
        const int target = std::clamp(m_presentationStep + steps, 0, kMaximumPresentationSteps);
        if (target == m_presentationStep) {
            showHint(steps > 0 ? tr("The text is as large as this screen can hold.")
                               : tr("This is the smallest text the back of the room can read."));
            return;
        }
        const int before = m_presentationStep;
        const int beforeLimit = m_stage->sideLimit();
        if (steps < 0) {
            applyPresentationStep(target);  // smaller text: every companion that fits comes back
            return;
        }
        const int cutBefore = cutLabels();
        m_viewState->setTextScalePercent(presentationScale(target));
        // Bigger text may cost the last companion view, never the first one or the focal view;
        // and it must not cut a label that was whole.
        bool fits = stageFits() && cutLabels() <= cutBefore;
        while (!fits && m_stage->sideLimit() > 1) {
            m_stage->setSideLimit(m_stage->sideLimit() - 1);
            fits = stageFits() && cutLabels() <= cutBefore;
        }
        if (!fits) {
            m_viewState->setTextScalePercent(presentationScale(before));
            m_stage->setSideLimit(beforeLimit);
            m_stage->relayout();
            showHint(tr("The text is as large as this screen can hold."));
            return;
        }
        m_presentationStep = target;
        m_stage->relayout();
        return;
    }
    const int current = m_viewState->textScalePercent();
    const int scale = std::clamp(current + steps * kTextScaleStep, kMinimumTextScale, kMaximumTextScale);
    if (scale == current)
        return;
    // The room a window has inside its frame (a title bar is not room for views).
    const QSize frame = m_window->frameGeometry().size() - m_window->size();
    const QSize room = availableRoom() - QSize(std::max(0, frame.width()), std::max(0, frame.height()));
    const QSize windowSize = m_window->size();
    // While the bigger text is tried, the window's smallest size does not follow its layout: a
    // size that does not fit would otherwise push the window past the screen for a moment (and
    // a window manager may take it out of its maximized state for good).
    QLayout *top = m_window->layout();
    const QLayout::SizeConstraint constraint = top ? top->sizeConstraint() : QLayout::SetDefaultConstraint;
    if (top)
        top->setSizeConstraint(QLayout::SetNoConstraint);
    m_viewState->setTextScalePercent(scale);
    // Bigger text than the screen can hold helps nobody: the views would be pushed off it.
    if (scale > current && !layoutFits(room)) {
        m_viewState->setTextScalePercent(current);
        layoutFits(room);  // lets the layout shrink back before the window does
        if (!(m_window->windowState() & (Qt::WindowFullScreen | Qt::WindowMaximized)))
            m_window->resize(windowSize);
        m_window->statusBar()->showMessage(tr("The text is as large as this screen can hold."), 3000);
    }
    if (top)
        top->setSizeConstraint(constraint);
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
    if (!m_stage)
        return;
    m_stage->footer()->setText(text.isEmpty() ? tr("Esc leaves presentation · Ctrl +/− text size") : text);
    m_hintTimer->start();
}

bool PresentationMode::eventFilter(QObject *watched, QEvent *event)
{
    // The window saves its layout when it closes: the one from before presenting.
    if (watched == m_window && event->type() == QEvent::Close && m_active)
        leave();
    return QObject::eventFilter(watched, event);
}

} // namespace attnlens
