#pragma once

namespace attnlens {

/// How long a message of the window's status bar stays (a note about an opened file stays
/// twice as long): long enough to read on a projector, short enough not to outlive its action.
constexpr int kStatusMessageMs = 6000;

} // namespace attnlens
