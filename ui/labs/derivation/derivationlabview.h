#pragma once

#include "derivation.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QGridLayout;
class QGroupBox;
class QScrollArea;
class QLabel;
class QPushButton;

namespace attnlens {

class AttentionModel;
class DerivationPlane;
class LabMaterialBar;
class ViewState;

/// Lab 4, where Q, K and V come from: the tokens of X (and Y) in their plane, the projections
/// W_Q, W_K and W_V as small grids of number fields, a line saying which stream each of Q, K
/// and V comes from, and a switch between self-attention (one stream) and cross-attention
/// (Q from X, K and V from Y). Every change goes through AttentionModel's derivation setters, so
/// it reaches every other view, is undoable and is saved with the scenario. While the scenario
/// is not derived, the lab offers to start from its own tokens, or says why it cannot.
class DerivationLabView : public QWidget {
    Q_OBJECT

public:
    DerivationLabView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    DerivationPlane *plane() const { return m_plane; }
    /// Says when the lab shows material of its own rather than the user's scenario (labdocks.h).
    LabMaterialBar *materialBar() const { return m_materialBar; }
    QCheckBox *crossSwitch() const { return m_cross; }
    QLabel *sourceLine() const { return m_sourceLine; }
    QPushButton *startButton() const { return m_start; }
    QPushButton *detachButton() const { return m_detach; }
    /// The field of entry (row, column) of a projection, or null.
    QDoubleSpinBox *projectionField(Projection which, int row, int column) const;

    QSize sizeHint() const override;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void fitMatrixColumn();
    void refresh();
    void rebuildFields(Projection which);
    void startDerivation();

    AttentionModel *m_model;
    ViewState *m_viewState;
    QLabel *m_sourceLine = nullptr;
    QCheckBox *m_cross = nullptr;
    DerivationPlane *m_plane = nullptr;
    LabMaterialBar *m_materialBar = nullptr;
    QWidget *m_matrices = nullptr;
    QScrollArea *m_matrixScroll = nullptr;
    QGroupBox *m_boxes[3] = {nullptr, nullptr, nullptr};
    QGridLayout *m_grids[3] = {nullptr, nullptr, nullptr};
    std::vector<QDoubleSpinBox *> m_fields[3];
    Index m_fieldRows[3] = {0, 0, 0};
    Index m_fieldColumns[3] = {0, 0, 0};
    QLabel *m_note = nullptr;
    QPushButton *m_start = nullptr;
    QPushButton *m_detach = nullptr;
    bool m_syncing = false;
};

} // namespace attnlens
