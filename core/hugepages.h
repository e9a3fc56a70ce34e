#pragma once

#include <cstddef>

namespace attnlens {

/// Asks the kernel to back a large, freshly allocated buffer with 2 MiB pages (Linux's
/// transparent huge pages, `madvise(MADV_HUGEPAGE)`), before anything is written into it.
///
/// A buffer of tens of megabytes (a 35 MB scenario file read whole, the 32 MB score and weight
/// matrices of 2,048 tokens, the heatmap's 16 MB image) is otherwise filled in 4 KiB pages, one
/// page fault each; on a virtual machine a fault costs several microseconds, and at 2,048 tokens
/// the window spent more than half of its start in them. With the advice the same memory
/// arrives in 512 times fewer faults. Only whole 2 MiB-aligned stretches inside the buffer are
/// advised; buffers under 4 MiB and systems without the call are left alone, and the advice
/// changes no byte, only how pages arrive. Where the system's setting is "never" the call does
/// nothing.
void adviseHugePages(void *data, std::size_t bytes) noexcept;

/// The size from which a buffer is advised (4 MiB).
constexpr std::size_t kHugePageAdviceFrom = std::size_t(4) << 20;

} // namespace attnlens
