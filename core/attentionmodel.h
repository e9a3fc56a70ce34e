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
/// Heads: the scenario may have several heads (Scenario::moreHeads). One of them is selected,
/// and scenario() and result() are that head's, as a one-head scenario: every view shows the
/// selected head without knowing about the others. wholeScenario() is the document with every
/// head (what is saved, autosaved and kept by undo). The row setters act on the selected head;
/// the setHead... forms on any head, and every row signal says which head changed. Labels, mask
/// and temperature belong to every head; structural edits apply to every head. Selecting a head
/// emits headSelected() then scenarioReset() (every view rebuilds for the other head's
/// matrices) and changes nothing in the document. A query drag recomputes only the dragged rows
/// of the dragged head.
///
/// Edits: a view that makes several changes as one gesture (a drag, a slider stroke, a run of
/// arrow-key nudges, a mask paint stroke) brackets them with beginEdit(text) / endEdit(), or an
/// EditScope. Brackets nest; the outermost one's text names the edit, and editBegun / editEnded
/// tell whoever keeps a history (the undo recorder) where the edit starts and ends. A change
/// outside any edit stands alone. The model itself changes nothing else while an edit is open.
///
/// Gestures: an edit that a view holds open across events (a drag, a slider stroke, a typed
/// value) is a Gesture (gesture.h). Between the gesture's own steps nothing of it runs, and
/// anything else that changes the document then (another setter, another edit, an undo) ends the
/// gesture first, as an edit of its own; so does interruptGesture() (the window losing the focus,
/// a dialog opening). A gesture is never ended while one of its steps or another edit runs.
class AttentionModel : public QObject {
    Q_OBJECT

public:
    explicit AttentionModel(QObject *parent = nullptr);

    /// The selected head as a one-head scenario (the whole scenario when it has one head).
    const Scenario &scenario() const { return m_scenario.hasSeveralHeads() ? m_shown : m_scenario; }
    /// The document: every head.
    const Scenario &wholeScenario() const { return m_scenario; }

    Index headCount() const { return m_scenario.headCount(); }
    Index selectedHead() const { return m_selectedHead; }
    /// The name shown for head h: the given one or "head h+1".
    QString headName(Index head) const { return m_scenario.headLabel(head); }
    /// The selected head's name for titles and captions; empty for a one-head scenario, whose
    /// views and figures read as they always did.
    QString headTitle() const;
    /// Shows head h (0-based) in every view. Out-of-range heads are ignored.
    void selectHead(Index head);

    /// The selected head's result, or nullptr while the scenario is refused (see error()).
    const AttentionResult *result() const;
    /// Head h's result, or nullptr while the scenario is refused. A scenario computes only when
    /// every head does.
    const AttentionResult *headResult(Index head) const;
    /// [C_1 ... C_H], N_q x (H * d_v), or nullptr while the scenario is refused.
    const Matrix *concatenatedContext() const;
    /// Why the current scenario cannot be computed, if it cannot.
    const std::optional<Error> &error() const;
    bool isValid() const { return result() != nullptr; }

    /// How many times the engine ran; lets tests and benchmarks see the coalescing.
    quint64 computeCount() const { return m_computeCount; }
    /// How many head computations (whole heads or some of their rows) the engine did.
    quint64 headComputeCount() const { return m_headComputeCount; }

    /// Replaces everything, including the shapes; views rebuild on scenarioReset().
    void setScenario(const Scenario &scenario);
    /// Rows of the selected head.
    void setQueryRow(Index row, const Eigen::RowVectorXd &query);
    void setKeyRow(Index row, const Eigen::RowVectorXd &key);
    void setValueRow(Index row, const Eigen::RowVectorXd &value);
    /// Rows of head `head`.
    void setHeadQueryRow(Index head, Index row, const Eigen::RowVectorXd &query);
    void setHeadKeyRow(Index head, Index row, const Eigen::RowVectorXd &key);
    void setHeadValueRow(Index head, Index row, const Eigen::RowVectorXd &value);
    void setTemperature(double temperature);
    void setMaskCell(Index queryRow, Index keyRow, bool allowed);
    /// std::nullopt allows every key.
    void setMask(const std::optional<Mask> &allowed);

    /// The √d_k lab's sample for `settings` at d_k = keyDimension (1 to 512) replaces Q, K and V
    /// (scalelab::withSample); nothing happens when the scenario is that sample already. A
    /// scenario that is no sample yet is replaced by scalelab::defaultScenario()'s names first.
    void setScaleLab(const ScaleLabSettings &settings, Index keyDimension);

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

