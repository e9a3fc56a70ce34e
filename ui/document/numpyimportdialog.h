#pragma once

#include "numpyscenario.h"

#include <QDialog>

class QLabel;
class QSpinBox;

namespace attnlens {

/// File > Import… of a NumPy capture (issue 14): before the capture replaces the open scenario,
/// says what was read (the arrays, heads, tokens and dimensions), which mask convention the file
/// used and what it means, and, for a capture of several examples (B, H, N, d), lets the user
/// choose the example (counted from 1, as --batch counts).
class NumpyImportDialog : public QDialog
{
    Q_OBJECT

public:
    NumpyImportDialog(const QString &path, const NumpyScenario &capture, QWidget *parent = nullptr);

    /// The example chosen, 0-based.
    Index batch() const;
    void setBatch(Index batch);

    /// What the dialog says, as lines (the summary a screen reader reads too).
    QString summaryText() const;
    QString maskText() const;

private:
    QLabel *m_summary;
    QLabel *m_mask;
    QSpinBox *m_batch = nullptr;
};

} // namespace attnlens
