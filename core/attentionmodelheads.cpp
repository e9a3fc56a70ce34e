// AttentionModel's heads: which one is shown, and adding, removing and naming them. Kept apart
// from the row and structural setters, which act on every head alike.
#include "attentionmodel.h"

#include "quotedlabel.h"
#include "scenariojson.h"
#include "textlength.h"

#include <algorithm>

namespace attnlens {

QString AttentionModel::headTitle() const
{
    return m_scenario.hasSeveralHeads() ? m_scenario.headLabel(m_selectedHead) : QString();
}

void AttentionModel::selectHead(Index head)
{
    if (head < 0 || head >= headCount() || head == m_selectedHead)
        return;
    endSuspendedGesture();
    m_selectedHead = head;
    refreshShown();
    // Every head's result is kept, so showing another one computes nothing; resultChanged
    // still follows, as after every reset, for the views that draw from it.
    startRecomputeTimer();
    emit headSelected(static_cast<int>(head));
    emit scenarioReset();
}

void AttentionModel::setHeadName(Index head, const QString &typed)
{
    Q_ASSERT(head >= 0 && head < headCount());
    const QString name = cutAtWholeCharacters(typed, ScenarioLimits::maxLabelChars);  // what a file may hold
    const QString stored = head == 0 ? m_scenario.headName : m_scenario.moreHeads[size_t(head - 1)].name;
    if (name == stored || (!name.isEmpty() && name == m_scenario.headLabel(head)))
        return;
    endSuspendedGesture();
    (head == 0 ? m_scenario.headName : m_scenario.moreHeads[size_t(head - 1)].name) = name;
    refreshShown();
    // A name changes no number: the results stay, and no head is computed again.
    startRecomputeTimer();
    emit headRenamed(static_cast<int>(head));
    emit scenarioReset();
}

std::optional<Error> AttentionModel::headInsertionRefusal() const
{
    if (headCount() >= kMaxHeads) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("This scenario already has %1 heads, the most it may have.").arg(kMaxHeads)};
    }
    const Scenario &s = m_scenario;
    return fileLimitRefusal(s.queryCount(), s.keyCount(), s.queries.cols(), s.keys.cols(),
                            s.valueDimension(), headCount() + 1);
}

std::optional<Error> AttentionModel::insertHead(Index head, const AttentionHead &inserted)
{
    Q_ASSERT(head >= 0 && head <= headCount());
    if (std::optional<Error> refusal = headInsertionRefusal())
        return refusal;
    const auto sameShape = [](const Matrix &a, const Matrix &b) {
        return a.rows() == b.rows() && a.cols() == b.cols();
    };
    if (!sameShape(inserted.queries, m_scenario.queries) || !sameShape(inserted.keys, m_scenario.keys)
        || !sameShape(inserted.values, m_scenario.values)) {
        return Error{ErrorCategory::ShapeMismatch,
                     tr("A new head needs Q %1\u00d7%2, K %3\u00d7%2 and V %3\u00d7%4, the shapes "
                        "of the other heads.")
                         .arg(m_scenario.queryCount())
                         .arg(m_scenario.keyDimension())
                         .arg(m_scenario.keyCount())
                         .arg(m_scenario.valueDimension())};
    }
    endSuspendedGesture();
    dropDerivationForDirectEdit();
    AttentionHead named = inserted;
    named.name = cutAtWholeCharacters(named.name, ScenarioLimits::maxLabelChars);
    m_scenario.insertHead(head, std::move(named));
    if (head <= m_selectedHead && headCount() > 1)
        ++m_selectedHead;
    refreshShown();
    scheduleRecompute();
    emit headInserted(static_cast<int>(head));
    emit scenarioReset();
    return std::nullopt;
}

std::optional<Error> AttentionModel::headRemovalRefusal(Index head) const
{
    Q_ASSERT(head >= 0 && head < headCount());
    if (headCount() <= 1) {
        return Error{ErrorCategory::Empty,
                     tr("%1 is the only head; a scenario needs at least one.")
                         .arg(quotedInFull(m_scenario.headLabel(head)))};
    }
    return std::nullopt;
}

std::optional<Error> AttentionModel::removeHead(Index head)
{
    if (std::optional<Error> refusal = headRemovalRefusal(head))
        return refusal;
    endSuspendedGesture();
    m_scenario.removeHead(head);
    if (head < m_selectedHead || m_selectedHead >= headCount())
        --m_selectedHead;
    m_selectedHead = std::clamp<Index>(m_selectedHead, 0, headCount() - 1);
    refreshShown();
    scheduleRecompute();
    emit headRemoved(static_cast<int>(head));
    emit scenarioReset();
    return std::nullopt;
}

} // namespace attnlens
