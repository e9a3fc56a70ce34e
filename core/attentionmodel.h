#pragma once

#include "attentionresult.h"
#include "error.h"
#include "scenario.h"

#include <QObject>
#include <QTimer>

#include <optional>
#include <vector>

namespace attnlens {

/// The one owner of the scenario that every view shows. Setters change one thing, return early
/// when nothing changes, and emit a signal named after what changed. The attention result is
/// recomputed once per event-loop turn, however many setters ran in it, and resultChanged()
/// follows. Reading result() or error() in between recomputes on the spot, so a stale result is
/// never presented as current. Every setter marks the result dirty before it emits, so a slot
/// that reads result() or error() inside a change signal already sees the new numbers.
///
/// Structural edits (renames, inserting and removing tokens, changing d_k or d_v) emit their own
/// signal first (queryInserted, keyRemoved, ...) and then scenarioReset(), because every view
/// shows labels and shapes and rebuilds on it. A refused edit returns the reason and changes
/// nothing.
///
/// Edits: a view that makes several changes as one gesture (a drag, a slider stroke, a run of
/// arrow-key nudges, a mask paint stroke) brackets them with beginEdit(text) / endEdit(), or an
/// EditScope. Brackets nest; the outermost one's text names the edit, and editBegun / editEnded
/// tell whoever keeps a history (the undo recorder) where the edit starts and ends. A change
/// outside any edit stands alone. The model itself changes nothing else while an edit is open.
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

    /// Opens an edit named `text` (the outermost open edit's text names it); edits nest.
    void beginEdit(const QString &text);
    /// Closes the innermost open edit; closing the outermost emits editEnded. Harmless when no
    /// edit is open.
    void endEdit();
    bool isEditing() const { return m_editDepth > 0; }
    /// The open outermost edit's text, empty when no edit is open.
    QString editText() const { return m_editText; }
    /// Renames the open edit once its outcome is known ("Set temperature to 0.50"). Only the
    /// outermost bracket names the edit: called inside a nested edit, it changes nothing.
    void setEditText(const QString &text);

    /// Opens an edit on construction and closes it on destruction.
    class EditScope {
    public:
        EditScope(AttentionModel *model, const QString &text);
        ~EditScope();
        EditScope(const EditScope &) = delete;
        EditScope &operator=(const EditScope &) = delete;

    private:
        AttentionModel *m_model;
    };

    // Structural edits. Each returns early when nothing changes.

    void setScenarioName(const QString &name);
    /// An empty label stands for the generated one ("query 2").
    void setQueryLabel(Index row, const QString &label);
    void setKeyLabel(Index row, const QString &label);

    /// Inserts a query before `row` (row == queryCount() appends). Its mask row allows every key.
    /// An empty label gets a fresh generated one ("query 4"). The other labels are written out,
    /// so that no token's generated name shifts with its position.
    void insertQuery(Index row, const Eigen::RowVectorXd &query, const QString &label = {});
    /// Removes query `row` and its mask row; refused for the last query.
    std::optional<Error> removeQuery(Index row);
    /// Why removeQuery(row) would be refused, if it would.
    std::optional<Error> queryRemovalRefusal(Index row) const;

    /// Inserts a key with its value before `row` (keys and values stay paired). Its mask column
    /// allows every query.
    void insertKey(Index row, const Eigen::RowVectorXd &key, const Eigen::RowVectorXd &value,
                   const QString &label = {});
    /// Removes key `row`, its value row and its mask column; refused for the last key and when a
    /// query row would be left with no allowed key.
    std::optional<Error> removeKey(Index row);
    std::optional<Error> keyRemovalRefusal(Index row) const;

    /// Changes d_k: Q and K gain zero columns or lose their trailing columns. Refused below 1.
    std::optional<Error> setKeyDimension(Index dimension);
    /// Changes d_v: V gains zero columns or loses its trailing columns. Refused below 1.
    std::optional<Error> setValueDimension(Index dimension);

signals:
    void scenarioReset();
    void queryChanged(int row);
    void keyChanged(int row);
    void valueChanged(int row);
    void temperatureChanged(double temperature);
    void maskChanged();
    /// Structural changes; each is followed by scenarioReset().
    void nameChanged(const QString &name);
    void queryLabelChanged(int row);
    void keyLabelChanged(int row);
    void queryInserted(int row);
    void queryRemoved(int row);
    void keyInserted(int row);
    void keyRemoved(int row);
    void keyDimensionChanged(int dimension);
    void valueDimensionChanged(int dimension);
    /// The result (or the error) now reflects every change made so far.
    void resultChanged();
    /// The outermost edit opened (beginEdit) with this text.
    void editBegun(const QString &text);
    /// The outermost edit closed; `text` is its final name. Every change since editBegun
    /// belongs to it.
    void editEnded(const QString &text);

private:
    void scheduleRecompute();
    /// Like scheduleRecompute(), but remembers that only this query row changed.
    void scheduleQueryRowRecompute(Index row);
    void ensureComputed() const;
    void publishResult();

    Scenario m_scenario;
    QTimer m_recomputeTimer;
    mutable AttentionResult m_result;
    mutable std::optional<Error> m_error;
    mutable bool m_dirty = true;
    mutable bool m_fullRecomputeNeeded = true;
    mutable std::vector<Index> m_changedQueryRows;
    mutable quint64 m_computeCount = 0;
    int m_editDepth = 0;
    QString m_editText;
};

} // namespace attnlens
