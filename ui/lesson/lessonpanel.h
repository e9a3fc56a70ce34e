#pragma once

#include "lessonstep.h"

#include <QColor>
#include <QList>
#include <QWidget>

class QCheckBox;
class QKeyEvent;
class QLabel;
class QLineEdit;
class QPushButton;
class QLayout;
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
/// Predict, then reveal: a step's answers (answer checkpoints, the answer sentences, the step's
/// activity and the comparison of a typed guess with the live result) stay hidden until Reveal;
/// action checkpoints read as tasks until the model shows them done. "Hide answers until
/// revealed" (QSettings "lesson/revealOnDemand", on by default) can be switched off for
/// self-study.
///
/// Keys, window-wide while the panel is visible: PageDown (a presenter clicker's "next") first
/// reveals a step's hidden answers, then moves to the next step; PageUp goes back. R reveals
/// (not while typing). Right / Left act as PageDown / PageUp unless the focus is in a field or on
/// a view that uses arrow keys; Ctrl+1 … Ctrl+9 jump to steps 1 to 9.
///
/// Every font is the panel's own font() or a multiple of it, so a bigger window font (the
/// presentation mode's text size) reaches the title, the prediction, the checkpoints, the guess
/// and the buttons; every text wraps in a narrow column.
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
    /// Reveals the current step's answers; false when nothing was hidden.
    bool revealAnswers();
    /// What PageDown does: reveal the hidden answers, else go to the next step.
    bool advance();
    bool answersShown() const;
    /// Off: every step shows its answers at once (remembered in QSettings).
    void setRevealOnDemand(bool onDemand);
    bool revealOnDemand() const;
    int currentStep() const;
    int stepCount() const;

    QString counterText() const;
    QLabel *titleLabel() const { return m_title; }
    QLabel *textLabel() const { return m_text; }
    QLabel *predictionLabel() const { return m_prediction; }
    QLabel *revealedLabel() const { return m_revealed; }
    QLabel *guessPromptLabel() const { return m_guessPrompt; }
    QLineEdit *guessField() const { return m_guessField; }
    QLabel *guessResultLabel() const { return m_guessResult; }
    QPushButton *revealButton() const { return m_reveal; }
    QCheckBox *revealOnDemandBox() const { return m_revealOnDemandBox; }
    QLabel *keyHintLabel() const { return m_keyHint; }
    QList<QLabel *> checkpointLabels() const { return m_checkpointLabels; }
    QLabel *changedLabel() const { return m_changed; }
    QPushButton *backButton() const { return m_back; }
    QPushButton *previousButton() const { return m_previous; }
    QPushButton *nextButton() const { return m_next; }
    LessonReferenceTable *referenceTable() const { return m_reference; }
    ComparisonView *comparisonView() const { return m_comparison; }
    LessonConventionView *conventionView() const { return m_conventions; }

    /// The predict box's background, text and border in the current theme.
    struct NoteColors {
        QColor background;
        QColor text;
        QColor border;
    };
    NoteColors predictionColors() const;

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

signals:
    /// The view the step is about should come to the front.
    void viewRequested(attnlens::LessonView view);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    /// Sizes the question area under the text (prediction, guess, Reveal) to its words, at most
    /// half the panel; hides it while there is no question.
    void fitAskArea();
    /// Scrolls the lesson's text to what the reveal brought (the guess's result, the answer).
    void scrollToAnswer();
    void showStep(int index);
    void refreshCheckpoints();
    void refreshAnswers();
    void refreshGuess();
    void refreshDescription();
    void applyFonts();
    void applyTheme();
    /// True when the key moved the lesson (or was a lesson key that must not reach the focus).
    bool handleKey(QObject *receiver, QKeyEvent *event);
    bool arrowsBelongToLesson() const;
    bool focusTakesText() const;

    LessonProgress *m_progress;
    ViewState *m_viewState;
    QLabel *m_counter;
    QLabel *m_title;
    QScrollArea *m_scroll;
    QScrollArea *m_ask;
    QLayout *m_header;
    QLayout *m_footer;
    QLabel *m_text;
    QLabel *m_prediction;
    QLabel *m_guessPrompt;
    QLineEdit *m_guessField;
    QPushButton *m_reveal;
    QLabel *m_guessResult;
    QLabel *m_revealed;
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
    QCheckBox *m_revealOnDemandBox;
    QLabel *m_revealOnDemandLabel;
    QLabel *m_keyHint;
};

} // namespace attnlens
