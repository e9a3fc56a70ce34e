#pragma once

#include <QList>
#include <QWidget>

class QBoxLayout;
class QCheckBox;
class QGridLayout;
class QLabel;
class QPushButton;

namespace attnlens {

class AttentionModel;
class MaskEditor;
class MaskGridCanvas;
class ViewState;

/// The mask editor view: the preset buttons ("all allowed", "causal", "padding" with its causal
/// part as a checkbox, "invert") beside or above the painted N_q x N_k grid (MaskGridCanvas), with
/// the padding preset's "real key" flags under it.
///
/// Every edit goes through the model's mask setters. An edit that would leave a query row with
/// no allowed key is refused: the model stays unchanged, the cell or row flashes red and
/// editRefused() names the row.
class MaskGridView : public QWidget {
    Q_OBJECT

public:
    explicit MaskGridView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    MaskGridCanvas *grid() const { return m_canvas; }
    MaskEditor *editor() const { return m_editor; }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

signals:
    /// A refused edit, e.g. "Row 1 (“token 1”) needs at least one allowed key: softmax over no
    /// keys is undefined." The main window shows it in the status bar.
    void editRefused(const QString &message);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;

private:
    /// Where the presets stand: a column beside the grid, one row above it, or two rows above it.
    enum class PresetArrangement { Column, Row, TwoRows };

    QPushButton *addPresetButton(int preset, const QString &objectName, const QString &toolTip);
    void arrangePresets(PresetArrangement arrangement);
    PresetArrangement arrangementForSize(const QSize &size) const;
    QSize presetsSize(PresetArrangement arrangement) const;
    void updatePresetAvailability();

    AttentionModel *m_model;
    ViewState *m_viewState;
    MaskEditor *m_editor;
    MaskGridCanvas *m_canvas;
    QWidget *m_presets;
    QLabel *m_presetsTitle;
    QList<QPushButton *> m_presetButtons;  // all allowed, causal, padding, invert
    QCheckBox *m_causalCheck;
    QBoxLayout *m_layout;
    QGridLayout *m_presetLayout;
    PresetArrangement m_arrangement = PresetArrangement::Row;
    bool m_arranged = false;
};

} // namespace attnlens
