#include "figurecaption.h"

#include "numberformat.h"
#include "scenario.h"

#include <QCoreApplication>

namespace attnlens {

namespace {

QString tr(const char *text)
{
    return QCoreApplication::translate("attnlens::Figure", text);
}

} // namespace

QString maskSummary(const Scenario &scenario)
{
    const Index queries = scenario.queryCount();
    const Index keys = scenario.keyCount();
    if (!scenario.allowed || scenario.allowed->rows() != queries || scenario.allowed->cols() != keys)
        return tr("no mask");
    const Mask &allowed = *scenario.allowed;
    const Index blocked = allowed.size() - allowed.count();
    if (blocked == 0)
        return tr("no mask");
    if (queries > 1 && allowed == causalMask(queries, keys))
        return tr("causal mask");
    return tr("%1 of %2 cells masked").arg(blocked).arg(allowed.size());
}

QString defaultFigureCaption(const Scenario &scenario)
{
    const QString name = scenario.name.trimmed().isEmpty() ? tr("Untitled scenario") : scenario.name.trimmed();
    return tr("%1 — temperature T = %2 — %3")
        .arg(name, formatInput(scenario.temperature), maskSummary(scenario));
}

} // namespace attnlens
