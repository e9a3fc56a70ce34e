// Layering probe (never part of the app): a source in the attnlens_ui_views_heads folder that includes
// heatmapview.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it: the
// all-heads view shares the heatmap's image through common/, never the heatmap's folder.
#include "heatmapview.h"
