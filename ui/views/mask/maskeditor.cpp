#include "maskeditor.h"

#include "quotedlabel.h"

#include "attentionmodel.h"
#include "maskpresets.h"

#include <utility>

namespace attnlens {

namespace {

} // namespace

MaskEditor::MaskEditor(AttentionModel *model, QObject *parent)
    : QObject(parent)
    , m_model(model)
{
    connect(m_model, &AttentionModel::scenarioReset, this, &MaskEditor::resetRealKeys);
    // Any other change of the mask (undo, redo, a cell, another preset, a lesson step) says
    // again which keys are padding, so the "real key" row never contradicts the mask.
    connect(m_model, &AttentionModel::maskChanged, this, [this] {
        if (!m_settingPaddingMask)
            rereadRealKeys(false);
    });
    resetRealKeys();
}

QString MaskEditor::rowName(Index queryRow) const
{
    return tr("row %1 (%2)").arg(queryRow + 1).arg(quotedInFull(m_model->scenario().queryLabel(queryRow)));
}

bool MaskEditor::toggleCell(int queryRow, int keyRow)
{
    return setCell(queryRow, keyRow, !m_model->scenario().isAllowed(queryRow, keyRow));
}

bool MaskEditor::setCell(int queryRow, int keyRow, bool allowed)
{
    const Scenario &scenario = m_model->scenario();
    if (queryRow < 0 || queryRow >= scenario.queryCount() || keyRow < 0
        || keyRow >= scenario.keyCount())
        return false;
    if (scenario.isAllowed(queryRow, keyRow) == allowed)
        return true;
    if (!allowed && m_model->isLastAllowedKey(queryRow, keyRow)) {
        emit refused(queryRow, keyRow);
        emit editRefused(tr("Row %1 (%2) needs at least one allowed key: %3 is its last, and "
                            "softmax over no keys is undefined.")
                             .arg(queryRow + 1)
                             .arg(quotedInFull(scenario.queryLabel(queryRow)), quotedInFull(scenario.keyLabel(keyRow))));
        return false;
    }
    m_model->setMaskCell(queryRow, keyRow, allowed);
    return true;
}

QString MaskEditor::presetName(Preset preset)
{
    switch (preset) {
    case Preset::AllAllowed:
        return tr("all allowed");
    case Preset::Causal:
        return tr("causal");
    case Preset::Padding:
        return tr("padding");
    case Preset::Invert:
        return tr("invert");
    }
    return QString();
}

Mask MaskEditor::currentMask() const
{
    const Scenario &scenario = m_model->scenario();
    return scenario.allowed ? *scenario.allowed
                            : allAllowedMask(scenario.queryCount(), scenario.keyCount());
}

Mask MaskEditor::presetMask(Preset preset) const
{
    const Scenario &scenario = m_model->scenario();
    switch (preset) {
    case Preset::AllAllowed:
        return allAllowedMask(scenario.queryCount(), scenario.keyCount());
    case Preset::Causal:
        return causalMask(scenario.queryCount(), scenario.keyCount());
    case Preset::Padding:
        return paddingPresetMask(scenario.queryCount(), m_realKeys, m_paddingIsCausal);
    case Preset::Invert:
        return invertedMask(currentMask());
    }
    return currentMask();
}

bool MaskEditor::applyPreset(Preset preset)
{
    const Scenario &scenario = m_model->scenario();
    if (scenario.queryCount() == 0 || scenario.keyCount() == 0)
        return false;
    if (preset == Preset::AllAllowed) {
        // No mask at all is how a scenario says "every key is allowed".
        m_model->setMask(std::nullopt);
        return true;
    }
    if (preset == Preset::Padding)
        return applyPaddingMask(presetMask(preset), presetName(preset));
    return applyMask(presetMask(preset), presetName(preset));
}

bool MaskEditor::applyMask(const Mask &proposed, const QString &action)
{
    if (const std::optional<Index> emptyRow = firstRowWithoutAllowedKey(proposed)) {
        emit refused(static_cast<int>(*emptyRow), -1);
        emit editRefused(tr("\u201c%1\u201d refused: %2 would have no allowed key, and softmax "
                            "over no keys is undefined.")
                             .arg(action, rowName(*emptyRow)));
        return false;
    }
    m_model->setMask(proposed);
    return true;
}

bool MaskEditor::isRealKey(int keyRow) const
{
    return keyRow >= 0 && keyRow < static_cast<int>(m_realKeys.size())
        && m_realKeys[static_cast<size_t>(keyRow)];
}

bool MaskEditor::isPaddingPresetActive() const
{
    const Scenario &scenario = m_model->scenario();
    if (static_cast<Index>(m_realKeys.size()) != scenario.keyCount())
        return false;
    return currentMask() == paddingPresetMask(scenario.queryCount(), m_realKeys, m_paddingIsCausal);
}

bool MaskEditor::toggleRealKey(int keyRow)
{
    if (keyRow < 0 || keyRow >= static_cast<int>(m_realKeys.size()))
        return false;
    const bool follow = isPaddingPresetActive();
    std::vector<bool> flipped = m_realKeys;
    flipped[static_cast<size_t>(keyRow)] = !flipped[static_cast<size_t>(keyRow)];
    if (follow) {
        const Mask proposed =
            paddingPresetMask(m_model->scenario().queryCount(), flipped, m_paddingIsCausal);
        const QString key = m_model->scenario().keyLabel(keyRow);
        const QString action = flipped[static_cast<size_t>(keyRow)] ? tr("%1 is a real key").arg(key)
                                                                    : tr("%1 is padding").arg(key);
        if (!applyPaddingMask(proposed, action))
            return false;
    }
    m_realKeys = std::move(flipped);
    emit realKeysChanged();
    return true;
}

bool MaskEditor::setPaddingIsCausal(bool causal)
{
    if (causal == m_paddingIsCausal)
        return true;
    if (isPaddingPresetActive()) {
        const Mask proposed = paddingPresetMask(m_model->scenario().queryCount(), m_realKeys, causal);
        const QString action = causal ? tr("padding with causal") : tr("padding without causal");
        if (!applyPaddingMask(proposed, action)) {
            emit paddingIsCausalChanged(m_paddingIsCausal);
            return false;
        }
    }
    m_paddingIsCausal = causal;
    emit paddingIsCausalChanged(causal);
    return true;
}

bool MaskEditor::applyPaddingMask(const Mask &proposed, const QString &action)
{
    // The padding preset's own mask keeps the flags the person just set, even a real key that no
    // query may see yet (a key right of the last causal row).
    const bool wasSetting = std::exchange(m_settingPaddingMask, true);
    const bool applied = applyMask(proposed, action);
    m_settingPaddingMask = wasSetting;
    return applied;
}

void MaskEditor::resetRealKeys()
{
    rereadRealKeys(true);
}

void MaskEditor::rereadRealKeys(bool always)
{
    const Scenario &scenario = m_model->scenario();
    std::vector<bool> real(static_cast<size_t>(scenario.keyCount()), true);
    if (scenario.allowed && scenario.queryCount() > 0 && scenario.allowed->rows() == scenario.queryCount()
        && scenario.allowed->cols() == scenario.keyCount()) {
        // A key that no query may see counts as padding.
        for (Index j = 0; j < scenario.keyCount(); ++j)
            real[static_cast<size_t>(j)] = scenario.allowed->col(j).any();
    }
    if (!always && real == m_realKeys)
        return;
    m_realKeys = std::move(real);
    emit realKeysChanged();
}

} // namespace attnlens
