#include "lessonpanel.h"

#include "attentionmodel.h"
#include "comparisonview.h"
#include "focusring.h"
#include "lessonconventionview.h"
#include "lessonguesscheck.h"
#include "lessonprogress.h"
#include "lessonreferencetable.h"
#include "viewstate.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QTextBoundaryFinder>
#include <QTextEdit>
#include <QStyle>
#include <QTimer>
#include <QVBoxLayout>

namespace attnlens {

namespace {

QLabel *wrappingLabel(QWidget *parent)
{
    auto *label = new QLabel(parent);
    label->setWordWrap(true);
    label->setTextFormat(Qt::PlainText);
    label->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    return label;
}

/// Widgets that use the arrow keys themselves, or take typed text.
bool usesArrowKeys(const QWidget *widget)
{
    return qobject_cast<const QLineEdit *>(widget) || qobject_cast<const QTextEdit *>(widget)
        || qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QAbstractSpinBox *>(widget)
        || qobject_cast<const QAbstractSlider *>(widget) || qobject_cast<const QComboBox *>(widget)
        || qobject_cast<const QAbstractItemView *>(widget);
}

/// Widgets that take typed letters: R must reach them as a letter.
bool takesText(const QWidget *widget)
{
    if (qobject_cast<const QLineEdit *>(widget) || qobject_cast<const QTextEdit *>(widget)
        || qobject_cast<const QPlainTextEdit *>(widget) || qobject_cast<const QAbstractSpinBox *>(widget))
        return true;
    const auto *combo = qobject_cast<const QComboBox *>(widget);
    return combo && combo->isEditable();
}

/// Long identifiers ("scaled_dot_product_attention", "nn.MultiheadAttention's") may break after
/// an underscore or a dot, so that a narrow column wraps them instead of cutting them.
QString breakable(const QString &text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (int i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        out.append(c);
        const bool letterFollows = i + 1 < text.size() && text.at(i + 1).isLetter();
        if (letterFollows && (c == QLatin1Char('_') || c == QLatin1Char('.')))
            out.append(QChar(0x200B));
    }
    return out;
}

/// A frameless area that scrolls its words up and down only, without taking the focus.
QScrollArea *verticalScrollArea(QWidget *parent, const QString &name)
{
    auto *area = new QScrollArea(parent);
    area->setObjectName(name);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    area->setFocusPolicy(Qt::NoFocus);
    return area;
}

constexpr const char *kRevealOnDemandKey = "lesson/revealOnDemand";
constexpr double kTitleFactor = 1.2;

QString colorName(const QColor &color)
{
    return color.name(QColor::HexRgb);
}

} // namespace

LessonPanel::LessonPanel(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_progress(new LessonProgress(model, this))
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("lessonPanel"));
    setAccessibleName(tr("Lesson"));
    setFocusPolicy(Qt::StrongFocus);
    new FocusRing(this);  // the panel itself has the focus after Start the Lesson

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);

    auto *header = new QHBoxLayout;
    m_header = header;
    m_title = wrappingLabel(this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("lessonStepCounter"));
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignTop);
    header->addWidget(m_title, 1);
    header->addWidget(m_counter);
    layout->addLayout(header);

    m_scroll = verticalScrollArea(this, QStringLiteral("lessonScroll"));
    auto *content = new QWidget(m_scroll);
    content->setObjectName(QStringLiteral("lessonContent"));
    auto *body = new QVBoxLayout(content);
    body->setContentsMargins(0, 0, 4, 0);
    body->setSpacing(6);
    // Given while empty: setWidget() measures its content, which the first step's text changes
    // anyway, so a start measures it once, when it is shown.
    m_scroll->setWidget(content);

    m_text = wrappingLabel(content);
    m_text->setObjectName(QStringLiteral("lessonText"));
    body->addWidget(m_text);
    m_prediction = wrappingLabel(content);
    m_prediction->setObjectName(QStringLiteral("lessonPrediction"));
    m_prediction->setTextFormat(Qt::RichText);

    // The question stays in sight under the scrolling text, however long that is (a narrow
    // column at a projector's text size): the prediction, the guess and Reveal. It scrolls on its
    // own when it would take more than half the column (fitAskArea()).
    m_ask = verticalScrollArea(this, QStringLiteral("lessonAsk"));
    m_ask->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    auto *askContent = new QWidget(m_ask);
    askContent->setObjectName(QStringLiteral("lessonAskContent"));
    auto *ask = new QVBoxLayout(askContent);
    ask->setContentsMargins(0, 4, 4, 0);
    ask->setSpacing(6);
    m_ask->setWidget(askContent);
    m_prediction->setParent(askContent);
    ask->addWidget(m_prediction);

    // The guess: typed before the reveal, compared with the live result after it.
    m_guessPrompt = wrappingLabel(askContent);
    m_guessPrompt->setObjectName(QStringLiteral("lessonGuessPrompt"));
    ask->addWidget(m_guessPrompt);
    m_guessField = new QLineEdit(this);
    m_guessField->setObjectName(QStringLiteral("lessonGuessField"));
    // The clear button shows only while there is text; it is made with the first text, since
    // making it looks up the icon theme (about 10 ms, at every start otherwise).
    connect(m_guessField, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (!text.isEmpty() && !m_guessField->isClearButtonEnabled())
            m_guessField->setClearButtonEnabled(true);
    });
    m_guessField->setAccessibleName(tr("Your guess"));
    m_guessPrompt->setBuddy(m_guessField);
    m_reveal = new QPushButton(tr("Reveal (R)"), this);
    m_reveal->setObjectName(QStringLiteral("lessonRevealButton"));
    m_reveal->setAccessibleName(tr("Reveal the answers"));
    m_reveal->setToolTip(tr("Show this step's answers and compare your guess with the live result "
                            "(R, or PageDown from a presenter clicker)."));
    m_guessResult = wrappingLabel(content);
    m_guessResult->setObjectName(QStringLiteral("lessonGuessResult"));
    m_guessResult->setAccessibleName(tr("Your guess against the live result"));
    body->addWidget(m_guessResult);
    m_revealed = wrappingLabel(content);
    m_revealed->setObjectName(QStringLiteral("lessonRevealed"));
    m_revealed->setTextFormat(Qt::RichText);
    m_revealed->setAccessibleName(tr("Answers"));
    body->addWidget(m_revealed);

    m_checkpointHeading = new QLabel(tr("Checkpoints"), content);
    body->addWidget(m_checkpointHeading);
    m_checkpointLayout = new QVBoxLayout;
    m_checkpointLayout->setSpacing(2);
    body->addLayout(m_checkpointLayout);

    // One above the other: side by side they would not fit a narrow column at a big text size.
    auto *changedLine = new QVBoxLayout;
    m_changed = wrappingLabel(content);
    m_changed->setObjectName(QStringLiteral("lessonChanged"));
    m_changed->setText(tr("You changed the scenario."));
    m_back = new QPushButton(tr("Back to the checkpoint"), content);
    m_back->setObjectName(QStringLiteral("lessonBackButton"));
    m_back->setToolTip(tr("Load this step's scenario again (undo brings your changes back)."));
    changedLine->addWidget(m_changed);
    changedLine->addWidget(m_back, 0, Qt::AlignLeft);
    body->addLayout(changedLine);

    m_reference = new LessonReferenceTable(model, viewState, content);
    m_reference->setMinimumHeight(QFontMetrics(font()).height() * 14);
    body->addWidget(m_reference);
    m_comparison = new ComparisonView(model, viewState, content);
    body->addWidget(m_comparison);
    m_conventions = new LessonConventionView(model, viewState, content);
    body->addWidget(m_conventions);

    // Self-study: the lecturer (or a student alone) may show every answer at once. The words sit
    // in a wrapping label beside the box, so they fit a narrow column.
    auto *onDemandLine = new QHBoxLayout;
    m_revealOnDemandBox = new QCheckBox(content);
    m_revealOnDemandBox->setObjectName(QStringLiteral("lessonRevealOnDemand"));
    m_revealOnDemandBox->setAccessibleName(tr("Hide answers until revealed"));
    m_revealOnDemandBox->setAccessibleDescription(
        tr("On: each step asks for a prediction and shows its answers only after Reveal. Off, for "
           "self-study: every step shows its answers at once."));
    m_revealOnDemandLabel = wrappingLabel(content);
    m_revealOnDemandLabel->setText(tr("Hide answers until revealed (off for self-study: answers at once)"));
    m_revealOnDemandLabel->installEventFilter(this);
    onDemandLine->addWidget(m_revealOnDemandBox, 0, Qt::AlignTop);
    onDemandLine->addWidget(m_revealOnDemandLabel, 1);
    body->addLayout(onDemandLine);
    m_keyHint = wrappingLabel(content);
    m_keyHint->setObjectName(QStringLiteral("lessonKeyHint"));
    m_keyHint->setText(tr("Keys: PageDown (a presenter clicker's \"next\") or R reveals the "
                          "answers, PageDown again goes to the next step, PageUp goes back. Enter "
                          "in the guess field reveals too."));
    body->addWidget(m_keyHint);
    body->addStretch(1);
    layout->addWidget(m_scroll, 1);
    // The question may scroll in a very small column; the guess field and Reveal never do.
    layout->addWidget(m_ask);
    layout->addWidget(m_guessField);
    layout->addWidget(m_reveal);
    // A short step's text takes only its height: the question follows it, and what is left
    // stays under the question (fitAskArea()).
    layout->addStretch(0);

    auto *footer = new QHBoxLayout;
    m_footer = footer;
    m_previous = new QPushButton(tr("◀ Previous"), this);
    m_previous->setObjectName(QStringLiteral("lessonPreviousButton"));
    m_previous->setToolTip(tr("Previous step (PageUp)"));
    m_next = new QPushButton(tr("Next ▶"), this);
    m_next->setObjectName(QStringLiteral("lessonNextButton"));
    m_next->setToolTip(tr("Next step (PageDown)"));
    footer->addWidget(m_previous);
    footer->addStretch(1);
    footer->addWidget(m_next);
    layout->addLayout(footer);

    connect(m_previous, &QPushButton::clicked, this, &LessonPanel::previous);
    connect(m_next, &QPushButton::clicked, this, &LessonPanel::next);
    connect(m_back, &QPushButton::clicked, m_progress, &LessonProgress::backToCheckpoint);
    connect(m_progress, &LessonProgress::stepChanged, this, &LessonPanel::showStep);
    connect(m_progress, &LessonProgress::checkpointsChanged, this, &LessonPanel::refreshCheckpoints);
    connect(m_progress, &LessonProgress::answersShownChanged, this, &LessonPanel::refreshAnswers);
    connect(m_progress, &LessonProgress::answersShownChanged, this, [this](bool shown) {
        // Once the layout has made room for them, the answers come into sight.
        if (shown)
            QTimer::singleShot(0, this, &LessonPanel::scrollToAnswer);
    });
    connect(m_reveal, &QPushButton::clicked, this, &LessonPanel::revealAnswers);
    connect(m_guessField, &QLineEdit::returnPressed, this, &LessonPanel::revealAnswers);
    connect(m_guessField, &QLineEdit::textChanged, this, &LessonPanel::refreshGuess);
    connect(model, &AttentionModel::resultChanged, this, [this] {
        if (m_progress->answersShown())
            refreshGuess();
    });
    connect(m_revealOnDemandBox, &QCheckBox::toggled, this, &LessonPanel::setRevealOnDemand);
    connect(m_viewState, &ViewState::themeChanged, this, &LessonPanel::applyTheme);

    m_reference->hide();
    m_comparison->hide();
    m_conventions->hide();
    m_changed->hide();
    m_back->hide();
    m_previous->setEnabled(false);
    m_next->setEnabled(true);
    m_title->setText(tr("The lesson"));
    m_text->setText(tr("Press Next (or PageDown) to start."));
    m_prediction->hide();
    m_checkpointHeading->hide();
    m_guessPrompt->hide();
    m_guessField->hide();
    m_guessResult->hide();
    m_reveal->hide();
    m_revealed->hide();
    m_counter->setText(QStringLiteral("– / %1").arg(stepCount()));

    const bool onDemand = QSettings().value(QLatin1String(kRevealOnDemandKey), true).toBool();
    m_revealOnDemandBox->setChecked(onDemand);
    m_progress->setRevealOnDemand(onDemand);
    applyFonts();
    applyTheme();
    refreshDescription();

    // The keys work wherever the focus is in the window, so a presenter's clicker never has to
    // find the panel first.
    qApp->installEventFilter(this);
}

