#include "lessonconcealment.h"

#include "lessonprogress.h"
#include "viewstate.h"

#include <QEvent>
#include <QWidget>

namespace attnlens {

LessonConcealment::LessonConcealment(LessonProgress *progress, QWidget *panel, ViewState *viewState, QObject *parent)
    : QObject(parent)
    , m_progress(progress)
    , m_panel(panel)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("lessonConcealment"));
    connect(progress, &LessonProgress::concealedAnswersChanged, this, &LessonConcealment::update);
    panel->installEventFilter(this);
    update();
}

bool LessonConcealment::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_panel && (event->type() == QEvent::Show || event->type() == QEvent::Hide))
        update();
    return false;
}

void LessonConcealment::update()
{
    m_viewState->setConcealedAnswers(m_panel->isVisible() ? m_progress->concealedAnswers() : LessonQuantities());
}

} // namespace attnlens
