#include "temperaturepanel.h"

#include "quotedlabel.h"

#include "attentionmodel.h"
#include "attentionstatistics.h"
#include "headselector.h"
#include "livereadoutlabel.h"
#include "numberformat.h"
#include "tokenpalette.h"
#include "viewstate.h"

#include <QDoubleSpinBox>
#include <QEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSlider>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace attnlens {

namespace {

bool isTemperatureError(const AttentionModel &model)
{
    const std::optional<Error> &error = model.error();
    if (!error)
        return false;
    return error->category == ErrorCategory::NonpositiveTemperature
        || (error->category == ErrorCategory::NonFiniteInput
            && !std::isfinite(model.scenario().temperature));
}

QLabel *scaleLabel(const QString &text, Qt::Alignment alignment, QWidget *parent)
{
    auto *label = new QLabel(text, parent);
    // On the row's lower edge: a Chinese label's taller line (its fallback font) would otherwise
    // set its text lower than the "1" beside it.
    label->setAlignment(alignment | Qt::AlignBottom);
    return label;  // coloured by the theme (TemperaturePanel's recolourScale)
}

} // namespace

TemperaturePanel::TemperaturePanel(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_mapping(kMinimumTemperature, kMaximumTemperature, kSliderSteps)
    , m_slide(model)
    , m_typing(model)
{
    setObjectName(QStringLiteral("temperaturePanel"));
    setAccessibleName(tr("Temperature"));
    setAccessibleDescription(
        tr("Sets the softmax temperature T between 0.05 and 20 on a logarithmic slider or by "
           "typing it, and shows the entropy of the selected query's attention weights in nats "
           "and its effective number of keys e^H."));

    buildLayout();
    // The scale's quiet labels follow the theme (theme.h); Light keeps its own grey.
    auto recolourScale = [this] {
        const Theme &theme = m_viewState->theme();
        const QColor color = theme.fields().quietText;
        for (QLabel *label : m_scale->findChildren<QLabel *>()) {
            QPalette palette = label->palette();
            palette.setColor(QPalette::WindowText, color);
            label->setPalette(palette);
        }
    };
    recolourScale();
    connect(m_viewState, &ViewState::themeChanged, this, recolourScale);
    // The readout's query swatch is in the query's colour, which the theme sets.
    connect(m_viewState, &ViewState::themeChanged, this, &TemperaturePanel::updateReadout);
    connect(m_viewState, &ViewState::themeChanged, this, &TemperaturePanel::updateStateLine);

    connect(m_slider, &QSlider::valueChanged, this, &TemperaturePanel::onSliderValueChanged);
    // A stroke of the slider, press to release, is one edit of the model.
    connect(m_slider, &QSlider::sliderPressed, this, [this] {
        m_sliderHeld = true;
        m_slide.begin(editName(m_model->scenario().temperature));
    });
    connect(m_slider, &QSlider::sliderReleased, this, [this] {
        m_sliderHeld = false;
        m_slide.end();
    });
    connect(m_spinBox, qOverload<double>(&QDoubleSpinBox::valueChanged), this,
            &TemperaturePanel::onSpinBoxValueChanged);
    // Return or the focus leaving the field commits the typed value.
    connect(m_spinBox, &QDoubleSpinBox::editingFinished, this, [this] { m_typing.end(); });
    connect(m_resetButton, &QPushButton::clicked, this, [this] {
        const AttentionModel::EditScope edit(m_model, tr("Reset temperature to 1"));
        m_model->setTemperature(1.0);
    });

    connect(m_model, &AttentionModel::temperatureChanged, this, [this] {
        syncControlsFromModel();
        updateStateLine();
    });
    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        // A replaced scenario interrupts a stroke or a typed value.
        m_slide.end();
        m_typing.end();
        syncControlsFromModel();
        measure();  // the head selector comes and goes with the heads
        updateReadout();
        updateStateLine();
    });
    connect(m_model, &AttentionModel::resultChanged, this, [this] {
        updateReadout();
        updateStateLine();
    });
    connect(m_viewState, &ViewState::selectedQueryChanged, this, &TemperaturePanel::updateReadout);

    syncControlsFromModel();
    updateReadout();
    updateStateLine();
}