LessonPanel::~LessonPanel()
{
    qApp->removeEventFilter(this);
}

QSize LessonPanel::minimumSizeHint() const
{
    const QFontMetrics fm(font());
    // The title's longest word and the step counter beside it must fit on one line, with room
    // for the margins and the scroll bar: a long word is never cut in a narrow column.
    const QFontMetrics titleFm(m_title->font());
    // A "word" is what lies between two places a line may break: Chinese may break between
    // any two characters, so a Chinese title without spaces is not one long word.
    int widest = 0;
    const QString title = m_title->text();
    QTextBoundaryFinder breaks(QTextBoundaryFinder::Line, title);
    for (qsizetype start = 0; start < title.size();) {
        qsizetype end = breaks.toNextBoundary();
        if (end <= start)
            end = title.size();
        widest = std::max(widest, titleFm.horizontalAdvance(title.mid(start, end - start).trimmed()));
        start = end;
    }
    const int header = widest + titleFm.horizontalAdvance(m_counter->text())
        + style()->pixelMetric(QStyle::PM_ScrollBarExtent) + fm.height();
    return QSize(std::max(fm.averageCharWidth() * 28, header), fm.height() * 12);
}

QSize LessonPanel::sizeHint() const
{
    const QFontMetrics fm(font());
    return QSize(fm.averageCharWidth() * 46, fm.height() * 30);
}

