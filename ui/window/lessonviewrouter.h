#pragma once

#include "lessonstep.h"

#include <QHash>

class QDockWidget;
class QWidget;

namespace attnlens {

class PresentationMode;
class ViewState;
class WorkedNumbersView;

/// Brings the view a lesson step is about into sight: its dock shown, raised and flashed in the
/// window, or made the large view of the stage while presenting. The worked numbers scroll to the
/// part of the calculation the step explains, in sight or not.
class LessonViewRouter {
public:
    LessonViewRouter(PresentationMode *presentation, ViewState *viewState, WorkedNumbersView *workedNumbers);

    /// Where `view` lives: its dock (none for the central view) and its widget.
    void setPlace(LessonView view, QDockWidget *dock, QWidget *widget);

    void show(LessonView view) const;

private:
    struct Place {
        QDockWidget *dock = nullptr;
        QWidget *widget = nullptr;
    };

    PresentationMode *m_presentation;
    ViewState *m_viewState;
    WorkedNumbersView *m_workedNumbers;
    QHash<int, Place> m_places;
};

} // namespace attnlens