void TemperaturePanel::buildLayout()
{
    // A scenario that brings a second head shows the head selector at the row's start, and
    // showing a widget lays its window out at once: were the readout still beside the controls
    // then, the window would take selector, controls and readout side by side as its minimum
    // width and grow past a 1024-pixel screen. So the readout goes below first (this is
    // connected before the selector is made, so it runs first); the panel's own scenarioReset
    // handler, connected after, measures the row again with the selector shown.
    connect(m_model, &AttentionModel::scenarioReset, this, [this] {
        if (m_readoutBeside && m_headSelector->isHidden() && m_model->headCount() > 1)
            placeReadout(false);
    });
    m_headSelector = new HeadSelector(m_model, this);
    m_titleLabel = new QLabel(tr("&temperature T"), this);
    m_titleLabel->setObjectName(QStringLiteral("temperatureTitle"));
    QFont titleFont = m_titleLabel->font();
    titleFont.setBold(true);
    m_titleLabel->setFont(titleFont);

    m_slider = new QSlider(Qt::Horizontal, this);
    m_slider->setObjectName(QStringLiteral("temperatureSlider"));
    m_slider->setAccessibleName(tr("temperature T slider"));
    m_slider->setAccessibleDescription(
        tr("Logarithmic: the middle is T = 1, left sharpens towards 0.05, right flattens "
           "towards 20."));
    m_slider->setRange(0, kSliderSteps);
    // One arrow key multiplies T by about 1.06, one page key by about 1.8.
    m_slider->setSingleStep(kSliderSteps / 100);
    m_slider->setPageStep(kSliderSteps / 10);
    m_slider->setTickPosition(QSlider::TicksBelow);
    m_slider->setTickInterval(kSliderSteps / 2);
    m_slider->setTracking(true);
    m_slider->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 14);
    m_slider->setToolTip(
        tr("Temperature T on a logarithmic scale: scores are divided by T before the softmax. "
           "Lower T sharpens the weights towards the best key, higher T flattens them towards "
           "uniform; T = 1 (the middle) is standard attention."));

    m_scale = new QWidget(this);
    m_scale->setObjectName(QStringLiteral("temperatureScale"));
    auto *scaleLayout = new QGridLayout(m_scale);
    scaleLayout->setContentsMargins(0, 0, 0, 0);
    // A gap of two spaces at least: at the panel's narrowest (presentation with big text) the
    // three labels would otherwise run together ("sharper1flatter").
    scaleLayout->setHorizontalSpacing(fontMetrics().horizontalAdvance(QStringLiteral("  ")));
    scaleLayout->addWidget(scaleLabel(tr("0.05 · sharper"), Qt::AlignLeft, m_scale), 0, 0);
    scaleLayout->addWidget(scaleLabel(tr("1"), Qt::AlignHCenter, m_scale), 0, 1);
    scaleLayout->addWidget(scaleLabel(tr("flatter · 20"), Qt::AlignRight, m_scale), 0, 2);
    for (int column = 0; column < 3; ++column)
        scaleLayout->setColumnStretch(column, 1);

    m_spinBox = new QDoubleSpinBox(this);
    m_spinBox->setObjectName(QStringLiteral("temperatureSpinBox"));
    m_spinBox->setAccessibleName(tr("temperature T"));
    m_spinBox->setAccessibleDescription(tr("Type a temperature between 0.05 and 20."));
    m_spinBox->setDecimals(3);
    m_spinBox->setRange(kMinimumTemperature, kMaximumTemperature);
    m_spinBox->setStepType(QAbstractSpinBox::AdaptiveDecimalStepType);
    m_spinBox->setKeyboardTracking(true);
    m_spinBox->setAlignment(Qt::AlignRight);
    m_spinBoxPalette = m_spinBox->palette();
    m_titleLabel->setBuddy(m_spinBox);

    m_resetButton = new QPushButton(tr("reset to 1"), this);
    m_resetButton->setObjectName(QStringLiteral("temperatureResetButton"));
    m_resetButton->setAccessibleName(tr("reset temperature to 1"));
    m_resetButton->setToolTip(tr("Set T back to exactly 1: standard scaled dot-product attention."));

    // The readout lives in a box without a layout: its text changes with every drag step, and a
    // QLabel asks its parent's layout to recompute on every change, which would travel up to the
    // main window. The box ends that chain; its size is set from the readout's widest text.
    m_readoutBox = new QWidget(this);
    m_readoutBox->setObjectName(QStringLiteral("entropyReadoutBox"));
    m_readoutBox->installEventFilter(this);
    // Not a rich-text QLabel: that one parses its text into a document on every change and makes
    // the box, the panel, its dock and the window repaint under it on every drag step.
    m_readout = new LiveReadoutLabel(m_readoutBox);
    m_readout->setObjectName(QStringLiteral("entropyReadout"));
    m_readout->setAccessibleName(tr("entropy of the selected query's weights"));
    m_readout->setWordWrap(true);
    setReadoutPadding();

    m_stateLine = new QLabel(this);
    m_stateLine->setObjectName(QStringLiteral("temperatureStateLine"));
    m_stateLine->setWordWrap(true);
    m_stateLine->setTextFormat(Qt::PlainText);
    m_stateLine->hide();

    m_outerLayout = new QVBoxLayout(this);
    const int spacing = fontMetrics().height() / 2;
    m_outerLayout->setContentsMargins(spacing, spacing / 2, spacing, spacing / 2);
    m_outerLayout->setSpacing(spacing / 3);
    m_layout = new QGridLayout;
    m_layout->setContentsMargins(0, 0, 0, 0);
    m_layout->setHorizontalSpacing(spacing);
    m_layout->setVerticalSpacing(0);
    m_layout->addWidget(m_titleLabel, 0, 0, Qt::AlignVCenter);
    m_layout->addWidget(m_slider, 0, 1);
    m_layout->addWidget(m_spinBox, 0, 2);
    m_layout->addWidget(m_resetButton, 0, 3);
    m_layout->addWidget(m_scale, 1, 1);
    m_layout->setColumnStretch(1, 3);
    // The head selector leads the row: which head the views show, then how sharp every head is.
    auto *row = new QHBoxLayout;
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(2 * spacing);
    row->addWidget(m_headSelector, 0, Qt::AlignTop);
    row->addLayout(m_layout, 1);
    m_outerLayout->addLayout(row);
    m_outerLayout->addWidget(m_stateLine);
    // Spare height goes below the controls, never between them.
    m_outerLayout->addStretch(1);
    placeReadout(false);
}

