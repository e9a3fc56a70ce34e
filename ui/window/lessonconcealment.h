#pragma once

#include <QObject>

namespace attnlens {

class LessonProgress;
class ViewState;

/// Tells the views what to hide: while the lesson panel is on screen (its dock, or the lesson
/// column while presenting) the current step's answers, until the reveal
/// (LessonProgress::concealedAnswers()); nothing once the panel is closed, so a lesson put
/// aside leaves no view covered with no Reveal in sight.
class LessonConcealment : public QObject {
public:
    LessonConcealment(LessonProgress *progress, QWidget *panel, ViewState *viewState, QObject *parent = nullptr);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void update();

    LessonProgress *m_progress;
    QWidget *m_panel;
    ViewState *m_viewState;
};

} // namespace attnlens
