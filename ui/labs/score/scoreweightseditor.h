#pragma once

#include "attentionmodel.h"

#include <QWidget>

#include <vector>

class QDoubleSpinBox;
class QGridLayout;
class QLabel;

namespace attnlens {

/// The weights of the current score function as small grids of number boxes: W (d_q × d_k) for
/// the general score; W_q (h × d_q), W_k (h × d_k) and w (h) for the additive one; nothing for
/// scaled dot-product. Every change is one AttentionModel::setScoreWeight() inside its own
/// beginEdit()/endEdit(), so it is one undo step. Weights larger than kMostEditable rows or
/// columns are not shown as boxes (a line says so); the file still holds them.
class ScoreWeightsEditor : public QWidget {
    Q_OBJECT

public:
    static constexpr int kMostEditable = 8;

    explicit ScoreWeightsEditor(AttentionModel *model, QWidget *parent = nullptr);

    /// The box of one entry, or nullptr when it is not shown (tests, focus).
    QDoubleSpinBox *box(AttentionModel::ScoreWeight weight, int row, int column) const;

private:
    struct Box {
        AttentionModel::ScoreWeight weight;
        int row;
        int column;
        QDoubleSpinBox *spin;
    };

    void rebuild();
    void refreshValues();
    void addGrid(AttentionModel::ScoreWeight weight, const QString &name, const QString &title,
                 const Matrix &matrix, int gridColumn);
    static double valueOf(const ScoreFunction &score, AttentionModel::ScoreWeight weight, int row, int column);

    AttentionModel *m_model;
    QGridLayout *m_layout;
    std::vector<Box> m_boxes;
    std::vector<QWidget *> m_parts;
    ScoreFunction::Kind m_kind = ScoreFunction::Kind::ScaledDot;
    QString m_shape;
};

} // namespace attnlens
