#pragma once

#include "figuresource.h"
#include "scorefunction.h"

#include <QWidget>

class QBoxLayout;
class QComboBox;
class QLabel;
class QPainter;
class QPushButton;
class QSpinBox;

namespace attnlens {

class AttentionModel;
class ScoreLabPicture;
class ScoreWeightsEditor;
class ViewState;

/// The score-function lab (issue 15, part 3): choose how a query scores a key (scaled
/// dot-product, general q W kᵀ, additive wᵀ tanh(W_q q + W_k k)), edit the small weights, and
/// watch a decoder step's query (its hidden state) score every encoder state: the additive
/// network's tanh terms, the scores and the softmax weights per encoder state. Queries and keys
/// may have different lengths under the general and additive scores, which the lab says in words.
///
/// Everything it changes is the Scenario's score function, through AttentionModel setters inside
/// beginEdit()/endEdit(): saved in the file, undone, seen by the lesson's checkpoints. Choosing a
/// kind starts from seeded weights (defaultScoreFunction) that fit the scenario's d_q and d_k.
class ScoreLabView : public QWidget, public FigureSource {
    Q_OBJECT

public:
    ScoreLabView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    /// FigureSource (figuresource.h): the figure exporter draws the view through these.
    /// The picture alone: the lab's controls are not part of the figure.
    void drawFigure(QPainter &painter, const QSizeF &size, bool opaque) const override;

    QComboBox *kindBox() const { return m_kind; }
    QSpinBox *hiddenSizeBox() const { return m_hidden; }
    QComboBox *queryBox() const { return m_query; }
    ScoreWeightsEditor *weightsEditor() const { return m_editor; }
    ScoreLabPicture *picture() const { return m_picture; }

    /// The picture alone into `rect`, for the figure export (`--export scores=...`).
    void paintFigure(QPainter &painter, const QRectF &rect, const QFont &font) const;
    /// The width at which the picture stands beside the weights instead of under them (a wide
    /// dock, e.g. when the key space beside it has no plane to draw).
    int sideBySideWidth() const;

    /// Switches to `kind` with seeded weights for the scenario's dimensions (one undo step).
    void chooseKind(ScoreFunction::Kind kind);
    /// Changes the additive hidden size h, keeping the entries that stay (one undo step).
    void setHiddenSize(int hidden);
    /// Puts the seeded weights of the current kind back (one undo step).
    void resetWeights();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void arrange();
    void fitBoxes();
    void retranslate();
    void syncControls();

    AttentionModel *m_model;
    ViewState *m_viewState;
    QLabel *m_kindLabel;
    QComboBox *m_kind;
    QLabel *m_hiddenLabel;
    QSpinBox *m_hidden;
    QLabel *m_queryLabel;
    QComboBox *m_query;
    QPushButton *m_reset;
    QBoxLayout *m_contentLayout = nullptr;
    ScoreWeightsEditor *m_editor;
    ScoreLabPicture *m_picture;
};

} // namespace attnlens
