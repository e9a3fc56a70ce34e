#include "aboutbox.h"

#include "attnlensversion.h"

#include <QCoreApplication>
#include <QMessageBox>
#include <QtGlobal>

namespace attnlens {

QString AboutBox::text()
{
    return QCoreApplication::translate(
               "AboutBox",
               "<h3>Attention Lens %1</h3><p>A desktop lab for scaled dot-product attention:</p>"
               "<p>S = QK<sup>T</sup>/&radic;d<sub>k</sub>, &nbsp; A = softmax over keys of "
               "(S/T + M), &nbsp; C = AV.</p><p>Rows are receiving queries, columns are source "
               "keys.</p>")
               .arg(QStringLiteral(ATTNLENS_VERSION))
        + QStringLiteral("<p>")
        + QCoreApplication::translate("AboutBox", "Qt %1 (built with Qt %2)")
              .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR))
        + QStringLiteral("</p><p>")
        + QCoreApplication::translate("AboutBox",
                                      "Free software under the MIT licence. "
                                      "Copyright &copy; 2026 The Attention Lens authors.")
        + QStringLiteral("</p>");
}

void AboutBox::show(QWidget *parent)
{
    QMessageBox::about(parent, QCoreApplication::translate("AboutBox", "About Attention Lens"), text());
}

} // namespace attnlens
