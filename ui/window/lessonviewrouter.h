#pragma once

#include "lessonstep.h"

#include <QHash>
#include <QList>

class QDockWidget;
class QWidget;

namespace attnlens {

class PresentationMode;
class ScoreLabView;
class ViewState;
class WorkedNumbersView;

/// Brings the view a lesson step is about into sight: its dock shown, raised and flashed in the
/// window, or made the large view of the stage while presenting. The worked numbers scroll to the
/// part of the calculation the step explains, in sight or not. A lab brought into sight in the
/// window takes the height it prefers from the docks below it.
class LessonViewRouter {
public:
    LessonViewRouter(PresentationMode *presentation, ViewState *viewState, WorkedNumbersView *workedNumbers);

    /// Where `view` lives: its dock (none for the central view) and its widget.
    void setPlace(LessonView view, QDockWidget *dock, QWidget *widget);

    /// Who brings a view into sight: a lab the lesson opened closes again when the lesson moves
    /// on to another view; one the user opened (its key, View > Labs) stays.
    enum class Origin { Lesson, User };

    void show(LessonView view, Origin origin = Origin::User);

private:
    static bool isLab(LessonView view);
    static void widenToSideBySide(QDockWidget *dock, ScoreLabView *lab);
    static void growToPreferredHeight(QDockWidget *dock, QWidget *widget);

    struct Place {
        QDockWidget *dock = nullptr;
        QWidget *widget = nullptr;
    };

    PresentationMode *m_presentation;
    ViewState *m_viewState;
    WorkedNumbersView *m_workedNumbers;
    QHash<int, Place> m_places;
    /// The labs' docks the lesson brought into sight that the user had not opened.
    QList<QDockWidget *> m_openedByLesson;
};

} // namespace attnlens
