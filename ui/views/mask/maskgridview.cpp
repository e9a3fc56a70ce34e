#include "maskgridview.h"

#include "attentionmodel.h"
#include "maskeditor.h"
#include "maskgridcanvas.h"
#include "viewstate.h"

#include <QBoxLayout>
#include <QCheckBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPushButton>

#include <algorithm>

namespace attnlens {

MaskGridView::MaskGridView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_editor(new MaskEditor(model, this))
{
    setObjectName(QStringLiteral("maskGridView"));
    setAccessibleName(tr("Mask"));
    setAccessibleDescription(
        tr("Which keys each query may attend to. Rows are queries, columns are keys; click a "
           "cell to allow or block it, or use a preset. A row must keep at least one allowed "
           "key, since softmax over no keys is undefined."));

    m_canvas = new MaskGridCanvas(model, viewState, m_editor, this);

    m_presets = new QWidget(this);
    m_presets->setObjectName(QStringLiteral("maskPresets"));
    m_presetLayout = new QGridLayout(m_presets);
    m_presetLayout->setContentsMargins(0, 0, 0, 0);

    m_presetsTitle = new QLabel(tr("Presets"), m_presets);
    m_presetsTitle->setObjectName(QStringLiteral("maskPresetsTitle"));
    QFont titleFont = m_presetsTitle->font();
    titleFont.setBold(true);
    m_presetsTitle->setFont(titleFont);

    m_presetButtons << addPresetButton(static_cast<int>(MaskEditor::Preset::AllAllowed),
                                       QStringLiteral("maskPresetAllAllowed"),
                                       tr("Every query may attend to every key (no mask)."));
    m_presetButtons << addPresetButton(
        static_cast<int>(MaskEditor::Preset::Causal), QStringLiteral("maskPresetCausal"),
        tr("Query i may attend to keys 1..i only: a decoder cannot see the future."));
    m_presetButtons << addPresetButton(
        static_cast<int>(MaskEditor::Preset::Padding), QStringLiteral("maskPresetPadding"),
        tr("Keep only the keys ticked as \u201creal key\u201d under the grid: padding tokens are "
           "blocked for every query. With \u201cwith causal\u201d ticked the causal mask is "
           "combined by AND (the notebook's allowed & is_real_key[None, :]); untick it for a "
           "pure padding mask. Refused if a row would be left with no allowed key."));
    m_presetButtons << addPresetButton(
        static_cast<int>(MaskEditor::Preset::Invert), QStringLiteral("maskPresetInvert"),
        tr("Allowed cells become blocked and blocked cells allowed; refused if a row would be "
           "left with no allowed key."));

    m_causalCheck = new QCheckBox(tr("with causal"), m_presets);
    m_causalCheck->setObjectName(QStringLiteral("maskPaddingCausal"));
    m_causalCheck->setAccessibleName(tr("padding preset includes the causal mask"));
    m_causalCheck->setChecked(m_editor->paddingIsCausal());
    m_causalCheck->setToolTip(
        tr("The padding preset's causal part. Ticked: query i may see key j only if j \u2264 i "
           "AND key j is a real token (causal & padding, as in the notebook). Unticked: a pure "
           "padding mask, every query sees every real key. While the padding preset is the "
           "current mask, changing this applies at once."));
    connect(m_causalCheck, &QCheckBox::toggled, m_editor, &MaskEditor::setPaddingIsCausal);
    connect(m_editor, &MaskEditor::paddingIsCausalChanged, m_causalCheck, [this](bool causal) {
        const QSignalBlocker blocker(m_causalCheck);
        m_causalCheck->setChecked(causal);
    });

    m_layout = new QBoxLayout(QBoxLayout::TopToBottom, this);
    m_layout->addWidget(m_presets);
    m_layout->addWidget(m_canvas, 1);
    arrangePresets(PresetArrangement::Row);

    connect(m_editor, &MaskEditor::editRefused, this, &MaskGridView::editRefused);
    connect(m_model, &AttentionModel::scenarioReset, this, &MaskGridView::updatePresetAvailability);
    updatePresetAvailability();
}

QPushButton *MaskGridView::addPresetButton(int preset, const QString &objectName,
                                           const QString &toolTip)
{
    const auto kind = static_cast<MaskEditor::Preset>(preset);
    auto *button = new QPushButton(MaskEditor::presetName(kind), m_presets);
    button->setObjectName(objectName);
    button->setAccessibleName(tr("mask preset %1").arg(MaskEditor::presetName(kind)));
    button->setToolTip(toolTip);
    button->setFocusPolicy(Qt::TabFocus);
    connect(button, &QPushButton::clicked, m_editor, [this, kind] { m_editor->applyPreset(kind); });
    return button;
}

void MaskGridView::updatePresetAvailability()
{
    const Scenario &scenario = m_model->scenario();
    m_presets->setEnabled(scenario.queryCount() > 0 && scenario.keyCount() > 0);
}

void MaskGridView::arrangePresets(PresetArrangement arrangement)
{
    if (m_arranged && arrangement == m_arrangement)
        return;
    m_arranged = true;
    m_arrangement = arrangement;

    const int spacing = std::max(3, fontMetrics().height() / 4);
    m_layout->setContentsMargins(spacing, spacing, spacing, spacing);
    m_layout->setSpacing(spacing);
    m_presetLayout->setHorizontalSpacing(spacing);
    m_presetLayout->setVerticalSpacing(spacing);

    QList<QWidget *> items{m_presetsTitle};
    for (QPushButton *button : m_presetButtons)
        items << button;
    items << m_causalCheck;
    for (QWidget *item : items)
        m_presetLayout->removeWidget(item);
    for (int i = 0; i < 8; ++i) {
        m_presetLayout->setRowStretch(i, 0);
        m_presetLayout->setColumnStretch(i, 0);
    }

    QPushButton *allAllowed = m_presetButtons[0];
    QPushButton *causal = m_presetButtons[1];
    QPushButton *padding = m_presetButtons[2];
    QPushButton *invert = m_presetButtons[3];
    switch (arrangement) {
    case PresetArrangement::Column:
        m_presetLayout->addWidget(m_presetsTitle, 0, 0);
        m_presetLayout->addWidget(allAllowed, 1, 0);
        m_presetLayout->addWidget(causal, 2, 0);
        m_presetLayout->addWidget(padding, 3, 0);
        m_presetLayout->addWidget(m_causalCheck, 4, 0);
        m_presetLayout->addWidget(invert, 5, 0);
        m_presetLayout->setRowStretch(6, 1);
        // RightToLeft puts the first item (the presets) on the right, beside the grid.
        m_layout->setDirection(QBoxLayout::RightToLeft);
        m_canvas->setBlockAlignment(Qt::AlignRight);
        break;
    case PresetArrangement::Row:
        m_presetLayout->addWidget(m_presetsTitle, 0, 0);
        m_presetLayout->addWidget(allAllowed, 0, 1);
        m_presetLayout->addWidget(causal, 0, 2);
        m_presetLayout->addWidget(padding, 0, 3);
        m_presetLayout->addWidget(m_causalCheck, 0, 4);
        m_presetLayout->addWidget(invert, 0, 5);
        m_presetLayout->setColumnStretch(6, 1);
        m_layout->setDirection(QBoxLayout::TopToBottom);
        m_canvas->setBlockAlignment(Qt::AlignLeft);
        break;
    case PresetArrangement::TwoRows:
        m_presetLayout->addWidget(m_presetsTitle, 0, 0);
        m_presetLayout->addWidget(allAllowed, 0, 1);
        m_presetLayout->addWidget(causal, 0, 2);
        m_presetLayout->addWidget(invert, 0, 3);
        m_presetLayout->addWidget(padding, 1, 1);
        m_presetLayout->addWidget(m_causalCheck, 1, 2, 1, 2);
        m_presetLayout->setColumnStretch(4, 1);
        m_layout->setDirection(QBoxLayout::TopToBottom);
        m_canvas->setBlockAlignment(Qt::AlignLeft);
        break;
    }
}

QSize MaskGridView::presetsSize(PresetArrangement arrangement) const
{
    const int spacing = std::max(3, fontMetrics().height() / 4);
    const QSize title = m_presetsTitle->sizeHint();
    const QSize check = m_causalCheck->sizeHint();
    QList<QSize> buttons;
    for (const QPushButton *button : m_presetButtons)
        buttons << button->sizeHint();
    const int rowHeight = std::max({title.height(), check.height(), buttons[0].height()});
    switch (arrangement) {
    case PresetArrangement::Column: {
        int width = std::max(title.width(), check.width());
        for (const QSize &button : buttons)
            width = std::max(width, button.width());
        return QSize(width, 6 * rowHeight + 5 * spacing);
    }
    case PresetArrangement::Row: {
        int width = title.width() + check.width() + 5 * spacing;
        for (const QSize &button : buttons)
            width += button.width();
        return QSize(width, rowHeight);
    }
    case PresetArrangement::TwoRows: {
        const int first = buttons[0].width() + buttons[1].width() + buttons[3].width();
        const int second = buttons[2].width() + check.width();
        return QSize(title.width() + std::max(first + spacing, second) + 3 * spacing,
                     2 * rowHeight + spacing);
    }
    }
    return QSize();
}

MaskGridView::PresetArrangement MaskGridView::arrangementForSize(const QSize &size) const
{
    // In a wide, short dock the presets stand in a column beside the grid, so that the grid keeps
    // its height; otherwise they go above it, in one row if it fits.
    const int spacing = std::max(3, fontMetrics().height() / 4);
    const QSize canvasMinimum = m_canvas->minimumSizeHint();
    const QSize column = presetsSize(PresetArrangement::Column);
    const int widthBeside = size.width() - column.width() - 3 * spacing;
    if (widthBeside >= canvasMinimum.width() && widthBeside > size.height() * 1.25
        && size.height() >= column.height() + 2 * spacing)
        return PresetArrangement::Column;
    if (size.width() >= presetsSize(PresetArrangement::Row).width() + 2 * spacing)
        return PresetArrangement::Row;
    return PresetArrangement::TwoRows;
}

QSize MaskGridView::sizeHint() const
{
    const QSize canvas = m_canvas->sizeHint();
    const QSize presets = presetsSize(PresetArrangement::Row);
    return QSize(std::max(canvas.width(), presets.width()), canvas.height() + presets.height());
}

QSize MaskGridView::minimumSizeHint() const
{
    // The smaller of "presets beside" and "presets in two rows above", in each direction: the
    // arrangement is chosen on resize to suit the shape the dock gives.
    const int spacing = std::max(3, fontMetrics().height() / 4);
    const QSize canvas = m_canvas->minimumSizeHint();
    const QSize column = presetsSize(PresetArrangement::Column);
    const QSize rows = presetsSize(PresetArrangement::TwoRows);
    const QSize beside(canvas.width() + column.width() + 3 * spacing,
                       std::max(canvas.height(), column.height()) + 2 * spacing);
    const QSize above(std::max(canvas.width(), rows.width()) + 2 * spacing,
                      canvas.height() + rows.height() + 3 * spacing);
    return QSize(std::min(beside.width(), above.width()), std::min(beside.height(), above.height()));
}

void MaskGridView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrangePresets(arrangementForSize(size()));
}

void MaskGridView::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        m_arranged = false;
        arrangePresets(arrangementForSize(size()));
    }
}

} // namespace attnlens