bool LessonPanel::goToStep(int index)
{
    return m_progress->goToStep(index);
}

bool LessonPanel::next()
{
    return m_progress->next();
}

bool LessonPanel::previous()
{
    return m_progress->previous();
}

bool LessonPanel::revealAnswers()
{
    return m_progress->reveal();
}

bool LessonPanel::advance()
{
    return m_progress->advance();
}

bool LessonPanel::answersShown() const
{
    return m_progress->answersShown();
}

void LessonPanel::setRevealOnDemand(bool onDemand)
{
    if (m_revealOnDemandBox->isChecked() != onDemand)
        m_revealOnDemandBox->setChecked(onDemand);  // comes back here through toggled()
    QSettings().setValue(QLatin1String(kRevealOnDemandKey), onDemand);
    m_progress->setRevealOnDemand(onDemand);
}

bool LessonPanel::revealOnDemand() const
{
    return m_progress->revealOnDemand();
}

int LessonPanel::currentStep() const
{
    return m_progress->currentStep();
}

int LessonPanel::stepCount() const
{
    return m_progress->stepCount();
}

QString LessonPanel::counterText() const
{
    return m_counter->text();
}

void LessonPanel::showStep(int index)
{
    const LessonStep &step = m_progress->step(index);
    m_counter->setText(QStringLiteral("%1 / %2").arg(index + 1).arg(stepCount()));
    m_title->setText(step.title);
    updateGeometry();  // the title's longest word sets the least width
    m_text->setText(breakable(step.text));
    m_prediction->setText(tr("<b>Predict first:</b> %1").arg(step.prediction.toHtmlEscaped()));
    m_prediction->show();
    m_checkpointHeading->show();

    const bool guessing = step.guess.kind != LessonGuess::Kind::None;
    m_guessPrompt->setText(step.guess.prompt);
    m_guessPrompt->setVisible(guessing);
    {
        const QSignalBlocker blocker(m_guessField);
        m_guessField->clear();
    }
    m_guessField->setPlaceholderText(step.guess.example.isEmpty() ? QString()
                                                                  : tr("for example %1").arg(step.guess.example));
    m_guessField->setAccessibleName(step.guess.prompt);
    m_guessField->setAccessibleDescription(
        step.guess.kind == LessonGuess::Kind::Ranking
            ? tr("Type the items from most to least, for example A > C > B; = for a tie.")
            : tr("Type numbers separated by spaces or commas."));
    m_guessField->setVisible(guessing);
    m_revealed->setText(tr("<b>Answer:</b> %1").arg(breakable(step.revealed).toHtmlEscaped()));

    qDeleteAll(m_checkpointLabels);
    m_checkpointLabels.clear();
    for (size_t i = 0; i < step.checkpoints.size(); ++i) {
        QLabel *label = wrappingLabel(m_checkpointHeading->parentWidget());
        label->setObjectName(QStringLiteral("lessonCheckpoint%1").arg(i + 1));
        label->setTextFormat(Qt::RichText);
        m_checkpointLayout->addWidget(label);
        m_checkpointLabels.append(label);
    }

    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < stepCount());
    m_scroll->verticalScrollBar()->setValue(0);
    refreshAnswers();
    fitAskArea();
    emit viewRequested(step.view);
}

