#include "scorelabview.h"

#include "attentionmodel.h"
#include "scorelabpicture.h"
#include "scoreweightseditor.h"
#include "viewstate.h"

#include <QAbstractItemView>
#include <QBoxLayout>
#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace attnlens {

namespace {

constexpr int kMostHidden = 8;

/// `matrix` with `rows` rows: the rows that stay keep their entries, new ones come from `seeded`.
Matrix withRows(const Matrix &matrix, const Matrix &seeded, Index rows)
{
    Matrix out = seeded.topRows(rows);
    const Index kept = std::min(rows, matrix.rows());
    if (matrix.cols() == out.cols())
        out.topRows(kept) = matrix.topRows(kept);
    return out;
}

} // namespace

ScoreLabView::ScoreLabView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
    , m_kindLabel(new QLabel(this))
    , m_kind(new QComboBox(this))
    , m_hiddenLabel(new QLabel(this))
    , m_hidden(new QSpinBox(this))
    , m_queryLabel(new QLabel(this))
    , m_query(new QComboBox(this))
    , m_reset(new QPushButton(this))
    , m_editor(new ScoreWeightsEditor(model, this))
    , m_picture(new ScoreLabPicture(model, viewState, this))
{
    setObjectName(QStringLiteral("scoreLab"));
    m_kind->setObjectName(QStringLiteral("scoreKind"));
    m_hidden->setObjectName(QStringLiteral("scoreHiddenSize"));
    m_query->setObjectName(QStringLiteral("scoreQuery"));
    m_reset->setObjectName(QStringLiteral("scoreReset"));
    m_hidden->setRange(1, kMostHidden);
    m_kindLabel->setBuddy(m_kind);
    m_hiddenLabel->setBuddy(m_hidden);
    m_queryLabel->setBuddy(m_query);

    // Two rows: what scores (kind and h), then which decoder query is shown and the seeded
    // weights. Balanced so, neither row is wider than the weights under them need, and at the
    // largest text in a narrow column no combo box is squeezed to "加性（Bahdanau" without its
    // closing bracket.
    for (QComboBox *box : {m_kind, m_query}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
        // Never narrower than its longest entry: the lab's column grows, or the lab scrolls.
        box->setSizePolicy(QSizePolicy::Minimum, box->sizePolicy().verticalPolicy());
    }
    auto *controls = new QVBoxLayout;
    auto *scoreRow = new QHBoxLayout;
    scoreRow->addWidget(m_kindLabel);
    scoreRow->addWidget(m_kind);
    scoreRow->addWidget(m_hiddenLabel);
    scoreRow->addWidget(m_hidden);
    scoreRow->addStretch(1);
    auto *queryRow = new QHBoxLayout;
    queryRow->addWidget(m_queryLabel);
    queryRow->addWidget(m_query);
    queryRow->addStretch(1);
    queryRow->addWidget(m_reset);
    controls->addLayout(scoreRow);
    controls->addLayout(queryRow);
    // The weights and the picture scroll when the dock is short (the window at 1280 × 720), so
    // that every encoder state's row keeps its height; the controls stay in sight.
    // The scroll area takes its content while that is still empty: setWidget() measures what it
    // is given, and measuring the picture loads a font for Chinese text, which a start should
    // not pay for a lab nobody has opened yet.
    auto *content = new QWidget;
    // In a wide dock the picture stands beside the weights (arrange()).
    m_contentLayout = new QBoxLayout(QBoxLayout::TopToBottom, content);
    m_contentLayout->setContentsMargins(0, 0, 0, 0);
    QBoxLayout *contentLayout = m_contentLayout;
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("scoreLabScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setWidget(content);
    m_editor->setParent(content);
    m_picture->setParent(content);
    contentLayout->addWidget(m_editor, 0, Qt::AlignTop);
    contentLayout->addWidget(m_picture, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(controls);
    layout->addWidget(scroll, 1);

    connect(m_kind, &QComboBox::activated, this, [this](int index) {
        chooseKind(static_cast<ScoreFunction::Kind>(m_kind->itemData(index).toInt()));
    });
    connect(m_hidden, &QSpinBox::valueChanged, this, [this](int h) { setHiddenSize(h); });
    connect(m_query, &QComboBox::activated, this, [this](int index) { m_viewState->setSelectedQuery(index); });
    connect(m_reset, &QPushButton::clicked, this, &ScoreLabView::resetWeights);
    connect(model, &AttentionModel::scoreFunctionChanged, this, &ScoreLabView::syncControls);
    connect(model, &AttentionModel::scenarioReset, this, &ScoreLabView::syncControls);
    connect(viewState, &ViewState::selectedQueryChanged, this, &ScoreLabView::syncControls);

    setTabOrder(m_kind, m_hidden);
    setTabOrder(m_hidden, m_query);
    setTabOrder(m_query, m_reset);
    setTabOrder(m_reset, m_editor);
    retranslate();
}

void ScoreLabView::retranslate()
{
    setAccessibleName(tr("Score function lab"));
    setAccessibleDescription(tr("Choose how a decoder query scores the encoder states, edit the "
                                "weights, and read the scores and weights per encoder state."));
    m_kindLabel->setText(tr("&Score:"));
    m_hiddenLabel->setText(tr("&h:"));
    m_queryLabel->setText(tr("&Decoder query:"));
    m_reset->setText(tr("Seeded &weights"));
    m_reset->setToolTip(tr("Put back the seeded starting weights of this score function"));
    m_kind->setAccessibleName(tr("Score function"));
    m_hidden->setAccessibleName(tr("Hidden size h of the additive score"));
    m_query->setAccessibleName(tr("Decoder query shown"));
    // The popups' lists are focusable too: they carry the names of their boxes.
    m_kind->view()->setAccessibleName(m_kind->accessibleName());
    m_query->view()->setAccessibleName(m_query->accessibleName());
    {
        const QSignalBlocker blocker(m_kind);
        m_kind->clear();
        // Short names, so that the box fits a narrow dock at the largest text; the formulas are
        // in the tooltips and in the picture's heading.
        m_kind->addItem(tr("Scaled dot-product"), int(ScoreFunction::Kind::ScaledDot));
        m_kind->setItemData(0, tr("Scaled dot-product  q·k/√d_k"), Qt::ToolTipRole);
        m_kind->addItem(tr("General (Luong)"), int(ScoreFunction::Kind::General));
        m_kind->setItemData(1, tr("General (Luong)  q W kᵀ"), Qt::ToolTipRole);
        m_kind->addItem(tr("Additive (Bahdanau)"), int(ScoreFunction::Kind::Additive));
        m_kind->setItemData(2, tr("Additive (Bahdanau)  wᵀ tanh(W_q q + W_k k)"), Qt::ToolTipRole);
    }
    syncControls();
}

void ScoreLabView::syncControls()
{
    const Scenario &s = m_model->wholeScenario();
    {
        const QSignalBlocker blocker(m_kind);
        m_kind->setCurrentIndex(m_kind->findData(int(s.score.kind)));
        // Scaled dot-product needs queries and keys of one length.
        if (auto *items = qobject_cast<QStandardItemModel *>(m_kind->model())) {
            const bool dotPossible = s.queries.cols() == s.keys.cols();
            QStandardItem *dot = items->item(m_kind->findData(int(ScoreFunction::Kind::ScaledDot)));
            dot->setEnabled(dotPossible || s.score.isScaledDot());
            dot->setToolTip(dotPossible ? QString()
                                        : tr("Needs d_q = d_k; here d_q = %1 and d_k = %2")
                                              .arg(s.queries.cols())
                                              .arg(s.keys.cols()));
        }
    }
    const bool additive = s.score.kind == ScoreFunction::Kind::Additive;
    m_hidden->setVisible(additive);
    m_hiddenLabel->setVisible(additive);
    if (additive) {
        const QSignalBlocker blocker(m_hidden);
        m_hidden->setValue(int(std::min<Index>(kMostHidden, s.score.hiddenSize())));
    }
    m_reset->setEnabled(!s.score.isScaledDot());
    {
        const QSignalBlocker blocker(m_query);
        const Scenario &shown = m_model->scenario();
        if (m_query->count() != shown.queryCount()) {
            m_query->clear();
            for (Index i = 0; i < shown.queryCount(); ++i)
                m_query->addItem(shown.queryLabel(i));
        } else {
            for (Index i = 0; i < shown.queryCount(); ++i)
                m_query->setItemText(int(i), shown.queryLabel(i));
        }
        m_query->setCurrentIndex(m_viewState->selectedQuery());
    }
    fitBoxes();
}

void ScoreLabView::chooseKind(ScoreFunction::Kind kind)
{
    const Scenario &s = m_model->wholeScenario();
    // Scaled dot-product cannot compare queries and keys of different lengths: not offered.
    if (kind == s.score.kind || (kind == ScoreFunction::Kind::ScaledDot && s.queries.cols() != s.keys.cols()))
        return;
    const Index hidden = s.score.kind == ScoreFunction::Kind::Additive ? s.score.hiddenSize() : 3;
    m_model->beginEdit(tr("Score function: %1").arg(m_kind->itemText(m_kind->findData(int(kind)))));
    m_model->setScoreFunction(defaultScoreFunction(kind, s.queries.cols(), s.keys.cols(), hidden));
    m_model->endEdit();
}

void ScoreLabView::setHiddenSize(int hidden)
{
    const Scenario &s = m_model->wholeScenario();
    if (s.score.kind != ScoreFunction::Kind::Additive || hidden == s.score.hiddenSize() || hidden < 1)
        return;
    const ScoreFunction seeded = defaultScoreFunction(ScoreFunction::Kind::Additive, s.queries.cols(),
                                                      s.keys.cols(), hidden);
    ScoreFunction score = s.score;
    score.queryWeight = withRows(s.score.queryWeight, seeded.queryWeight, hidden);
    score.keyWeight = withRows(s.score.keyWeight, seeded.keyWeight, hidden);
    Eigen::VectorXd vector = seeded.scoreVector;
    const Index kept = std::min<Index>(hidden, s.score.scoreVector.size());
    vector.head(kept) = s.score.scoreVector.head(kept);
    score.scoreVector = vector;
    m_model->beginEdit(tr("Hidden size h = %1").arg(hidden));
    m_model->setScoreFunction(score);
    m_model->endEdit();
}

void ScoreLabView::resetWeights()
{
    const Scenario &s = m_model->wholeScenario();
    if (s.score.isScaledDot())
        return;
    const Index hidden = s.score.kind == ScoreFunction::Kind::Additive ? s.score.hiddenSize() : 3;
    m_model->beginEdit(tr("Seeded score weights"));
    m_model->setScoreFunction(defaultScoreFunction(s.score.kind, s.queries.cols(), s.keys.cols(), hidden));
    m_model->endEdit();
}

void ScoreLabView::paintFigure(QPainter &painter, const QRectF &rect, const QFont &font) const
{
    m_picture->paintPicture(painter, rect, font);
}

int ScoreLabView::sideBySideWidth() const
{
    // The weights as wide as they like, and the picture wide enough for its heading in a line
    // or two (between its minimum and its preferred width).
    const int pictureWidth = (m_picture->minimumSizeHint().width() + m_picture->sizeHint().width()) / 2;
    const QMargins margins = contentsMargins() + layout()->contentsMargins();
    return margins.left() + margins.right() + m_editor->sizeHint().width() + m_contentLayout->spacing() + pictureWidth;
}

void ScoreLabView::fitBoxes()
{
    // A box's own measure (AdjustToContents) takes a Chinese entry's full-width bracket from the
    // Latin font's widths, and at projector sizes the drawn "）" ran past the box's edge: each box
    // is at least as wide as its widest entry as drawn (with the fallback fonts), its frame and
    // arrow, and a character to spare.
    for (QComboBox *box : {m_kind, m_query}) {
        const QFontMetrics metrics(box->font());
        int widest = 0;
        for (int i = 0; i < box->count(); ++i)
            widest = std::max(widest, metrics.boundingRect(box->itemText(i)).width());
        QStyleOptionComboBox option;
        option.initFrom(box);
        const QSize contents(widest + metrics.horizontalAdvance(QLatin1Char('0')), metrics.height());
        box->setMinimumWidth(box->style()->sizeFromContents(QStyle::CT_ComboBox, &option, contents, box).width());
    }
}

void ScoreLabView::arrange()
{
    const bool beside = width() >= sideBySideWidth();
    const QBoxLayout::Direction direction = beside ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (m_contentLayout->direction() != direction)
        m_contentLayout->setDirection(direction);
}

void ScoreLabView::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void ScoreLabView::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::LanguageChange) {
        fitBoxes();
        arrange();
    }
}

void ScoreLabView::drawFigure(QPainter &painter, const QSizeF &size, bool) const
{
    paintFigure(painter, QRectF(QPointF(0, 0), size), font());
}

} // namespace attnlens
