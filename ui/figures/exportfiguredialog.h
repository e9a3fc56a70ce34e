#pragma once

#include "figureoptions.h"

#include <QDialog>
#include <QString>

#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace attnlens {

class FigureExporter;

/// File > Export Figure: which view, where to (the suffix chooses PNG, SVG or PDF), at what size
/// and resolution (1x, 2x, 300 dpi or any), in which style (as on screen, or Light for print,
/// Dark, Projector), on a transparent or solid background, with or without the selected query
/// outlined and a caption under it (offered: the scenario's name, live temperature and mask).
///
/// The format, resolution, style, background, selection and caption switches and the folder
/// are remembered in QSettings under "export/..."; the size starts at the view's size on screen.
class ExportFigureDialog : public QDialog {
    Q_OBJECT

public:
    /// `exporter` tells the views' sizes on screen; `scenarioName` names the file offered and
    /// `defaultCaption` is the caption offered.
    ExportFigureDialog(const FigureExporter *exporter, FigureView view, const QString &scenarioName,
                       const QString &defaultCaption, QWidget *parent = nullptr);

    /// What the user chose; the caption is empty when it is switched off.
    FigureOptions options() const;
    /// The file to write, with the format's suffix.
    QString filePath() const;

    void setView(FigureView view);
    void setFilePath(const QString &path);
    void setFigureSize(const QSize &size);
    void setDpi(double dpi);
    void setTransparent(bool transparent);
    /// The figure's theme; empty: as on screen.
    void setFigureTheme(std::optional<Theme::Kind> theme);
    void setShowSelection(bool show);
    /// Switches the caption on with `text`, or off when `text` is empty.
    void setCaption(const QString &text);

    /// Checks the file name, asks before replacing a file the user did not pick in the file
    /// dialog, remembers the choices and closes.
    void accept() override;

private:
    void browse();
    void onViewChanged();
    void onFormatChanged();
    void onPathEdited(const QString &text);
    void onResolutionPresetChanged();
    void updateSummary();
    /// The size offered for the current view, style and caption (FigureExporter::defaultSize()).
    /// A size the user typed stays when the style or caption changes.
    QSize offeredSize() const;
    void offerSize();
    QString autoFileName(FigureView view, FigureFormat format) const;
    FigureView currentView() const;
    FigureFormat currentFormat() const;
    void restoreSettings();
    void saveSettings() const;

    const FigureExporter *m_exporter;
    QString m_scenarioName;
    FigureView m_lastView = FigureView::Heatmap;
    QString m_confirmedPath;
    QSize m_offeredSize;

    QComboBox *m_viewCombo;
    QLineEdit *m_pathEdit;
    QPushButton *m_browseButton;
    QComboBox *m_formatCombo;
    QSpinBox *m_widthSpin;
    QSpinBox *m_heightSpin;
    QPushButton *m_screenSizeButton;
    QComboBox *m_resolutionCombo;
    QDoubleSpinBox *m_dpiSpin;
    QLabel *m_summaryLabel;
    QComboBox *m_themeCombo;
    QCheckBox *m_transparentCheck;
    QCheckBox *m_selectionCheck;
    QCheckBox *m_captionCheck;
    QLineEdit *m_captionEdit;
    QPushButton *m_exportButton;
};

} // namespace attnlens
