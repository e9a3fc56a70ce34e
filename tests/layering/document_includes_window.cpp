// Layering probe (never part of the app): a source in the attnlens_ui_document folder that includes
// mainwindow.h. tests/layering/checklayering.cmake builds it and expects the build to refuse it.
#include "mainwindow.h"