void TemperaturePanel::placeReadout(bool beside)
{
    m_readoutBeside = beside;
    m_layout->removeWidget(m_readoutBox);
    m_outerLayout->removeWidget(m_readoutBox);
    // Beside the controls the readout keeps one line at its natural width; below them it wraps.
    m_readout->setWordWrap(!beside);
    if (beside) {
        m_layout->addWidget(m_readoutBox, 0, 4, Qt::AlignVCenter | Qt::AlignLeft);
        m_layout->setColumnStretch(4, 2);
    } else {
        m_outerLayout->insertWidget(1, m_readoutBox);
        m_layout->setColumnStretch(4, 0);
    }
    fitReadoutBox();
}

void TemperaturePanel::setReadoutPadding()
{
    // The readout is the last thing on its row: without room of its own after the words, its
    // last character would sit on the panel's edge (issue 10, Chinese text at 1280×720). The
    // margin counts in its natural width, so the panel puts it beside the controls only when
    // the room is there, and wraps it below them otherwise.
    m_readout->setContentsMargins(0, 0, fontMetrics().horizontalAdvance(QLatin1Char('0')) * 2, 0);
}

void TemperaturePanel::measure()
{
    // The natural width of the widest readout this row can show, never less than a typical one,
    // so that the layout does not jump between scenarios.
    const int natural = m_readout->naturalWidth(m_readoutTemplate);
    const int typical = fontMetrics().horizontalAdvance(
        tr("\u25a0 row 10 \u201ctoken 10\u201d: entropy 1.05 nats \u00b7 effective keys 2.86 of 10"));
    m_readoutNaturalWidth = std::max(natural, typical);

    const int spacing = fontMetrics().height() / 2;
    const int wide = m_titleLabel->sizeHint().width() + m_slider->minimumWidth() * 2
        + m_spinBox->sizeHint().width() + m_resetButton->sizeHint().width()
        + m_readoutNaturalWidth + 6 * spacing
        + (m_headSelector->isHidden() ? 0 : m_headSelector->sizeHint().width() + 2 * spacing);
    if (wide != m_wideLayoutWidth) {
        m_wideLayoutWidth = wide;
        updateGeometry();
    }
    updateLayoutMode();
    fitReadoutBox();
}

