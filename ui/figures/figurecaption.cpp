#include "figurecaption.h"

#include "numberformat.h"
#include "quotedlabel.h"
#include "scenario.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <cmath>

namespace attnlens {

// The texts are translated in the context of the figure options' names ("attnlens::Figure"),
// spelt out in every call so that lupdate files them there too.

QString maskSummary(const Scenario &scenario)
{
    const Index queries = scenario.queryCount();
    const Index keys = scenario.keyCount();
    if (!scenario.allowed || scenario.allowed->rows() != queries || scenario.allowed->cols() != keys)
        return QCoreApplication::translate("attnlens::Figure", "no mask");
    const Mask &allowed = *scenario.allowed;
    const Index blocked = allowed.size() - allowed.count();
    if (blocked == 0)
        return QCoreApplication::translate("attnlens::Figure", "no mask");
    if (queries > 1 && allowed == causalMask(queries, keys))
        return QCoreApplication::translate("attnlens::Figure", "causal mask");
    return QCoreApplication::translate("attnlens::Figure", "%1 of %2 cells masked")
        .arg(blocked)
        .arg(allowed.size());
}

QString scenarioNameForFigure(const Scenario &scenario)
{
    QString name = scenario.name.simplified();
    const auto holdsLive = [&](const QString &number) {
        const double stated = number.toDouble();
        const double live = scenario.temperature;
        return std::abs(stated - live) <= 1e-9 * std::max(1.0, std::abs(live))
            || formatInput(stated) == formatInput(live);
    };
    // "Three queries, sharper (starts at T = 0.5)": the parenthesis goes (the caption states the
    // live temperature); the remark before it describes that temperature and stays only while it
    // holds. Full-width brackets and commas too, for the translated names.
    static const QRegularExpression startingTemperature(
        QStringLiteral("([,\uff0c]\\s*[^,\uff0c(\uff08]+?)?\\s*[(\uff08][^()\uff08\uff09]*?"
                       "\\b(?:T|temperature)\\s*=\\s*([-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?)"
                       "[^()\uff08\uff09]*[)\uff09]"),
        QRegularExpression::CaseInsensitiveOption);
    for (int guard = 0; guard < 4; ++guard) {
        const QRegularExpressionMatch match = startingTemperature.match(name);
        if (!match.hasMatch())
            break;
        name.replace(match.capturedStart(), match.capturedLength(),
                     holdsLive(match.captured(2)) ? match.captured(1) : QString());
    }
    // ", T = 0.5", " T=2", "; τ = 1": a separator, the symbol, a number and an optional remark.
    static const QRegularExpression statedTemperature(
        QStringLiteral("\\s*[,;:\u2014\u2013-]?\\s*\\b(?:T|temperature)\\s*=\\s*"
                       "([-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?)(\\s*\\([^)]*\\))?"),
        QRegularExpression::CaseInsensitiveOption);
    for (int guard = 0; guard < 4; ++guard) {
        const QRegularExpressionMatch match = statedTemperature.match(name);
        if (!match.hasMatch())
            break;
        const double stated = match.captured(1).toDouble();
        const double live = scenario.temperature;
        const bool holds = std::abs(stated - live) <= 1e-9 * std::max(1.0, std::abs(live))
            || formatInput(stated) == formatInput(live);
        // A remark such as "(sharper)" describes the stated temperature: it stays only while
        // that temperature holds.
        const QString kept = holds ? match.captured(2) : QString();
        name.replace(match.capturedStart(), match.capturedLength(), kept);
    }
    name = name.simplified();
    static const QRegularExpression trailingSeparator(QStringLiteral("[\\s,;:\u2014\u2013-]+$"));
    name.remove(trailingSeparator);
    return name;
}

QString defaultFigureCaption(const Scenario &scenario, const QString &headTag)
{
    const QString stripped = scenarioNameForFigure(scenario);
    QString name = stripped.isEmpty()
        ? QCoreApplication::translate("attnlens::Figure", "Untitled scenario")
        : stripped;
    if (!headTag.isEmpty())
        name = QCoreApplication::translate("attnlens::Figure", "%1 \u2014 %2", "the scenario, then the head shown")
                   .arg(name, headTag);
    return QCoreApplication::translate("attnlens::Figure", "%1 — temperature T = %2 — %3")
        .arg(name, formatInput(scenario.temperature), maskSummary(scenario));
}

QString animationFrameCaption(const Scenario &scenario, const QString &headTag, int movingQuery)
{
    const QString caption = defaultFigureCaption(scenario, headTag);
    if (movingQuery < 0 || movingQuery >= scenario.queryCount() || scenario.queries.cols() < 2)
        return caption;
    return QCoreApplication::translate("attnlens::Figure", "%1 — query %2 at (%3, %4)",
                                       "the caption, then the moving query's label and its first two components")
        .arg(caption, quotedInFull(scenario.queryLabel(movingQuery)),
             formatInput(scenario.queries(movingQuery, 0)), formatInput(scenario.queries(movingQuery, 1)));
}

} // namespace attnlens