void LessonPanel::refreshCheckpoints()
{
    if (m_progress->currentStep() < 0)
        return;
    const LessonStep &step = m_progress->currentLessonStep();
    const std::vector<bool> &states = m_progress->checkpointStates();
    const bool shown = m_progress->answersShown();
    const Theme &theme = m_viewState->theme();
    const QString tickColor = colorName(theme.isDark() ? QColor(0x56, 0xd3, 0x64)
                                        : theme.kind() == Theme::Kind::Projector ? QColor(0x00, 0x6b, 0x1f)
                                                                                  : QColor(0x1a, 0x7f, 0x37));
    const QString quietColor = colorName(theme.hintColor());
    for (int i = 0; i < m_checkpointLabels.size() && i < static_cast<int>(step.checkpoints.size()); ++i) {
        const bool holds = states[static_cast<size_t>(i)];
        const LessonCheckpoint &checkpoint = step.checkpoints[static_cast<size_t>(i)];
        QLabel *label = m_checkpointLabels.at(i);
        label->setProperty("holds", holds);
        if (checkpoint.kind == LessonCheckpoint::Kind::Action && !holds) {
            // A task until the model shows it done: never a result filled in beforehand.
            label->setText(QStringLiteral("<span style='color:%1'>☐</span> %2")
                               .arg(quietColor, tr("To do: %1").arg(checkpoint.task).toHtmlEscaped()));
            label->setProperty("state", QStringLiteral("task"));
            label->setAccessibleName(tr("To do: %1").arg(checkpoint.task));
            label->setAccessibleDescription(QString());
            continue;
        }
        if (checkpoint.kind == LessonCheckpoint::Kind::Answer && !shown) {
            label->setText(QStringLiteral("<span style='color:%1'>?</span> <b>%2</b>: ?")
                               .arg(quietColor, checkpoint.hiddenText().toHtmlEscaped()));
            label->setProperty("state", QStringLiteral("hidden"));
            label->setAccessibleName(tr("%1: answer hidden until the reveal").arg(checkpoint.hiddenText()));
            label->setAccessibleDescription(QString());
            continue;
        }
        // A tick while it holds, an open circle when it does not.
        const QString mark = holds ? QStringLiteral("<span style='color:%1'>✓</span>").arg(tickColor)
                                   : QStringLiteral("<span style='color:%1'>○</span>").arg(quietColor);
        label->setText(QStringLiteral("%1 <b>%2</b> %3")
                           .arg(mark, checkpoint.name.toHtmlEscaped(), checkpoint.expected.toHtmlEscaped()));
        label->setProperty("state", holds ? QStringLiteral("holds") : QStringLiteral("open"));
        label->setAccessibleName(holds ? tr("%1: holds").arg(checkpoint.name)
                                       : tr("%1: does not hold").arg(checkpoint.name));
        label->setAccessibleDescription(checkpoint.expected);
    }
    const bool changed = m_progress->scenarioChanged();
    m_changed->setVisible(changed);
    m_back->setVisible(changed);
    fitAskArea();  // the text's height changed with its lines
}

