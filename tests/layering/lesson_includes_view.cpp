// Layering probe (never part of the app): a source in the attnlens_ui_lesson folder that includes
// heatmapview.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "heatmapview.h"
