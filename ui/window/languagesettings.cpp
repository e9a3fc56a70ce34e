#include "languagesettings.h"

#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

#include <vector>

namespace attnlens {

namespace {

const char kSettingsKey[] = "view/language";

struct Installed {
    QString language = QStringLiteral("en");
    std::vector<QTranslator *> translators;
};

Installed &installed()
{
    static Installed state;
    return state;
}

void removeInstalled()
{
    for (QTranslator *translator : installed().translators) {
        QCoreApplication::removeTranslator(translator);
        delete translator;
    }
    installed().translators.clear();
}

} // namespace

QStringList LanguageSettings::languages()
{
    return {QStringLiteral("en"), QStringLiteral("zh_TW")};
}

QString LanguageSettings::nativeName(const QString &code)
{
    if (code == QLatin1String("zh_TW"))
        return QStringLiteral("繁體中文");
    return QStringLiteral("English");
}

QString LanguageSettings::savedLanguage()
{
    const QString saved = QSettings().value(QLatin1String(kSettingsKey)).toString();
    return languages().contains(saved) ? saved : QString();
}

void LanguageSettings::saveLanguage(const QString &code)
{
    QSettings().setValue(QLatin1String(kSettingsKey), code);
}

QString LanguageSettings::systemLanguage()
{
    const QLocale locale = QLocale::system();
    if (locale.language() != QLocale::Chinese)
        return QStringLiteral("en");
    const bool traditional = locale.script() == QLocale::TraditionalChineseScript
        || locale.territory() == QLocale::Taiwan || locale.territory() == QLocale::HongKong
        || locale.territory() == QLocale::Macao;
    return traditional ? QStringLiteral("zh_TW") : QStringLiteral("en");
}

QString LanguageSettings::chooseLanguage(const QString &commandLine)
{
    if (languages().contains(commandLine))
        return commandLine;
    const QString saved = savedLanguage();
    return saved.isEmpty() ? systemLanguage() : saved;
}

bool LanguageSettings::install(const QString &code)
{
    removeInstalled();
    installed().language = QStringLiteral("en");
    if (code != QLatin1String("zh_TW"))
        return code == QLatin1String("en");

    auto *own = new QTranslator;
    if (!own->load(QStringLiteral(":/i18n/attnlens_") + code)) {
        delete own;
        return false;
    }
    QCoreApplication::installTranslator(own);
    installed().translators.push_back(own);
    // Qt's own strings (Save, Discard, Cancel…) when the distribution ships them
    // (Debian: qt6-translations-l10n); without them those buttons stay in English.
    auto *qt = new QTranslator;
    if (qt->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
        installed().translators.push_back(qt);
    } else {
        delete qt;
    }
    installed().language = code;
    return true;
}

QString LanguageSettings::currentLanguage()
{
    return installed().language;
}

} // namespace attnlens
