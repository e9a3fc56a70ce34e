#pragma once

#include "gesture.h"
#include "scalelabsettings.h"

#include <QWidget>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSlider;
class QSpinBox;

namespace attnlens {

class AttentionModel;
class ScaleLabCanvas;
class LabMaterialBar;
class ViewState;

/// The √d_k lab: d_k on a slider (1 to 512) and a spin box, a "new sample" button, one key to
/// stretch and by how much, over the lab's picture (ScaleLabCanvas). Every control calls
/// AttentionModel::setScaleLab, which draws the sample into the scenario, so every other view
/// shows it too, undo keeps it and the file saves it. A slider stroke is one edit (beginEdit on
/// press, endEdit on release); a key press or a typed value is one edit of its own.
class ScaleLabView : public QWidget {
    Q_OBJECT

public:
    ScaleLabView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    ScaleLabCanvas *canvas() const { return m_canvas; }
    /// Says when the lab shows material of its own rather than the user's scenario (labdocks.h).
    LabMaterialBar *materialBar() const { return m_materialBar; }
    QSlider *keyDimensionSlider() const { return m_slider; }
    QSpinBox *keyDimensionBox() const { return m_dimensionBox; }
    QPushButton *newSampleButton() const { return m_newSample; }
    QComboBox *stretchedKeyBox() const { return m_stretchedKey; }
    QDoubleSpinBox *stretchFactorBox() const { return m_stretchFactor; }

private:
    /// The controls show the model's scenario.
    void syncFromModel();
    /// The settings the controls start from: the scenario's, or the lab's defaults.
    ScaleLabSettings currentSettings() const;
    void apply(const ScaleLabSettings &settings, int keyDimension, const QString &editText);
    void sliderMoved(int value);
    void drawNewSample();
    void stretchChanged();

    AttentionModel *m_model;
    ScaleLabCanvas *m_canvas = nullptr;
    LabMaterialBar *m_materialBar = nullptr;
    QSlider *m_slider = nullptr;
    QSpinBox *m_dimensionBox = nullptr;
    QPushButton *m_newSample = nullptr;
    QLabel *m_seedLabel = nullptr;
    QComboBox *m_stretchedKey = nullptr;
    QDoubleSpinBox *m_stretchFactor = nullptr;
    bool m_syncing = false;
    /// A mouse stroke on the slider, press to release (gesture.h).
    Gesture m_stroke;
};

} // namespace attnlens
