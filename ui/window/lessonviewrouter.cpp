#include "lessonviewrouter.h"

#include "presentationflash.h"
#include "presentationmode.h"
#include "workednumbersview.h"

#include <QDockWidget>

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

void LessonViewRouter::show(LessonView view) const
{
    const Place place = m_places.value(static_cast<int>(view));
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
    PresentationFlash::flash(place.dock, m_viewState);  // where the audience should look
}

} // namespace attnlens
