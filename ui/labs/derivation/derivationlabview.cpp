#include "derivationlabview.h"

#include "attentionmodel.h"
#include "derivationplane.h"
#include "labmaterialbar.h"
#include "theme.h"
#include "viewstate.h"

#include <QEvent>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QVBoxLayout>

namespace attnlens {

namespace {

/// Larger projections than this are shown by their shape only (the lab's are 2 x 2).
constexpr Index kMostFieldsPerSide = 8;

const char *projectionName(Projection which)
{
    return which == Projection::Query ? "W_Q" : which == Projection::Key ? "W_K" : "W_V";
}

int indexOf(Projection which)
{
    return which == Projection::Query ? 0 : which == Projection::Key ? 1 : 2;
}

constexpr Projection kProjections[] = {Projection::Query, Projection::Key, Projection::Value};

} // namespace

DerivationLabView::DerivationLabView(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
    , m_viewState(viewState)
{
    setObjectName(QStringLiteral("derivationLabView"));
    setAccessibleName(tr("Where Q, K and V come from"));
    setAccessibleDescription(
        tr("A lab: token embeddings X (and a second stream Y) in a plane and the projections W_Q, "
           "W_K and W_V. Each query is its token of X times W_Q; each key and value is its token "
           "times W_K and W_V, from Y in cross-attention and from X otherwise. Drag a token and its "
           "query, key and value move in every view."));

    m_sourceLine = new QLabel(this);
    m_sourceLine->setObjectName(QStringLiteral("derivationSourceLine"));
    m_sourceLine->setWordWrap(true);
    QFont bold = m_sourceLine->font();
    bold.setBold(true);
    m_sourceLine->setFont(bold);

    m_cross = new QCheckBox(tr("&Cross-attention: a second stream Y gives K and V"), this);
    m_cross->setObjectName(QStringLiteral("derivationCrossSwitch"));
    m_cross->setAccessibleName(tr("Cross-attention"));
    m_cross->setToolTip(tr("Off: self-attention, Q, K and V all from X. On: Q from X, K and V "
                           "from the tokens of Y."));
    connect(m_cross, &QCheckBox::toggled, this, [this](bool on) {
        if (!m_syncing)
            m_model->setCrossAttention(on);
    });

    m_plane = new DerivationPlane(model, viewState, this);

    // The projections stand in a column beside the plane, which keeps the rest of the height.
    // Three matrices of spin boxes are taller than the lab's dock on a 720-line projector: the
    // column scrolls there rather than make the window taller than the screen (the plane, which
    // is what the lab shows, keeps its whole height).
    m_matrices = new QWidget;
    m_matrices->setObjectName(QStringLiteral("derivationMatrices"));
    auto *matrices = new QVBoxLayout(m_matrices);
    matrices->setContentsMargins(0, 0, 0, 0);
    for (Projection which : kProjections) {
        const int k = indexOf(which);
        m_boxes[k] = new QGroupBox(QLatin1String(projectionName(which)), m_matrices);
        m_boxes[k]->setObjectName(QStringLiteral("derivationBox%1").arg(QLatin1String(projectionName(which))));
        m_grids[k] = new QGridLayout(m_boxes[k]);
        matrices->addWidget(m_boxes[k]);
    }
    matrices->addStretch(1);
    m_matrixScroll = new QScrollArea(this);
    m_matrixScroll->setObjectName(QStringLiteral("derivationMatrixScroll"));
    m_matrixScroll->setFrameShape(QFrame::NoFrame);
    m_matrixScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_matrixScroll->setWidgetResizable(true);
    m_matrixScroll->setWidget(m_matrices);
    m_matrices->installEventFilter(this);
    auto *middle = new QHBoxLayout;
    middle->addWidget(m_plane, 1);
    middle->addWidget(m_matrixScroll);

    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("derivationNote"));
    m_note->setWordWrap(true);
    m_note->setTextFormat(Qt::PlainText);

    m_start = new QPushButton(tr("&Derive Q, K and V from tokens"), this);
    m_start->setObjectName(QStringLiteral("derivationStart"));
    m_start->setToolTip(tr("Replace Q, K and V by four tokens in a plane times W_Q, W_K and W_V"));
    connect(m_start, &QPushButton::clicked, this, &DerivationLabView::startDerivation);
    m_detach = new QPushButton(tr("De&tach: keep Q, K and V as numbers"), this);
    m_detach->setObjectName(QStringLiteral("derivationDetach"));
    m_detach->setToolTip(tr("Stop deriving: Q, K and V keep their numbers and can be edited "
                            "directly; the tokens and projections are dropped"));
    connect(m_detach, &QPushButton::clicked, this, [this] { m_model->detachDerivation(); });
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_start);
    buttons->addWidget(m_detach);
    buttons->addStretch(1);

    m_materialBar = new LabMaterialBar(viewState, this);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 6, 6);  // as the other labs: the plane keeps the height
    layout->addWidget(m_materialBar);
    layout->addWidget(m_sourceLine);
    layout->addWidget(m_cross);
    layout->addLayout(middle, 1);
    layout->addWidget(m_note);
    layout->addLayout(buttons);

    connect(m_model, &AttentionModel::derivationChanged, this, &DerivationLabView::refresh);
    connect(m_model, &AttentionModel::scenarioReset, this, &DerivationLabView::refresh);
    refresh();
}

