// Layering probe (never part of the app): a source in the attnlens_ui_animation folder that
// includes mainwindow.h. Animated figures draw through FigureExporter and the FigureViews the
// window hands them; tests/layering/checklayering.cmake expects the build to refuse this.
#include "mainwindow.h"
