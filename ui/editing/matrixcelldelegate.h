#pragma once

#include <QStyledItemDelegate>

namespace attnlens {

/// The editor of a MatrixTableModel cell: a line edit that turns red while its text is not a
/// number and that stays open when Enter is pressed on such a text, so that the refused word can
/// be corrected instead of vanishing (the model names the cell in its editRefused message).
/// Leaving the cell any other way commits as usual, and the model refuses what is not a number.
class MatrixCellDelegate : public QStyledItemDelegate {
    Q_OBJECT

public:
    explicit MatrixCellDelegate(QObject *parent = nullptr);

    QWidget *createEditor(QWidget *parent, const QStyleOptionViewItem &option,
                          const QModelIndex &index) const override;

protected:
    bool eventFilter(QObject *object, QEvent *event) override;
};

} // namespace attnlens
