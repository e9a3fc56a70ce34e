// Layering probe (never part of the app): a source in the attnlens_ui_undo folder that includes
// keyspaceview.h. Undo knows no concrete view: the views declare their gestures to the model.
// tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "keyspaceview.h"