QDoubleSpinBox *DerivationLabView::projectionField(Projection which, int row, int column) const
{
    const int k = indexOf(which);
    if (row < 0 || column < 0 || row >= m_fieldRows[k] || column >= m_fieldColumns[k])
        return nullptr;
    return m_fields[k][size_t(row * m_fieldColumns[k] + column)];
}

void DerivationLabView::rebuildFields(Projection which)
{
    const int k = indexOf(which);
    const std::optional<Derivation> &d = m_model->derivation();
    const Matrix empty;
    const Matrix &w = d ? d->projection(which) : empty;
    const bool shown = w.rows() <= kMostFieldsPerSide && w.cols() <= kMostFieldsPerSide;
    const Index rows = shown ? w.rows() : 0;
    const Index columns = shown ? w.cols() : 0;
    if (rows != m_fieldRows[k] || columns != m_fieldColumns[k]) {
        for (QDoubleSpinBox *field : m_fields[k])
            delete field;
        m_fields[k].clear();
        m_fieldRows[k] = rows;
        m_fieldColumns[k] = columns;
        for (Index i = 0; i < rows; ++i) {
            for (Index j = 0; j < columns; ++j) {
                auto *field = new QDoubleSpinBox(m_boxes[k]);
                const QLatin1String name(projectionName(which));
                field->setObjectName(QStringLiteral("%1_%2_%3").arg(name).arg(i + 1).arg(j + 1));
                field->setRange(-100.0, 100.0);
                field->setDecimals(3);
                field->setSingleStep(0.1);
                // A value is taken on Enter, on leaving the field and on each arrow step, not on
                // every key typed (which would make "1.5" pass through 1 first).
                field->setKeyboardTracking(false);
                field->setAccessibleName(tr("%1 row %2, column %3").arg(name).arg(i + 1).arg(j + 1));
                connect(field, &QDoubleSpinBox::valueChanged, this, [this, which, i, j](double value) {
                    if (!m_syncing)
                        m_model->setProjectionEntry(which, i, j, value);
                });
                m_grids[k]->addWidget(field, int(i), int(j));
                m_fields[k].push_back(field);
            }
        }
    }
    m_boxes[k]->setTitle(d ? tr("%1 (d_model %2 \u00d7 %3)")
                                 .arg(QLatin1String(projectionName(which)))
                                 .arg(w.rows())
                                 .arg(w.cols())
                           : QString(QLatin1String(projectionName(which))));
    m_boxes[k]->setEnabled(d.has_value());
    for (Index i = 0; i < rows; ++i) {
        for (Index j = 0; j < columns; ++j) {
            QDoubleSpinBox *field = m_fields[k][size_t(i * columns + j)];
            if (!field->hasFocus() || field->value() != w(i, j))
                field->setValue(w(i, j));
        }
    }
}

void DerivationLabView::refresh()
{
    const std::optional<Derivation> &d = m_model->derivation();
    m_syncing = true;
    m_sourceLine->setText(DerivationPlane::sourceSentence(d));
    m_sourceLine->setAccessibleName(m_sourceLine->text());
    m_cross->setEnabled(d.has_value());
    m_cross->setChecked(d && d->isCross());
    for (Projection which : kProjections)
        rebuildFields(which);
    m_syncing = false;
    fitMatrixColumn();

    m_start->setVisible(!d);
    m_detach->setVisible(d.has_value());
    QString note;
    if (!d) {
        if (const std::optional<Error> refusal = m_model->derivationStartRefusal(defaultDerivation()))
            note = refusal->message;
        else
            note = tr("Start the lab to replace Q, K and V by tokens times projections; Edit > Undo "
                      "brings the typed numbers back.");
    } else {
        note = d->isCross() ? tr("Each query is its token of X times W_Q; each key and value is its "
                                 "token of Y times W_K and W_V.")
                            : tr("Each token of X gives one row of Q (times W_Q), of K (times W_K) "
                                 "and of V (times W_V).");
    }
    m_note->setText(note);
    m_start->setEnabled(!m_model->derivationStartRefusal(defaultDerivation()));
}

void DerivationLabView::fitMatrixColumn()
{
    // The column is as wide as its fields (and a scroll bar, should it need one); never squeezed.
    m_matrixScroll->setMinimumWidth(m_matrices->minimumSizeHint().width()
                                    + m_matrixScroll->verticalScrollBar()->sizeHint().width());
}

bool DerivationLabView::eventFilter(QObject *watched, QEvent *event)
{
    // Fields grow with the type (presentation mode, Ctrl+plus) after the column was fitted.
    if (watched == m_matrices && event->type() == QEvent::LayoutRequest)
        fitMatrixColumn();
    return QWidget::eventFilter(watched, event);
}

void DerivationLabView::startDerivation()
{
    if (const std::optional<Error> refusal = m_model->startDerivation(defaultDerivation()))
        m_note->setText(refusal->message);
}

QSize DerivationLabView::sizeHint() const
{
    const int line = fontMetrics().height();
    return QSize(30 * line, 34 * line);
}

} // namespace attnlens
