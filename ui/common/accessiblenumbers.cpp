#include "accessiblenumbers.h"

#include "attentionmodel.h"
#include "focusring.h"
#include "numberformat.h"
#include "viewstate.h"

#include <QAccessible>
#include <QGraphicsView>
#include <QStringList>
#include <QVector>
#include <QWidget>

#include <algorithm>
#include <numeric>

namespace attnlens {

namespace {

/// The result's matrices when they have the scenario's shape.
const AttentionResult *shapedResult(const AttentionModel *model)
{
    const AttentionResult *result = model->result();
    const Scenario &scenario = model->scenario();
    if (!result || result->weights.rows() != scenario.queryCount()
        || result->weights.cols() != scenario.keyCount() || result->context.rows() != scenario.queryCount())
        return nullptr;
    return result;
}

bool isMasked(const Scenario &scenario, Index q, Index k)
{
    return scenario.allowed && q < scenario.allowed->rows() && k < scenario.allowed->cols()
        && !(*scenario.allowed)(q, k);
}

} // namespace

AccessibleNumbers::AccessibleNumbers(AttentionModel *model, ViewState *viewState, QWidget *view, Content content)
    : QObject(view)
    , m_model(model)
    , m_viewState(viewState)
    , m_view(view)
    , m_content(content)
    , m_help(view->accessibleDescription())
    , m_deferral(new OffscreenDeferral(view, {}, [this] { writeDescription(); }))
{
    setObjectName(view->objectName() + QStringLiteral("AccessibleNumbers"));
    // One Tab stop for the whole view, shown by a ring; a chart's own graphics view would
    // otherwise take the focus without showing it.
    for (QGraphicsView *inner : view->findChildren<QGraphicsView *>())
        inner->setFocusPolicy(Qt::NoFocus);
    if (!(view->focusPolicy() & Qt::TabFocus))
        view->setFocusPolicy(Qt::StrongFocus);
    new FocusRing(view);

    connect(model, &AttentionModel::resultChanged, this, &AccessibleNumbers::update);
    connect(model, &AttentionModel::scenarioReset, this, &AccessibleNumbers::update);
    connect(viewState, &ViewState::selectedQueryChanged, this, &AccessibleNumbers::update);
    // What the lesson hides until its reveal leaves the description at once, heard or not.
    connect(viewState, &ViewState::concealedAnswersChanged, this, &AccessibleNumbers::writeDescription);
    writeDescription();
}

QString AccessibleNumbers::weightsInWords(const AttentionModel *model, int queryRow, int limit)
{
    const Scenario &scenario = model->scenario();
    if (queryRow < 0 || queryRow >= scenario.queryCount())
        return QString();
    const AttentionResult *result = shapedResult(model);
    if (!result) {
        const std::optional<Error> &error = model->error();
        if (error && error->category == ErrorCategory::AllMaskedRow && error->row == queryRow)
            return tr("undefined: no allowed key");
        return tr("not computed (%1)").arg(error ? error->message : tr("no result"));
    }
    QVector<int> keys(int(scenario.keyCount()));
    std::iota(keys.begin(), keys.end(), 0);
    if (keys.size() > limit) {
        std::stable_sort(keys.begin(), keys.end(), [&](int a, int b) {
            return result->weights(queryRow, a) > result->weights(queryRow, b);
        });
        keys.resize(limit);
    }
    QStringList parts;
    for (int key : keys) {
        parts << (isMasked(scenario, queryRow, key)
                      ? tr("%1 masked").arg(scenario.keyLabel(key))
                      : tr("%1 %2").arg(scenario.keyLabel(key), formatCompact(result->weights(queryRow, key), 4)));
    }
    QString text = parts.join(QStringLiteral(", "));
    if (keys.size() < scenario.keyCount())
        text = tr("%1 and %2 lighter keys").arg(text).arg(scenario.keyCount() - keys.size());
    return text;
}

QString AccessibleNumbers::contextInWords(const AttentionModel *model, int queryRow)
{
    const AttentionResult *result = shapedResult(model);
    if (!result || queryRow < 0 || queryRow >= result->context.rows())
        return QString();
    QStringList parts;
    for (Index j = 0; j < result->context.cols(); ++j)
        parts << formatCompact(result->context(queryRow, j), 4);
    return QStringLiteral("(%1)").arg(parts.join(QStringLiteral(", ")));
}

QString AccessibleNumbers::numbersText() const
{
    const Scenario &scenario = m_model->scenario();
    if (scenario.queryCount() == 0)
        return tr("No queries.");
    const int q = std::clamp(m_viewState->selectedQuery(), 0, int(scenario.queryCount()) - 1);
    QStringList sentences;
    if (m_content != Content::Context) {
        sentences << (m_viewState->conceals(LessonQuantity::Weights)
                          ? tr("Weights of query %1: hidden until you reveal the lesson's answers.").arg(scenario.queryLabel(q))
                          : tr("Weights of query %1: %2.").arg(scenario.queryLabel(q), weightsInWords(m_model, q)));
    }
    if (m_content != Content::Weights && m_viewState->conceals(LessonQuantity::Context)) {
        sentences << tr("Context of query %1: hidden until you reveal the lesson's answers.").arg(scenario.queryLabel(q));
    } else if (m_content != Content::Weights) {
        const QString context = contextInWords(m_model, q);
        sentences << (context.isEmpty() ? tr("Context of query %1: not computed.").arg(scenario.queryLabel(q))
                                        : tr("Context of query %1: %2.").arg(scenario.queryLabel(q), context));
    }
    return sentences.join(QLatin1Char(' '));
}

void AccessibleNumbers::update()
{
    // A screen reader may ask any view at any time; without one, only what is on screen needs
    // its words now (a drag changes them on every step).
    if (QAccessible::isActive())
        writeDescription();
    else
        m_deferral->requestRefresh();
}

void AccessibleNumbers::writeDescription()
{
    m_deferral->markRefreshed();
    setDescription(m_view, numbersText() + QLatin1Char(' ') + m_help);
}

void AccessibleNumbers::setDescription(QWidget *view, const QString &description)
{
    if (description == view->accessibleDescription())
        return;
    view->setAccessibleDescription(description);
    if (QAccessible::isActive()) {
        QAccessibleEvent event(view, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

} // namespace attnlens
