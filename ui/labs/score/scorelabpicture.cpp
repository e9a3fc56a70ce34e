#include "scorelabpicture.h"

#include "attentionmodel.h"
#include "numberformat.h"
#include "refusaltext.h"
#include "viewstate.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace attnlens {

ScoreLabPicture::ScoreLabPicture(AttentionModel *model, ViewState *viewState, QWidget *parent)
    : QWidget(parent), m_model(model), m_viewState(viewState)
{
    setObjectName(QStringLiteral("scoreLabPicture"));
    setAccessibleName(tr("Scores of the encoder states"));
    setStatusTip(tr("Up / Down: point at an encoder state"));
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    connect(model, &AttentionModel::resultChanged, this, &ScoreLabPicture::refresh);
    connect(model, &AttentionModel::scenarioReset, this, &ScoreLabPicture::refresh);
    connect(model, &AttentionModel::scoreFunctionChanged, this, &ScoreLabPicture::refresh);
    connect(viewState, &ViewState::selectedQueryChanged, this, &ScoreLabPicture::refresh);
    connect(viewState, &ViewState::concealedAnswersChanged, this, &ScoreLabPicture::refresh);
    connect(viewState, &ViewState::hoverChanged, this, [this] { update(); });
    connect(viewState, &ViewState::themeChanged, this, [this] { update(); });
    connect(viewState, &ViewState::lineScaleChanged, this, [this] { update(); });
    refresh();
}

QSize ScoreLabPicture::sizeHint() const
{
    const int keys = int(m_model->scenario().keyCount());
    return QSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 70,
                 int(ScoreLabPainter::preferredHeight(font(), std::min(keys, 8))));
}

QSize ScoreLabPicture::minimumSizeHint() const
{
    // The heading (two lines), the column titles and w, and every encoder state (up to 8) on a
    // line of its own; an additive score, whose terms may stand above the bars, two lines each.
    // No more: the picture is what the lab is for, and a larger minimum only hides it in the
    // dock's scroll area on a 720-line screen.
    const Scenario &s = m_model->scenario();
    const int keys = int(std::min<Index>(8, s.keyCount()));
    const double line = std::max<double>(fontMetrics().height(),
                                         fontMetrics().boundingRect(QStringLiteral("解Ag_")).height());
    const bool additive = s.score.kind == ScoreFunction::Kind::Additive;
    return QSize(fontMetrics().horizontalAdvance(QLatin1Char('x')) * 30,
                 int(std::ceil(line * ((additive ? 6.0 : 4.6) + (additive ? 2.0 : 1.0) * std::max(1, keys)))));
}

ScoreLabPainter::Geometry ScoreLabPicture::paintPicture(QPainter &painter, const QRectF &rect,
                                                        const QFont &font) const
{
    ScoreLabPainter::Input input;
    input.scenario = &m_model->scenario();
    input.result = m_model->result();
    input.query = m_viewState->selectedQuery();
    input.hoveredKey = m_viewState->hoveredQuery() == m_viewState->selectedQuery() ? m_viewState->hoveredKey() : -1;
    input.theme = &m_viewState->theme();
    input.font = font;
    input.lineWidth = m_viewState->lineWidthFactor();
    input.concealScores = m_viewState->conceals(LessonQuantity::Scores);
    input.concealWeights = m_viewState->conceals(LessonQuantity::Weights);
    if (!input.result && m_model->error())
        input.refusal = refusalText(m_model->scenario(), *m_model->error(), input.query);
    return ScoreLabPainter::paint(painter, rect, input);
}

void ScoreLabPicture::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    m_geometry = paintPicture(painter, QRectF(rect()), font());
    if (hasFocus()) {
        painter.setPen(QPen(palette().highlight().color(), 2));
        painter.drawRect(QRectF(rect()).adjusted(1, 1, -1, -1));
    }
}

void ScoreLabPicture::mouseMoveEvent(QMouseEvent *event)
{
    for (size_t j = 0; j < m_geometry.rows.size(); ++j) {
        if (m_geometry.rows[j].contains(event->position())) {
            m_viewState->setHover(m_viewState->selectedQuery(), int(j));
            return;
        }
    }
    m_viewState->setHover(-1, -1);
}

void ScoreLabPicture::leaveEvent(QEvent *event)
{
    m_viewState->setHover(-1, -1);
    QWidget::leaveEvent(event);
}

void ScoreLabPicture::keyPressEvent(QKeyEvent *event)
{
    const int keys = int(m_model->scenario().keyCount());
    if ((event->key() == Qt::Key_Up || event->key() == Qt::Key_Down) && keys > 0) {
        int key = m_viewState->hoveredQuery() == m_viewState->selectedQuery() ? m_viewState->hoveredKey() : -1;
        key = event->key() == Qt::Key_Down ? std::min(keys - 1, key + 1) : std::max(0, key - 1);
        m_viewState->setHover(m_viewState->selectedQuery(), key);
        updateAccessibleDescription();
        event->accept();
        return;
    }
    QWidget::keyPressEvent(event);
}

void ScoreLabPicture::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        updateGeometry();
    else if (event->type() == QEvent::LanguageChange)
        refresh();
    QWidget::changeEvent(event);
}

void ScoreLabPicture::refresh()
{
    updateAccessibleDescription();
    updateGeometry();
    update();
}

void ScoreLabPicture::updateAccessibleDescription()
{
    const Scenario &s = m_model->scenario();
    if (s.queryCount() == 0 || s.keyCount() == 0) {
        setAccessibleDescription(tr("No queries or no keys to score."));
        return;
    }
    const int query = std::clamp(m_viewState->selectedQuery(), 0, int(s.queryCount()) - 1);
    QStringList lines{ScoreLabPainter::headingText(s, query),
                      ScoreLabPainter::formulaText(s)};
    const QString note = ScoreLabPainter::dimensionNote(s);
    if (!note.isEmpty())
        lines << note;
    const AttentionResult *r = m_model->result();
    if (r && query < r->scores.rows()) {
        // What a lesson step asks for is read out as "?" until the reveal, as it is drawn.
        const bool scores = !m_viewState->conceals(LessonQuantity::Scores);
        const bool weights = !m_viewState->conceals(LessonQuantity::Weights);
        for (Index j = 0; j < s.keyCount(); ++j) {
            lines << tr("%1: score %2, weight %3")
                         .arg(s.keyLabel(j), scores ? formatCompact(r->scores(query, j), 4) : QStringLiteral("?"),
                              weights ? formatCompact(r->weights(query, j), 4) : QStringLiteral("?"));
        }
    } else if (m_model->error()) {
        lines << refusalText(s, *m_model->error(), query);
    }
    setAccessibleDescription(lines.join(QLatin1Char('\n')));
}

} // namespace attnlens