void LessonPanel::refreshAnswers()
{
    if (m_progress->currentStep() < 0)
        return;
    const LessonStep &step = m_progress->currentLessonStep();
    const bool shown = m_progress->answersShown();
    m_reveal->setVisible(step.hasHiddenAnswers() && m_progress->revealOnDemand());
    m_reveal->setEnabled(!shown);
    m_reveal->setText(shown ? tr("Revealed") : tr("Reveal (R)"));
    m_revealed->setVisible(shown && !step.revealed.isEmpty());
    // The activities show numbers that answer the prediction: they come with the reveal.
    m_reference->setVisible(shown && step.activity == LessonActivity::ReferenceCheck);
    m_comparison->setVisible(shown && step.activity == LessonActivity::Intervention);
    m_conventions->setVisible(shown && step.activity == LessonActivity::MaskedRowConventions);
    refreshCheckpoints();
    refreshGuess();
    refreshDescription();
    fitAskArea();
}

void LessonPanel::refreshGuess()
{
    if (m_progress->currentStep() < 0)
        return;
    const LessonStep &step = m_progress->currentLessonStep();
    if (step.guess.kind == LessonGuess::Kind::None) {
        m_guessResult->hide();
        return;
    }
    const AttentionModel *model = m_progress->model();
    const std::optional<LessonAnswer> live = step.guess.answer ? step.guess.answer(model->scenario(), model->result())
                                                               : std::nullopt;
    const QString typed = m_guessField->text();
    const bool shown = m_progress->answersShown();
    QString text;
    bool close = false;
    if (typed.trimmed().isEmpty()) {
        text = shown ? tr("You typed no guess.") : QString();
    } else {
        const QStringList names = live ? live->names : QStringList();
        const Result<ParsedGuess> parsed = LessonGuessCheck::parse(step.guess.kind, typed, names);
        if (!parsed) {
            text = tr("Not understood: %1").arg(parsed.error().message);
        } else if (!shown) {
            text = step.guess.kind == LessonGuess::Kind::Ranking
                ? tr("Noted: %1. Reveal to compare.").arg(LessonGuessCheck::rankingText(parsed.value().levels, names))
                : tr("Noted. Reveal to compare.");
        } else if (!live) {
            text = tr("The current scenario is refused, so there is no live result to compare with.");
        } else {
            const GuessVerdict verdict = LessonGuessCheck::compare(step.guess, parsed.value(), *live);
            close = verdict.close;
            text = verdict.summary;
            for (const QString &line : verdict.details)
                text += QLatin1Char('\n') + line;
        }
    }
    m_guessResult->setProperty("close", close);
    m_guessResult->setText(text);
    m_guessResult->setAccessibleDescription(text);
    m_guessResult->setVisible(!text.isEmpty());
}

