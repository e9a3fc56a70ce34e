// Layering probe (never part of the app): a source in the attnlens_ui_views_keyspace folder that includes
// undorecorder.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "undorecorder.h"
