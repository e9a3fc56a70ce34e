// Layering probe (never part of the app): a source in the attnlens_ui_common folder that includes
// theme.h. tests/layering/checklayering.cmake builds it and expects it to compile (the control: the probes themselves work).
#include "theme.h"
