#include "scalelabview.h"

#include "attentionmodel.h"
#include "labmaterialbar.h"
#include "scalelab.h"
#include "scalelabcanvas.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QAbstractItemView>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace attnlens {

ScaleLabView::ScaleLabView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent), m_model(model), m_stroke(model)
{
    setObjectName(QStringLiteral("scaleLab"));
    setAccessibleName(tr("√d_k lab"));
    setAccessibleDescription(tr("Random queries and keys with unit-variance coordinates: change "
                                "d_k, draw a new sample or stretch one key, and compare raw dot "
                                "products with scaled scores."));

    auto *dimensionLabel = new QLabel(tr("&d_k:"), this);
    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("scaleLabKeyDimension"));
    m_slider->setRange(int(scalelab::kMinKeyDimension), int(scalelab::kMaxKeyDimension));
    m_slider->setSingleStep(1);
    m_slider->setPageStep(16);
    m_slider->setFocusPolicy(Qt::StrongFocus);
    m_slider->setAccessibleName(tr("Key dimension d_k"));
    // Page Up and Page Down belong to the lesson (a presenter's clicker) while it is open.
    m_slider->setAccessibleDescription(tr("From 1 to 512: the arrow keys step by 1, Home and End "
                                          "go to 1 and 512; the box beside it takes a typed value."));
    dimensionLabel->setBuddy(m_slider);
    m_dimensionBox = new QSpinBox(this);
    m_dimensionBox->setObjectName(QStringLiteral("scaleLabKeyDimensionBox"));
    m_dimensionBox->setRange(int(scalelab::kMinKeyDimension), int(scalelab::kMaxKeyDimension));
    m_dimensionBox->setAccessibleName(tr("Key dimension d_k, typed"));
    m_dimensionBox->setKeyboardTracking(false);
    m_newSample = new QPushButton(tr("&New sample"), this);
    m_newSample->setObjectName(QStringLiteral("scaleLabNewSample"));
    m_newSample->setAccessibleName(tr("New sample"));
    m_newSample->setAccessibleDescription(tr("Draws new random queries and keys from the next seed."));
    m_seedLabel = new QLabel(this);
    m_seedLabel->setObjectName(QStringLiteral("scaleLabSeed"));
    m_seedLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *stretchLabel = new QLabel(tr("&Stretch key:"), this);
    m_stretchedKey = new QComboBox(this);
    m_stretchedKey->setObjectName(QStringLiteral("scaleLabStretchedKey"));
    m_stretchedKey->setAccessibleName(tr("Key to stretch"));
    m_stretchedKey->view()->setAccessibleName(tr("Key to stretch"));
    m_stretchedKey->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    stretchLabel->setBuddy(m_stretchedKey);
    auto *factorLabel = new QLabel(tr("&by ×"), this);
    m_stretchFactor = new QDoubleSpinBox(this);
    m_stretchFactor->setObjectName(QStringLiteral("scaleLabStretchFactor"));
    m_stretchFactor->setAccessibleName(tr("Stretch factor"));
    m_stretchFactor->setRange(0.25, 4.0);
    m_stretchFactor->setSingleStep(0.25);
    m_stretchFactor->setDecimals(2);
    m_stretchFactor->setKeyboardTracking(false);
    factorLabel->setBuddy(m_stretchFactor);

    auto *first = new QHBoxLayout;
    first->addWidget(dimensionLabel);
    first->addWidget(m_slider, 1);
    first->addWidget(m_dimensionBox);
    first->addSpacing(12);
    first->addWidget(m_newSample);
    first->addWidget(m_seedLabel);
    auto *second = new QHBoxLayout;
    second->addWidget(stretchLabel);
    second->addWidget(m_stretchedKey);
    second->addWidget(factorLabel);
    second->addWidget(m_stretchFactor);
    second->addStretch(1);
    m_canvas = new ScaleLabCanvas(model, viewState, this);
    m_materialBar = new LabMaterialBar(viewState, this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);
    layout->addWidget(m_materialBar);
    layout->addLayout(first);
    layout->addLayout(second);
    layout->addWidget(m_canvas, 1);
    setTabOrder(m_slider, m_dimensionBox);
    setTabOrder(m_dimensionBox, m_newSample);
    setTabOrder(m_newSample, m_stretchedKey);
    setTabOrder(m_stretchedKey, m_stretchFactor);

    // A mouse stroke on the slider is one edit, named by the value it reached.
    connect(m_slider, &QSlider::sliderPressed, this, [this] { m_stroke.begin(tr("Change d_k")); });
    connect(m_slider, &QSlider::sliderReleased, this, [this] { m_stroke.end(); });
    connect(m_slider, &QSlider::valueChanged, this, &ScaleLabView::sliderMoved);
    connect(m_dimensionBox, &QSpinBox::valueChanged, this, [this](int value) {
        if (!m_syncing)
            apply(currentSettings(), value, tr("Set d_k to %1").arg(value));
    });
    connect(m_newSample, &QPushButton::clicked, this, &ScaleLabView::drawNewSample);
    connect(m_stretchedKey, &QComboBox::currentIndexChanged, this, &ScaleLabView::stretchChanged);
    connect(m_stretchFactor, &QDoubleSpinBox::valueChanged, this, &ScaleLabView::stretchChanged);
    connect(m_model, &AttentionModel::scenarioReset, this, &ScaleLabView::syncFromModel);
    syncFromModel();
}

