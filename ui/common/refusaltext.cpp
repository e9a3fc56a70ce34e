#include "refusaltext.h"

#include "error.h"
#include "scenario.h"

#include <QCoreApplication>

namespace attnlens {

bool hasNoAllowedKey(const Scenario &scenario, int row)
{
    if (!scenario.allowed || row < 0 || row >= scenario.allowed->rows())
        return false;
    return !scenario.allowed->row(row).any();
}

QString refusalText(const Scenario &scenario, const Error &error, int shownQuery)
{
    if (hasNoAllowedKey(scenario, shownQuery)) {
        return QCoreApplication::translate("RefusalText",
                                           "undefined: no allowed key\n\u201c%1\u201d may attend to no key, "
                                           "and softmax over no keys is undefined. Allow at least one "
                                           "key in its mask row.")
            .arg(scenario.queryLabel(shownQuery));
    }
    if (error.category == ErrorCategory::AllMaskedRow) {
        return QCoreApplication::translate("RefusalText",
                                           "undefined: no allowed key for \u201c%1\u201d\nThe scenario "
                                           "cannot be computed until that query may attend to at least "
                                           "one key.")
            .arg(error.row >= 0 ? scenario.queryLabel(error.row)
                                : QCoreApplication::translate("RefusalText", "a query"));
    }
    return QCoreApplication::translate("RefusalText", "No numbers: the scenario cannot be computed")
        + QLatin1Char('\n') + error.message;
}

} // namespace attnlens
