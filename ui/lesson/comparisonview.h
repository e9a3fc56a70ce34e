#pragma once

#include "attentionresult.h"
#include "scenario.h"

#include <QTime>
#include <QWidget>

#include <optional>

class QBoxLayout;
class QComboBox;
class QLabel;
class QPushButton;

namespace attnlens {

class AttentionModel;
class ComparisonGrid;
class ViewState;

/// The lesson's intervention bench. Top: the current scenario before and after one controlled
/// change (the value of a chosen key set to 100 in every coordinate, or that key masked for every
/// query), weights side by side as two small heatmaps and the context numbers beside each other,
/// recomputed live as the model changes. Bottom: "Snapshot A" and "Snapshot B" capture the
/// model's result at two moments, and a difference heatmap shows B − A of the weights.
class ComparisonView : public QWidget {
    Q_OBJECT

public:
    enum class Change { ValueTo100, KeyMasked };

    ComparisonView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    void setChange(Change change);
    Change change() const;
    /// The key the intervention changes (0-based).
    void setKeyRow(int row);
    int keyRow() const;

    ComparisonGrid *beforeGrid() const { return m_before; }
    ComparisonGrid *afterGrid() const { return m_after; }
    ComparisonGrid *differenceGrid() const { return m_difference; }
    QLabel *verdictLabel() const { return m_verdict; }
    QPushButton *snapshotAButton() const { return m_snapshotAButton; }
    QPushButton *snapshotBButton() const { return m_snapshotBButton; }

    /// Captures the model's current scenario and result as snapshot A (or B). Refused scenarios
    /// are not captured; the return value says whether something was.
    bool takeSnapshotA();
    bool takeSnapshotB();
    /// "Snapshot A — 11:02:13, T = 0.5 (name)"; B also says what changed since A.
    QString snapshotALabelText() const;
    QString snapshotBLabelText() const;

    /// True while before and after sit side by side (the view is wide enough), false when stacked.
    bool isSideBySide() const;

protected:
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    struct Snapshot {
        Scenario scenario;
        AttentionResult result;
        QTime taken;
    };
    QString snapshotText(const Snapshot &snapshot, const QString &letter) const;
    void refreshSnapshotLabels();

    void rebuildKeyChoices();
    void refreshIntervention();
    void refreshDifference();
    bool takeSnapshot(std::optional<Snapshot> &slot, QLabel *label);

    AttentionModel *m_model;
    ViewState *m_viewState;
    QComboBox *m_changeBox;
    QComboBox *m_keyBox;
    QBoxLayout *m_gridLayout;
    ComparisonGrid *m_before;
    ComparisonGrid *m_after;
    QLabel *m_numbers;
    QLabel *m_verdict;
    QPushButton *m_snapshotAButton;
    QPushButton *m_snapshotBButton;
    QLabel *m_snapshotALabel;
    QLabel *m_snapshotBLabel;
    ComparisonGrid *m_difference;
    QLabel *m_differenceNumbers;
    std::optional<Snapshot> m_snapshotA;
    std::optional<Snapshot> m_snapshotB;
};

} // namespace attnlens
