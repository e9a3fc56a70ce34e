// Layering probe (never part of the app): a source in the attnlens_ui_views_charts folder that includes
// figureexporter.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "figureexporter.h"
