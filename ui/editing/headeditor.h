#pragma once

#include "error.h"

#include <QWidget>

#include <optional>

class QAction;
class QLabel;
class QLineEdit;

namespace attnlens {

class AttentionModel;

/// The heads row of the matrix editor: the selected head's name (typed over to rename it), Add
/// Head and Remove Head. The tables under it edit the selected head's Q, K and V.
///
/// Add Head appends a copy of the selected head, named by the first free "head N", and shows it:
/// a copy starts where the head it came from is, so that editing it shows at once what a second
/// head changes. Remove Head removes the selected head and is refused for the last one. Each
/// edit is one undo step ("Add head 3", "Remove “subject”", "Rename head 1 to …").
class HeadEditor : public QWidget {
    Q_OBJECT

public:
    explicit HeadEditor(AttentionModel *model, QWidget *parent = nullptr);

    QLineEdit *nameEdit() const { return m_nameEdit; }
    QAction *addHeadAction() const { return m_add; }
    QAction *removeHeadAction() const { return m_remove; }

    /// Appends a copy of the selected head and selects it; the refusal, if refused.
    std::optional<Error> addHead();
    /// Removes the selected head; the refusal (the last head), if refused.
    std::optional<Error> removeHead();
    /// Renames the selected head; an empty name stands for the generated one ("head 2").
    void renameHead(const QString &name);

signals:
    /// A refused edit, in words (the matrix editor shows it under the tables).
    void editRefused(const QString &message);
    /// An edit went through.
    void edited();

private:
    void syncFromModel();
    /// "head N" with the smallest N above the head count that no head is called yet.
    QString freshHeadName() const;

    AttentionModel *m_model;
    QLabel *m_title = nullptr;
    QLineEdit *m_nameEdit = nullptr;
    QLabel *m_count = nullptr;
    QAction *m_add = nullptr;
    QAction *m_remove = nullptr;
};

} // namespace attnlens
