#pragma once

#include "figureoptions.h"

class QWidget;

namespace attnlens {

class AllHeadsView;
class BottleneckLabView;
class ContextChartView;
class DerivationPlane;
class HeatmapView;
class KeySpaceView;
class MaskGridView;
class ScaleLabView;
class WeightsChartView;
class WorkedNumbersView;

/// The live views a figure can be taken from. The window fills it in and hands it to the figure
/// code, which so never needs the window's own class; a headless export leaves it empty and
/// the figures draw fresh views of their own.
struct FigureViews {
    QWidget *window = nullptr;
    HeatmapView *heatmap = nullptr;
    KeySpaceView *keySpace = nullptr;
    WeightsChartView *weights = nullptr;
    ContextChartView *context = nullptr;
    MaskGridView *mask = nullptr;
    WorkedNumbersView *numbers = nullptr;
    AllHeadsView *heads = nullptr;
    BottleneckLabView *bottleneck = nullptr;
    ScaleLabView *scaleLab = nullptr;
    DerivationPlane *derivation = nullptr;
    QWidget *scores = nullptr;  ///< the score-function lab (ScoreLabView), when the window has one

    /// The widget that shows `view` in the window (a lab, when not set, is looked up among the
    /// window's children) (the mask view with its controls, the whole
    /// window for FigureView::Window), or null when there is none.
    QWidget *widget(FigureView view) const;
};

} // namespace attnlens