void TemperaturePanel::fitReadoutBox()
{
    // Sized for the template (the widest numbers), so that no value of the weights can need more
    // room than the box has: the readout's text then changes without any relayout.
    const int minimumWidth = fontMetrics().horizontalAdvance(QLatin1Char('0')) * 20;
    const QString shown = m_readout->text();
    if (!m_readoutTemplate.isEmpty())
        m_readout->setText(m_readoutTemplate);
    int height = 0;
    if (m_readoutBeside) {
        m_readoutBox->setMinimumWidth(std::max(minimumWidth, m_readoutNaturalWidth));
        height = m_readout->sizeHint().height();
    } else {
        m_readoutBox->setMinimumWidth(minimumWidth);
        // Until the panel is shown its width means nothing: one line is assumed (the size the
        // dock is first given), and the box's resize on showing measures again, so a tall guess
        // never makes the dock taller than it needs to be.
        const int width = isVisible() ? std::max(minimumWidth, m_readoutBox->width())
                                      : std::max(minimumWidth, m_readoutNaturalWidth);
        height = m_readout->heightForWidth(width);
    }
    m_readout->setText(shown);
    m_readoutBox->setFixedHeight(std::max(height, fontMetrics().height()));
    m_readout->setGeometry(m_readoutBox->rect());
}

bool TemperaturePanel::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_readoutBox && (event->type() == QEvent::Resize || event->type() == QEvent::Show))
        fitReadoutBox();
    return QWidget::eventFilter(watched, event);
}

void TemperaturePanel::updateLayoutMode()
{
    const bool beside = width() >= m_wideLayoutWidth;
    if (beside != m_readoutBeside)
        placeReadout(beside);
}

QSize TemperaturePanel::sizeHint() const
{
    const QSize minimum = minimumSizeHint();
    return QSize(std::max(minimum.width(), m_wideLayoutWidth), minimum.height());
}

QSize TemperaturePanel::minimumSizeHint() const
{
    QSize minimum = QWidget::minimumSizeHint();
    // Beside the controls the readout holds its natural width, but a narrower panel puts it
    // under them (updateLayoutMode()): the panel's smallest width is that of the arrangement
    // under, or a window made narrower (the lesson's column opening on a 1024-wide screen) would
    // be pushed wider than its screen by the arrangement it is about to leave.
    if (m_readoutBeside) {
        const int readoutUnder = fontMetrics().horizontalAdvance(QLatin1Char('0')) * 20;
        const int controls = minimum.width() - m_readoutBox->minimumWidth() - std::max(0, m_layout->horizontalSpacing());
        const QMargins margins = m_outerLayout->contentsMargins();
        minimum.setWidth(std::max(controls, readoutUnder + margins.left() + margins.right()));
    }
    return minimum;
}

void TemperaturePanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    updateLayoutMode();
}

void TemperaturePanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_slider->setMinimumWidth(fontMetrics().horizontalAdvance(QLatin1Char('0')) * 14);
        setReadoutPadding();
        measure();
    }
}

