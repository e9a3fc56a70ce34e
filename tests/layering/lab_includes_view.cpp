// Layering probe (never part of the app): a source in the attnlens_ui_labs_scale folder that includes
// heatmapview.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it: a
// lab sees the common folder and the core only; it shows its numbers through the model, and the
// other views show its sample because it lives in the scenario.
#include "heatmapview.h"
