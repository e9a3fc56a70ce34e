#include "scoreweightseditor.h"

#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace attnlens {

namespace {

QString shapeKey(const ScoreFunction &s)
{
    return QStringLiteral("%1:%2x%3:%4x%5:%6x%7:%8")
        .arg(int(s.kind))
        .arg(s.general.rows())
        .arg(s.general.cols())
        .arg(s.queryWeight.rows())
        .arg(s.queryWeight.cols())
        .arg(s.keyWeight.rows())
        .arg(s.keyWeight.cols())
        .arg(s.scoreVector.size());
}

} // namespace

ScoreWeightsEditor::ScoreWeightsEditor(AttentionModel *model, QWidget *parent)
    : QWidget(parent), m_model(model), m_layout(new QGridLayout(this))
{
    setObjectName(QStringLiteral("scoreWeightsEditor"));
    setAccessibleName(tr("Score weights"));
    m_layout->setContentsMargins(0, 0, 0, 0);
    connect(model, &AttentionModel::scoreFunctionChanged, this, &ScoreWeightsEditor::rebuild);
    connect(model, &AttentionModel::scenarioReset, this, &ScoreWeightsEditor::rebuild);
    rebuild();
}

double ScoreWeightsEditor::valueOf(const ScoreFunction &s, AttentionModel::ScoreWeight weight, int row, int column)
{
    switch (weight) {
    case AttentionModel::ScoreWeight::General: return s.general(row, column);
    case AttentionModel::ScoreWeight::Query: return s.queryWeight(row, column);
    case AttentionModel::ScoreWeight::Key: return s.keyWeight(row, column);
    case AttentionModel::ScoreWeight::Vector: return s.scoreVector(row);
    }
    return 0.0;
}

QDoubleSpinBox *ScoreWeightsEditor::box(AttentionModel::ScoreWeight weight, int row, int column) const
{
    for (const Box &b : m_boxes) {
        if (b.weight == weight && b.row == row && b.column == column)
            return b.spin;
    }
    return nullptr;
}

void ScoreWeightsEditor::rebuild()
{
    const ScoreFunction &score = m_model->wholeScenario().score;
    const QString shape = shapeKey(score);
    if (shape == m_shape && !m_parts.empty()) {
        refreshValues();
        return;
    }
    m_shape = shape;
    for (QWidget *part : m_parts)
        delete part;
    m_parts.clear();
    m_boxes.clear();
    switch (score.kind) {
    case ScoreFunction::Kind::ScaledDot: {
        auto *none = new QLabel(tr("Scaled dot-product has no weights: q and k are compared as they are."), this);
        none->setWordWrap(true);
        m_layout->addWidget(none, 0, 0);
        m_parts.push_back(none);
        break;
    }
    case ScoreFunction::Kind::General:
        addGrid(AttentionModel::ScoreWeight::General, QStringLiteral("W"), tr("W (d_q × d_k)"), score.general, 0);
        break;
    case ScoreFunction::Kind::Additive:
        addGrid(AttentionModel::ScoreWeight::Query, QStringLiteral("W_q"), tr("W_q (h × d_q)"), score.queryWeight, 0);
        addGrid(AttentionModel::ScoreWeight::Key, QStringLiteral("W_k"), tr("W_k (h × d_k)"), score.keyWeight, 1);
        addGrid(AttentionModel::ScoreWeight::Vector, QStringLiteral("w"), tr("w (h)"), Matrix(score.scoreVector), 2);
        break;
    }
}

void ScoreWeightsEditor::addGrid(AttentionModel::ScoreWeight weight, const QString &name,
                                 const QString &title, const Matrix &matrix, int gridColumn)
{
    auto *part = new QWidget(this);
    auto *column = new QVBoxLayout(part);
    column->setContentsMargins(0, 0, 0, 0);
    auto *heading = new QLabel(title, part);
    column->addWidget(heading);
    m_layout->addWidget(part, 0, gridColumn, Qt::AlignTop);
    m_parts.push_back(part);
    if (matrix.rows() > kMostEditable || matrix.cols() > kMostEditable) {
        auto *tooBig = new QLabel(tr("%1 × %2: too large to edit here (the file keeps it)")
                                      .arg(matrix.rows())
                                      .arg(matrix.cols()),
                                  part);
        tooBig->setWordWrap(true);
        column->addWidget(tooBig);
        return;
    }
    auto *grid = new QGridLayout;
    grid->setSpacing(2);
    column->addLayout(grid);
    column->addStretch(1);
    for (int i = 0; i < matrix.rows(); ++i) {
        for (int j = 0; j < matrix.cols(); ++j) {
            auto *spin = new QDoubleSpinBox(part);
            spin->setRange(-99.0, 99.0);
            spin->setDecimals(2);
            spin->setSingleStep(0.1);
            spin->setKeyboardTracking(false);
            // No arrow buttons: the grids stay narrow enough for a lab beside the lesson; Up and
            // Down, Page Up and Page Down and the wheel still step by 0.1.
            spin->setButtonSymbols(QAbstractSpinBox::NoButtons);
            spin->setAlignment(Qt::AlignRight);
            spin->setValue(matrix(i, j));
            spin->setAccessibleName(weight == AttentionModel::ScoreWeight::Vector
                                        ? tr("%1 entry %2").arg(name).arg(i + 1)
                                        : tr("%1 row %2, column %3").arg(name).arg(i + 1).arg(j + 1));
            spin->setObjectName(QStringLiteral("score_%1_%2_%3").arg(name).arg(i).arg(j));
            grid->addWidget(spin, i, j);
            m_boxes.push_back(Box{weight, i, j, spin});
            connect(spin, &QDoubleSpinBox::valueChanged, this, [this, weight, i, j, name](double value) {
                const ScoreFunction &now = m_model->wholeScenario().score;
                if (valueOf(now, weight, i, j) == value)
                    return;
                m_model->beginEdit(tr("Change %1").arg(name));
                m_model->setScoreWeight(weight, i, j, value);
                m_model->endEdit();
            });
        }
    }
}

void ScoreWeightsEditor::refreshValues()
{
    const ScoreFunction &score = m_model->wholeScenario().score;
    for (const Box &b : m_boxes) {
        const double value = valueOf(score, b.weight, b.row, b.column);
        if (b.spin->value() != value) {
            const QSignalBlocker blocker(b.spin);
            b.spin->setValue(value);
        }
    }
}

} // namespace attnlens
