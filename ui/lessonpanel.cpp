#include "lessonpanel.h"

#include "attentionmodel.h"
#include "comparisonview.h"
#include "focusring.h"
#include "lessonconventionview.h"
#include "lessonprogress.h"
#include "lessonreferencetable.h"
#include "viewstate.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QApplication>
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
#include <QTextEdit>
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

} // namespace

LessonPanel::LessonPanel(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_progress(new LessonProgress(model, this))
{
    setObjectName(QStringLiteral("lessonPanel"));
    setAccessibleName(tr("Lesson"));
    setAccessibleDescription(tr("The guided lesson: what to look at and predict in each step, and "
                                "live checkpoints that tick while the numbers hold. PageDown and "
                                "PageUp move between steps."));
    setFocusPolicy(Qt::StrongFocus);
    new FocusRing(this);  // the panel itself has the focus after Start the Lesson

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);

    auto *header = new QHBoxLayout;
    m_title = wrappingLabel(this);
    m_title->setObjectName(QStringLiteral("lessonTitle"));
    QFont titleFont = font();
    titleFont.setBold(true);
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.2);
    m_title->setFont(titleFont);
    m_counter = new QLabel(this);
    m_counter->setObjectName(QStringLiteral("lessonStepCounter"));
    m_counter->setAlignment(Qt::AlignRight | Qt::AlignTop);
    m_counter->setFont(titleFont);
    header->addWidget(m_title, 1);
    header->addWidget(m_counter);
    layout->addLayout(header);

    m_scroll = new QScrollArea(this);
    m_scroll->setObjectName(QStringLiteral("lessonScroll"));
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setFocusPolicy(Qt::NoFocus);
    auto *content = new QWidget(m_scroll);
    content->setObjectName(QStringLiteral("lessonContent"));
    auto *body = new QVBoxLayout(content);
    body->setContentsMargins(0, 0, 4, 0);
    body->setSpacing(6);

    m_text = wrappingLabel(content);
    m_text->setObjectName(QStringLiteral("lessonText"));
    body->addWidget(m_text);
    m_prediction = wrappingLabel(content);
    m_prediction->setObjectName(QStringLiteral("lessonPrediction"));
    m_prediction->setTextFormat(Qt::RichText);
    m_prediction->setStyleSheet(QStringLiteral(
        "QLabel { background: #fff6d6; color: #3b2f00; border-left: 4px solid #e0a800; padding: 4px; }"));
    body->addWidget(m_prediction);

    m_checkpointHeading = new QLabel(tr("Checkpoints"), content);
    QFont headingFont = font();
    headingFont.setBold(true);
    m_checkpointHeading->setFont(headingFont);
    body->addWidget(m_checkpointHeading);
    m_checkpointLayout = new QVBoxLayout;
    m_checkpointLayout->setSpacing(2);
    body->addLayout(m_checkpointLayout);

    auto *changedLine = new QHBoxLayout;
    m_changed = wrappingLabel(content);
    m_changed->setObjectName(QStringLiteral("lessonChanged"));
    m_changed->setText(tr("You changed the scenario."));
    m_changed->setStyleSheet(QStringLiteral("QLabel { color: #8a4b00; font-weight: bold; }"));
    m_back = new QPushButton(tr("Back to the checkpoint"), content);
    m_back->setObjectName(QStringLiteral("lessonBackButton"));
    m_back->setToolTip(tr("Load this step's scenario again (undo brings your changes back)."));
    changedLine->addWidget(m_changed, 1);
    changedLine->addWidget(m_back);
    body->addLayout(changedLine);

    m_reference = new LessonReferenceTable(model, viewState, content);
    m_reference->setMinimumHeight(QFontMetrics(font()).height() * 14);
    body->addWidget(m_reference);
    m_comparison = new ComparisonView(model, viewState, content);
    body->addWidget(m_comparison);
    m_conventions = new LessonConventionView(model, viewState, content);
    body->addWidget(m_conventions);
    body->addStretch(1);
    m_scroll->setWidget(content);
    layout->addWidget(m_scroll, 1);

    auto *footer = new QHBoxLayout;
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
    m_counter->setText(QStringLiteral("– / %1").arg(stepCount()));

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
    return QSize(fm.averageCharWidth() * 28, fm.height() * 12);
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
    m_text->setText(step.text);
    m_prediction->setText(tr("<b>Predict first:</b> %1").arg(step.prediction.toHtmlEscaped()));
    m_prediction->show();
    m_checkpointHeading->show();

    qDeleteAll(m_checkpointLabels);
    m_checkpointLabels.clear();
    for (size_t i = 0; i < step.checkpoints.size(); ++i) {
        QLabel *label = wrappingLabel(m_checkpointHeading->parentWidget());
        label->setObjectName(QStringLiteral("lessonCheckpoint%1").arg(i + 1));
        label->setTextFormat(Qt::RichText);
        m_checkpointLayout->addWidget(label);
        m_checkpointLabels.append(label);
    }

    m_reference->setVisible(step.activity == LessonActivity::ReferenceCheck);
    m_comparison->setVisible(step.activity == LessonActivity::Intervention);
    m_conventions->setVisible(step.activity == LessonActivity::MaskedRowConventions);
    m_previous->setEnabled(index > 0);
    m_next->setEnabled(index + 1 < stepCount());
    m_scroll->verticalScrollBar()->setValue(0);
    refreshCheckpoints();
    emit viewRequested(step.view);
}

void LessonPanel::refreshCheckpoints()
{
    if (m_progress->currentStep() < 0)
        return;
    const LessonStep &step = m_progress->currentLessonStep();
    const std::vector<bool> &states = m_progress->checkpointStates();
    for (int i = 0; i < m_checkpointLabels.size() && i < static_cast<int>(step.checkpoints.size()); ++i) {
        const bool holds = states[static_cast<size_t>(i)];
        const LessonCheckpoint &checkpoint = step.checkpoints[static_cast<size_t>(i)];
        // A tick in green while it holds, an open circle in grey when it does not.
        const QString mark = holds ? QStringLiteral("<span style='color:#1a7f37'>✓</span>")
                                   : QStringLiteral("<span style='color:#8a8a8a'>○</span>");
        QLabel *label = m_checkpointLabels.at(i);
        label->setText(QStringLiteral("%1 <b>%2</b> %3")
                           .arg(mark, checkpoint.name.toHtmlEscaped(), checkpoint.expected.toHtmlEscaped()));
        label->setProperty("holds", holds);
        label->setAccessibleName(holds ? tr("%1: holds").arg(checkpoint.name)
                                       : tr("%1: does not hold").arg(checkpoint.name));
    }
    const bool changed = m_progress->scenarioChanged();
    m_changed->setVisible(changed);
    m_back->setVisible(changed);
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
    if (modifiers == Qt::NoModifier && (key == Qt::Key_PageDown || key == Qt::Key_PageUp)) {
        if (event->type() == QEvent::KeyPress)
            key == Qt::Key_PageDown ? next() : previous();
        return true;
    }
    if (modifiers == Qt::NoModifier && (key == Qt::Key_Right || key == Qt::Key_Left) && arrowsBelongToLesson()) {
        if (event->type() == QEvent::KeyPress)
            key == Qt::Key_Right ? next() : previous();
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