void LessonPanel::refreshDescription()
{
    QString description;
    if (m_progress->currentStep() < 0) {
        description = tr("The guided lesson, not started. Press PageDown to start.");
    } else {
        const int index = m_progress->currentStep();
        const LessonStep &step = m_progress->currentLessonStep();
        description = tr("Lesson step %1 of %2: %3.").arg(index + 1).arg(stepCount()).arg(step.title);
        description += QLatin1Char(' ');
        description += m_progress->answersShown()
            ? tr("Answers shown; PageDown goes to the next step.")
            : tr("Answers hidden: predict first, then press R or PageDown to reveal them.");
    }
    setAccessibleDescription(description);
}

void LessonPanel::applyFonts()
{
    // Derived from the panel's own font, which follows the window's (presentation mode scales it).
    QFont titleFont = font();
    titleFont.setBold(true);
    if (titleFont.pointSizeF() > 0)
        titleFont.setPointSizeF(titleFont.pointSizeF() * kTitleFactor);
    else
        titleFont.setPixelSize(qRound(titleFont.pixelSize() * kTitleFactor));
    m_title->setFont(titleFont);
    m_counter->setFont(titleFont);
    QFont bold = font();
    bold.setBold(true);
    m_checkpointHeading->setFont(bold);
    m_changed->setFont(bold);
    m_guessPrompt->setFont(bold);
    QFont hint = font();
    hint.setItalic(true);
    m_keyHint->setFont(hint);
    // A label with a style sheet no longer inherits its parent's font: give it the panel's.
    m_prediction->setFont(font());
    fitAskArea();
}

