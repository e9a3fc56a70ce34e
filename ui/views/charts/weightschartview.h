#pragma once

#include "barchartview.h"

#include <QList>
#include <QRectF>
#include <QVector>

class QBarSet;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;

namespace attnlens {

/// A bar chart of the selected query's attention weights over the keys (Qt Charts).
///
/// One bar per key on a fixed 0..1 axis, each in its key's colour (keyShareColor(): the colour of
/// the key's share in the context chart too) and labelled with its weight;
/// a masked key is drawn as a pale hatched bar marked "masked" instead of a bar of height 0.
/// The key names under the bars are never cut short where they can be written in full: across,
/// across on two lines, or turned upright; only when even upright they would not fit is a name
/// shortened, with the full name as its tooltip. The bar sets are updated in place on every result or selection change and only resized when
/// the scenario is replaced. While the model refuses the scenario the chart is greyed out and
/// the refusal is written over it.
class WeightsChartView : public BarChartView {
    Q_OBJECT

public:
    WeightsChartView(AttentionModel *model, ViewState *viewState, QWidget *parent = nullptr);

    QSize minimumSizeHint() const override;
    QSize sizeHint() const override;

    /// The weights: value j is the weight of key j for the shown query (0 where masked). The bars
    /// drawn are barSets() (one per key colour); this set holds every weight for readers.
    QBarSet *weightSet() const { return m_weightSet; }
    /// The drawn bar sets: one per key while every key has a colour of its own (set j holds key
    /// j's weight at j and 0 elsewhere); past kKeyColorGroups keys one grey set of all weights,
    /// with the first keys' bars painted over in their colours (Qt Charts makes a bar item for
    /// every set and key, so a set per key would cost a long sequence thousands of bars).
    QList<QBarSet *> barSets() const { return m_groupSets; }
    /// The colour key j's bar is drawn in.
    QColor barColor(int key) const;
    /// How key j is named under its bar ("memory A", "memory\nA"), empty while not written.
    QString keyName(int key) const;
    /// The angle of the key names: 0 across, -90 upright.
    int keyNameAngle() const { return m_keyNameAngle; }
    /// The hatched "masked" bars: 1 where key j is masked for the shown query, else 0.
    QBarSet *maskedSet() const { return m_maskedSet; }
    /// The text written on bar j ("0.4011", "masked"), empty while hidden.
    QString barLabel(int key) const;
    bool isBarLabelVisible(int key) const;
    /// The rectangles (widget coordinates) of the value labels written on the bars; lets tests
    /// check that none is clipped and none overlaps another.
    QVector<QRectF> labelRects() const;

protected:
    void rebuild() override;
    void refresh() override;
    void applyFonts() override;
    /// Background, axes, grid and masked bars in the theme's colours.
    void applyTheme() override;
    void layoutForSize() override;
    void hideValueItems() override;

private:
    void showMaskedBars(bool show);
    /// Puts each key's coloured overlay over its bar, or hides it.
    void placeKeyOverlays();
    void updateTitle(bool countKeys);
    void measureTexts();
    void layoutLabels();
    /// Chooses how the key names are written for the current plot width and places them.
    void layoutKeyNames();
    void showTooltip(bool status, int key, bool onMaskedBar);

    QBarSet *m_weightSet;
    QBarSet *m_maskedSet;
    QVector<QGraphicsSimpleTextItem *> m_barLabels;
    QList<QBarSet *> m_groupSets;
    QVector<QGraphicsRectItem *> m_keyOverlays;
    QVector<QGraphicsSimpleTextItem *> m_keyNames;
    QStringList m_fullKeyNames;
    int m_keyNameAngle = 0;
    /// The plot geometry the key names were laid out for; -1 when they must be laid out again.
    int m_keyNameSignature = -1;
    bool m_keyNamesHidden = false;
    QVector<bool> m_masked;
    double m_numberWidth = 0.0;
    double m_maskedWidth = 0.0;
};

} // namespace attnlens
