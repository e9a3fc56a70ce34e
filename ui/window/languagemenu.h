#pragma once

#include <QMenu>

namespace attnlens {

/// View > Language: English / 繁體中文 (I18N). The widgets set their text once, when built, so
/// a new choice is saved (QSettings "view/language", languagesettings.h) and applies at the
/// next start, which the menu says in a message.
class LanguageMenu : public QMenu
{
    Q_OBJECT

public:
    explicit LanguageMenu(QWidget *parent = nullptr);
};

} // namespace attnlens