void TemperaturePanel::onSliderValueChanged(int position)
{
    if (m_syncing)
        return;
    const double value = m_mapping.valueForPosition(position);
    if (m_sliderHeld) {
        const Gesture::Step step(m_slide);
        m_slide.setText(editName(value));
        m_model->setTemperature(value);
        return;
    }
    // A step from the keyboard or a click on the groove.
    const AttentionModel::EditScope edit(m_model, editName(value));
    m_model->setTemperature(value);
}

void TemperaturePanel::onSpinBoxValueChanged(double value)
{
    if (m_syncing)
        return;
    if (m_spinBox->window()->focusWidget() != m_spinBox) {
        // A wheel turn over the field without focus: no editingFinished will follow.
        const AttentionModel::EditScope edit(m_model, editName(value));
        m_model->setTemperature(value);
        return;
    }
    // Everything typed (or stepped) until editingFinished (Return or focus lost) is one value,
    // named as it goes: whatever ends it, it ends with the value it set.
    m_typing.begin(editName(value));
    const Gesture::Step step(m_typing);
    m_typing.setText(editName(value));
    m_model->setTemperature(value);
}

QString TemperaturePanel::editName(double temperature) const
{
    return tr("Set temperature to %1").arg(formatInput(temperature));
}

void TemperaturePanel::hideEvent(QHideEvent *event)
{
    m_sliderHeld = false;
    m_slide.end();
    m_typing.end();
    QWidget::hideEvent(event);
}

void TemperaturePanel::syncControlsFromModel()
{
    // Showing the model's value must never write it back: the signals of both controls are
    // blocked, and an out-of-range value is shown at the nearer end but left in the model.
    const double temperature = m_model->scenario().temperature;
    const double shown = std::isfinite(temperature)
        ? std::clamp(temperature, kMinimumTemperature, kMaximumTemperature)
        : kMinimumTemperature;

    m_syncing = true;
    {
        const QSignalBlocker sliderBlocker(m_slider);
        const int position = m_mapping.positionForValue(shown);
        if (m_slider->value() != position)
            m_slider->setValue(position);
    }
    {
        const QSignalBlocker spinBlocker(m_spinBox);
        // Re-setting an equal value would rewrite the text under the user's cursor while typing.
        const double rounded = std::round(shown * 1000.0) / 1000.0;
        if (m_spinBox->value() != rounded)
            m_spinBox->setValue(shown);
    }
    m_syncing = false;

    const QString fullText = tr("T = %1 (full precision %2)")
                                 .arg(formatInput(temperature, 6), formatFull(temperature));
    m_spinBox->setToolTip(tr("Type a temperature between 0.05 and 20 and it applies at once.\n")
                          + fullText);
}

void TemperaturePanel::updateStateLine()
{
    const double temperature = m_model->scenario().temperature;
    QPalette spinPalette = m_spinBoxPalette;
    QString text;
    QColor color;
    if (isTemperatureError(*m_model)) {
        text = tr("\u26a0 T = %1 is invalid: %2. Move the slider or type a value to fix it.")
                   .arg(formatFull(temperature), m_model->error()->message);
        color = m_viewState->theme().fields().invalidText;
        spinPalette.setColor(QPalette::Base, m_viewState->theme().fields().invalidFill);
    } else if (std::isfinite(temperature) && !m_mapping.contains(temperature)) {
        text = tr("The scenario's T = %1 lies beyond the control's range 0.05–20: the "
                  "control shows %2, and T stays %1 until you move the slider or type a value.")
                   .arg(formatFull(temperature),
                        temperature > kMaximumTemperature ? QStringLiteral("20")
                                                          : QStringLiteral("0.05"));
        color = m_viewState->theme().fields().warningText;
        spinPalette.setColor(QPalette::Base, m_viewState->theme().fields().warningFill);
    }
    m_spinBox->setPalette(spinPalette);
    m_stateLine->setText(text);
    QPalette linePalette = m_stateLine->palette();
    linePalette.setColor(QPalette::WindowText, color);
    m_stateLine->setPalette(linePalette);
    m_stateLine->setVisible(!text.isEmpty());
}

