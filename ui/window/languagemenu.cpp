#include "languagemenu.h"

#include "languagesettings.h"

#include <QAction>
#include <QActionGroup>
#include <QMessageBox>

namespace attnlens {

LanguageMenu::LanguageMenu(QWidget *parent)
    : QMenu(tr("Lan&guage"), parent)
{
    setObjectName(QStringLiteral("languageMenu"));
    auto *group = new QActionGroup(this);
    for (const QString &code : LanguageSettings::languages()) {
        QAction *action = addAction(LanguageSettings::nativeName(code));
        action->setObjectName(QStringLiteral("languageAction_") + code);
        action->setData(code);
        action->setCheckable(true);
        action->setChecked(code == LanguageSettings::currentLanguage());
        group->addAction(action);
        connect(action, &QAction::triggered, this, [this, code] {
            LanguageSettings::saveLanguage(code);
            if (code == LanguageSettings::currentLanguage())
                return;
            QMessageBox::information(parentWidget(), tr("Language"),
                                     tr("Attention Lens will use %1 the next time it starts.")
                                         .arg(LanguageSettings::nativeName(code)));
        });
    }
}

} // namespace attnlens
