#pragma once

#include <QWidget>

class QLabel;
class QPushButton;

namespace attnlens {

/// "● Recording 0:12 — 87 frames" with a Stop button: shown in the status bar while a recording
/// runs, and over the window's bottom corner while presenting (when the status bar is hidden).
class RecordingIndicator : public QWidget {
    Q_OBJECT

public:
    explicit RecordingIndicator(QWidget *parent = nullptr);

    /// Shows how long the recording is and how many distinct frames it has.
    void setProgress(qint64 elapsedMs, int frames);
    QString text() const;
    QPushButton *stopButton() const { return m_stopButton; }
    /// The changing text ("● Recording 0:12 — 87 frames").
    QLabel *label() const { return m_label; }

signals:
    void stopRequested();

private:
    QLabel *m_label;
    QPushButton *m_stopButton;
};

} // namespace attnlens