LessonPanel::NoteColors LessonPanel::predictionColors() const
{
    const Theme &theme = m_viewState->theme();
    switch (theme.kind()) {
    case Theme::Kind::Dark:
        return {QColor(0x3a, 0x33, 0x22), theme.textColor(), QColor(0xe0, 0xb0, 0x40)};
    case Theme::Kind::Projector:
        return {QColor(0xff, 0xf0, 0xb3), theme.textColor(), QColor(0xb0, 0x78, 0x00)};
    case Theme::Kind::Light:
        break;
    }
    return {QColor(0xff, 0xf6, 0xd6), QColor(0x3b, 0x2f, 0x00), QColor(0xe0, 0xa8, 0x00)};
}

void LessonPanel::applyTheme()
{
    const Theme &theme = m_viewState->theme();
    const NoteColors note = predictionColors();
    // Colours only: the font stays the panel's, so that its size follows the window.
    m_prediction->setStyleSheet(QStringLiteral("QLabel { background: %1; color: %2; border-left: 4px solid %3; "
                                               "padding: 4px; }")
                                    .arg(colorName(note.background), colorName(note.text), colorName(note.border)));
    applyFonts();
    QPalette changedPalette = m_changed->palette();
    changedPalette.setColor(QPalette::WindowText, theme.isDark() ? QColor(0xff, 0xb7, 0x4d) : QColor(0x8a, 0x4b, 0x00));
    m_changed->setPalette(changedPalette);
    QPalette hintPalette = m_keyHint->palette();
    hintPalette.setColor(QPalette::WindowText, theme.hintColor());
    m_keyHint->setPalette(hintPalette);
    refreshCheckpoints();
}

void LessonPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange)
        applyFonts();
}

void LessonPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    fitAskArea();
}

void LessonPanel::fitAskArea()
{
    const bool asking = !m_prediction->isHidden() || !m_guessPrompt->isHidden();
    if (asking == m_ask->isHidden())
        m_ask->setVisible(asking);
    if (!asking)
        return;
    // As tall as its words need at the column's width (they wrap); the question, the guess field
    // and Reveal together take at most half of what the title and the buttons leave, so that the
    // step's own text always keeps the other half.
    const QMargins margins = layout()->contentsMargins();
    const int width = std::max(1, this->width() - margins.left() - margins.right());
    const auto heightOf = [width](QLayoutItem *item) {
        return item->hasHeightForWidth() ? item->heightForWidth(width) : item->sizeHint().height();
    };
    const int spacing = std::max(0, layout()->spacing());
    const int middle = height() - margins.top() - margins.bottom() - heightOf(m_header) - heightOf(m_footer)
        - 4 * spacing;
    int pinned = 0;
    for (QWidget *widget : {static_cast<QWidget *>(m_guessField), static_cast<QWidget *>(m_reveal)}) {
        if (!widget->isHidden())
            pinned += widget->sizeHint().height() + spacing;
    }
    QLayout *ask = m_ask->widget()->layout();
    const int wanted = ask->hasHeightForWidth() ? ask->totalHeightForWidth(width) : ask->totalSizeHint().height();
    const int most = std::max(3 * fontMetrics().height(), middle / 2 - pinned);
    m_ask->setFixedHeight(std::min(wanted, most));
    QLayout *text = m_scroll->widget()->layout();
    const int textWidth = std::max(1, width - m_scroll->verticalScrollBar()->sizeHint().width());
    m_scroll->setMaximumHeight(text->hasHeightForWidth() ? text->totalHeightForWidth(textWidth) + 2
                                                         : QWIDGETSIZE_MAX);
}