    /// Ends an open gesture (gesture.h) as an edit of its own when the user turns away from it:
    /// the window loses the focus, a dialog opens. Does nothing while no gesture is open, or
    /// while one of its steps or another edit runs.
    void interruptGesture();

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
    /// An empty label stands for the generated one ("query 2"). The list then holds one entry
    /// per row (the others "", their generated labels), so a file written next opens again.
    void setQueryLabel(Index row, const QString &label);
    void setKeyLabel(Index row, const QString &label);

    /// Inserts a query before `row` (row == queryCount() appends). Its mask row allows every key.
    /// An empty label gets a fresh generated one ("query 4"). The other labels are written out,
    /// so that no token's generated name shifts with its position.
    /// Refused (nothing changes) when the scenario would outgrow what a file may hold
    /// (ScenarioLimits), so that every scenario the model holds can be saved and opened again.
    std::optional<Error> insertQuery(Index row, const Eigen::RowVectorXd &query, const QString &label = {});
    /// Removes query `row` and its mask row; refused for the last query.
    std::optional<Error> removeQuery(Index row);
    /// Why removeQuery(row) would be refused, if it would.
    std::optional<Error> queryRemovalRefusal(Index row) const;

    /// Inserts a key with its value before `row` (keys and values stay paired). Its mask column
    /// allows every query.
    std::optional<Error> insertKey(Index row, const Eigen::RowVectorXd &key,
                                   const Eigen::RowVectorXd &value, const QString &label = {});
    /// Removes key `row`, its value row and its mask column; refused for the last key and when a
    /// query row would be left with no allowed key. The √d_k lab's stretched key (a row number)
    /// follows its key, here and in insertKey(); removing it leaves no key stretched.
    std::optional<Error> removeKey(Index row);
    std::optional<Error> keyRemovalRefusal(Index row) const;

    /// Changes d_k: Q and K gain zero columns or lose their trailing columns. Refused below 1
    /// and above what a file may hold (ScenarioLimits::maxColumns), as is d_v.
    std::optional<Error> setKeyDimension(Index dimension);
    /// Changes d_v: V gains zero columns or loses its trailing columns. Refused below 1.
    std::optional<Error> setValueDimension(Index dimension);

    /// The most heads a scenario may have.
    static constexpr Index kMaxHeads = 64;
    /// An empty name stands for the generated one ("head 2").
    void setHeadName(Index head, const QString &name);
    /// Inserts a head before position `head` (headCount() appends); its matrices must have the
    /// scenario's shapes. The selection stays on the head it was on. Refused past kMaxHeads.
    std::optional<Error> insertHead(Index head, const AttentionHead &inserted);
    std::optional<Error> headInsertionRefusal() const;
    /// Removes head h; refused for the only head. The selection moves to a neighbour.
    std::optional<Error> removeHead(Index head);
    std::optional<Error> headRemovalRefusal(Index head) const;

    // Q, K and V derived from tokens (core/attentionmodelderivation.cpp). While a derivation is
    // present, Q, K and V are exactly what it derives; each setter below re-derives what it
    // moves, inside an edit of its own (one undo step unless a gesture's edit is open). Editing
    // Q, K or V directly (a row, a token, a dimension, a head) detaches them from the tokens:
    // the derivation is dropped first and the edit goes ahead.

