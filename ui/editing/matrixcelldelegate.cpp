#include "matrixcelldelegate.h"

#include "matrixtablemodel.h"
#include "scenariojson.h"
#include "viewstate.h"
#include "wholecharactervalidator.h"

#include <QKeyEvent>
#include <QLineEdit>
#include <QPersistentModelIndex>

namespace attnlens {

namespace {

const char *const kIndexProperty = "attnlensCellIndex";

QPersistentModelIndex editedIndex(const QObject *editor)
{
    return editor->property(kIndexProperty).value<QPersistentModelIndex>();
}

const MatrixTableModel *tableOf(const QModelIndex &index)
{
    return qobject_cast<const MatrixTableModel *>(index.model());
}

} // namespace

MatrixCellDelegate::MatrixCellDelegate(QObject *parent)
    : QStyledItemDelegate(parent)
{
}

QWidget *MatrixCellDelegate::createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                                          const QModelIndex &index) const
{
    QWidget *editor = QStyledItemDelegate::createEditor(parent, option, index);
    auto *lineEdit = qobject_cast<QLineEdit *>(editor);
    const MatrixTableModel *table = tableOf(index);
    if (!lineEdit || !table)
        return editor;
    lineEdit->setProperty(kIndexProperty, QVariant::fromValue(QPersistentModelIndex(index)));
    lineEdit->setAccessibleName(table->cellName(index));
    // A label can be no longer than a file may hold, so that every edit can be saved and reopened.
    if (index.column() == MatrixTableModel::kLabelColumn)
        WholeCharacterValidator::limit(lineEdit, ScenarioLimits::maxLabelChars);
    const QPalette normal = lineEdit->palette();
    connect(lineEdit, &QLineEdit::textChanged, lineEdit, [lineEdit, normal](const QString &text) {
        const QPersistentModelIndex edited = editedIndex(lineEdit);
        const MatrixTableModel *model = tableOf(edited);
        if (!model)
            return;
        QPalette palette = normal;
        if (!model->acceptsText(edited, text))
            palette.setColor(QPalette::Base, model->viewState()->theme().fields().invalidFill);
        lineEdit->setPalette(palette);
    });
    return editor;
}

bool MatrixCellDelegate::eventFilter(QObject *object, QEvent *event)
{
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        auto *lineEdit = qobject_cast<QLineEdit *>(object);
        if (lineEdit && (key == Qt::Key_Return || key == Qt::Key_Enter)) {
            const QPersistentModelIndex edited = editedIndex(lineEdit);
            if (auto *model = const_cast<MatrixTableModel *>(tableOf(edited))) {
                // Refused: the message names the cell, and the editor stays open with the text.
                if (!model->checkText(edited, lineEdit->text()))
                    return true;
            }
        }
    }
    return QStyledItemDelegate::eventFilter(object, event);
}

} // namespace attnlens
