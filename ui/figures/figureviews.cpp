#include "figureviews.h"

#include "allheadsview.h"
#include "bottlenecklabview.h"
#include "contextchartview.h"
#include "derivationplane.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "maskgridview.h"
#include "scalelabview.h"
#include "weightschartview.h"
#include "workednumbersview.h"

namespace attnlens {

QWidget *FigureViews::widget(FigureView view) const
{
    switch (view) {
    case FigureView::Heatmap:
        return heatmap;
    case FigureView::KeySpace:
        return keySpace;
    case FigureView::Weights:
        return weights;
    case FigureView::Context:
        return context;
    case FigureView::Mask:
        return mask;
    case FigureView::Numbers:
        return numbers;
    case FigureView::Heads:
        return heads;
    case FigureView::Bottleneck:
        return bottleneck;
    case FigureView::ScaleLab:
        return scaleLab;
    case FigureView::Derivation:
        return derivation;
    case FigureView::Scores:
        return scores;
    case FigureView::Window:
        return window;
    }
    return nullptr;
}

} // namespace attnlens
