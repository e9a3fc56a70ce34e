#pragma once

#include "gesture.h"
#include "logslidermapping.h"

#include <QWidget>

class QDoubleSpinBox;
class QGridLayout;
class QVBoxLayout;
class QLabel;
class QPushButton;
class QSlider;

namespace attnlens {

class AttentionModel;
class HeadSelector;
class LiveReadoutLabel;
class ViewState;

/// The temperature control: a logarithmic slider from 0.05 to 20, a number field and a
/// "reset to 1" button, all writing through AttentionModel::setTemperature while they move,
/// and beside them the entropy of the selected query's weights and its effective number of
/// keys e^H, so that "lower T sharpens" can be read as a number.
///
/// A slider stroke (press to release) and a typed value (first change to editingFinished: Return
/// or the focus leaving the field) are each a gesture (gesture.h), one edit named by the value set
/// ("Set temperature to 0.5"). Anything else that changes the document meanwhile (a mask preset,
/// a menu command), the window losing the focus or a dialog opening ends the gesture first, so a
/// typed value is always an undo step of its own and never waits for a Return that may not come.
///
/// A scenario's temperature outside the control's range is shown at the nearer end without being
/// changed: only a move of the control by the user writes to the model.
class TemperaturePanel : public QWidget {
    Q_OBJECT

public:
    static constexpr double kMinimumTemperature = 0.05;
    static constexpr double kMaximumTemperature = 20.0;
    static constexpr int kSliderSteps = 1000;

    explicit TemperaturePanel(AttentionModel *model, ViewState *viewState,
                              QWidget *parent = nullptr);

    /// The slider's position for a temperature and back (logarithmic, four significant digits).
    const LogSliderMapping &sliderMapping() const { return m_mapping; }

    /// The head selector at the start of the row, shown only for a scenario with several heads
    /// (headselector.h): the temperature is shared by every head, the rest of the views show the
    /// one chosen here.
    HeadSelector *headSelector() const { return m_headSelector; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void hideEvent(QHideEvent *event) override;

private:
    void buildLayout();
    void placeReadout(bool beside);
    void updateLayoutMode();
    void syncControlsFromModel();
    void updateReadout();
    void setReadoutText();
    QString readoutText(int row, const QString &entropy, const QString &effective) const;
    void setReadoutTemplate(const QString &templateText);
    void setReadoutPadding();
    void measure();
    void fitReadoutBox();
    void updateStateLine();
    void onSliderValueChanged(int position);
    void onSpinBoxValueChanged(double value);
    /// The temperature set, as the gesture's name.
    QString editName(double temperature) const;

    AttentionModel *m_model;
    ViewState *m_viewState;
    LogSliderMapping m_mapping;

    QVBoxLayout *m_outerLayout = nullptr;
    QGridLayout *m_layout = nullptr;
    HeadSelector *m_headSelector = nullptr;
    QLabel *m_titleLabel = nullptr;
    QSlider *m_slider = nullptr;
    QWidget *m_scale = nullptr;
    QDoubleSpinBox *m_spinBox = nullptr;
    QPushButton *m_resetButton = nullptr;
    /// Holds the readout without a layout of its own, so that the readout's text changing on
    /// every drag step never relayouts the panel, its dock and the main window: the box's size
    /// follows the readout's widest possible text, measured only when that can change.
    QWidget *m_readoutBox = nullptr;
    LiveReadoutLabel *m_readout = nullptr;
    QLabel *m_stateLine = nullptr;
    QPalette m_spinBoxPalette;
    /// The readout with its numbers at their widest ("of 512" admits "512.00"): what its box
    /// must hold whatever the weights; when it changes, the panel is measured again.
    QString m_readoutTemplate;
    int m_readoutNaturalWidth = 0;
    int m_wideLayoutWidth = 0;
    bool m_readoutBeside = false;
    bool m_syncing = false;
    /// A slider stroke (handle press to release) and a typed value (first change to
    /// editingFinished). Each is one edit, named by the value it set.
    Gesture m_slide;
    Gesture m_typing;
    /// The handle is held: its moves are the stroke's (after an interruption, a new one's).
    bool m_sliderHeld = false;
};

} // namespace attnlens
