#pragma once

#include "attentionresult.h"
#include "error.h"
#include "scenario.h"

#include <QObject>
#include <QTimer>

#include <optional>

namespace attnlens {

/// The one owner of the scenario that every view shows. Setters change one thing, return early
/// when nothing changes, and emit a signal named after what changed. The attention result is
/// recomputed once per event-loop turn, however many setters ran in it, and resultChanged()
/// follows. Reading result() or error() in between recomputes on the spot, so a stale result is
/// never presented as current.
class AttentionModel : public QObject {
    Q_OBJECT

public:
    explicit AttentionModel(QObject *parent = nullptr);

    const Scenario &scenario() const { return m_scenario; }

    /// The current result, or nullptr while the scenario is refused (see error()).
    const AttentionResult *result() const;
    /// Why the current scenario cannot be computed, if it cannot.
    const std::optional<Error> &error() const;
    bool isValid() const { return result() != nullptr; }

    /// How many times the engine ran; lets tests and benchmarks see the coalescing.
    quint64 computeCount() const { return m_computeCount; }

    /// Replaces everything, including the shapes; views rebuild on scenarioReset().
    void setScenario(const Scenario &scenario);
    void setQueryRow(Index row, const Eigen::RowVectorXd &query);
    void setKeyRow(Index row, const Eigen::RowVectorXd &key);
    void setValueRow(Index row, const Eigen::RowVectorXd &value);
    void setTemperature(double temperature);
    void setMaskCell(Index queryRow, Index keyRow, bool allowed);
    /// std::nullopt allows every key.
    void setMask(const std::optional<Mask> &allowed);

    /// True when turning this cell off would leave its query row with no allowed key.
    bool isLastAllowedKey(Index queryRow, Index keyRow) const;

signals:
    void scenarioReset();
    void queryChanged(int row);
    void keyChanged(int row);
    void valueChanged(int row);
    void temperatureChanged(double temperature);
    void maskChanged();
    /// The result (or the error) now reflects every change made so far.
    void resultChanged();

private:
    void scheduleRecompute();
    void ensureComputed() const;
    void publishResult();

    Scenario m_scenario;
    QTimer m_recomputeTimer;
    mutable AttentionResult m_result;
    mutable std::optional<Error> m_error;
    mutable bool m_dirty = true;
    mutable quint64 m_computeCount = 0;
};

} // namespace attnlens