void TemperaturePanel::updateReadout()
{
    setReadoutText();
    updateLayoutMode();
}

QString TemperaturePanel::readoutText(int row, const QString &entropy,
                                      const QString &effective) const
{
    const Scenario &scenario = m_model->scenario();
    const QString rowName = tr("<span style=\"color:%1\">\u25a0</span> row %2 %3")
                                .arg(m_viewState->theme().queryColor(row).name())
                                .arg(row + 1)
                                .arg(quoted(scenario.queryLabel(row)).toHtmlEscaped());
    Index allowed = 0;
    for (Index j = 0; j < scenario.keyCount(); ++j)
        allowed += scenario.isAllowed(row, j) ? 1 : 0;
    const QString ofKeys = allowed == scenario.keyCount()
        ? tr("of %1").arg(allowed)
        : tr("of %1 allowed").arg(allowed);
    return tr("%1: entropy <b>%2</b> nats \u00b7 effective keys <b>%3</b> %4")
        .arg(rowName, entropy, effective, ofKeys);
}

void TemperaturePanel::setReadoutTemplate(const QString &templateText)
{
    if (templateText == m_readoutTemplate)
        return;
    m_readoutTemplate = templateText;
    measure();
}

void TemperaturePanel::setReadoutText()
{
    const Scenario &scenario = m_model->scenario();
    const int row = m_viewState->selectedQuery();
    if (row < 0 || row >= scenario.queryCount()) {
        const QString text = tr("<span style=\"color:#777\">entropy: no query selected</span>");
        m_readout->setText(text);
        m_readout->setToolTip(QString());
        setReadoutTemplate(text);
        return;
    }

    const AttentionResult *result = m_model->result();
    if (!result) {
        const std::optional<Error> &error = m_model->error();
        QString reason = tr("scenario refused");
        if (error && error->category == ErrorCategory::AllMaskedRow && error->row == row)
            reason = tr("no allowed key");
        else if (isTemperatureError(*m_model))
            reason = tr("invalid T");
        const QString rowName = tr("<span style=\"color:%1\">\u25a0</span> row %2 %3")
                                    .arg(m_viewState->theme().queryColor(row).name())
                                    .arg(row + 1)
                                    .arg(quoted(scenario.queryLabel(row)).toHtmlEscaped());
        const QString text = tr("%1: <span style=\"color:#777\">entropy undefined (%2)</span>")
                                 .arg(rowName, reason);
        m_readout->setText(text);
        m_readout->setToolTip(error ? error->message : QString());
        setReadoutTemplate(text);
        return;
    }

    const double entropy = rowEntropy(result->weights.row(row));
    const double effective = effectiveKeyCount(entropy);
    m_readout->setText(readoutText(row, formatCompact(entropy, 2), formatCompact(effective, 2)));
    m_readout->setToolTip(
        tr("Entropy H = \u2212\u03a3 w ln w of row %1's attention weights, in nats (natural "
           "logarithm): 0 when all weight sits on one key, ln k when k keys share it equally.\n"
           "Effective keys e^H: how many keys would share the weight equally to give the same "
           "entropy. Lower T sharpens the row and lowers both.\n"
           "H = %2 nats\ne^H = %3")
            .arg(row + 1)
            .arg(formatFull(entropy), formatFull(effective)));

    // The widest this row's numbers can be: e^H is at most the number of allowed keys, H at most
    // its logarithm.
    Index allowed = 0;
    for (Index j = 0; j < scenario.keyCount(); ++j)
        allowed += scenario.isAllowed(row, j) ? 1 : 0;
    const double most = std::max<double>(1.0, static_cast<double>(allowed));
    setReadoutTemplate(readoutText(row, formatCompact(std::max(std::log(most), 8.88), 2),
                                   formatCompact(std::max(most, 8.88), 2)));
}

} // namespace attnlens
