#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

namespace attnlens {

/// The interface and lesson language: which one applies (command line, then the saved choice
/// in QSettings "view/language", then the system locale) and the QTranslators that apply it.
/// English is the source language and needs no translator; zh_TW loads :/i18n/attnlens_zh_TW.qm
/// and, when the system has it, Qt's own qtbase_zh_TW for the standard buttons.
class LanguageSettings
{
    Q_DECLARE_TR_FUNCTIONS(attnlens::LanguageSettings)

public:
    /// The language codes offered, in menu order: "en", "zh_TW".
    static QStringList languages();
    /// The name of a language in that language ("English", "繁體中文"), for the menu.
    static QString nativeName(const QString &code);
    /// The choice saved by View > Language; empty when none (or an unknown one) is saved.
    static QString savedLanguage();
    static void saveLanguage(const QString &code);
    /// zh_TW for a Traditional Chinese system locale (Taiwan, Hong Kong, Macau or Hant script),
    /// otherwise en.
    static QString systemLanguage();
    /// commandLine if set, else the saved choice, else the system language.
    static QString chooseLanguage(const QString &commandLine = QString());
    /// Installs the translators of `code` on the application, replacing earlier ones; returns
    /// false (and leaves English) when the application's own translation cannot be loaded.
    /// Widgets built afterwards show the language; existing ones keep their text.
    static bool install(const QString &code);
    /// The language installed last ("en" before any install()).
    static QString currentLanguage();
};

} // namespace attnlens
