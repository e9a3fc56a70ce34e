#include "headtitle.h"

#include "attentionmodel.h"
#include "quotedlabel.h"
#include "scenario.h"

#include <QCoreApplication>

namespace attnlens {

// Translated in the context "attnlens::HeadTitle", spelt out in every call for lupdate.

QString headTag(const AttentionModel &model)
{
    const QString name = model.headTitle();
    if (name.isEmpty())
        return QString();
    const Index head = model.selectedHead();
    if (name == generatedHeadName(head))
        return QCoreApplication::translate("attnlens::HeadTitle", "head %1").arg(head + 1);
    return QCoreApplication::translate("attnlens::HeadTitle", "head %1 %2", "a head's number, then its quoted name")
        .arg(head + 1)
        .arg(quoted(name));
}

QString withHeadTag(const QString &title, const AttentionModel &model)
{
    const QString tag = headTag(model);
    if (tag.isEmpty())
        return title;
    return QCoreApplication::translate("attnlens::HeadTitle", "%1 \u2014 %2", "a title, then the head it shows")
        .arg(title, tag);
}

} // namespace attnlens
