#pragma once

#include <QString>
#include <QValidator>

class QLineEdit;

namespace attnlens {

/// Keeps a line edit's text within `maxUnits` UTF-16 code units (what a file may hold, see
/// ScenarioLimits) by cutting what was typed or pasted between whole characters as shown.
/// QLineEdit::setMaxLength() cuts between code units: an emoji at the limit lost its second
/// half, and the label was saved as "?". Like maxLength, a paste that does not fit keeps the
/// text around it and loses its own end; the validator remembers the last text it let through
/// to tell what was inserted.
class WholeCharacterValidator : public QValidator {
    Q_OBJECT
public:
    WholeCharacterValidator(qsizetype maxUnits, QObject *parent);

    /// Gives `edit` a validator limiting it to `maxUnits` code units, in place of setMaxLength().
    static void limit(QLineEdit *edit, qsizetype maxUnits);

    State validate(QString &input, int &position) const override;

private:
    qsizetype m_maxUnits;
    mutable QString m_lastAccepted;
};

} // namespace attnlens
