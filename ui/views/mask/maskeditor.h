#pragma once

#include "matrixtypes.h"

#include <QObject>
#include <QString>

#include <optional>
#include <vector>

namespace attnlens {

class AttentionModel;

/// The mask edits that the mask grid offers: toggling one cell, the presets, and the "real key"
/// flags that the padding preset reads. Every edit goes through AttentionModel::setMaskCell or
/// setMask; an edit that would leave a query row with no allowed key is refused, leaves the
/// model untouched and is reported through editRefused() and refused().
///
/// The real-key flags are a setting of the padding preset, not scenario data. They are read from
/// the mask (a key that no query may see counts as padding) whenever the mask changes other than
/// by the padding preset itself: when a scenario arrives, on undo and redo, after a cell or
/// another preset. So undo and redo bring the flags back with the mask, and a flag set while the
/// padding preset is not applied lasts until the mask next changes.
class MaskEditor : public QObject {
    Q_OBJECT

public:
    enum class Preset { AllAllowed, Causal, Padding, Invert };

    explicit MaskEditor(AttentionModel *model, QObject *parent = nullptr);

    AttentionModel *model() const { return m_model; }

    /// Flips one cell; refused when it would block the last allowed key of its row.
    bool toggleCell(int queryRow, int keyRow);
    /// Sets one cell (no-op when it already has that state); refused like toggleCell.
    bool setCell(int queryRow, int keyRow, bool allowed);

    bool applyPreset(Preset preset);
    /// The mask a preset would produce for the current shapes and settings.
    Mask presetMask(Preset preset) const;
    /// The name shown on the preset's button ("all allowed", "causal", ...).
    static QString presetName(Preset preset);

    const std::vector<bool> &realKeys() const { return m_realKeys; }
    bool isRealKey(int keyRow) const;
    /// Flips key j between real token and padding. While the padding preset is the current mask
    /// the mask follows at once (and the flip is refused if that would empty a row).
    bool toggleRealKey(int keyRow);

    /// Whether the padding preset also applies the causal mask (the notebook's
    /// `causal & is_real_key[None, :]`); off gives a pure padding mask.
    bool paddingIsCausal() const { return m_paddingIsCausal; }
    /// Like toggleRealKey, re-applies the padding preset while it is the current mask.
    bool setPaddingIsCausal(bool causal);

    /// True when the model's mask equals what the padding preset gives with the current settings.
    bool isPaddingPresetActive() const;

signals:
    /// A person-readable reason, naming the row, e.g. for the status bar.
    void editRefused(const QString &message);
    /// Where to show the refusal: one cell, or the whole row when keyRow is -1.
    void refused(int queryRow, int keyRow);
    void realKeysChanged();
    void paddingIsCausalChanged(bool causal);

private:
    void resetRealKeys();
    /// Reads the flags from the mask; emits realKeysChanged() when they changed (or `always`).
    void rereadRealKeys(bool always);
    /// applyMask for the padding preset's own masks, which keep the flags as set.
    bool applyPaddingMask(const Mask &proposed, const QString &action);
    Mask currentMask() const;
    /// Sets the mask unless a row would be empty; `action` names the edit in the refusal.
    bool applyMask(const Mask &proposed, const QString &action);
    QString rowName(Index queryRow) const;

    AttentionModel *m_model;
    std::vector<bool> m_realKeys;
    bool m_paddingIsCausal = true;
    bool m_settingPaddingMask = false;
};

} // namespace attnlens
