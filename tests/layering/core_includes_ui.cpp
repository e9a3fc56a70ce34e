// Layering probe (never part of the app): a source in the core that includes viewstate.h, a
// header of ui/common. tests/layering/checklayering.cmake builds it and expects the build to
// refuse it: the core knows no widget.
#include "viewstate.h"
