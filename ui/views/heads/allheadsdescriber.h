#pragma once

#include <QCoreApplication>
#include <QString>
#include <QVector>

namespace attnlens {

class AttentionModel;

/// Everything the all-heads overview says in words, with no widget: the readout of the hovered
/// cell in every head, the hint, the entropy band's title, the figure title, the refusal, and what
/// a screen reader hears. The texts keep the AllHeadsView translation context.
class AllHeadsDescriber {
    Q_DECLARE_TR_FUNCTIONS(attnlens::AllHeadsView)

public:
    /// A weight as the readout writes it: two decimals ("0.92").
    static QString weight(double value);
    /// "“q3” → “k1”: previous token 0.92 · subject 0.04": cell (query, key) in every head; empty
    /// while refused or outside the matrix. `byNumber`: the heads by number ("1: 0.92 · 2: 0.04"),
    /// for many heads in little room; `strongest` >= 0: only that many heads, the strongest first,
    /// and how many more there are ("12: 0.93 · 40: 0.88 · +62 more").
    static QString readout(const AttentionModel &model, int query, int key, bool byNumber = false,
                           int strongest = -1);
    /// What the readout line says while no cell is pointed at.
    static QString hint(int heads);
    /// The readout's longest likely text, to keep room for it: every head at "0.00".
    static QString widestReadout(const AttentionModel &model, bool byNumber);
    static QString entropyTitle();
    /// The title for a narrow band: "Mean entropy per head (nats)".
    static QString entropyShortTitle();
    /// The bars' full height, the entropy of weights spread evenly over every key: "ln 6 = 1.79".
    static QString entropyScale(int keys);
    /// A mean entropy over a bar: "0.42".
    static QString entropyValue(double nats);
    /// The figure's title: "All heads — two heads specialise" (the scenario's name).
    static QString figureTitle(const QString &scenarioName, int heads);
    /// Said instead of the tiles while the scenario is refused.
    static QString refusal(const AttentionModel &model);
    /// The shape, the selected head, each head's mean entropy and, when `query` >= 0, the keyboard
    /// cell's weight in every head.
    static QString description(const AttentionModel &model, const QVector<double> &entropies,
                               int focusedHead, int query, int key);
};

} // namespace attnlens
