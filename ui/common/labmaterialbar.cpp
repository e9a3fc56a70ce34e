#include "labmaterialbar.h"

#include "theme.h"
#include "viewstate.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace attnlens {

LabMaterialBar::LabMaterialBar(ViewState *viewState, QWidget *parent)
    : QFrame(parent)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("labMaterialBar"));
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("labMaterialText"));
    m_label->setWordWrap(false);  // a few words; a wrapped label would ask for several lines as its minimum
    m_label->setTextFormat(Qt::PlainText);
    m_back = new QPushButton(tr("Back to your scenario"), this);
    m_back->setObjectName(QStringLiteral("labMaterialBack"));
    connect(m_back, &QPushButton::clicked, this, &LabMaterialBar::backRequested);
    auto *layout = new QHBoxLayout(this);
    const int spacing = fontMetrics().height() / 3;
    layout->setContentsMargins(spacing, 0, 0, 0);  // no taller than its button
    layout->addWidget(m_label, 1);
    layout->addWidget(m_back, 0, Qt::AlignVCenter);
    connect(m_viewState, &ViewState::themeChanged, this, &LabMaterialBar::applyTheme);
    applyTheme();
    hide();
}

void LabMaterialBar::showFor(const QString &material, const QString &userScenario)
{
    // One short line, so that the bar costs the lab no more than a row of its controls; the
    // set-aside scenario is named in the tooltip and to screen readers.
    m_label->setText(material);
    const QString full = userScenario.isEmpty()
        ? tr("%1: your scenario is set aside, unchanged.").arg(material)
        : tr("%1: your scenario \u201c%2\u201d is set aside, unchanged.").arg(material, userScenario);
    setToolTip(full);
    setAccessibleName(full);
    m_back->setAccessibleDescription(userScenario.isEmpty()
                                         ? tr("Brings your scenario back; Edit > Undo works too.")
                                         : tr("Brings \u201c%1\u201d back; Edit > Undo works too.").arg(userScenario));
    m_back->setToolTip(m_back->accessibleDescription());
    show();
}

QString LabMaterialBar::text() const
{
    return isHidden() ? QString() : accessibleName();
}

void LabMaterialBar::changeEvent(QEvent *event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::LanguageChange)
        m_back->setText(tr("Back to your scenario"));
}

void LabMaterialBar::applyTheme()
{
    // A calm information line, not a warning: the view's own background and text, framed in the
    // theme's grid colour.
    const Theme &theme = m_viewState->theme();
    QPalette colours = palette();
    colours.setColor(QPalette::Window, theme.plotBackground());
    colours.setColor(QPalette::WindowText, theme.textColor());
    colours.setColor(QPalette::Light, theme.frameColor());
    colours.setColor(QPalette::Dark, theme.frameColor());
    setPalette(colours);
}

} // namespace attnlens
