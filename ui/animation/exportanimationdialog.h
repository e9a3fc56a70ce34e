#pragma once

#include "animationexporter.h"
#include "animationplan.h"
#include "matrixtypes.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSpinBox;

namespace attnlens {

class AttentionModel;
class FigureExporter;
class FigureStyleCombo;

/// File > Export Animation… and File > Start Recording…: which view (or the whole window), at
/// what size, frame rate and style, and, for an export, what moves: a temperature sweep from T₁
/// to T₂ (logarithmic, N frames), the selected query to a point or around the circle through
/// the keys, or the causal mask filled row by row. The file (whose suffix picks GIF, WebP or
/// APNG) is asked for after the dialog.
///
/// The choices that do not depend on the scenario are remembered for the next time (accept()).
/// The dialog only reads the model; plan() and options() say what the user chose, and the
/// Export/Record button is enabled only while the plan can run on the model and the figure can
/// be drawn (the reason is shown otherwise).
class ExportAnimationDialog : public QDialog {
    Q_OBJECT

public:
    enum class Mode { Export, Record };
    static constexpr int kMinimumRecordingFps = 5;
    static constexpr int kMaximumRecordingFps = 30;

    ExportAnimationDialog(Mode mode, const AttentionModel *model, const FigureExporter *exporter,
                          FigureView view, int selectedQuery, QWidget *parent = nullptr);

    Mode mode() const { return m_mode; }
    /// What moves (Export mode).
    AnimationPlan plan() const;
    /// The view, size, style and frame rate; the format is chosen later by the file's suffix.
    AnimationOptions options() const;
    /// Why the choice cannot be exported or recorded now, if it cannot.
    std::optional<QString> problem() const;

    void setView(FigureView view);
    void setMotion(AnimationPlan::Kind kind);
    void setTemperatureRange(double from, double to);
    void setFrames(int frames);
    void setQuery(int row);
    void setTarget(const QPointF &point);
    void setFigureSize(const QSize &size);
    void setFramesPerSecond(int fps);
    void setFigureTheme(std::optional<Theme::Kind> theme);

    /// Remembers the motion, the temperatures, the frames, the frame rate and the style (in
    /// QSettings under "animation/..."; the recording's frame rate apart) and closes.
    void accept() override;

private:
    void onViewChanged();
    void onMotionChanged();
    void offerSize();
    void updateSummary();
    void restoreSettings();
    void saveSettings() const;
    FigureView currentView() const;
    AnimationPlan::Kind currentKind() const;
    /// The first two components of a query or key row, (0, 0) when it has none.
    QPointF planePoint(const Matrix &matrix, Index row) const;

    Mode m_mode;
    const AttentionModel *m_model;
    const FigureExporter *m_exporter;

    QComboBox *m_viewCombo;
    QComboBox *m_motionCombo = nullptr;
    QDoubleSpinBox *m_fromTemperatureSpin = nullptr;
    QDoubleSpinBox *m_toTemperatureSpin = nullptr;
    QComboBox *m_queryCombo = nullptr;
    QDoubleSpinBox *m_targetXSpin = nullptr;
    QDoubleSpinBox *m_targetYSpin = nullptr;
    QSpinBox *m_framesSpin = nullptr;
    QFormLayout *m_form;
    QWidget *m_temperatureRow = nullptr;
    QWidget *m_targetRow = nullptr;
    QSpinBox *m_widthSpin;
    QSpinBox *m_heightSpin;
    QComboBox *m_resolutionCombo;
    QSpinBox *m_fpsSpin;
    FigureStyleCombo *m_themeCombo;
    QCheckBox *m_captionCheck;
    QLabel *m_summaryLabel;
    QPushButton *m_okButton;
};

} // namespace attnlens