    const std::optional<Derivation> &derivation() const { return m_scenario.derivation; }
    bool isDerived() const { return m_scenario.derivation.has_value(); }
    /// Why the scenario cannot take `derivation`, if it cannot (several heads, bad shapes).
    std::optional<Error> derivationStartRefusal(const Derivation &derivation) const;
    /// Derives Q, K and V from `derivation` from now on. N_q becomes N_x and N_k becomes N_y (or
    /// N_x); labels are kept where the counts stay, otherwise they become x1, x2, ... and y1,
    /// y2, ...; a mask that no longer fits is dropped.
    std::optional<Error> startDerivation(const Derivation &derivation);
    /// Moves token `row` of X or Y: re-derives its query (X) and its key and value (Y, or X in
    /// self-attention), emitting those rows' signals only.
    void setToken(TokenStream stream, Index row, const Eigen::RowVectorXd &token);
    /// One entry of W_Q, W_K or W_V: re-derives every row of Q, K or V.
    void setProjectionEntry(Projection which, Index row, Index column, double value);
    /// A whole projection; it must have d_model rows (and W_Q, W_K the same columns).
    std::optional<Error> setProjection(Projection which, const Matrix &weights);
    /// Adds Y (defaultSecondStream(): cross-attention) or removes it (self-attention).
    void setCrossAttention(bool cross);
    /// Drops the derivation and keeps Q, K and V as they are (they become typed-in numbers).
    void detachDerivation();
    /// The score function every head uses (Scenario::score). A change of kind is followed by
    /// scenarioReset() (d_k may then mean the keys' length rather than the queries').
    void setScoreFunction(const ScoreFunction &score);
    /// Which weight of the score function setScoreWeight() sets: W, W_q, W_k or w.
    enum class ScoreWeight { General, Query, Key, Vector };
    /// One entry of one weight of the current score function (column 0 for w).
    void setScoreWeight(ScoreWeight weight, Index row, Index column, double value);

signals:
    void scenarioReset();
    /// The score function or one of its weights changed.
    void scoreFunctionChanged();
    /// A row of head `head` changed (the selected head's, unless a setHead... form was used).
    void queryChanged(int row, int head);
    void keyChanged(int row, int head);
    void valueChanged(int row, int head);
    /// Another head is shown; scenarioReset() follows.
    void headSelected(int head);
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
    void headRenamed(int head);
    void headInserted(int head);
    void headRemoved(int head);
    /// The derivation was started, changed (a token, a projection, Y) or dropped.
    void derivationChanged();
    /// The result (or the error) now reflects every change made so far.
    void resultChanged();
    /// The outermost edit opened (beginEdit) with this text.
    void editBegun(const QString &text);
    /// The outermost edit closed; `text` is its final name. Every change since editBegun
    /// belongs to it.
    void editEnded(const QString &text);

private:
    /// What is left to compute for one head.
    struct HeadWork {
        bool dirty = true;
        bool whole = true;               ///< false: only changedQueryRows moved
        std::vector<Index> changedQueryRows;
    };

    /// Every head needs computing.
    void scheduleRecompute();
    /// Head h's result needs computing (its K or V changed).
    void scheduleHeadRecompute(Index head);
    /// Like scheduleHeadRecompute(), but remembers that only this query row changed.
    void scheduleQueryRowRecompute(Index head, Index row);
    void startRecomputeTimer();
    /// Brings the selected head's one-head copy up to date after a change that is not a row.
    void refreshShown();
    /// setScenario() for a scenario with a derivation: derives Q, K and V first.
    void setDerivedScenario(const Scenario &scenario);
    /// Why a scenario of these shapes (every head alike) could not be saved and opened again
    /// (ScenarioLimits: rows, columns, the numbers of every head together), if it could not.
    std::optional<Error> fileLimitRefusal(Index queries, Index keys, Index queryColumns,
                                          Index keyColumns, Index valueColumns, Index heads) const;
    /// A direct edit of Q, K or V: drops the derivation, if any, so Q, K and V stay honest.
    void dropDerivationForDirectEdit();

    // A view's gesture (core/gesture.h, attentionmodeledit.cpp).
    friend class Gesture;
    /// Opens the gesture's edit; returns the edit's serial. Inside another edit it is a bracket
    /// of that edit, as beginEdit() would be.
    quint64 beginGesture(const QString &text);
    /// Closes the bracket opened by beginGesture(), unless the edit `serial` has ended since.
    void endGesture(quint64 serial);
    bool isEditOpen(quint64 serial) const { return m_editDepth > 0 && m_editSerial == serial; }
    void enterGestureStep() { ++m_gestureSteps; }
    void leaveGestureStep() { --m_gestureSteps; }
    /// Something other than the open gesture is about to change the document: the gesture ends
    /// first, so that its edit holds only its own changes. Called before a setter changes anything.
    void endSuspendedGesture();
    /// In derived self-attention query i and key i are one token: a label given to one is given
    /// to the other (`other` is the other list).
    void mirrorTokenLabel(Index row, const QString &label, QStringList &other);
    void ensureComputed() const;
    void publishResult();

    Scenario m_scenario;
    /// The selected head alone; used only while the scenario has several heads.
    Scenario m_shown;
    Index m_selectedHead = 0;
    QTimer m_recomputeTimer;
    mutable std::vector<AttentionResult> m_results;
    mutable std::vector<HeadWork> m_work;
    mutable std::optional<Error> m_error;
    mutable bool m_dirty = true;
    mutable Matrix m_concatenated;
    mutable bool m_concatenatedStale = true;
    mutable quint64 m_computeCount = 0;
    mutable quint64 m_headComputeCount = 0;
    int m_editDepth = 0;
    QString m_editText;
    /// Numbers the outermost edits, so that a gesture knows whether its edit is still open.
    quint64 m_editSerial = 0;
    /// The outermost open edit is a gesture's, and can be ended by something else.
    bool m_gestureOpen = false;
    /// How many of the open gesture's steps run now (it is never ended while one does).
    int m_gestureSteps = 0;
};

} // namespace attnlens
