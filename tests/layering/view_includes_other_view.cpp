// Layering probe (never part of the app): a source in the attnlens_ui_views_mask folder that includes
// keyspaceview.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "keyspaceview.h"