ScaleLabSettings ScaleLabView::currentSettings() const
{
    const Scenario &s = m_model->scenario();
    return s.scaleLab ? *s.scaleLab : ScaleLabSettings{};
}

void ScaleLabView::apply(const ScaleLabSettings &settings, int keyDimension, const QString &editText)
{
    const AttentionModel::EditScope edit(m_model, editText);
    m_model->setScaleLab(settings, keyDimension);
}

void ScaleLabView::sliderMoved(int value)
{
    if (m_syncing)
        return;
    if (m_slider->isSliderDown()) {
        const Gesture::Step step(m_stroke);
        m_stroke.setText(tr("Set d_k to %1").arg(value));
        m_model->setScaleLab(currentSettings(), value);
    } else {
        apply(currentSettings(), value, tr("Set d_k to %1").arg(value));
    }
}

void ScaleLabView::drawNewSample()
{
    const Scenario &s = m_model->scenario();
    ScaleLabSettings settings = currentSettings();
    // The first sample of a scenario that is none yet is the lab's default one.
    if (s.scaleLab)
        settings.seed = scalelab::nextSeed(settings.seed);
    apply(settings, int(std::clamp(s.keyDimension(), scalelab::kMinKeyDimension, scalelab::kMaxKeyDimension)),
          tr("New √d_k sample"));
}

void ScaleLabView::stretchChanged()
{
    if (m_syncing)
        return;
    ScaleLabSettings settings = currentSettings();
    settings.stretchedKey = m_stretchedKey->currentIndex() - 1;
    settings.stretchFactor = m_stretchFactor->value();
    const QString text = settings.hasStretch()
        ? tr("Stretch %1 by %2").arg(m_stretchedKey->currentText()).arg(settings.stretchFactor)
        : tr("Stretch no key");
    const Scenario &s = m_model->scenario();
    apply(settings, int(std::clamp(s.keyDimension(), scalelab::kMinKeyDimension, scalelab::kMaxKeyDimension)),
          text);
}

void ScaleLabView::syncFromModel()
{
    m_syncing = true;
    const Scenario &s = m_model->scenario();
    const ScaleLabSettings settings = currentSettings();
    const int d = int(std::clamp(s.keyDimension(), scalelab::kMinKeyDimension, scalelab::kMaxKeyDimension));
    // While a stroke is under way the slider is where the mouse put it.
    if (!m_slider->isSliderDown())
        m_slider->setValue(d);
    m_dimensionBox->setValue(d);
    m_seedLabel->setText(s.scaleLab ? tr("seed %1").arg(settings.seed) : tr("(not a sample)"));
    m_stretchedKey->clear();
    m_stretchedKey->addItem(tr("none"));
    for (Index j = 0; j < s.keyCount() && j < scalelab::kKeys; ++j)
        m_stretchedKey->addItem(s.keyLabel(j));
    m_stretchedKey->setCurrentIndex(s.scaleLab && settings.hasStretch() && settings.stretchedKey < s.keyCount()
                                        ? int(settings.stretchedKey) + 1
                                        : 0);
    m_stretchFactor->setValue(settings.stretchFactor);
    m_syncing = false;
}

} // namespace attnlens
