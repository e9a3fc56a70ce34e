#include "figureviews.h"

#include "allheadsview.h"
#include "contextchartview.h"
#include "heatmapview.h"
#include "keyspaceview.h"
#include "maskgridview.h"
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
    case FigureView::Scores:
        return scores;
    case FigureView::Window:
        return window;
    }
    return nullptr;
}

} // namespace attnlens