void LessonPanel::scrollToAnswer()
{
    if (!m_progress->answersShown())
        return;
    // The first thing the reveal brought: how the guess did, else the answer itself.
    QWidget *first = !m_guessResult->isHidden() ? static_cast<QWidget *>(m_guessResult)
                    : !m_revealed->isHidden()   ? static_cast<QWidget *>(m_revealed)
                                                : nullptr;
    if (!first)
        return;
    m_scroll->widget()->layout()->activate();
    QScrollBar *bar = m_scroll->verticalScrollBar();
    bar->setValue(std::clamp(first->y() - 6, bar->minimum(), bar->maximum()));
}

bool LessonPanel::focusTakesText() const
{
    const QWidget *focus = QApplication::focusWidget();
    return focus && takesText(focus);
}

bool LessonPanel::arrowsBelongToLesson() const
{
    const QWidget *focus = QApplication::focusWidget();
    if (!focus)
        return true;
    if (usesArrowKeys(focus))
        return false;
    // Inside the panel: its buttons and labels do not use arrows. Elsewhere a view may (the key
    // space nudges the selected query, the heatmap and the mask grid move their cell).
    return focus == this || isAncestorOf(focus) || focus == window();
}

bool LessonPanel::handleKey(QObject *receiver, QKeyEvent *event)
{
    auto *widget = qobject_cast<QWidget *>(receiver);
    if (!widget || widget->window() != window() || !isVisible())
        return false;
    const Qt::KeyboardModifiers modifiers = event->modifiers() & ~Qt::KeypadModifier;
    const int key = event->key();
    // A clicker's "next" reveals the hidden answers first, then moves on.
    if (modifiers == Qt::NoModifier && (key == Qt::Key_PageDown || key == Qt::Key_PageUp)) {
        if (event->type() == QEvent::KeyPress)
            key == Qt::Key_PageDown ? advance() : previous();
        return true;
    }
    if (modifiers == Qt::NoModifier && (key == Qt::Key_Right || key == Qt::Key_Left) && arrowsBelongToLesson()) {
        if (event->type() == QEvent::KeyPress)
            key == Qt::Key_Right ? advance() : previous();
        return true;
    }
    if (modifiers == Qt::NoModifier && key == Qt::Key_R && currentStep() >= 0 && !answersShown()
        && !focusTakesText()) {
        if (event->type() == QEvent::KeyPress)
            revealAnswers();
        return true;
    }
    if (modifiers == Qt::ControlModifier && key >= Qt::Key_1 && key <= Qt::Key_9) {
        if (event->type() == QEvent::KeyPress)
            goToStep(key - Qt::Key_1);
        return true;
    }
    return false;
}

bool LessonPanel::eventFilter(QObject *watched, QEvent *event)
{
    // The words beside the self-study box toggle it like a check box's own text.
    if (watched == m_revealOnDemandLabel && event->type() == QEvent::MouseButtonRelease) {
        m_revealOnDemandBox->toggle();
        return true;
    }
    // ShortcutOverride is claimed too, so that no shortcut or widget takes the key first.
    if (event->type() == QEvent::KeyPress || event->type() == QEvent::ShortcutOverride) {
        auto *key = static_cast<QKeyEvent *>(event);
        if (handleKey(watched, key)) {
            if (event->type() == QEvent::ShortcutOverride) {
                event->accept();  // the KeyPress follows and is handled then
                return true;
            }
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace attnlens
