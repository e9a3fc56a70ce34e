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
    // Amber rather than red: the app is fine, the scenario needs a change.
    setStyleSheet(QStringLiteral("#errorBanner { background: #fff3cd; border: 1px solid #e0a800; "
                                 "border-radius: 4px; } QLabel { color: #5c3c00; }"));
    // The icon and the selectable text (a text document of its own) are made with the first
    // message: most sessions never show the banner, and every start would pay for both.
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
    return m_label->text();
}

void ErrorBanner::refresh()
{
    // Called on every recompute, most of them during drags: touch the label only when the
    // message changes, so a valid scenario costs no layout work per frame.
    const std::optional<Error> &error = m_model->error();
    const QString text = error
        ? QStringLiteral("<b>%1.</b> %2 <span style='color:#8a6d3b'>(%3)</span>")
              .arg(headline(error->category), error->message.toHtmlEscaped(),
                   categoryName(error->category))
        : QString();
    if (!text.isEmpty() && m_icon->pixmap().isNull()) {
        m_icon->setPixmap(style()->standardIcon(QStyle::SP_MessageBoxWarning).pixmap(24, 24));
        m_label->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    if (text != m_label->text())
        m_label->setText(text);
    if (error.has_value() == isHidden())
        setVisible(error.has_value());
}

} // namespace attnlens
