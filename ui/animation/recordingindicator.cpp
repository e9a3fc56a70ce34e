#include "recordingindicator.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

namespace attnlens {

RecordingIndicator::RecordingIndicator(QWidget *parent)
    : QWidget(parent)
{
    setObjectName(QStringLiteral("recordingIndicator"));
    setAccessibleName(tr("Recording"));
    m_label = new QLabel(this);
    m_label->setObjectName(QStringLiteral("recordingIndicatorLabel"));
    m_label->setTextFormat(Qt::PlainText);
    QPalette palette = m_label->palette();
    // The dot is red whatever the theme: the colour every recorder uses.
    palette.setColor(QPalette::WindowText, QColor(0xd0, 0x20, 0x20));
    m_label->setPalette(palette);
    QFont font = m_label->font();
    font.setBold(true);
    m_label->setFont(font);
    // As wide as the widest text it will show, so that its growing numbers never move the
    // Stop button or the status bar around it (a recording of the window would see that).
    m_label->setMinimumWidth(m_label->fontMetrics().horizontalAdvance(
        tr("● Recording %1 — %2 frames").arg(QStringLiteral("88:88"), QStringLiteral("8888"))));
    m_stopButton = new QPushButton(tr("Stop"), this);
    m_stopButton->setObjectName(QStringLiteral("recordingStopButton"));
    m_stopButton->setAccessibleName(tr("Stop recording"));
    m_stopButton->setToolTip(tr("Stop the recording and save it as GIF, WebP or APNG"));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 0, 4, 0);
    layout->addWidget(m_label);
    layout->addWidget(m_stopButton);
    connect(m_stopButton, &QPushButton::clicked, this, &RecordingIndicator::stopRequested);
    setProgress(0, 0);
}

void RecordingIndicator::setProgress(qint64 elapsedMs, int frames)
{
    const qint64 seconds = elapsedMs / 1000;
    const QString time = QStringLiteral("%1:%2").arg(seconds / 60).arg(seconds % 60, 2, 10, QLatin1Char('0'));
    m_label->setText(frames == 1 ? tr("● Recording %1 — 1 frame").arg(time)
                                 : tr("● Recording %1 — %2 frames").arg(time).arg(frames));
    setAccessibleDescription(m_label->text());
}

QString RecordingIndicator::text() const
{
    return m_label->text();
}

} // namespace attnlens
