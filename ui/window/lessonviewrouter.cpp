#include "lessonviewrouter.h"

#include "presentationflash.h"
#include "presentationmode.h"
#include "scorelabview.h"
#include "workednumbersview.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QWindow>

#include <algorithm>

namespace attnlens {

LessonViewRouter::LessonViewRouter(PresentationMode *presentation, ViewState *viewState,
                                   WorkedNumbersView *workedNumbers)
    : m_presentation(presentation)
    , m_viewState(viewState)
    , m_workedNumbers(workedNumbers)
{
}

void LessonViewRouter::setPlace(LessonView view, QDockWidget *dock, QWidget *widget)
{
    m_places.insert(static_cast<int>(view), Place{dock, widget});
}

void LessonViewRouter::show(LessonView view, Origin origin)
{
    const Place place = m_places.value(static_cast<int>(view));
    // A lab the lesson opened for an earlier step is closed when the lesson moves on, so that the
    // labs do not pile up as tabs that push every dock's name into "…"; a lab the user opened
    // by its key stays where they put it.
    if (origin == Origin::Lesson && !m_presentation->isActive()) {
        for (QDockWidget *dock : std::as_const(m_openedByLesson)) {
            if (dock != place.dock)
                dock->hide();
        }
        m_openedByLesson.removeIf([&place](QDockWidget *dock) { return dock != place.dock; });
    }
    if (place.dock && isLab(view)) {
        if (origin == Origin::User)
            m_openedByLesson.removeAll(place.dock);
        else if (!place.dock->isVisible() && !m_openedByLesson.contains(place.dock))
            m_openedByLesson.append(place.dock);
    }
    switch (view) {
    case LessonView::WorkedNumbers:
        m_workedNumbers->scrollToSection(WorkedNumbersView::Section::Scores);
        break;
    case LessonView::Weights:
        m_workedNumbers->scrollToSection(WorkedNumbersView::Section::Softmax);
        break;
    case LessonView::Context:
        m_workedNumbers->scrollToSection(WorkedNumbersView::Section::Context);
        break;
    default:
        break;
    }
    // While presenting, the step's view takes the large place of the stage (the temperature
    // strip and the lesson's column keep theirs); the central view needs no flash there.
    m_presentation->setFocalView(place.widget);
    if (m_presentation->isActive()) {
        if (place.dock)
            PresentationFlash::flash(place.widget, m_viewState);
        return;
    }
    if (!place.dock)
        return;
    place.dock->show();
    place.dock->raise();
    if (isLab(view)) {
        growToPreferredHeight(place.dock, place.widget);
        if (auto *scoreLab = qobject_cast<ScoreLabView *>(place.widget))
            widenToSideBySide(place.dock, scoreLab);
    }
    // Where the audience should look; a window not yet on screen (the lesson opening at start)
    // has nothing to point at.
    if (QWindow *handle = place.dock->window()->windowHandle(); handle && handle->isExposed())
        PresentationFlash::flash(place.dock, m_viewState);
}

void LessonViewRouter::widenToSideBySide(QDockWidget *dock, ScoreLabView *lab)
{
    // Still short of height (a 720-line screen), the score lab puts its picture beside its
    // weights when its column is wide enough: the column takes the width it needs from the
    // central view, down to that view's minimum (small when it has no plane to draw).
    auto *window = qobject_cast<QMainWindow *>(dock->parentWidget());
    if (!window || dock->isFloating() || lab->height() >= lab->sizeHint().height())
        return;
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    if (area != Qt::LeftDockWidgetArea && area != Qt::RightDockWidgetArea)
        return;
    const int frame = std::max(0, dock->width() - lab->width());
    const int wanted = lab->sideBySideWidth() + frame;
    if (wanted > dock->width())
        window->resizeDocks({dock}, {wanted}, Qt::Horizontal);
}

bool LessonViewRouter::isLab(LessonView view)
{
    return view == LessonView::BottleneckLab || view == LessonView::ScaleLab || view == LessonView::ScoreLab
        || view == LessonView::DerivationLab;
}

void LessonViewRouter::growToPreferredHeight(QDockWidget *dock, QWidget *widget)
{
    // A lab tabbed behind the heatmap gets the height the heatmap had, which on a 720-line screen
    // leaves its picture in a scroll area or its plots squeezed flat. Brought into sight, it takes
    // the height it prefers from the docks below it (each keeps its own minimum: the window
    // decides how much there is).
    auto *window = qobject_cast<QMainWindow *>(dock->parentWidget());
    if (!window || dock->isFloating())
        return;
    const int frame = std::max(0, dock->height() - widget->height());
    const int deficit = widget->sizeHint().height() + frame - dock->height();
    if (deficit <= 0)
        return;
    // A dock beside the central view grows when the row of docks below (or above) gives up
    // height: resizing it "vertically" would only move the split inside its own column.
    const Qt::DockWidgetArea area = window->dockWidgetArea(dock);
    if (area == Qt::TopDockWidgetArea || area == Qt::BottomDockWidgetArea) {
        window->resizeDocks({dock}, {dock->height() + deficit}, Qt::Vertical);
        return;
    }
    for (QDockWidget *other : window->findChildren<QDockWidget *>()) {
        if (other->isVisible() && !other->isFloating() && window->dockWidgetArea(other) == Qt::BottomDockWidgetArea) {
            const int height = std::max(other->minimumSizeHint().height(), other->height() - deficit);
            if (height > 0 && height < other->height())
                window->resizeDocks({other}, {height}, Qt::Vertical);
            return;
        }
    }
}

} // namespace attnlens
