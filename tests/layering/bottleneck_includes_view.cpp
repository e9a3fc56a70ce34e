// Layering probe (never part of the app): a source in the attnlens_ui_labs_bottleneck folder that
// includes keyspaceview.h. tests/layering/checklayering.cmake builds it and expects the build to
// refuse it: a lab depends on common and the core only.
#include "keyspaceview.h"
