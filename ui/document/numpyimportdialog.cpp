#include "numpyimportdialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileInfo>
#include <QFormLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace attnlens {

NumpyImportDialog::NumpyImportDialog(const QString &path, const NumpyScenario &capture, QWidget *parent)
    : QDialog(parent)
{
    setObjectName(QStringLiteral("numpyImportDialog"));
    setWindowTitle(tr("Import NumPy Capture"));
    const Scenario &scenario = capture.scenario;
    const QLocale locale;

    auto *layout = new QVBoxLayout(this);
    auto *heading = new QLabel(QStringLiteral("<b>%1</b>").arg(QFileInfo(path).fileName().toHtmlEscaped()), this);
    heading->setTextFormat(Qt::RichText);
    layout->addWidget(heading);

    const QString shape = scenario.headCount() == 1
        ? tr("one head: %1 queries × %2 keys, d_k = %3, d_v = %4")
              .arg(locale.toString(scenario.queryCount()), locale.toString(scenario.keyCount()))
              .arg(scenario.keyDimension())
              .arg(scenario.valueDimension())
        : tr("%1 heads, each %2 queries × %3 keys, d_k = %4, d_v = %5")
              .arg(scenario.headCount())
              .arg(locale.toString(scenario.queryCount()), locale.toString(scenario.keyCount()))
              .arg(scenario.keyDimension())
              .arg(scenario.valueDimension());
    const QString arrays = tr("Arrays in the file: %1").arg(capture.arrayNames.join(QStringLiteral(", ")));
    const bool ownLabels = !scenario.queryLabels.isEmpty() || !scenario.keyLabels.isEmpty();
    const QString labels = ownLabels ? tr("Token labels: from the file.")
                                     : tr("Token labels: none in the file; they are numbered.");
    m_summary = new QLabel(QStringList{shape, arrays, labels}.join(QLatin1Char('\n')), this);
    m_summary->setObjectName(QStringLiteral("numpyImportSummary"));
    m_summary->setWordWrap(true);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_summary);

    m_mask = new QLabel(maskConventionSentence(capture.maskConvention), this);
    m_mask->setObjectName(QStringLiteral("numpyImportMask"));
    m_mask->setWordWrap(true);
    m_mask->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_mask);

    if (capture.batchCount > 1) {
        auto *form = new QFormLayout;
        m_batch = new QSpinBox(this);
        m_batch->setObjectName(QStringLiteral("numpyImportBatch"));
        m_batch->setRange(1, static_cast<int>(capture.batchCount));
        m_batch->setValue(static_cast<int>(capture.batch) + 1);
        m_batch->setSuffix(tr(" of %1").arg(capture.batchCount));
        m_batch->setAccessibleName(tr("Example in the batch"));
        m_batch->setAccessibleDescription(
            tr("The capture holds %1 examples; choose the one to open.").arg(capture.batchCount));
        auto *label = new QLabel(tr("&Example:"), this);
        label->setBuddy(m_batch);
        form->addRow(label, m_batch);
        layout->addLayout(form);
    }

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Open | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);

    setAccessibleName(windowTitle());
    setAccessibleDescription(summaryText() + QLatin1Char('\n') + maskText());
    if (m_batch)
        m_batch->setFocus();
    else
        buttons->button(QDialogButtonBox::Open)->setFocus();
}

Index NumpyImportDialog::batch() const
{
    return m_batch ? m_batch->value() - 1 : 0;
}

void NumpyImportDialog::setBatch(Index batch)
{
    if (m_batch)
        m_batch->setValue(static_cast<int>(batch) + 1);
}

QString NumpyImportDialog::summaryText() const
{
    return m_summary->text();
}

QString NumpyImportDialog::maskText() const
{
    return m_mask->text();
}

} // namespace attnlens
