#include "errorbanner.h"

#include "attentionmodel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

namespace attnlens {

namespace {

QString headline(ErrorCategory category)
{
    switch (category) {
    case ErrorCategory::Empty: return ErrorBanner::tr("A matrix is empty");
    case ErrorCategory::ShapeMismatch: return ErrorBanner::tr("The shapes do not fit");
    case ErrorCategory::NonFiniteInput: return ErrorBanner::tr("A value is not a finite number");
    case ErrorCategory::NonpositiveTemperature: return ErrorBanner::tr("The temperature must be above 0");
    case ErrorCategory::AllMaskedRow: return ErrorBanner::tr("Undefined: a query has no allowed key");
    case ErrorCategory::ScoreOverflow: return ErrorBanner::tr("A score overflows");
    case ErrorCategory::InvalidJson:
    case ErrorCategory::InvalidScenario:
    case ErrorCategory::FileError: break;
    }
    return ErrorBanner::tr("The scenario cannot be computed");
}

} // namespace

ErrorBanner::ErrorBanner(AttentionModel *model, QWidget *parent)
    : QFrame(parent)
    , m_model(model)
    , m_icon(new QLabel(this))
    , m_label(new QLabel(this))
{
    setObjectName(QStringLiteral("errorBanner"));
    setAccessibleName(tr("Error banner"));
    setAccessibleDescription(tr("Explains why the current scenario has no result."));
    setFrameShape(QFrame::StyledPanel);
    m_icon->setFixedSize(24, 24);
    m_label->setWordWrap(true);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 6, 8, 6);
    layout->addWidget(m_icon, 0, Qt::AlignTop);
    layout->addWidget(m_label, 1);

    connect(m_model, &AttentionModel::resultChanged, this, &ErrorBanner::refresh);
    refresh();
}

QString ErrorBanner::text() const
{
    const std::optional<Error> &error = m_model->error();
    if (!error)
        return {};
    return QStringLiteral("<b>%1.</b> %2 <span style='color:#8a6d3b'>(%3)</span>")
        .arg(headline(error->category), error->message.toHtmlEscaped(), categoryName(error->category));
}

void ErrorBanner::refresh()
{
    // Called on every recompute, most of them during drags: a valid scenario only keeps the
    // banner hidden. Its contents are filled in only while it is on screen: a window is built
    // around an empty scenario (a refusal) before its first document arrives, and that start
    // should not pay for a message nobody sees.
    const bool refused = m_model->error().has_value();
    if (refused == isHidden())
        setVisible(refused);
    if (refused && isVisible())
        fillIn();
}

void ErrorBanner::showEvent(QShowEvent *event)
{
    fillIn();
    QFrame::showEvent(event);
}

void ErrorBanner::fillIn()
{
    const QString message = text();
    if (message.isEmpty())
        return;
    if (m_icon->pixmap().isNull()) {
        // The style sheet, the icon and the selectable text (a text document of its own) are
        // made with the first message shown: the first style sheet of a process alone costs
        // about 20 ms (Qt builds its style sheet style), which most sessions never need.
        // Amber rather than red: the app is fine, the scenario needs a change.
        setStyleSheet(QStringLiteral("#errorBanner { background: #fff3cd; border: 1px solid #e0a800; "
                                     "border-radius: 4px; } QLabel { color: #5c3c00; }"));
        m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(24, 24));
        m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    if (message != m_label->text())
        m_label->setText(message);
}

} // namespace attnlens
