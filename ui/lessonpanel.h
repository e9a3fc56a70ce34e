#pragma once

#include "lessonstep.h"

#include <QList>
#include <QWidget>

class QKeyEvent;
class QLabel;
class QPushButton;
class QScrollArea;
class QVBoxLayout;

namespace attnlens {

class AttentionModel;
class ComparisonView;
class LessonConventionView;
class LessonProgress;
class LessonReferenceTable;
class ViewState;

/// The "Lesson" dock: the guided lesson of the course notebook, one step at a time. Shows the
/// step counter ("3 / 13"), the title, what to look at and what to predict, the step's live
/// checkpoints (a tick while one holds), "You changed the scenario" with a one-click "Back to the
/// checkpoint", the step's own activity (reference table, intervention bench, framework
/// conventions) and Previous / Next.
///
/// Keys, window-wide while the panel is visible: PageDown / PageUp (what presenter clickers send)
/// always move the step; Right / Left move it unless the focus is in a field or on a view that
/// uses arrow keys; Ctrl+1 … Ctrl+9 jump to steps 1 to 9.
class LessonPanel : public QWidget {
    Q_OBJECT

public:
    LessonPanel(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);
    ~LessonPanel() override;

    LessonProgress *progress() const { return m_progress; }
    /// 0-based; false when out of range.
    bool goToStep(int index);
    bool next();
    bool previous();
    int currentStep() const;
    int stepCount() const;

    QString counterText() const;
    QLabel *titleLabel() const { return m_title; }
    QLabel *textLabel() const { return m_text; }
    QList<QLabel *> checkpointLabels() const { return m_checkpointLabels; }
    QLabel *changedLabel() const { return m_changed; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *nextButton() const { return m_next; }
    LessonReferenceTable *referenceTable() const { return m_reference; }
    ComparisonView *comparisonView() const { return m_comparison; }
    LessonConventionView *conventionView() const { return m_conventions; }

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    /// The view the step is about should come to the front.
    void viewRequested(attnlens::LessonView view);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void showStep(int index);
    void refreshCheckpoints();
    /// True when the key moved the lesson (or was a lesson key that must not reach the focus).
    bool handleKey(QObject *receiver, QKeyEvent *event);
    bool arrowsBelongToLesson() const;

    LessonProgress *m_progress;
    QLabel *m_counter;
    QLabel *m_title;
    QScrollArea *m_scroll;
    QLabel *m_text;
    QLabel *m_prediction;
    QLabel *m_checkpointHeading;
    QVBoxLayout *m_checkpointLayout;
    QList<QLabel *> m_checkpointLabels;
    QLabel *m_changed;
    QPushButton *m_back;
    LessonReferenceTable *m_reference;
    ComparisonView *m_comparison;
    LessonConventionView *m_conventions;
    QPushButton *m_previous;
    QPushButton *m_next;
};

} // namespace attnlens
